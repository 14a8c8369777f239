"""The Pegasus characters (bsg:R104, R105, R160, R800; RULINGS G56): Helena Cain, Ellen Tigh, Louanne "Kat"
Katraine and Anastasia "Dee" Dualla, chosen only at a Pegasus table, ranked in the lines of succession where
R160 puts them, their sheets read by the rules the base sheets use."""

from __future__ import annotations

import pytest

from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import available_characters
from games.bsg.engine.state import CONTENT
from games.bsg.engine.traits import hand_limit
from games.engine.core import IllegalCommand
from tests.bsg.engine.helpers import PEGASUS, act, new_game, start_game, to_step
from tests.bsg.engine.test_loyalty import seat_of

PEGASUS_CHARACTERS = {"helena_cain", "ellen_tigh", "louanne_katraine", "anastasia_dualla"}
CAIN_TABLE = ["helena_cain", "ellen_tigh", "louanne_katraine", "william_adama", "anastasia_dualla"]


@pytest.mark.rules("bsg:R104")
def test_the_pegasus_characters_are_offered_at_a_pegasus_table_only() -> None:
    assert {c.id for c in CONTENT.characters_in(("pegasus",)) if c.type != "cylon_leader"} == PEGASUS_CHARACTERS
    assert set(available_characters(new_game(5, options=PEGASUS))) >= PEGASUS_CHARACTERS
    base = new_game(5)
    assert not PEGASUS_CHARACTERS & set(available_characters(base))
    with pytest.raises(IllegalCommand) as refused:
        act(base, base["chooser"], "choose_character", character="helena_cain")
    assert refused.value.code == "character_not_available"


@pytest.mark.rules("bsg:R105", "bsg:R160")
def test_cain_outranks_adama_for_the_admiral_title_and_starts_in_pegasus_cic() -> None:
    state = start_game(5, CAIN_TABLE, options=PEGASUS)
    cain = seat_of(state, "helena_cain")
    assert state["admiral"] == cain and state["players"][cain]["nukes"] == 2
    assert state["players"][cain]["location"] == "pegasus_cic"
    assert state["president"] == seat_of(state, "ellen_tigh")  # Roslin, Baltar and Zarek are not in play
    assert state["players"][seat_of(state, "anastasia_dualla")]["location"] == "communications"


@pytest.mark.rules("bsg:R210", "bsg:R800")
def test_cain_as_admiral_stays_aboard_the_pegasus_and_her_blind_jump_moves_two_spaces() -> None:
    state = start_game(5, CAIN_TABLE, options=PEGASUS)
    cain = seat_of(state, "helena_cain")
    state["current"] = cain
    state = to_step(state, "move")
    ships = {CONTENT.locations[c.args["location"]].ship for c in RULES.legal_commands(state, cain)
             if c.kind == "move"}
    assert ships == {"pegasus"}
    state = act(state, cain, "stay")
    jump = state["jump"]
    state = act(state, cain, "use_ability")
    assert state["jump"] == jump + 2 and cain in state["once_used"]


@pytest.mark.rules("bsg:R220", "bsg:R008", "bsg:R201")
def test_the_other_sheets_dee_kat_and_ellen() -> None:
    state = to_step(start_game(5, CAIN_TABLE, options=PEGASUS), "action")
    dee = seat_of(state, "anastasia_dualla")
    state["current"] = dee
    state["players"][dee]["location"] = "airlock"
    state["players"][seat_of(state, "william_adama")]["location"] = "brig"
    with pytest.raises(IllegalCommand) as refused:
        act(state, dee, "activate_location", target=seat_of(state, "william_adama"))
    assert refused.value.code == "location_barred"
    assert hand_limit(state, seat_of(state, "louanne_katraine")) == 8
    ellen = seat_of(state, "ellen_tigh")
    state["current"], state["step"] = ellen, "receive"
    picks = [c.args["picks"] for c in RULES.legal_commands(state, ellen)]
    assert len(picks) == 5 and all(len(p) == 1 for p in picks)  # 1 card of any colour besides her sheet
    hand = len(state["players"][ellen]["hand"])
    state["resources"]["morale"] = CONTENT.board.resource_half["morale"]  # Drunkard: 1 card fewer
    state = act(state, ellen, "receive_skills", picks=["engineering"])
    assert len(state["players"][ellen]["hand"]) == hand + 5 - 1 + 1
