"""The whole log, loaded as the reader scrolls back, and what is new since a seat's last visit (issue 11,
item 8). The log used to show its newest 200 lines and nothing earlier."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client, override_settings

from games import services
from games.engine import registry
from games.models import Seat, Table
from games.selectors import log_for_seat
from tests.support.tables import started_table

pytestmark = pytest.mark.django_db

EARLIER = re.compile(r'hx-get="/tables/\d+/log/\?before=(\d+)[^"]*"')
LINE = re.compile(r'<li data-id="(\d+)" data-seq="\d+"[^>]*>([^<]*)</li>')


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def play(table: Table, users: list, moves: int) -> None:  # type: ignore[type-arg]
    """``moves`` commands through the services: automatic steps, else the first legal command of the
    first seat the game waits on."""
    rules = registry.get(table.game)
    for _ in range(moves):
        table.refresh_from_db()
        assert table.status == Table.Status.ACTIVE
        if table.auto_step_since is not None:
            services.automatic_step_apply(table_id=table.pk, expected_version=table.version)
            continue
        state = rules.load(table.state)
        seat = sorted(rules.seats_to_act(state))[0]
        command = list(rules.legal_commands(state, seat))[0]
        since = Seat.objects.get(table=table, position=seat).decision_since
        services.command_submit(table_id=table.pk, user=users[seat], kind=command.kind, args=command.args,
                                expected_version=since, idempotency_key=uuid.uuid4())


def log_section(html: str) -> str:
    return re.search(r'<ol id="log-entries" class="log-entries">(.*?)</ol>', html, re.S).group(1)


def page_back(client: Client, table: Table, html: str) -> list[tuple[str, str]]:
    """Every line the reader gets by scrolling back from the page's log to the table's first line,
    oldest first; each page request is the one the page's "earlier" control makes."""
    lines = LINE.findall(html)
    while (earlier := EARLIER.search(html)) is not None:
        r = client.get(f"/tables/{table.pk}/log/", {"before": earlier.group(1)})
        assert r.status_code == 200
        html = r.content.decode()
        lines = LINE.findall(html) + lines
    return lines


@override_settings(HYPERLANE_LOG_PAGE_LINES=3)
@pytest.mark.parametrize("who", [0, 1, None], ids=["seat 0", "seat 1", "spectator"])
def test_scrolling_back_reaches_the_first_line_of_the_game(alice, bob, charlie, who):
    table = started_table(alice, bob)
    play(table, [alice, bob], 12)
    user = [alice, bob][who] if who is not None else charlie
    client = _client(user)
    page = log_section(client.get(f"/tables/{table.pk}/").content.decode())
    everything = log_for_seat(table=table, seat=who, limit=10_000)
    assert len(everything) > 3 * 3  # more than three pages
    assert len(LINE.findall(page)) < len(everything)
    got = page_back(client, table, page)
    assert [int(i) for i, _ in got] == [e["id"] for e in everything]  # each line once, in order
    assert [text for _, text in got] == [str(e["text"]) for e in everything]


@override_settings(HYPERLANE_LOG_PAGE_LINES=3)
def test_the_earlier_lines_of_a_private_table_follow_the_invite_the_session_accepted(alice, bob, charlie, make_user):
    table = services.table_create(user=alice, game="toy", num_players=2, options={}, is_private=True)
    services.seat_take(table_id=table.pk, user=bob, invite_token=table.invite_token)
    services.table_start(table_id=table.pk, user=alice)
    play(table, [alice, bob], 8)
    client = _client(charlie)
    html = client.get(f"/tables/{table.pk}/", {"invite": table.invite_token}).content.decode()
    link = re.search(r'hx-get="(/tables/\d+/log/\?before=\d+)"', html).group(1)  # no token in the URL
    assert table.invite_token not in link
    assert client.get(link).status_code == 200  # the session keeps the invite
    stranger = _client(make_user("dave"))
    assert stranger.get(link).status_code == 404  # no invite, no log


@pytest.mark.parametrize("before", ["-1", "abc", "1.5", "", "99999999999999999999999", "١٢"])
def test_a_bad_log_position_gets_a_clear_400(alice, bob, before):
    table = started_table(alice, bob)
    r = _client(alice).get(f"/tables/{table.pk}/log/", {"before": before})
    assert r.status_code == 400 and "Bad log position" in r.content.decode()


def test_the_first_page_has_no_earlier_control(alice, bob):
    table = started_table(alice, bob)
    play(table, [alice, bob], 2)
    html = _client(alice).get(f"/tables/{table.pk}/").content.decode()
    assert LINE.findall(html) and 'class="log-earlier"' not in html


@override_settings(HYPERLANE_LOG_PAGE_LINES=2)
def test_what_is_new_since_the_last_visit_is_marked_and_counted(alice, bob):
    table = started_table(alice, bob)
    users = [alice, bob]
    play(table, users, 3)  # both bid, the bids are revealed: the winner's turn
    table.refresh_from_db()
    winner = Seat.objects.get(table=table, waiting_since__isnull=False).position
    reader = users[1 - winner]
    reader_client = _client(reader)
    reader_client.get(f"/tables/{table.pk}/")  # the loser's visit
    seen = Seat.objects.get(table=table, user=reader).seen_version
    play(table, users, 4)  # the winner's three steps and the end of the turn: the reader does not act
    assert Seat.objects.get(table=table, user=reader).seen_version == seen
    html = log_section(reader_client.get(f"/tables/{table.pk}/").content.decode())
    new = [e for e in log_for_seat(table=table, seat=1 - winner, limit=10_000) if e["seq"] > seen]
    assert len(new) > 2  # more new lines than a page: the page reaches back to the first of them
    marker = re.search(r'<li class="log-since" id="log-since" role="note">([^<]*)</li><li data-id="(\d+)"', html)
    assert marker, html[:500]
    assert marker.group(1) == f"{len(new)} new lines since your last visit"
    assert int(marker.group(2)) == new[0]["id"]
    assert html.count('class="new"') == len(new)
    # The visit is stored: the next one has nothing new.
    again = reader_client.get(f"/tables/{table.pk}/").content.decode()
    assert "log-since" not in again and 'class="new"' not in again


def test_the_new_lines_are_counted_in_the_readers_language(make_user):
    alice = make_user("alice")
    bob = make_user("bob", language="it")
    table = started_table(alice, bob)
    _client(bob).get(f"/tables/{table.pk}/")
    play(table, [alice, bob], 1)
    html = _client(bob).get(f"/tables/{table.pk}/").content.decode()
    assert re.search(r'id="log-since" role="note">1 riga nuova dalla tua ultima visita<', html)


def test_a_spectator_has_no_visits_and_no_new_marks(alice, bob, charlie):
    table = started_table(alice, bob)
    play(table, [alice, bob], 4)
    html = _client(charlie).get(f"/tables/{table.pk}/").content.decode()
    assert LINE.findall(html) and "log-since" not in html and 'class="new"' not in html


def test_a_page_left_or_hidden_records_what_it_showed_as_seen(alice, bob, charlie):
    """The page tells the server, as its reader hides or leaves it, the version it showed (app.js's
    beacon): lines that came in live while the reader watched are not new on the next visit."""
    table = started_table(alice, bob)
    bob_client = _client(bob)
    bob_client.get(f"/tables/{table.pk}/")
    play(table, [alice, bob], 1)  # alice bids: bob's open page shows it live
    table.refresh_from_db()
    shown = table.version
    r = bob_client.post(f"/tables/{table.pk}/seen/", {"version": shown})
    assert r.status_code == 204
    assert Seat.objects.get(table=table, user=bob).seen_version == shown
    html = bob_client.get(f"/tables/{table.pk}/").content.decode()
    assert "log-since" not in html and 'class="new"' not in html
    # A version the table has not reached yet counts as what it has.
    bob_client.post(f"/tables/{table.pk}/seen/", {"version": 10**8})
    assert Seat.objects.get(table=table, user=bob).seen_version == shown
    # A spectator's visits are not kept; nonsense is refused with a message.
    assert _client(charlie).post(f"/tables/{table.pk}/seen/", {"version": shown}).status_code == 204
    for bad in ("", "-1", "x", "1e3", "9" * 30):
        r = bob_client.post(f"/tables/{table.pk}/seen/", {"version": bad})
        assert r.status_code == 400 and "Bad table version" in r.content.decode()


def test_the_seen_version_only_moves_forward(alice, bob):
    table = started_table(alice, bob)
    play(table, [alice, bob], 3)
    bob_client = _client(bob)
    bob_client.get(f"/tables/{table.pk}/")
    seen = Seat.objects.get(table=table, user=bob).seen_version
    bob_client.post(f"/tables/{table.pk}/seen/", {"version": 1})  # an old page left in another tab
    assert Seat.objects.get(table=table, user=bob).seen_version == seen
