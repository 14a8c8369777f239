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

from games.fields import JSONField


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
    engine_version = models.PositiveIntegerField(default=1, verbose_name=_("engine version"))
    title = models.CharField(_("title"), max_length=80, blank=True)
    num_players = models.PositiveSmallIntegerField(_("players"))
    options = JSONField(default=dict, blank=True, verbose_name=_("options"))
    is_private = models.BooleanField(_("private (invite link only)"), default=False)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True, editable=False, verbose_name=_("invite token"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("created by"))
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN, db_index=True, verbose_name=_("status"))
    seed = models.BigIntegerField(default=new_seed, editable=False, verbose_name=_("seed"))
    # The current state: engine state, RNG state, and the version every command bumps by one.
    state = JSONField(null=True, blank=True, editable=False, verbose_name=_("state"))
    rng_state = JSONField(null=True, blank=True, editable=False, verbose_name=_("RNG state"))
    version = models.PositiveIntegerField(default=0, verbose_name=_("version"))
    result = JSONField(null=True, blank=True, verbose_name=_("result"))
    #: When the engine began waiting for an automatic step (None: none pending). Read by the sweeper.
    auto_step_since = models.DateTimeField(null=True, blank=True, db_index=True, verbose_name=_("automatic step pending since"))
    #: Failed attempts at the automatic step due at the current version, and the last one's error code.
    auto_step_failures = models.PositiveSmallIntegerField(default=0, verbose_name=_("failed automatic step attempts"))
    auto_step_error = models.CharField(max_length=120, blank=True, verbose_name=_("automatic step error"))
    #: Set when the automatic step kept failing and is no longer retried: a moderator must look at the table.
    needs_moderator_since = models.DateTimeField(null=True, blank=True, db_index=True, verbose_name=_("needs a moderator since"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    #: The finished table this one is a rematch of (same game, options and players, who join by invite).
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches", editable=False,
        verbose_name=_("rematch of"),
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-updated_at"]
        constraints = [models.CheckConstraint(condition=Q(num_players__gte=1), name="table_has_players")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.game}"

    @property
    def invite_link(self) -> str:
        """The invite link's path, the token in its fragment (``games/invites.py``)."""
        from games.invites import invite_link

        return invite_link(self.pk, self.invite_token)

    @property
    def is_started(self) -> bool:
        return self.status in (self.Status.ACTIVE, self.Status.FINISHED, self.Status.CLOSED)


class Seat(models.Model):
    """A place at a table. ``position`` is the engine's seat number (0..n-1)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table"))
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats", verbose_name=_("user"))
    faction = models.CharField(max_length=40, blank=True, verbose_name=_("faction"))
    joined_at = models.DateTimeField(auto_now_add=True, verbose_name=_("joined at"))
    resigned = models.BooleanField(default=False, verbose_name=_("resigned"))
    #: The key of the decision this seat was last asked, and the version since which its page is live.
    decision_key = models.CharField(max_length=120, blank=True, verbose_name=_("decision key"))
    decision_since = models.PositiveIntegerField(default=0, verbose_name=_("decision open since version"))
    #: The table version this seat's player last looked at (the "new since your visit" marker).
    seen_version = models.PositiveIntegerField(default=0, verbose_name=_("last seen version"))
    #: Set while the game waits on this seat; cleared when it acts. Drives badges and reminders.
    waiting_since = models.DateTimeField(null=True, blank=True, verbose_name=_("waiting since"))
    #: The player is away until then: what the game declares answerable in absence (``Rules.away_command``)
    #: is answered for this seat (``services.seat_away_answer``). None, or a time past: not away.
    away_until = models.DateTimeField(null=True, blank=True, db_index=True, verbose_name=_("away until"))

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_user_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.position} {self.user}"


class Command(models.Model):
    """The move log: every command applied to a table, in order. Replaying it rebuilds the state."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="commands", verbose_name=_("table"))
    seq = models.PositiveIntegerField(help_text=_("the table version this command produced"), verbose_name=_("sequence number"))
    seat = models.SmallIntegerField(help_text=_("engine seat; -1 for an automatic step"), verbose_name=_("seat"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("user"))
    kind = models.CharField(max_length=40, verbose_name=_("kind"))
    args = JSONField(default=dict, verbose_name=_("args"))
    idempotency_key = models.UUIDField(default=uuid.uuid4, verbose_name=_("idempotency key"))
    undoable = models.BooleanField(default=False, verbose_name=_("undoable"))
    undone = models.BooleanField(default=False, verbose_name=_("undone"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("command")
        verbose_name_plural = _("commands")
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="command_seq_unique"),
            # A key is unique per issuer (a seat, or AUTO_SEAT for the server's steps): a key a client sends
            # can never meet the server's or another seat's.
            models.UniqueConstraint(fields=["table", "seat", "idempotency_key"], name="command_idempotency_per_issuer"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq} {self.kind}"


class Event(models.Model):
    """What a command caused, with who may see it. The log is rendered per seat from these rows."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events", verbose_name=_("table"))
    seq = models.PositiveIntegerField(help_text=_("the version whose command produced it; 0 = setup"), verbose_name=_("sequence number"))
    index = models.PositiveSmallIntegerField(verbose_name=_("index"))
    kind = models.CharField(max_length=60, verbose_name=_("kind"))
    data = JSONField(default=dict, verbose_name=_("data"))
    #: None: public. Else the seat numbers that see ``data``; the others see ``redacted`` (or nothing).
    visible_to = JSONField(null=True, blank=True, verbose_name=_("visible to"))
    redacted = JSONField(null=True, blank=True, verbose_name=_("redacted"))

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["table", "seq", "index"]
        constraints = [models.UniqueConstraint(fields=["table", "seq", "index"], name="event_order_unique")]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq}.{self.index} {self.kind}"


class StateVersion(models.Model):
    """The state after each version: what undo restores, and what a moderator audits."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="state_versions", verbose_name=_("table"))
    version = models.PositiveIntegerField(verbose_name=_("version"))
    state = JSONField(verbose_name=_("state"))
    rng_state = JSONField(verbose_name=_("RNG state"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("state version")
        verbose_name_plural = _("state versions")
        ordering = ["table", "version"]
        constraints = [models.UniqueConstraint(fields=["table", "version"], name="state_version_unique")]

    def __str__(self) -> str:
        return f"{self.table_id}@v{self.version}"


class Deck(models.Model):
    """A card pile of the engine state (hand, draw pile, discard, market), as a row.

    The rows mirror the engine's piles after every version (``services._sync_decks``) for moderators
    (the admin's logged "reveal secrets") and for queries across tables. Pages never read them: a seat
    sees piles only through the engine's ``view`` for that seat.
    """

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("public")
        OWNER = "owner", _("its owner only")
        TEAM = "team", _("its team only")
        HIDDEN = "hidden", _("nobody")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="decks", verbose_name=_("table"))
    name = models.CharField(max_length=60, verbose_name=_("name"))
    owner = models.SmallIntegerField(null=True, blank=True, verbose_name=_("owner"))
    visibility = models.CharField(max_length=8, choices=Visibility.choices, verbose_name=_("visibility"))
    #: For ``team`` piles: the seats that see the cards, as ",0,2," (a plain string: portable lookups).
    seen_by = models.CharField(max_length=40, blank=True, verbose_name=_("seen by"))
    cards = JSONField(default=list, verbose_name=_("cards"))
    size = models.PositiveIntegerField(default=0, verbose_name=_("size"))

    class Meta:
        verbose_name = _("deck")
        verbose_name_plural = _("decks")
        ordering = ["table", "name"]
        constraints = [models.UniqueConstraint(fields=["table", "name"], name="deck_name_unique")]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.name} ({self.size})"


class ChatMessage(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat", verbose_name=_("table"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, verbose_name=_("user"))
    text = models.CharField(max_length=500, verbose_name=_("text"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["table", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.table_id} {self.user_id}: {self.text[:40]}"


class Notification(models.Model):
    """An in-site badge entry: the game waits on you, a game ended."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("It is your turn")
        GAME_ENDED = "game_ended", _("A game ended")
        REMINDER = "reminder", _("A game still waits for you")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications", verbose_name=_("user"))
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+", verbose_name=_("table"))
    kind = models.CharField(max_length=20, choices=Kind.choices, verbose_name=_("kind"))
    version = models.PositiveIntegerField(verbose_name=_("version"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    read_at = models.DateTimeField(null=True, blank=True, verbose_name=_("read at"))
    #: When the email step looked at this entry; ``email_sent`` says whether a mail actually went out.
    emailed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("emailed at"))
    email_sent = models.BooleanField(default=False, verbose_name=_("email sent"))

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "table", "kind", "version"], name="notification_once")
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id} at {self.table_id}@v{self.version}"


class SecretAccess(models.Model):
    """A moderator looked at a table's secrets: who, when, and why."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+", verbose_name=_("table"))
    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, verbose_name=_("moderator"))
    reason = models.CharField(max_length=300, verbose_name=_("reason"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("secret access")
        verbose_name_plural = _("secret accesses")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.moderator_id} read {self.table_id} at {self.created_at:%Y-%m-%d %H:%M}"
