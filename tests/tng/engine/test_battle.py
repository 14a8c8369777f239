"""Battles: against Space Deck ships (tng:R25-R28, R36), between players (R29-R33), damage (R34-R37)."""

from __future__ import annotations

import pytest

from games.engine.core import Rng
from games.tng.engine import war
from games.tng.engine.content import card
from games.tng.engine.mechanics import hit
from games.tng.engine.state import Ctx

from .helpers import RULES, build, cmd, inst, legal, player, refused, run


def ids(cards: list[str]) -> list[str]:
    return sorted(card(c).id for c in cards)


def encounter(space: str, hand: list[str], **kw: object) -> dict:
    state = build(turn=0, space=[space], hands={0: hand}, **kw)  # type: ignore[arg-type]
    state, _ = run(state, cmd(0, "explore"))
    for cid in hand:
        if card(inst(state, 0, cid)).type in ("character", "maneuver"):
            state, _ = run(state, cmd(0, "play", card=inst(state, 0, cid)))
    return state


@pytest.mark.rules("tng:R25")
def test_in_battle_characters_and_maneuvers_add_their_status_bars_but_setups_are_refused() -> None:
    state = build(turn=0, space=["hood"], hands={0: ["full_impulse", "worf", "holodeck_training"]})
    state, _ = run(state, cmd(0, "explore"))
    refused(state, cmd(0, "play", card=inst(state, 0, "holodeck_training")), "setup_not_in_battle")
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "full_impulse")),)
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "worf")))
    st = RULES.view(state, 0)["players"][0]["ship"]["stats"]
    assert (st["speed"], st["attack"], st["defense"]) == (4, 5, 7)


@pytest.mark.rules("tng:R26")
def test_diplomacy_needs_speed_and_diplomacy_at_least_the_ships() -> None:
    """Digest scenario 19 (Romulan Scout: Speed 6, Diplomacy 3)."""
    state = encounter("romulan_scout", ["full_impulse", "full_impulse", "duty_officer"])
    assert ("diplomacy", {"keep": "points"}) in legal(state, 0)
    state, _ = run(state, cmd(0, "diplomacy", keep="points"))
    assert ids(player(state, 0)["points"]) == ["romulan_scout"]
    state = encounter("romulan_scout", ["full_impulse", "evasive_pattern", "duty_officer"])
    refused(state, cmd(0, "diplomacy", keep="points"), "diplomacy_fails")
    assert ("diplomacy", {"keep": "points"}) not in legal(state, 0)


@pytest.mark.rules("tng:R26", "tng:R38")
def test_diplomacy_can_make_the_new_ship_yours_and_the_old_one_scores() -> None:
    """Digest scenario 20; RULINGS B7: the new ship starts undamaged."""
    state = encounter("romulan_scout", ["full_impulse", "full_impulse", "duty_officer"], damage={0: 3})
    old = player(state, 0)["ship"]
    state, _ = run(state, cmd(0, "diplomacy", keep="ship"))
    p = player(state, 0)
    assert card(p["ship"]).id == "romulan_scout" and p["points"] == [old] and p["damage"] == 0
    assert RULES.view(state, 0)["players"][0]["mp"] == card(old).mp


@pytest.mark.rules("tng:R27", "tng:R28")
def test_the_faster_ship_fires_first_and_a_destroyed_ship_does_not_fire_back() -> None:
    # Pakled Freighter: Attack 1, Speed 1, Defense 4. Renown + Attack Pattern Omega: Attack 4, Speed 2.
    state = encounter("pakled_freighter", ["attack_pattern_omega"])
    state, _ = run(state, cmd(0, "fight"))
    assert player(state, 0)["damage"] == 0 and player(state, 0)["shield_used"] == 0
    assert ids(player(state, 0)["points"]) == ["pakled_freighter"]


@pytest.mark.rules("tng:R27", "tng:R34")
def test_the_slower_player_is_hit_first_and_fires_only_if_it_survives() -> None:
    # Bird-of-Prey: Attack 4, Speed 5, Defense 6. The Renown has Defense 6, Shields 1, damage 2.
    state = encounter("bird_of_prey", ["photon_spread", "attack_pattern_omega"], damage={0: 2})
    state, _ = run(state, cmd(0, "fight"))
    assert player(state, 0)["damage"] == 5 and ids(player(state, 0)["points"]) == ["bird_of_prey"]
    state = encounter("bird_of_prey", ["photon_spread", "attack_pattern_omega"], damage={0: 3})
    state, events = run(state, cmd(0, "fight"))
    assert "ship_defeated" in [e.kind for e in events] and "enemy_defeated" not in [e.kind for e in events]


@pytest.mark.rules("tng:R27")
def test_equal_speed_fires_at_once_and_both_may_be_defeated() -> None:
    """Digest scenario 22 (Hood: Attack 3, Speed 3, Defense 7, Shields 1)."""
    state = encounter("hood", ["evasive_pattern", "photon_spread", "attack_pattern_omega", "duty_officer"],
                      damage={0: 5})
    state, events = run(state, cmd(0, "fight"))
    kinds = [e.kind for e in events]
    assert "enemy_defeated" in kinds and "ship_defeated" in kinds
    assert ids(player(state, 0)["points"]) == ["hood"]


@pytest.mark.rules("tng:R28", "tng:R36")
def test_a_surviving_ship_goes_under_the_space_deck_cleared_and_the_player_keeps_damage() -> None:
    """Digest scenario 23 (Galor: Attack 5, Speed 3, Defense 8, Shields 2)."""
    state = encounter("galor", ["photon_spread"])
    state, events = run(state, cmd(0, "fight"))
    assert card(state["space"]["deck"][0]).id == "galor"
    assert player(state, 0)["damage"] == 4 and player(state, 0)["points"] == []
    assert any(e.kind == "enemy_escaped" and e.data["damage"] == 3 for e in events)
    assert state["stage"] is None and state["turn"]["seat"] == 0  # R33: the turn goes on


@pytest.mark.rules("tng:R36")
def test_a_defeated_space_ship_goes_to_the_points_area() -> None:
    state = encounter("romulan_scout", ["photon_spread"])
    state, _ = run(state, cmd(0, "fight"))
    assert ids(player(state, 0)["points"]) == ["romulan_scout"]


@pytest.mark.rules("tng:R34")
def test_shields_stop_the_first_damage_of_the_turn_only() -> None:
    state = build(turn=0)
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    hit(ctx, 0, 2, "test")
    assert player(state, 0)["damage"] == 1 and player(state, 0)["shield_used"] == 1
    hit(ctx, 0, 2, "test")
    assert player(state, 0)["damage"] == 3
    state, _ = run(state, cmd(0, "end_turn"))
    assert player(state, 0)["shield_used"] == 0


@pytest.mark.rules("tng:R35")
def test_a_ship_is_defeated_when_damage_reaches_its_defense() -> None:
    """Digest scenario 25."""
    state = build(turn=1, ships={0: "pakled_freighter"}, damage={0: 2})
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    assert hit(ctx, 0, 1, "test") is False and player(state, 0)["damage"] == 3
    assert hit(ctx, 0, 1, "test") is True


@pytest.mark.rules("tng:R37", "tng:R33")
def test_defeat_on_your_turn_gives_an_ensign_reshuffles_draws_five_and_ends_the_turn() -> None:
    """Digest scenario 26."""
    state = encounter("bird_of_prey", ["worf"], damage={0: 5})
    p = player(state, 0)
    total = len(p["deck"]) + len(p["hand"]) + len(p["discard"]) + len(p["played"])
    state, events = run(state, cmd(0, "fight"))
    p = player(state, 0)
    assert p["damage"] == 0 and p["played"] == [] and p["discard"] == []
    assert len(p["hand"]) == 5 and len(p["deck"]) + 5 == total + 1
    assert "ensign" in [card(c).id for c in p["deck"] + p["hand"]]
    assert state["turn"]["seat"] == 1
    assert [e.kind for e in events].count("cards_drawn") == 1  # no second end-of-turn draw (B13)


# --- battles between players ---------------------------------------------------------------------

def war_state(players: int = 3, **kw: object) -> dict:
    state = build(players=players, turn=0, space=["war_cardassian"], **kw)  # type: ignore[arg-type]
    state, _ = run(state, cmd(0, "explore"))
    return state


@pytest.mark.rules("tng:R29")
def test_the_battle_loop_goes_clockwise_until_everyone_passes_in_succession() -> None:
    state = war_state(hands={1: ["worf"]})
    assert RULES.pending(state)[0].seats == frozenset({0})
    state, _ = run(state, cmd(0, "pass"))
    assert RULES.pending(state)[0].seats == frozenset({1})
    refused(state, cmd(0, "pass"), "not_your_turn")
    state, _ = run(state, cmd(1, "play", card=inst(state, 1, "worf")), cmd(2, "pass"), cmd(0, "pass"))
    assert state["stage"]["kind"] == "war"  # player 1 has not passed since playing
    state, _ = run(state, cmd(1, "pass"))
    assert state["stage"] is None or state["stage"]["kind"] == "war_fire"


@pytest.mark.rules("tng:R25", "tng:R29")
def test_in_the_battle_loop_one_card_per_step_and_no_setups() -> None:
    state = war_state(hands={0: ["worf", "holodeck_training"]})
    refused(state, cmd(0, "play", card=inst(state, 0, "holodeck_training")), "setup_not_in_battle")
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "worf")))
    assert RULES.pending(state)[0].seats == frozenset({1})


@pytest.mark.rules("tng:R30")
def test_ships_fire_in_speed_order_and_a_defeated_ship_deals_no_damage() -> None:
    # 2 players: seat 1 (Bird-of-Prey, Speed 5, Attack 4) fires first and defeats seat 0 (damage 5 of 6).
    state = war_state(players=2, ships={1: "bird_of_prey"}, damage={0: 5})
    state, events = run(state, cmd(0, "pass"), cmd(1, "pass"))
    fired = [e.data["seat"] for e in events if e.kind == "ship_fired"]
    assert fired == [1]
    assert player(state, 1)["damage"] == 0


@pytest.mark.rules("tng:R30")
def test_equal_speed_ships_fire_at_once_after_assigning_clockwise() -> None:
    state = war_state(players=3, damage={0: 5, 1: 5, 2: 5})
    state, _ = run(state, cmd(0, "pass"), cmd(1, "pass"), cmd(2, "pass"))
    assert state["stage"]["kind"] == "war_fire" and RULES.pending(state)[0].seats == frozenset({0})
    state, _ = run(state, cmd(0, "target", target=1))
    assert RULES.pending(state)[0].seats == frozenset({1})
    state, _ = run(state, cmd(1, "target", target=0))
    state, events = run(state, cmd(2, "target", target=1))
    defeated = [e.data["seat"] for e in events if e.kind == "ship_defeated"]
    assert defeated == [1, 0]  # both hits landed although 0 was defeated in the same step


@pytest.mark.rules("tng:R31")
def test_war_goes_to_the_best_undefeated_ship_attack_then_speed() -> None:
    """Digest scenario 28 (Galor: Attack 5, Speed 3; Sutherland: Attack 5, Speed 4)."""
    state = war_state(players=2, ships={0: "galor", 1: "sutherland"})
    state, _ = run(state, cmd(0, "pass"), cmd(1, "pass"))
    assert ids(player(state, 1)["points"]) == ["war_cardassian"]


@pytest.mark.rules("tng:R31")
def test_war_full_tie_goes_to_the_player_closest_clockwise_to_the_active_one() -> None:
    state = build(players=3, turn=0, ships={1: "excelsior", 2: "hood"})
    state["players"][2]["boost"] = {"attack": 1, "speed": 1}
    stage = {"order": [0, 1, 2], "defeated": []}
    assert war.war_winner(state, stage) == 1
    state["players"][0]["boost"] = {"attack": 2, "speed": 2, "diplomacy": 2}  # the active player ties too
    assert war.war_winner(state, stage) == 0


@pytest.mark.rules("tng:R31")
def test_a_defeated_ship_cannot_win_the_war() -> None:
    """Digest scenario 29."""
    state = build(players=3, turn=0, ships={1: "dderidex", 2: "hood"})
    assert war.war_winner(state, {"order": [0, 1, 2], "defeated": [1]}) == 2
    assert war.war_winner(state, {"order": [0, 1, 2], "defeated": [0, 1, 2]}) is None


@pytest.mark.rules("tng:R32")
def test_after_the_battle_the_others_discard_their_played_cards_and_draw_as_many() -> None:
    state = war_state(players=2, hands={0: ["worf"], 1: ["riker", "tasha_yar"]})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "worf")))
    state, _ = run(state, cmd(1, "play", card=inst(state, 1, "riker")))
    state, _ = run(state, cmd(0, "pass"), cmd(1, "pass"))
    p0, p1 = player(state, 0), player(state, 1)
    assert ids(p0["played"]) == ["worf"]  # the active player keeps them until the end of the turn
    assert p1["played"] == [] and ids(p1["discard"]) == ["riker"] and len(p1["hand"]) == 2


@pytest.mark.rules("tng:R37")
def test_defeat_off_turn_reshuffles_but_the_active_turn_goes_on() -> None:
    state = war_state(players=2, ships={0: "dderidex"}, damage={1: 5})
    state, _ = run(state, cmd(0, "pass"), cmd(1, "pass"))
    p1 = player(state, 1)
    assert p1["damage"] == 0 and "ensign" in [card(c).id for c in p1["deck"] + p1["hand"]]
    assert len(p1["hand"]) == 5 and state["turn"]["seat"] == 0 and state["stage"] is None


@pytest.mark.rules("tng:R27")
def test_a_ship_one_point_slower_is_hit_first_and_destroyed_before_firing() -> None:
    # Hood: Attack 3, Speed 3, Defense 7, Shields 1; the Renown (Speed 2, damage 4, Shields 1) would deal 7.
    state = encounter("hood", ["photon_spread", "attack_pattern_omega", "duty_officer"], damage={0: 4})
    state, events = run(state, cmd(0, "fight"))
    kinds = [e.kind for e in events]
    assert "ship_defeated" in kinds and "enemy_defeated" not in kinds
    assert card(state["space"]["deck"][0]).id == "hood"


@pytest.mark.rules("tng:R31")
def test_war_speed_is_compared_before_diplomacy() -> None:
    state = build(players=2, turn=0, ships={0: "excelsior", 1: "bird_of_prey"})
    assert war.war_winner(state, {"order": [0, 1], "defeated": []}) == 1


@pytest.mark.rules("tng:R30")
def test_in_an_equal_speed_group_a_hit_on_a_ship_already_defeated_is_lost_and_the_later_hits_still_land() -> None:
    state = war_state(players=4, damage={0: 5, 1: 5, 2: 5, 3: 5})
    state, _ = run(state, *(cmd(x, "pass") for x in range(4)))
    state, events = run(state, cmd(0, "target", target=1), cmd(1, "target", target=0), cmd(2, "target", target=1),
                        cmd(3, "target", target=2))
    assert [e.data["seat"] for e in events if e.kind == "ship_defeated"] == [1, 0, 2]
    assert [(e.data["seat"], e.data["target"]) for e in events if e.kind == "ship_fired"] == [(0, 1), (1, 0), (3, 2)]
    assert ids(player(state, 3)["points"]) == ["war_cardassian"]  # the only ship left wins the War (R31)


@pytest.mark.rules("tng:R31")
def test_a_war_that_leaves_no_ship_undefeated_goes_under_the_space_deck() -> None:
    """RULINGS B15: equal Speeds fire at once, both ships are defeated, nobody wins the card."""
    state = war_state(players=2, damage={0: 5, 1: 5})
    war_card = state["stage"]["card"]
    state, events = run(state, cmd(0, "pass"), cmd(1, "pass"))
    assert [e.data["seat"] for e in events if e.kind == "ship_defeated"] == [1, 0]  # clockwise from the active
    assert state["space"]["deck"][0] == war_card and war_card not in state["space"]["revealed"]
    assert all(war_card not in p["points"] for p in state["players"])
    assert next(e for e in events if e.kind == "war_ended").data == {"card": war_card, "winner": None,
                                                                     "defeated": [1, 0]}


@pytest.mark.rules("tng:R29", "tng:R30")
def test_the_war_loop_offers_characters_and_maneuvers_and_counts_each_players_cards() -> None:
    state = war_state(players=2, hands={0: ["evasive_pattern", "worf", "stellar_cartography"]})
    plays = sorted(card(a["card"]).id for k, a in legal(state, 0) if k == "play")
    assert plays == ["evasive_pattern", "worf"]  # not the setup (R25)
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "evasive_pattern")))
    assert state["stage"]["played"] == {"0": 1, "1": 0}
    state, _ = run(state, cmd(1, "pass"), cmd(0, "play", card=inst(state, 0, "worf")))
    assert state["stage"]["played"] == {"0": 2, "1": 0}


@pytest.mark.rules("tng:R30")
def test_when_one_opponent_is_left_each_ship_of_a_speed_group_fires_at_it_without_asking() -> None:
    """The Bird-of-Prey (Speed 5) defeats player 0 first; in the Speed 2 group player 0 no longer fires and
    player 1 has a single target left: no decision, the War is fought to its end."""
    state = war_state(players=3, ships={2: "bird_of_prey"}, damage={0: 5})
    state, _ = run(state, cmd(0, "pass"), cmd(1, "pass"), cmd(2, "pass"))
    assert RULES.pending(state)[0].seats == frozenset({2})
    state, events = run(state, cmd(2, "target", target=0))
    assert [(e.data["seat"], e.data["target"]) for e in events if e.kind == "target_chosen"] == [(2, 0), (1, 2)]
    assert state["stage"] is None and [(e.data["seat"], e.data["target"]) for e in events
                                       if e.kind == "ship_fired"] == [(2, 0), (1, 2)]


@pytest.mark.rules("tng:R33", "tng:R37")
@pytest.mark.parametrize("kind", ["ship", "event", "mission_bottom"])
def test_a_stage_still_open_when_the_active_ship_is_defeated_is_abandoned_under_the_space_deck(kind: str) -> None:
    """RULINGS B13: whatever defeated the active player's ship, a stage of their own still open is abandoned:
    its card goes under the Space Deck and the turn ends (the hand drawn at the defeat is kept)."""
    from games.tng.engine.turns import close_after_defeat

    space = {"ship": ["romulan_scout"], "event": ["ion_storm"], "mission_bottom": ["chart_nebula"]}[kind]
    state = build(turn=0, space=space, missions=["survey_neutral_zone", "peace_talks"])
    state, _ = run(state, cmd(0, "explore"))
    assert state["stage"]["kind"] == kind
    waiting, hand = state["stage"]["card"], list(player(state, 0)["hand"])
    state["turn"]["defeated"] = True
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    close_after_defeat(ctx)
    assert state["stage"] is None and state["space"]["deck"][0] == waiting and waiting not in state["space"]["revealed"]
    assert state["turn"]["seat"] == 1 and player(state, 0)["hand"] == hand
    assert [e.kind for e in ctx.events][:1] == ["turn_ended"] and ctx.events[0].data == {"seat": 0, "defeated": True}


@pytest.mark.rules("tng:R34", "tng:R26")
def test_a_ship_won_by_diplomacy_and_taken_as_your_own_has_its_full_shields_for_the_rest_of_the_turn() -> None:
    """R34: Shields stop the first X damage *the ship* receives during the turn. The Renown's one Shield was
    spent on the Distress Call (2 damage, 1 absorbed); the Sheliak colony ship taken by diplomacy (R26) has
    received nothing this turn, so its Shield stops the first damage of the Ion Storm that follows."""
    state = build(turn=0, space=["distress_call", "sheliak_colony", "ion_storm"], hands={0: ["spock"]},
                  turn_set={"explores": 3})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "resolve_event"))
    assert (player(state, 0)["damage"], player(state, 0)["shield_used"]) == (1, 1)
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "spock")),
                   cmd(0, "diplomacy", keep="ship"))
    assert card(player(state, 0)["ship"]).id == "sheliak_colony"
    assert RULES.view(state, 0)["players"][0]["shields_left"] == 1
    state, _ = run(state, cmd(0, "explore"), cmd(0, "resolve_event"))  # Ion Storm fails: 3 damage
    assert player(state, 0)["damage"] == 2
