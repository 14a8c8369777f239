"""Paging back through a whole game's log shows a viewer nothing its page would not (issue 11, item 8).

The table page shows the newest lines of the log; the rest comes a page at a time (``log/?before=<id>``)
as the reader scrolls back. For every seat and a spectator, after a random playout, every page from the
newest back to the first line is collected twice, as in ``leakcheck``: as stored, and after
re-randomising everything that viewer may not know. Both must be identical, and together the pages
must be exactly the lines of the viewer's page when it holds the whole log on one page.
"""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import override_settings

from games import services
from games.engine import registry
from games.engine.core import Rng
from games.models import Seat, Table
from tests.proof.leakcheck import Viewer, _rolled_back, normalise, rerandomise_world, toy_presenter

pytestmark = pytest.mark.django_db

EARLIER = re.compile(r'hx-get="(/tables/\d+/log/\?before=\d+)"')
LINES = re.compile(r"<li data-id=.*?</li>", re.S)
PAGE = 3  # lines per page of the toy game's log (its games are short)


@pytest.fixture
def cast(make_user):  # type: ignore[no-untyped-def]
    return [make_user(f"p{i}") for i in range(4)], make_user("watcher")


def playout(game: str, users: list, seed: int, options: dict, max_commands: int) -> int:  # type: ignore[type-arg]
    """A random game through the services (automatic steps, else a random legal move); the table id."""
    rules = registry.get(game)
    creator, *others = users
    table = services.table_create(user=creator, game=game, num_players=len(users), options=options)
    for u in others:
        services.seat_take(table_id=table.pk, user=u)
    services.table_start(table_id=table.pk, user=creator)
    bot = Rng.from_seed(seed)
    for _ in range(max_commands):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        if table.auto_step_since is not None:
            services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
            continue
        state = rules.load(table.state)
        seats = sorted(rules.seats_to_act(state))
        seat = seats[bot.below(len(seats))]
        legal = list(rules.legal_commands(state, seat))
        if not legal:
            break
        command = legal[bot.below(len(legal))]
        since = Seat.objects.get(table=table, position=seat).decision_since
        services.command_submit(table_id=table.pk, user=users[seat], kind=command.kind, args=command.args,
                                expected_version=since, idempotency_key=uuid.uuid4())
    return table.pk


def log_of(html: str) -> str:
    return re.search(r'<ol id="log-entries" class="log-entries">(.*?)</ol>', html, re.S).group(1)


def pages(viewer: Viewer, table_id: int) -> list[str]:
    """The page's log, then every page the "earlier" control loads, back to the first line."""
    with _rolled_back():  # opening the page records the seat's visit
        html = log_of(viewer.client.get(f"/tables/{table_id}/").content.decode())
        out = [html]
        while (earlier := EARLIER.search(html)) is not None:
            r = viewer.client.get(earlier.group(1))
            assert r.status_code == 200
            html = r.content.decode()
            out.append(html)
    return [normalise(p) for p in out]


def lines(collected: list[str]) -> list[str]:
    """The log lines of the pages, oldest first (the "new" marks aside: they depend on the visit)."""
    out: list[str] = []
    for page in collected:
        out = [line.replace(' class="new"', "") for line in LINES.findall(page)] + out
    return out


@pytest.mark.parametrize(
    ("game", "players", "options", "seed", "max_commands", "per_page"),
    [("toy", 2, {}, 1, 400, PAGE), ("toy", 3, {"target": 2}, 2, 400, PAGE), ("kemble", 2, {}, 3, 5000, 40),
     ("tng", 2, {}, 1, 120, 10)],
    ids=["toy-2", "toy-3", "kemble-2", "tng-2"],
)
def test_paging_back_shows_each_viewer_only_what_its_page_would(
    cast, game, players, options, seed, max_commands, per_page
):
    users, watcher = cast
    with toy_presenter():
        table_id = playout(game, users[:players], seed, options, max_commands)
        if game != "tng":  # played to the end (tng: its opening, its games are long)
            assert Table.objects.get(pk=table_id).status == Table.Status.FINISHED
        viewers = [Viewer(u, i) for i, u in enumerate(users[:players])] + [Viewer(watcher, None)]
        for viewer in viewers:
            with override_settings(HYPERLANE_LOG_PAGE_LINES=10**6):
                whole = lines(pages(viewer, table_id))
            with override_settings(HYPERLANE_LOG_PAGE_LINES=per_page):
                stored = pages(viewer, table_id)
                with _rolled_back():
                    rerandomise_world(table_id, viewer.seat, Rng.from_seed(seed * 7 + (viewer.seat or 9)))
                    other = pages(viewer, table_id)
            assert len(stored) > 3, f"{viewer.name}: the log fits in {len(stored)} pages"
            assert stored == other, f"{viewer.name}: a page of the log changed with what it may not know"
            assert lines(stored) == whole, f"{viewer.name}: the pages are not the lines of its whole log"


def test_a_leak_in_the_log_is_seen_on_the_pages(cast):
    """The check can fail: with the log's redaction ignored (the planted leak), an earlier page differs."""
    users, watcher = cast
    with toy_presenter(), override_settings(HYPERLANE_LOG_PAGE_LINES=PAGE, HYPERLANE_PLANT_LEAK="log"):
        table_id = playout("toy", users[:2], 1, {}, 400)
        viewer = Viewer(users[1], 1)
        stored = pages(viewer, table_id)
        with _rolled_back():
            rerandomise_world(table_id, 1, Rng.from_seed(5))
            other = pages(viewer, table_id)
    assert len(stored) > 3
    assert stored != other
