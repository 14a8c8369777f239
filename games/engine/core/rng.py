"""Our own seeded PRNG, so that a game replays identically on every Python release.

PCG32 (XSH RR variant, O'Neill 2014) with a fixed increment. The whole state is one 64-bit integer that
round-trips through JSON. Dice and shuffles in every engine come only from here; golden vectors in
``tests/engine/core/test_rng.py`` pin the output.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407  # must be odd


class Rng:
    __slots__ = ("state", "draws")

    def __init__(self, state: int, draws: int = 0) -> None:
        self.state = state & _MASK64
        #: How many 32-bit outputs were taken: lets the platform tell whether a command used chance.
        self.draws = draws

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        rng = cls(0)
        rng._step()
        rng.state = (rng.state + (seed & _MASK64)) & _MASK64
        rng._step()
        rng.draws = 0
        return rng

    def dump(self) -> dict[str, int]:
        return {"state": self.state, "draws": self.draws}

    @classmethod
    def load(cls, data: dict[str, int]) -> Rng:
        return cls(int(data["state"]), int(data.get("draws", 0)))

    def copy(self) -> Rng:
        return Rng(self.state, self.draws)

    def _step(self) -> None:
        self.state = (self.state * _MULT + _INC) & _MASK64

    def next_u32(self) -> int:
        old = self.state
        self._step()
        self.draws += 1
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if n == 1:
            return 0
        threshold = (1 << 32) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out
