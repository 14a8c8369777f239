"""The engine's catalog reads what content.py validated: the same cards, discs and numbers."""

from __future__ import annotations

import pytest

from games.ascendancy.engine import agendas, catalog, content


@pytest.mark.rules("ascendancy:R17", "ascendancy:R55", "ascendancy:R78", "ascendancy:R124", "ascendancy:R200")
def test_the_catalog_holds_exactly_the_validated_content() -> None:
    c = content.content()
    assert catalog.CONTENT is c
    assert set(catalog.CIVS) == set(c.civilizations)
    for civ in catalog.CIVS:
        record = c.civ(civ)
        assert catalog.STARTING_ADVANCEMENT[civ] == record.starting_advancement
        assert [(lvl["hit"], lvl["cost"]) for lvl in catalog.WEAPONS[civ]] == [
            (lvl.value, lvl.cost) for lvl in record.weapons]
        assert [(lvl["modifier"], lvl["cost"]) for lvl in catalog.SHIELDS[civ]] == [
            (lvl.value, lvl.cost) for lvl in record.shields]
        assert catalog.TRADE[civ] == [t.value.as_dict() for t in c.trade_agreements_of(civ)]
        assert sorted(catalog.advancement_deck(civ)) == sorted(c.advancement_deck(civ))
        sides = [(s["side"], s["min"], s["max"]) for f in catalog.FLEETS[civ] for s in f["sides"]]
        assert sides == [(s.id, s.min_ships, s.max_ships) for f in c.fleets_of(civ) for s in f.sides]
    assert {a: catalog.ADVANCEMENTS[a]["cost"] for a in catalog.ADVANCEMENTS} == {
        **{a.id: a.cost for a in c.advancements.values()},
        **{t.id: t.cost for t in c.borg_tech.values() if not t.discard}}  # RULINGS B47: kept Tech cards
    assert set(catalog.DISCS) <= set(c.systems)
    assert set(catalog.EXPLORATION) <= set(c.exploration)
    assert set(agendas.AGENDAS) == set(c.agendas) and len(agendas.AGENDAS) == content.AGENDA_COUNT
    assert sorted(catalog.LANE_DIE) == sorted(c.tables.lane_die)
