"""The TNG board's parts: what each Jinja2 template of ``games/tng/jinja2/tng/`` is given to draw.

Each function takes the ``tng`` board context (``TngPresenter.extra_context``) and returns the JSON-able
data that is a template's whole context: the seats' names (``names``: a name per position, None for an
empty seat, which the templates call "Player N"), the viewer's position where the part says "you", and
the command forms placed on the table's cards (``forms``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.template import engines
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from markupsafe import Markup

from games.parts import Part, render_part

#: Cards drawn, by (the card dict's identity, small, language): (the dict, its HTML). ``card_info`` keeps
#: one dict per card instance and language and nothing changes it, so a board draws each card once.
_CARDS: dict[tuple[int, bool, str | None], tuple[Mapping[str, Any], Markup]] = {}
CARDS_MAX = 20_000


def card_html(c: Mapping[str, Any] | str | None, small: bool = False) -> Markup:
    """A card as ``tng/card.html`` draws it (the templates' ``tng_card``), drawn once per card dict and
    language. ``c``: a ``card_info`` dict, or a card instance id (the parts' data name cards by their id:
    ``card_info`` of an id in a language is fixed, so the id and the language say all the card shows)."""
    if isinstance(c, str):
        c = _CARD_INFO[0](c)
    if not c:
        return Markup("\n")
    key = (id(c), bool(small), get_language())
    hit = _CARDS.get(key)
    if hit is not None and hit[0] is c:
        return hit[1]
    html = Markup(engines["jinja2"].env.get_template("tng/card.html").render(c=c, small=small))  # type: ignore[attr-defined]
    if len(_CARDS) >= CARDS_MAX:  # only when cards are made uncached (tests): stay bounded
        _CARDS.clear()
    _CARDS[key] = (c, html)
    return html


#: ``presenter.card_info`` (set by ``install_template_globals``: the presenter imports this module).
_CARD_INFO: list[Callable[[str], Mapping[str, Any] | None]] = []


def install_template_globals() -> None:
    """Give the boards' Jinja2 environment the TNG templates' ``tng_card`` (from the app's ``ready``)."""
    from games.tng.presenter import card_info

    _CARD_INFO[:] = [card_info]
    engines["jinja2"].env.globals["tng_card"] = card_html  # type: ignore[attr-defined]


def _ref(c: Mapping[str, Any] | None) -> str | None:
    """A ``card_info`` dict as the parts' data names it: its instance id."""
    return c["id"] if c else None


def _refs(cards: Iterable[Mapping[str, Any] | None] | None) -> list[str | None]:
    return [_ref(c) for c in cards or ()]


def _panel(p: Mapping[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """A player's panel with its cards named by their ids."""
    out = {k: p.get(k) for k in keys}
    for k in ("played", "points", "influence"):
        out[k] = _refs(p.get(k))
    ship = p.get("ship") or {}
    out["ship"] = {"name": ship.get("name", ""), "title": ship.get("title", "")}  # what the ship macro shows
    return out


#: What a command form placed on a card shows (``games/tng/jinja2/tng/_macros.html`` ``command_form``).
_FORM_KEYS = ("kind", "args", "label", "css")


def seat_names(seats: Iterable[Any] | None) -> list[str | None]:
    """The seated users' shown names by position (the first seat of a position wins), None where empty."""
    names: dict[int, str] = {}
    for s in seats or ():
        names.setdefault(s.position, str(s.user.shown_name))
    size = max(names, default=-1) + 1
    return [names.get(i) for i in range(size)]


def on_card_forms(controls: Sequence[Mapping[str, Any]], url: str, version: Any, key: Any) -> dict[str, Any]:
    """The command forms placed on the table's cards, by where they go ("slot:3", "buy_basic:ensign",
    "complete_mission:<card>", "discard:<card>"), in the controls' order; ``form``: the fields every form
    posts."""
    forms: dict[str, Any] = {}
    for c in controls:
        k = c.get("kind")
        if k in ("discard", "complete_mission"):
            where = f"{k}:{c.get('card')}"
        elif k in ("buy", "search") and c.get("on_board") and "slot" in c:
            where = f"slot:{c['slot']}"
        elif k == "buy_basic":
            where = f"buy_basic:{c.get('pile')}"
        else:
            continue
        forms.setdefault(where, []).append({f: c.get(f, "") for f in _FORM_KEYS})
    forms["form"] = {"url": url, "version": str(version), "key": str(key)}
    return forms


def _forms_at(forms: Mapping[str, Any], prefixes: tuple[str, ...], exact: bool = False) -> dict[str, Any]:
    """The forms placed in one part (their keys start with one of ``prefixes``, or are one with ``exact``),
    with the fields every form posts only when there is one: a part without forms carries nothing of the
    viewer."""
    out = {k: v for k, v in forms.items() if k != "form" and (k in prefixes if exact else k.startswith(prefixes))}
    if out:
        out["form"] = forms["form"]
    return out


#: What a player's panel shows that is the same for every viewer (``player.html``).
_PANEL_KEYS = ("seat", "seat_no", "team", "active", "waiting", "ship", "damage", "stats", "defense", "hull_pct",
               "hand_count", "deck_count", "discard_count", "played", "points", "mp", "influence", "ability",
               "ability_used", "defeated", "assimilated", "done", "resigned")
#: What the header shows (``head.html``).
_HEAD_KEYS = ("phase", "round", "scenario", "scenario_name", "turn", "group", "group_team", "xp",
              "waiting_others", "waiting_me", "mp_goal", "round_limit", "quiet_rounds", "stall_rounds")


def parts(t: Mapping[str, Any], ctx: Mapping[str, Any]) -> list[Part]:
    """The board's parts in page order (``t``: the ``tng`` context; ``ctx``: the viewer's board context).

    Private (the viewer's own view or controls): the header, the final scores, the stage, the battles,
    the scenario's panel, my ship and cards, and a teammate's panel. Public, and equal for every viewer:
    every other player's panel, the Starbase's counts, and each Search Area slot, basic pile and Space
    whenever it carries none of the viewer's forms or goal checks (which only a seat that may act has)."""
    table = ctx.get("table")
    controls = ctx.get("controls") or ()
    url = reverse("table_command", args=[table.pk]) if table is not None else ""
    forms = on_card_forms(controls, url, ctx.get("form_version", ""), ctx.get("idempotency_key", ""))
    names = seat_names(ctx.get("seats"))
    position = ctx.get("position")
    final = bool(t.get("final"))
    stage = t.get("stage")
    out: list[Part] = []
    head = {k: t.get(k) for k in _HEAD_KEYS}
    head.update(me=bool(t.get("me")), final=final, stage_kind=stage.get("kind") if stage else None)
    out.append(Part("tng-head", "tng/head.html", {"t": head, "names": names}))
    if final:
        out.append(Part("tng-final", "tng/final.html",
                        {"rows": t["final"], "teams": bool(t.get("teams")), "round": t.get("round"), "names": names}))
    # The stage and the battles are there, empty and hidden, when there is none: a board whose part ids
    # stay the same from move to move is sent part by part, never whole (issue 12).
    out.append(Part("tng-stage", "tng/stage.html", {"st": stage or None, "names": names}))
    out.append(Part("tng-battles", "tng/battles.html",
                    {"battles": t.get("battles") or [], "names": names, "position": position}))
    if t.get("scenario") == "borg_invasion":
        mine = t.get("mine")
        borg = {
            "borg_areas": t.get("borg_areas"), "borg_area": t.get("borg_area"), "cubes": t.get("cubes"),
            "mine": {"borg_in_hand": mine.get("borg_in_hand", "")} if mine else None,
            "locutus": t.get("locutus"), "group": bool(t.get("group")), "stage": bool(stage),
            "players": [{k: p.get(k) for k in ("seat", "me", "done", "assimilated", "resigned", "defeated",
                                                    "discard_phase")}
                        for p in t.get("players") or ()],
        }
        out.append(Part("tng-borg", "tng/borg.html", {"t": borg, "names": names}))
    if t.get("scenario") == "klingon_civil_war":
        out.append(Part("tng-klingon", "tng/klingon.html",
                        {"t": {"arbiter": t.get("arbiter"), "teams": t.get("teams")}, "names": names}))
    if t.get("me"):
        out.append(Part("tng-mine", "tng/mine.html", {
            "p": _panel(t["me"], _PANEL_KEYS), "hand": _refs((t.get("mine") or {}).get("hand")),
            "forms": _forms_at(forms, ("discard:",)),
            "discard_hint": any(c.get("kind") == "discard" for c in controls), "final": final}))
    # The Starbase: a part per Search Area slot and per basic pile (public unless the viewer's forms are on
    # it), and its piles' counts.
    for slot in t.get("slots") or ():
        on = _forms_at(forms, (f"slot:{slot['slot']}",), exact=True)
        data = {"s": {"slot": slot["slot"], "card": _ref(slot.get("card"))}, "forms": on}
        out.append(Part(f"tng-slot-{slot['slot']}", "tng/slot.html", data, public=not on))
    for pile in t.get("basic") or ():
        on = _forms_at(forms, (f"buy_basic:{pile['pile']}",), exact=True)
        data = {"b": {"pile": pile["pile"], "count": pile["count"], "card": _ref(pile.get("card"))}, "forms": on}
        out.append(Part(f"tng-pile-{pile['pile']}", "tng/pile.html", data, public=not on))
    top = t.get("starbase_discard_top")
    counts = {k: t.get(k) for k in ("starbase_deck", "starbase_discard", "ensigns")}
    counts["starbase_discard_top"] = top.get("name", "") if top else None
    out.append(Part("tng-starbase-piles", "tng/starbase_piles.html", {"t": counts}, public=True))
    space_forms = _forms_at(forms, ("complete_mission:",))
    space = {"space_deck": t.get("space_deck"), "box": t.get("box"), "revealed": _refs(t.get("revealed")),
             "queue": _refs(t.get("queue")),
             "missions": [{"card": _ref(m["card"]), "goal_rows": m.get("goal_rows")} for m in t.get("missions") or ()]}
    checks = any(m.get("goal_rows") for m in t.get("missions") or ())
    out.append(Part("tng-space", "tng/space.html", {"t": space, "forms": space_forms},
                    public=not space_forms and not checks))
    group = bool(t.get("group"))
    for p in t.get("players") or ():
        if p.get("me"):
            continue
        partner = bool(p.get("partner"))
        out.append(Part(f"tng-player-{p['seat']}", "tng/player.html", {
            "p": _panel(p, _PANEL_KEYS), "partner": partner, "group": group, "final": final,
            "names": names}, public=not partner))
    return out


#: The board's outline around its parts: the layout boxes of the stylesheet a part sits in, outermost
#: first (by the part id's prefix), and how each box opens and closes.
_OUTLINE = {
    "tng-slot": ("table", "starbase", "search"),
    "tng-pile": ("table", "starbase", "basic"),
    "tng-starbase": ("table", "starbase"),
    "tng-space": ("table",),
    "tng-player": ("others",),
}
_CLOSE = {"table": "</div>\n", "starbase": "</section>\n", "search": "</div>\n", "basic": "</div>\n",
          "others": "</section>\n"}


def _open(box: str) -> str:
    """An outline box's opening tags (``tng/outline_open.html``)."""
    return str(engines["jinja2"].env.get_template("tng/outline_open.html").render(box=box))  # type: ignore[attr-defined]


def _boxes(part_id: str) -> tuple[str, ...]:
    return _OUTLINE.get("-".join(part_id.split("-")[:2]), ())


def render_board(parts_: Sequence[Part]) -> SafeString:
    """The board: its parts in order, inside the outline the stylesheet lays out (``.tng``; the Starbase
    and Space side by side in ``.tng-table``, the slots in ``.tng-search``, the basic piles in
    ``.tng-basic``; the other players' panels in ``.tng-others``). The outline holds no data: it is the same
    on every page in one language."""
    out = ['<div class="tng">\n']
    boxes: tuple[str, ...] = ()
    for part in parts_:
        want = _boxes(part.id)
        keep = 0
        while keep < min(len(boxes), len(want)) and boxes[keep] == want[keep]:
            keep += 1
        out.extend(_CLOSE[b] for b in reversed(boxes[keep:]))
        out.extend(_open(b) for b in want[keep:])
        boxes = want
        out.append(render_part(part))
        out.append("\n")
    out.extend(_CLOSE[b] for b in reversed(boxes))
    out.append("</div>\n")
    return mark_safe("".join(out))
