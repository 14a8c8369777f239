"""Rebuild a table from its seed, options and command log, and compare with what is stored."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import registry
from games.engine.core import Command as EngineCommand
from games.engine.core.replay import UNDO_KIND, replay
from games.models import Table


def engine_commands(table: Table) -> list[EngineCommand]:
    """The log as engine commands; an undo's target (a version) becomes an index into this list."""
    rows = list(table.commands.order_by("seq").values_list("seq", "seat", "kind", "args"))
    index_of = {seq: i for i, (seq, *_rest) in enumerate(rows)}
    out = []
    for _seq, seat, kind, args in rows:
        if kind == UNDO_KIND:
            args = {"target": index_of[int(args["target"])]}
        out.append(EngineCommand(seat, kind, args))
    return out


@dataclass(frozen=True)
class ReplayReport:
    table_id: int
    identical: bool
    detail: str = ""


def table_replay_check(table: Table) -> ReplayReport:
    """Replay a started table under the engine now installed; report whether its state would differ."""
    rules = registry.get(table.game)
    try:
        state, rng, _events = replay(
            rules,
            seed=table.seed,
            num_players=table.num_players,
            options=table.options,
            commands=engine_commands(table),
        )
    except Exception as exc:  # any engine error means the new engine cannot carry this table
        return ReplayReport(table.pk, False, f"{type(exc).__name__}: {exc}")
    if rules.dump(state) != table.state:
        return ReplayReport(table.pk, False, "state differs")
    if rng.dump() != table.rng_state:
        return ReplayReport(table.pk, False, "rng differs")
    return ReplayReport(table.pk, True)
