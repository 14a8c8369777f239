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


RESOURCES = ("production", "research", "culture")


def bid_limits(page: Any) -> tuple[dict[str, int], set[int]]:
    """What the page's Initiative bid form allows: each amount's most (its input's ``max``: what the player
    has) and the totals it names as taken (``data-forbidden``; none with secret bids)."""
    form = page.locator("form.asc-bid-form")
    most = {r: int(form.locator(f"input[name=arg_{r}]").get_attribute("max") or 0) for r in RESOURCES}
    taken = {int(t) for t in (form.get_attribute("data-forbidden") or "").split()}
    return most, taken


def send_bid(page: Any, wanted: dict[str, int]) -> dict[str, int]:
    """Fill the Initiative bid form with ``wanted`` (nothing instead, if the player has not that much or its
    total is taken: 0 always may be bid, R4), check the total the form shows, and send it; what was bid."""
    most, taken = bid_limits(page)
    amounts = {r: int(wanted.get(r, 0)) for r in RESOURCES}
    if any(amounts[r] > most[r] for r in RESOURCES) or sum(amounts.values()) in taken:
        amounts = dict.fromkeys(RESOURCES, 0)
    form = page.locator("form.asc-bid-form")
    for r in RESOURCES:
        form.locator(f"input[name=arg_{r}]").fill(str(amounts[r]))
    total = str(sum(amounts.values()))
    page.wait_for_function(
        "total => (document.querySelector('form.asc-bid-form output[name=total]') || {}).textContent === total",
        arg=total)
    form.locator("button[data-kind=bid]").click()
    return amounts
