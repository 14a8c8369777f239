"""Writes: every change to a table goes through here, one transaction each.

Names follow ``<entity>_<action>``. A function whose name starts with ``_`` trusts its caller: it must be
called inside ``transaction.atomic`` with the Table row locked (``_lock_table``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connections, transaction
from django.db.models.constants import OnConflict
from django.db.models.query import MAX_GET_RESULTS
from django.db.models.sql import DeleteQuery, InsertQuery, UpdateQuery
from django.utils import timezone

from accounts.models import User
from config.prepared import PreparedRead
from games import broadcast, queueing
from games.engine import registry
from games.engine.core import AUTO_SEAT, Decision, IllegalCommand, Rng, Rules
from games.engine.core import Command as EngineCommand
from games.engine.core import Event as EngineEvent
from games.engine.core.replay import RESIGN_KIND, UNDO_KIND
from games.models import Command, Deck, Event, Notification, Seat, StateVersion, Table
from games.selectors import SEATS_WITH_USERS, keep_loaded_state, note_last_command, undo_target

log = logging.getLogger(__name__)


class StaleDecision(Exception):
    """The page that posted was made before this seat's decision last changed: show the fresh board."""

    def __init__(self, current_version: int) -> None:
        self.current_version = current_version
        super().__init__(f"stale; table is at version {current_version}")


class NotSeated(IllegalCommand):
    def __init__(self) -> None:
        super().__init__("not_seated")


@dataclass(frozen=True)
class CommandResult:
    version: int
    replayed: bool = False
    #: The table and its seats (with their users) as this transaction left them, so that the caller can
    #: render the answer without reading them again.
    table: Table | None = field(default=None, compare=False, repr=False)
    seats: tuple[Seat, ...] = field(default=(), compare=False, repr=False)


# --- access ---------------------------------------------------------------------------------------


def _locked_table_by_pk(table_id: int) -> Any:
    # ``Table.objects.select_for_update().get(pk=table_id)`` as ``get`` writes it (no ordering, LIMIT 21
    # where the database takes a limit with FOR UPDATE), compiled once (config/prepared.py).
    qs = Table.objects.select_for_update().filter(pk=table_id).order_by()
    if connections[qs.db].features.supports_select_for_update_with_limit:
        qs = qs[:MAX_GET_RESULTS]
    return qs


TABLE_FOR_UPDATE = PreparedRead("table by pk, row locked", _locked_table_by_pk, params=["table_id"])


STATE_AT = PreparedRead(
    "a table's state at a version",
    # No ordering: the model's (by table, then version) would join the table for one row of one version.
    lambda table_id, version: StateVersion.objects.filter(table_id=table_id, version=version).order_by()[:1],
    params=["table_id", "version"],
)


def _lock_table(table_id: int) -> Table:
    """Fetch the table with its row locked. Refuses to run outside a transaction (pretix's rule)."""
    from django.db import connection

    if not connection.in_atomic_block:
        raise RuntimeError("a table lock is only taken inside transaction.atomic")
    found = TABLE_FOR_UPDATE(table_id=table_id)
    if not found:
        raise IllegalCommand("no_such_table")
    return found[0]


def _lock_table_with_seats(table_id: int) -> tuple[Table, list[Seat]]:
    """The table with its row locked, then its seats with their users.

    Two statements on purpose: a row-lock wait re-reads only the locked rows, so seats joined to the
    locking statement could be the versions from before the transaction we waited for.
    """
    table = _lock_table(table_id)
    seats = SEATS_WITH_USERS(table_id=table.pk)
    for seat in seats:
        seat.table = table
    return table, seats


def _rules_for(table: Table) -> Rules:
    rules = registry.get(table.game)
    if rules.engine_version != table.engine_version:
        # Tables keep the engine they started with until `replay_tables --migrate` moves them.
        raise IllegalCommand("engine_version_mismatch", have=rules.engine_version, table=table.engine_version)
    return rules


# --- tables and seats -----------------------------------------------------------------------------


def table_create(
    *,
    user: User,
    game: str,
    num_players: int,
    options: Mapping[str, Any],
    is_private: bool = False,
    title: str = "",
    faction: str = "",
) -> Table:
    """Create an open table; its creator takes seat 0. Options are checked by the game's engine."""
    try:
        rules = registry.get(game)
    except LookupError:
        raise IllegalCommand("unknown_game", game=game) from None
    full_options = rules.validate_options(num_players, options)
    if faction and faction not in rules.factions:
        raise IllegalCommand("unknown_faction", faction=faction)
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            engine_version=rules.engine_version,
            num_players=num_players,
            options=full_options,
            is_private=is_private,
            title=title,
            created_by=user,
        )
        Seat.objects.create(table=table, position=0, user=user, faction=faction)
    return table


def table_rematch(*, table_id: int, user: User) -> Table:
    """A rematch of a finished table, asked by one of its players: a new open table with the same game,
    player count, options and title, private (the old table's players join it by its invite, which its
    page offers them), its asker in seat 0. Once there is one, every player who asks gets that one."""
    with transaction.atomic():
        old = _lock_table(table_id)
        if old.status != Table.Status.FINISHED:
            raise IllegalCommand("table_not_finished")
        mine = old.seats.filter(user=user).first()
        if mine is None:
            raise IllegalCommand("not_seated")
        existing = old.rematches.exclude(status=Table.Status.CANCELLED).order_by("-pk").first()
        if existing is not None:
            return existing
        try:
            rules = registry.get(old.game)
        except LookupError:
            raise IllegalCommand("unknown_game", game=old.game) from None
        options = rules.validate_options(old.num_players, old.options or {})
        table = Table.objects.create(
            game=old.game,
            engine_version=rules.engine_version,
            num_players=old.num_players,
            options=options,
            is_private=True,
            title=old.title,
            created_by=user,
            rematch_of=old,
        )
        Seat.objects.create(table=table, position=0, user=user, faction=mine.faction)
        # A new stamp for the finished table: its players' pages (and their cached renders) show the rematch.
        old.save(update_fields=["updated_at"])
    broadcast.table_updated_on_commit(table_id=old.pk, version=old.version, reread=True)
    return table


def _open_table_locked(table_id: int) -> Table:
    table = _lock_table(table_id)
    if table.status != Table.Status.OPEN:
        raise IllegalCommand("table_not_open")
    return table


def seat_take(
    *, table_id: int, user: User, position: int | None = None, faction: str = "", invite_token: str = ""
) -> Seat:
    """Take a free seat (the first free one if ``position`` is None). Race-safe: the table row is locked.

    A private table is joined only with its invite token.
    """
    with transaction.atomic():
        table = _open_table_locked(table_id)
        if table.is_private and not secrets.compare_digest(invite_token, table.invite_token):
            raise IllegalCommand("private_table")
        rules = registry.get(table.game)
        seats = list(table.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise IllegalCommand("already_seated")
        taken = {s.position for s in seats}
        free = [p for p in range(table.num_players) if p not in taken]
        if not free:
            raise IllegalCommand("table_full")
        if position is None:
            position = free[0]
        elif position not in free:
            raise IllegalCommand("seat_taken", position=position + 1)
        _check_faction(rules, faction, seats, exclude_user=None)
        seat = Seat.objects.create(table=table, position=position, user=user, faction=faction)
        table.save(update_fields=["updated_at"])
    broadcast.table_updated_on_commit(table_id=table.pk, version=table.version, reread=True)
    return seat


def _check_faction(rules: Rules, faction: str, seats: Sequence[Seat], exclude_user: int | None) -> None:
    if not faction:
        return
    if faction not in rules.factions:
        raise IllegalCommand("unknown_faction", faction=faction)
    if any(s.faction == faction and s.user_id != exclude_user for s in seats):
        raise IllegalCommand("faction_taken", faction=faction)


def seat_change(*, table_id: int, user: User, position: int | None = None, faction: str | None = None) -> Seat:
    with transaction.atomic():
        table = _open_table_locked(table_id)
        rules = registry.get(table.game)
        seats = list(table.seats.all())
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is None:
            raise NotSeated()
        if position is not None and position != mine.position:
            if not 0 <= position < table.num_players:
                raise IllegalCommand("no_such_seat", position=position + 1)
            if any(s.position == position for s in seats):
                raise IllegalCommand("seat_taken", position=position + 1)
            mine.position = position
        if faction is not None:
            _check_faction(rules, faction, seats, exclude_user=user.pk)
            mine.faction = faction
        mine.save(update_fields=["position", "faction"])
        table.save(update_fields=["updated_at"])
    broadcast.table_updated_on_commit(table_id=table.pk, version=table.version, reread=True)
    return mine


def seat_leave(*, table_id: int, user: User) -> None:
    """Leave an open table. The creator cannot leave (they cancel the table instead)."""
    with transaction.atomic():
        table = _open_table_locked(table_id)
        if table.created_by_id == user.pk:
            raise IllegalCommand("creator_cannot_leave")
        deleted, _ = Seat.objects.filter(table=table, user=user).delete()
        if not deleted:
            raise NotSeated()
        table.save(update_fields=["updated_at"])
    broadcast.table_updated_on_commit(table_id=table.pk, version=table.version, reread=True)


def table_cancel(*, table_id: int, user: User) -> None:
    with transaction.atomic():
        table = _open_table_locked(table_id)
        if table.created_by_id != user.pk:
            raise IllegalCommand("only_creator")
        table.status = Table.Status.CANCELLED
        table.save(update_fields=["status", "updated_at"])
    broadcast.table_updated_on_commit(table_id=table.pk, version=table.version, reread=True)


def table_close(*, table_id: int, moderator: User, reason: str = "") -> None:
    """A moderator ends any table that is not over yet. The state is kept as it was."""
    if not moderator.is_staff:
        raise IllegalCommand("only_moderators")
    with transaction.atomic():
        table = _lock_table(table_id)
        if table.status in (Table.Status.FINISHED, Table.Status.CANCELLED, Table.Status.CLOSED):
            raise IllegalCommand("table_already_over")
        table.status = Table.Status.CLOSED
        table.finished_at = timezone.now()
        table.auto_step_since = None
        table.needs_moderator_since = None
        table.result = {"reason": "closed_by_moderator", "note": reason[:300], "winners": []}
        table.save(
            update_fields=["status", "finished_at", "auto_step_since", "needs_moderator_since", "result", "updated_at"]
        )
        waiting = list(Seat.objects.filter(table=table, waiting_since__isnull=False).values_list("user_id", flat=True))
        Seat.objects.filter(table=table).update(waiting_since=None)
        broadcast.badges_updated_on_commit(user_ids=waiting)
    log.info("table %s closed by moderator %s", table_id, moderator.pk)
    broadcast.table_updated_on_commit(table_id=table.pk, version=table.version, reread=True)


def table_start(*, table_id: int, user: User) -> Table:
    """The creator starts the game with the players seated (at least the game's minimum)."""
    with transaction.atomic():
        table = _open_table_locked(table_id)
        if table.created_by_id != user.pk:
            raise IllegalCommand("only_creator")
        rules = _rules_for(table)
        seats = list(table.seats.order_by("position"))
        if len(seats) < table.num_players:
            raise IllegalCommand("not_enough_players", needed=table.num_players, seated=len(seats))
        rng = Rng.from_seed(table.seed)
        outcome = rules.setup_seated(
            num_players=len(seats), options=table.options, rng=rng, factions=[s.faction or "" for s in seats]
        )
        table.status = Table.Status.ACTIVE
        table.started_at = timezone.now()
        table.version = 1
        _persist(
            table=table,
            rules=rules,
            old_state=None,
            state=outcome.state,
            rng=rng,
            events=outcome.events,
            seats=seats,
            acting_seat=None,
        )
    return table


# --- commands -------------------------------------------------------------------------------------


def command_submit(
    *,
    table_id: int,
    user: User,
    kind: str,
    args: Mapping[str, Any],
    expected_version: int,
    idempotency_key: uuid.UUID,
) -> CommandResult:
    """Apply one seat's command. A retried or double-clicked POST (same key) applies once.

    A page is stale when it was rendered before this seat's current decision opened (or before this
    seat's own last command); another seat's move in between does not make it stale.
    """
    if kind in (UNDO_KIND, RESIGN_KIND):
        raise IllegalCommand("reserved_command")
    with transaction.atomic():
        table, seats = _lock_table_with_seats(table_id)
        mine = _issuer(seats, user)
        fresh = mine.decision_since <= expected_version <= table.version
        if not fresh or table.status != Table.Status.ACTIVE:
            # A retry of a command already applied always looks stale: applying it moved this seat's
            # decision on. Only then can the key have been used, so only then is it looked up.
            replayed = _replayed(table, mine.position, idempotency_key, kind=kind, args=args)
            if replayed is not None:
                return replace(replayed, table=table, seats=tuple(seats))
        if table.status != Table.Status.ACTIVE:
            raise IllegalCommand("game_not_active")
        seat = _seat_of(seats, user)
        if not fresh:
            raise StaleDecision(table.version)
        rules = _rules_for(table)
        state = rules.load(table.state)
        rng = Rng.load(table.rng_state)
        draws_before = rng.draws
        command = EngineCommand(seat.position, kind, dict(args))
        listed = _check_arguments(rules, state, command)
        outcome = _apply_checked(rules, state, command, rng)
        if not listed:
            _refuse_unlisted(table, command)
        goes_on = _write_command_version(
            table, rules, seats, seat=seat.position, user=user, kind=kind, args=args, key=idempotency_key,
            undoable=outcome.undoable and rng.draws == draws_before,
            old_state=state, state=outcome.state, rng=rng, events=outcome.events,
            inline_automatic=rules.automatic_steps_inline,
        )
        if goes_on:
            _inline_automatic_steps(table, rules, seats, outcome.state, rng)
    return CommandResult(version=table.version, table=table, seats=tuple(seats))


def command_undo(*, table_id: int, user: User, expected_version: int, idempotency_key: uuid.UUID) -> CommandResult:
    """Take back this seat's last command, as a logged command of its own.

    Allowed while this seat has a decision open, nothing hidden or random was revealed by the command
    and no other seat acted since (another seat's undone command does not count); the state it returns
    to has this seat to act, so undo never changes who must act. The page is fresh as for
    ``command_submit``: another seat's undo in between leaves it valid. The page offers an undo
    (``selectors._board_context``'s ``can_undo``) exactly when this accepts it.
    """
    with transaction.atomic():
        table, seats = _lock_table_with_seats(table_id)
        mine = _issuer(seats, user)
        fresh = mine.decision_since <= expected_version <= table.version
        if not fresh or table.status != Table.Status.ACTIVE:
            # As for ``command_submit``: an undo applied moved this seat's decision on, so its retry is
            # stale; a key a fresh page reuses fails the command insert (StaleDecision).
            replayed = _replayed(table, mine.position, idempotency_key, kind=UNDO_KIND)
            if replayed is not None:
                return replace(replayed, table=table, seats=tuple(seats))
        if table.status != Table.Status.ACTIVE:
            raise IllegalCommand("game_not_active")
        seat = _seat_of(seats, user)
        if not fresh:
            raise StaleDecision(table.version)
        target = undo_target(table=table, seat=seat.position) if seat.decision_key else None
        if target is None:
            raise IllegalCommand("nothing_to_undo")
        found = STATE_AT(table_id=table.pk, version=target.seq - 1)
        if not found:  # the state log has every version a command made: the undone one's too
            raise StateVersion.DoesNotExist(f"table {table.pk} has no state at version {target.seq - 1}")
        before = found[0]
        rules = _rules_for(table)
        old_state = rules.load(table.state)
        state = rules.load(before.state)
        rng = Rng.load(before.rng_state)
        writes = _Writes(table._state.db or "default")
        writes.update_rows(Command.objects.filter(pk=target.pk), undone=True)
        _write_command_version(
            table, rules, seats, seat=seat.position, user=user, kind=UNDO_KIND, args={"target": target.seq},
            key=idempotency_key, undoable=False, old_state=old_state, state=state, rng=rng,
            events=[EngineEvent("command_undone", {"seat": seat.position, "undone_kind": target.kind})],
            writes=writes,
        )
    return CommandResult(version=table.version, table=table, seats=tuple(seats))


def table_resign(*, table_id: int, user: User, idempotency_key: uuid.UUID | None = None) -> CommandResult:
    key = idempotency_key or uuid.uuid4()
    with transaction.atomic():
        table = _lock_table(table_id)
        seats = list(table.seats.all())
        replayed = _replayed(table, _issuer(seats, user).position, key, kind=RESIGN_KIND)
        if replayed is not None:
            return replayed
        if table.status != Table.Status.ACTIVE:
            raise IllegalCommand("game_not_active")
        seat = _seat_of(seats, user)
        if seat.resigned:
            raise IllegalCommand("already_resigned")
        rules = _rules_for(table)
        state = rules.load(table.state)
        rng = Rng.load(table.rng_state)
        outcome = rules.resign(state, seat.position)
        seat.resigned = True
        seat.save(update_fields=["resigned"])
        _write_command_version(
            table, rules, seats, seat=seat.position, user=user, kind=RESIGN_KIND, args={}, key=key,
            undoable=False, old_state=state, state=outcome.state, rng=rng, events=outcome.events,
        )
    return CommandResult(version=table.version)


def automatic_step_apply(*, table_id: int, expected_version: int) -> CommandResult | None:
    """Apply the automatic step the engine waits for, if the table is still at ``expected_version``.

    Called by the Celery task; a duplicate delivery or a task for an old version does nothing, and so
    does one for a table whose step was given up on (``automatic_step_failed``) until a moderator
    retries it (``automatic_step_retry``).
    """
    with transaction.atomic():
        table = _lock_table(table_id)
        if table.status != Table.Status.ACTIVE or table.version != expected_version:
            return None
        if table.needs_moderator_since is not None:
            return None
        rules = _rules_for(table)
        state = rules.load(table.state)
        command = rules.auto_command(state)
        if command is None:
            return None
        rng = Rng.load(table.rng_state)
        outcome = rules.apply(state, command, rng)
        seats = list(table.seats.all())
        goes_on = _write_command_version(
            table, rules, seats, seat=AUTO_SEAT, user=None, kind=command.kind,
            args=command.args, key=automatic_step_key(table_id=table.pk, version=expected_version),
            undoable=False, old_state=state, state=outcome.state, rng=rng, events=outcome.events,
            inline_automatic=rules.automatic_steps_inline,
        )
        if goes_on:
            _inline_automatic_steps(table, rules, seats, outcome.state, rng)
    return CommandResult(version=table.version)


#: At most this many automatic steps follow a move in its own transaction (``_inline_automatic_steps``);
#: the worker takes over after them (an engine whose steps never end still answers its players).
INLINE_AUTOMATIC_STEPS_MAX = 8


def _inline_automatic_steps(table: Table, rules: Rules, seats: Sequence[Seat], state: Any, rng: Rng) -> None:
    """Apply, in the caller's transaction, the automatic steps due at no pace after ``state`` (the table's
    version, just written), each logged as its own version as the worker logs it, for a game whose steps
    are bookkeeping done in a blink (``Rules.automatic_steps_inline``: Kemble's reveal, upkeep and scroll).
    Its pages are then told once, of the version the steps end at: one push to every seat, not one per
    step, and no worker's round trip between a move and what it sets off (issue 12).

    A step the engine refuses or fails on is left to the worker (announced as usual), which counts its
    failures and calls a moderator as for any automatic step: the move itself stands."""
    for step in range(INLINE_AUTOMATIC_STEPS_MAX):
        command = rules.auto_command(state)
        if command is None:
            break
        try:  # the table's random state was dumped at its last version: a step given up on draws nothing
            outcome = rules.apply(state, command, rng)
        except Exception as exc:
            log.warning("table %s: an automatic step failed inline (%s); the worker retries it", table.pk, type(exc).__name__)
            break
        goes_on = _write_command_version(
            table, rules, seats, seat=AUTO_SEAT, user=None, kind=command.kind, args=command.args,
            key=automatic_step_key(table_id=table.pk, version=table.version), undoable=False,
            old_state=state, state=outcome.state, rng=rng, events=outcome.events,
            inline_automatic=step + 1 < INLINE_AUTOMATIC_STEPS_MAX,
        )
        if not goes_on:
            return
        state = outcome.state
    # Stopped on a step still due (refused, or too many in a row): the worker applies it.
    _announce(table, rules.pending(state))


def automatic_pace(pending: Sequence[Decision]) -> float:
    """Seconds to wait before applying the automatic step due, so that players can follow it on the page.

    An automatic Decision asks for a pause with its ``pace`` param, a multiple of
    ``HYPERLANE_AUTOMATON_PACE_SECONDS`` (the Borg's steps ask for 1, and for 0 once a player has asked
    to skip to the end of the Borg turn); without it the step runs at once. The wait is the task's
    countdown: the version check still makes a duplicate, or the sweeper's resend, do nothing.
    """
    factors = []
    for d in pending:
        if d.automatic:
            try:
                factors.append(max(0.0, float(d.params.get("pace", 0) or 0)))
            except (TypeError, ValueError):
                factors.append(0.0)
    return max(factors, default=0.0) * float(settings.HYPERLANE_AUTOMATON_PACE_SECONDS)


def automatic_step_key(*, table_id: int, version: int) -> uuid.UUID:
    """The key the automatic step due at ``version`` is logged under.

    Recorded with the issuer ``AUTO_SEAT``, where no client's command is ever recorded, so no key a
    client sends can meet it; keyed with the site secret besides, so that nobody can compute it.
    """
    return _server_key(f"auto-step:{table_id}:{version}")


def _server_key(purpose: str) -> uuid.UUID:
    """An idempotency key only the server can make (keyed with the site secret), one per ``purpose``."""
    digest = hmac.new(settings.SECRET_KEY.encode(), f"hyperlane:{purpose}".encode(), hashlib.sha256).digest()
    return uuid.UUID(bytes=digest[:16], version=4)


def automatic_step_failed(*, table_id: int, expected_version: int, error: str) -> bool:
    """Count a failed attempt at the automatic step due at ``expected_version``, with its error code.

    After ``HYPERLANE_AUTO_STEP_MAX_FAILURES`` failed attempts at one version the step is no longer
    retried (the sweeper skips the table) and the table is marked as needing a moderator: the admin
    lists it with the error code and its page says a moderator has been alerted. Returns True when this
    attempt is the one that gave up. An attempt for an old version, or on a table no longer active,
    counts for nothing (as the step itself does nothing then).
    """
    with transaction.atomic():
        table = _lock_table(table_id)
        if table.status != Table.Status.ACTIVE or table.version != expected_version:
            return False
        if table.needs_moderator_since is not None:
            return False
        table.auto_step_failures += 1
        table.auto_step_error = error[:120]
        fields = ["auto_step_failures", "auto_step_error", "updated_at"]
        gave_up = table.auto_step_failures >= settings.HYPERLANE_AUTO_STEP_MAX_FAILURES
        if gave_up:
            table.needs_moderator_since = timezone.now()
            table.auto_step_since = None
            fields += ["needs_moderator_since", "auto_step_since"]
        table.save(update_fields=fields)
    if gave_up:
        log.error(
            "automatic step given up: table=%s version=%s attempts=%s error=%s; a moderator must look at it",
            table_id, expected_version, table.auto_step_failures, table.auto_step_error,
        )
        broadcast.table_updated_on_commit(table_id=table.pk, version=table.version, reread=True)
    return gave_up


def automatic_step_retry(*, table_id: int, moderator: User) -> None:
    """A moderator sends a given-up automatic step again (after fixing its cause, e.g. an engine update)."""
    if not moderator.is_staff:
        raise IllegalCommand("only_moderators")
    with transaction.atomic():
        table = _lock_table(table_id)
        if table.status != Table.Status.ACTIVE or table.needs_moderator_since is None:
            raise IllegalCommand("no_step_to_retry")
        table.needs_moderator_since = None
        table.auto_step_failures = 0
        table.auto_step_error = ""
        table.auto_step_since = timezone.now()
        table.save(
            update_fields=["needs_moderator_since", "auto_step_failures", "auto_step_error", "auto_step_since", "updated_at"]
        )
        queueing.send_on_commit(queueing.ADVANCE_TABLE, table.pk, table.version)
    log.info("automatic step of table %s at version %s retried by moderator %s", table_id, table.version, moderator.pk)
    broadcast.table_updated_on_commit(table_id=table.pk, version=table.version, reread=True)


# --- away: answers made for a seat whose player is away (RULINGS bsg G45) ---------------------------

#: The lengths of time a seat may be away for, in hours (the console offers these and nothing else).
AWAY_HOURS = (12, 24, 48)
#: The platform's log line of an answer made for an away seat (``games.messages.PLATFORM_EVENTS``).
AWAY_EVENT = "away_answered"


def seat_away_set(*, table_id: int, user: User, hours: int | None, position: int | None = None) -> Seat:
    """The user's seat is away for ``hours`` (one of ``AWAY_HOURS``) from now, or back (``hours`` None).

    ``position``: the seat the page says it sets (refused unless it is the user's own). Only at a table in
    play whose game answers something in absence (``Rules.answers_in_absence``). The order is the seat's
    own: the table's version does not move (the engine never sees it), its pages are told to read it again.
    If the game waits on the seat for something answerable in absence right now, the answer is queued.
    """
    if hours is not None and hours not in AWAY_HOURS:
        raise IllegalCommand("bad_away_duration")
    with transaction.atomic():
        table, seats = _lock_table_with_seats(table_id)
        mine = _issuer(seats, user)
        if position is not None and position != mine.position:
            raise IllegalCommand("not_your_seat")
        if table.status != Table.Status.ACTIVE:
            raise IllegalCommand("game_not_active")
        seat = _seat_of(seats, user)
        rules = _rules_for(table)
        if not rules.answers_in_absence():
            raise IllegalCommand("away_not_supported")
        now = timezone.now()
        if hours is None and not _is_away(seat, now):
            raise IllegalCommand("not_away")
        seat.away_until = None if hours is None else now + timedelta(hours=hours)
        seat.save(update_fields=["away_until"])
        table.save(update_fields=["updated_at"])  # a new stamp: the seat's cached render shows the order
        if hours is not None and table.state is not None:
            state = rules.load(table.state)
            pending = rules.pending(state)
            for due in _away_answers_due(rules, state, [seat], pending, now):
                queueing.enqueue_on_commit(queueing.ANSWER_AWAY, table.pk, due, table.version)
    log.info("table %s seat %s away until %s", table_id, seat.position, seat.away_until)
    broadcast.table_updated_on_commit(table_id=table.pk, version=table.version, reread=True)
    return seat


def _is_away(seat: Seat, now: Any) -> bool:
    return seat.away_until is not None and seat.away_until > now and not seat.resigned


def _away_answers_due(rules: Rules, state: Any, seats: Sequence[Seat], pending: Sequence[Decision], now: Any) -> list[int]:
    """The positions among ``seats`` that are away and that the game waits on for something it answers in
    their absence (``Rules.away_command``). Cheap when nobody is away (nothing is asked of the engine)."""
    away = [s.position for s in seats if _is_away(s, now)]
    if not away or not pending:
        return []
    waited = {p for d in pending for p in d.seats}
    return [p for p in away if p in waited and rules.away_command(state, p) is not None]


def seat_away_answer(*, table_id: int, position: int, expected_version: int) -> CommandResult | None:
    """Send, as the seat's own command, the answer the game makes for seat ``position`` while its player is
    away, if the table is still at ``expected_version``, the seat still away and the game still waiting on
    it for something it answers in absence. Called by the Celery task: a duplicate delivery, a task for an
    old version, an order withdrawn or run out meanwhile do nothing.

    The one command path: table lock, version check, the argument and decision checks of a seat's command,
    and an idempotency key the server makes (``away_answer_key``), logged under the seat itself.
    """
    with transaction.atomic():
        table, seats = _lock_table_with_seats(table_id)
        if table.status != Table.Status.ACTIVE or table.version != expected_version:
            return None
        seat = next((s for s in seats if s.position == position), None)
        until = seat.away_until if seat is not None else None
        if seat is None or until is None or not _is_away(seat, timezone.now()):
            return None
        rules = _rules_for(table)
        state = rules.load(table.state)
        if position not in rules.seats_to_act(state):
            return None
        command = rules.away_command(state, position)
        if command is None:
            return None
        if command.seat != position or command not in rules.legal_commands(state, position):
            log.error("table %s: the engine's away answer %r is not a legal command of seat %s", table.pk, command.kind, position)
            return None
        rng = Rng.load(table.rng_state)
        outcome = _apply_checked(rules, state, command, rng)
        note = EngineEvent(AWAY_EVENT, {"seat": position, "until": until.isoformat()})
        _write_command_version(
            table, rules, seats, seat=position, user=seat.user, kind=command.kind, args=command.args,
            key=away_answer_key(table_id=table.pk, position=position, version=expected_version), undoable=False,
            old_state=state, state=outcome.state, rng=rng, events=[note, *outcome.events], present=False,
        )
    return CommandResult(version=table.version, table=table, seats=tuple(seats))


def away_answer_key(*, table_id: int, position: int, version: int) -> uuid.UUID:
    """The key the answer made for an away seat at ``version`` is logged under (with the seat as issuer):
    keyed with the site secret, so that no client can send it, and one per version, so that the answer
    due at one version is logged once whoever delivers it."""
    return _server_key(f"away:{table_id}:{position}:{version}")


def away_orders_lapse(*, now: Any = None) -> int:
    """Clear the away orders whose time is up, telling their tables' pages (the seat's console shows the
    order no more); the answers already stopped at that time (``_is_away``). Returns how many lapsed."""
    now = now or timezone.now()
    lapsed = list(Seat.objects.filter(away_until__lte=now).values_list("pk", "table_id"))
    if not lapsed:
        return 0
    with transaction.atomic():
        Seat.objects.filter(pk__in=[pk for pk, _t in lapsed], away_until__lte=now).update(away_until=None)
        # a new stamp for the tables in play (their seats' cached renders showed the order); a finished
        # table's pages offer no order, and its place in the lists of finished games stays as it was
        active = Table.objects.filter(pk__in=sorted({t for _pk, t in lapsed}), status=Table.Status.ACTIVE)
        rows = list(active.values_list("pk", "version"))
        Table.objects.filter(pk__in=[pk for pk, _v in rows]).update(updated_at=now)
        for table_id, version in rows:
            broadcast.table_updated_on_commit(table_id=table_id, version=version, reread=True)
    return len(lapsed)


def away_answers_resend(*, older_than: Any) -> list[tuple[int, int, int]]:
    """(table, position, version) of the away seats an active table has waited on since before
    ``older_than``: their answer's task was lost (the sweeper queues it again; a duplicate does nothing)."""
    now = timezone.now()
    rows = (
        Seat.objects.filter(
            away_until__gt=now, resigned=False, waiting_since__lt=older_than, table__status=Table.Status.ACTIVE
        )
        .values_list("table_id", "position", "table__version")
    )
    return [(t, p, v) for t, p, v in rows]


def _offered(rules: Rules, state: Any, seat: int) -> list[EngineCommand]:
    """Every command the seat may send now: its legal commands and its interrupts."""
    return [*rules.legal_commands(state, seat), *rules.interrupts(state, seat)]


def _check_arguments(rules: Rules, state: Any, command: EngineCommand) -> bool:
    """Refuse arguments the command does not take, so that they never reach the command log.

    What a command takes is read from the seat's legal commands and interrupts (the contract lists every
    command a seat may send now): an argument no such command of this kind has is refused by name. A kind with
    no legal command now is left to the engine, which refuses it with its own reason; False then, and
    should the engine apply it all the same, the caller refuses it (``_refuse_unlisted``).
    """
    if not command.args:
        return True
    taken: set[str] | None = None
    for legal in _offered(rules, state, command.seat):
        if legal.kind == command.kind:
            taken = (taken or set()) | set(legal.args)
    if taken is None:
        return False
    unknown = sorted(set(command.args) - taken)
    if unknown:
        raise IllegalCommand("unknown_argument", kind=command.kind, argument=unknown[0][:40])
    return True


def _refuse_unlisted(table: Table, command: EngineCommand) -> None:
    """The engine applied a command with arguments of a kind it does not list as legal now: an engine bug
    (its ``legal_commands`` is incomplete); the command is refused rather than logged unchecked."""
    log.error("table %s: the engine applied a %r command it does not list as legal", table.pk, command.kind)
    raise IllegalCommand("malformed_command", kind=command.kind)


def _apply_checked(rules: Rules, state: Any, command: EngineCommand, rng: Rng) -> Any:
    """``rules.apply``, where a crash on a command the engine does not list as legal is bad input.

    Engines validate what they expect; a payload of the wrong shape (a string where a number goes) may
    still trip them. If the command is not among the seat's legal commands, that is the player's
    input, refused with a clear code; a crash on a legal command is an engine bug and propagates.
    """
    try:
        return rules.apply(state, command, rng)
    except IllegalCommand:
        raise
    except (TypeError, KeyError, ValueError, IndexError, AttributeError) as exc:
        if command not in _offered(rules, state, command.seat):
            raise IllegalCommand("malformed_command", kind=command.kind) from exc
        raise


def _replayed(
    table: Table, seat: int, key: uuid.UUID, kind: str, args: Mapping[str, Any] | None = None
) -> CommandResult | None:
    """A retry of a command already applied (same key, same seat) answers as if applied. The same key
    with another command is a second tab racing the first on one decision (the page's forms share the
    decision's key): that one lost and is told so, with the fresh board (StaleDecision), not silently
    dropped. Keys are looked up only among the seat's own commands: another seat's key, or the server's,
    is a key this seat never used."""
    done = Command.objects.filter(table=table, seat=seat, idempotency_key=key).values_list("kind", "args").first()
    if done is None:
        return None
    if done[0] != kind or (args is not None and done[1] != json.loads(json.dumps(dict(args)))):
        raise StaleDecision(table.version)
    return CommandResult(version=table.version, replayed=True)


def _issuer(seats: Sequence[Seat], user: User) -> Seat:
    """The user's seat, resigned or not: whose keys a request's key is looked up among. No seat: refused
    before any key is looked at."""
    for seat in seats:
        if seat.user_id == user.pk:
            return seat
    raise NotSeated()


def _seat_of(seats: Sequence[Seat], user: User) -> Seat:
    for seat in seats:
        if seat.user_id == user.pk:
            if seat.resigned:
                raise IllegalCommand("you_resigned")
            return seat
    raise NotSeated()


def _write_command_version(
    table: Table,
    rules: Rules,
    seats: Sequence[Seat],
    *,
    seat: int,
    user: User | None,
    kind: str,
    args: Mapping[str, Any],
    key: uuid.UUID,
    undoable: bool,
    old_state: Any,
    state: Any,
    rng: Rng,
    events: Sequence[EngineEvent],
    writes: _Writes | None = None,
    present: bool = True,
    inline_automatic: bool = False,
) -> bool:
    """Log one command as the table's next version and write that version (caller holds the lock), with
    the caller's own ``writes`` of that version if any. ``present``: the seat's player sent it (False: the
    site answered for an away seat), so the log up to here counts as read by them. ``inline_automatic``
    and the answer: as ``_persist``'s."""
    table.version += 1
    if writes is None:
        writes = _Writes(table._state.db or "default")
    _record_command(writes, table=table, seat=seat, user=user, kind=kind, args=args, key=key, undoable=undoable)
    return _persist(
        table=table,
        rules=rules,
        old_state=old_state,
        state=state,
        rng=rng,
        events=events,
        seats=seats,
        acting_seat=None if seat == AUTO_SEAT or not present else seat,
        writes=writes,
        inline_automatic=inline_automatic,
    )


def _record_command(
    writes: _Writes,
    *,
    table: Table,
    seat: int,
    user: User | None,
    kind: str,
    args: Mapping[str, Any],
    key: uuid.UUID,
    undoable: bool,
) -> None:
    # The key's check is the insert itself: a key used before (a client reusing an old decision's key),
    # or a version already logged (the row lock is not a real lock: SQLite without IMMEDIATE transactions)
    # fails it, and the whole move with it (``_Writes.send``: StaleDecision).
    writes.stale_version = table.version - 1
    command = Command(
        table=table,
        seq=table.version,
        seat=seat,
        user=user,
        kind=kind,
        args=dict(args),
        idempotency_key=key,
        undoable=undoable,
    )
    writes.insert(Command, [command], conflict_means_stale=True)
    if kind != UNDO_KIND:
        # What ``undo_target`` reads of it, without the table: the table object must not hold a command
        # that holds the table (a cycle only the garbage collector's full passes free, state and all).
        note_last_command(table, Command(seq=command.seq, seat=seat, kind=kind, undoable=undoable, undone=False))


class _Writes:
    """The writes of one new version, sent in one round trip where the database allows it.

    Each write is the SQL the ORM compiles for it (``bulk_create``'s INSERT, with its ON CONFLICT clause;
    ``save(update_fields=...)``'s UPDATE; a queryset's DELETE), the same on every database. PostgreSQL
    runs them as one statement, the first ones as data-modifying ``WITH`` clauses: they touch different
    rows and none reads another's effect (PostgreSQL runs every clause, referenced or not, on one
    snapshot; foreign keys are checked at commit). Other databases run them one by one, in order.
    A uniqueness conflict on the command row (``conflict_means_stale``) is the move losing a race or a
    reused key: ``StaleDecision``, and the transaction is rolled back with nothing written.
    """

    def __init__(self, using: str) -> None:
        self.using = using
        self.statements: list[tuple[str, tuple[Any, ...], bool]] = []
        #: The version a StaleDecision names when the command row conflicts (the one before the move's).
        self.stale_version = 0

    def insert(
        self,
        model: type[Any],
        objs: Sequence[Any],
        *,
        on_conflict: Any = None,
        update_fields: Sequence[str] = (),
        unique_fields: Sequence[str] = (),
        conflict_means_stale: bool = False,
    ) -> None:
        """``model.objects.bulk_create(objs, ...)``, without reading back ids (no caller uses them)."""
        if not objs:
            return
        opts = model._meta
        with_pk = [obj.pk is not None for obj in objs]
        if any(with_pk) and not all(with_pk):
            raise ValueError("objects with and without primary keys are inserted apart")
        fields = [f for f in opts.concrete_fields if not f.generated and (all(with_pk) or f is not opts.pk)]
        connection = connections[self.using]
        batch = max(connection.ops.bulk_batch_size(fields, objs), 1)
        for start in range(0, len(objs), batch):
            chunk = objs[start:start + batch]
            shape = (
                "insert", model, tuple(f.attname for f in fields), len(chunk), on_conflict,
                tuple(update_fields), tuple(unique_fields), self.using,
            )  # fmt: skip
            compiled = _COMPILED.get(shape)
            if compiled is not None:
                rows = [[f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields] for obj in chunk]
                if _plain(rows):
                    self.statements.append((compiled.sql, compiled.params(rows), conflict_means_stale))
                    continue
            query = InsertQuery(
                model,
                on_conflict=on_conflict,
                update_fields=[opts.get_field(n) for n in update_fields],
                unique_fields=[opts.get_field(n) for n in unique_fields],
            )
            query.insert_values(fields, chunk, raw=False)
            statements = query.get_compiler(using=self.using).as_sql()
            for sql, params in statements:
                self.statements.append((sql, tuple(params), conflict_means_stale))
            if compiled is None and len(statements) == 1:
                # What the compiler stamped on the objects (``pre_save``), as the compiled path sends it.
                rows = [[f.get_db_prep_save(getattr(obj, f.attname), connection) for f in fields] for obj in chunk]
                _learn(shape, statements[0], rows, fields)
        for obj in objs:
            obj._state.adding = False
            obj._state.db = self.using

    def update(self, obj: Any, fields: Sequence[str]) -> None:
        """``obj.save(update_fields=fields)`` (``auto_now`` fields stamped as ``save`` stamps them)."""
        opts = type(obj)._meta
        connection = connections[self.using]
        named = [opts.get_field(name) for name in fields]
        values = [f.pre_save(obj, False) for f in named]  # stamped once: the compiled path sends what the ORM would
        prepped = [f.get_db_prep_save(v, connection) for f, v in zip(named, values, strict=True)]
        # The UPDATE's SQL writes NULL for a None, not a parameter: its shape depends on which are None.
        shape = ("update", type(obj), tuple(fields), tuple(v is None for v in prepped), self.using)
        compiled = _COMPILED.get(shape)
        row = [*prepped, opts.pk.get_db_prep_value(obj.pk, connection)]
        if compiled is not None and _plain([row]):
            self.statements.append((compiled.sql, tuple(v for v in row if v is not None), False))
            return
        query = UpdateQuery(type(obj))
        query.add_update_fields([(f, None, v) for f, v in zip(named, values, strict=True)])
        query.add_filter("pk", obj.pk)
        sql, params = query.get_compiler(using=self.using).as_sql()
        self.statements.append((sql, tuple(params), False))
        if compiled is None:
            _learn(shape, (sql, params), [[v for v in row if v is not None]], named)

    def update_rows(self, queryset: Any, **values: Any) -> None:
        """``queryset.update(**values)`` (plain values of the model's own fields)."""
        query = queryset.query.chain(UpdateQuery)
        query.add_update_values(values)
        query.annotations = {}
        sql, params = query.get_compiler(using=self.using).as_sql()
        self.statements.append((sql, tuple(params), False))

    def delete(self, queryset: Any) -> None:
        """``queryset.delete()`` for a model that nothing refers to and no signal watches (one DELETE)."""
        query = queryset.query.clone()
        query.__class__ = DeleteQuery
        sql, params = query.get_compiler(using=self.using).as_sql()
        self.statements.append((sql, tuple(params), False))

    def send(self) -> None:
        statements, self.statements = self.statements, []
        if not statements:
            return
        connection = connections[self.using]
        if connection.vendor == "postgresql":
            *first, last = statements
            sql = "".join(
                ("WITH " if i == 0 else ", ") + f"w{i} AS ({s})" for i, (s, _p, _c) in enumerate(first)
            )
            sql = f"{sql} {last[0]}" if first else last[0]
            params = tuple(p for _s, ps, _c in statements for p in ps)
            self._run(connection, [(sql, params, any(c for _s, _p, c in statements))])
        else:
            self._run(connection, statements)

    def _run(self, connection: Any, statements: Sequence[tuple[str, tuple[Any, ...], bool]]) -> None:
        try:
            # No savepoint: a conflict aborts the whole move (StaleDecision propagates out of the caller's
            # atomic block), so nothing after the failed statement needs the transaction.
            with transaction.atomic(using=self.using, savepoint=False), connection.cursor() as cursor:
                for sql, params, conflict_means_stale in statements:
                    try:
                        cursor.execute(sql, params)
                    except IntegrityError as exc:
                        if conflict_means_stale and _command_conflict(exc, connection):
                            raise _CommandConflict from exc
                        raise
        except _CommandConflict:
            raise StaleDecision(self.stale_version) from None


@dataclass(frozen=True)
class _Compiled:
    """A write's SQL as the ORM compiled it for one shape of write (``_COMPILED``), and how its parameters
    lie: row after row (``VALUES (%s, ...), (...)``), or one array per column (PostgreSQL's ``UNNEST``)."""

    sql: str
    by_column: bool

    def params(self, rows: Sequence[Sequence[Any]]) -> tuple[Any, ...]:
        if self.by_column:
            return tuple(list(column) for column in zip(*rows, strict=True))
        return tuple(v for row in rows for v in row)


#: The SQL of the writes a move makes, by their shape (the model, its fields, the number of rows, the
#: conflict handling, the database, which values are None): compiled by the ORM once per process and
#: learnt only when the parameters the compiled path makes are exactly the ORM's (``_learn``). Compiling
#: them was about a tenth of a move's service (issue 12).
_COMPILED: dict[tuple[Any, ...], _Compiled] = {}
COMPILED_MAX = 512


def _plain(rows: Sequence[Sequence[Any]]) -> bool:
    """Whether every value is a plain parameter: none is an expression the SQL would have to compile."""
    return not any(hasattr(v, "as_sql") or hasattr(v, "resolve_expression") for row in rows for v in row)


def _learn(shape: tuple[Any, ...], statement: tuple[str, Sequence[Any]], rows: list[list[Any]], fields: Sequence[Any]) -> None:
    """Keep ``statement``'s SQL for ``shape`` if its parameters are ``rows``' values, laid out by row or by
    column, and no field makes a placeholder of its own (whose SQL may depend on the value)."""
    if any(hasattr(f, "get_placeholder") for f in fields) or not _plain(rows):
        return
    sql, params = statement
    for by_column in (False, True):
        compiled = _Compiled(sql, by_column)
        if _same_params(compiled.params(rows), tuple(params)):
            if len(_COMPILED) >= COMPILED_MAX:
                _COMPILED.clear()
            _COMPILED[shape] = compiled
            return


def _same_params(ours: Sequence[Any], theirs: Sequence[Any]) -> bool:
    """Equal parameter lists, a database adapter (psycopg's ``Jsonb``) compared by the value it wraps."""
    if len(ours) != len(theirs):
        return False
    for a, b in zip(ours, theirs, strict=True):
        if type(a) is not type(b):
            return False
        if isinstance(a, list | tuple):
            if not _same_params(a, b):
                return False
        elif hasattr(a, "obj") and not isinstance(a, str | int | float):
            if a.obj != b.obj:
                return False
        elif a != b:
            return False
    return True


class _CommandConflict(Exception):
    pass


def _command_conflict(exc: IntegrityError, connection: Any) -> bool:
    """Whether the failed statement failed on the command row's uniqueness (not some other row's)."""
    diag = getattr(exc.__cause__, "diag", None)
    if connection.vendor == "postgresql" and diag is not None:
        return diag.table_name == Command._meta.db_table
    return True  # run one by one: only the command's own INSERT is marked


# --- persistence of one new version ---------------------------------------------------------------


def _persist(
    *,
    table: Table,
    rules: Rules,
    old_state: Any,
    state: Any,
    rng: Rng,
    events: Sequence[EngineEvent],
    seats: Sequence[Seat],
    acting_seat: int | None,
    writes: _Writes | None = None,
    inline_automatic: bool = False,
) -> bool:
    """Write version ``table.version``: state, events, deck rows, seat decisions; schedule side effects.

    Must be called inside ``transaction.atomic`` with the Table row locked. The rows go out together at
    the end (``_Writes``: one statement on PostgreSQL), after the command row ``writes`` may hold.

    ``inline_automatic``: the caller applies an automatic step due now at no pace itself, in this
    transaction (``_inline_automatic_steps``). Returns True when one is: this version is then not
    announced (its pages are told of the version the steps end at) nor its step sent to the worker.
    """
    if writes is None:
        writes = _Writes(table._state.db or "default")
    now = timezone.now()
    dumped = rules.dump(state)
    rng_data = rng.dump()
    writes.insert(
        Event,
        [
            Event(
                table=table,
                seq=table.version,
                index=i,
                kind=e.kind,
                data=dict(e.data),
                visible_to=sorted(e.visible_to) if e.visible_to is not None else None,
                redacted=dict(e.redacted) if e.redacted is not None else None,
            )
            for i, e in enumerate(events)
        ],
    )
    writes.insert(StateVersion, [StateVersion(table=table, version=table.version, state=dumped, rng_state=rng_data)])
    _sync_decks(writes, table=table, rules=rules, old_state=old_state, state=state)

    result = rules.result(state)
    pending = rules.pending(state) if result is None else ()
    newly_waiting = _sync_seat_decisions(
        writes, table=table, seats=seats, pending=pending, acting_seat=acting_seat, now=now
    )

    table.state = dumped
    keep_loaded_state(table, state)  # the mover's answer renders from the state just made, not a load of it
    table.rng_state = rng_data
    fields = ["state", "rng_state", "version", "updated_at", "auto_step_since"]
    automatic_due = any(d.automatic for d in pending)
    table.auto_step_since = now if automatic_due else None
    if table.auto_step_failures or table.auto_step_error:
        # The failures counted were at an older version: the step due now starts afresh.
        table.auto_step_failures, table.auto_step_error = 0, ""
        fields += ["auto_step_failures", "auto_step_error"]
    if result is not None:
        table.status = Table.Status.FINISHED
        table.result = result.as_json()
        table.finished_at = now
        fields += ["status", "result", "finished_at"]
    if old_state is None:
        fields += ["status", "started_at"]
    away_due = _away_answers_due(rules, state, seats, pending, now)
    if away_due:  # an away seat is not called for what the site answers for it at once
        newly_waiting = [s for s in newly_waiting if s.position not in away_due]
    if newly_waiting or result is not None:
        _notify(writes, table=table, seats=seats, newly_waiting=newly_waiting, finished=result is not None)
    writes.update(table, fields)
    writes.send()

    goes_on = inline_automatic and automatic_due and automatic_pace(pending) == 0
    if not goes_on:  # else the caller applies the step now, and announces the version it ends at
        _announce(table, pending)
    for position in away_due:
        queueing.enqueue_on_commit(queueing.ANSWER_AWAY, table.pk, position, table.version)
    if newly_waiting or result is not None:
        queueing.enqueue_on_commit(queueing.NOTIFY_USERS, table.pk, table.version)
    return goes_on


def _announce(table: Table, pending: Sequence[Decision]) -> None:
    """After commit: the table's pages told of its version, and its automatic step, if one is due, sent to
    the worker (after the step's pace)."""
    broadcast.table_updated_on_commit(table_id=table.pk, version=table.version)
    if any(d.automatic for d in pending):
        queueing.enqueue_on_commit(queueing.ADVANCE_TABLE, table.pk, table.version, countdown=automatic_pace(pending))


def _sync_decks(writes: _Writes, *, table: Table, rules: Rules, old_state: Any, state: Any) -> None:
    """Mirror the engine's piles as Deck rows: create on the first version, then update changed ones."""
    new = {z.name: z for z in rules.zones(state)}
    if old_state is None:
        writes.insert(Deck, [_deck_row(table, z) for z in new.values()])
        return
    old = {z.name: z for z in rules.zones(old_state)}
    changed = [z for name, z in new.items() if name not in old or old[name] != z]
    if set(old) - set(new):
        writes.delete(Deck.objects.filter(table=table, name__in=sorted(set(old) - set(new))))
    if changed:
        # One statement for new and changed piles alike (INSERT ... ON CONFLICT (table, name) DO UPDATE).
        writes.insert(
            Deck,
            [_deck_row(table, z) for z in changed],
            on_conflict=OnConflict.UPDATE,
            unique_fields=["table", "name"],
            update_fields=["owner", "visibility", "seen_by", "cards", "size"],
        )


def _deck_row(table: Table, zone: Any) -> Deck:
    return Deck(
        table=table,
        name=zone.name,
        owner=zone.owner,
        visibility=zone.visibility,
        seen_by=_seen_by(zone.seen_by),
        cards=list(zone.cards),
        size=len(zone.cards),
    )


def _seen_by(seats: frozenset[int]) -> str:
    return "," + "".join(f"{s}," for s in sorted(seats)) if seats else ""


def _sync_seat_decisions(
    writes: _Writes, *, table: Table, seats: Sequence[Seat], pending: Sequence[Any], acting_seat: int | None, now: Any
) -> list[Seat]:
    """Record each seat's open decision; return the seats the game has just started waiting on."""
    key_of: dict[int, str] = {}
    for decision in pending:
        for s in decision.seats:
            key_of[s] = decision.key
    newly_waiting: list[Seat] = []
    changed: list[Seat] = []
    waiting_changed: list[int] = []  # users whose badge of games waiting for them changes
    for seat in seats:
        key = key_of.get(seat.position, "")
        dirty = False
        if key != seat.decision_key or seat.position == acting_seat:
            seat.decision_key = key
            seat.decision_since = table.version
            dirty = True
        if key and seat.waiting_since is None:
            seat.waiting_since = now
            newly_waiting.append(seat)
            waiting_changed.append(seat.user_id)
            dirty = True
        elif not key and seat.waiting_since is not None:
            seat.waiting_since = None
            waiting_changed.append(seat.user_id)
            dirty = True
        if seat.position == acting_seat and seat.seen_version < table.version:
            seat.seen_version = table.version
            dirty = True
        if dirty:
            changed.append(seat)
    if changed:
        # One statement (INSERT ... ON CONFLICT (id) DO UPDATE) for the rows that exist anyway: a fifth of
        # the CPU of ``bulk_update``, whose CASE WHEN expressions cost ~1.5 ms per move to build. Only the
        # fields named are written; the insert path stamps ``joined_at`` on the objects, so it is put back.
        joined = [s.joined_at for s in changed]
        writes.insert(
            Seat,
            changed,
            on_conflict=OnConflict.UPDATE,
            unique_fields=["id"],
            update_fields=["decision_key", "decision_since", "waiting_since", "seen_version"],
        )
        for seat, joined_at in zip(changed, joined, strict=True):
            seat.joined_at = joined_at
    if waiting_changed:
        broadcast.badges_updated_on_commit(user_ids=waiting_changed)
    return newly_waiting


def _notify(writes: _Writes, *, table: Table, seats: Sequence[Seat], newly_waiting: Sequence[Seat], finished: bool) -> None:
    if finished:
        user_ids = [s.user_id for s in seats]
        kind = Notification.Kind.GAME_ENDED
    else:
        user_ids = [s.user_id for s in newly_waiting]
        kind = Notification.Kind.YOUR_TURN
    writes.insert(
        Notification,
        [Notification(user_id=u, table=table, kind=kind, version=table.version) for u in user_ids],
        on_conflict=OnConflict.IGNORE,
    )


# --- chat and visits ------------------------------------------------------------------------------


def chat_post(*, table_id: int, user: User, text: str) -> None:
    from games.models import ChatMessage

    text = text.strip()
    if not text:
        raise IllegalCommand("empty_message")
    if len(text) > 500:
        raise IllegalCommand("message_too_long", maximum=500)
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise IllegalCommand("no_such_table")
    if not table.seats.filter(user=user).exists() and not user.is_staff:
        raise NotSeated()
    ChatMessage.objects.create(table=table, user=user, text=text)
    broadcast.chat_updated_on_commit(table_id=table.pk)


def seat_mark_seen(*, table_id: int, user: User, version: int) -> None:
    Seat.objects.filter(table_id=table_id, user=user, seen_version__lt=version).update(seen_version=version)
    Notification.objects.filter(table_id=table_id, user=user, read_at__isnull=True).update(read_at=timezone.now())

