"""Location actions so far (bsg:R220 A, R300, R302, R304-R306, R423, R430, R431, R500, R504): the draws of
the Research Lab and Press Room, and the skill checks of Administration, Admiral's Quarters and the Brig."""

from __future__ import annotations

from typing import Any

import pytest

from games.bsg.engine.effects import change_resources, send_to
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, Ctx, skill_of
from games.engine.core import AUTO_SEAT, Command, IllegalCommand, Rng
from tests.bsg.engine.helpers import State, act, skill_card, start_game, to_step

FIVE = ["gaius_baltar", "william_adama", "kara_thrace", "tom_zarek", "galen_tyrol"]


def at_action(location: str, characters: list[str] | None = None) -> State:
    state = to_step(start_game(5, characters or FIVE), "action")
    state["players"][state["current"]]["location"] = location
    return state


def finish_check(state: State, winning: bool) -> State:
    """Every seat passes; the Destiny cards are set so the check passes (or fails) by a wide margin."""
    colors = state["check"]["colors"]
    good, bad = colors[0], next(s for s in ("politics", "leadership", "tactics", "piloting", "engineering")
                                if s not in colors)
    skill = good if winning else bad
    state["check"]["destiny"] = [skill_card(state, skill, 5), skill_card(state, skill, 4)]
    for seat in list(state["check"]["order"]):
        state = act(state, seat, "finish_contributing")
    out = RULES.apply(state, Command(AUTO_SEAT, "reveal_check", {}), Rng.from_seed(5))
    after: State = out.state
    return after


def offered(state: State) -> list[dict[str, Any]]:
    return [dict(c.args) for c in RULES.legal_commands(state, state["current"]) if c.kind == "activate_location"]


@pytest.mark.rules("bsg:R220")
def test_research_lab_draws_the_picked_type_and_press_room_two_politics() -> None:
    state = at_action("research_lab")
    seat = state["current"]
    assert offered(state) == [{"pick": "engineering"}, {"pick": "tactics"}]
    before = list(state["players"][seat]["hand"])
    after = act(state, seat, "activate_location", pick="tactics")
    new = [c for c in after["players"][seat]["hand"] if c not in before]
    assert [skill_of(c) for c in new] == ["tactics"] and after["step"] == "crisis"
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location", pick="politics")
    assert info.value.code == "bad_location_target"
    state = at_action("press_room")
    seat = state["current"]
    before = list(state["players"][seat]["hand"])
    after = act(state, seat, "activate_location")
    assert sorted(skill_of(c) for c in after["players"][seat]["hand"] if c not in before) == ["politics"] * 2


@pytest.mark.rules("bsg:R220", "bsg:R300", "bsg:R302")
def test_a_location_that_cannot_be_activated() -> None:
    state = at_action("hangar_deck")  # Baltar is no pilot
    seat = state["current"]
    assert offered(state) == []
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location")
    assert (info.value.code, info.value.rule) == ("location_needs_pilot", "bsg:R302")
    state = at_action("research_lab")
    state["damage"] = ["research_lab"]
    with pytest.raises(IllegalCommand) as info:
        act(state, state["current"], "activate_location", pick="tactics")
    assert (info.value.code, info.value.rule) == ("location_damaged", "bsg:R300")


@pytest.mark.rules("bsg:R304", "bsg:R500", "bsg:R504")
def test_administration_check_makes_the_target_president() -> None:
    state = at_action("administration")
    seat = state["current"]
    president = state["president"]
    target = next(s for s in range(5) if s not in (seat, president))
    assert {"target": target} in offered(state) and {"target": president} not in offered(state)
    state = act(state, seat, "activate_location", target=target)
    assert state["check"]["source"] == {"location": "administration", "target": target}
    assert state["check"]["order"][-1] == seat
    passed = finish_check(state, winning=True)
    assert passed["president"] == target and passed["step"] == "crisis"
    failed = finish_check(state, winning=False)
    assert failed["president"] == president


@pytest.mark.rules("bsg:R304", "bsg:R423")
def test_at_administration_a_player_may_name_himself_but_nobody_names_the_president() -> None:
    """RULINGS G217: Administration names any character but the President (naming him changes nothing), the
    player himself included when he is not the President; Admiral's Quarters still names another character."""
    state = at_action("administration")
    seat = state["current"]
    if seat == state["president"]:
        state["president"] = (seat + 1) % 5
    president = state["president"]
    assert {"target": seat} in offered(state) and {"target": president} not in offered(state)
    state = act(state, seat, "activate_location", target=seat)
    assert state["check"]["source"] == {"location": "administration", "target": seat}
    assert finish_check(state, winning=True)["president"] == seat
    quarters = at_action("admirals_quarters")
    assert {"target": quarters["current"]} not in offered(quarters)


@pytest.mark.rules("bsg:R305", "bsg:R423", "bsg:R431")
def test_admirals_quarters_sends_the_target_to_the_brig() -> None:
    """A passed check sends the chosen character to the Brig; an Admiral there loses the title (R423); a
    pilot sent there leaves his viper in the Reserves (R431)."""
    state = at_action("admirals_quarters", ["laura_roslin", "william_adama", "lee_adama", "tom_zarek",
                                            "galen_tyrol"])
    seat = state["current"]  # Roslin, the first player
    admiral = state["admiral"]
    apollo = next(p["seat"] for p in state["players"] if p["character"] == "lee_adama")
    assert seat not in (admiral, apollo)
    after = finish_check(act(state, seat, "activate_location", target=admiral), winning=True)
    assert after["players"][admiral]["location"] == "brig"
    assert after["admiral"] not in (admiral, None)
    assert after["players"][after["admiral"]]["location"] != "brig"
    reserves = state["reserves"]["viper"]
    after = finish_check(act(state, seat, "activate_location", target=apollo), winning=True)
    assert after["players"][apollo]["location"] == "brig" and after["players"][apollo]["viper"] is None
    assert after["reserves"]["viper"] == reserves + 1
    assert after["admiral"] == admiral


@pytest.mark.rules("bsg:R306", "bsg:R435")
def test_the_brig_check_frees_the_player() -> None:
    state = at_action("brig")
    seat = state["current"]
    assert offered(state) == [{}]
    state = act(state, seat, "activate_location")
    assert state["check"]["source"] == {"location": "brig", "target": seat}
    failed = finish_check(state, winning=False)
    assert failed["players"][seat]["location"] == "brig" and failed["prompt"] is None
    passed = finish_check(state, winning=True)
    assert RULES.pending(passed)[0].prompt == "move_anywhere"
    targets = {c.args["location"] for c in RULES.legal_commands(passed, seat)}
    assert "brig" not in targets and "sickbay" not in targets and "caprica" not in targets
    assert "press_room" in targets
    after = act(passed, seat, "move_anywhere", location="press_room")
    assert after["players"][seat]["location"] == "press_room" and after["step"] == "crisis"


@pytest.mark.rules("bsg:R306", "bsg:R220")
def test_a_character_ordered_to_act_from_the_brig_is_the_one_its_check_frees() -> None:
    """R306 under an Executive Order (R220 B, RULINGS G34): the ordered player in the Brig activates it; the
    check passed, he, not the player whose turn it is, moves out of the Brig."""
    state = at_action("research_lab")
    current = state["current"]
    ordered = (current + 1) % 5
    state["players"][ordered]["location"] = "brig"
    state["players"][current]["hand"].append(skill_card(state, "leadership", 1))
    order = next(c for c in RULES.legal_commands(state, current) if c.kind == "play_skill"
                 and c.args.get("target") == ordered and c.args.get("pick") == "actions")
    state = act(state, current, order.kind, **order.args)
    state = act(state, ordered, "activate_location")
    assert state["check"]["source"] == {"location": "brig", "target": ordered}
    passed = finish_check(state, winning=True)
    decision = RULES.pending(passed)[0]
    assert decision.prompt == "move_anywhere" and decision.seats == {ordered}
    after = act(passed, ordered, "move_anywhere", location="press_room")
    assert after["players"][ordered]["location"] == "press_room"
    assert after["players"][current]["location"] == "research_lab"


@pytest.mark.rules("bsg:R210", "bsg:R435")
def test_no_movement_out_of_the_brig() -> None:
    """RULINGS C16: a character in the Brig cannot move in his Movement step."""
    state = to_step(start_game(5, FIVE), "move")
    seat = state["current"]
    state["players"][seat]["location"] = "brig"
    assert [c.kind for c in RULES.legal_commands(state, seat)] == ["stay"]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "move", location="command")
    assert info.value.code == "cannot_move_there"


@pytest.mark.rules("bsg:R201")
def test_sickbay_draws_one_card_of_the_skill_set() -> None:
    """RULINGS C16: in Sickbay a character draws 1 Skill card of a type of his skill set."""
    state = start_game(5, FIVE)
    seat = state["current"]
    state["players"][seat]["location"] = "sickbay"
    picks = sorted(c.args["picks"] for c in RULES.legal_commands(state, seat))
    assert picks == [["engineering"], ["leadership"], ["politics"]]  # Baltar's skill set
    before = len(state["players"][seat]["hand"])
    state = act(state, seat, "receive_skills", picks=["engineering"])
    assert len(state["players"][seat]["hand"]) == before + 1


@pytest.mark.rules("bsg:R430")
def test_a_revealed_cylon_is_never_sent_to_the_brig_or_sickbay() -> None:
    state = start_game(5, FIVE)
    state["players"][2]["cylon"] = True
    state["players"][2]["location"] = "caprica"
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    for where in ("brig", "sickbay"):
        send_to(ctx, 2, where)
        assert state["players"][2]["location"] == "caprica"
    send_to(ctx, 3, "sickbay")
    assert state["players"][3]["location"] == "sickbay"


@pytest.mark.rules("bsg:R004", "bsg:R700")
def test_resources_are_capped_at_15_and_may_fall_below_zero() -> None:
    state = start_game(3, FIVE[:3])
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    change_resources(ctx, {"fuel": 20, "food": -10})
    assert state["resources"]["fuel"] == 15 and state["resources"]["food"] == -2


@pytest.mark.rules("bsg:R004")
@pytest.mark.scenarios("bsg:AS-67")
def test_morale_at_14_plus_3_is_15() -> None:
    """AS-67: morale 14 and an effect giving +3: morale 15, the cap."""
    state = start_game(3, FIVE[:3])
    state["resources"]["morale"] = 14
    change_resources(Ctx(state=state, rng=Rng.from_seed(1)), {"morale": 3})
    assert state["resources"]["morale"] == 15


@pytest.mark.rules("bsg:R303", "bsg:R703", "bsg:R704")
@pytest.mark.scenarios("bsg:AS-23")
def test_ftl_control_jumps_from_a_blue_space_only() -> None:
    """AS-23: refused off a blue space; on the blue "-3" space a roll of 6 or less costs 3 population, a 7
    or 8 nothing; then the fleet jumps and the turn goes on with the Crisis."""
    state = at_action("ftl_control")
    seat = state["current"]
    assert offered(state) == []
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location")
    assert (info.value.code, info.value.rule) == ("ftl_needs_blue_space", "bsg:R303")
    blue = next(i for i, s in enumerate(CONTENT.board.jump_track) if s.blue and s.population == 3)
    state["jump"] = blue
    admiral = state["admiral"]
    seen = set()
    for seed in range(30):
        out = RULES.apply(state, Command(seat, "activate_location", {}), Rng.from_seed(seed))
        roll = next(e.data["roll"] for e in out.events if e.kind == "die_rolled")
        assert out.state["resources"]["population"] == 12 - (3 if roll <= 6 else 0)
        assert RULES.pending(out.state)[0].prompt == "choose_destination"
        seen.add(roll)
        after = act(out.state, admiral, "choose_destination", card=out.state["prompt"]["cards"][0])
        assert after["step"] == "crisis" and after["current"] == seat and after["jump"] == 0
    assert {6, 7} <= seen  # the scenario's two rolls, either side of the line


@pytest.mark.rules("bsg:R302", "bsg:R622")
@pytest.mark.scenarios("bsg:AS-59")
def test_the_hangar_deck_launches_a_pilot() -> None:
    """AS-59 at the end: with no viper left in the Reserves, Starbuck calls one back from space and launches."""
    state = at_action("hangar_deck")  # Baltar: no pilot
    assert offered(state) == []
    state = to_step(start_game(3, ["kara_thrace", "william_adama", "laura_roslin"]), "action")
    seat = state["current"]
    assert state["players"][seat]["location"] == "hangar_deck"
    assert offered(state) == [{"area": "lower_aft"}, {"area": "lower_fore"}]
    reserves = state["reserves"]["viper"]
    after = act(state, seat, "activate_location", area="lower_aft")
    assert after["players"][seat]["viper"] == "lower_aft" and after["players"][seat]["location"] is None
    assert after["reserves"]["viper"] == reserves - 1
    state["reserves"]["viper"] = 0  # R622: with none in the Reserves, a viper in space is called back
    assert offered(state) == [{"area": "lower_aft", "pick": "lower_fore"}, {"area": "lower_fore", "pick": "lower_fore"}]
    after = act(state, seat, "activate_location", area="lower_aft", pick="lower_fore")
    assert after["space"]["lower_fore"]["viper"] == 1 and after["players"][seat]["viper"] == "lower_aft"


@pytest.mark.rules("bsg:R622", "bsg:R302")
def test_with_the_reserves_empty_the_pilot_chooses_the_viper_he_calls_back() -> None:
    """R622 (L421: "may move a viper from any space area to the Reserves"): the pilot picks the area whose
    unpiloted viper he calls back, not the engine (RULINGS G211)."""
    state = to_step(start_game(3, ["kara_thrace", "william_adama", "laura_roslin"]), "action")
    seat = state["current"]
    state["space"]["fore"]["viper"] += state["reserves"]["viper"]
    state["reserves"]["viper"] = 0
    assert {(o["area"], o.get("pick")) for o in offered(state)} == {
        (a, s) for a in ("lower_aft", "lower_fore") for s in ("fore", "lower_fore")}
    fore = state["space"]["fore"]["viper"]
    after = act(state, seat, "activate_location", area="lower_aft", pick="fore")
    assert after["space"]["fore"]["viper"] == fore - 1 and after["space"]["lower_fore"]["viper"] == 2
    assert after["players"][seat]["viper"] == "lower_aft" and after["reserves"]["viper"] == 0
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location", area="lower_aft", pick="aft")  # no viper there
    assert info.value.code == "bad_location_target"


@pytest.mark.rules("bsg:R308", "bsg:R161")
def test_the_armory_attacks_the_centurion_its_user_picks() -> None:
    """RULINGS G214: the player at the Armory picks the centurion he attacks (like a viper's target, L207);
    centurions on one space are all the same, so nothing is asked."""
    state = at_action("armory")
    seat = state["current"]
    assert offered(state) == []
    state["boarding"] = [1, 1]
    assert offered(state) == [{}]
    state["boarding"] = [0, 2]
    assert offered(state) == [{"pick": "centurion.0"}, {"pick": "centurion.2"}]
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location")
    assert info.value.code == "bad_location_target"
    with pytest.raises(IllegalCommand) as info:
        act(state, seat, "activate_location", pick="centurion.1")  # no centurion on that space
    assert info.value.code == "bad_location_target"
    seen = set()
    for seed in range(30):
        for pick, left in (("centurion.0", [2]), ("centurion.2", [0])):
            out = RULES.apply(state, Command(seat, "activate_location", {"pick": pick}), Rng.from_seed(seed))
            roll = next(e.data["roll"] for e in out.events if e.kind == "attack_rolled")
            assert out.state["boarding"] == (left if roll >= 7 else [0, 2])
            seen.add(roll >= 7)
    assert seen == {True, False}
