"""The Ascendancy log and prompts say their counts in the singular or the plural as the number wants ("takes 1 hit",
"takes 3 hits"; Italian "subisce 1 colpo", "subisce 3 colpi"), and every die roll says what it was rolled for, in
words, in English and Italian."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from django.utils import translation

from games.ascendancy.engine import messages
from games.ascendancy.presenter import DICE_REASONS, borg_map
from games.engine import registry
from games.engine.core import Decision
from games.parts import Part, render_part
from games.presenters import presenter_for

PRESENTER = presenter_for("ascendancy")
RULES = registry.get("ascendancy")
ENGINE = Path(messages.__file__).parent


def _event(kind: str, language: str, **data: object) -> str:
    with translation.override(language):
        return str(PRESENTER.event_text(RULES, kind, data))


@pytest.mark.rules("ascendancy:R239")
def test_a_cube_takes_one_hit_or_several_hits() -> None:
    assert _event("borg_cube_hit", "en", cube="cube2", hits=1).startswith("The Cube #2 takes 1 hit.")
    assert _event("borg_cube_hit", "en", cube="cube2", hits=3).startswith("The Cube #2 takes 3 hits.")
    assert _event("borg_cube_hit", "it", cube="cube2", hits=1).startswith("Il Cubo #2 subisce 1 colpo.")
    assert _event("borg_cube_hit", "it", cube="cube2", hits=3).startswith("Il Cubo #2 subisce 3 colpi.")


@pytest.mark.rules("ascendancy:R100")
def test_each_count_of_a_sentence_takes_its_own_form() -> None:
    assert (
        _event("invasion_round", "en", system="earth", hits=1, nodes=2)
        == "Invasion of Earth: 1 hit against 2 nodes."
    )
    assert (
        _event("invasion_round", "it", system="earth", hits=2, nodes=1)
        == "Invasione di Terra: 2 colpi contro 1 nodo."
    )
    assert _event("casualties", "en", seat=0, ships=1) == "Player 1 loses 1 ship."
    assert _event("casualties", "en", seat=0, ships=0) == "Player 1 loses 0 ships."
    assert _event("combat_dice", "en", seat=0, dice=[6], on=1, need=5, hits=1).endswith("(hit on 5+): 1 hit.")
    assert _event("ambassador_placed", "en", seat=0, system="vulcan_home", left=1).endswith(
        "(1 Ambassador left)."
    )
    assert _event("ambassador_placed", "it", seat=0, system="vulcan_home", left=1).endswith("(ne resta 1).")
    assert _event("ambassador_placed", "it", seat=0, system="vulcan_home", left=2).endswith("(ne restano 2).")
    assert _event("hazard_faced", "en", seat=0, system="earth", target=5, dice=[5], destroyed=1).endswith(
        "and loses 1 ship."
    )
    assert _event("first_strike", "en", seats=[0]) == "First Strike: player 1 fires first."
    assert _event("first_strike", "en", seats=[0, 2]) == "First Strike: players 1, 3 fire first."
    assert _event("first_strike", "it", seats=[1]) == "Primo Colpo: il giocatore 2 spara per primo."


def test_a_prompts_count_takes_its_form_too() -> None:
    decision = Decision(
        key="k", seats=frozenset({0}), prompt="borg_allocate_hits", params={"hits": 1, "target": 0}
    )
    with translation.override("en"):
        assert PRESENTER.prompt_text(RULES, decision).startswith(
            "The Borg score 1 hit on the ships of player 1"
        )
    with translation.override("it"):
        assert PRESENTER.prompt_text(RULES, decision).startswith("I Borg mettono a segno 1 colpo sulle navi")
    collateral = Decision(
        key="k", seats=frozenset({0}), prompt="collateral", params={"hits": 1, "system": "earth"}
    )
    with translation.override("en"):
        assert (
            PRESENTER.prompt_text(RULES, collateral)
            == "Choose a Resource Node of Earth to destroy (1 hit left)."
        )
    with translation.override("it"):
        assert PRESENTER.prompt_text(RULES, collateral).endswith("(1 colpo rimasto).")


def test_every_counted_text_has_its_placeholders_and_nouns() -> None:
    """Each counted placeholder is in its text (a prompt's or an event's), its noun is known,
    and no English text still prints a count followed by a plural noun of its own ("{hits} hits", "ship(s)")."""
    for table, counted in (
        (messages.PROMPTS, messages.COUNTED_PROMPTS),
        (messages.EVENTS, messages.COUNTED_EVENTS),
    ):
        for key, counts in counted.items():
            fields = {f for _, f, _, _ in string.Formatter().parse(table[key]) if f}
            assert set(counts) <= fields, key
            assert set(counts.values()) <= set(messages.NOUNS), key
    for one, many in messages.NOUNS.values():
        assert "{n}" in one and "{n}" in many
    bare = re.compile(
        r"\{(\w+)\} (hits|ships|nodes|Cubes|resources|sectors|cards|Commands|structures|left|lost)\b|\(s\)"
    )
    for table in (messages.PROMPTS, messages.EVENTS):
        assert not [text for text in table.values() if bare.search(text)]


def test_counts_read_in_italian_for_every_noun() -> None:
    with translation.override("it"):
        for key, (one, many) in messages.NOUNS.items():
            for n in (1, 2):
                said = translation.ngettext(one, many, n)
                assert said != (one if n == 1 else many), (key, n)
                assert "{n}" in said, key


@pytest.mark.rules("ascendancy:R43")
def test_every_die_roll_says_what_for_in_english_and_italian() -> None:
    """Every reason the engine rolls dice for (each ``ctx.roll(..., "why", ...)``, and combat's attack, defend and
    invade) has words; the log line shows them, not the engine's key."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(ENGINE.glob("*.py")))
    whys = set(re.findall(r'\.roll\([^,()]+(?:\([^()]*\))?, "(\w+)"', source)) | {
        "attack",
        "defend",
        "invade",
    }
    assert {"hegemony", "diplomacy", "mines", "hazard", "reroll", "planet_defence", "borg_reroll"} <= whys
    assert whys <= set(DICE_REASONS), whys - set(DICE_REASONS)
    for why in sorted(whys):
        en = _event("dice_rolled", "en", seat=0, why=why, dice=[2, 5])
        it = _event("dice_rolled", "it", seat=0, why=why, dice=[2, 5])
        assert en == f"Dice ({DICE_REASONS[why]}): 2, 5.", en
        assert it.startswith("Dadi (") and it.endswith("): 2, 5.") and "_" not in it, it
        assert it[len("Dadi (") : -len("): 2, 5.")] != DICE_REASONS[why], (
            it
        )  # said in Italian, not left in English
    assert _event("dice_rolled", "en", seat=0, why="hegemony", dice=[4]) == "Dice (Cultural Hegemony): 4."
    assert (
        _event("dice_rolled", "it", seat=0, why="attack", dice=[4])
        == "Dadi (attacco in una battaglia spaziale): 4."
    )


def _status_html(left: int, warp: bool) -> str:
    data = {
        "end": None,
        "battle": None,
        "round": 3,
        "phase": "Action Stage",
        "turn_who": "",
        "turn_civ": "",
        "turn_phase": "",
        "order": [],
        "borg": None,
        "bids": [],
        "stack": 5,
        "exploration": 9,
        "discard": [],
        "move": {"place": "Earth", "left": left, "warp": warp},
    }
    return str(render_part(Part("asc-status", "ascendancy/status.html", data, public=True)))


@pytest.mark.rules("ascendancy:R45", "ascendancy:R46")
def test_the_status_line_counts_the_sectors_left_of_a_move() -> None:
    with translation.override("en"):
        assert "Warp move under way at Earth: 1 sector left." in _status_html(1, True)
        assert "Impulse move under way at Earth: 2 sectors left." in _status_html(2, False)
    with translation.override("it"):
        assert "resta 1 settore." in _status_html(1, False)
        assert "restano 2 settori." in _status_html(2, True)


@pytest.mark.rules("ascendancy:R219")
def test_a_spires_title_counts_its_assimilation_nodes() -> None:
    def title(nodes: int) -> str:
        borg = borg_map({"borg": {"spires": [{"system": "vega", "nodes": nodes}]}}, {"S:vega": (10.0, 10.0)})
        assert borg is not None
        return str(borg["spires"][0]["title"])

    with translation.override("en"):
        assert title(1) == "Borg Spire: 1 Assimilation Node"
        assert title(3) == "Borg Spire: 3 Assimilation Nodes"
    with translation.override("it"):
        assert title(1) == "Guglia Borg: 1 Nodo di Assimilazione"
