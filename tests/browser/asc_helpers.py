"""Start an Ascendancy table of the live site from the scenario builder's position (tests/browser/asc_scenario.py).

The table is opened, joined and started through the site's pages; then ``load_scenario`` writes the
scenario's state as the table's next version, in the site's own process (``manage.py shell``: the browser
test's process has no database of its own), the way a command's version is written (``services._persist``:
the state and RNG, the seat decisions, the pages' live update). Every move after that is a click.
"""

from __future__ import annotations

from typing import Any

_LOAD = """
from django.db import transaction
from games import services
from games.engine import registry
from games.engine.core import Rng
from games.models import Table
from {module} import {builder} as scenario_state

with transaction.atomic():
    table = Table.objects.select_for_update().get(pk={table_id})
    seats = list(table.seats.select_related("user").order_by("position"))
    rules = registry.get(table.game)
    old = rules.load(table.state)
    table.version += 1
    services._persist(table=table, rules=rules, old_state=old, state=scenario_state({seed}),
                      rng=Rng.from_seed({seed}), events=[], seats=seats, acting_seat=None)
print("version", table.version)
"""


def load_scenario(site: Any, table_id: int | str, seed: int = 0,
                  builder: str = "tests.browser.asc_scenario:scenario_state") -> int:
    """Put the scenario's position on table ``table_id`` (started, Ascendancy); the table's new version.
    ``builder`` ("module:function", the function taking the seed) makes the position."""
    module, function = builder.split(":")
    out = site.manage("shell", "-c", _LOAD.format(table_id=int(table_id), seed=int(seed), module=module,
                                                  builder=function))
    return int(out.strip().split()[-1])
