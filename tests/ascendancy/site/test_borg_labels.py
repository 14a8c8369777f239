"""The buttons of the Borg decisions that belong to a player read as sentences, in English and Italian: which
Cube activates next (ascendancy:R223), which ship a Borg hit destroys (R234), retreat or fight on (R96), the
Borg Telemetry Node (R228), the card an Assimilated player gives a Cube (R258), the Structure an Assimilation
takes (R253) and reclaiming a system (B25); the 1-player browser game showed "choose cube cube=cube1"."""

from __future__ import annotations

import re
from typing import Any, cast

import pytest
from django.utils import translation

from games.ascendancy.presenter import AscendancyPresenter
from games.engine import registry
from games.engine.core import Command, Rng
from games.presenters import presenter_for
from tests.browser.asc_borg_scenario import scenario_state

RULES = registry.get("ascendancy")
PRESENTER = cast(AscendancyPresenter, presenter_for("ascendancy"))
RAW = re.compile(r"[_={]|\b[SL]:|\bship:|\bfleet:|\bcube\d")


def _label(kind: str, view: dict[str, Any], args: dict[str, Any], language: str = "en") -> str:
    with translation.override(language):
        return str(PRESENTER.command_label(RULES, Command(0, kind, args), view))


@pytest.mark.rules(
    "ascendancy:R223",
    "ascendancy:R234",
    "ascendancy:R96",
    "ascendancy:R228",
    "ascendancy:R258",
    "ascendancy:R253",
)
def test_each_borg_decision_button_says_what_it_does() -> None:
    view = RULES.view(scenario_state(), 0)
    expected = {
        ("choose_cube", (("cube", "cube1"),)): "Activate the Borg Cube #1 (Terra Nova)",
        ("borg_hit", (("unit", "ship:L:l2:1"),)): "The Borg hit destroys a ship at sector 1 of the lane from "
        "Terra Nova – Transwarp Hub",
        ("borg_retreat", (("retreat", True),)): "Retreat from the Borg Cube",
        ("borg_retreat", (("retreat", False),)): "Fight on",
        (
            "borg_telemetry",
            (("use", True),),
        ): "Discard the Borg Telemetry Node: the Cube draws another Command",
        ("borg_telemetry", (("use", False),)): "Keep the Borg Telemetry Node",
        (
            "borg_assign_command",
            (("card", "borg_command_01"),),
        ): "Give the Borg Command Acquire Starbase to the active Cube",
        ("borg_lose_structure", (("structure", "node:production"),)): "Lose a Production node",
        ("borg_lose_structure", (("structure", "starbase"),)): "Lose the starbase",
        ("borg_reclaim", (("go_on", True),)): "Fight another round to reclaim the system",
        ("borg_reclaim", (("go_on", False),)): "Stop reclaiming the system",
    }
    for (kind, args), english in expected.items():
        assert _label(kind, view, dict(args)) == english
        italian = _label(kind, view, dict(args), "it")
        assert italian != english and not RAW.search(italian), (kind, italian)
    assert (
        _label("choose_cube", view, {"cube": "cube2"}, "it")
        == "Attiva il Cubo Borg #2 (Fulcro di Transcurvatura)"
    )


@pytest.mark.rules("ascendancy:R268")
def test_every_command_of_a_one_player_game_against_the_borg_reads_as_a_sentence() -> None:
    """Random 1-player Delta Quadrant games: every button offered, the Borg decisions' included, is a sentence."""
    import random

    offered: set[str] = set()
    for seed in (1, 2, 3):
        rng = Rng.from_seed(seed)
        out = RULES.setup(
            num_players=1, options=RULES.validate_options(1, {"borg_mode": "delta_quadrant"}), rng=rng
        )
        state = out.state
        rnd = random.Random(seed)
        for _ in range(600):
            if state["phase"] == "over":
                break
            command = RULES.auto_command(state)
            if command is None:
                legal = [
                    c for c in RULES.legal_commands(state, 0) if c.kind not in ("standing", "clear_standing")
                ]
                view = RULES.view(state, 0)
                for c in legal:
                    offered.add(c.kind)
                    label = str(PRESENTER.command_label(RULES, c, view))
                    assert not RAW.search(label), (c, label)
                weights = [3 if c.kind in ("end_build", "end_turn", "stop") else 1 for c in legal]
                command = rnd.choices(legal, weights)[0]
            state = RULES.apply(state, command, rng).state
    assert {"choose_cube", "end_turn"} <= offered


@pytest.mark.rules("ascendancy:R232", "ascendancy:R239", "ascendancy:R218")
def test_the_borg_turns_dice_say_what_they_were_rolled_for() -> None:
    """The Borg turn's log lines: "Dice (against a Borg Cube)", not the engine's "borg_battle"."""
    said = {}
    for language in ("en", "it"):
        with translation.override(language):
            said[language] = [
                str(PRESENTER.event_text(RULES, "dice_rolled", {"seat": 0, "why": why, "dice": [3, 6]}))
                for why in ("borg_battle", "borg_attack", "borg_hub_roll")
            ]
    assert said["en"] == [
        "Dice (against a Borg Cube): 3, 6.",
        "Dice (the Borg Cube fires): 3, 6.",
        "Dice (the Transwarp Hub roll): 3, 6.",
    ]
    assert said["it"][0] == "Dadi (contro un Cubo Borg): 3, 6."
    assert not any("_" in text or "borg " in text for text in said["en"] + said["it"])
