"""The decisions of RULINGS.md on the digest's ambiguities B1-B30 (and the table options)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from games.engine.core import IllegalCommand, Rng
from games.tng.engine.content import CONTENT, card
from games.tng.engine.mechanics import gain_ensign
from games.tng.engine.state import Ctx

from .helpers import RULES, build, cmd, inst, legal, player, refused, run, setup


def test_b1_starting_deck_and_basic_ship() -> None:
    p = player(setup(2), 0)
    assert Counter(card(c).id for c in p["deck"] + p["hand"]) == {
        "crewman": 5, "duty_officer": 2, "evasive_pattern": 2, "stellar_cartography": 1}
    assert card(p["ship"]).status == {"attack": 2, "speed": 2, "diplomacy": 2, "defense": 6, "shields": 1}


def test_b4_one_search_and_one_exploration_per_turn() -> None:
    state = setup(2)
    assert state["turn"]["searches"] == 1 and state["turn"]["explores"] == 1


def test_b5_mission_cost_option_free() -> None:
    state = build(turn=0, options={"mission_cost": "free"}, missions=["science_survey"], hands={0: ["full_impulse"]},
                  turn_set={"explores": 0})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "full_impulse")),
                   cmd(0, "complete_mission", card=state["space"]["missions"][0]))
    assert len(player(state, 0)["points"]) == 1


def test_b7_damage_does_not_affect_diplomacy_and_the_new_ship_is_undamaged() -> None:
    state = build(turn=0, space=["pakled_freighter"], damage={0: 5})
    state, _ = run(state, cmd(0, "explore"))
    state, _ = run(state, cmd(0, "diplomacy", keep="ship"))
    assert player(state, 0)["damage"] == 0


def test_b8_a_ship_defeated_in_combat_only_scores_and_one_of_the_two_must_be_chosen() -> None:
    state = build(turn=0, space=["pakled_freighter"], hands={0: ["attack_pattern_omega"]})
    state, _ = run(state, cmd(0, "explore"))
    assert {k for k, _ in legal(state, 0)} == {"play", "diplomacy", "fight"}
    refused(state, cmd(0, "end_turn"), "not_now")
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "attack_pattern_omega")), cmd(0, "fight"))
    assert card(player(state, 0)["ship"]).id == "uss_renown"


def test_b9_shields_are_a_budget_for_the_whole_turn_and_enemy_shields_reset_each_battle() -> None:
    state = build(turn=0, space=["galor"], hands={0: ["photon_spread"]})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "photon_spread")), cmd(0, "fight"))
    assert player(state, 0)["shield_used"] == 1
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    from games.tng.engine.mechanics import hit

    hit(ctx, 0, 1, "test")
    assert player(state, 0)["damage"] == 5  # no shield left this turn


def test_b12_option_refill_hand_after_a_battle() -> None:
    state = build(players=2, turn=0, options={"battle_draw": "refill_hand"}, space=["war_cardassian"],
                  hands={1: ["riker", "worf", "crewman"]})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "pass"), cmd(1, "play", card=inst(state, 1, "riker")),
                   cmd(0, "pass"), cmd(1, "pass"))
    assert len(player(state, 1)["hand"]) == 5


def test_b17_two_to_four_players_in_every_scenario() -> None:
    for scenario in ("exploration", "borg_invasion", "klingon_civil_war"):
        for n in (1, 5):
            with pytest.raises(IllegalCommand):
                RULES.validate_options(n, {"scenario": scenario})
        RULES.validate_options(2, {"scenario": scenario})


def test_b18_ensign_supply_and_its_discard_back_to_the_supply() -> None:
    state = build(turn=0, hands={0: ["ensign"]})
    e = inst(state, 0, "ensign")
    state, _ = run(state, cmd(0, "discard", card=e))
    assert e in state["starbase"]["ensigns"]
    state["starbase"]["ensigns"] = []
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    gain_ensign(ctx, 0)
    assert [ev.kind for ev in ctx.events] == ["ensign_supply_empty"]
    assert CONTENT.ensign.effects == () and CONTENT.ensign.status == {}


def test_b19_an_undefeated_cube_goes_under_the_deck_and_borg_goals_scale_with_captains() -> None:
    state = build(scenario="borg", space=["borg_tactical_cube"], first=0)
    state, _ = run(state, auto=True)
    state, _ = run(state, cmd(0, "ready"), cmd(1, "ready"))
    while state["stage"] is not None and state["stage"]["kind"] == "allocate":
        seat = next(iter(RULES.pending(state)[0].seats))
        state, _ = run(state, RULES.legal_commands(state, seat)[0])
    assert card(state["space"]["deck"][0]).id == "borg_tactical_cube"
    from games.tng.engine.borg import group_goal

    assert group_goal(build(scenario="borg", players=3), {"attack": 6}) == {"attack": 18}


def test_b20_player_explorations_do_nothing_in_the_borg_game_but_forced_ones_happen() -> None:
    state = build(scenario="borg", space=["hive_mind_signal", "starfleet_reinforcements"])
    state, _ = run(state, auto=True)
    assert player(state, 0)["xp"] == 2  # the forced second exploration resolved too
    state = build(scenario="borg", group_set={"step": "actions"}, hands={0: ["long_range_sensors"]})
    state, _ = run(state, cmd(0, "play", card=inst(state, 0, "long_range_sensors")))
    assert state["group"]["step"] == "actions" and state["group"]["forced"] == 0


def test_b26_an_empty_space_deck_refuses_exploration_and_loses_the_borg_game() -> None:
    state = build(turn=0, space_exact=[])
    refused(state, cmd(0, "explore"), "space_deck_empty")
    borg = build(scenario="borg", space_exact=[])
    borg, _ = run(borg, auto=True)
    assert RULES.result(borg).reason == "space_deck_exhausted" and RULES.result(borg).winners == frozenset()


def test_b27_search_slots_stay_empty_when_no_starbase_card_is_left() -> None:
    state = build(turn=0, xp={0: 20})
    state["removed"] += state["starbase"]["deck"]
    state["starbase"]["deck"] = []
    state, _ = run(state, cmd(0, "search", slot=0))
    assert state["starbase"]["search"][0] is not None  # the discard became a new deck (R5)
    state["removed"] += state["starbase"]["discard"] + state["starbase"]["deck"]
    state["starbase"]["discard"], state["starbase"]["deck"] = [], []
    state, _ = run(state, cmd(0, "buy", slot=1))
    assert state["starbase"]["search"][1] is None
    assert ("buy", {"slot": 1}) not in legal(state, 0)


def test_b28_flip_effects_apply_on_reveal() -> None:
    state = build(scenario="borg", space=["locutus"], damage={0: 0})
    state, events = run(state, auto=True)
    assert [e.data["seat"] for e in events if e.kind == "ship_damaged"] == [0, 1]


FLIP_XP = ({"verb": "xp", "amount": 2},)


def _with_flip(monkeypatch: pytest.MonkeyPatch, cid: str, flip: tuple[dict[str, object], ...] = FLIP_XP) -> None:
    """A test-only card: ``cid`` as in the data, with a Flip (no such card in the data today)."""
    monkeypatch.setitem(CONTENT.cards, cid, dataclasses.replace(CONTENT.cards[cid], flip=flip))


@pytest.mark.rules("tng:R24", "tng:R59", "tng:R60")
@pytest.mark.parametrize(("scenario", "cid", "prompt"), [("exploration", "hood", "ship_encounter"),
                                                         ("klingon", "ally_bortas", "action_phase"),
                                                         ("klingon", "influence_high_council", "action_phase")])
def test_b28_the_flip_of_a_ship_an_allied_ship_or_an_influence_card_applies_when_it_is_drawn(
        monkeypatch: pytest.MonkeyPatch, scenario: str, cid: str, prompt: str) -> None:
    """Field I of the card layout, "effects applied when the card is drawn", is on every card: a Space Deck
    card of any type has its Flip applied when it is revealed (RULINGS B28), then is resolved as usual."""
    _with_flip(monkeypatch, cid)
    state = build(scenario=scenario, turn=0, space=[cid], options={"starting_ships": "assigned"})
    state, events = run(state, cmd(0, "explore"))
    gained = [e.data for e in events if e.kind == "xp_gained"]
    assert [(g["seat"], g["amount"], card(g["source"]).id) for g in gained] == [(0, 2, cid)]
    assert player(state, 0)["xp"] == 2 and RULES.pending(state)[0].prompt == prompt


@pytest.mark.rules("tng:R46", "tng:R48")
def test_b28_the_flip_of_a_fleeing_ship_applies_when_the_group_draws_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Borg Invasion: a non-Borg ship drawn by the group has its Flip applied (for every player here), then stays
    face up for Diplomacy (R46.1.3, R48)."""
    _with_flip(monkeypatch, "hood", ({"verb": "xp", "amount": 2, "all": True},))
    state = build(scenario="borg", space=["hood"], options={"starting_ships": "assigned"}, first=0)
    state, _ = run(state, auto=True)
    assert [player(state, s)["xp"] for s in (0, 1)] == [2, 2]
    assert [card(c).id for c in state["space"]["revealed"]] == ["hood"] and state["group"]["step"] == "actions"


def test_b30_maneuver_uniqueness_only_in_cube_battles() -> None:
    state = build(players=2, turn=0, space=["war_cardassian"], hands={0: ["full_impulse"], 1: ["full_impulse"]})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "full_impulse")))
    state, _ = run(state, cmd(1, "play", card=inst(state, 1, "full_impulse")))
    assert len(player(state, 1)["played"]) == 1


def test_copies_in_hand_give_one_command_each_card() -> None:
    state = build(turn=0, hands={0: ["crewman", "crewman", "crewman"]})
    assert [a for k, a in legal(state, 0) if k == "play"] == [{"card": inst(state, 0, "crewman")}]


def test_b9_option_shields_per_battle() -> None:
    state = build(turn=0, options={"shields": "battle"}, space=["galor"], hands={0: ["photon_spread"]})
    state["players"][0]["shield_used"] = 1  # spent earlier this turn
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "photon_spread")), cmd(0, "fight"))
    assert player(state, 0)["damage"] == 4  # the Galor's 5 minus a fresh Shield 1


@pytest.mark.rules("tng:R16")
def test_b20_an_exploration_effect_counts_only_for_the_player_exploring_and_is_offered_only_there() -> None:
    """An ``explore`` effect gives the active player explorations: it does nothing for a player off turn, nor
    in the Borg group turn (RULINGS B20, only ``explore_now`` forces one), so it is not judged to matter there
    (``effect_matters``, which decides what is offered)."""
    from games.tng.engine.mechanics import apply_effects, effect_matters

    e, now = {"verb": "explore", "amount": 1}, {"verb": "explore_now", "amount": 1}
    state = build(turn=0)
    assert effect_matters(state, 0, e) and effect_matters(state, 0, now)
    assert not effect_matters(state, 1, e) and not effect_matters(state, 1, now)
    assert not effect_matters(state, 0, {"verb": "explore", "amount": 0})
    ctx = Ctx(state=state, rng=Rng.from_seed(0))
    apply_effects(ctx, 1, [e, now], "test")
    assert state["turn"]["explores"] == 1 and ctx.events == []
    apply_effects(ctx, 0, [e], "test")
    assert state["turn"]["explores"] == 2 and [ev.kind for ev in ctx.events] == ["explorations_gained"]
    apply_effects(ctx, 0, [now], "test")  # outside the Borg group turn a forced exploration is one more
    assert state["turn"]["explores"] == 3
    borg = build(scenario="borg", group_set={"step": "actions"})
    assert not effect_matters(borg, 0, e) and effect_matters(borg, 0, now)
    ctx = Ctx(state=borg, rng=Rng.from_seed(0))
    apply_effects(ctx, 0, [e], "test")
    assert borg["group"]["forced"] == 0 and ctx.events == []
    apply_effects(ctx, 0, [now], "test")
    assert borg["group"]["forced"] == 1
