"""What the view shows of battles: the shields each ship has left this turn and who hit whom (issue 4;
tng:R27, R30, R34, R50, R54). The keys are listed in RULINGS.md, "View keys for the page"."""

from __future__ import annotations

import pytest

from games.tng.engine.content import card

from .helpers import RULES, build, cmd, kinds, player, run


def hit(seat: int | None = None, card_: str | None = None, target: int | None = None,
        target_card: str | None = None, **rest: object) -> dict:
    return {"seat": seat, "card": card_, "target": target, "target_card": target_card, **rest}


@pytest.mark.rules("tng:R34", "tng:R27")
def test_a_fight_shows_the_shields_left_and_who_hit_whom_to_every_seat() -> None:
    """The Galor (Attack 5, Speed 3, Shields 2) fires first at the USS Renown (Attack 2, Shields 1, Defense 6)."""
    state = build(turn=0, space=["galor", "hood"])
    assert [RULES.view(state, None)["players"][s]["shields_left"] for s in (0, 1)] == [1, 1]
    state, _ = run(state, cmd(0, "explore"))
    galor = state["stage"]["card"]
    state, events = run(state, cmd(0, "fight"))
    assert [k for k in kinds(events) if k in ("enemy_fired", "enemy_hit")] == ["enemy_fired", "enemy_hit"]
    fired = next(e for e in events if e.kind == "enemy_fired")
    assert fired.visible_to is None and fired.data == {"card": galor, "target": 0, "amount": 5}
    for seat in (None, 0, 1):
        view = RULES.view(state, seat)
        assert [p["shields_left"] for p in view["players"]] == [0, 1]
        assert view["battles"] == [{
            "kind": "ship", "card": galor, "round": 1, "seat": 0, "over": True, "enemy_defeated": False, "hits": [
                hit(card_=galor, target=0, amount=5, absorbed=1, taken=4, defeated=False),
                hit(seat=0, target_card=galor, amount=2, absorbed=2, taken=0, defeated=False)]}]
    assert player(state, 0)["damage"] == 4
    state, _ = run(state, cmd(0, "end_turn"))
    view = RULES.view(state, 1)
    assert [p["shields_left"] for p in view["players"]] == [1, 1]  # a new turn: full shields
    assert view["battles"][0]["seat"] == 0  # the last turn's battle stays on show until another one
    state, _ = run(state, cmd(1, "explore"), cmd(1, "fight"))
    assert [(b["seat"], card(b["card"]).id) for b in RULES.view(state, 0)["battles"]] == [(1, "hood")]


@pytest.mark.rules("tng:R30", "tng:R34")
def test_a_battle_between_players_shows_each_target_chosen_and_each_hit() -> None:
    """Three USS Renown (Attack 2, Speed 2, Shields 1, Defense 6), each with 5 damage: equal Speeds, so the
    three assignments are chosen clockwise and land together; player 1's hit lands although player 0's
    defeats it, player 2's is lost on the defeated ship."""
    state = build(players=3, turn=0, space=["war_cardassian"], damage={0: 5, 1: 5, 2: 5})
    state, _ = run(state, cmd(0, "explore"))
    war_card = state["stage"]["card"]
    assert RULES.view(state, 2)["battles"] == [
        {"kind": "war", "card": war_card, "round": 1, "seat": 0, "hits": [], "over": False}]
    state, _ = run(state, cmd(0, "pass"), cmd(1, "pass"), cmd(2, "pass"))
    state, events = run(state, cmd(0, "target", target=1))
    assert [(e.data["seat"], e.data["target"]) for e in events if e.kind == "target_chosen"] == [(0, 1)]
    assert RULES.view(state, 2)["stage"]["hits"] == [[0, 1]] == RULES.view(state, None)["stage"]["hits"]
    state, _ = run(state, cmd(1, "target", target=0))
    state, events = run(state, cmd(2, "target", target=1))
    assert [(e.data["seat"], e.data["target"], e.data["amount"]) for e in events if e.kind == "ship_fired"] == [
        (0, 1, 2), (1, 0, 2)]
    battle = RULES.view(state, None)["battles"][-1]
    assert battle["over"] and battle["winner"] == 2 and battle["defeated"] == [1, 0]
    assert battle["hits"] == [hit(seat=0, target=1, amount=2, absorbed=1, taken=1, defeated=True),
                              hit(seat=1, target=0, amount=2, absorbed=1, taken=1, defeated=True)]
    assert RULES.view(state, 2)["players"][2]["shields_left"] == 1
    assert state["turn"]["seat"] == 1  # player 0 was defeated on their own turn: the battle is still shown


@pytest.mark.rules("tng:R50", "tng:R54")
def test_a_cube_battle_shows_its_strike_the_players_fire_and_the_damage_allocated() -> None:
    state = build(scenario="borg", options={"starting_ships": "assigned"}, first=0, hands={0: ["borg_card"]},
                  space=["borg_cube_1"])
    state, events = run(state, auto=True)
    cube = state["stage"]["card"]
    strike = next(e for e in events if e.kind == "enemy_fired")
    assert strike.data == {"card": cube, "target": 0, "amount": 2}
    battle = RULES.view(state, 1)["battles"][0]
    assert battle["kind"] == "cube" and battle["hits"] == [
        hit(card_=cube, target=0, amount=2, absorbed=1, taken=1, defeated=False)]
    assert [p["shields_left"] for p in RULES.view(state, 1)["players"]] == [0, 2]
    state, _ = run(state, cmd(0, "ready"), cmd(1, "ready"))
    while state["stage"] is not None and state["stage"]["kind"] == "allocate":
        state, _ = run(state, cmd(0, "assign_damage", target=1))
    battle = RULES.view(state, 0)["battles"][0]
    assert battle["over"]
    fire = [h for h in battle["hits"] if h["target_card"] == cube]
    cube_shields = card(cube).stat("shields") + 1  # +1: one Borg card revealed
    assert {h["seat"] for h in fire} == {0, 1}
    assert sum(h["taken"] for h in fire) == max(0, sum(h["amount"] for h in fire) - cube_shields)
    taken = [h for h in battle["hits"][1:] if h["card"] == cube]
    assert taken and all(h["target"] in (0, 1) for h in taken)
