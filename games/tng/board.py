"""The TNG board's parts: what each Jinja2 template of ``games/tng/jinja2/tng/`` is given to draw.

Each function takes the ``tng`` board context (``TngPresenter.extra_context``) and returns the JSON-able
data that is a template's whole context: the seats' names (``names``: a name per position, None for an
empty seat, which the templates call "Player N"), the viewer's position where the part says "you", and
the command forms placed on the table's cards (``forms``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

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
