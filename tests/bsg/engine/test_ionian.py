"""Exodus's Ionian Nebula objective (bsg:R930-R985; RULINGS G150-G179): setup, trauma, allies, the Crossroads
phase and the Trial, and random games that go through the phase, its secrets kept after every command."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from games.bsg.engine import cylon_fleet, ionian, trauma
from games.bsg.engine.commands import auto_command
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, Ctx, is_cylon
from games.engine.core import AUTO_SEAT, Command, IllegalCommand, Rng
from games.engine.core.testing import play_random
from tests.bsg.engine.helpers import BASE_5, act, start_game, to_step
from tests.proof.test_rerandomise import check_indistinguishable

IONIAN = {"exodus": True, "objective": "ionian_nebula"}
TOTAL = Counter(trauma.data().trauma)


def game(seed: int = 1, characters: list[str] | None = None) -> dict[str, Any]:
    chars = characters or BASE_5
    return start_game(len(chars), chars, seed, IONIAN)


def tokens(state: dict[str, Any]) -> Counter[str]:
    """Every trauma token of the table, wherever it lies (the box once the Trial is over)."""
    ion = state["ionian"]
    out: Counter[str] = Counter(ion["pool"]) + Counter(ion.get("discarded", []))
    out.update(t for t in ion["places"].values() if t is not None)
    out.update(a["token"] for a in ion["allies"] if a["token"] is not None)
    for p in state["players"]:
        out.update(p.get("trauma", []))
    cr = state.get("crossroads")
    if cr is not None:
        out.update(cr["committed"].values())
    return out


def ctx_of(state: dict[str, Any]) -> Ctx:
    return Ctx(state=copy.deepcopy(state), rng=Rng.from_seed(3))


def auto(state: dict[str, Any]) -> dict[str, Any]:
    command = auto_command(state)
    assert command is not None and command.seat == AUTO_SEAT
    out: dict[str, Any] = RULES.apply(state, command, Rng.from_seed(5)).state
    return out


@pytest.mark.rules("bsg:R146", "bsg:R930", "bsg:R931", "bsg:R150", "bsg:R940")
@pytest.mark.scenarios("bsg:AS-109")
def test_setup_deals_three_tokens_each_and_three_allies() -> None:
    state = game()
    ion = state["ionian"]
    assert all(len(p["trauma"]) == 3 and "disaster" not in p["trauma"] for p in state["players"])
    assert all(ion["places"][place] is not None for place in ("sickbay", "brig"))
    assert len(ion["allies"]) == 3 and all(a["token"] is not None and a["by"] is None for a in ion["allies"])
    chosen = {p["character"] for p in state["players"]}
    assert not {trauma.data().allies[a["card"]].character for a in ion["allies"]} & chosen
    assert all(trauma.data().allies[a["card"]].location == a["location"] for a in ion["allies"])
    assert tokens(state) == TOTAL and ion["pool"].count("disaster") + sum(
        1 for a in ion["allies"] if a["token"] == "disaster") + list(ion["places"].values()).count("disaster") == 2
    assert "ionian" not in start_game(5, BASE_5, 1, {"exodus": True})  # a Kobol table is unchanged


@pytest.mark.rules("bsg:R931", "bsg:R1071")
def test_an_ally_showing_a_chosen_character_is_boxed() -> None:
    state = game()
    ctx = ctx_of(state)
    ctx.state["ionian"]["ally_deck"].append("ally_tom_zarek")
    ctx.state["players"][0]["character"] = "tom_zarek"
    assert trauma.draw_ally(ctx) != "ally_tom_zarek" and "ally_tom_zarek" in ctx.state["ionian"]["ally_boxed"]


@pytest.mark.rules("bsg:R1071", "bsg:R980")
def test_with_daybreak_an_ally_showing_another_version_of_a_chosen_character_is_boxed() -> None:
    state = start_game(4, ["laura_roslin", "william_adama", "kara_thrace", "tom_zarek_alt"], 1,
                       {**IONIAN, "daybreak": True})
    ctx = ctx_of(state)
    ctx.state["ionian"]["ally_deck"] += ["ally_billy_keikeya", "ally_tom_zarek"]
    assert trauma.draw_ally(ctx) == "ally_billy_keikeya" and "ally_tom_zarek" in ctx.state["ionian"]["ally_boxed"]


@pytest.mark.rules("bsg:R980", "bsg:R962", "bsg:R914")
def test_with_the_cylon_fleet_the_battle_is_placed_as_r914_says() -> None:
    state = start_game(5, BASE_5, 1, {**IONIAN, "exodus_cylon_fleet": True})
    state = to_step(state, "action")
    ctx = ctx_of(state)
    ctx.state["distance"] = 8
    cylon_fleet.jump_cylons(ctx)  # R704 A, R918: the jump sent the Cylon ships to the Cylon Fleet board
    ionian.begin_crossroads(ctx, "crisis")
    state = auto(ctx.state)
    above = [a.id for a in CONTENT.board.space_areas if a.above]
    assert all(len(state["space"][a]["basestar"]) == 1 and state["space"][a]["raider"] >= 4 for a in above)
    assert state["crossroads"]["stage"] == "deal"


@pytest.mark.rules("bsg:R941", "bsg:R457")
def test_a_human_drawing_a_disaster_is_executed_and_a_cylon_draws_two_more() -> None:
    state = game()
    ctx = ctx_of(state)
    trauma.acquire(ctx, 1, "disaster")
    assert ctx.state["executions"] == [[1, ctx.state["turn_no"]]]
    assert ctx.state["ionian"]["pool"].count("disaster") >= 1 and "disaster" not in ctx.state["players"][1]["trauma"]
    ctx = ctx_of(state)
    ctx.state["players"][2]["cylon"] = True
    ctx.state["ionian"]["pool"][-2:] = ["benevolent", "antagonistic"]
    before = len(ctx.state["players"][2]["trauma"])
    trauma.acquire(ctx, 2, "disaster")
    assert len(ctx.state["players"][2]["trauma"]) == before + 2 and not ctx.state.get("executions")


@pytest.mark.rules("bsg:R202", "bsg:R942")
def test_a_turn_begun_in_sickbay_takes_its_token_and_refills_it() -> None:
    state = game()
    ctx = ctx_of(state)
    seat = ctx.state["current"]
    ctx.state["players"][seat]["location"] = "sickbay"
    ctx.state["ionian"]["places"]["sickbay"] = "antagonistic"
    trauma.turn_started(ctx)
    assert ctx.state["players"][seat]["trauma"].count("antagonistic") >= 1
    assert len(ctx.state["players"][seat]["trauma"]) == 4 and ctx.state["ionian"]["places"]["sickbay"] is not None


@pytest.mark.rules("bsg:R202", "bsg:R941", "bsg:R454")
@pytest.mark.scenarios("bsg:AS-110")
def test_a_human_taking_a_disaster_in_sickbay_is_executed_before_drawing() -> None:
    from games.bsg.engine import executions

    state = game()
    ctx = ctx_of(state)
    seat = ctx.state["current"]
    ctx.state["players"][seat]["location"] = "sickbay"
    ctx.state["ionian"]["places"]["sickbay"] = "disaster"
    ctx.state["ionian"]["pool"].remove("disaster")
    ctx.state["ionian"]["pool"].append("benevolent")
    trauma.turn_started(ctx)
    executions.run_queued(ctx)
    assert ctx.state["prompt"] == {"kind": "new_character", "seat": seat}
    assert ctx.state["step"] == "end"  # R454: his turn is over, no Skill card drawn
    assert "skills_received" not in [e.kind for e in ctx.events]
    assert ctx.state["ionian"]["places"]["sickbay"] is not None and "disaster" in ctx.state["ionian"]["pool"]
    assert [e.kind for e in ctx.events].count("disaster_revealed") == 1


@pytest.mark.rules("bsg:R215")
def test_with_two_allies_in_his_location_the_player_chooses_one() -> None:
    state = to_step(game(), "move")
    seat = state["current"]
    here = state["players"][seat]["location"]
    state["ionian"]["allies"] = [{"card": "ally_billy_keikeya", "location": here, "token": "benevolent", "by": None},
                                 {"card": "ally_jammer", "location": here, "token": "antagonistic", "by": None}]
    state = act(state, seat, "stay")
    assert state["prompt"]["kind"] == "choose_ally"
    assert sorted(c.args["card"] for c in RULES.legal_commands(state, seat)) == ["ally_billy_keikeya", "ally_jammer"]
    with pytest.raises(IllegalCommand):
        act(state, seat, "pass_action")
    state = act(state, seat, "meet_ally", card="ally_jammer")
    assert len(state["ionian"]["allies"]) + len(state["ionian"]["seeds"]) == 2  # the new card is placed or seeded
    assert "ally_jammer" in state["ionian"]["ally_boxed"]
    assert state["ionian"]["met"] == state["turn_no"]


def _with_ally_here(state: dict[str, Any], token: str) -> dict[str, Any]:
    """The current player's location holds one ally, whose token is ``token``."""
    state = copy.deepcopy(state)
    here = state["players"][state["current"]]["location"]
    state["ionian"]["allies"] = [{"card": "ally_billy_keikeya", "location": here, "token": token, "by": None}]
    return state


@pytest.mark.rules("bsg:R215", "bsg:R945", "bsg:R946")
@pytest.mark.scenarios("bsg:AS-112", "bsg:AS-115")
def test_an_ally_is_met_at_the_end_of_movement_and_the_player_seeds_his_own_token() -> None:
    state = to_step(game(), "move")
    state = _with_ally_here(state, "benevolent")
    seat = state["current"]
    state["players"][seat]["trauma"] = ["antagonistic", "benevolent"]
    morale = state["resources"]["morale"]
    state = act(state, seat, "stay")  # he did not move: he meets it all the same
    assert state["resources"]["morale"] == morale + 1  # Billy Keikeya's benevolent result
    assert "ally_billy_keikeya" in state["ionian"]["ally_boxed"] and state["ionian"]["met"] == state["turn_no"]
    assert state["prompt"]["kind"] == "seed_ally"  # both kinds: he chooses (a pool token is no option)
    assert [c.args for c in RULES.legal_commands(state, seat)] == [{"token": "antagonistic"}, {"token": "benevolent"}]
    state = act(state, seat, "seed_ally", token="antagonistic")
    new = state["ionian"]["allies"][-1]
    assert new["by"] == seat and new["token"] == "antagonistic" and state["players"][seat]["trauma"] == ["benevolent"]
    assert RULES.view(state, seat)["ionian"]["allies"][-1]["known"] == "antagonistic"
    other = (seat + 1) % 5
    assert "known" not in RULES.view(state, other)["ionian"]["allies"][-1]
    assert state["step"] == "action"


@pytest.mark.rules("bsg:R945")
@pytest.mark.scenarios("bsg:AS-113", "bsg:AS-115")
def test_a_disaster_on_an_ally_does_nothing_and_a_player_without_tokens_seeds_from_the_pool() -> None:
    state = to_step(game(), "move")
    state = _with_ally_here(state, "disaster")
    seat = state["current"]
    state["players"][seat]["trauma"] = []
    before = copy.deepcopy(state["resources"])
    disasters = tokens(state)["disaster"]
    state = act(state, seat, "stay")
    assert state["resources"] == before and not state.get("executions")
    assert state["ionian"]["allies"][-1]["by"] is None and state["step"] == "action"
    assert tokens(state)["disaster"] == disasters  # the disaster went back into the pool (RULINGS G155)


@pytest.mark.rules("bsg:R947", "bsg:R162")
@pytest.mark.scenarios("bsg:AS-116")
def test_a_damaged_location_loses_its_ally_and_the_replacement_comes_from_the_pool() -> None:
    state = game()
    ctx = ctx_of(state)
    card = ctx.state["ionian"]["allies"][0]["card"]
    trauma.location_damaged(ctx, ctx.state["ionian"]["allies"][0]["location"])
    assert card in ctx.state["ionian"]["ally_boxed"] and ctx.state["ionian"]["seeds"]
    assert ionian.settle(ctx) is True  # no Cylon holds trauma: a pool token, unseen
    assert len(ctx.state["ionian"]["allies"]) == 3 and ctx.state["ionian"]["allies"][-1]["by"] is None


@pytest.mark.rules("bsg:R947")
def test_tied_cylons_replace_a_removed_ally_as_the_active_player_chooses() -> None:
    state = game()
    current = state["current"]
    cylons = [(current + 1) % 5, (current + 2) % 5]
    for seat in cylons:
        state["players"][seat]["cylon"] = True
        state["players"][seat]["trauma"] = ["antagonistic", "antagonistic", "benevolent"]
    ctx = ctx_of(state)
    trauma.location_damaged(ctx, ctx.state["ionian"]["allies"][0]["location"])
    ionian.settle(ctx)
    assert ctx.state["prompt"] == {"kind": "choose_replacer", "seat": current, "cylons": cylons}
    state = ctx.state
    assert [c.args for c in RULES.legal_commands(state, current)] == [{"target": s} for s in cylons]
    state = act(state, current, "choose_replacer", target=cylons[1])
    assert state["prompt"] == {"kind": "seed_ally", "seat": cylons[1], "card": state["ionian"]["seeds"][0]["card"]}
    state = act(state, cylons[1], "seed_ally", token="benevolent")
    assert state["ionian"]["allies"][-1]["by"] == cylons[1] and len(state["players"][cylons[1]]["trauma"]) == 2


@pytest.mark.rules("bsg:R162", "bsg:R948")
def test_collateral_and_personnel_damage_act_when_drawn() -> None:
    state = game()
    ctx = ctx_of(state)
    area = next(iter(ctx.state["space"]))
    ctx.state["space"][area]["raider"] = 4
    trauma.basestar_token_drawn(ctx, area, "bs_collateral_damage")
    assert ctx.state["space"][area]["raider"] == 1
    ctx.state["players"][3]["cylon"] = True
    before = len(ctx.state["players"][3]["trauma"])
    ctx.state["ionian"]["pool"][-2:] = ["benevolent", "benevolent"]
    trauma.basestar_token_drawn(ctx, area, "bs_personnel_damage")
    assert len(ctx.state["players"][3]["trauma"]) == before + 2
    assert {t.id for t in trauma.basestar_tokens(ctx.state)} >= {"bs_collateral_damage", "bs_personnel_damage"}


def crossroads_now(seed: int = 1) -> dict[str, Any]:
    """A table whose next Destination brings the fleet to 8: the Crossroads phase begins (R960)."""
    state = to_step(game(seed), "action")
    ctx = ctx_of(state)
    ctx.state["distance"] = 8
    for area, where in ctx.state["space"].items():  # R704 A: the jump emptied the board first
        for ship in ("raider", "heavy_raider"):
            ctx.state["supply"][ship] += where[ship]
        ctx.state["supply"]["basestar"] += len(where["basestar"])
        ctx.state["reserves"]["viper"] += where["viper"]
        ctx.state["space"][area] = {**where, "raider": 0, "heavy_raider": 0, "basestar": [], "viper": 0}
    ionian.begin_crossroads(ctx, "crisis")
    return ctx.state


@pytest.mark.rules("bsg:R960", "bsg:R961", "bsg:R962", "bsg:R963", "bsg:R964", "bsg:R965", "bsg:R966",
                   "bsg:R985")
def test_the_crossroads_unfolds_step_by_step_with_secret_commitments() -> None:
    state = crossroads_now()
    assert RULES.pending(state)[0].automatic and RULES.pending(state)[0].prompt == "crossroads_battle"
    with pytest.raises(IllegalCommand):
        RULES.apply(state, Command(0, "crossroads_step", {}), Rng.from_seed(1))
    state = auto(state)  # the battle
    above = [a.id for a in CONTENT.board.space_areas if a.above]
    assert all(len(state["space"][a]["basestar"]) >= 1 and state["space"][a]["raider"] >= 4 for a in above)
    assert state["jump"] == 0
    state = auto(state)  # the deal: each sees his own card only
    cr = state["crossroads"]
    assert sorted(int(s) for s in cr["cards"]) == list(range(5))
    assert RULES.view(state, 0)["crossroads"]["cards"] == {"0": cr["cards"]["0"]}
    decision = RULES.pending(state)[0]
    assert decision.prompt == "crossroads_commit" and decision.seats == frozenset(range(5))
    for seat in range(5):
        state = act(state, seat, "commit_trauma", token=state["players"][seat]["trauma"][0])
        if seat < 4:
            assert RULES.pending(state)[0].prompt == "crossroads_commit"  # R965: the gate waits for all
            assert "mine_committed" in RULES.view(state, seat)["crossroads"]
            assert RULES.view(state, (seat + 1) % 5)["crossroads"]["tokens"] == {}
    assert RULES.pending(state)[0].prompt == "crossroads_reveal"
    first = state["crossroads"]["order"][0]
    assert first == state["current"]
    state = auto(state)
    assert state["crossroads"]["results"][str(first)] in ("benevolent", "antagonistic")
    assert str(first) in RULES.view(state, (first + 1) % 5)["crossroads"]["cards"]


@pytest.mark.rules("bsg:R964")
def test_a_player_without_tokens_chooses_his_result() -> None:
    state = crossroads_now()
    for p in state["players"]:
        p["trauma"] = []
    state = auto(auto(state))  # battle, deal: nobody to commit
    state = auto(state)  # the first reveal: a choice
    seat = state["crossroads"]["order"][0]
    assert RULES.pending(state)[0].prompt == "crossroads_choose_result"
    with pytest.raises(IllegalCommand):
        act(state, seat, "crossroads_choose", result="both")
    state = act(state, seat, "crossroads_choose", result="benevolent")
    assert state["crossroads"]["results"][str(seat)] == "benevolent"


@pytest.mark.rules("bsg:R967", "bsg:R457", "bsg:R943")
@pytest.mark.scenarios("bsg:AS-118")
def test_the_admiral_executed_by_a_crossroads_card_keeps_his_card_and_draws_new_trauma() -> None:
    state = crossroads_now()
    state = auto(auto(state))
    for seat in range(5):
        state = act(state, seat, "commit_trauma", token=state["players"][seat]["trauma"][0])
    cr = state["crossroads"]
    first = cr["order"][0]
    admiral = state["admiral"]
    assert admiral != first
    cr["cards"][str(first)] = "xr_hard_choice"
    cr["committed"][str(first)] = "antagonistic"
    state = auto(state)
    assert state["prompt"] == {"kind": "new_character", "seat": admiral}
    character = RULES.legal_commands(state, admiral)[0].args
    state = act(state, admiral, "choose_new_character", **character)
    assert len(state["players"][admiral]["trauma"]) == 3  # R943
    assert str(admiral) in state["crossroads"]["cards"] and str(admiral) in state["crossroads"]["committed"]


def _trial(holdings: dict[int, list[str]], cylons: tuple[int, ...] = ()) -> dict[str, Any]:
    """The Trial's eliminate step with these tokens already filtered (R970-4)."""
    state = crossroads_now()
    cr = state["crossroads"]
    cr["stage"] = "trial"
    for p in state["players"]:
        p["trauma"] = list(holdings.get(p["seat"], []))
        p["cylon"] = p["seat"] in cylons
    state = auto(state)  # the reveal
    return auto(state)  # the filter


@pytest.mark.rules("bsg:R970", "bsg:R978", "bsg:R458")
@pytest.mark.scenarios("bsg:AS-119", "bsg:AS-121")
def test_the_trial_eliminates_a_tied_cylon_and_a_tied_human() -> None:
    state = _trial({0: ["antagonistic"] * 3 + ["benevolent"] * 2, 1: ["antagonistic"] * 2,
                    2: ["benevolent"] * 3 + ["antagonistic"]}, cylons=(2,))
    shown = state["crossroads"]["shown"]
    assert [shown[str(s)]["kept"] for s in (0, 1, 2)] == [3, 0, 3]
    morale = state["resources"]["morale"]
    state = auto(state)  # eliminate: both, no President's choice
    assert state["players"][0]["eliminated"] and state["players"][2]["eliminated"]
    assert state["resources"]["morale"] == morale - 1 and state["prompt"] is None  # no new character
    state = auto(state)  # cleanup
    assert "crossroads" not in state and state["objective_reached"] and state["ionian"]["done"]
    assert all(not p["trauma"] for p in state["players"])
    assert all(state["current"] != s for s in (0, 2))


@pytest.mark.rules("bsg:R970", "bsg:R976", "bsg:R975")
def test_the_president_chooses_among_tied_humans() -> None:
    state = _trial({1: ["antagonistic"] * 3, 3: ["antagonistic"] * 3})
    state = auto(state)
    president = state["president"]
    decision = RULES.pending(state)[0]
    assert decision.prompt == "trial_choose_human" and decision.seats == frozenset({president})
    with pytest.raises(IllegalCommand):
        act(state, president, "trial_eliminate", target=0)
    state = act(state, president, "trial_eliminate", target=3)
    assert state["players"][3]["eliminated"] and not state["players"][1].get("eliminated")


@pytest.mark.rules("bsg:R979")
@pytest.mark.scenarios("bsg:AS-122")
def test_after_the_crossroads_the_next_jump_wins() -> None:
    state = _trial({})
    state = auto(auto(state))  # nobody eliminated, cleanup: the interrupted turn goes on at its Crisis
    assert state["step"] == "crisis" and state["objective_reached"]
    ctx = ctx_of(state)
    from games.bsg.engine import turns

    turns.jump(ctx, "end")
    assert ctx.state["result"]["winner"] == "humans" and ctx.state["result"]["reason"] == "ionian_nebula_reached"


@pytest.mark.rules("bsg:R978", "bsg:R979")
@pytest.mark.parametrize(("reading", "eliminated_wins"), [(None, False), ("out", False), ("with_side", True)])
def test_an_eliminated_human_shares_the_humans_win_only_where_the_table_says_so(reading: str | None,
                                                                                 eliminated_wins: bool) -> None:
    """RULINGS G174: "completely excluded from the game" (L1123) keeps him out of the win, unless the table chose
    ``with_side``; the other humans win either way."""
    start = crossroads_now()
    humans = {s for s in range(start["n"]) if not is_cylon(start, s)}
    out = min(humans)
    state = _trial({out: ["antagonistic"] * 3})
    if reading is not None:
        state["options"]["ionian_eliminated"] = reading
    state = auto(auto(state))  # eliminate him, cleanup; the turn goes on
    assert [p["seat"] for p in state["players"] if p.get("eliminated")] == [out]
    ctx = ctx_of(state)
    from games.bsg.engine import turns

    turns.jump(ctx, "end")
    result = RULES.result(ctx.state)
    assert result is not None and ctx.state["result"]["winner"] == "humans"
    assert (out in result.winners) is eliminated_wins
    assert humans - {out} <= result.winners


def near_crossroads(seed: int, players: int) -> dict[str, Any]:
    """A random table at its first turn, moved on to distance 7 with the fleet token one space from Auto Jump."""
    chars = ["laura_roslin", "william_adama", "kara_thrace", "gaius_baltar", "saul_tigh", "galen_tyrol"][:players]
    state = game(seed, chars)
    state["distance"] = 7
    state["jump"] = len(CONTENT.board.jump_track) - 2
    return state


@pytest.mark.rules("bsg:R985", "bsg:R968", "bsg:R979", "bsg:R944")
def test_random_games_go_through_the_crossroads_keep_their_tokens_and_secrets() -> None:
    reached = 0
    for seed, players in ((1, 3), (2, 4), (3, 5), (4, 6)):
        rng = Rng.from_seed(seed)
        step = [0]

        def after(state: dict[str, Any], _command: Command, players: int = players, rng: Rng = rng,
                  step: list[int] = step) -> None:
            if not state["ionian"]["done"]:
                assert tokens(state) == TOTAL
            step[0] += 1
            if "crossroads" in state or step[0] % 7 == 0:
                for seat in [None, *range(players)]:
                    check_indistinguishable(RULES, state, seat, rng)

        playout = play_random(RULES, seed=seed, num_players=players, start=near_crossroads(seed, players),
                              max_steps=6000, after_each=after)
        assert playout.state["result"] is not None
        reached += bool(playout.kinds.get("crossroads_step"))
    assert reached >= 3


@pytest.mark.rules("bsg:R978", "bsg:R458", "bsg:R970")
def test_an_eliminated_revealed_cylon_discards_his_skill_cards() -> None:
    """R978 (RULINGS G171): the eliminated Cylon player is out of the game; his Skill cards go to their discard
    piles, none lost."""
    state = _trial({2: ["benevolent"] * 3}, cylons=(2,))
    hand = list(state["players"][2]["hand"])
    assert hand
    state = auto(state)  # eliminate him
    assert state["players"][2]["eliminated"] and state["players"][2]["hand"] == []
    discards = [c for pile in state["decks"]["skill_discard"].values() for c in pile]
    assert all(card in discards for card in hand)


@pytest.mark.rules("bsg:R947", "bsg:R318")
def test_a_destroyed_colonial_one_loses_its_allies() -> None:
    """R947 (L1026): an ally token in a location removed from the game leaves the board, its trauma token is
    discarded, its card boxed and a replacement drawn (Daybreak's Colonial One destroyed, R318)."""
    from games.bsg.engine import effects

    state = start_game(4, ["laura_roslin", "william_adama", "kara_thrace", "tom_zarek_alt"], 1,
                       {**IONIAN, "daybreak": True})
    ctx = ctx_of(state)
    ion = ctx.state["ionian"]
    ion["allies"][0] = {"card": "ally_billy_keikeya", "location": "press_room", "token": "antagonistic", "by": None}
    ion["ally_deck"].append("ally_jammer")
    effects.destroy_sheet(ctx, "colonial_one")
    assert "ally_billy_keikeya" in ion["ally_boxed"]
    assert all(a["location"] != "press_room" for a in ion["allies"])
    assert ion["seeds"] and ion["seeds"][0]["card"] == "ally_jammer"
    assert "antagonistic" in ion["discarded"]


@pytest.mark.rules("bsg:R945", "bsg:R947")
def test_the_new_ally_card_is_drawn_after_the_met_allys_result() -> None:
    """R945: the result first (step 1), then the new Ally card (step 2). Galen Tyrol's antagonistic result damages
    the Armory: its ally leaves and is replaced (R947) before the card the player seeds is drawn."""
    state = to_step(game(), "move")
    seat = state["current"]
    here = state["players"][seat]["location"]
    ion = state["ionian"]
    ion["allies"] = [{"card": "ally_galen_tyrol", "location": here, "token": "antagonistic", "by": None},
                     {"card": "ally_jammer", "location": "armory", "token": "benevolent", "by": None}]
    ion["ally_deck"] = [c for c in ion["ally_deck"] if c not in ("ally_billy_keikeya", "ally_aaron_kelly")]
    ion["ally_deck"] += ["ally_billy_keikeya", "ally_aaron_kelly"]  # the top is the last
    state["decks"]["galactica_damage"].remove("dmg_armory")
    state["decks"]["galactica_damage"].append("dmg_armory")
    state["players"][seat]["trauma"] = ["benevolent"]
    state = act(state, seat, "stay")
    placed = {a["card"]: a for a in state["ionian"]["allies"]}
    assert placed["ally_aaron_kelly"]["by"] is None  # the removed ally's replacement: no Cylon holds trauma
    assert placed["ally_billy_keikeya"]["by"] == seat  # the met ally's replacement, seeded by the player


@pytest.mark.rules("bsg:R978", "bsg:R452")
def test_an_eliminated_human_needs_no_character_left_to_choose() -> None:
    """R978: an eliminated human chooses no new character, so no character left to choose is no loss (R452 D
    applies to an execution's replacement only)."""
    from games.bsg.engine import executions

    state = _trial({1: ["antagonistic"] * 3})
    state["gone"] = list(executions.replacements(state))
    state = auto(state)  # eliminate him
    assert state["players"][1]["eliminated"] and state["phase"] == "turn" and state["prompt"] is None


@pytest.mark.rules("bsg:R978")
def test_an_eliminated_player_is_nobody_a_card_or_a_location_may_name() -> None:
    """R978 (RULINGS G171): "completamente escluso dal gioco": after the Trial no location, Quorum card, character
    ability or look may name him (the random games sent him to the Brig and gave him the Admiral's title)."""
    from games.bsg.engine import characters, looks, mutiny, quorum, turns

    start = crossroads_now()
    out = next(s for s in range(start["n"]) if not is_cylon(start, s) and s != start["president"])
    state = _trial({out: ["antagonistic"] * 3})
    state = auto(auto(state))  # eliminate him, cleanup
    assert state["players"][out]["eliminated"]
    state["players"][out]["loyalty"] = ["some_card"]  # even a card left with him is out of reach
    others = [s for s in range(state["n"]) if s != out and not state["players"][s]["cylon"]]
    seat = others[0]
    state["players"][seat]["location"] = "admirals_quarters"
    assert out not in [o.get("target") for o in turns.location_options(state, seat)]
    president = state["president"]
    assert out not in (quorum.targets(state, president, "arrest_order") or [])
    assert out not in (quorum.targets(state, president, "encourage_mutiny") or [])
    assert out not in looks.look_targets(state, seat)
    assert out not in mutiny.humans(state)
    state["players"][seat]["character"] = "william_adama"  # Hard Decision: a character of his choice to the Brig
    assert out not in [o.get("target") for o in characters.options(state, seat)]


def loaded_near_crossroads(seed: int, players: int) -> dict[str, Any]:
    """``near_crossroads`` with 2 to 4 more trauma tokens each (from the pool), so that the Trial eliminates."""
    state = near_crossroads(seed, players)
    pool = state["ionian"]["pool"]
    for p in state["players"]:
        for _ in range(seed % 3 + 2):
            token = next((t for t in reversed(pool) if t != "disaster"), None)
            if token is None:
                break
            pool.remove(token)
            p["trauma"].append(token)
    return state


@pytest.mark.rules("bsg:R978", "bsg:R970", "bsg:R985")
def test_random_games_keep_a_player_the_trial_eliminated_out_of_the_game() -> None:
    """Random games past a Trial that eliminates (the seeds where an eliminated player was sent to the Brig, made
    President or Admiral by a location, a Quorum card or an ability): he is never in play again."""
    from tests.bsg.engine.test_playouts import BOTS

    eliminated = 0
    for seed, players in ((10, 5), (11, 6), (14, 5), (86, 5), (105, 4)):
        def after(state: dict[str, Any], command: Command) -> None:
            for p in state["players"]:
                if p.get("eliminated"):
                    assert p["location"] is None and not p["hand"] and p["viper"] is None, command
                    assert all(state.get(title) != p["seat"] for title in ("president", "admiral", "cag")), command
                    assert state["prompt"] is None or state["prompt"].get("seat") != p["seat"], command

        playout = play_random(BOTS, seed=seed, num_players=players, start=loaded_near_crossroads(seed, players),
                              max_steps=6000, after_each=after)
        assert playout.state["result"] is not None
        eliminated += any(p.get("eliminated") for p in playout.state["players"])
    assert eliminated >= 4


@pytest.mark.rules("bsg:R978", "bsg:R458", "bsg:R451")
def test_an_eliminated_hidden_cylon_still_gives_his_other_loyalty_cards_away() -> None:
    """R978: the elimination first resolves the execution in full; with Pegasus a hidden Cylon's reveal gives his
    other loyalty cards to a human of his choice whatever the distance (R451, RULINGS G47); then he is out."""
    state = to_step(start_game(5, BASE_5, 1, {**IONIAN, "pegasus": True}), "action")
    assert state["players"][0]["loyalty"] == ["not_a_cylon.5", "cylon_jump_sabotage.4"]
    ctx = ctx_of(state)
    ctx.state["distance"] = 8
    ionian.begin_crossroads(ctx, "crisis")
    state = ctx.state
    state["crossroads"]["stage"] = "trial"
    for p in state["players"]:
        p["trauma"] = ["antagonistic"] * 3 if p["seat"] == 0 else []
    state = auto(auto(auto(state)))  # the reveal, the filter, the elimination
    assert state["players"][0]["eliminated"] and state["players"][0]["cylon"]
    assert state["give_away"] == [0]
    to = next(c.args["to"] for c in RULES.legal_commands(state, 0))
    state = act(state, 0, RULES.legal_commands(state, 0)[0].kind, to=to)
    assert "not_a_cylon.5" in state["players"][to]["loyalty"] and not state["give_away"]


@pytest.mark.rules("bsg:R945", "bsg:R947")
def test_an_ally_whose_trauma_token_is_still_due_leaves_a_location_damaged_in_the_meantime() -> None:
    """R945-2/3, R947 (L1020-1026): the new ally token is on the board before its trauma token is put on the card,
    so a damage to its location in between removes it (the card boxed, no token to discard) and a replacement is
    drawn, as for an ally already seeded."""
    state = game()
    ion = state["ionian"]
    ion["allies"][0] = {"card": "ally_jammer", "location": "armory", "token": "benevolent", "by": None}
    for card in ("ally_tom_zarek", "ally_anastasia_dualla"):
        if card in ion["ally_deck"]:
            ion["ally_deck"].remove(card)
    ion["ally_deck"] += ["ally_tom_zarek", "ally_anastasia_dualla"]  # the top is the last
    ctx = ctx_of(state)
    ion = ctx.state["ionian"]
    trauma.location_damaged(ctx, "armory")  # the Armory's ally replaced: the new one waits for its token
    assert [s["card"] for s in ion["seeds"]] == ["ally_anastasia_dualla"]
    trauma.location_damaged(ctx, "communications")  # its location damaged in the same command, before seeding
    assert "ally_anastasia_dualla" in ion["ally_boxed"]
    assert [s["card"] for s in ion["seeds"]] == ["ally_tom_zarek"]
    assert ionian.settle(ctx) is True
    assert [a["card"] for a in ion["allies"]][-1] == "ally_tom_zarek"
    assert all(a["location"] != "communications" for a in ion["allies"])


@pytest.mark.rules("bsg:R947", "bsg:R943")
def test_an_ally_whose_trauma_token_is_still_due_leaves_when_its_character_is_chosen() -> None:
    """R947 (L1026): a new character matching an ally token on the board removes it, also while the trauma token
    due on its card waits for the executions (``ionian.settle``)."""
    state = game()
    ion = state["ionian"]
    for card in ("ally_tom_zarek", "ally_felix_gaeta"):
        if card in ion["ally_deck"]:
            ion["ally_deck"].remove(card)
    ion["ally_deck"] += ["ally_tom_zarek", "ally_felix_gaeta"]
    ctx = ctx_of(state)
    ion = ctx.state["ionian"]
    trauma.location_damaged(ctx, ion["allies"][0]["location"])
    assert [s["card"] for s in ion["seeds"]] == ["ally_felix_gaeta"]
    seat = ctx.state["current"]
    ctx.state["players"][seat]["character"] = "felix_gaeta"
    ionian.new_character(ctx, seat)
    assert "ally_felix_gaeta" in ion["ally_boxed"]
    assert [s["card"] for s in ion["seeds"]] == ["ally_tom_zarek"]
