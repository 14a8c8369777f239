"""Replay every active table under the engines installed now (F14: an engine update must not break or
silently change games in progress).

    manage.py replay_tables            # report; exit code 1 if any table's state would differ
    manage.py replay_tables --migrate  # also move tables that replay identically to the new engine_version

A table keeps the engine version it started with (``services._rules_for`` refuses a mismatch) until
``--migrate`` moves it; a table whose replay differs stays where it is and is reported.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from games.engine import registry
from games.models import Table
from games.replaying import table_replay_check


class Command(BaseCommand):
    help = "Replay every active table under the installed engine; report (and with --migrate, move) them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--migrate", action="store_true",
                            help="move tables whose replay is identical to the installed engine_version")
        parser.add_argument("--game", default="", help="only tables of this game")

    def handle(self, *args: Any, migrate: bool = False, game: str = "", **options: Any) -> None:
        tables = Table.objects.filter(status=Table.Status.ACTIVE).order_by("pk")
        if game:
            tables = tables.filter(game=game)
        checked = differ = moved = 0
        for table in tables.iterator():
            checked += 1
            try:
                installed = registry.get(table.game).engine_version
            except LookupError:
                differ += 1
                self.stderr.write(f"table {table.pk} ({table.game} v{table.engine_version}): game not installed")
                continue
            report = table_replay_check(table)
            label = f"table {table.pk} ({table.game} v{table.engine_version} -> v{installed}, version {table.version})"
            if not report.identical:
                differ += 1
                self.stderr.write(f"{label}: DIFFERS: {report.detail}")
                continue
            if table.engine_version == installed:
                self.stdout.write(f"{label}: identical")
                continue
            if not migrate:
                self.stdout.write(f"{label}: identical; run with --migrate to move it")
                continue
            with transaction.atomic():
                # Nothing may have moved it meanwhile (moves are refused while the versions differ).
                updated = Table.objects.filter(
                    pk=table.pk, version=table.version, engine_version=table.engine_version
                ).update(engine_version=installed)
            if updated:
                moved += 1
                self.stdout.write(f"{label}: identical; moved to v{installed}")
            else:
                self.stdout.write(f"{label}: changed while checking; run again")
        self.stdout.write(f"{checked} active table(s) checked, {differ} differ, {moved} moved")
        if differ:
            raise CommandError(f"{differ} table(s) would differ under the installed engine", returncode=1)
