"""What each seat sees (bsg:R401, 6.1) and the revealed Cylon's turn so far (R232, R261, R262, R502)."""

from __future__ import annotations

import pytest

from games.bsg.engine.content import SKILLS
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import skill_of
from games.engine.core import IllegalCommand
from tests.bsg.engine.helpers import BASE_5, act, start_game, to_step
from tests.support.engine import strings


@pytest.mark.rules("bsg:R401")
def test_a_seat_sees_its_own_hand_and_loyalty_and_only_counts_of_the_others() -> None:
    state = start_game(5, BASE_5)
    for seat in range(5):
        view = RULES.view(state, seat)
        seen = strings(view)
        for p in state["players"]:
            entry = view["players"][p["seat"]]
            assert entry["hand_count"] == len(p["hand"]) and entry["loyalty_count"] == len(p["loyalty"])
            if p["seat"] == seat:
                assert entry["hand"] == sorted(p["hand"]) and entry["loyalty"] == sorted(p["loyalty"])
            else:
                assert "hand" not in entry and "loyalty" not in entry
                assert not set(p["hand"]) & seen and not set(p["loyalty"]) & seen
        assert not set(state["decks"]["destiny"]) & seen and not set(state["decks"]["loyalty"]) & seen
        assert not set(state["decks"]["crisis"]) - set(state["decks"]["crisis_discard"]) & seen
        assert view["decks"]["loyalty"] == len(state["decks"]["loyalty"])
    spectator = strings(RULES.view(state, None))
    for p in state["players"]:
        assert not set(p["hand"]) & spectator and not set(p["loyalty"]) & spectator


@pytest.mark.rules("bsg:R401", "bsg:R805", "bsg:R800")
def test_a_pegasus_table_keeps_the_agenda_and_the_damage_pile_secret() -> None:
    state = start_game(5, ["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol", "caprica_six"],
                       options={"pegasus": True, "cylon_leader": True})
    leader = next(p for p in state["players"] if p.get("leader"))
    agenda = leader["agenda"]
    pile = set(state["decks"]["pegasus_damage"])
    unused = {c for d in state["decks"]["agendas"].values() for c in d}
    for seat in [None, *range(5)]:
        view = RULES.view(state, seat)
        seen = strings(view)
        assert (agenda in seen) == (seat == leader["seat"])
        assert view["players"][leader["seat"]]["leader"] is True
        assert not pile & seen and not unused & seen
        assert view["pegasus"] == {"damage": [], "destroyed": False, "pile": len(pile)}
    zones = {z.name: z for z in RULES.zones(state)}
    assert zones[f"agenda:{leader['seat']}"].visibility == "owner"
    assert zones["pegasus_damage"].visibility == "hidden"
    assert zones["agendas:sympathetic"].visibility == "hidden"


@pytest.mark.rules("bsg:R401")
def test_zones_show_hands_and_loyalty_to_their_owner_only() -> None:
    state = start_game(4, BASE_5[:4])
    zones = {z.name: z for z in RULES.zones(state)}
    for p in state["players"]:
        hand, loyalty = zones[f"hand:{p['seat']}"], zones[f"loyalty:{p['seat']}"]
        assert sorted(hand.cards) == sorted(p["hand"]) and sorted(loyalty.cards) == sorted(p["loyalty"])
        for seat in [None, *range(4)]:
            assert hand.visible_to(seat) == (seat == p["seat"])
            assert loyalty.visible_to(seat) == (seat == p["seat"])
    hidden = ("destiny", "loyalty", "loyalty_box", "crisis", "destination", "civilians", *(f"skill:{s}" for s in SKILLS))
    for name in hidden:
        assert zones[name].visibility == "hidden"


@pytest.mark.rules("bsg:R261", "bsg:R262", "bsg:R232", "bsg:R265", "bsg:R212")
def test_a_revealed_cylons_turn_has_no_crisis() -> None:
    state = start_game(5, BASE_5)
    seat = state["current"]
    state["players"][seat]["cylon"] = True
    state["players"][seat]["location"] = "resurrection_ship"
    picks = [c.args["picks"] for c in RULES.legal_commands(state, seat)]
    assert len(picks) == 15 and ["politics", "engineering"] in picks  # 2 cards of any types
    before = len(state["players"][seat]["hand"])
    state = act(state, seat, "receive_skills", picks=["piloting", "piloting"])
    assert len(state["players"][seat]["hand"]) == before + 2
    assert sorted(skill_of(c) for c in state["players"][seat]["hand"][-2:]) == ["piloting", "piloting"]
    targets = {c.args["location"] for c in RULES.legal_commands(state, seat) if c.kind == "move"}
    assert targets == {"caprica", "cylon_fleet", "human_fleet"}  # Cylon locations only, no discard
    with pytest.raises(IllegalCommand):
        act(state, seat, "move", location="command")
    state = act(state, seat, "move", location="caprica")
    crises = len(state["decks"]["crisis"])
    state = act(state, seat, "pass_action")
    assert state["current"] == (seat + 1) % 5 and len(state["decks"]["crisis"]) == crises


@pytest.mark.rules("bsg:R502", "bsg:R503")
def test_a_revealed_cylon_puts_at_most_one_card_into_a_check() -> None:
    state = to_step(start_game(5, BASE_5), "crisis")
    state["decks"]["crisis"].append("security_breach")
    state = act(state, state["current"], "draw_crisis")
    first = state["check"]["order"][0]
    state["players"][first]["cylon"] = True
    state = act(state, first, "contribute", card=state["players"][first]["hand"][0])
    assert [c.kind for c in RULES.legal_commands(state, first)] == ["finish_contributing"]
    with pytest.raises(IllegalCommand) as info:
        act(state, first, "contribute", card=state["players"][first]["hand"][0])
    assert info.value.code == "contribution_limit_reached"


@pytest.mark.rules("bsg:R162", "bsg:R614")
def test_a_basestars_damage_tokens_lie_face_up_for_every_seat() -> None:
    """R162 (L707-L715): a drawn basestar damage token is placed on the basestar and acts while it stays
    there (Hangar Disabled, Weapons Disabled, Structural Damage +2, Critical Hit 2): every seat and a spectator
    see which tokens each basestar holds, not only how many (RULINGS G212)."""
    state = start_game(5, BASE_5)
    area = next(a for a, w in state["space"].items() if w["basestar"])
    state["space"][area]["basestar"][0]["damage"] = ["bs_structural_damage", "bs_weapons_disabled"]
    for seat in (0, 3, None):
        view = RULES.view(state, seat)
        assert view["space"][area]["basestar_damage"] == [["bs_structural_damage", "bs_weapons_disabled"]]
        assert view["space"][area]["basestars"] == [2]
