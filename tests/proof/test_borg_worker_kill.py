"""The Borg turn on the real worker (issue 15): paced automatic steps, the Celery worker killed with SIGKILL in
the middle of a Borg turn, and after its restart every step applied exactly once (the sweeper re-sends the
step the dead worker held). A site of its own: the Borg live in Ascendancy, a game still in preview
(``config.settings.dev``)."""

from __future__ import annotations

import json
import signal
import time

import pytest

from tests.live.harness import SAFETY_CAP, LiveSite
from tests.proof.live_support import commands, make_users, shell, table_row, wait_for

pytestmark = pytest.mark.live

PLAYERS = ["borg_a", "borg_b", "borg_c"]


@pytest.fixture(scope="module")
def borg_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    site = LiveSite.create(tmp_path_factory.mktemp("borg"), servers=1, extra_env={
        "DJANGO_SETTINGS_MODULE": "config.settings.dev",
        "HYPERLANE_AUTOMATON_PACE_SECONDS": "0.7",  # paced, as on the real site, but quick
        "HYPERLANE_AUTO_STEP_RESEND_AFTER": "5",
    })
    make_users(site, PLAYERS)
    yield site
    site.stop()


def _borg_state(site: LiveSite, table: int) -> dict:  # type: ignore[type-arg]
    """Where the table's Borg turn stands, and who the game waits for."""
    out = shell(site, f"""
import json
from games.engine import registry
from games.models import Table
t = Table.objects.get(pk={table})
r = registry.get("ascendancy")
s = r.load(t.state)
print(json.dumps({{"cursor": s["borg"]["cursor"] is not None, "due": "automaton" in (s["turn"] or {{}}),
                  "skip": bool(s["borg"].get("skip")), "waiting": sorted(x for d in r.pending(s) for x in d.seats),
                  "over": s["phase"] == "over"}}))
""")
    return json.loads(out.splitlines()[-1])


def _answer(site: LiveSite, table: int) -> None:
    shell(site, f"""
from accounts.models import User
from games.models import Table
from tests.support.borg import player_move
player_move(Table.objects.get(pk={table}), [User.objects.get(username=n) for n in {PLAYERS!r}])
""")


def _auto_steps(site: LiveSite, table: int, after: int) -> list[int]:
    return [seq for seq, seat, kind in commands(site, table) if seat == -1 and kind == "automaton_turn" and seq > after]


def test_a_worker_killed_in_a_borg_turn_every_step_applies_once(borg_site) -> None:  # type: ignore[no-untyped-def]
    site = borg_site
    # Set the table up with the worker stopped: the shell applies the steps before the Borg turn itself.
    site.kill("worker", signal.SIGKILL)
    out = shell(site, f"""
from accounts.models import User
from tests.support.borg import borg_table
print(borg_table([User.objects.get(username=n) for n in {PLAYERS!r}]).pk)
""")
    table = int(out.splitlines()[-1])
    start = table_row(site, table)[0]
    assert _borg_state(site, table)["due"]
    site.start_worker("worker")
    # The worker plays the Borg turn, one paced step at a time: kill it after a few steps, mid-turn.
    wait_for(lambda: len(_auto_steps(site, table, start)) >= 3, SAFETY_CAP, 0.1, "three Borg steps")
    site.kill("worker", signal.SIGKILL)
    killed_at = table_row(site, table)[0]
    mid = _borg_state(site, table)
    assert mid["cursor"] and not mid["over"], "the kill came after the Borg turn"
    site.start_worker("worker")
    # After the restart the turn goes on (the sweeper re-sends the step the dead worker held); a player's
    # decision inside it is answered.
    deadline = time.monotonic() + 240
    while True:
        state = _borg_state(site, table)
        if state["over"] or not (state["cursor"] or state["due"]):
            break
        assert time.monotonic() < deadline, "the Borg turn never ended"
        if state["waiting"] and table_row(site, table)[2] is None:
            _answer(site, table)
        else:
            time.sleep(0.5)
    assert table_row(site, table)[0] > killed_at
    steps = _auto_steps(site, table, start)
    # One command per version, no version twice, no gap: every step applied exactly once.
    seqs = [seq for seq, _seat, _kind in commands(site, table) if seq > start]
    assert seqs == list(range(start + 1, table_row(site, table)[0] + 1)), "a gap or a duplicate in the log"
    assert len(steps) == len(set(steps)) >= 4
    events = shell(site, f"""
import json
from games.models import Event
print(json.dumps(list(Event.objects.filter(table_id={table}, seq__gt={start},
                                           kind__in=["borg_turn_started", "borg_turn_ended"]
                                           ).order_by("seq", "index").values_list("kind", flat=True))))
""")
    kinds = json.loads(events.splitlines()[-1])
    assert kinds[:2] == ["borg_turn_started", "borg_turn_ended"], kinds
    site.manage("replay_tables", "--game", "ascendancy")  # the stored state is what the log replays to
