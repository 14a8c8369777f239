"""Moderators looking at what players cannot see: every look is refused to a seated moderator, and logged.

The admin never shows a table's secrets (its state, RNG, seed, hidden piles, hidden event data, command
arguments) on its list or detail pages. ``secret_access_record`` is the one door to them: it checks the
moderator, writes a ``SecretAccess`` row and a log line, and only then may ``table_secrets`` be read.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from accounts.models import User
from games.engine.core import IllegalCommand
from games.models import Command, Deck, Event, Seat, SecretAccess, StateVersion, Table

log = logging.getLogger("games.moderation")

#: Most recent hidden events and commands a reveal page lists.
REVEAL_LIMIT = 200


@transaction.atomic
def secret_access_record(*, table_id: int, moderator: User, reason: str) -> SecretAccess:
    """Record that ``moderator`` looks at the secrets of a table, or refuse.

    Refused to non-moderators, without a reason, and to a moderator who holds a seat at the table
    (they would see their opponents' hands).
    """
    if not moderator.is_staff:
        raise IllegalCommand("only_moderators")
    reason = reason.strip()
    if not reason:
        raise IllegalCommand("reason_required")
    if not Table.objects.filter(pk=table_id).exists():
        raise IllegalCommand("no_such_table")
    if Seat.objects.filter(table_id=table_id, user=moderator).exists():
        log.warning("secret reveal refused: moderator %s is seated at table %s", moderator.pk, table_id)
        raise IllegalCommand("moderator_seated")
    access = SecretAccess.objects.create(table_id=table_id, moderator=moderator, reason=reason[:300])
    log.warning(
        "secrets revealed: table=%s moderator=%s (%s) access=%s reason=%r",
        table_id,
        moderator.pk,
        moderator.username,
        access.pk,
        access.reason,
    )
    return access


@dataclass(frozen=True)
class TableSecrets:
    table: Table
    version: int
    state: Any
    rng_state: Any
    seed: int
    decks: list[Deck]
    hidden_events: list[Event]
    commands: list[Command]


def table_secrets(*, access: SecretAccess, version: int | None = None) -> TableSecrets:
    """Everything hidden about the table of ``access`` (at ``version``, default the current one)."""
    table = Table.objects.get(pk=access.table_id)
    state, rng_state = table.state, table.rng_state
    shown_version = table.version
    if version is not None and version != table.version:
        row = StateVersion.objects.filter(table=table, version=version).first()
        if row is not None:
            state, rng_state, shown_version = row.state, row.rng_state, row.version
    return TableSecrets(
        table=table,
        version=shown_version,
        state=state,
        rng_state=rng_state,
        seed=table.seed,
        decks=list(Deck.objects.filter(table=table).order_by("name")),
        hidden_events=list(
            Event.objects.filter(table=table, visible_to__isnull=False).order_by("-seq", "-index")[
                :REVEAL_LIMIT
            ]
        ),
        commands=list(
            Command.objects.filter(table=table).select_related("user").order_by("-seq")[:REVEAL_LIMIT]
        ),
    )
