"""The Kemble board, drawn in Python: the outline (header, my cards, boss, final scores, market), the grid
of quadrants (with the command forms on them), the player panels, and the sensor and power-up cards.

Why not templates: the board is re-rendered for every seat after every move, and its parts repeat. A
4-player board has about 40 quadrants, each with a dozen symbols and titles: as ``{% include %}`` loops
they cost about 2,000 template nodes per render (three quarters of the render's CPU); here they cost a
few string joins. The outline left in the template still cost half of the board fragment's CPU, so it
moved here too. ``games/kemble/templates/kemble/board.html`` only calls ``board`` (through the tag
``kemble_board`` of ``games/kemble/templatetags/kemble_tags.py``).

The markup is the one the templates made, byte for byte (``bench/render.py --compare`` checks it
against a corpus rendered by the templates), whitespace included. Rules kept from the templates:

- every value goes through ``_e`` (as ``{{ value }}`` does: escaped, numbers as digits);
- fixed texts come from ``_texts()``, translated once per language (as ``{% translate %}`` does, not
  escaped); texts with values are ``gettext(...) % values``, values escaped (as ``{% blocktranslate %}``;
  plurals with ``ngettext``);
- a missing key shows as "" (``_get``, as a template's missing variable), None as "None";
- each section below names the template it replaced.

A quadrant without commands on it looks the same to every viewer and usually for many moves: its HTML is
kept (``quadrant``), keyed by everything it shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from games.board_html import escape_value

_e = escape_value  # ``{{ value }}``, as the templates rendered it


def _item(value: Any, index: int) -> Any:
    """``value.0`` in a template: the item, or "" when there is none."""
    try:
        return value[index]
    except (TypeError, IndexError, KeyError):
        return ""


#: The fixed texts of the board, by their English text (translated once per language in ``_texts``;
#: ``gettext_noop`` so that makemessages finds them).
_FIXED = (
    gettext_noop("you"),
    gettext_noop("Wingmen team"),
    gettext_noop("wingman"),
    gettext_noop("playing"),
    gettext_noop("Place in this round’s turn order"),
    gettext_noop("Energy"),
    gettext_noop("Threat level (partial points toward the next level)"),
    gettext_noop("Threat"),
    gettext_noop(
        "Threat level at or above energy: resolving it now would destroy the ship. Each move dodges 1 level."
    ),
    gettext_noop("in danger"),
    gettext_noop("Bellonium"),
    gettext_noop("Glory"),
    gettext_noop("Resigned"),
    gettext_noop("Not yet in the play area"),
    gettext_noop("Not in the play area (astral)"),
    gettext_noop("Weapons facing"),
    gettext_noop("Sensor cards in hand"),
    gettext_noop("Power-up cards"),
    gettext_noop("Has chosen a sensor card"),
    gettext_noop("Choosing a sensor card"),
    gettext_noop("Played:"),
    gettext_noop("Mission"),
    gettext_noop("Achievements"),
    gettext_noop("PvP tokens received: they pay glory to their owners if this ship is destroyed"),
    gettext_noop("PvP tokens"),
    gettext_noop("Wingman’s power-ups"),
    gettext_noop("Choose what to do here"),
    gettext_noop("Flips over when one of its quadrants is destroyed"),
    gettext_noop("Flipped"),
    # with values, filled in by the caller (as blocktranslate does)
    gettext_noop("Team %(n)s"),
    gettext_noop("Row %(row)s, column %(col)s"),
    gettext_noop("L%(n)s"),
    gettext_noop("Actions on row %(row)s, column %(col)s"),
    gettext_noop("Sensor card %(n)s (%(colour)s)"),
    # the outline (was board.html)
    gettext_noop("Your turn"),
    gettext_noop("Moves left"),
    gettext_noop("Fire actions left"),
    gettext_noop("Overloads used (at most 2 per turn)"),
    gettext_noop("Turn order this round"),
    gettext_noop("Order:"),
    gettext_noop("Your cards"),
    gettext_noop("Your sensor cards"),
    gettext_noop("none"),
    gettext_noop("Your secret choice:"),
    gettext_noop("Your power-ups"),
    gettext_noop("Play area: row 1 is the top"),
    gettext_noop("Final scoring"),
    gettext_noop("Player"),
    gettext_noop("Power-ups"),
    gettext_noop("Total"),
    gettext_noop("Upgrades left"),
    gettext_noop("Decks"),
    gettext_noop("Space cards"),
    gettext_noop("Sensor cards"),
    gettext_noop("Round %(n)s"),
    gettext_noop("%(who)s’s turn"),
    gettext_noop("overloads %(n)s/2"),
    gettext_noop("laser shots left: %(n)s"),
    gettext_noop("Boss: %(name)s"),
    gettext_noop("%(d)s/%(t)s parts destroyed"),
)


@cache
def _texts_in(language: str | None) -> dict[str, str]:
    return {text: gettext(text) for text in _FIXED}


def _texts() -> dict[str, str]:
    """The fixed texts in the active language (each catalogue lookup done once per process)."""
    return _texts_in(get_language())


@dataclass(frozen=True)
class Forms:
    """What every command form of one render posts besides its command (see ``table.html``'s forms)."""

    url: str
    version: str
    key: str

    @classmethod
    def from_context(cls, context: Mapping[str, Any]) -> Forms:
        from django.urls import get_script_prefix, get_urlconf

        table = context.get("table")
        url = _command_url(table.pk, get_script_prefix(), get_urlconf()) if table is not None else ""
        return cls(
            url=_e(url),
            version=_e(context.get("form_version", "")),
            key=_e(context.get("idempotency_key", "")),
        )


@lru_cache(maxsize=1024)
def _command_url(table_pk: Any, script_prefix: str, urlconf: Any) -> str:
    """``{% url 'table_command' table.pk %}``, kept: ``reverse`` costs more than the rest of the forms.

    Keyed by what ``reverse`` reads besides the table (the script prefix and the urlconf in use).
    """
    from django.urls import reverse

    return reverse("table_command", args=[table_pk], urlconf=urlconf)


@lru_cache(maxsize=1024)
def _counted(language: str | None, which: str, n: int) -> str:
    """The board's counted texts in ``language`` (the active one), ``%(n)s`` still to fill.

    A gettext call costs a few microseconds (the active language is looked up each time) and there are
    a dozen of these per render: each (language, text, count) is translated once.
    """
    if which == "hand":
        return ngettext("%(n)s sensor card", "%(n)s sensor cards", n)
    if which == "powerups":
        return ngettext("%(n)s power-up", "%(n)s power-ups", n)
    if which == "moves":
        return ngettext("%(n)s move", "%(n)s moves", n)
    if which == "fires":
        return ngettext("%(n)s fire action", "%(n)s fire actions", n)
    raise ValueError(which)


# --- cards (were _sensor_card.html and _powerup_card.html) --------------------------------------------


def sensor_card(card: Mapping[str, Any], t: Mapping[str, str] | None = None) -> str:
    """A sensor card: its number, colour and effect (hands, secret choices, played cards, bid buttons).

    ``t``: the fixed texts (``_texts()``) when the caller holds them already.
    """
    if t is None:
        t = _texts()
    text = card.get("text", "")
    title = t["Sensor card %(n)s (%(colour)s)"] % {
        "n": _e(card.get("number", "")),
        "colour": _e(card.get("symbol_name", "")),
    }
    if text:
        title += ": " + _e(text)
    return (
        f'<span class="kb-sensor sym-{_e(card.get("symbol", ""))}" data-card="{_e(card.get("id", ""))}" title="{title}">\n'
        f'  <span class="sensor-number">{_e(card.get("number", ""))}</span>'
        '<span class="sensor-symbol" aria-hidden="true">●</span>\n'
        f'  {f"""<span class="sensor-text">{_e(text)}</span>""" if text else ""}\n'
        "</span>\n"
    )


def powerup_card(card: Mapping[str, Any]) -> str:
    """A power-up card: name, effect and when it plays (my power-ups, a wingman's)."""
    timing = _e(card.get("timing", ""))
    return (
        f'<span class="kb-powerup timing-{_e(card.get("timing_id", ""))}" data-card="{_e(card.get("id", ""))}" '
        f'title="{timing}">\n'
        f'  <strong class="powerup-name">{_e(card.get("name", ""))}</strong>\n'
        f'  <span class="powerup-text">{_e(card.get("text", ""))}</span>\n'
        f'  <small class="powerup-timing">{timing}</small>\n'
        "</span>\n"
    )


# --- the grid (was the grid of board.html, _quadrant.html and _command_form.html) ---------------------


def command_form(c: Mapping[str, Any], forms: Forms, show_label: bool = False) -> str:
    """A command form on the board: a quadrant's action, or a turret arrow on the ship's quadrant edge."""
    kind, args, label = _e(c["kind"]), _e(c["args"]), _e(c["label"])
    edge = c.get("edge")
    css = f"command kb-cmd kb-cmd-{kind}" + (f" kb-edge kb-edge-{_e(edge)}" if edge else "")
    shown = f'<span class="kb-cmd-label">{label}</span>' if show_label else ""
    return (
        f'<form class="{css}" hx-post="{forms.url}" ws-send hx-target="find .form-error" hx-swap="innerHTML" '
        'hx-disabled-elt="find button">\n'
        f'  <input type="hidden" name="kind" value="{kind}">\n'
        f'  <input type="hidden" name="args" value="{args}">\n'
        f'  <input type="hidden" name="version" value="{forms.version}">\n'
        f'  <input type="hidden" name="idempotency_key" value="{forms.key}">\n'
        f'  <button type="submit" data-kind="{kind}" data-args="{args}" aria-label="{label}" title="{label}">'
        f'<span class="kb-cmd-glyph" aria-hidden="true">{_e(c.get("glyph", ""))}</span>{shown}</button>\n'
        '  <span class="form-error"></span>\n'
        "</form>\n"
    )


@dataclass(frozen=True)
class _Printed:
    """The printed face of a quadrant as HTML lines (the same for every render in a language)."""

    energy: str
    threats: str
    glyph: str
    symbols: str
    rewards: str


_PRINTED: dict[int, tuple[Mapping[str, Any], _Printed]] = {}


def _printed(info: Mapping[str, Any]) -> _Printed:
    """``info`` (``presenters.kemble.quadrant_info``, cached there per quadrant and language) as HTML."""
    hit = _PRINTED.get(id(info))
    if hit is not None and hit[0] is info:
        return hit[1]
    energy = ""
    if info["energy"] is not None:
        energy = f'<span class="q-energy" title="{_e(info["energy_title"])}">{_e(info["energy"])}</span>'
    threats = "".join(
        f'<span class="q-threat t-{_e(t["kind"])}" title="{_e(t["title"])}">{"γ" if t["kind"] == "gamma" else "⚠"}'
        + (f'<span class="t-dir">{_e(t["arrow"])}</span>' if t["kind"] != "regular" else "")
        + f"{_e(t['count'])}</span>"
        for t in info["threats"]
    )
    glyph = ""
    if info["glyph"]:
        glyph = f'<span class="q-glyph" aria-hidden="true">{_e(info["glyph"])}</span><span class="q-name">{_e(info["name"])}</span>'
    symbols = "".join(
        f'<span class="q-sym s-{_e(s["kind"])}" title="{_e(s["title"])}">{_e(s["text"])}</span>'
        for s in info["symbols"]
    )
    rewards = "".join(
        f'<span class="q-reward r-{_e(r["kind"])}" title="{_e(r["title"])}">{_e(r["glyph"])}{_e(r["count"])}</span>'
        for r in info["rewards"]
    )
    printed = _Printed(energy, threats, glyph, symbols, rewards)
    if len(_PRINTED) > 10_000:  # only when quadrant_info is called uncached (tests): stay bounded
        _PRINTED.clear()
    _PRINTED[id(info)] = (info, printed)
    return printed


def _ship(ship: Mapping[str, Any]) -> str:
    css = (
        f"kb-ship c-{_e(ship['colour'])}"
        + (" me" if ship["me"] else "")
        + (" active" if ship["active"] else "")
    )
    return (
        f'\n  <div class="{css}" title="{_e(ship["title"])}" data-seat="{_e(ship["seat"])}">\n'
        f'    <span class="ship-turret facing-{_e(ship["facing"])}" aria-hidden="true">▲</span>\n'
        f'    <span class="ship-label">{_e(ship["seat"] + 1)}</span>\n'
        "  </div>\n  "
    )


def quadrant(
    q: Mapping[str, Any],
    cell: Sequence[Mapping[str, Any]],
    edges: Sequence[Mapping[str, Any]],
    forms: Forms,
    language: str | None,
    my_row: int | None = None,
    cols: int = 0,
) -> str:
    """One quadrant: its printed symbols, marks, damage, the ship on it, and the commands that act on it.

    ``cell``: the commands placed on this quadrant (one is a button, several a menu); ``edges``: the
    turret arrows drawn on its edges (the ship's own quadrant); ``language``: the active language;
    ``my_row``: the row of the viewer's ship (a menu opens on the side away from it, so as not to cover it);
    ``cols``: the grid's columns (a menu in the right half opens leftwards, so it stays on a phone's screen).
    """
    info = q["info"]
    printed = _printed(info)
    if cell or edges:
        return _quadrant(q, printed, cell, edges, forms, language, my_row, cols)
    # Without commands on it, a quadrant looks the same to every viewer and often for many moves.
    ship = q["ship"]
    key = (
        language,  # the fixed texts drawn around the printed ones are in the viewer's language
        printed,
        info["object"],
        q["key"],
        q["row"],
        q["col"],
        q["label"],
        q["covered"],
        q["in_line"],
        q["damage"],
        q["damage_title"],
        tuple((m["colour"], m["title"]) for m in q["marks"]),
        (ship["seat"], ship["colour"], ship["me"], ship["active"], ship["title"], ship["facing"])
        if ship
        else None,
    )
    hit = _QUADRANTS.get(key)
    if hit is None:
        if len(_QUADRANTS) > 5_000:
            _QUADRANTS.clear()
        hit = _QUADRANTS[key] = _quadrant(q, printed, (), (), forms, language)
    return hit


#: Quadrants without commands, by everything they show (see ``quadrant``).
_QUADRANTS: dict[tuple[Any, ...], str] = {}


def _quadrant(
    q: Mapping[str, Any],
    printed: _Printed,
    cell: Sequence[Mapping[str, Any]],
    edges: Sequence[Mapping[str, Any]],
    forms: Forms,
    language: str | None,
    my_row: int | None = None,
    cols: int = 0,
) -> str:
    info = q["info"]
    label = _e(q["label"])
    css = (
        f"kb-q obj-{_e(info['object'])}"
        + (" covered" if q["covered"] else "")
        + (" in-line" if q["in_line"] else "")
        + (" actionable" if cell else "")
        + (" has-ship" if q["ship"] else "")
    )
    if q["covered"]:
        mid = '<span class="q-covered-mark" aria-hidden="true">░</span>'
    else:
        mid = printed.glyph
    marks = ""
    if q["marks"]:
        marks = (
            '<div class="q-marks">'
            + "".join(
                f'<span class="q-mark c-{_e(m["colour"])}" title="{_e(m["title"])}"></span>'
                for m in q["marks"]
            )
            + "</div>"
        )
    damage = (
        f'<span class="q-damage" title="{_e(q["damage_title"])}">✷{_e(q["damage"])}</span>'
        if q["damage"]
        else ""
    )
    ship = _ship(q["ship"]) if q["ship"] else ""
    action = ""
    if len(cell) == 1:
        action = f'<div class="q-action single">{command_form(cell[0], forms)}</div>\n  '
    elif cell:
        t = _texts_in(language)
        where = t["Actions on row %(row)s, column %(col)s"] % {"row": _e(q["row"]), "col": _e(q["col"])}
        # The list opens below the quadrant, or above it when the viewer's ship is on a lower row; from the
        # quadrant's left edge rightwards, or in the grid's right half from its right edge leftwards.
        opens = " opens-up" if my_row is not None and my_row > q["row"] else ""
        opens += " opens-left" if cols and q["col"] > cols / 2 else ""
        action = (
            f'\n  <details class="q-action menu{opens}">\n'
            f'    <summary title="{t["Choose what to do here"]}" aria-label="{where}"><span aria-hidden="true">'
            f'{_e(cell[0].get("glyph", ""))}</span><span class="q-action-count">{len(cell)}</span></summary>\n'
            '    <div class="q-menu-list">'
            + "".join(command_form(c, forms, show_label=True) for c in cell)
            + "</div>\n  </details>\n  "
        )
    return (
        f'\n<div class="{css}"\n'
        f'     id="q-{_e(q["key"])}" data-row="{_e(q["row"])}" data-col="{_e(q["col"])}" role="group" aria-label="{label}">\n'
        '  <div class="q-top">\n'
        f"    {printed.energy}\n"
        f"    {printed.threats}\n"
        "  </div>\n"
        f'  <div class="q-mid" title="{label}">\n'
        f"    {mid}\n"
        "  </div>\n"
        '  <div class="q-bottom">\n'
        f"    {printed.symbols}\n"
        f"    {printed.rewards}\n"
        "  </div>\n"
        f"  {marks}\n"
        f"  {damage}\n"
        f"  {ship}\n"
        f"  {''.join(command_form(c, forms) for c in edges)}\n"
        f"  {action}\n"
        "</div>\n\n"
    )


def _controls_by_cell(
    controls: Iterable[Mapping[str, Any]] | None,
) -> dict[str, tuple[list[Mapping[str, Any]], list[Mapping[str, Any]]]]:
    """The on-board controls by quadrant key: (commands on the quadrant, turret arrows on its edges)."""
    out: dict[str, tuple[list[Mapping[str, Any]], list[Mapping[str, Any]]]] = {}
    for c in controls or ():
        if c.get("on_board"):
            cell, edges = out.setdefault(c.get("cell"), ([], []))
            (edges if c.get("edge") else cell).append(c)
    return out


#: Cards without commands on them, by the identity of their entry (``presenters.kemble._card_entry``, kept
#: there per everything the card shows) and the language: (entry, HTML).
_CARDS: dict[tuple[int, str | None], tuple[Mapping[str, Any], str]] = {}


def _card(
    card: Mapping[str, Any],
    controls: Mapping[str, Any],
    forms: Forms,
    language: str | None,
    my_row: int | None,
    cols: int,
) -> str:
    if any(q["key"] in controls for q in card["quadrants"]):
        return _card_html(card, controls, forms, language, my_row, cols)
    # Without commands on it, a card's HTML follows from its entry alone (the forms are not drawn).
    key = (id(card), language)
    hit = _CARDS.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    html = _card_html(card, controls, forms, language)
    if len(_CARDS) > 10_000:  # entries made outside _card_entry (tests) are new each time: stay bounded
        _CARDS.clear()
    _CARDS[key] = (card, html)
    return html


def _card_html(
    card: Mapping[str, Any],
    controls: Mapping[str, Any],
    forms: Forms,
    language: str | None,
    my_row: int | None = None,
    cols: int = 0,
) -> str:
    t = _texts_in(language)
    css = "kb-card" + (" boss" if card["boss"] else "") + (" flipped" if card["flipped"] else "")
    name = _e(card["name"])
    marks = (
        f' <span title="{t["Flips over when one of its quadrants is destroyed"]}">↻</span>'
        if card["can_flip"]
        else ""
    ) + (f' <span title="{t["Flipped"]}">↺</span>' if card["flipped"] else "")
    none: tuple[list[Any], list[Any]] = ([], [])
    quads = "".join(
        quadrant(q, *controls.get(q["key"], none), forms, language, my_row, cols) for q in card["quadrants"]
    )
    return (
        f'\n          <div class="{css}" data-card="{_e(card["id"])}" title="{name}">\n'
        f'            <span class="kb-card-name">{name}{marks}</span>\n'
        f"            {quads}\n"
        "          </div>\n          "
    )


def grid(
    rows: Sequence[Mapping[str, Any]],
    controls: Iterable[Mapping[str, Any]] | None,
    forms: Forms,
    language: str | None,
) -> str:
    """The play area inside ``.kb-grid``: the column numbers, then each row's number and space cards.

    ``language``: the active language (``get_language()``, asked once per render: it is not free).
    """
    by_cell = _controls_by_cell(controls)
    my_row = next(
        (q["row"] for row in rows for card in row["cards"] for q in card["quadrants"] if (q["ship"] or {}).get("me")),
        None,
    )
    cols = max((int(q["col"]) for row in rows for card in row["cards"] for q in card["quadrants"]), default=0)
    colnums = "".join(
        '<div class="kb-colnums" aria-hidden="true">'
        + "".join(f"<span>{_e(q['col'])}</span>" for q in card["quadrants"])
        + "</div>"
        for row in rows[:1]
        for card in row["cards"]
    )
    body = "".join(
        f'\n          <div class="kb-rownum" aria-hidden="true">{_e(row["row"])}</div>\n          '
        + "".join(_card(card, by_cell, forms, language, my_row, cols) for card in row["cards"])
        + "\n        "
        for row in rows
    )
    return colnums + "\n        " + body


# --- the player panels (was _player_panel.html) -------------------------------------------------------


#: The HTML of panels without secrets, by the identity of their entry (``presenters.kemble._PANELS``, kept
#: there per everything the panel is made of), the shown name, the bid and the language: (entry, HTML).
_PANELS: dict[tuple[int, str, bool, str | None], tuple[Mapping[str, Any], str]] = {}


def _panel(p: Mapping[str, Any], name: str, bidding: bool, language: str | None) -> str:
    """``player_panel``, kept for a panel without secrets (no power-ups shown on it)."""
    if p["powerups"] is not None:
        return player_panel(p, name, bidding, language)
    key = (id(p), name, bidding, language)
    hit = _PANELS.get(key)
    if hit is not None and hit[0] is p:
        return hit[1]
    html = player_panel(p, name, bidding, language)
    if len(_PANELS) > 10_000:  # entries made outside the presenter's cache (tests) are new each time
        _PANELS.clear()
    _PANELS[key] = (p, html)
    return html


def player_panel(p: Mapping[str, Any], name: str, bidding: bool, language: str | None) -> str:
    """One player's panel: ship state, upgrades, cards, bid, mission, achievements, PvP tokens.

    ``name``: the user's shown name; ``bidding``: whether the round's sensor bid is on; ``language``: the
    active language.
    """
    t = _texts_in(language)
    label, colour = _e(p["label"]), _e(p["colour"])
    css = (
        f"kb-player c-{colour}"
        + (" me" if p["me"] else "")
        + (" active" if p["active"] else "")
        + (" resigned" if p["resigned"] else "")
    )
    team = ""
    if p["team"] is not None:
        team = f'<span class="tag" title="{t["Wingmen team"]}">{t["Team %(n)s"] % {"n": _e(p["team"] + 1)}}</span>'
    place = f'<span class="kb-order" title="{t["Place in this round’s turn order"]}">#{_e(p["turn_place"])}</span>'
    partial = f" <small>+{_e(p['threat_partial'])}</small>" if p["threat_partial"] else ""
    danger = ""
    if p["danger"]:
        danger = (
            '<span class="kb-danger" title="'
            f'{t["Threat level at or above energy: resolving it now would destroy the ship. Each move dodges 1 level."]}">'
            f"{t['in danger']}</span>"
        )
    if p["resigned"]:
        where = t["Resigned"] + "\n    "
    elif p["waiting_to_enter"]:
        where = t["Not yet in the play area"] + "\n    "
    elif p["astral"]:
        where = t["Not in the play area (astral)"] + "\n    "
    else:
        where = t["Row %(row)s, column %(col)s"] % {
            "row": _e(_item(p["pos"], 0)),
            "col": _e(_item(p["pos"], 1)),
        }
    upgrades = ""
    if p["upgrades"]:
        upgrades = (
            '<ul class="kb-upgrades">'
            + "".join(
                f'<li title="{_e(u["text"])}">{_e(u["name"])} <span class="lvl">{t["L%(n)s"] % {"n": _e(u["level"])}}</span></li>'
                for u in p["upgrades"]
            )
            + "</ul>"
        )
    hand = _counted(language, "hand", p["hand_count"]) % {"n": _e(p["hand_count"])}
    powerups = _counted(language, "powerups", p["powerup_count"]) % {"n": _e(p["powerup_count"])}
    bid = ""
    if bidding and not p["resigned"]:
        state = (
            f'chosen">✔ {t["Has chosen a sensor card"]}'
            if p["chosen"]
            else f'thinking">… {t["Choosing a sensor card"]}'
        )
        bid = f'\n    <p class="kb-bid-state {state}</p>\n  '
    elif p["played"]:
        bid = f'\n    <p class="kb-played">{t["Played:"]} {sensor_card(p["played"], t)}</p>\n  '
    mission = ""
    m = p["mission"]
    if m:
        progress = "✔" if m.get("done") else f"{_e(m.get('progress', ''))}/{_e(m.get('goal', ''))}"
        mission = (
            f'<p class="kb-mission{" done" if m.get("done") else ""}" title="{_e(m.get("text", ""))}">\n'
            f'    <span class="kb-label">{t["Mission"]}</span> <strong>{_e(m.get("name", ""))}</strong> — '
            f"{_e(m.get('text', ''))}\n"
            f"    ({progress}, ♛{_e(m.get('glory', ''))})</p>"
        )
    achievements = ""
    if p["achievements"]:
        achievements = (
            f'<p class="kb-achievements"><span class="kb-label">{t["Achievements"]}</span>\n    '
            + "".join(
                f'<span class="tag" title="{_e(a["text"])}">{_e(a["name"])} ♛{_e(a["glory"])}</span>'
                for a in p["achievements"]
            )
            + "</p>"
        )
    tokens = ""
    if p["tokens"]:
        tokens = (
            '<p class="kb-tokens"><span class="kb-label" title="'
            f'{t["PvP tokens received: they pay glory to their owners if this ship is destroyed"]}">'
            f"{t['PvP tokens']}</span>\n    "
            + "".join(
                f'<span class="kb-token c-{_e(k["colour"])}" title="{_e(k["label"])}">{_e(k["count"])}</span>'
                for k in p["tokens"]
            )
            + "</p>"
        )
    partner = ""
    if p["partner"] and p["powerups"]:
        partner = (
            f'<div class="kb-partner-powerups"><span class="kb-label">{t["Wingman’s power-ups"]}</span>\n    '
            + "".join(powerup_card(card) for card in p["powerups"])
            + "</div>"
        )
    return (
        f'\n<article class="{css}" data-seat="{_e(p["seat"])}" aria-label="{label}">\n'
        "  <header>\n"
        f'    <span class="kb-swatch c-{colour}" title="{_e(p["colour_name"])}"></span>\n'
        f'    <strong>{label}</strong> <span class="kb-pname">{_e(name)}</span>\n'
        f'    {f"""<span class="tag">{t["you"]}</span>""" if p["me"] else ""}\n'
        f"    {team}\n"
        f'    {f"""<span class="tag">{t["wingman"]}</span>""" if p["partner"] else ""}\n'
        f'    {f"""<span class="tag your-turn">{t["playing"]}</span>""" if p["active"] else ""}\n'
        f"    {place if p['turn_place'] else ''}\n"
        "  </header>\n"
        '  <dl class="kb-stats">\n'
        f'    <div title="{t["Energy"]}"><dt>⚡ <span class="visually-hidden">{t["Energy"]}</span></dt>\n'
        f'      <dd><span class="kb-bar"><span data-pct="{_e(p["energy_pct"])}"></span></span> '
        f"{_e(p['energy'])}/{_e(p['max_energy'])}</dd></div>\n"
        f'    <div title="{t["Threat level (partial points toward the next level)"]}"><dt>⚠ '
        f'<span class="visually-hidden">{t["Threat"]}</span></dt>\n'
        f'      <dd class="kb-threat lvl-{_e(p["threat"])}">{_e(p["threat"])}{partial}\n'
        f"        {danger}</dd></div>\n"
        f'    <div title="{t["Bellonium"]}"><dt>◈ <span class="visually-hidden">{t["Bellonium"]}</span></dt>'
        f"<dd>{_e(p['bellonium'])}</dd></div>\n"
        f'    <div title="{t["Glory"]}"><dt>♛ <span class="visually-hidden">{t["Glory"]}</span></dt>'
        f"<dd>{_e(p['glory'])}</dd></div>\n"
        "  </dl>\n"
        '  <p class="kb-where">\n'
        f"    {where}\n"
        f'    · <span title="{t["Weapons facing"]}">{_e(p["arrow"])} {_e(p["facing"])}</span>\n'
        "  </p>\n"
        f"  {upgrades}\n"
        '  <p class="kb-cards">\n'
        f'    <span title="{t["Sensor cards in hand"]}">▭ '
        f"{hand}</span> ·\n"
        f'    <span title="{t["Power-up cards"]}">✦ '
        f"{powerups}</span>\n"
        "  </p>\n"
        f"  {bid}\n"
        f"  {mission}\n"
        f"  {achievements}\n"
        f"  {tokens}\n"
        f"  {partner}\n"
        "</article>\n"
    )


# --- the board's outline (was board.html) -------------------------------------------------------------


def _get(d: Mapping[str, Any] | None, key: str) -> Any:
    """``d.key`` in a template: the item, or "" when there is none."""
    if not d:
        return ""
    return d.get(key, "")


def _head(k: Mapping[str, Any], t: Mapping[str, str], language: str | None) -> str:
    """The header: round, phase, whose turn and what is left of it, the turn order."""
    turn = k["turn"]
    turn_html = ""
    if turn:
        if turn.get("mine"):
            whose = t["Your turn"]
        else:
            whose = t["%(who)s’s turn"] % {"who": _e(_get(turn, "label"))}
        budget = ""
        if turn.get("mode") == "battle":
            moves = _counted(language, "moves", turn["moves"]) % {"n": _e(turn["moves"])}
            fires = _counted(language, "fires", turn["fires"]) % {"n": _e(turn["fires"])}
            laser = turn.get("laser_shots")
            budget = (
                '\n      <span class="kb-budget">\n'
                f'        <span title="{t["Moves left"]}">{moves}</span> ·\n'
                f'        <span title="{t["Fire actions left"]}">{fires}</span> ·\n'
                f'        <span title="{t["Overloads used (at most 2 per turn)"]}">'
                f"{t['overloads %(n)s/2'] % {'n': _e(_get(turn, 'overloads'))}}</span>\n"
                f"        {('· ' + t['laser shots left: %(n)s'] % {'n': _e(laser)}) if laser else ''}\n"
                "      </span>\n      "
            )
        turn_html = (
            f'\n      <span class="kb-turn{" mine" if turn.get("mine") else ""}">\n'
            f"        {whose}\n"
            f"        ({_e(_get(turn, 'mode_name'))})\n"
            "      </span>\n"
            f"      {budget}\n    "
        )
    order = ""
    if k["order"] and not k["bidding"]:
        order = (
            f'<span class="kb-order-list" title="{t["Turn order this round"]}">{t["Order:"]}\n      '
            + " › ".join(
                f'<span class="kb-swatch c-{_e(o["colour"])}"></span>{_e(o["label"])}' for o in k["order"]
            )
            + "</span>"
        )
    return (
        '  <header class="kb-head">\n'
        f'    <span class="kb-round">{t["Round %(n)s"] % {"n": _e(k["round"])}}</span>\n'
        f'    <span class="kb-phase">{_e(k["phase_name"])}</span>\n'
        f"    {turn_html}\n"
        f"    {order}\n"
        "  </header>\n"
    )


def _mine(mine: Mapping[str, Any] | None, t: Mapping[str, str]) -> str:
    """My cards: the sensor cards in my hand, my secret choice, my power-ups (a seat's own view only)."""
    if not mine:
        return ""
    none = f'<span class="muted">{t["none"]}</span>'
    hand = "".join(sensor_card(c, t) for c in mine["hand"]) or none
    bid = mine["bid"]
    your_bid = f'<p class="kb-your-bid">{t["Your secret choice:"]} {sensor_card(bid, t)}</p>' if bid else ""
    powerups = "".join(powerup_card(c) for c in mine["powerups"]) or none
    return (
        f'\n  <section class="kb-mine" aria-label="{t["Your cards"]}">\n'
        '    <div class="kb-hand">\n'
        f"      <h3>{t['Your sensor cards']}</h3>\n"
        f"      {hand}\n"
        f"      {your_bid}\n"
        "    </div>\n"
        '    <div class="kb-my-powerups">\n'
        f"      <h3>{t['Your power-ups']}</h3>\n"
        f"      {powerups}\n"
        "    </div>\n"
        "  </section>\n  "
    )


def _boss(boss: Mapping[str, Any] | None, t: Mapping[str, str]) -> str:
    if not boss:
        return ""
    parts = boss.get("parts") or {}
    destroyed = ""
    if _get(parts, "total"):
        destroyed = "· " + t["%(d)s/%(t)s parts destroyed"] % {
            "d": _e(_get(parts, "destroyed")),
            "t": _e(_get(parts, "total")),
        }
    rules = "".join(f"{_e(r)}&#10;" for r in boss.get("rules") or ())
    return (
        f'<p class="kb-boss" title="{rules}">☠ {t["Boss: %(name)s"] % {"name": _e(_get(boss, "name"))}}\n'
        f"        {destroyed}</p>"
    )


def _final(final: Sequence[Mapping[str, Any]] | None, names: Mapping[int, str], t: Mapping[str, str]) -> str:
    if not final:
        return ""
    rows = "".join(
        f'<tr><td><span class="kb-swatch c-{_e(_get(f, "colour"))}"></span>{_e(_get(f, "label"))} '
        f"{_e(names.get(f['seat'], ''))}</td><td>{_e(_get(f, 'glory'))}</td>\n"
        f"        <td>{_e(_get(f, 'powerups'))}"
        + (f" <small>({', '.join(_e(r) for r in f['revealed'])})</small>" if f.get("revealed") else "")
        + f"</td><td>{_e(_get(f, 'bellonium'))}</td><td><strong>{_e(_get(f, 'total'))}</strong></td></tr>"
        for f in final
    )
    return (
        '\n  <section class="kb-final">\n'
        f"    <h3>{t['Final scoring']}</h3>\n"
        '    <table class="scores">\n'
        f"      <thead><tr><th>{t['Player']}</th><th>{t['Glory']}</th><th>{t['Power-ups']}</th>"
        f"<th>{t['Bellonium']}</th><th>{t['Total']}</th></tr></thead>\n"
        f"      <tbody>{rows}</tbody>\n"
        "    </table>\n"
        "  </section>\n  "
    )


def _market(k: Mapping[str, Any], t: Mapping[str, str]) -> str:
    achievements = "".join(
        f"<li><strong>{_e(_get(a, 'name'))}</strong> ♛{_e(_get(a, 'glory'))} <small>{_e(_get(a, 'text'))}</small></li>"
        for a in k["achievements_up"]
    )
    piles = "".join(f"<li>{_e(u['name'])} <small>×{_e(u['left'])}</small></li>" for u in k["upgrade_piles"])
    decks = k["decks"]
    return (
        '  <section class="kb-market">\n'
        "    <div>\n"
        f"      <h3>{t['Achievements']}</h3>\n"
        f'      <ul class="kb-achievements-up">{achievements}</ul>\n'
        "    </div>\n"
        "    <div>\n"
        f"      <h3>{t['Upgrades left']}</h3>\n"
        f'      <ul class="kb-piles">{piles}</ul>\n'
        "    </div>\n"
        "    <div>\n"
        f"      <h3>{t['Decks']}</h3>\n"
        '      <ul class="kb-decks">\n'
        f"        <li>{t['Space cards']} <small>×{_e(_get(decks, 'space'))}</small></li>\n"
        f"        <li>{t['Sensor cards']} <small>×{_e(_get(decks, 'sensor'))}</small></li>\n"
        f"        <li>{t['Power-ups']} <small>×{_e(_get(decks, 'powerup'))}</small></li>\n"
        f"        <li>{t['Achievements']} <small>×{_e(_get(decks, 'achievement'))}</small></li>\n"
        "      </ul>\n"
        "    </div>\n"
        "  </section>\n"
    )


def board(
    k: Mapping[str, Any],
    controls: Iterable[Mapping[str, Any]] | None,
    forms: Forms,
    names: Mapping[int, str],
    legend: str,
) -> str:
    """The whole board (``kemble`` of ``KemblePresenter.extra_context``) as ``board.html`` includes it.

    ``names``: the users' shown names by seat; ``legend``: the symbols legend's HTML (``_legend.html``).
    """
    language = get_language()
    t = _texts_in(language)
    bidding = bool(k["bidding"])
    panels = "".join(_panel(p, names.get(p["seat"], ""), bidding, language) for p in k["players"])
    return (
        "\n\n"
        f'<div class="kemble" data-phase="{_e(k["phase"])}" data-round="{_e(k["round"])}">\n'
        f"{_head(k, t, language)}\n"
        f"  {_mine(k['mine'], t)}\n\n"
        '  <div class="kb-layout">\n'
        '    <div class="kb-board-wrap">\n'
        f"      {_boss(k['boss'], t)}\n"
        f'      <div class="kb-grid" data-cards="{_e(k["width"])}" role="group" '
        f'aria-label="{t["Play area: row 1 is the top"]}">\n'
        '        <div class="kb-corner" aria-hidden="true"></div>\n'
        f"        {grid(k['rows'], controls, forms, language)}\n"
        "      </div>\n"
        f"      {legend}\n"
        "    </div>\n\n"
        '    <div class="kb-players">\n'
        f"      {panels}\n"
        "    </div>\n"
        "  </div>\n\n"
        f"  {_final(k['final'], names, t)}\n\n"
        f"{_market(k, t)}"
        "</div>\n"
    )
