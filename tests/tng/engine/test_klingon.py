"""The Klingon Civil War scenario (tng:R56-R62)."""

from __future__ import annotations

import pytest

from games.tng.engine.content import card

from .helpers import RULES, build, cmd, inst, legal, player, refused, run, space_inst


def kl(**kw: object) -> dict:
    kw.setdefault("scenario", "klingon")
    kw.setdefault("options", {"starting_ships": "assigned"})
    return build(**kw)  # type: ignore[arg-type]


@pytest.mark.rules("tng:R59")
def test_an_allied_ship_is_won_with_speed_and_attack_or_attack_and_diplomacy() -> None:
    """Digest scenario 46 (Bortas: Attack 5, Speed 4, Diplomacy 4; Sutherland: Attack 5, Speed 4, Diplomacy 3)."""
    state = kl(turn=0, ships={0: "sutherland"}, space=["ally_bortas"])
    state, _ = run(state, cmd(0, "explore"))
    a = space_inst(state, "ally_bortas")
    assert ("ally", {"card": a}) in legal(state, 0)
    state, _ = run(state, cmd(0, "ally", card=a))
    assert player(state, 0)["points"] == [a]


@pytest.mark.rules("tng:R59")
def test_an_allied_ship_not_won_goes_under_the_space_deck_at_the_end_of_the_turn() -> None:
    # Excelsior + Diplomatic Overture + Troi: Attack 4, Diplomacy 9: the Attack is short.
    state = kl(turn=0, ships={0: "excelsior"}, space=["ally_bortas"], hands={0: ["diplomatic_overture", "troi"]})
    state, _ = run(state, cmd(0, "explore"))
    for cid in ("diplomatic_overture", "troi"):
        state, _ = run(state, cmd(0, "play", card=inst(state, 0, cid)))
    a = space_inst(state, "ally_bortas")
    refused(state, cmd(0, "ally", card=a), "ally_requirements_unmet")
    assert a in state["space"]["revealed"]
    state, _ = run(state, cmd(0, "end_turn"))
    assert state["space"]["deck"][0] == a and a not in state["space"]["revealed"]


@pytest.mark.rules("tng:R59")
def test_allied_ships_cannot_be_won_by_battle() -> None:
    """Digest scenario 47."""
    state = kl(turn=0, space=["ally_vorn"])
    state, _ = run(state, cmd(0, "explore"))
    refused(state, cmd(0, "fight"), "allied_ship_not_fought")
    assert "fight" not in [k for k, _ in legal(state, 0)]


@pytest.mark.rules("tng:R59")
def test_allied_ships_give_their_bonus_in_battles() -> None:
    state = kl(turn=0, points={0: ["ally_bortas"]}, space=["hood"])
    base = RULES.view(state, 0)["players"][0]["ship"]["stats"]["attack"]
    state, _ = run(state, cmd(0, "explore"))
    assert RULES.view(state, 0)["players"][0]["ship"]["stats"]["attack"] == base + 1


@pytest.mark.rules("tng:R60")
def test_one_influence_card_at_a_time_except_the_romulan_one() -> None:
    state = kl(turn=0, influence={0: ["influence_house_of_duras"]},
               space=["influence_romulan", "influence_high_council"])
    atk = RULES.view(state, 0)["players"][0]["ship"]["stats"]["attack"]
    state, _ = run(state, cmd(0, "explore"))
    assert sorted(card(c).id for c in player(state, 0)["influence"]) == ["influence_house_of_duras",
                                                                         "influence_romulan"]
    assert RULES.view(state, 0)["players"][0]["ship"]["stats"]["attack"] == atk + 1
    state["turn"]["explores"] = 1
    state, _ = run(state, cmd(0, "explore"))
    assert RULES.pending(state)[0].prompt == "choose_influence"
    new = space_inst(state, "influence_high_council")
    state, _ = run(state, cmd(0, "keep_influence", card=new))
    assert sorted(card(c).id for c in player(state, 0)["influence"]) == ["influence_high_council",
                                                                         "influence_romulan"]
    assert card(state["space"]["deck"][0]).id == "influence_house_of_duras"


@pytest.mark.rules("tng:R60")
def test_the_federation_blockade_punishes_influence_holders() -> None:
    state = kl(players=4, turn=0, influence={1: ["influence_house_of_mogh"]}, space=["federation_blockade"])
    state, _ = run(state, cmd(0, "explore"))
    assert player(state, 1)["influence"] == [] and player(state, 1)["damage"] == 1  # 2 minus Shields 1
    assert player(state, 2)["damage"] == 0 and card(state["space"]["deck"][0]).id == "influence_house_of_mogh"


@pytest.mark.rules("tng:R61", "tng:R57")
def test_in_a_team_battle_damage_only_goes_to_opponents() -> None:
    """Digest scenario 49."""
    state = kl(players=4, turn=0, space=["war_civil"])
    state, _ = run(state, cmd(0, "explore"), cmd(0, "pass"), cmd(1, "pass"), cmd(2, "pass"), cmd(3, "pass"))
    assert state["stage"]["kind"] == "war_fire"
    seat = next(iter(RULES.pending(state)[0].seats))
    mate = (seat + 2) % 4
    assert sorted(a["target"] for k, a in legal(state, seat)) == sorted({0, 1, 2, 3} - {seat, mate})
    refused(state, cmd(seat, "target", target=mate), "bad_target")


@pytest.mark.rules("tng:R58")
def test_meeting_the_arbiter_wins_for_the_team() -> None:
    """Digest scenario 50."""
    state = kl(players=4, turn=2, points={0: ["ally_vorn", "ally_buruk"], 2: ["ally_gorkon"]},
               space=["arbiter"], hands={2: ["photon_spread"]})
    state, _ = run(state, cmd(2, "explore"), cmd(2, "play", card=inst(state, 2, "photon_spread")))
    state, _ = run(state, cmd(2, "resolve_event"))
    result = RULES.result(state)
    assert result is not None and result.reason == "arbiter_satisfied" and result.winners == frozenset({0, 2})
    assert result.teams == [[0, 2], [1, 3]] and result.ranking[0] == [0, 2]


@pytest.mark.rules("tng:R58")
def test_a_failed_arbiter_returns_under_the_space_deck() -> None:
    state = kl(players=4, turn=1, space=["arbiter"])
    state, _ = run(state, cmd(1, "explore"), cmd(1, "resolve_event"))
    assert RULES.result(state) is None and card(state["space"]["deck"][0]).id == "arbiter"


@pytest.mark.rules("tng:R57", "tng:R56")
def test_players_take_individual_turns_and_the_400_points_do_not_win() -> None:
    state = kl(players=4, turn=0, first=0, points={0: ["enterprise_d", "dderidex", "yamato", "vorcha",
                                                      "excelsior", "sutherland", "ferengi_marauder", "hood"]},
               space=["romulan_scout"], hands={0: ["photon_spread", "attack_pattern_omega"]})
    state, _ = run(state, cmd(0, "explore"), cmd(0, "play", card=inst(state, 0, "photon_spread")),
                   cmd(0, "play", card=inst(state, 0, "attack_pattern_omega")), cmd(0, "fight"))
    assert RULES.result(state) is None
    state, _ = run(state, cmd(0, "end_turn"))
    assert RULES.pending(state)[0].seats == frozenset({1})


@pytest.mark.rules("tng:R56", "tng:R41")
def test_the_klingon_starting_ship_effect_helps_yourself_or_your_teammate() -> None:
    state = kl(players=4, turn=0, damage={0: 1, 2: 3})
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [0, 2]
    state, _ = run(state, cmd(0, "ship_ability", target=2))  # IKS Negh'Tar: repair 2
    assert player(state, 2)["damage"] == 1
    refused(state, cmd(0, "ship_ability", target=2), "ability_used")


@pytest.mark.rules("tng:R62")
@pytest.mark.parametrize("players", [2, 3])
def test_klingon_one_against_one_or_three_alone_wins_alone(players: int) -> None:
    state = kl(players=players, turn=1, points={1: ["ally_vorn", "ally_buruk", "ally_gorkon"]},
               space=["arbiter"], hands={1: ["photon_spread"]})
    assert all(p["team"] is None for p in state["players"])
    state, _ = run(state, cmd(1, "explore"), cmd(1, "play", card=inst(state, 1, "photon_spread")),
                   cmd(1, "resolve_event"))
    result = RULES.result(state)
    assert result.winners == frozenset({1}) and result.teams == []


@pytest.mark.rules("tng:R56", "tng:R41")
def test_a_starting_ship_effect_is_offered_only_where_it_would_do_something() -> None:
    """Issue 4: IKS Negh'Tar repairs 2: not offered for an undamaged ship (and refused); IKS Qaw gives 1 XP:
    only to the active player, who can spend it (a teammate's XP would be lost before their turn)."""
    state = kl(players=4, turn=0, damage={2: 3})
    assert player(state, 0)["ability"] == "kl_negh_tar"
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [2]
    refused(state, cmd(0, "ship_ability", target=0), "ability_no_effect")
    state["players"][2]["damage"] = 0
    assert not [a for k, a in legal(state, 0) if k == "ship_ability"]
    state["players"][0]["ability"] = "kl_qaw"
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [0]
    refused(state, cmd(0, "ship_ability", target=2), "ability_no_effect")
    state, _ = run(state, cmd(0, "ship_ability", target=0))
    assert player(state, 0)["xp"] == 1
    state["players"][0]["ability"], state["players"][0]["ability_used"] = "kl_pagh", False  # draw 1
    state["players"][2]["deck"], state["players"][2]["discard"] = [], []
    state["removed"] += state["players"][2]["hand"]
    state["players"][2]["hand"] = []
    assert [a["target"] for k, a in legal(state, 0) if k == "ship_ability"] == [0]


def _abilities(state: dict, seat: int) -> list[int]:
    return [a["target"] for k, a in legal(state, seat) if k == "ship_ability"]


@pytest.mark.rules("tng:R29", "tng:R56", "tng:R41")
def test_in_a_war_each_go_may_be_the_starting_ship_effect_and_players_off_turn_use_theirs() -> None:
    """Issue 11 item 17: R29 "each participating player may play 1 card/effect or pass": a Klingon starting
    ship's effect is one go of the War loop, for the player whose go it is (off turn too), and it restarts
    the passes like a card."""
    state = kl(players=4, turn=0, space=["war_civil"], damage={0: 2})
    ships = [player(state, x)["ability"] for x in range(4)]
    assert ships == ["kl_negh_tar", "kl_pagh", "kl_qaw", "kl_ning_tao"]  # repair 2, draw 1, 1 XP, +1 Attack
    state, _ = run(state, cmd(0, "explore"))
    assert state["stage"]["kind"] == "war"
    assert _abilities(state, 0) == [0]  # the active player's own go: repair its damaged ship
    state, _ = run(state, cmd(0, "pass"))
    refused(state, cmd(0, "ship_ability", target=0), "not_your_turn")  # not its go any more
    assert _abilities(state, 1) == [1, 3]  # Bob's go, off turn: draw 1 for himself or his teammate
    hand = len(player(state, 1)["hand"])
    state, events = run(state, cmd(1, "ship_ability", target=1))
    assert len(player(state, 1)["hand"]) == hand + 1 and player(state, 1)["ability_used"]
    assert ("ability_used", 1) in [(e.kind, e.data.get("seat")) for e in events]
    assert state["stage"]["kind"] == "war" and state["stage"]["passes"] == 0 and state["stage"]["idx"] == 2
    # Carol's IKS Qaw: 1 XP only for whoever can spend it, her teammate on turn (not herself off turn)
    assert _abilities(state, 2) == [0]
    refused(state, cmd(2, "ship_ability", target=2), "ability_no_effect")
    state, _ = run(state, cmd(2, "ship_ability", target=0))
    assert player(state, 0)["xp"] == 1
    attack = RULES.view(state, 3)["players"][3]["ship"]["stats"]["attack"]
    state, _ = run(state, cmd(3, "ship_ability", target=3))  # +1 Attack for this War
    assert RULES.view(state, 3)["players"][3]["ship"]["stats"]["attack"] == attack + 1
    # the effect restarted the passes: every participant must pass again, in succession
    state, _ = run(state, cmd(0, "ship_ability", target=0), cmd(1, "pass"), cmd(2, "pass"), cmd(3, "pass"))
    assert player(state, 0)["damage"] == 0 and state["stage"]["kind"] == "war"
    assert _abilities(state, 1) == []  # once per turn: Bob used his
    err = refused(state, cmd(0, "ship_ability", target=0), "ability_used")  # Alice's go again: hers is used
    assert err.rule == "tng:R41"
    state, _ = run(state, cmd(0, "pass"))  # the fourth pass in succession: the ships fire
    assert state["stage"] is None or state["stage"]["kind"] != "war"


@pytest.mark.rules("tng:R29", "tng:R41")
def test_a_used_starting_ship_effect_is_refused_in_the_war_loop_with_its_rule() -> None:
    state = kl(players=2, turn=0, space=["war_civil"], damage={0: 2})
    state, _ = run(state, cmd(0, "ship_ability", target=0), cmd(0, "explore"))
    assert state["stage"]["kind"] == "war" and _abilities(state, 0) == []
    err = refused(state, cmd(0, "ship_ability", target=0), "ability_used")
    assert (err.rule, dict(err.params)) == ("tng:R41", {})
    state, _ = run(state, cmd(0, "pass"))
    err = refused(state, cmd(1, "ship_ability", target=0), "bad_target")  # it helps your side only (R56)
    assert (err.rule, dict(err.params)) == ("tng:R56", {"target": 0})
    err = refused(state, cmd(1, "ship_ability", target="0"), "bad_argument")
    assert dict(err.params) == {"argument": "target"}


@pytest.mark.rules("tng:R56", "tng:R18")
def test_a_boost_from_a_starting_ship_effect_ends_with_the_turn_for_whoever_got_it() -> None:
    """IKS Ning'Tao: +1 Attack until the end of this turn (R18.3: the turn's effects end), also for the
    teammate who received it."""
    state = kl(players=4, turn=0)
    state["players"][0]["ability"] = "kl_ning_tao"
    attack = RULES.view(state, 0)["players"][2]["ship"]["stats"]["attack"]
    state, _ = run(state, cmd(0, "ship_ability", target=2))
    assert RULES.view(state, 0)["players"][2]["ship"]["stats"]["attack"] == attack + 1
    state, _ = run(state, cmd(0, "end_turn"))
    assert all(p["boost"] == {} for p in state["players"])
    assert RULES.view(state, 0)["players"][2]["ship"]["stats"]["attack"] == attack


@pytest.mark.rules("tng:R60")
def test_keeping_the_influence_card_already_held_sends_the_new_one_under_the_space_deck() -> None:
    state = kl(turn=0, influence={0: ["influence_house_of_duras"]}, space=["influence_high_council"])
    held = player(state, 0)["influence"][0]
    state, _ = run(state, cmd(0, "explore"))
    new = state["stage"]["card"]
    assert state["stage"]["held"] == held
    state, events = run(state, cmd(0, "keep_influence", card=held))
    assert player(state, 0)["influence"] == [held] and state["space"]["deck"][0] == new
    assert new not in state["space"]["revealed"] and state["stage"] is None
    assert [(e.kind, e.data.get("card")) for e in events] == [("influence_taken", held), ("card_to_bottom", new)]
