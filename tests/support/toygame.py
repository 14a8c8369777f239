"""A tiny test-only game that exercises every part of the platform contract.

"Toy race": a hidden shuffled draw pile of cards 1..20; each seat holds 2 cards (secret). Each round all
seats bid one card at once, in secret (a simultaneous decision). When all have bid, an automatic step
reveals the bids: the highest scores a point, everyone draws back to 2 (chance). Then the round winner
takes a turn of undoable steps (``advance`` by 1 or 2 on a public track, at most 3 steps) and ends it
with ``end_turn``. First to ``target`` points wins.

Option ``auto_delay`` (seconds) makes the automatic step slow, and ``auto_wait_file`` makes it wait
until that file exists: test-only hooks for the "a step is running" and "worker killed mid-step"
checks. Option ``endless`` puts the bids back into the deck and never ends the game (benchmarks need
games of 10,000 moves). This module is not under ``games/engine``, so it may sleep.
"""

from __future__ import annotations

import copy
import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import (
    AUTO_SEAT,
    Command,
    Decision,
    Event,
    IllegalCommand,
    Outcome,
    Result,
    Rng,
    Rules,
    Zone,
)


class ToyRules(Rules):
    slug = "toy"
    engine_version = 1
    min_players = 1
    max_players = 4

    def option_schema(self) -> Sequence[Mapping[str, Any]]:
        return (
            {"name": "target", "type": "choice", "default": 3, "choices": [1, 2, 3, 5], "label": "Points to win"},
            {"name": "auto_delay", "type": "choice", "default": 0, "choices": [0, 2, 5], "label": "Slow step",
             "detail": True},
            {"name": "auto_wait_file", "type": "choice", "default": "", "choices": [""], "label": "Wait file"},
            {"name": "duel", "type": "bool", "default": False, "label": "Duel (2 players only)", "players": [2]},
            {"name": "endless", "type": "bool", "default": False, "label": "Endless (bids go back; no winner)"},
        )

    def validate_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        opts = dict(options)
        wait_file = opts.pop("auto_wait_file", "")
        out = super().validate_options(num_players, opts)
        out["auto_wait_file"] = str(wait_file)
        if out["duel"] and num_players != 2:
            raise IllegalCommand("duel_needs_two", "toy:R1", given=num_players)
        return out

    def setup(self, *, num_players: int, options: Mapping[str, Any], rng: Rng) -> Outcome:
        deck = [f"c{n}" for n in range(1, 21)]
        rng.shuffle(deck)
        hands = [[deck.pop(), deck.pop()] for _ in range(num_players)]
        state = {
            "n": num_players,
            "options": dict(options),
            "deck": deck,
            "hands": hands,
            "bids": [None] * num_players,
            "points": [0] * num_players,
            "track": [0] * num_players,
            "phase": "bid",
            "round": 1,
            "active": None,
            "steps": 0,
            "winner": None,
        }
        return Outcome(state, [Event("game_started", {"players": num_players})])

    def pending(self, state: Any) -> Sequence[Decision]:
        if state["winner"] is not None:
            return ()
        if state["phase"] == "bid":
            waiting = frozenset(i for i in range(state["n"]) if state["bids"][i] is None)
            if not waiting:
                return (Decision(f"r{state['round']}.reveal", frozenset(), "reveal", automatic=True),)
            return (Decision(f"r{state['round']}.bid", waiting, "choose_bid"),)
        return (Decision(f"r{state['round']}.turn", frozenset({state["active"]}), "your_turn"),)

    def legal_commands(self, state: Any, seat: int) -> Sequence[Command]:
        if seat not in self.seats_to_act(state):
            return []
        if state["phase"] == "bid":
            return [Command(seat, "bid", {"card": c}) for c in sorted(state["hands"][seat])]
        out = []
        if state["steps"] < 3:
            out += [Command(seat, "advance", {"by": 1}), Command(seat, "advance", {"by": 2})]
        out.append(Command(seat, "end_turn", {}))
        return out

    def auto_command(self, state: Any) -> Command | None:
        if any(d.automatic for d in self.pending(state)):
            return Command(AUTO_SEAT, "reveal", {})
        return None

    def apply(self, state: Any, command: Command, rng: Rng) -> Outcome:
        self.check_turn(state, command, "toy:R2")
        s = copy.deepcopy(state)
        kind, seat = command.kind, command.seat
        if kind == "bid" and s["phase"] == "bid":
            card = command.args.get("card")
            if card not in s["hands"][seat]:
                raise IllegalCommand("card_not_in_hand", "toy:R3", card=str(card))
            s["bids"][seat] = card
            s["hands"][seat].remove(card)
            return Outcome(s, [Event("bid_placed", {"seat": seat, "card": card}, frozenset({seat}), {"seat": seat})])
        if kind == "reveal" and seat == AUTO_SEAT:
            self._slow(s)
            values = [int(b[1:]) for b in s["bids"]]
            best = max(range(s["n"]), key=lambda i: values[i])
            s["points"][best] += 1
            events = [Event("bids_revealed", {"bids": list(s["bids"]), "winner": best})]
            if s["options"].get("endless"):
                s["deck"].extend(s["bids"])
            s["bids"] = [None] * s["n"]
            for hand in s["hands"]:
                while len(hand) < 2 and s["deck"]:
                    hand.append(s["deck"].pop(rng.below(len(s["deck"]))))
            if s["points"][best] >= s["options"]["target"] and not s["options"].get("endless"):
                s["winner"] = best
                events.append(Event("game_won", {"seat": best}))
            else:
                s["phase"], s["active"], s["steps"] = "turn", best, 0
            return Outcome(s, events)
        if kind == "advance" and s["phase"] == "turn":
            by = command.args.get("by")
            if by not in (1, 2) or s["steps"] >= 3:
                raise IllegalCommand("bad_step", "toy:R4")
            s["track"][seat] += by
            s["steps"] += 1
            return Outcome(s, [Event("advanced", {"seat": seat, "by": by})], undoable=True)
        if kind == "end_turn" and s["phase"] == "turn":
            s["phase"], s["active"], s["round"] = "bid", None, s["round"] + 1
            return Outcome(s, [Event("turn_ended", {"seat": seat})], undoable=False)
        raise IllegalCommand("unknown_command", "toy:R2", kind=kind)

    def _slow(self, s: Mapping[str, Any]) -> None:
        delay = s["options"].get("auto_delay") or 0
        if delay:
            time.sleep(delay)
        wait_file = s["options"].get("auto_wait_file")
        if wait_file:
            open(wait_file + ".waiting", "a").close()  # noqa: SIM115 - tests wait for it: the step is under way
            deadline = time.monotonic() + 120
            while not os.path.exists(wait_file) and time.monotonic() < deadline:
                time.sleep(0.05)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {
            "round": state["round"],
            "phase": state["phase"],
            "points": list(state["points"]),
            "track": list(state["track"]),
            "deck_size": len(state["deck"]),
            "hand": list(state["hands"][seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in state["hands"]],
            "has_bid": [b is not None for b in state["bids"]],
            "my_bid": state["bids"][seat] if seat is not None else None,
            "active": state["active"],
        }

    def zones(self, state: Any) -> Sequence[Zone]:
        out = [Zone("deck", tuple(state["deck"]), None, "hidden")]
        out += [Zone(f"hand.{i}", tuple(h), i, "owner") for i, h in enumerate(state["hands"])]
        return out

    def result(self, state: Any) -> Result | None:
        if state["winner"] is None:
            return None
        w = state["winner"]
        return Result(
            winners=frozenset({w}),
            reason="target_reached",
            ranking=[[w]] + [[i] for i in range(state["n"]) if i != w],
            scores={i: {"points": p} for i, p in enumerate(state["points"])},
        )

    def resign(self, state: Any, seat: int) -> Outcome:
        s = copy.deepcopy(state)
        others = [i for i in range(s["n"]) if i != seat]
        s["winner"] = others[0] if others else seat
        return Outcome(s, [Event("player_resigned", {"seat": seat})])

    def dump(self, state: Any) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: Mapping[str, Any]) -> Any:
        return copy.deepcopy(dict(data))

    def rerandomise(self, state: Any, seat: int | None, rng: Rng) -> Any:
        """Other seats' hands and unrevealed bids and the whole draw pile are secret (to ``seat``).

        The cards nobody shows ``seat`` (the pile, others' hands, others' bids) are dealt again from
        one shuffled pool, keeping every size and who has bid (public)."""
        s = copy.deepcopy(state)
        others = [i for i in range(s["n"]) if i != seat]
        pool = list(s["deck"])
        for i in others:
            pool += s["hands"][i]
            if s["bids"][i] is not None:
                pool.append(s["bids"][i])
        rng.shuffle(pool)
        for i in others:
            s["hands"][i] = [pool.pop() for _ in s["hands"][i]]
            if s["bids"][i] is not None:
                s["bids"][i] = pool.pop()
        s["deck"] = pool
        return s


TOY = ToyRules()
