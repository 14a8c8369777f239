"""The Borg at the table: the option, the 1-2 player games, setup, hidden decks, the Turn Order card
(ascendancy:R216, R266-R275, §2.3-2.5)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ascendancy.engine import RULES, catalog
from games.engine.core import IllegalCommand, Rng
from tests.support.engine import strings

from .helpers import build, cmd, run

CIVS = ("federation", "klingon", "romulan")


def setup(civs: tuple[str, ...] = CIVS, seed: int = 1, **options: object) -> dict[str, Any]:
    state: dict[str, Any] = RULES.setup_with_civs(list(civs), options, Rng.from_seed(seed)).state
    return state


@pytest.mark.rules("ascendancy:R266", "ascendancy:R267", "ascendancy:R268")
def test_one_and_two_players_only_against_the_borg_in_the_delta_quadrant() -> None:
    for n in (1, 2):
        with pytest.raises(IllegalCommand) as exc:
            RULES.validate_options(n, {})
        assert exc.value.code == "borg_required"
        with pytest.raises(IllegalCommand):
            RULES.validate_options(n, {"borg_mode": "discovered"})
        assert RULES.validate_options(n, {"borg_mode": "delta_quadrant"})["borg_mode"] == "delta_quadrant"
    assert RULES.validate_options(3, {})["borg_mode"] == "none"
    with pytest.raises(IllegalCommand):
        RULES.validate_options(8, {"borg_mode": "delta_quadrant"})
    state = setup(("federation",), borg_mode="delta_quadrant")
    assert state["n"] == 1 and state["automata"] == ["borg"]


@pytest.mark.rules("ascendancy:R269", "ascendancy:R270", "ascendancy:R271", "ascendancy:R273",
                   "ascendancy:R274", "ascendancy:R275")
def test_the_optional_borg_rules_need_the_borg() -> None:
    for option in ("borg_attack_command_attack", "borg_three_spires", "borg_takes_a_fleet", "borg_out_there"):
        with pytest.raises(IllegalCommand) as exc:
            RULES.validate_options(3, {option: True})
        assert exc.value.code == "option_needs_option"
        assert RULES.validate_options(3, {option: True, "borg_mode": "discovered"})[option] is True
    with pytest.raises(IllegalCommand):
        RULES.validate_options(3, {"borg_mode": "discovered", "borg_mysterious_turn_order": True})
    with pytest.raises(IllegalCommand):
        RULES.validate_options(3, {"borg_mode": "discovered", "borg_humble_origins": True})


@pytest.mark.rules("ascendancy:R216", "ascendancy:R218", "ascendancy:R224")
def test_delta_quadrant_setup_places_the_hub_and_shuffles_both_decks() -> None:
    state = setup(borg_mode="delta_quadrant")
    b = state["borg"]
    assert b["hub"] == "transwarp_hub" and "transwarp_hub" in state["systems"]
    homes = [state["systems"][h]["xy"] for h in ("earth", "qonos", "romulus")]
    hub = state["systems"]["transwarp_hub"]["xy"]
    gaps = [round(((x - hub[0]) ** 2 + (y - hub[1]) ** 2) ** 0.5, 2) for x, y in homes]
    assert len(set(gaps)) == 1  # equidistant from every home (§2.3)
    assert sorted(b["commands"]["deck"]) == sorted(catalog.CONTENT.borg_command_deck(red=True))
    assert len(b["commands"]["deck"]) == 30 and len(b["tech"]["deck"]) == 20
    assert b["commands"]["deck"] != list(catalog.CONTENT.borg_command_deck(red=True))  # shuffled
    other = setup(seed=2, borg_mode="delta_quadrant")["borg"]["commands"]["deck"]
    assert other != b["commands"]["deck"]


@pytest.mark.rules("ascendancy:R216")
def test_discovered_borg_have_no_hub_and_no_red_cards() -> None:
    state = setup(borg_mode="discovered")
    b = state["borg"]
    assert b["hub"] is None
    assert "transwarp_hub" not in state["systems"] and "transwarp_hub" not in state["stack"]
    assert len(b["commands"]["deck"]) == 25
    assert not any(catalog.CONTENT.borg_commands[c].red for c in b["commands"]["deck"])


@pytest.mark.rules("ascendancy:R272")
def test_borg_discs_go_into_the_lower_part_of_the_stack() -> None:
    for mode in ("discovered", "delta_quadrant", "delta_probe"):
        state = setup(borg_mode=mode)
        borg = [d for d in state["stack"] if d in catalog.BORG_DISCS]
        expected = 7 if mode == "delta_probe" else 6
        assert len(borg) == expected, mode
        top = state["stack"][-2 * state["n"]:]
        assert not set(top) & set(catalog.BORG_DISCS)
    plain = setup()
    assert not set(plain["stack"]) & set(catalog.BORG_DISCS) and "borg" not in plain


@pytest.mark.rules("ascendancy:R216")
def test_one_player_hub_lies_at_the_chosen_distance_from_home() -> None:
    for cm in ("30", "45", "60"):
        state = setup(("federation",), borg_mode="delta_quadrant", borg_hub_distance=cm)
        (hx, hy), (x, y) = state["systems"]["earth"]["xy"], state["systems"]["transwarp_hub"]["xy"]
        assert round(((hx - x) ** 2 + (hy - y) ** 2) ** 0.5) == int(cm)


@pytest.mark.rules("ascendancy:R216")
def test_views_hide_the_borg_decks_and_rerandomise_reshuffles_them() -> None:
    state = setup(borg_mode="delta_quadrant")
    hidden = set(state["borg"]["commands"]["deck"]) | set(state["borg"]["tech"]["deck"])
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        assert not hidden & strings({k: v for k, v in view.items() if k != "options"})
        assert view["borg"]["commands"]["deck_count"] == 30 and view["borg"]["tech"]["deck_count"] == 20
    again = RULES.rerandomise(state, 0, Rng.from_seed(9))
    assert sorted(again["borg"]["commands"]["deck"]) == sorted(state["borg"]["commands"]["deck"])
    assert again["borg"]["commands"]["deck"] != state["borg"]["commands"]["deck"]
    zones = {z.name: z for z in RULES.zones(state)}
    assert zones["borg_command_deck"].visibility == "hidden" and zones["borg_tech_deck"].visibility == "hidden"


@pytest.mark.rules("ascendancy:R216", "ascendancy:R7")
def test_the_borg_are_dealt_a_random_turn_order_card_every_round() -> None:
    seen = set()
    for seed in range(12):
        state = setup(seed=seed, borg_mode="delta_quadrant")
        assert sorted(state["cards"].values()) == [1, 2, 3, 4]  # N+1 cards
        assert "borg" in state["order"]
        seen.add(state["cards"]["borg"])
    assert len(seen) > 1  # random, not always last


@pytest.mark.rules("ascendancy:R216", "ascendancy:R7")
@pytest.mark.scenarios("ascendancy:S4")
def test_the_borg_not_yet_on_the_table_never_bid_and_get_a_random_card_after_the_bidders() -> None:
    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], turn=None, options={"borg_mode": "discovered"})
    assert not state["borg"]["cubes"] and not state["borg"]["spires"]  # not yet on the table
    assert state["initiative"]["bidders"] == [0, 1, 2]
    asked = []
    for seat, args in ((0, {"production": 1}), (1, {}), (2, {})):
        asked += [(d.prompt, sorted(d.seats)) for d in RULES.pending(state)]
        state, _ = run(state, cmd(seat, "bid", **args))
    assert asked == [("bid", [0]), ("bid", [1]), ("bid", [2])]  # no bid is asked of the Borg
    assert state["phase"] == "pick_card"
    cards: set[int] = set()
    for seed in range(10):
        after, events = run(state, cmd(0, "pick_card", card=1), seed=seed)
        assert after["phase"] == "turn" and sorted(after["cards"].values()) == [1, 2, 3, 4]
        assert [e.data["card"] for e in events if e.kind == "turn_order_card_dealt"
                and e.data["automaton"] == "borg"] == [after["cards"]["borg"]]
        assert "borg" in after["order"]
        cards.add(after["cards"]["borg"])
    assert cards == {2, 3, 4}  # any card the bidder left, at random


@pytest.mark.rules("ascendancy:R274", "ascendancy:R152")
def test_mysterious_turn_order_hides_the_borg_card_from_everyone_until_their_turn() -> None:
    from games.engine.core import AUTO_SEAT, Command

    out = RULES.setup_with_civs(list(CIVS), {"borg_mode": "delta_quadrant", "mysterious_turn_order": True,
                                             "borg_mysterious_turn_order": True}, Rng.from_seed(3))
    state = out.state
    dealt = [e for e in out.events if e.kind == "turn_order_card_dealt" and e.data["automaton"] == "borg"]
    assert dealt and all(e.for_seat(seat) is None for e in dealt for seat in (None, 0, 1, 2))
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        assert "borg" not in view["cards"] and "borg" not in view["order"]
    rng = Rng.from_seed(5)
    for _ in range(400):
        if RULES.auto_command(state) is not None:
            break
        seat = sorted(RULES.seats_to_act(state))[0]
        legal = RULES.legal_commands(state, seat)
        ends = [c for c in legal if c.kind in ("end_build", "end_turn")]
        state = RULES.apply(state, ends[0] if ends else legal[0], rng).state
    step = RULES.apply(state, Command(AUTO_SEAT, "automaton_turn"), rng)
    started = [e for e in step.events if e.kind == "borg_turn_started"][0]
    assert started.data["card"] == state["cards"]["borg"] and step.state["borg"].get("card_hidden") is None
    assert RULES.view(step.state, 0)["cards"]["borg"] == state["cards"]["borg"]
    plain = setup(borg_mode="delta_quadrant", mysterious_turn_order=True)
    assert "borg" in RULES.view(plain, 0)["cards"]


@pytest.mark.rules("ascendancy:R274")
def test_rerandomise_redraws_the_hidden_borg_card() -> None:
    state = setup(borg_mode="delta_quadrant", mysterious_turn_order=True, borg_mysterious_turn_order=True)
    seen = set()
    for seed in range(20):
        again = RULES.rerandomise(state, 0, Rng.from_seed(seed))
        card = again["cards"]["borg"]
        assert card not in {v for k, v in again["cards"].items() if k != "borg"}
        assert again["order"] == sorted(again["order"], key=lambda x: again["cards"][str(x)])
        seen.add(card)
    assert len(seen) > 1
