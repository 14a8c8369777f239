"""Django-side presentation of each game: its board template, controls, and translated texts.

A presenter turns an engine's JSON view and legal commands into template context. The base class
works for any engine that ships ``MESSAGES`` / ``PROMPTS`` / ``EVENTS`` dicts of English templates
in ``games.engine.<slug>.messages``; the texts are translated through Django's gettext catalogue.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import importlib
import json
import string
import zoneinfo
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from functools import cache
from typing import Any, TypeVar

from django.utils import formats, timezone
from django.utils.translation import get_language, gettext

from games.engine.core import Command, Decision, Rng, Rules
from games.messages import PLATFORM_EVENTS
from games.parts import Part


class _SafeFormatter(string.Formatter):
    def get_value(self, key: Any, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "?")
        return super().get_value(key, args, kwargs)


_formatter = _SafeFormatter()

T = TypeVar("T")


def per_language(fn: Callable[..., T]) -> Callable[..., T]:
    """Cache a text function of a game's fixed content (cards, rules, quadrants) per (arguments, active
    language): its gettext calls run once. Never for texts with seat names (``player_label``). The
    result is shared between renders: callers must not change it.
    """
    cached = functools.lru_cache(maxsize=8192)(lambda language, *args: fn(*args))

    @functools.wraps(fn)
    def wrapper(*args: Any) -> T:
        return cached(get_language(), *args)

    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    #: ``fn.in_language(language, *args)``: for loops that already know the active language.
    wrapper.in_language = cached  # type: ignore[attr-defined]
    return wrapper

#: The names of the seats at the table being rendered (set by the selectors around a render), so
#: that texts can say "Player 2 (Bob)". A context variable: safe across threads and async renders.
SEAT_NAMES: ContextVar[Mapping[int, str] | None] = ContextVar("seat_names", default=None)


@contextlib.contextmanager
def seat_names(names: Mapping[int, str]) -> Iterator[None]:
    token = SEAT_NAMES.set(names)
    try:
        yield
    finally:
        SEAT_NAMES.reset(token)


def seat_ref(seat: int) -> str:
    """A seat as the engines' sentences ("Player {seat}") want it: its number, and its name if known."""
    names = SEAT_NAMES.get()
    if names and seat in names:
        return f"{seat + 1} ({names[seat]})"
    return str(seat + 1)


def zone_named(name: str | None) -> zoneinfo.ZoneInfo | None:
    """The time zone of an IANA name (a profile's), or None for an empty or unknown one."""
    if not name:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def moment_text(when: datetime.datetime | str, time_zone: str | None = None) -> str:
    """A moment as the reader reads times: in ``time_zone`` (an IANA name: the reader's profile) or else the
    active time zone (the request's, ``accounts.middleware``), in the active language's short date and time
    format, with the zone's abbreviation. ``when`` may be an ISO 8601 string (an event's data)."""
    if isinstance(when, str):
        try:
            when = datetime.datetime.fromisoformat(when)
        except ValueError:
            return when
    local = timezone.localtime(when, zone_named(time_zone))
    return f"{formats.date_format(local, 'SHORT_DATETIME_FORMAT')} {local.tzname() or ''}".strip()


def player_label(seat: int) -> str:
    return gettext("Player %(n)s") % {"n": seat_ref(seat)}


def fill(template: str, params: Mapping[str, Any]) -> str:
    try:
        return _formatter.vformat(template, (), dict(params))
    except (ValueError, IndexError, AttributeError):
        return template


class Presenter:
    #: The game's translated name (``gettext_lazy``), or None: ``games.messages.game_name`` falls back.
    title: Any = None
    board_template = "games/_generic_board.html"
    #: A static stylesheet for the board (linked in the table page's head), or None.
    stylesheet: str | None = None

    def __init__(self, slug: str) -> None:
        self.slug = slug
        try:
            self.messages_module: Any = importlib.import_module(f"games.{slug}.engine.messages")
        except ImportError:
            self.messages_module = None

    def _table(self, name: str) -> Mapping[str, str]:
        return getattr(self.messages_module, name, None) or {}

    def error_template(self, rules: Rules, code: str) -> str | None:
        return self._table("MESSAGES").get(code)

    def message_text(self, rules: Rules, message_id: str) -> str:
        """A result reason or tie-break id as a sentence (the engine's MESSAGES, translated)."""
        template = self._table("MESSAGES").get(message_id)
        return gettext(template) if template else message_id.replace("_", " ")

    def score_label(self, rules: Rules, key: str) -> str:
        """A column of the result's score table (a key of ``Result.scores``' rows): the engine's
        ``MESSAGES["score_<key>"]``, translated; the key itself when the engine names none."""
        template = self._table("MESSAGES").get(f"score_{key}")
        return gettext(template) if template else key

    def event_text(self, rules: Rules, kind: str, data: Mapping[str, Any]) -> str:
        platform = PLATFORM_EVENTS.get(kind)
        if platform is not None:
            params = self.describe_params(data)
            if isinstance(data.get("until"), str):  # an away seat's order (services.seat_away_answer)
                params["until"] = moment_text(data["until"])
            if isinstance(data.get("seat"), int) and data["seat"] >= 0:  # "Player 2 (Bob)" in every game: a
                params["seat"] = player_label(data["seat"])  # game's describe_params may give only "2 (Bob)"
            return fill(str(platform), params)
        template = self._table("EVENTS").get(kind)
        if template is None:
            return kind.replace("_", " ")
        return fill(gettext(template), self.describe_params(data))

    def prompt_text(self, rules: Rules, decision: Decision) -> str:
        template = self._table("PROMPTS").get(decision.prompt, decision.prompt.replace("_", " "))
        return fill(gettext(template), self.describe_params(decision.params))

    def describe_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Turn event data into values a sentence can show (seat numbers become "Player 2")."""
        out = dict(params)
        for key in ("seat", "player", "by", "target_seat"):
            if isinstance(out.get(key), int) and out[key] >= 0:
                out[key] = player_label(out[key])
        return out

    def command_label(self, rules: Rules, command: Command) -> str:
        template = self._table("COMMANDS").get(command.kind)
        if template is None:
            label = command.kind.replace("_", " ")
            if command.args:
                label += " " + ", ".join(f"{k}={v}" for k, v in sorted(command.args.items()))
            return label
        return fill(gettext(template), command.args)

    def controls(
        self, rules: Rules, view: Mapping[str, Any], legal: Sequence[Command], position: int | None
    ) -> list[dict[str, Any]]:
        """One control per legal command: the page posts exactly ``kind`` + ``args``."""
        return [
            {
                "kind": c.kind,
                "args": json.dumps(dict(c.args), sort_keys=True, separators=(",", ":")),
                "label": self.command_label(rules, c),
                "group": c.kind,
            }
            for c in legal
        ]

    def extra_context(self, rules: Rules, view: Mapping[str, Any], position: int | None) -> dict[str, Any]:
        return {}

    def rerandomise(self, rules: Rules, state: Any, seat: int | None, rng: Rng) -> Any:
        """The proof harness's re-randomiser (tests/proof): the engine's ``Rules.rerandomise``. A game whose
        engine has none yet may give one here, next to its presenter; the harness calls this."""
        return rules.rerandomise(state, seat, rng)

    def board_parts(self, rules: Rules, ctx: Mapping[str, Any]) -> list[Part] | None:
        """The board as parts (``games.parts``), in page order, for the viewer ``ctx`` describes (what
        ``selectors.board_context`` builds: the view, the controls, the position, the seats...); None
        for a game whose board is still one template (``board_template``): the platform then sends its
        whole board whenever it changed. With parts, ``board_template`` draws them: ``parts_html`` (their
        HTML joined, in order; the generic board does just that), or each of ``parts`` exactly as
        ``games.parts.render_part`` renders it, inside an outline of its own that holds no data (the
        platform swaps the parts that changed by id, and the whole board when their ids or order change).
        The outline may depend on the viewer's position, the language and the parts' ids, nothing else:
        the platform draws it once per those and keeps it (``games.rendering.board_html``)."""
        return None


_PRESENTERS: dict[str, type[Presenter]] = {}


def register_presenter(slug: str, cls: type[Presenter]) -> None:
    """Called by a game's presenter module (imported by its app's ``ready``: ``games.apps.GameAppConfig``)."""
    _PRESENTERS[slug] = cls
    presenter_for.cache_clear()


@cache
def presenter_for(slug: str) -> Presenter:
    return _PRESENTERS.get(slug, Presenter)(slug)
