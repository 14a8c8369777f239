"""Read a table page as a player's browser would: its command forms, against the engine's legal commands;
no secret in it; random play through the services to reach many pages."""

from __future__ import annotations

import json
import random
import re
import uuid
from collections.abc import Callable
from html import unescape as html_unescape
from typing import Any

from django.test import Client
from django.urls import reverse

from games import services
from games.engine.core import Rules
from games.models import Table
from tests.support.tables import run_automatic_steps, state_of


def posted_controls(html: str) -> list[tuple[str, str]]:
    """Every (kind, args) that a command form on the page posts (undo aside), repeats included."""
    out = []
    for form in re.findall(r"<form[^>]*/command/[^>]*>.*?</form>", html, re.S):
        kind = re.search(r'name="kind" value="([^"]*)"', form)
        args = re.search(r'name="args" value="([^"]*)"', form)
        if kind and kind.group(1) != "undo":
            out.append((kind.group(1), html_unescape(args.group(1)) if args else "{}"))
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


def logged_in_clients(users: list[Any]) -> list[Client]:
    """A test client per user, logged in as that user."""
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    return clients


def leaks(html: str, secrets: set[str]) -> list[str]:
    """The secret card ids that the page names (as an attribute, a JSON value or an element's text)."""
    quoted = ('"{}"', "&quot;{}&quot;", "&#34;{}&#34;", ">{}<")  # Django's and Jinja2's escapes of a quote
    return [s for s in secrets if any(q.format(s) in html for q in quoted)]


def checked_seat_page(rules: Rules, client: Client, table: Table, seat: int, secrets: set[str]) -> str:
    """``seat``'s page: one control per legal command and nothing else, none of ``secrets``, and (while the
    game runs) the seat's own hand by card id."""
    html = table_page(client, table)
    legal = legal_controls(rules, table, seat)
    posted = posted_controls(html)
    assert sorted(posted) == sorted(legal), (seat, set(legal) ^ set(posted))
    assert not leaks(html, secrets)
    if table.status == Table.Status.ACTIVE:
        for card in state_of(table)["players"][seat]["hand"]:
            assert f'data-card="{card}"' in html  # my own cards, readable
    return html


def random_step(
    rules: Rules, table: Table, users: list[Any], rnd: random.Random, weight: Callable[[str], float]
) -> bool:
    """One legal command of a seat the game waits on, chosen at random (``weight(kind)``) and submitted through
    the services, with the automatic steps around it; False once the game is over or waits on nobody."""
    run_automatic_steps(table)
    table.refresh_from_db()
    if table.status != Table.Status.ACTIVE:
        return False
    state = state_of(table)
    seats = sorted({s for d in rules.pending(state) for s in d.seats})
    if not seats:
        return False
    seat = rnd.choice(seats)
    legal = list(rules.legal_commands(state, seat))
    command = rnd.choices(legal, [weight(c.kind) for c in legal])[0]
    services.command_submit(
        table_id=table.pk, user=users[seat], kind=command.kind, args=dict(command.args),
        expected_version=table.version, idempotency_key=uuid.uuid4(),
    )
    run_automatic_steps(table)
    return True


def load_state(rules: Rules, table: Table, state: dict[str, Any]) -> None:
    """Put a built position into a started table (tests only: the position need not be reachable by seed)."""
    Table.objects.filter(pk=table.pk).update(state=rules.dump(state))
    table.refresh_from_db()


def check_table_pages(
    table: Table,
    clients: list[Client],
    spectators: list[Client],
    *,
    waiting: set[int],
    everyone: bool,
    check_seat_page: Callable[[Client, Table, int], str],
    hidden: set[str],
) -> None:
    """A step of random play: the pages of the seats the game waits on (``everyone``: of every seat, by
    ``check_seat_page``), and with ``everyone`` the spectators' pages too: no control, none of ``hidden``."""
    for seat, client in enumerate(clients):
        if seat in waiting or everyone:
            check_seat_page(client, table, seat)
    if everyone:
        for spectator in spectators:
            html = table_page(spectator, table)
            assert not posted_controls(html)
            assert not leaks(html, hidden)
