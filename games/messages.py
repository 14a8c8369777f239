"""Translated texts for the platform's error codes (``IllegalCommand.code``) and a few shared labels.

Engines raise stable codes with plain-JSON params; the site turns them into sentences here. The
templates use ``str.format`` placeholders (``{position}``), the same style as the engines' own
English ``MESSAGES`` dicts, so one formatter fills both.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

#: Every code the platform (services, lobby, moderation, the engine core) raises, with its sentence.
ERROR_MESSAGES: dict[str, Promise] = {
    # tables and seats
    "no_such_table": _("This table does not exist."),
    "unknown_game": _("There is no game called “{game}” on this site."),
    "engine_version_mismatch": _(
        "This table runs an older version of the game ({table}, the site has {have}); "
        "it must be migrated before anyone can play."
    ),
    "table_not_open": _("This table is no longer open: the game has started or the table was closed."),
    "already_seated": _("You already have a seat at this table."),
    "table_full": _("This table is full."),
    "seat_taken": _("Seat {position} is already taken."),
    "no_such_seat": _("There is no seat {position} at this table."),
    "unknown_faction": _("“{faction}” is not a faction of this game."),
    "faction_taken": _("Another player already chose “{faction}”."),
    "not_seated": _("You do not have a seat at this table."),
    "creator_cannot_leave": _("You created this table, so you cannot leave it: cancel it instead."),
    "only_creator": _("Only the player who created this table can do that."),
    "only_moderators": _("Only moderators can do that."),
    "table_already_over": _("This table is already over."),
    "table_not_finished": _("A rematch can only be asked for once the game is over."),
    "not_enough_players": _("The game needs {needed} players and only {seated} are seated."),
    "private_table": _("This is a private table: you can only join it through its invite link."),
    "bad_invite": _("This invite link is not valid (any more)."),
    # options
    "bad_player_count": _("This game is played by {minimum} to {maximum} players, not {given}."),
    "unknown_option": _("“{option}” is not an option of this game."),
    "bad_option_value": _("The value chosen for “{option}” is not allowed."),
    "option_out_of_range": _("“{option}” must be between {minimum} and {maximum}, not {given}."),
    # playing
    "game_not_active": _("This game is not in play."),
    "reserved_command": _("This command cannot be sent that way."),
    "malformed_command": _("This “{kind}” command is malformed; reload the page and try again."),
    "nothing_to_undo": _("There is nothing you can take back now."),
    "unknown_argument": _("The “{kind}” command does not take “{argument}”; reload the page and try again."),
    "already_resigned": _("You have already resigned from this game."),
    "you_resigned": _("You resigned from this game: you can no longer act in it."),
    "resign_not_supported": _("This game does not allow resigning."),
    "not_your_turn": _("It is not your turn."),
    "no_automatic_step_due": _("No automatic step is due now."),
    "stale_decision": _("The game moved on while you were deciding: here is the current board."),
    "bad_request": _("The request could not be understood. Please reload the page and try again."),
    # chat
    "empty_message": _("The message is empty."),
    "message_too_long": _("The message is too long (at most {maximum} characters)."),
    # moderation
    "moderator_seated": _(
        "You hold a seat at this table, so you cannot reveal its secrets. Ask another moderator."
    ),
    "reason_required": _("Please give a reason."),
    "no_step_to_retry": _("This table has no stopped automatic step to retry."),
    # away (a seat answered for while its player is away)
    "bad_away_duration": _("You can be away for 12 hours, 1 day or 2 days only."),
    "not_your_seat": _("You can only say that you are away for your own seat."),
    "away_not_supported": _("This game answers nothing for a player who is away."),
    "not_away": _("You are not away at this table."),
}

#: Log lines of the events the platform itself writes (the engines' own are in their ``EVENTS``).
PLATFORM_EVENTS: dict[str, Promise] = {
    "command_undone": _("{seat} took back their last move."),
    "away_answered": _("{seat} is away until {until}: the site answered for them, adding nothing."),
}

#: Shown when a code has neither a platform sentence nor an engine template.
GENERIC_ERROR = _("This action is not allowed ({code}).")

class _SafeFormatter(string.Formatter):
    """``str.format`` that leaves a missing placeholder as ``?`` rather than raising."""

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "?")
        return super().get_value(key, args, kwargs)


_formatter = _SafeFormatter()


def _fill(template: str, params: Mapping[str, Any]) -> str:
    try:
        return _formatter.vformat(template, (), dict(params))
    except (ValueError, IndexError, AttributeError):
        return template


def error_message(
    code: str, params: Mapping[str, Any] | None = None, fallback: str | None = None, game: str = ""
) -> str:
    """The translated sentence for an error code, filled with ``params``.

    ``fallback`` is the English template an engine ships for its own codes (``MESSAGES[code]``); it is
    looked up in the gettext catalogue and filled the same way. Platform codes win over the fallback.
    With ``game``, a parameter naming one of its table options shows the option's label (``option_params``).
    """
    params = option_params(game, params or {})
    template = ERROR_MESSAGES.get(code)
    if template is not None:
        return _fill(str(template), params)
    if fallback:
        return _fill(gettext(fallback), params)
    return _fill(str(GENERIC_ERROR), {"code": code})


def game_name(slug: str, rules: Any = None) -> str:
    """The translated name of a game: its presenter's ``title`` if it has one, else the engine's ``name``,
    else the slug."""
    from games.presenters import presenter_for  # the presenters read this module's texts

    title = presenter_for(slug).title
    if title:
        return str(title)
    name = getattr(rules, "name", None)
    if isinstance(name, str) and name:
        return gettext(name)
    return slug.replace("_", " ").replace("-", " ").capitalize()


# --- engine texts: option labels and option values ------------------------------------------------


@cache
def _engine_texts(slug: str) -> Any:
    try:
        return importlib.import_module(f"games.{slug}.engine.messages")
    except ImportError:
        return None


def engine_text(slug: str, table: str, key: str) -> str | None:
    """The English template an engine ships for ``key`` in its ``table`` dict (MESSAGES, OPTIONS...)."""
    texts = getattr(_engine_texts(slug), table, None) or {}
    value = texts.get(key)
    return value if isinstance(value, str) else None


def _humanize(value: Any) -> str:
    text = str(value)
    return text.replace("_", " ").capitalize() if text else "-"


def option_label(slug: str, spec: Mapping[str, Any]) -> str:
    """A table option's translated label: the engine's OPTIONS text for its label id, else the label."""
    label = str(spec.get("label") or spec["name"])
    template = engine_text(slug, "OPTIONS", label)
    if template is not None:
        return gettext(template)
    if label.startswith("option_"):
        return _humanize(label.removeprefix("option_"))
    return gettext(label)


#: Refusal parameters that may name a table option (RULINGS E55: "the table option {option} needs {other}").
OPTION_PARAMS = ("option", "other")


def option_params(slug: str, params: Mapping[str, Any]) -> Mapping[str, Any]:
    """``params`` with every ``option``/``other`` value that names options of the game (one, or several joined
    by " / ") replaced by their translated labels; other values, and unknown names, are kept as they are."""
    if not slug or not any(isinstance(params.get(k), str) for k in OPTION_PARAMS):
        return params
    from games.engine import registry

    try:
        specs = {spec["name"]: spec for spec in registry.get(slug).option_schema()}
    except LookupError:
        return params
    out = dict(params)
    for key in OPTION_PARAMS:
        value = out.get(key)
        if not isinstance(value, str):
            continue
        names = value.split(" / ")
        if all(name in specs for name in names):
            out[key] = " / ".join(option_label(slug, specs[name]) for name in names)
    return out


def option_choices(slug: str, spec: Mapping[str, Any]) -> list[tuple[Any, str]]:
    """An option's choices as (value, translated label).

    Choices may be plain values, ``[value, label]`` pairs or ``{"value", "label"}`` dicts; a plain
    value is looked up in the engine's CHOICES (then OPTIONS) as ``<name>.<value>``, then ``<value>``.
    """
    items: list[tuple[Any, str]] = []
    for item in spec.get("choices") or ():
        if isinstance(item, Mapping):
            items.append((item["value"], gettext(str(item.get("label", item["value"])))))
        elif isinstance(item, list | tuple) and len(item) == 2:
            items.append((item[0], gettext(str(item[1]))))
        else:
            key = f"{spec['name']}.{item}"
            template = (
                engine_text(slug, "CHOICES", key)
                or engine_text(slug, "OPTIONS", key)
                or engine_text(slug, "OPTIONS", str(item))
            )
            items.append((item, gettext(template) if template else _humanize(item)))
    return items


def option_value_label(slug: str, spec: Mapping[str, Any], value: Any) -> str:
    if spec.get("type") == "bool":
        return gettext("yes") if value else gettext("no")
    for choice, label in option_choices(slug, spec):
        if choice == value:
            return label
    return _humanize(value)
