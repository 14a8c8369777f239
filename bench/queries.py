"""Database queries per move: the whole move POST, and each seat's websocket re-render, early and late.

On a scratch PostgreSQL database (created and dropped here; ``DATABASE_URL`` names the server, default
postgres@127.0.0.1:5432), a long game is played through the real services (random legal commands
computed with the engine from the table's state; automatic steps through
``services.automatic_step_apply`` as the Celery task does). At each checkpoint the next "opening bid"
(a bid while every seat still has to bid, so that the moves compared are the same kind of move) is
posted through the Django test Client to the real view (``games.views.table_command``), counting every
query with ``CaptureQueriesContext``; then each seat's re-render, as its websocket consumer does it
(``viewer_for`` + ``render_fragments`` + ``render_log_entries`` after the log line it had), is counted
separately.

Games: the toy game with its ``endless`` option (4 players, to move 10,000 and beyond) and Kemble's
Cascade (4 players, move 10 and as far as a game goes). Targets: equal counts early and late; at most
10 queries for the POST. Exit code 1 when a target is missed.

    .venv/bin/python bench/queries.py [--moves 10000] [--show-sql]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ScratchDatabase, django_setup, machine  # noqa: E402

POST_LIMIT = 10


def _is_control(sql: str) -> bool:
    return sql.split(None, 1)[0].upper() in ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


class Game:
    def __init__(self, slug: str, options: dict[str, Any], players: int, seed: int) -> None:
        from accounts.models import User
        from games import services
        from games.engine import registry

        self.rules = registry.get(slug)
        self.rng = random.Random(seed)
        self.users = [
            User.objects.create_user(username=f"{slug}{seed}p{i}", email=f"{slug}{seed}p{i}@bench.invalid",
                                     password="bench-password")
            for i in range(players)
        ]
        table = services.table_create(user=self.users[0], game=slug, num_players=players, options=options)
        for u in self.users[1:]:
            services.seat_take(table_id=table.pk, user=u)
        services.table_start(table_id=table.pk, user=self.users[0])
        self.table_id = table.pk
        self.moves = 0

    def table(self) -> Any:
        from games.models import Table

        return Table.objects.get(pk=self.table_id)

    def next_choice(self) -> tuple[Any, Any, Any] | None:
        """(table, state, None) when an automatic step is due; (table, state, seat) else; None when over."""
        from games.models import Table

        table = self.table()
        if table.status != Table.Status.ACTIVE:
            return None
        state = self.rules.load(table.state)
        if self.rules.auto_command(state) is not None:
            return table, state, None
        seats = sorted(self.rules.seats_to_act(state))
        return table, state, self.rng.choice(seats)

    def step(self) -> bool:
        """Apply one command (a seat's random legal command, or the automatic step). False when over."""
        from games import services

        choice = self.next_choice()
        if choice is None:
            return False
        table, state, seat = choice
        if seat is None:
            services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
        else:
            command = self.rng.choice(list(self.rules.legal_commands(state, seat)))
            # The table's own version is never stale (decision_since <= version): one read fewer.
            services.command_submit(table_id=table.pk, user=self.users[seat], kind=command.kind,
                                    args=dict(command.args), expected_version=table.version,
                                    idempotency_key=uuid.uuid4())
        self.moves += 1
        return True

    def advance_to_opening_bid(self, at_least: int) -> tuple[Any, int, Any] | None:
        """Play until version >= at_least and a seat may make the round's opening bid."""
        while True:
            choice = self.next_choice()
            if choice is None:
                return None
            table, state, seat = choice
            if seat is not None and table.version >= at_least:
                active = len(self.rules.seats_to_act(state))
                bids = [c for c in self.rules.legal_commands(state, seat) if c.kind == "bid"]
                if bids and active == len(self.users) - len([p for p in table.seats.all() if p.resigned]):
                    return table, seat, self.rng.choice(bids)
            if not self.step():
                return None

    def measure(self, at_least: int, show_sql: bool) -> dict[str, Any] | None:
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from games.models import Event, Seat
        from games.rendering import render_fragments, render_log_entries
        from games.selectors import decision_idempotency_key, viewer_for

        found = self.advance_to_opening_bid(at_least)
        if found is None:
            return None
        table, seat, command = found
        seat_row = Seat.objects.get(table_id=table.pk, position=seat)
        last_event = Event.objects.filter(table_id=table.pk).order_by("-id").values_list("id", flat=True).first()
        client = Client()
        client.force_login(self.users[seat])
        import json

        data = {"kind": command.kind, "args": json.dumps(dict(command.args)), "version": seat_row.decision_since,
                "idempotency_key": str(decision_idempotency_key(table, seat_row))}
        with CaptureQueriesContext(connection) as post_q:
            response = client.post(f"/tables/{table.pk}/command/", data, HTTP_HX_REQUEST="true")
        if response.status_code != 200:
            raise RuntimeError(f"POST answered {response.status_code}: {response.content[:500]!r}")
        self.moves += 1
        renders = []
        for i, user in enumerate(self.users):
            with CaptureQueriesContext(connection) as render_q:
                viewer = viewer_for(table_id=table.pk, user=user)
                render_fragments(viewer, oob=True)
                render_log_entries(viewer, after_id=last_event or 0)
            renders.append(len(render_q.captured_queries))
            if show_sql and i == 0:
                print("    re-render SQL (seat 0):")
                for q in render_q.captured_queries:
                    print("      " + q["sql"][:200])
        if show_sql:
            print(f"    POST SQL at version {table.version}:")
            for q in post_q.captured_queries:
                print("      " + q["sql"][:200])
        control = sum(1 for q in post_q.captured_queries if _is_control(q["sql"]))
        return {"version": table.version, "kind": command.kind, "post": len(post_q.captured_queries),
                "post_control": control, "renders": renders}


def run_game(label: str, slug: str, options: dict[str, Any], checkpoints: list[int], show_sql: bool,
             seed: int = 1) -> list[dict[str, Any]]:
    game = Game(slug, options, 4, seed)
    out = []
    started = time.perf_counter()
    for at in checkpoints:
        row = game.measure(at, show_sql)
        if row is None:
            break
        out.append(row)
        print(f"  {label:<28} move {row['version']:>6} ({row['kind']}): POST {row['post']:>2} statements"
              f" ({row['post'] - row['post_control']} queries + {row['post_control']} BEGIN/SAVEPOINT/RELEASE/COMMIT);"
              f" re-render per seat {row['renders']}   [{time.perf_counter() - started:.0f} s]", flush=True)
    return out


def kemble_last_bid(show_sql: bool, seed: int) -> list[dict[str, Any]]:
    """Kemble to move 10, then to its last opening bid: play a game out once to learn its length."""
    from games.kemble.engine import RULES  # noqa: F401 - registry import side effect

    probe = Game("kemble", {}, 4, seed)
    while probe.step():
        pass
    length = probe.moves
    # Same seed again: the same game; the last round's opening bid comes a few dozen moves before the end.
    return run_game("kemble 4p", "kemble", {}, [10, max(11, length - 60)], show_sql, seed=seed + 1000) or []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=10_000, help="the late checkpoint of the long toy game")
    parser.add_argument("--show-sql", action="store_true")
    parser.add_argument("--only", choices=["toy", "kemble"], default="")
    args = parser.parse_args()
    print(f"bench/queries.py  {machine()}")
    failures = []
    with ScratchDatabase("hyperlane_bench_queries") as db:
        django_setup(db.url)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        toy = kemble = [{}, {}]
        if args.only in ("", "toy"):
            points = sorted({10, min(1000, args.moves), args.moves})
            toy = run_game("toy 4p endless", "toy", {"endless": True}, points, args.show_sql)
        if args.only in ("", "kemble"):
            kemble = kemble_last_bid(args.show_sql, seed=7)
        for label, rows in (("toy", toy), ("kemble", kemble)):
            if rows == [{}, {}]:
                continue
            if len(rows) < 2:
                failures.append(f"{label}: the game ended before the late checkpoint")
                continue
            first, last = rows[0], rows[-1]
            if first["post"] != last["post"]:
                failures.append(f"{label}: POST queries {first['post']} at move {first['version']} but "
                                f"{last['post']} at move {last['version']}")
            # The seat that just moved has no decision open (one query fewer): compare as multisets.
            if sorted(first["renders"]) != sorted(last["renders"]):
                failures.append(f"{label}: re-render queries {first['renders']} at move {first['version']} but "
                                f"{last['renders']} at move {last['version']}")
            for r in rows:
                if r["post"] - r["post_control"] > POST_LIMIT:
                    failures.append(f"{label}: POST at move {r['version']} made {r['post'] - r['post_control']}"
                                    f" queries, {r['post']} statements (target <= {POST_LIMIT})")
    print()
    for f in failures:
        print("MISSED " + f)
    print("OK: counts equal early and late, POST within target" if not failures else f"{len(failures)} target(s) missed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
