"""Read a table page as a player's browser would: its command forms, against the engine's legal commands."""

from __future__ import annotations

import json
import re
from typing import Any

from django.test import Client
from django.urls import reverse

from games import services
from games.engine.core import Rules
from games.models import Table
from tests.support.tables import state_of


def posted_controls(html: str) -> list[tuple[str, str]]:
    """Every (kind, args) that a command form on the page posts (undo aside), repeats included."""
    out = []
    for form in re.findall(r"<form[^>]*/command/[^>]*>.*?</form>", html, re.S):
        kind = re.search(r'name="kind" value="([^"]*)"', form)
        args = re.search(r'name="args" value="([^"]*)"', form)
        if kind and kind.group(1) != "undo":
            out.append((kind.group(1), (args.group(1) if args else "{}").replace("&quot;", '"')))
    return out


def legal_controls(rules: Rules, table: Table, seat: int) -> list[tuple[str, str]]:
    """The engine's legal commands for ``seat``, in the form the page posts them."""
    state = state_of(table)
    if table.status != Table.Status.ACTIVE or not any(seat in d.seats for d in rules.pending(state)):
        return []
    return [
        (c.kind, json.dumps(dict(c.args), sort_keys=True, separators=(",", ":")))
        for c in rules.legal_commands(state, seat)
    ]


def table_page(client: Client, table: Table) -> str:
    response = client.get(reverse("table", args=[table.pk]))
    assert response.status_code == 200
    return response.content.decode()


def seeded_table(game: str, users: list[Any], seed: int, **options: Any) -> Table:
    """A started table of ``game`` whose deal comes from ``seed``."""
    creator, *others = users
    table = services.table_create(user=creator, game=game, num_players=len(users), options=options)
    Table.objects.filter(pk=table.pk).update(seed=seed)
    for u in others:
        services.seat_take(table_id=table.pk, user=u)
    services.table_start(table_id=table.pk, user=creator)
    table.refresh_from_db()
    return table
