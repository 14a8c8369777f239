"""Rules around the Cylon Leaders and the replacements (bsg:R123, R204, R006, R437, R203; RULINGS G142, G143):
the Exodus + Leader loyalty deck, the infiltrators' Receive Skills, who may use Treachery text, Kat's Stim
Junkie that never takes her out of the Brig, and Samuel T. Anders skipping his first Receive Skills."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bsg.engine import turns
from games.bsg.engine.rules import RULES
from games.bsg.engine.state import CONTENT, card_id, skill_of
from games.engine.core import Command, IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.helpers import BASE_5, LEADER, State, act, skill_card, start_game, to_step
from tests.bsg.engine.test_executions import execute, pending_prompt
from tests.bsg.engine.test_loyalty import set_loyalty

SIX = ["laura_roslin", "william_adama", "kara_thrace", "tom_zarek", "galen_tyrol", "leoben_conoy"]
EXODUS_LEADER = {**LEADER, "exodus": True}


def _leader(state: State) -> int:
    return next(p["seat"] for p in state["players"] if p.get("leader"))


@pytest.mark.rules("bsg:R123", "bsg:R150")
@pytest.mark.parametrize(("players", "cylon", "not_cylon", "agenda"), [
    (4, 1, 6, "sympathetic"), (5, 1, 8, "hostile"), (6, 2, 9, "sympathetic")])
def test_exodus_with_a_leader_builds_r123s_deck_and_never_the_sympathizer(
        players: int, cylon: int, not_cylon: int, agenda: str) -> None:
    state = start_game(players, SIX[-players:], options=EXODUS_LEADER)
    everything = [c for p in state["players"] for c in p["loyalty"]] + state["decks"]["loyalty"]
    kinds = Counter("cylon" if CONTENT.loyalty[card_id(c)].side == "cylon" else "human" for c in everything)
    assert kinds == {"cylon": cylon, "human": not_cylon}
    assert not any(CONTENT.loyalty[card_id(c)].side == "sympathizer" for c in everything)
    assert CONTENT.agendas[state["players"][_leader(state)]["agenda"]].kind == agenda
    assert state["players"][_leader(state)]["loyalty"] == []
    with pytest.raises(IllegalCommand) as refused:  # not with 3 players
        RULES.validate_options(3, EXODUS_LEADER)
    assert refused.value.code == "cylon_leader_not_with_3_players"


@pytest.mark.rules("bsg:R204", "bsg:R803")
def test_an_infiltrated_leader_draws_three_cards_of_his_own_set() -> None:
    state = start_game(5, SIX[1:], options=LEADER)
    leader = _leader(state)
    p = state["players"][leader]
    p["cylon"], p["location"] = False, "command"
    state["current"], state["step"] = leader, "receive"
    own = set(CONTENT.characters[p["character"]].skill_types)
    picks = [c.args["picks"] for c in RULES.legal_commands(state, leader)]
    assert picks and all(len(x) == 3 and set(x) <= own for x in picks)
    assert ["politics", "politics", "politics"] in picks  # the extra card of any type of his set
    before = len(p["hand"])
    state = act(state, leader, "receive_skills", picks=["politics", "leadership", "tactics"])
    assert len(state["players"][leader]["hand"]) == before + 3


@pytest.mark.rules("bsg:R204", "bsg:R406")
def test_an_infiltrated_sympathetic_cylon_draws_three_cards_of_different_types() -> None:
    state = start_game(4, BASE_5[:4], options={"pegasus": True, "friendly_cylon": True})
    me = 1
    p = state["players"][me]
    p["friendly"], p["cylon"], p["location"] = True, False, "command"
    state["current"], state["step"] = me, "receive"
    picks = [c.args["picks"] for c in RULES.legal_commands(state, me)]
    assert picks and all(len(x) == 3 and len(set(x)) == 3 for x in picks)
    assert {t for x in picks for t in x} == set(CONTENT.skill_types) - {"treachery"}
    with pytest.raises(IllegalCommand):
        act(state, me, "receive_skills", picks=["politics", "politics", "tactics"])
    before = len(p["hand"])
    state = act(state, me, "receive_skills", picks=["politics", "piloting", "engineering"])
    drawn = sorted(skill_of(c) for c in state["players"][me]["hand"][before:])
    assert drawn == ["engineering", "piloting", "politics"]


@pytest.mark.rules("bsg:R006", "bsg:R801", "bsg:R803")
def test_humans_never_use_treachery_text_and_an_infiltrated_leader_uses_normal_cards() -> None:
    state = start_game(5, SIX[1:], options=LEADER)
    leader = _leader(state)
    treachery = state["decks"]["skill"]["treachery"].pop()
    normal = skill_card(state, "politics")
    assert card_id(normal) in CONTENT.skill_cards and CONTENT.skill_cards[card_id(normal)].timing == "action"
    human = next(p["seat"] for p in state["players"] if p["seat"] != leader)
    state["players"][human]["hand"] = [treachery]
    state["current"], state["step"] = human, "action"
    assert not [c for c in RULES.legal_commands(state, human) if c.kind == "play_skill"]
    with pytest.raises(IllegalCommand) as refused:
        act(state, human, "play_skill", card=treachery)
    assert (refused.value.code, refused.value.rule) == ("treachery_not_for_humans", "bsg:R801")
    p = state["players"][leader]
    p["cylon"], p["location"], p["hand"] = False, "command", [treachery, normal]  # infiltrated (R803)
    state["current"] = leader
    played = {c.args["card"] for c in RULES.legal_commands(state, leader) if c.kind == "play_skill"}
    assert played == {normal}
    p["cylon"], p["location"] = True, "caprica"  # back among the Cylons: Treachery only (R260, R801)
    played = {c.args["card"] for c in RULES.legal_commands(state, leader) if c.kind == "play_skill"}
    assert played <= {treachery} and normal not in played


def _kat_over_her_limit(location: str) -> tuple[State, int]:
    state = start_game(4, ["william_adama", "laura_roslin", "louanne_katraine", "saul_tigh"],
                       options={"pegasus": True})
    kat = next(p["seat"] for p in state["players"] if p["character"] == "louanne_katraine")
    p = state["players"][kat]
    p["location"], p["viper"] = location, None
    p["hand"] = [skill_card(state, "piloting") for _ in range(9)]
    state["current"] = (kat + 1) % 4
    state["step"], state["discards"] = "end", [kat]
    return state, kat


@pytest.mark.rules("bsg:R437", "bsg:R008")
@pytest.mark.parametrize(("where", "after"), [("hangar_deck", "sickbay"), ("brig", "brig")])
def test_kats_stim_junkie_sends_her_to_sickbay_but_never_out_of_the_brig(where: str, after: str) -> None:
    state, kat = _kat_over_her_limit(where)
    out = RULES.apply(state, Command(kat, "discard_excess", {"card": state["players"][kat]["hand"][0]}),
                      Rng.from_seed(7))
    p = out.state["players"][kat]
    assert len(p["hand"]) == 8 and p["location"] == after
    assert any(e.kind == "stim_junkie_sickbay" for e in out.events) is (after == "sickbay")


@pytest.mark.rules("bsg:R203", "bsg:R456")
def test_anders_as_a_new_character_skips_his_next_receive_skills_only() -> None:
    state = to_step(start_game(5, BASE_5, options={"exodus": True, "pegasus": True}), "crisis")
    state["decks"]["crisis"].append("summary_justice")
    me = state["current"]
    set_loyalty(state, me, "not_a_cylon")
    state = execute(state, me)
    assert pending_prompt(state) == "choose_new_character"
    state = act(state, me, "choose_new_character", character="samuel_anders")
    assert state["players"][me]["skip_receive"] is True
    before = len(state["players"][me]["hand"])
    ctx = Ctx(state=state, rng=Rng.from_seed(7))
    state["current"], state["step"] = (me - 1) % 5, "end"
    turns.finish_turn(ctx)
    assert state["current"] == me and state["step"] == "move"
    assert [e.data["seat"] for e in ctx.events if e.kind == "receive_skipped"] == [me]
    assert len(state["players"][me]["hand"]) == before and "skip_receive" not in state["players"][me]
    state["current"], state["step"] = (me - 1) % 5, "end"  # his turn after that: Receive Skills as ever
    turns.finish_turn(ctx)
    assert state["current"] == me and state["step"] == "receive"
