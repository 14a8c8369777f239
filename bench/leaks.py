#!/usr/bin/env python
"""The secrets check at scale: many random playouts of every registered game, every surface compared
for every seat and a spectator against a re-randomised world (tests/proof/leakcheck.py).

    .venv/bin/python bench/leaks.py                       # ~thousands of states (all games)
    .venv/bin/python bench/leaks.py --games toy --playouts 50 --every 1
    .venv/bin/python bench/leaks.py --plant fragments     # must report leaks (exit 1)

Uses a throw-away test database (DATABASE_URL's server when set, else in-memory SQLite). Prints how
many states and surfaces were checked and how many leaked; exits 1 when anything leaked.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

#: game -> player counts and option sets cycled through by the playouts.
VARIANTS = {
    "toy": [(2, {}), (3, {}), (4, {"target": 2}), (1, {"target": 2}), (2, {"target": 5})],
    "kemble": [(2, {}), (3, {}), (4, {"wingmen": True}), (5, {"special_cards": True}), (1, {}),
               (3, {"tunnel_deck": True, "tunnel_vision": True})],
    "tng": [(2, {}), (4, {"scenario": "borg_invasion", "borg_teams": "teams"}), (3, {"scenario": "klingon_civil_war"}),
            (3, {"scenario": "borg_invasion"}), (4, {"scenario": "klingon_civil_war"}), (4, {})],
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", help="slugs (default: every registered game)")
    parser.add_argument("--playouts", type=int, default=0, help="per game (default: toy 120, others 12)")
    parser.add_argument("--every", type=int, default=0, help="check every Nth state (default: toy 1, others 5)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--max-commands", type=int, default=5000,
                        help="stop a playout after this many commands (TNG games run to thousands)")
    parser.add_argument("--plant", default="", help="plant a leak on this surface (the check must fail)")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection, transaction
    from django.test.utils import setup_test_environment

    from accounts.models import User
    from games.engine import registry
    from tests.proof.leakcheck import LeakCheck, Stats
    from tests.support.toygame import TOY

    registry.register(TOY)
    settings.HYPERLANE_PLANT_LEAK = args.plant
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    total = Stats()
    started = time.monotonic()
    try:
        games = args.games or [r.slug for r in registry.all_rules()]
        for slug in games:
            variants = VARIANTS.get(slug) or [(registry.get(slug).min_players, {})]
            playouts = args.playouts or (120 if slug == "toy" else 12)
            every = args.every or (1 if slug == "toy" else 5)
            game_stats = Stats()
            for i in range(playouts):
                players, options = variants[i % len(variants)]
                seed = args.seed + i
                with transaction.atomic():
                    users = [User.objects.create_user(f"b{i}p{k}", f"b{i}p{k}@example.org", "pw") for k in range(5)]
                    watcher = User.objects.create_user(f"b{i}w", f"b{i}w@example.org", "pw")
                    stats = LeakCheck(game=slug, seed=seed, num_players=players, users=users, spectator=watcher,
                                      options=options, check_every=every,
                                      max_commands=args.max_commands).run()
                    transaction.set_rollback(True)
                game_stats.add(stats)
                for leak in stats.leaks[:3]:
                    print(f"LEAK {leak}\n")
                print(f"{slug} #{i + 1}/{playouts} ({players}p {options or 'std'}, seed {seed}): "
                      f"{stats.states} states, {stats.comparisons} comparisons, {len(stats.leaks)} leaked", flush=True)
            print(f"== {slug}: {game_stats.summary()}")
            total.add(game_stats)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"== total ({time.monotonic() - started:.0f}s): {total.summary()}")
    return 1 if total.leaks else 0


if __name__ == "__main__":
    sys.exit(main())
