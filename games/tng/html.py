"""The TNG board drawn in Python: the header, cards, ships, command forms, the stage, the battles, the
scenarios' panels, my cards, the Starbase and Space piles, and the other players' panels.

Why not templates: these parts repeat. A board shows some 25 cards, a ship per player and the command
forms placed on the cards, and it is re-rendered for every seat after every move. As ``{% include %}``
loops (and ``{% for c in controls %}`` inside each slot, pile and card) they cost three quarters of the
render's CPU; here they cost a few string joins. ``games/tng/templates/tng/board.html`` is still the page's
outline (and it keeps the final scores, shown once at the end); it calls these through the tags in
``games/tng/templatetags/tng_tags.py``. The decision panel (``games/table.html``) includes
``_card_button.html`` (``card_button`` here) and ``_seat_button.html``.

The markup is the one the templates made, byte for byte (``bench/render.py --compare`` checks it against
a corpus rendered by the templates), whitespace included. Rules kept from the templates:

- every value goes through ``_e`` (as ``{{ value }}`` does: escaped, numbers as digits);
- fixed texts come from ``Page.texts``, translated once per language with the templates' msgids (as
  ``{% translate %}`` does: not escaped); texts with values are ``text % values`` with the values
  escaped, ``{% blocktranslate count %}`` is ``ngettext`` (as ``{% blocktranslate %}`` does);
- each function names the template (or the part of ``board.html``) it replaced.

A card's HTML is kept per card dict and language (``card``): ``presenters.tng.card_info`` keeps one
dict per card instance and language, and nothing changes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from games.board_html import escape_value

_e = escape_value  # ``{{ value }}``, as the templates rendered it


#: The fixed texts of the board, by their msgid (translated once per language in ``_texts_in``;
#: ``gettext_noop`` so that makemessages finds them). The same msgids as the templates had.
_FIXED = (
    # header
    gettext_noop("Your turn"),
    gettext_noop("Discard Phase"),
    gettext_noop("Action Phase"),
    gettext_noop("Explorations left this turn"),
    gettext_noop("Searches left this turn"),
    gettext_noop("Your XP this turn: spend it to obtain cards or repair"),
    gettext_noop("Group turn"),
    gettext_noop("Searches left for the group"),
    gettext_noop("Also waiting for:"),
    gettext_noop("Waiting for:"),
    gettext_noop("to play a card or pass in the battle"),
    gettext_noop("to choose a target in the battle"),
    gettext_noop("When no card enters a Points Area for this many rounds, the game ends on points"),
    # cards and ships
    gettext_noop("Cost in XP"),
    gettext_noop("Mission Points"),
    gettext_noop("Shields are used up by the hits of the turn and come back at the next turn"),
    gettext_noop("Starting ship effect"),
    gettext_noop("used this turn"),
    # the stage
    gettext_noop("Goal"),
    gettext_noop("needed"),
    gettext_noop("now"),
    gettext_noop("Group goal"),
    gettext_noop("group now"),
    gettext_noop("Your ship"),
    gettext_noop(
        "Diplomacy works when your Speed and Diplomacy both reach the ship’s. In a fight the faster ship fires "
        "first; damage at least its Defense defeats it."
    ),
    gettext_noop(
        "When everyone has passed in a row, the ships fire, fastest first (equal Speeds together); each hit "
        "does the attacker’s Attack, less what the target’s Shields still stop. The undefeated ship with the "
        "highest Attack (then Speed, then Diplomacy) wins the card."
    ),
    gettext_noop("Captain"),
    gettext_noop("Attack"),
    gettext_noop("Speed"),
    gettext_noop("Diplomacy"),
    gettext_noop("Shields"),
    gettext_noop("damage"),
    gettext_noop("cards played"),
    gettext_noop("you"),
    gettext_noop("Shields left this turn / Shields"),
    gettext_noop("Ready:"),
    gettext_noop("You already hold:"),
    # the battles
    gettext_noop("Latest battles"),
    gettext_noop("your turn"),
    gettext_noop("in progress"),
    gettext_noop("defeated"),
    gettext_noop("No ship fired."),
    gettext_noop("Nobody wins the card: it goes under the Space Deck."),
    gettext_noop("The enemy ship is defeated."),
    gettext_noop("The enemy ship is not defeated."),
    # my ship and cards
    gettext_noop("Your ship and cards"),
    gettext_noop("Your draw pile: its order is secret, even to you"),
    gettext_noop("Deck"),
    gettext_noop("Discard"),
    gettext_noop("no cards"),
    gettext_noop(
        "Discard Phase: instead of acting this turn, discard one card (a starting card leaves the game, a "
        "basic character goes back to its pile)."
    ),
    gettext_noop("Your play area"),
    gettext_noop("nothing played this turn"),
    gettext_noop("Your Influence cards"),
    gettext_noop("Your Points Area"),
    # the Starbase and Space
    gettext_noop("Starbase"),
    gettext_noop("Starbase: Search Area"),
    gettext_noop("empty"),
    gettext_noop("Basic characters"),
    gettext_noop("Starbase Deck"),
    gettext_noop("Starbase discard"),
    gettext_noop("top:"),
    gettext_noop("Ensigns"),
    gettext_noop("Space"),
    gettext_noop("The Space Deck: face down"),
    gettext_noop("Space Deck"),
    gettext_noop("Missions"),
    gettext_noop("at most 2 face up"),
    gettext_noop("Your ship and played cards now"),
    gettext_noop("You:"),
    gettext_noop("no face-up mission"),
    gettext_noop("Face up this turn"),
    gettext_noop("Still to resolve"),
    gettext_noop("Out of the game"),
    # the other players
    gettext_noop("Players"),
    gettext_noop("your teammate"),
    gettext_noop("deciding"),
    gettext_noop("assimilated"),
    gettext_noop("resigned"),
    gettext_noop("done"),
    gettext_noop("Cards in hand (secret)"),
    gettext_noop("Play area"),
    gettext_noop("Influence cards held"),
    gettext_noop("Points Area"),
    # the Borg and the Klingon Civil War
    gettext_noop("The Borg"),
    gettext_noop("your team"),
    gettext_noop("its group turn now"),
    gettext_noop("Each team has its own Borg Card Area: the team whose area empties first loses."),
    gettext_noop("When the Borg Card Area is empty, everyone loses"),
    gettext_noop("at 0 the Borg win"),
    gettext_noop("Five Borg cards in hand: assimilated."),
    gettext_noop("To win: find and defeat"),
    gettext_noop("Who has declared done"),
    gettext_noop("defeated this turn"),
    gettext_noop("still acting"),
    gettext_noop("Klingon Civil War"),
    gettext_noop("To win: find"),
    gettext_noop("in the Space Deck and meet its goal:"),
    gettext_noop("Side"),
    gettext_noop("Captains"),
    gettext_noop("Allied Ships"),
    gettext_noop("Influence"),
    # with values, filled in by the caller (as blocktranslate does)
    gettext_noop("Round %(n)s"),
    gettext_noop("%(who)s’s turn"),
    gettext_noop("your XP: %(n)s"),
    gettext_noop("team %(n)s"),
    gettext_noop("Goal: %(n)s Mission Points"),
    gettext_noop("at most %(n)s rounds"),
    gettext_noop("(%(n)s left this turn)"),
    gettext_noop("Damage %(d)s of Defense %(t)s: defeated when the damage reaches the Defense"),
    gettext_noop("damage %(d)s/%(t)s"),
    gettext_noop("%(who)s plays a card or passes."),
    gettext_noop("the battle fires when all %(n)s pass in a row"),
    gettext_noop("%(who)s chooses a target."),
    gettext_noop("%(who)s fires at %(target)s."),
    gettext_noop("The group’s Attack now: %(a)s against the Cube’s Defense %(d)s."),
    gettext_noop("+%(n)s to every value (Borg cards revealed, Cubes already destroyed)"),
    gettext_noop("%(n)s Cube damage left to assign: a ship takes damage until it is defeated before the next one."),
    gettext_noop("round %(n)s"),
    gettext_noop("hit for %(n)s"),
    gettext_noop("%(who)s wins the card."),
    gettext_noop("You hold %(n)s Borg card(s)."),
    gettext_noop("Player %(n)s"),
)


@cache
def _texts_in(language: str | None) -> dict[str, str]:
    return {text: gettext(text) for text in _FIXED}


# --- one render's values ------------------------------------------------------------------------------


@dataclass
class Page:
    """What the parts of one render share: seat names, the controls placed on cards, the forms' fields."""

    seats: Iterable[Any] | None
    position: int | None
    controls: Sequence[Mapping[str, Any]]
    url: str
    version: str
    key: str
    language: str | None = field(default_factory=get_language)
    texts: dict[str, str] = field(init=False)
    _names: dict[int, str] | None = None
    _on_card: dict[tuple[str, Any], list[Mapping[str, Any]]] | None = None

    def __post_init__(self) -> None:
        self.texts = _texts_in(self.language)

    @classmethod
    def from_context(cls, context: Any) -> Page:
        """From the board's template context (``table``, ``seats``, ``position``, ``controls``...)."""
        from django.urls import reverse

        table = context.get("table")
        return cls(
            seats=context.get("seats"),
            position=context.get("position"),
            controls=context.get("controls") or (),
            url=_e(reverse("table_command", args=[table.pk])) if table is not None else "",
            version=_e(context.get("form_version", "")),
            key=_e(context.get("idempotency_key", "")),
        )

    def who(self, position: int) -> str:
        """``{{ seats|tng_who:position }}``: the seated user's shown name, or "Player N", escaped."""
        if self._names is None:
            names: dict[int, str] = {}
            for s in self.seats or ():
                names.setdefault(s.position, _e(str(s.user.shown_name)))
            self._names = names
        name = self._names.get(position)  # type: ignore[arg-type]
        if name is None:
            return _e(self.texts["Player %(n)s"] % {"n": position + 1})
        return name

    def card(self, c: Mapping[str, Any] | None, small: bool = False) -> str:
        return card(c, small, self.language)

    def cards(self, items: Iterable[Mapping[str, Any] | None], small: bool = False) -> str:
        return "".join(card(c, small, self.language) for c in items)

    def forms_on(self, kind: str, key: Any) -> str:
        """The command forms placed on a card of the table, in the controls' order: ``kind`` is "discard"
        or "complete_mission" (``key``: the card), "slot" (a Search Area slot) or "buy_basic" (a pile)."""
        if self._on_card is None:
            on: dict[tuple[str, Any], list[Mapping[str, Any]]] = {}
            for c in self.controls:
                k = c.get("kind")
                if k in ("discard", "complete_mission"):
                    on.setdefault((k, c.get("card")), []).append(c)
                elif k in ("buy", "search") and c.get("on_board") and "slot" in c:
                    on.setdefault(("slot", c["slot"]), []).append(c)
                elif k == "buy_basic":
                    on.setdefault((k, c.get("pile")), []).append(c)
            self._on_card = on
        return "".join(command_form(c, self) for c in self._on_card.get((kind, key), ()))


# --- command forms and buttons (were _command_form.html and _card_button.html) --------------------------


def command_form(c: Mapping[str, Any], page: Page) -> str:
    """A command form placed on a card of the table (obtain, search away, complete, discard)."""
    kind, args, label = _e(c.get("kind", "")), _e(c.get("args", "")), _e(c.get("label", ""))
    css = f' class="{_e(c["css"])}"' if c.get("css") else ""
    return (
        f'<form class="command tng-cmd tng-cmd-{kind}" hx-post="{page.url}" ws-send hx-target="find .form-error" '
        'hx-swap="innerHTML" hx-disabled-elt="find button">\n'
        f'  <input type="hidden" name="kind" value="{kind}">\n'
        f'  <input type="hidden" name="args" value="{args}">\n'
        f'  <input type="hidden" name="version" value="{page.version}">\n'
        f'  <input type="hidden" name="idempotency_key" value="{page.key}">\n'
        f'  <button type="submit" data-kind="{kind}" data-args="{args}"'
        f'{css} title="{label}">{label}</button>\n'
        '  <span class="form-error"></span>\n'
        "</form>\n"
    )


def card_button(c: Mapping[str, Any]) -> str:
    """The inside of a decision-panel button that plays or takes a card: its caption and the card."""
    caption = c.get("caption")
    return (f'<span class="tc-caption">{_e(caption)}</span>' if caption else "") + card(c.get("card"))


# --- cards and ships (were _card.html and _ship.html) ----------------------------------------------------

_CARDS: dict[tuple[int, bool, str | None], tuple[Mapping[str, Any], str]] = {}


def card(c: Mapping[str, Any] | None, small: bool = False, language: str | None = None) -> str:
    """A card (``c``: ``presenters.tng.card_info``); ``small`` without its texts. Kept per card dict and
    language (``language``: the active one, when the caller knows it)."""
    if not c:
        return "\n"
    if language is None:
        language = get_language()
    key = (id(c), small, language)
    hit = _CARDS.get(key)
    if hit is not None and hit[0] is c:
        return hit[1]
    out = _card(c, small, _texts_in(language))
    if len(_CARDS) > 20_000:  # only when card_info is called uncached (tests): stay bounded
        _CARDS.clear()
    _CARDS[key] = (c, out)
    return out


def _card(c: Mapping[str, Any], small: bool, t: Mapping[str, str]) -> str:
    kind = c.get("type", "")
    o = [
        f'<div class="tng-card t-{_e(kind)}{" starting" if c.get("starting") else ""}{" small" if small else ""}" '
        f'data-card="{_e(c.get("id", ""))}" title="{_e(c.get("title", ""))}">\n'
        f'  <div class="tc-top"><span class="tc-name">{_e(c.get("name", ""))}</span>'
    ]
    if c.get("cost"):
        o.append(f'<span class="tc-cost" title="{t["Cost in XP"]}">{_e(c["cost"])} XP</span>')
    o.append(f'</div>\n  <div class="tc-type">{_e(c.get("type_name", ""))}')
    if c.get("mp"):
        o.append(f' · <span class="tc-mp" title="{t["Mission Points"]}">{_e(c["mp"])} MP</span>')
    o.append("</div>\n  ")
    if c.get("status"):
        plus = "" if kind in ("ship", "cube", "ally") else "+"
        o.append('<div class="tc-status">')
        o.extend(
            f'<span class="st st-{_e(s["stat"])}" title="{_e(s["name"])}">{_e(s["glyph"])}{plus}{_e(s["value"])}</span>'
            for s in c["status"]
        )
        o.append("</div>")
    o.append("\n  ")
    if not small:
        o.extend(f'<div class="tc-text">{_e(line)}</div>' for line in c.get("lines") or ())
    o.append("\n</div>\n")
    return "".join(o)


def ship(p: Mapping[str, Any], t: Mapping[str, str]) -> str:
    """A player's ship: its values, its hull and its starting ship effect (``p``: a player panel)."""
    ship_card = p.get("ship") or {}
    o = [
        f'<div class="tng-ship{" defeated" if p.get("defeated") else ""}">\n'
        f'  <div class="ship-name" title="{_e(ship_card.get("title", ""))}">{_e(ship_card.get("name", ""))}</div>\n'
        '  <div class="ship-stats">'
    ]
    for s in p["stats"]:
        name = _e(s["name"])
        o.append(
            f'<span class="st st-{_e(s["stat"])}" title="{name}"><span class="st-glyph">{_e(s["glyph"])}</span>'
            f'<span class="st-label">{name}</span> <strong>{_e(s["value"])}</strong>'
        )
        left = s.get("left")
        if left is not None and left < s["value"]:
            o.append(
                f' <small class="st-left" title="{t["Shields are used up by the hits of the turn and come back at the next turn"]}">'
                f'{t["(%(n)s left this turn)"] % {"n": _e(left)}}</small>'
            )
        o.append("</span>")
    values = {"d": _e(p.get("damage", "")), "t": _e(p.get("defense", ""))}
    o.append(
        "</div>\n"
        f'  <div class="ship-hull" title="{t["Damage %(d)s of Defense %(t)s: defeated when the damage reaches the Defense"] % values}">\n'
        f'    <span class="hull-bar"><span data-pct="{_e(p.get("hull_pct", ""))}"></span></span>\n'
        f'    {t["damage %(d)s/%(t)s"] % values}\n'
        "  </div>\n  "
    )
    if p.get("ability"):
        used = p.get("ability_used")
        o.append(
            f'<div class="ship-ability{" used" if used else ""}">{t["Starting ship effect"]}: {_e(p["ability"])}'
        )
        if used:
            o.append(f' ({t["used this turn"]})')
        o.append("</div>")
    o.append("\n</div>\n")
    return "".join(o)


# --- the header (was the header of board.html) ------------------------------------------------------------


def head(t: Mapping[str, Any], page: Page) -> str:
    """The board's opening tag and its header: round, whose turn, budgets, who the game waits on, goals."""
    x = page.texts
    stage = t.get("stage")
    data = f' data-stage="{_e(stage.get("kind", ""))}"' if stage else ""
    o = [
        f'<div class="tng" data-phase="{_e(t.get("phase", ""))}" data-round="{_e(t.get("round", ""))}" '
        f'data-scenario="{_e(t.get("scenario", ""))}"'
        f"{data}>\n"
        '  <header class="tng-head">\n'
        f'    <span class="tng-scenario">{_e(t.get("scenario_name", ""))}</span>\n'
        f'    <span class="tng-round">{x["Round %(n)s"] % {"n": _e(t.get("round", ""))}}</span>\n'
        "    "
    ]
    turn, group = t.get("turn"), t.get("group")
    if turn:
        mine = turn.get("mine")
        whose = x["Your turn"] if mine else x["%(who)s’s turn"] % {"who": page.who(turn["seat"])}
        phase = turn.get("phase")
        if phase == "discard":
            whose += " · " + x["Discard Phase"]
        elif phase == "action":
            whose += " · " + x["Action Phase"]
        explores, searches = turn["explores"], turn["searches"]
        explorations_left = ngettext("%(n)s exploration", "%(n)s explorations", explores) % {"n": _e(explores)}
        searches_left = ngettext("%(n)s search", "%(n)s searches", searches) % {"n": _e(searches)}
        o.append(
            f'\n      <span class="tng-turn{" mine" if mine else ""}">{whose}</span>\n'
            '      <span class="tng-budget">\n'
            f'        <span title="{x["Explorations left this turn"]}">'
            f'{explorations_left}</span> ·\n'
            f'        <span title="{x["Searches left this turn"]}">'
            f'{searches_left}</span>\n'
            "        "
        )
        if t.get("me") and mine:
            o.append(
                f' · <span class="tng-xp" title="{x["Your XP this turn: spend it to obtain cards or repair"]}">'
                f'{x["your XP: %(n)s"] % {"n": _e(t.get("xp", ""))}}</span>'
            )
        o.append("\n      </span>\n    ")
    elif group:
        team = t.get("group_team")
        team_text = f' · {x["team %(n)s"] % {"n": _e(team + 1)}}' if team is not None else ""
        searches = group["searches"]
        group_searches_left = ngettext("%(n)s group search", "%(n)s group searches", searches) % {"n": _e(searches)}
        o.append(
            f'\n      <span class="tng-turn">{x["Group turn"]}{team_text}</span>\n'
            f'      <span class="tng-budget"><span title="{x["Searches left for the group"]}">'
            f'{group_searches_left}</span>\n'
            "        "
        )
        if t.get("me"):
            o.append(f' · <span class="tng-xp">{x["your XP: %(n)s"] % {"n": _e(t.get("xp", ""))}}</span>')
        o.append("</span>\n    ")
    o.append("\n    ")
    waiting = t.get("waiting_others")
    if waiting:
        o.append(
            f'<span class="tng-waiting" role="status">{x["Also waiting for:" if t.get("waiting_me") else "Waiting for:"]} '
        )
        o.append(", ".join(f'<strong data-seat="{_e(w)}">{page.who(w)}</strong>' for w in waiting))
        kind = stage.get("kind") if stage else None
        if kind == "war":
            o.append(f' ({x["to play a card or pass in the battle"]})')
        elif kind == "war_fire":
            o.append(f' ({x["to choose a target in the battle"]})')
        o.append("</span>")
    o.append("\n    ")
    if t.get("scenario") == "exploration":
        o.append(f'<span class="tng-goal">{x["Goal: %(n)s Mission Points"] % {"n": _e(t.get("mp_goal", ""))}}')
        if t.get("round_limit"):
            o.append(f' · {x["at most %(n)s rounds"] % {"n": _e(t["round_limit"])}}')
        o.append("</span>")
    o.append("\n    ")
    quiet = t.get("quiet_rounds")
    if quiet and not t.get("final"):
        text = ngettext(
            "%(n)s round without a card won (the game ends at %(limit)s)",
            "%(n)s rounds without a card won (the game ends at %(limit)s)",
            quiet,
        ) % {"n": _e(quiet), "limit": _e(t.get("stall_rounds", ""))}
        o.append(
            f'<span class="tng-quiet" title="{x["When no card enters a Points Area for this many rounds, the game ends on points"]}">'
            f"{text}</span>"
        )
    o.append("\n  </header>")
    return "".join(o)


# --- the stage and the battles (were _stage.html and _battles.html) ----------------------------------------


def _goal_table(rows: Iterable[Mapping[str, Any]], heads: tuple[str, str, str]) -> str:
    body = "".join(
        f'<tr class="{"met" if g.get("met") else "unmet"}"><td>{_e(g["name"])}</td><td>{_e(g["need"])}</td>'
        f'<td>{_e(g["have"])} {"✓" if g.get("met") else "✗"}</td></tr>'
        for g in rows
    )
    return (
        f'<table class="vs"><thead><tr><th>{heads[0]}</th><th>{heads[1]}</th><th>{heads[2]}</th></tr></thead>\n'
        f"        <tbody>{body}</tbody></table>"
    )


def stage(st: Mapping[str, Any], page: Page) -> str:
    """What the turn is resolving now (``st``: ``tng.stage``): the card, its goal, the fight, the battle."""
    x = page.texts
    kind = st.get("kind")
    o = [f'<section class="tng-stage stage-{_e(kind if kind is not None else "")}" aria-label="{_e(st.get("name", ""))}">\n'
         f'  <h3>{_e(st.get("name", ""))}']
    if st.get("seat_label") and kind != "war" and kind != "war_fire":
        o.append(f" <small>· {page.who(st['seat'])}</small>")
    o.append(f'</h3>\n  <div class="stage-body">\n    {page.card(st.get("card"))}\n    <div class="stage-info">\n      ')
    if st.get("goal"):
        o.append(_goal_table(st["goal"], (x["Goal"], x["needed"], x["now"])))
    o.append("\n      ")
    if st.get("group_goal"):
        o.append(_goal_table(st["group_goal"], (x["Group goal"], x["needed"], x["group now"])))
    o.append("\n      ")
    if st.get("versus"):
        c = st.get("card")
        rows = "".join(
            f'<tr><td>{_e(v["glyph"])} {_e(v["name"])}</td><td>{_e(v["them"])}</td><td>{_e(v["you"])}</td></tr>'
            for v in st["versus"]
        )
        o.append(
            f'<table class="vs"><thead><tr><th></th><th>{_e(c.get("name", "")) if c else ""}</th>'
            f'<th>{x["Your ship"] if st.get("mine") else page.who(st["seat"])}</th></tr></thead>\n'
            f"        <tbody>{rows}</tbody></table>\n"
            f'        <p class="muted">{x["Diplomacy works when your Speed and Diplomacy both reach the ship’s. In a fight the faster ship fires first; damage at least its Defense defeats it."]}</p>'
        )
    o.append("\n      ")
    order = st.get("order")
    if order:
        if kind == "war":
            passes = st["passes"]
            now = (
                x["%(who)s plays a card or passes."] % {"who": page.who(st["current_seat"])}
                + "\n          "
                + ngettext("%(n)s pass in a row", "%(n)s passes in a row", passes) % {"n": _e(passes)}
                + f' ({x["the battle fires when all %(n)s pass in a row"] % {"n": _e(len(order))}})'
            )
        else:
            now = x["%(who)s chooses a target."] % {"who": page.who(st["current_seat"])} + "".join(
                " " + x["%(who)s fires at %(target)s."] % {"who": page.who(h["by"]), "target": page.who(h["target"])}
                for h in st.get("chosen") or ()
            )
        o.append(
            f'\n        <p class="stage-now">{now}</p>\n'
            f'        <p class="muted">{x["When everyone has passed in a row, the ships fire, fastest first (equal Speeds together); each hit does the attacker’s Attack, less what the target’s Shields still stop. The undefeated ship with the highest Attack (then Speed, then Diplomacy) wins the card."]}</p>\n'
            f'        <table class="vs war"><thead><tr><th>{x["Captain"]}</th><th title="{x["Attack"]}">⚔</th>'
            f'<th title="{x["Speed"]}">➤</th><th title="{x["Diplomacy"]}">☮</th><th title="{x["Shields"]}">◍</th>'
            f'<th>{x["damage"]}</th><th>{x["cards played"]}</th></tr></thead>\n'
            "          <tbody>"
        )
        you = f' ({x["you"]})'
        for r in order:
            stats = r["stats"]
            left = r.get("shields_left")
            if left is not None and left < stats["shields"]:
                shields = (f'<span title="{x["Shields left this turn / Shields"]}">'
                           f'{_e(left)}/{_e(stats["shields"])}</span>')
            else:
                shields = _e(stats["shields"])
            o.append(
                f'<tr class="{"current" if r.get("current") else ""}{" defeated" if r.get("defeated") else ""}" '
                f'data-seat="{_e(r["seat"])}"><td>{"▶ " if r.get("current") else ""}{page.who(r["seat"])} '
                f'<small>{_e(r["seat_no"])}</small>{you if r.get("me") else ""}</td>'
                f'<td>{_e(stats["attack"])}</td><td>{_e(stats["speed"])}</td><td>{_e(stats["diplomacy"])}</td>'
                f'<td>{shields}</td><td>{_e(r["damage"])}/{_e(r["defense"])}</td><td>{_e(r["played"])}</td></tr>'
            )
        o.append("</tbody></table>\n      ")
    o.append("\n      ")
    if st.get("cube"):
        o.append('<p class="cube-stats">')
        o.extend(
            f'<span class="st">{_e(s["glyph"])} {_e(s["name"])} <strong>{_e(s["value"])}</strong></span> '
            for s in st["cube"]
        )
        attack = x["The group’s Attack now: %(a)s against the Cube’s Defense %(d)s."] % {
            "a": _e(st.get("group_attack", "")), "d": _e(st.get("cube_defense", ""))}
        o.append(f"</p>\n        <p>{attack}</p>\n        ")
        if st.get("bonus"):
            bonus = x["+%(n)s to every value (Borg cards revealed, Cubes already destroyed)"] % {"n": _e(st["bonus"])}
            o.append(f'<p class="muted">{bonus}</p>')
    o.append("\n      ")
    if st.get("ready"):
        o.append(f'<p class="stage-now">{x["Ready:"]}</p><ul class="ready-list">')
        o.extend(
            f'<li class="{"ready" if r.get("ready") else "not-ready"}">{"✓" if r.get("ready") else "…"} '
            f"{page.who(r['seat'])}</li>"
            for r in st["ready"]
        )
        o.append("</ul>")
    o.append("\n      ")
    if st.get("remaining") is not None:
        left = x["%(n)s Cube damage left to assign: a ship takes damage until it is defeated before the next one."]
        o.append(f'<p class="stage-now">{left % {"n": _e(st["remaining"])}}</p>')
    o.append("\n      ")
    if st.get("held"):
        o.append(f'<p>{x["You already hold:"]}</p>{page.card(st["held"], small=True)}')
    o.append("\n    </div>\n  </div>\n</section>\n")
    return "".join(o)


def battles(t: Mapping[str, Any], page: Page) -> str:
    """Who hit whom in the latest battles (``tng.battles``), and how each ended."""
    x = page.texts
    o = [f'<section class="tng-battles" aria-label="{x["Latest battles"]}">\n  <h3>{x["Latest battles"]}</h3>\n  ']
    for b in t.get("battles") or ():
        over = b.get("over")
        name = f' · {_e(b["card"])}' if b.get("card") else ""
        o.append(
            f'<details class="tng-battle battle-{_e(b.get("kind", ""))}{"" if over else " live"}"'
            f'{" open" if b.get("now") or not over else ""}>\n'
            f'    <summary class="battle-title"><strong>{_e(b.get("name", ""))}</strong>'
            f"{name}\n"
            f'      <small class="muted">· {x["round %(n)s"] % {"n": _e(b.get("round"))}}'
        )
        seat = b.get("seat")
        if seat is not None:
            o.append(" · " + (x["your turn"] if seat == page.position else x["%(who)s’s turn"] % {"who": page.who(seat)}))
        o.append("</small>\n      ")
        if not over:
            o.append(f'<span class="badge wait">{x["in progress"]}</span>')
        o.append("</summary>\n    ")
        hits = b.get("hits")
        if hits:
            o.append('<ol class="battle-hits">')
            for h in hits:
                target_seat = h.get("target_seat")
                data = f' data-target="{_e(target_seat)}"' if target_seat is not None else ""
                by = page.who(h["by_seat"]) if h.get("by_seat") is not None else _e(h.get("by_card", ""))
                if target_seat is not None:
                    target = x["you"] if h.get("me_hit") else page.who(target_seat)
                else:
                    target = _e(h.get("target_card", ""))
                o.append(
                    f'<li class="{"me-hit" if h.get("me_hit") else ""}{" defeated" if h.get("defeated") else ""}"'
                    f"{data}>\n"
                    f'      <span class="who">{by}</span> → <span class="who">{target}</span>:\n'
                    f'      {x["hit for %(n)s"] % {"n": _e(h.get("amount"))}}'
                )
                absorbed, taken = h.get("absorbed"), h["taken"]
                if absorbed:
                    o.append(", " + ngettext("%(n)s stopped by the Shields", "%(n)s stopped by the Shields",
                                             absorbed) % {"n": _e(absorbed)})
                damage = ngettext("%(n)s damage", "%(n)s damage", taken) % {"n": _e(taken)}
                o.append(f", <strong>{damage}</strong>")
                if h.get("defeated"):
                    o.append(f' · <strong class="defeated">{x["defeated"]}</strong>')
                o.append("</li>")
            o.append("</ol>\n    ")
        else:
            o.append(f'<p class="muted">{x["No ship fired."]}</p>')
        o.append("\n    ")
        if over:
            o.append('<p class="battle-end">')
            if b.get("kind") == "war":
                if b.get("winner") is not None:
                    o.append(x["%(who)s wins the card."] % {"who": page.who(b["winner"])})
                else:
                    o.append(x["Nobody wins the card: it goes under the Space Deck."])
            elif b.get("enemy_defeated"):
                o.append(x["The enemy ship is defeated."])
            elif b.get("enemy_defeated") is not None:
                o.append(x["The enemy ship is not defeated."])
            o.append("</p>")
        o.append("\n  </details>")
    o.append("\n</section>\n")
    return "".join(o)


# --- my ship and cards (was the tng-mine section of board.html) -----------------------------------------------


def mine(t: Mapping[str, Any], page: Page) -> str:
    """My ship, hand (with the Discard Phase forms on its cards), play area, Influence and Points Area."""
    x = page.texts
    p = t["me"]
    team = f' <small>({x["team %(n)s"] % {"n": _e(p["team"] + 1)}})</small>' if p.get("team") is not None else ""
    points = p.get("points")
    o = [
        f'<section class="tng-mine" aria-label="{x["Your ship and cards"]}">\n'
        '    <div class="tng-my-ship">\n'
        f'      <h3>{x["Your ship"]}{team}</h3>\n'
        f"      {ship(p, x)}\n"
        f'      <p class="tng-piles"><span title="{x["Your draw pile: its order is secret, even to you"]}">'
        f'{x["Deck"]} ×{_e(p.get("deck_count", ""))}</span> · <span>{x["Discard"]} ×{_e(p.get("discard_count", ""))}</span> · '
        f'<strong title="{x["Mission Points"]}">{_e(p.get("mp", ""))} MP</strong>'
    ]
    if points:
        n = len(points)
        in_points = ngettext("%(n)s card in your Points Area", "%(n)s cards in your Points Area", n) % {"n": n}
        o.append(f" <small>({in_points})</small>")
    hand = (t.get("mine") or {}).get("hand") or ()
    n = len(hand)
    hand_title = ngettext("Your hand (%(n)s card)", "Your hand (%(n)s cards)", n) % {"n": n}
    o.append(
        "</p>\n    </div>\n"
        '    <div class="tng-hand">\n'
        f"      <h3>{hand_title}</h3>\n"
        '      <div class="tng-cards">'
    )
    if hand:
        o.extend(
            f'<div class="tng-hand-card">{page.card(c)}{page.forms_on("discard", c.get("id") if c else None)}</div>'
            for c in hand
        )
    else:
        o.append(f'<span class="muted">{x["no cards"]}</span>')
    o.append("</div>\n      ")
    if any(c.get("kind") == "discard" for c in page.controls):
        o.append(
            '<p class="muted tng-discard-hint">'
            f'{x["Discard Phase: instead of acting this turn, discard one card (a starting card leaves the game, a basic character goes back to its pile)."]}</p>'
        )
    played = p.get("played")
    nothing = f'<span class="muted">{x["nothing played this turn"]}</span>'
    o.append(
        "\n    </div>\n"
        '    <div class="tng-played">\n'
        f'      <h3>{x["Your play area"]}</h3>\n'
        f'      <div class="tng-cards">{page.cards(played) if played else nothing}</div>\n'
        "    </div>\n    "
    )
    if p.get("influence"):
        o.append(
            f'<div class="tng-influence"><h3>{x["Your Influence cards"]}</h3>\n'
            f'      <div class="tng-cards">{page.cards(p["influence"])}</div></div>'
        )
    o.append("\n    ")
    if points:
        o.append(
            f'<details class="tng-points"{" open" if t.get("final") else ""}><summary>{x["Your Points Area"]} '
            f'({_e(p.get("mp", ""))} MP)</summary>\n'
            f'      <div class="tng-cards">{page.cards(points, small=True)}</div></details>'
        )
    o.append("\n  </section>")
    return "".join(o)


# --- the Starbase and Space (was the tng-table part of board.html) -------------------------------------------


def table(t: Mapping[str, Any], page: Page) -> str:
    """The Search Area and basic piles (with the obtain and search forms on them), and Space: the missions
    (with my goal check and the complete forms), the cards face up and the piles."""
    x = page.texts
    o = [
        '<div class="tng-table">\n'
        f'    <section class="tng-starbase" aria-label="{x["Starbase"]}">\n'
        f'      <h3>{x["Starbase: Search Area"]}</h3>\n'
        '      <div class="tng-search">\n'
        "        "
    ]
    empty = f'<div class="tng-card empty">{x["empty"]}</div>'
    for s in t.get("slots") or ():
        c = s.get("card")
        o.append(
            f'\n        <div class="tng-slot" data-slot="{_e(s["slot"])}">\n'
            f"          {page.card(c) if c else empty}\n"
            f'          {page.forms_on("slot", s["slot"])}\n'
            "        </div>\n        "
        )
    o.append(
        "\n      </div>\n"
        f'      <h3>{x["Basic characters"]}</h3>\n'
        '      <div class="tng-basic">\n'
        "        "
    )
    for b in t.get("basic") or ():
        n = b["count"]
        left = ngettext("%(n)s left", "%(n)s left", n) % {"n": _e(n)}
        o.append(
            f'\n        <div class="tng-pile" data-pile="{_e(b["pile"])}">\n'
            f'          {page.card(b.get("card"))}\n'
            f'          <span class="pile-count">{left}</span>\n'
            f'          {page.forms_on("buy_basic", b["pile"])}\n'
            "        </div>\n        "
        )
    top = t.get("starbase_discard_top")
    top_text = f' ({x["top:"]} {_e(top.get("name", ""))})' if top else ""
    o.append(
        "\n      </div>\n"
        f'      <p class="tng-piles">{x["Starbase Deck"]} ×{_e(t.get("starbase_deck", ""))} · '
        f'{x["Starbase discard"]} ×{_e(t.get("starbase_discard", ""))}{top_text} · {x["Ensigns"]} ×{_e(t.get("ensigns", ""))}</p>\n'
        "    </section>\n"
        "\n"
        f'    <section class="tng-space" aria-label="{x["Space"]}">\n'
        f'      <h3>{x["Space"]}</h3>\n'
        f'      <div class="tng-space-deck" title="{x["The Space Deck: face down"]}"><span class="deck-back">✦</span> '
        f'{x["Space Deck"]} <strong>×{_e(t.get("space_deck", ""))}</strong></div>\n'
        f'      <h4>{x["Missions"]} <small>({x["at most 2 face up"]})</small></h4>\n'
        '      <div class="tng-cards tng-missions">\n'
        "        "
    )
    missions = t.get("missions")
    for m in missions or ():
        c = m["card"]
        goal = ""
        if m.get("goal_rows"):
            checks = ", ".join(
                f'<span class="{"met" if g.get("met") else "unmet"}">{_e(g["name"])} {_e(g["have"])}/{_e(g["need"])}'
                f'{" ✓" if g.get("met") else " ✗"}</span>'
                for g in m["goal_rows"]
            )
            goal = f'<p class="goal-check" title="{x["Your ship and played cards now"]}">{x["You:"]} {checks}</p>'
        o.append(
            f'\n        <div class="tng-mission">{page.card(c)}\n'
            f"          {goal}\n"
            f'          {page.forms_on("complete_mission", c.get("id") if c else None)}\n'
            "        </div>\n        "
        )
    if not missions:
        o.append(f'<span class="muted">{x["no face-up mission"]}</span>')
    o.append("\n      </div>\n      ")
    if t.get("revealed"):
        o.append(f'<h4>{x["Face up this turn"]}</h4>\n      <div class="tng-cards">{page.cards(t["revealed"])}</div>')
    o.append("\n      ")
    if t.get("queue"):
        o.append(f'<h4>{x["Still to resolve"]}</h4>\n      <div class="tng-cards">{page.cards(t["queue"], small=True)}</div>')
    o.append(
        f'\n      <p class="tng-piles">{x["Out of the game"]} ×{_e(t.get("box", ""))}</p>\n'
        "    </section>\n"
        "  </div>"
    )
    return "".join(o)


# --- the other players (was the tng-others section of board.html) ---------------------------------------------


def others(t: Mapping[str, Any], page: Page) -> str:
    """Every other player's panel: name, badges, ship, piles, play area, Influence and Points Area."""
    x = page.texts
    o = [f'<section class="tng-others" aria-label="{x["Players"]}">\n    ']
    group = t.get("group")
    for p in t.get("players") or ():
        if p.get("me"):
            continue
        seat = _e(p["seat"])
        css = (
            "tng-player"
            + (" active" if p.get("active") else "")
            + (" waiting" if p.get("waiting") else "")
            + (" partner" if p.get("partner") else "")
            + (" out" if p.get("resigned") or p.get("assimilated") else "")
        )
        small = _e(p.get("seat_no", ""))
        if p.get("team") is not None:
            small += " · " + x["team %(n)s"] % {"n": _e(p["team"] + 1)}
        if p.get("partner"):
            small += " · " + x["your teammate"]
        badges = [
            f'<span class="badge wait">{x["deciding"]}</span>' if p.get("waiting") else "",
            f'<span class="badge out">{x["assimilated"]}</span>' if p.get("assimilated") else "",
            f'<span class="badge out">{x["resigned"]}</span>' if p.get("resigned") else "",
            f'<span class="badge done">{x["done"]}</span>' if group and p.get("done") else "",
        ]
        n = p["hand_count"]
        in_hand = ngettext("%(n)s card in hand", "%(n)s cards in hand", n) % {"n": _e(n)}
        o.append(
            f'\n    <div class="{css}" data-seat="{seat}">\n'
            f'      <h3><span class="seat-dot seat-{seat}"></span>{page.who(p["seat"])} <small>{small}</small>\n'
            + "".join(f"        {badge}\n" for badge in badges)
            + "      </h3>\n"
            f"      {ship(p, x)}\n"
            f'      <p class="tng-piles"><span class="hand-count" title="{x["Cards in hand (secret)"]}">'
            f"{in_hand}</span> · "
            f'{x["Deck"]} ×{_e(p.get("deck_count", ""))} · {x["Discard"]} ×{_e(p.get("discard_count", ""))} · '
            f'<strong>{_e(p.get("mp", ""))} MP</strong></p>\n'
            "      "
        )
        if p.get("played"):
            o.append(f'<h4>{x["Play area"]}</h4><div class="tng-cards tng-played">{page.cards(p["played"], small=True)}</div>')
        o.append("\n      ")
        if p.get("influence"):
            o.append(
                f'<div class="tng-cards" aria-label="{x["Influence cards held"]}">{page.cards(p["influence"], small=True)}</div>'
            )
        o.append("\n      ")
        if p.get("points"):
            o.append(
                f'<details{" open" if t.get("final") else ""}><summary>{x["Points Area"]} ({_e(p.get("mp", ""))} MP)</summary>'
                f'<div class="tng-cards">{page.cards(p["points"], small=True)}</div></details>'
            )
        o.append("\n    </div>\n    ")
    o.append("\n  </section>")
    return "".join(o)


# --- the scenarios' panels (were _borg.html and _klingon.html) -------------------------------------------------


def _borg_left(n: int) -> str:
    return ngettext(
        "%(n)s Borg card left in the Borg Card Area", "%(n)s Borg cards left in the Borg Card Area", n
    ) % {"n": _e(n)}


def borg(t: Mapping[str, Any], page: Page) -> str:
    """Borg Invasion: the Borg Card Area (each team's, in team play), the Cubes, Locutus, who is done."""
    x = page.texts
    o = [f'<section class="tng-borg" aria-label="{x["The Borg"]}">\n  <h3>{x["The Borg"]}</h3>\n  ']
    areas = t.get("borg_areas")
    if areas:
        o.append('<ul class="borg-teams">')
        for a in areas:
            count = a["count"]
            o.append(
                f'<li class="borg-clock{" danger" if count <= 5 else ""}{" on-turn" if a.get("on_turn") else ""}" '
                f'data-team="{_e(a["team"])}">◼ <strong>{_e(a["label"])}</strong> ('
                + ", ".join(page.who(s) for s in a["seats"])
                + (f' · {x["your team"]}' if a.get("mine") else "")
                + f"): {_borg_left(count)}"
                + (f' · {x["its group turn now"]}' if a.get("on_turn") else "")
                + "</li>"
            )
        o.append(
            "</ul>\n"
            f'  <p class="muted">{x["Each team has its own Borg Card Area: the team whose area empties first loses."]}</p>\n'
            "  "
        )
    else:
        area = t["borg_area"]
        o.append(
            f'<p class="borg-clock{" danger" if area <= 5 else ""}" '
            f'title="{x["When the Borg Card Area is empty, everyone loses"]}">◼ {_borg_left(area)} · '
            f'{x["at 0 the Borg win"]}</p>'
        )
    cubes = t["cubes"]
    destroyed = ngettext("%(n)s Cube destroyed", "%(n)s Cubes destroyed", cubes) % {"n": _e(cubes)}
    o.append(
        f"\n  <p>{destroyed} · "
        f'{x["Five Borg cards in hand: assimilated."]}'
    )
    mine = t.get("mine")
    if mine:
        o.append(f' <strong>{x["You hold %(n)s Borg card(s)."] % {"n": _e(mine.get("borg_in_hand", ""))}}</strong>')
    o.append("</p>\n  ")
    locutus = t.get("locutus")
    if locutus:
        o.append(
            f'<p class="muted">{x["To win: find and defeat"]} <span title="{_e(locutus.get("title", ""))}">'
            f'{_e(locutus.get("name", ""))}</span>.</p>'
        )
    o.append("\n  ")
    if t.get("group") and not t.get("stage"):
        o.append(f'<ul class="done-list" aria-label="{x["Who has declared done"]}">\n    ')
        you = f' ({x["you"]})'
        for p in t.get("players") or ():
            done, assimilated = p.get("done"), p.get("assimilated")
            css = "done" if done else "out" if assimilated or p.get("resigned") else "acting"
            mark = "✓" if done else "✗" if assimilated else "…"
            if assimilated:
                state = x["assimilated"]
            elif done:
                state = x["done"]
            elif p.get("defeated"):
                state = x["defeated this turn"]
            else:
                state = x["still acting"]
            o.append(
                f'<li class="{css}" data-seat="{_e(p["seat"])}">{mark} {page.who(p["seat"])}'
                f'{you if p.get("me") else ""}: {state}</li>'
            )
        o.append("\n  </ul>")
    o.append("\n</section>\n")
    return "".join(o)


def klingon(t: Mapping[str, Any], page: Page) -> str:
    """Klingon Civil War: the Arbiter to find, and each side's captains, Allied Ships, Influence and MP."""
    x = page.texts
    o = [f'<section class="tng-klingon" aria-label="{x["Klingon Civil War"]}">\n  <h3>{x["Klingon Civil War"]}</h3>\n  ']
    arbiter = t.get("arbiter")
    if arbiter:
        lines = "".join(f"{_e(line)} " for line in arbiter.get("lines") or ())
        o.append(
            f'<p>{x["To win: find"]} <span title="{_e(arbiter.get("title", ""))}"><strong>{_e(arbiter.get("name", ""))}'
            f'</strong></span> {x["in the Space Deck and meet its goal:"]} {lines}</p>'
        )
    o.append(
        f'\n  <table class="scores"><thead><tr><th>{x["Side"]}</th><th>{x["Captains"]}</th><th>{x["Allied Ships"]}</th>'
        f'<th>{x["Influence"]}</th><th>MP</th></tr></thead>\n'
        "    <tbody>"
    )
    for team in t.get("teams") or ():
        influence = ", ".join(
            f'<span title="{_e(c.get("title", ""))}">{_e(c.get("name", ""))}</span>' for c in team.get("influence") or ()
        )
        o.append(
            f'<tr class="{"mine" if team.get("mine") else ""}"><td>{_e(team["label"])}</td>'
            f'<td>{", ".join(page.who(s) for s in team["seats"])}</td><td>{_e(team["allies"])}</td>'
            f'<td>{influence or "—"}</td><td>{_e(team["mp"])}</td></tr>'
        )
    o.append("</tbody></table>\n</section>\n")
    return "".join(o)
