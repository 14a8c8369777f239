"""The Sympathetic ("friendly") Cylon (bsg:R128, R406, R806, R150; RULINGS G62): the option puts "You Are a
Sympathetic Cylon" where the Sympathizer would be; the human who receives it in the Sleeper Agent phase reveals
it, is a revealed Cylon without a Super Crisis card, draws a Sympathetic Agenda and wins by it alone; he may
infiltrate like a Cylon Leader and, infiltrated, draws 3 cards of 3 different types."""

from __future__ import annotations

import pytest

from games.bsg.engine import loyalty
from games.bsg.engine.rules import RULES
from games.bsg.engine.setup import title_holder
from games.bsg.engine.state import CONTENT, card_id
from games.engine.core import IllegalCommand, Rng
from games.engine.core.context import Ctx
from tests.bsg.engine.helpers import State, act, start_game, to_step

FOUR = ["william_adama", "laura_roslin", "kara_thrace", "gaius_baltar"]
FRIENDLY = {"pegasus": True, "friendly_cylon": True}


def sleeper_turn() -> State:
    """A Sympathetic Cylon table whose next destination choice reaches distance 4 (R405)."""
    state = to_step(start_game(4, FOUR, options=FRIENDLY), "crisis")
    state["decks"]["crisis"].append("water_sabotaged")
    state["jump"] = len(CONTENT.board.jump_track) - 2
    state["distance"] = 3
    state["decks"]["destination"] += ["tylium_planet", "icy_moon"]
    state = act(state, state["current"], "draw_crisis")
    state = act(state, state["current"], "activate_cylons")
    while state["activation"] is not None:
        area = RULES.legal_commands(state, state["current"])[0].args["area"]
        state = act(state, state["current"], "activate_area", area=area)
    return act(state, state["current"], "prepare_jump")


@pytest.mark.rules("bsg:R806", "bsg:R150")
def test_the_option_needs_pegasus_and_not_daybreak() -> None:
    with pytest.raises(IllegalCommand) as refused:
        RULES.validate_options(4, {"friendly_cylon": True})
    assert refused.value.code == "friendly_cylon_needs_pegasus"
    with pytest.raises(IllegalCommand) as refused:
        RULES.validate_options(4, {"pegasus": True, "daybreak": True, "friendly_cylon": True})
    assert (refused.value.code, refused.value.rule) == ("friendly_cylon_not_with_daybreak", "bsg:R150")


@pytest.mark.rules("bsg:R128", "bsg:R120", "bsg:R142")
def test_the_sympathetic_cylon_takes_the_sympathizers_place() -> None:
    state = start_game(4, FOUR, options=FRIENDLY)
    deck = [card_id(c) for c in state["decks"]["loyalty"]]
    assert "sympathetic_cylon" in deck and "sympathizer" not in deck
    assert any(card_id(c) == "sympathizer" for c in state["decks"]["loyalty_box"])
    assert not any(card_id(c) == "sympathetic_cylon" for p in state["players"] for c in p["loyalty"])  # step 5
    plain = start_game(4, FOUR, options={"pegasus": True})
    assert "sympathizer" in [card_id(c) for c in plain["decks"]["loyalty"]]


@pytest.mark.rules("bsg:R406", "bsg:R405", "bsg:R805", "bsg:R402")
def test_a_human_drawing_it_becomes_a_revealed_cylon_with_a_sympathetic_agenda() -> None:
    state = sleeper_turn()
    card = next(c for c in state["decks"]["loyalty"] if card_id(c) == "sympathetic_cylon")
    state["decks"]["loyalty"].remove(card)
    state["decks"]["loyalty"].append(card)  # the active player's draw
    drawer = state["current"]
    super_crises = len(state["decks"]["super_crisis"])
    state = act(state, state["admiral"], "choose_destination", card="icy_moon")
    p = state["players"][drawer]
    assert card in p["revealed"] and p["cylon"] and p["friendly"] and p["location"] == "resurrection_ship"
    assert p["super_crisis"] == [] and len(state["decks"]["super_crisis"]) == super_crises  # R406a
    assert CONTENT.agendas[p["agenda"]].kind == "sympathetic"
    assert "agenda" not in RULES.view(state, (drawer + 1) % 4)["players"][drawer]
    # R406b: he may infiltrate from the Human Fleet; R406c: then 3 cards of 3 different types
    p["location"] = "human_fleet"
    state["current"], state["step"] = drawer, "action"
    state["prompt"], state["give_away"], state["forced"], state["discards"] = None, [], {}, []
    assert any(c.kind == "infiltrate" for c in RULES.legal_commands(state, drawer))
    state = act(state, drawer, "infiltrate", location="press_room")
    state["step"] = "receive"
    picks = [c.args["picks"] for c in RULES.legal_commands(state, drawer)]
    assert picks and all(len(set(p)) == 3 for p in picks) and len(picks) == 10
    # the end: on neither side, he wins by his Agenda only
    state["phase"], state["result"] = "over", {"winner": "humans", "reason": "kobol_reached", "cylons": [],
                                                "leaders": {str(drawer): False}}
    result = RULES.result(state)
    assert result is not None and drawer not in result.winners
    assert all(drawer not in team for team in result.teams)


@pytest.mark.rules("bsg:R406", "bsg:R803", "bsg:R422")
def test_an_infiltrated_sympathetic_cylon_never_takes_a_title_by_succession() -> None:
    """R406b, R803e: infiltrated, he is a human player who can never become President or Admiral, even when
    his character stands first in the line of succession."""
    state = start_game(4, FOUR, options=FRIENDLY)
    roslin = next(p["seat"] for p in state["players"] if p["character"] == "laura_roslin")
    adama = next(p["seat"] for p in state["players"] if p["character"] == "william_adama")
    for seat in (roslin, adama):
        state["players"][seat]["friendly"] = True  # revealed Sympathetic Cylons, now infiltrated
        state["players"][seat]["cylon"] = False
    assert title_holder(state, "president") not in (roslin, adama)
    assert title_holder(state, "admiral") not in (roslin, adama)
    ctx = Ctx(state=state, rng=Rng.from_seed(1))
    loyalty.pass_title(ctx, "president", "revealed")
    loyalty.pass_title(ctx, "admiral", "revealed")
    assert state["president"] not in (roslin, adama) and state["admiral"] not in (roslin, adama)
