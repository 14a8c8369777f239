"""A whole 2-player Star Trek: TNG exploration game in two browsers, from the table form to the result.

Every move is a click on a visible control of the page whose player must act; the player to act is the one
whose page offers a decision (off-turn answers in a battle come from the defender's own page). A simple
scripted policy plays: complete a mission, answer what an exploration opened, play cards, win a ship by
Diplomacy (for its points), resolve events, fight, pass, obtain the priciest affordable card, explore, end
the turn. The table uses the lowest Mission Point goal (200) so that the game ends in a few minutes;
``bench/tng_browser_game.py`` plays the default 400-point game with the same driver.

Screenshots at key moments (the start, the first mission, ship, event and battle, the result) go to
test-artifacts/screenshots/<test>/. Controls are found by structure (data-kind), never by text: Bob reads
Italian.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.browser.helpers import LIVE_TIMEOUT, login, new_table_form, wait_version_above

#: A table seed (2 players, 200 MP) whose game, with this policy, reveals a War event: the defender plays
#: cards off-turn from their own page. About 210 commands (RULES-level replay: see ``expected_commands``).
SEED = 35

#: The policy: the first kind with a control wins (``buy`` = the Search Area and the basic piles).
POLICY = ("complete_mission", "bottom", "keep_influence", "play", "diplomacy", "resolve_event", "fight",
          "target", "pass", "buy", "explore", "end_turn")

#: Reads the page's command controls in page order, with what the policy needs (the card's cost).
READ_CONTROLS = """() => Array.from(document.querySelectorAll('form.command:not(.undo) button[data-kind]')).map(b => {
  const holder = b.closest('.tng-slot, .tng-pile');
  const cost = holder && holder.querySelector('.tc-cost') ? parseInt(holder.querySelector('.tc-cost').textContent) : 0;
  return {kind: b.dataset.kind, args: b.dataset.args, cost: cost || 0};
})"""


#: One read of a page per step: its version, its command controls, whom it says the game waits on (the
#: status line and the board's header), the stage, whether it is my turn, the battle summary, the result.
SNAPSHOT = """() => {
  const names = sel => Array.from(document.querySelectorAll(sel)).map(e => e.textContent.trim().toLowerCase());
  const tng = document.querySelector('.tng-head');
  return {
    version: Number(document.querySelector('#frag-status').dataset.version),
    controls: (""" + READ_CONTROLS + """)(),
    waiting: names('#frag-status .table-state strong'),
    head_waiting: names('.tng-head .tng-waiting strong'),
    stage: tng ? (tng.dataset.stage || null) : null,
    my_turn: !!document.querySelector('.tng-turn.mine'),
    war_ended: !!document.querySelector('.tng-battles .battle-war .battle-end'),
    result: !!document.querySelector('#frag-result:not(.empty)'),
  };
}"""


def choose(controls: list[dict[str, Any]]) -> int | None:
    """The index (in page order) of the control the scripted player clicks, or None."""
    for kind in POLICY:
        found = [(i, c) for i, c in enumerate(controls)
                 if c["kind"] == kind or (kind == "buy" and c["kind"] == "buy_basic")]
        if not found:
            continue
        if kind == "buy":
            best = max(c["cost"] for _, c in found)
            return next(i for i, c in found if c["cost"] == best)
        if kind == "diplomacy":
            return next((i for i, c in found if json.loads(c["args"]).get("keep") == "points"), found[0][0])
        return found[0][0]
    return None


def engine_playout(seed: int, mp_goal: int, max_commands: int = 5000) -> tuple[int, Counter[str], int]:
    """The same policy in the engine alone, on the deal a table with this seed gets: the commands, their
    kinds and the cards the defender played off-turn in battles (to pick a seed: ``--find-seeds``)."""
    from games.engine.core import Rng
    from games.tng.engine import RULES
    from games.tng.engine.content import CONTENT

    rng = Rng.from_seed(seed)
    options = RULES.validate_options(2, {"scenario": "exploration", "mp_goal": mp_goal})
    state = RULES.setup(num_players=2, options=options, rng=rng).state
    kinds: Counter[str] = Counter()
    off_turn = n = 0
    while state["phase"] != "over" and n < max_commands:
        auto = RULES.auto_command(state)
        if auto is not None:
            state = RULES.apply(state, auto, rng).state
            continue
        seat = min(s for d in RULES.pending(state) for s in d.seats)
        legal = list(RULES.legal_commands(state, seat))  # the page's order for every kind the policy weighs
        controls = []
        for c in legal:
            card_id = (state["starbase"]["search"][c.args["slot"]] or "").split("#")[0] if c.kind == "buy" else (
                c.args.get("pile") if c.kind == "buy_basic" else None)
            cost = CONTENT.cards[card_id].cost if card_id else 0
            controls.append({"kind": c.kind, "args": json.dumps(dict(c.args)), "cost": cost})
        command = legal[choose(controls)]  # type: ignore[index]
        stage = state["stage"]
        if stage and stage["kind"] == "war" and command.kind == "play" and seat != state["turn"]["seat"]:
            off_turn += 1
        kinds[command.kind] += 1
        state = RULES.apply(state, command, rng).state
        n += 1
    return n, kinds, off_turn


@dataclass
class GameRun:
    """What happened in a browser game: the commands clicked, by kind and by player, and the moments seen."""

    commands: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    by_player: Counter[str] = field(default_factory=Counter)
    off_turn_plays: int = 0
    waiting_seen: list[tuple[str, list[str]]] = field(default_factory=list)
    stages_seen: list[str] = field(default_factory=list)
    battles_listed: int = 0
    seconds: float = 0.0


def create_table(alice, bob, site, *, mp_goal: int | None, seed: int | None) -> str:  # type: ignore[no-untyped-def]
    """Alice opens a 2-player exploration table through the form, Bob joins, Alice starts. Its id."""
    new_table_form(alice, site, "tng", 2)
    if mp_goal is not None:
        alice.locator("select[name=opt_mp_goal]").select_option(str(mp_goal))
    alice.locator("form button[type=submit]").last.click()
    alice.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_id = re.search(r"/tables/(\d+)/$", alice.url).group(1)  # type: ignore[union-attr]
    if seed is not None:
        site.manage("shell", "-c",
                    f"from games.models import Table; Table.objects.filter(pk={table_id}).update(seed={seed})")
    if mp_goal is not None:  # the goal this test's length is made for, whatever the form kept (see issue 11 note)
        code = (f"from games.models import Table; t = Table.objects.get(pk={table_id}); "
                f"t.options = {{**t.options, 'mp_goal': {mp_goal}}}; t.save(update_fields=['options'])")
        site.manage("shell", "-c", code)
    bob.goto(site.url + "/")
    bob.locator(f"#lobby-table-{table_id} form[action$='/join/'] button").click()
    bob.wait_for_url(re.compile(r"/tables/\d+/$"))
    alice.reload()
    alice.locator("form[hx-post$='/start/'] button").click()
    alice.wait_for_selector(".tng")
    bob.reload()
    bob.wait_for_selector(".tng")
    for page in (alice, bob):
        page.wait_for_function("() => document.body.dataset.ws === 'open'", timeout=LIVE_TIMEOUT)
    return table_id


def play_to_the_end(
    pages: dict[str, Any],
    shoot: Callable[[Any, str], Any],
    *,
    max_commands: int = 2000,
    every_turn_shots: int = 0,
) -> GameRun:
    """Click through the game until no page offers a decision and a result is shown."""
    run = GameRun()
    started = time.monotonic()
    names = list(pages)
    shot_names: set[str] = set()
    turns_ended = 0
    previous_stage: str | None = None

    def once(key: str, page, name: str) -> None:  # type: ignore[no-untyped-def]
        if key not in shot_names:
            shot_names.add(key)
            shoot(page, name)

    while run.commands < max_commands:
        seen = {n: pages[n].evaluate(SNAPSHOT) for n in names}
        newest = max(seen[n]["version"] for n in names)
        if any(seen[n]["version"] < newest for n in names):
            # A page behind the other (an automatic step pushed to one first): let it catch up, then look.
            for n in names:
                wait_version_above(pages[n], newest - 1, timeout=LIVE_TIMEOUT)
            seen = {n: pages[n].evaluate(SNAPSHOT) for n in names}
        acting = [n for n in names if seen[n]["controls"]]
        if not acting:
            # Nobody to act: the game is over (or a page has not caught up yet).
            pages[names[0]].wait_for_timeout(300)
            seen = {n: pages[n].evaluate(SNAPSHOT) for n in names}
            acting = [n for n in names if seen[n]["controls"]]
            if not acting:
                if all(seen[n]["result"] for n in names):
                    break
                raise AssertionError("nobody can act and there is no result")
        shown = {n: (seen[n]["version"], seen[n]["stage"], [c["kind"] for c in seen[n]["controls"]]) for n in names}
        # two-player exploration: one seat decides at a time (no step of the worker comes between)
        assert len(acting) == 1, shown
        me = acting[0]
        page = pages[me]
        mine = seen[me]
        others = [n for n in names if n != me]
        for other in others:
            # The others' pages say who the game waits on, by name, and offer nothing.
            assert seen[other]["waiting"] == [me], (other, seen[other]["waiting"])
        stage = mine["stage"]
        if stage and (not run.stages_seen or run.stages_seen[-1] != stage):
            run.stages_seen.append(stage)
        if previous_stage in ("war", "war_fire") and stage not in ("war", "war_fire"):
            for n in names:
                # Both pages say who hit whom (the hits, what the Shields stopped, who won the card).
                assert seen[n]["war_ended"], n
                once(f"after-war-{n}", pages[n], f"after-the-battle-{n}")
            run.battles_listed += 1
        previous_stage = stage
        controls = mine["controls"]
        index = choose(controls)
        assert index is not None, controls
        kind = controls[index]["kind"]
        if run.commands == 0:
            for n in names:
                shoot(pages[n], f"start-{n}")
        if stage in ("mission_bottom", "ship", "event", "war", "influence"):
            once(f"stage-{stage}", page, f"stage-{stage}-{me}")
        if stage == "war" and not mine["my_turn"]:
            for other in others:
                # The active player's board says whom the battle waits on.
                assert seen[other]["head_waiting"] == [me], seen[other]["head_waiting"]
                once("war-waiting", pages[other], f"stage-war-{other}-waits-for-{me}")
                run.waiting_seen.append((other, [me]))
            once("war-defender", page, f"stage-war-{me}-answers-off-turn")
            if kind == "play":
                run.off_turn_plays += 1
        button = page.locator("form.command:not(.undo) button[data-kind]").nth(index)
        assert button.is_visible()
        button.click()
        for n in names:
            wait_version_above(pages[n], seen[n]["version"], timeout=LIVE_TIMEOUT)
        run.commands += 1
        run.kinds[kind] += 1
        run.by_player[me] += 1
        if kind == "end_turn":
            turns_ended += 1
            if every_turn_shots and turns_ended % every_turn_shots == 0:
                shoot(page, f"turn-{turns_ended:03d}-{me}-ended")
    run.seconds = time.monotonic() - started
    return run


def check_table_readable(page) -> None:  # type: ignore[no-untyped-def]
    """What issue 4 asks the page to show: my hand with card texts, my play area, my ship with its status
    values, the market and missions, the Space Deck count and the log."""
    hand = page.locator(".tng-mine .tng-hand .tng-card")
    assert hand.count() >= 1
    assert page.locator(".tng-mine .tng-hand .tng-card .tc-text").count() >= 1  # readable texts
    assert page.locator(".tng-mine .tng-played").count() == 1
    ship = page.locator(".tng-mine .tng-ship")
    assert ship.locator(".ship-stats .st").count() == 5 and ship.locator(".ship-hull").count() == 1
    assert page.locator(".tng-search .tng-slot").count() == 9
    assert page.locator(".tng-basic .tng-pile").count() >= 1
    assert page.locator(".tng-missions").count() == 1
    assert re.search(r"\d+", page.locator(".tng-space-deck").inner_text())
    assert page.locator("#log-entries li").count() >= 1


def check_result(page, names: list[str]) -> None:  # type: ignore[no-untyped-def]
    final = page.locator(".tng-final")
    assert final.count() == 1
    rows = final.locator("tbody tr")
    assert rows.count() == len(names)
    assert final.locator("tr.winner").count() >= 1
    # The breakdown: a column per kind of card that scores, and the total.
    assert final.locator("thead th").count() >= 6
    text = final.inner_text().lower()
    for n in names:
        assert n in text
    assert page.locator("#frag-decision form.command").count() == 0
    assert page.locator("#frag-result:not(.empty)").count() == 1


def test_the_seed_still_brings_a_battle_with_an_off_turn_answer():
    """Without a browser: the policy on SEED's deal ends the game and meets a War answered off-turn (when an
    engine change moves it, ``bench/tng_browser_game.py --find-seeds 40 --goal 200`` lists new seeds)."""
    n, kinds, off_turn = engine_playout(SEED, 200)
    assert kinds["end_turn"] >= 10 and n < 400 and off_turn >= 1, (n, dict(kinds), off_turn)


def test_a_whole_two_player_game_in_two_browsers(browser, browser_site, shots):
    site = browser_site
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    alice = login(contexts[0], site, "alice")
    bob = login(contexts[1], site, "bob")
    create_table(alice, bob, site, mp_goal=200, seed=SEED)
    pages = {"alice": alice, "bob": bob}
    for page in pages.values():
        check_table_readable(page)
        assert page.locator(".tng-goal").inner_text().count("200") == 1
    run = play_to_the_end(pages, shots)
    for name, page in pages.items():
        shots(page, f"result-{name}")
        check_result(page, list(pages))
    print(f"\n{run.commands} commands in {run.seconds:.1f} s; {dict(run.kinds)}; stages {run.stages_seen}")
    assert run.kinds["end_turn"] >= 10 and run.kinds["explore"] >= 5
    assert "war" in run.stages_seen and run.off_turn_plays >= 1  # the defender played from their own page
    assert run.battles_listed >= 1
    for c in contexts:
        c.close()
