"""Tables, seats, the command and event logs, state versions and deck rows.

The engine's state (``Table.state``) is the one authority. Deck rows mirror its piles in the same
transaction so that what a page loads of a deck is limited by the query itself.
"""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


def new_seed() -> int:
    return secrets.randbits(63)


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACTIVE = "active", _("In play")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")
        CLOSED = "closed", _("Closed by a moderator")

    game = models.SlugField(_("game"), max_length=40)
    engine_version = models.PositiveIntegerField(default=1)
    title = models.CharField(_("title"), max_length=80, blank=True)
    num_players = models.PositiveSmallIntegerField(_("players"))
    options = models.JSONField(default=dict, blank=True)
    is_private = models.BooleanField(_("private (invite link only)"), default=False)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN, db_index=True)
    seed = models.BigIntegerField(default=new_seed, editable=False)
    # The current state: engine state, RNG state, and the version every command bumps by one.
    state = models.JSONField(null=True, blank=True, editable=False)
    rng_state = models.JSONField(null=True, blank=True, editable=False)
    version = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    #: When the engine began waiting for an automatic step (None: none pending). Read by the sweeper.
    auto_step_since = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        constraints = [models.CheckConstraint(condition=Q(num_players__gte=1), name="table_has_players")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.game}"

    @property
    def is_started(self) -> bool:
        return self.status in (self.Status.ACTIVE, self.Status.FINISHED, self.Status.CLOSED)


class Seat(models.Model):
    """A place at a table. ``position`` is the engine's seat number (0..n-1)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    faction = models.CharField(max_length=40, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    resigned = models.BooleanField(default=False)
    #: The key of the decision this seat was last asked, and the version since which its page is live.
    decision_key = models.CharField(max_length=120, blank=True)
    decision_since = models.PositiveIntegerField(default=0)
    #: The table version this seat's player last looked at (the "new since your visit" marker).
    seen_version = models.PositiveIntegerField(default=0)
    #: Set while the game waits on this seat; cleared when it acts. Drives badges and reminders.
    waiting_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_user_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.position} {self.user}"


class Command(models.Model):
    """The move log: every command applied to a table, in order. Replaying it rebuilds the state."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="commands")
    seq = models.PositiveIntegerField(help_text="the table version this command produced")
    seat = models.SmallIntegerField(help_text="engine seat; -1 for an automatic step")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=40)
    args = models.JSONField(default=dict)
    idempotency_key = models.UUIDField(default=uuid.uuid4)
    undoable = models.BooleanField(default=False)
    undone = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="command_seq_unique"),
            models.UniqueConstraint(fields=["table", "idempotency_key"], name="command_idempotency_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq} {self.kind}"


class Event(models.Model):
    """What a command caused, with who may see it. The log is rendered per seat from these rows."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField(help_text="the version whose command produced it; 0 = setup")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=60)
    data = models.JSONField(default=dict)
    #: None: public. Else the seat numbers that see ``data``; the others see ``redacted`` (or nothing).
    visible_to = models.JSONField(null=True, blank=True)
    redacted = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["table", "seq", "index"]
        constraints = [models.UniqueConstraint(fields=["table", "seq", "index"], name="event_order_unique")]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq}.{self.index} {self.kind}"


class StateVersion(models.Model):
    """The state after each version: what undo restores, and what a moderator audits."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="state_versions")
    version = models.PositiveIntegerField()
    state = models.JSONField()
    rng_state = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "version"]
        constraints = [models.UniqueConstraint(fields=["table", "version"], name="state_version_unique")]

    def __str__(self) -> str:
        return f"{self.table_id}@v{self.version}"


class Deck(models.Model):
    """A card pile of the engine state (hand, draw pile, discard, market), as a row.

    ``cards`` is only ever loaded for rows the viewing seat may see (see ``selectors.decks_for_seat``);
    everyone else reads ``size``.
    """

    class Visibility(models.TextChoices):
        PUBLIC = "public"
        OWNER = "owner"
        TEAM = "team"
        HIDDEN = "hidden"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="decks")
    name = models.CharField(max_length=60)
    owner = models.SmallIntegerField(null=True, blank=True)
    visibility = models.CharField(max_length=8, choices=Visibility.choices)
    #: For ``team`` piles: the seats that see the cards, as ",0,2," (a plain string: portable lookups).
    seen_by = models.CharField(max_length=40, blank=True)
    cards = models.JSONField(default=list)
    size = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["table", "name"]
        constraints = [models.UniqueConstraint(fields=["table", "name"], name="deck_name_unique")]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.name} ({self.size})"


class ChatMessage(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.table_id} {self.user_id}: {self.text[:40]}"


class Notification(models.Model):
    """An in-site badge entry: the game waits on you, a game ended."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("It is your turn")
        GAME_ENDED = "game_ended", _("A game ended")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    #: When the email step looked at this entry; ``email_sent`` says whether a mail actually went out.
    emailed_at = models.DateTimeField(null=True, blank=True)
    email_sent = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "table", "kind", "version"], name="notification_once")
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id} at {self.table_id}@v{self.version}"


class SecretAccess(models.Model):
    """A moderator looked at a table's secrets: who, when, and why."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    reason = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.moderator_id} read {self.table_id} at {self.created_at:%Y-%m-%d %H:%M}"
