"""Play-area geometry: quadrants, what stands on them, lines of fire (kemble:R19, R24, R56)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.kemble.engine.content import DELTA, EMPTY, Quadrant, side
from games.kemble.engine.state import State


def num_rows(state: State) -> int:
    rows: list[Any] = state["board"]
    return len(rows)


def num_cols(state: State) -> int:
    return 2 * int(state["width"])


def on_board(state: State, r: int, c: int) -> bool:
    return 1 <= r <= len(state["board"]) and 1 <= c <= 2 * state["width"]


def slot_of(state: State, r: int, c: int) -> tuple[dict[str, Any], int]:
    slot: dict[str, Any] = state["board"][r - 1][(c - 1) // 2]
    return slot, (c - 1) % 2


def quad(state: State, r: int, c: int) -> Quadrant:
    """What is at a quadrant now: a covered quadrant is empty space (1.5)."""
    slot, half = slot_of(state, r, c)
    if slot["cover"][half] is not None:
        return EMPTY
    return side(slot["card"], slot["flip"])[half]


def ship_at(state: State, r: int, c: int) -> int | None:
    for p in state["players"]:
        pos = p["pos"]
        if pos is not None and pos[0] == r and pos[1] == c:
            return int(p["seat"])
    return None


def ships(state: State) -> dict[tuple[int, int], int]:
    return {(p["pos"][0], p["pos"][1]): p["seat"] for p in state["players"] if p["pos"] is not None}


def step(r: int, c: int, direction: str, n: int = 1) -> tuple[int, int]:
    dr, dc = DELTA[direction]
    return r + dr * n, c + dc * n


def line(state: State, r: int, c: int, direction: str) -> Iterator[tuple[int, int]]:
    """The quadrants from (r, c), exclusive, to the board edge."""
    r, c = step(r, c, direction)
    while on_board(state, r, c):
        yield r, c
        r, c = step(r, c, direction)


def adjacent(a: tuple[int, int] | list[int], b: tuple[int, int] | list[int]) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def blocks_shot(state: State, r: int, c: int, ship_map: dict[tuple[int, int], int]) -> bool:
    """A player's shot stops here (R24, R56)."""
    return (r, c) in ship_map or quad(state, r, c).blocking


def first_target(state: State, r: int, c: int, direction: str) -> tuple[int, int] | None:
    smap = ships(state)
    for rr, cc in line(state, r, c, direction):
        if blocks_shot(state, rr, cc, smap):
            return rr, cc
    return None


def all_quadrants(state: State) -> Iterator[tuple[int, int, Quadrant]]:
    for r in range(1, num_rows(state) + 1):
        for c in range(1, num_cols(state) + 1):
            yield r, c, quad(state, r, c)
