"""Plain-data types shared by every engine. Everything here survives a JSON round trip."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

JSON: TypeAlias = None | bool | int | float | str | list[Any] | dict[str, Any]

#: The seat number used for commands the platform applies on the game's behalf (an automaton's turn,
#: an end-of-round resolution, the reveal of simultaneous choices). Real seats are 0..n-1.
AUTO_SEAT = -1


@dataclass(frozen=True, slots=True)
class Command:
    """What a seat asks for. ``kind`` is a snake_case verb; ``args`` are plain JSON values."""

    seat: int
    kind: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Command:
        return cls(seat=int(data["seat"]), kind=str(data["kind"]), args=dict(data.get("args") or {}))


@dataclass(frozen=True, slots=True)
class Event:
    """What happened; the log is made of these.

    ``visible_to`` is None for a public event, else the seats that see ``data`` in full. Everyone else
    sees ``redacted`` (or nothing at all when ``redacted`` is None). Event kinds are past-tense
    (``ship_moved``, ``card_drawn``); the site translates them by kind, filling the text from the data.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None
    redacted: Mapping[str, Any] | None = None

    def for_seat(self, seat: int | None) -> Mapping[str, Any] | None:
        """The data this seat may see (None: the event is invisible to it). Spectators are ``None``."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self.data
        return self.redacted

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "data": dict(self.data),
            "visible_to": sorted(self.visible_to) if self.visible_to is not None else None,
            "redacted": dict(self.redacted) if self.redacted is not None else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        vis = data.get("visible_to")
        red = data.get("redacted")
        return cls(
            kind=data["kind"],
            data=dict(data.get("data") or {}),
            visible_to=frozenset(vis) if vis is not None else None,
            redacted=dict(red) if red is not None else None,
        )


@dataclass(frozen=True, slots=True)
class Decision:
    """Who the game waits for, and what about (TM's ``waitingFor``, as data).

    ``seats`` with more than one member is a simultaneous decision: each seat answers on its own, in
    secret, and the game moves on once all have answered. ``key`` is stable while this decision is open
    and changes when it is replaced; the platform uses it to tell a stale page from a live one.
    ``prompt`` is a message id that the site translates, never display text. ``automatic`` marks a step
    the platform applies itself (seats is then empty) with the command from ``Rules.auto_command``.
    """

    key: str
    seats: frozenset[int]
    prompt: str
    params: Mapping[str, Any] = field(default_factory=dict)
    automatic: bool = False


@dataclass(frozen=True, slots=True)
class Zone:
    """A deck-like pile the platform mirrors as a database row (draw pile, hand, discard, market).

    ``visibility``: ``public`` (everyone sees the cards), ``owner`` (the owner sees the cards, others
    only the count), ``hidden`` (nobody sees the cards or their order, only the count; e.g. a draw pile,
    even its owner's), ``team`` (the seats in ``seen_by`` see the cards, others the count).
    """

    name: str
    cards: Sequence[str]
    owner: int | None = None
    visibility: Literal["public", "owner", "hidden", "team"] = "hidden"
    seen_by: frozenset[int] = frozenset()

    def visible_to(self, seat: int | None) -> bool:
        if self.visibility == "public":
            return True
        if seat is None:
            return False
        if self.visibility == "owner":
            return seat == self.owner
        if self.visibility == "team":
            return seat in self.seen_by
        return False


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended.

    ``winners`` are seats (empty for a cooperative loss). ``ranking`` lists seats best first, ties as
    inner lists; ``scores`` maps a seat to its score breakdown (``{"total": 31, "glory": 25, ...}``);
    ``tiebreak`` names the rule that decided a tie (a message id, or ``""``); ``reason`` is a message id
    for how the game ended (``final_scoring``, ``all_destroyed``, ``resigned``...).
    """

    winners: frozenset[int]
    reason: str
    ranking: Sequence[Sequence[int]] = ()
    scores: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    tiebreak: str = ""
    teams: Sequence[Sequence[int]] = ()
    cooperative: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "winners": sorted(self.winners),
            "reason": self.reason,
            "ranking": [list(r) for r in self.ranking],
            "scores": {str(k): dict(v) for k, v in self.scores.items()},
            "tiebreak": self.tiebreak,
            "teams": [list(t) for t in self.teams],
            "cooperative": self.cooperative,
        }


@dataclass(slots=True)
class Outcome:
    """What ``setup`` and ``apply`` return: the new state and the events it produced.

    ``undoable`` is the engine's word that the command revealed nothing hidden (the platform also
    refuses undo when the command used the RNG).
    """

    state: Any
    events: list[Event] = field(default_factory=list)
    undoable: bool = False
