"""The effect vocabulary (data/SCHEMA.md "Effects", mechanics.py) as cards use it: milling, Borg cards
returned, damage counted per Borg card, and the Starbase refilled from its shuffled discard (R5)."""

from __future__ import annotations

import pytest

from games.tng.engine.content import card

from .helpers import RULES, build, cmd, inst, kinds, player, run


@pytest.mark.rules("tng:R23")
def test_a_mill_failure_discards_the_top_cards_of_the_deck_in_order() -> None:
    """Subspace Rift (goal Defense 7, failure: discard the top 2 of the deck); the USS Renown has Defense 6."""
    state = build(turn=0, space=["subspace_rift"], decks={0: ["worf", "riker", "data"]})
    state, _ = run(state, cmd(0, "explore"))
    state, events = run(state, cmd(0, "resolve_event"))
    milled = next(e for e in events if e.kind == "cards_milled").data["cards"]
    assert [card(c).id for c in milled] == ["worf", "riker"]  # top first
    p = player(state, 0)
    assert [card(c).id for c in p["deck"]] == ["data"] and p["discard"][-2:] == milled
    short = build(turn=0, space=["subspace_rift"], decks={0: ["worf"]})
    short, _ = run(short, cmd(0, "explore"))
    short, events = run(short, cmd(0, "resolve_event"))
    assert player(short, 0)["deck"] == [] and [card(c).id for c in player(short, 0)["discard"]] == ["worf"]
    empty = build(turn=0, space=["subspace_rift"], decks={0: []})
    empty, _ = run(empty, cmd(0, "explore"))
    empty, events = run(empty, cmd(0, "resolve_event"))
    assert next(e for e in events if e.kind == "cards_milled").data["cards"] == []


@pytest.mark.rules("tng:R49")
def test_a_card_that_returns_borg_cards_sends_them_back_to_the_borg_card_area() -> None:
    """Hugh returns 2 Borg cards from the hand to the Borg Card Area (R49.4, R49.6); only Borg cards."""
    state = build(scenario="borg", group_set={"step": "actions"}, hands={0: ["hugh", "borg_card", "borg_card",
                                                                            "borg_card", "crewman"]})
    area = len(state["space"]["borg"])
    state, events = run(state, cmd(0, "play", card=inst(state, 0, "hugh")))
    p = player(state, 0)
    assert sum(1 for c in p["hand"] if card(c).type == "borg") == 1 and len(state["space"]["borg"]) == area + 2
    assert next(e for e in events if e.kind == "borg_cards_returned").data == {"seat": 0, "count": 2,
                                                                                "left": area + 2}
    assert [card(c).id for c in p["hand"] if card(c).type != "borg"] == ["crewman"]


@pytest.mark.rules("tng:R49")
def test_damage_counted_per_borg_card_in_hand_hits_each_player_by_their_own_hand() -> None:
    """Borg Scouting Party: every player takes 1 damage plus 1 per Borg card in their hand (Shields first)."""
    state = build(scenario="borg", options={"starting_ships": "assigned"}, first=0, space=["borg_scouting_party"],
                  hands={0: ["borg_card", "borg_card"], 1: ["crewman"]})
    state, events = run(state, auto=True)
    hits = {e.data["seat"]: (e.data["amount"], e.data["absorbed"], e.data["taken"]) for e in events
            if e.kind == "ship_damaged"}
    assert hits == {0: (3, 1, 2), 1: (1, 1, 0)}
    assert (player(state, 0)["damage"], player(state, 1)["damage"]) == (2, 0)


@pytest.mark.rules("tng:R5")
def test_an_empty_starbase_deck_is_refilled_from_its_shuffled_discard() -> None:
    state = build(turn=0, xp={0: 9})
    sb = state["starbase"]
    sb["discard"], sb["deck"] = sb["deck"][:3], []
    old = list(sb["discard"])
    slot = next(i for i, c in enumerate(sb["search"]) if card(c).cost <= 9)
    state, events = run(state, cmd(0, "buy", slot=slot))
    sb = state["starbase"]
    assert kinds(events)[-2:] == ["starbase_reshuffled", "search_area_refilled"]
    assert next(e for e in events if e.kind == "starbase_reshuffled").data == {"cards": 3}
    assert sb["search"][slot] in old and sb["discard"] == [] and sorted(sb["deck"] + [sb["search"][slot]]) == sorted(old)
    assert RULES.view(state, 0)["starbase"]["deck_count"] == 2


def test_an_effect_is_judged_to_matter_only_where_it_would_change_something() -> None:
    """``effect_matters`` decides what a starting ship effect is offered for (RULINGS, Starting ship effects)."""
    from games.tng.engine.mechanics import effect_matters

    def eff(verb: str, amount: int = 1, **kw: object) -> dict:
        return {"verb": verb, "amount": amount, **kw}

    state = build(turn=0, damage={1: 2})
    assert effect_matters(state, 1, eff("repair")) and not effect_matters(state, 0, eff("repair"))
    assert effect_matters(state, 0, eff("xp")) and not effect_matters(state, 1, eff("xp"))  # only the one acting
    assert effect_matters(state, 0, eff("search")) and not effect_matters(state, 1, eff("search"))
    assert not effect_matters(state, 0, eff("xp", 0)) and effect_matters(state, 0, {"verb": "ensign"})
    assert effect_matters(state, 1, eff("damage")) and effect_matters(state, 1, eff("boost", stat="attack"))
    state["players"][0]["deck"], state["players"][0]["discard"] = [], ["crewman#1"]
    assert effect_matters(state, 0, eff("draw")) and not effect_matters(state, 0, eff("mill"))
    state["players"][0]["discard"] = []
    assert not effect_matters(state, 0, eff("draw"))
    state["starbase"]["search"] = [None] * 9
    assert not effect_matters(state, 0, eff("search"))
    borg = build(scenario="borg", group_set={"step": "actions"}, hands={0: ["borg_card"], 1: ["crewman"]})
    assert effect_matters(borg, 0, eff("xp")) and effect_matters(borg, 1, eff("xp"))  # both still acting
    borg["players"][1]["done"] = True
    assert not effect_matters(borg, 1, eff("xp"))
    assert effect_matters(borg, 0, eff("return_borg")) and not effect_matters(borg, 1, eff("return_borg"))
    assert effect_matters(borg, 1, eff("return_borg"), hand_known=False)  # another's hand: judged by its size
    assert effect_matters(borg, 1, eff("damage", 0, plus_borg=True), hand_known=False)
    assert not effect_matters(borg, 1, eff("damage", 0, plus_borg=True))  # known: no Borg card, no damage
    assert effect_matters(borg, 0, eff("damage", 0, plus_borg=True))
    assert effect_matters(borg, 0, eff("borg"))
    borg["space"]["borg"] = []
    assert not effect_matters(borg, 0, eff("borg"))
