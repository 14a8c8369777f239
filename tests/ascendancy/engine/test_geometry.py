"""The galaxy as geometry (issue 14): placing lanes and discs, connections, swinging, abandoned lanes, destroyed
systems, the sector graph and physical distance (ascendancy:R31-R33, R45, R48, R49, R54-R62, R252)."""

from __future__ import annotations

import json
import math

import pytest

from games.ascendancy.engine.galaxy import CODES, Galaxy, LaneOption, lane_sector, sys_sector
from games.ascendancy.engine.geometry import (
    CLEARANCE,
    DIRECTIONS,
    DISC_RADIUS,
    SECTOR_LENGTH,
    UNIT,
    Table,
    home_positions,
    suggested_table,
)
from games.engine.core import IllegalCommand, Rng

R, S = DISC_RADIUS, SECTOR_LENGTH
RIGHT, DOWN, LEFT, UP = 0, 6, 12, 18  # directions: x to the right, y downwards


def refused(fn, code: str, *args, **kw) -> IllegalCommand:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalCommand) as exc:
        fn(*args, **kw)
    assert exc.value.code == code
    assert exc.value.rule == CODES[code]
    return exc.value


def home_at(x: float, y: float, size: float = 90.0, max_lanes: int = 4) -> Galaxy:
    return Galaxy(Table(size, size)).with_system("home", (x, y), max_lanes, home=True)


def grow(g: Galaxy, src: str, direction: int, length: int, sid: str, max_lanes: int = 3) -> tuple[Galaxy, str]:
    g, lid = g.place_lane(src, direction, length)
    return g.place_system(lid, sid, max_lanes), lid


def three_homes() -> Galaxy:
    table = suggested_table(3)
    g = Galaxy(table)
    for i, p in enumerate(home_positions(3, table)):
        g = g.with_system(f"h{i}", p, 4, home=True)
    return g


# --- an independent check of the map rules, not sharing the module's shape tests ----------------------------


def cross(o, a, b) -> float:  # type: ignore[no-untyped-def]
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def drawn(g: Galaxy, lid: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The lane from the edge of its first disc to the edge of its second (or its open end), recomputed here."""
    ln = g.lanes[lid]
    ax, ay = g.systems[ln.a].x, g.systems[ln.a].y
    bx, by = (g.systems[ln.b].x, g.systems[ln.b].y) if ln.b else ln.end  # type: ignore[misc]
    d = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / d, (by - ay) / d
    start = (ax + ux * R, ay + uy * R)
    return (start, (bx - ux * R, by - uy * R)) if ln.b else (start, (bx, by))


def off_segment(x: float, y: float, p, q) -> float:  # type: ignore[no-untyped-def]
    """How far (x, y) is from segment pq: the foot of the perpendicular, clamped to the segment."""
    vx, vy = q[0] - p[0], q[1] - p[1]
    t = max(0.0, min(1.0, ((x - p[0]) * vx + (y - p[1]) * vy) / (vx * vx + vy * vy)))
    return math.hypot(x - (p[0] + t * vx), y - (p[1] + t * vy))


def map_breaks(g: Galaxy) -> list[str]:
    """Discs that touch or leave the table, lanes that cross or run over a disc (R61, R55, R57)."""
    out = []
    discs = sorted(g.systems.values(), key=lambda s: s.id)
    for i, s in enumerate(discs):
        if not (R <= s.x <= g.table.width - R and R <= s.y <= g.table.height - R):
            out.append(f"{s.id} off the table")
        out += [f"{s.id} touches {t.id}" for t in discs[i + 1:] if math.hypot(s.x - t.x, s.y - t.y) <= 2 * R]
    lanes = sorted(g.lanes)
    for i, lid in enumerate(lanes):
        p, q = drawn(g, lid)
        if not (0 <= q[0] <= g.table.width and 0 <= q[1] <= g.table.height):
            out.append(f"{lid} off the table")
        for s in discs:  # the lane stays off every disc but its own ends
            if s.id not in (g.lanes[lid].a, g.lanes[lid].b) and off_segment(s.x, s.y, p, q) <= R:
                out.append(f"{lid} runs over {s.id}")
        for other in lanes[i + 1:]:
            a, b = drawn(g, other)
            if cross(p, q, a) * cross(p, q, b) < 0 and cross(a, b, p) * cross(a, b, q) < 0:
                out.append(f"{lid} crosses {other}")
    return sorted(set(out))


# --- R31, R54, R55: new lanes --------------------------------------------------------------------------------


@pytest.mark.rules("ascendancy:R31")
def test_a_lane_has_2_to_4_sectors_each_a_sector_length_long_and_a_disc_is_one_sector() -> None:
    g = home_at(45, 45)
    for bad in (1, 5):
        refused(g.place_lane, "bad_lane_length", "home", RIGHT, bad)
    for length in (2, 3, 4):
        g2, lid = g.place_lane("home", RIGHT, length)
        p, q = g2.segment(lid)
        assert q[0] - p[0] == pytest.approx(length * S) and p[0] == pytest.approx(45 + R)
        assert [s for s in g2.sectors() if s.startswith("L:")] == [lane_sector(lid, k) for k in range(1, length + 1)]
        g3 = g2.place_system(lid, "x", 3)
        assert g3.systems["x"].x == pytest.approx(45 + 2 * R + length * S)
        assert g3.sector_distance(sys_sector("home"), sys_sector("x")) == length + 1


@pytest.mark.rules("ascendancy:R54")
def test_every_attached_lane_counts_against_the_disc_limit_even_an_open_one() -> None:
    g = home_at(45, 45, max_lanes=2)
    g, _ = g.place_lane("home", RIGHT, 2)
    g, _ = grow(g, "home", LEFT, 2, "w")
    assert g.free_lane_slots("home") == 0
    refused(g.place_lane, "lane_limit_reached", "home", DOWN, 2)
    assert g.lane_options("home", 2) == []


@pytest.mark.rules("ascendancy:R55")
def test_only_lanes_that_fit_are_offered_and_the_others_are_refused() -> None:
    g = home_at(45, 10)  # 6.5 cm from the top edge: nothing fits upwards
    options = {o.direction for o in g.lane_options("home", 4)}
    assert UP not in options and DOWN in options
    refused(g.place_lane, "lane_off_table", "home", UP, 4)
    for d in range(DIRECTIONS):
        if d in options:
            g.place_lane("home", d, 4)
        else:
            with pytest.raises(IllegalCommand):
                g.place_lane("home", d, 4)


@pytest.mark.rules("ascendancy:R55", "ascendancy:R61")
def test_a_lane_cannot_cross_another_lane_or_run_over_a_disc() -> None:
    g = home_at(45, 45).with_system("rock", (60, 45), 3)
    refused(g.place_lane, "lane_blocked", "home", RIGHT, 4)  # from x = 48.5 to 64.5: over the rock
    g2 = Galaxy(Table(90, 90)).with_system("a", (45, 20), 4)
    g2, _ = g2.place_lane("a", DOWN, 4)  # x = 45, from y = 23.5 to 39.5
    g2 = g2.with_system("c", (30, 32), 4)
    refused(g2.place_lane, "lane_blocked", "c", RIGHT, 4)  # y = 32, from x = 33.5 to 49.5: crosses it
    assert RIGHT not in {o.direction for o in g2.lane_options("c", 4)}
    assert RIGHT in {o.direction for o in g2.lane_options("c", 2)}  # 8 cm long, it stops short of x = 45


@pytest.mark.rules("ascendancy:R55")
def test_two_lanes_leaving_one_disc_need_room_on_its_edge() -> None:
    g = home_at(45, 45)
    g, _ = g.place_lane("home", RIGHT, 3)
    assert [o.direction for o in g.lane_options("home", 3) if o.direction in (23, 0, 1, 2, 22)] == [2, 22]
    refused(g.place_lane, "lane_blocked", "home", 1, 3)


# --- R57: new discs ------------------------------------------------------------------------------------------


@pytest.mark.rules("ascendancy:R57")
def test_a_new_disc_may_not_touch_a_disc_or_a_lane_and_must_stay_on_the_table() -> None:
    g = home_at(45, 45)
    g = g.with_system("rock", (45 + 2 * R + 4 * S + 2 * R + CLEARANCE / 2, 45), 3)  # just too near the end
    g, lid = g.place_lane("home", RIGHT, 4)
    assert g.disc_problem(lid) == "system_blocked"
    refused(g.place_system, "system_blocked", lid, "new", 3)
    g4 = home_at(45, 45).with_system("post", (45 + 2 * R + 4 * S, 22), 3)  # above where the disc would go
    g4, _ = g4.place_lane("post", DOWN, 4)  # its open end stops 3.5 cm from that disc's centre
    assert next(o for o in g4.lane_options("home", 4) if o.direction == RIGHT) == LaneOption(RIGHT, False)
    g4, lid4 = g4.place_lane("home", RIGHT, 4)
    refused(g4.place_system, "system_blocked", lid4, "new", 3)
    g2 = home_at(45, 45)
    g2 = g2.with_system("rock", (45 + 2 * R + 4 * S + 2 * R + CLEARANCE + 0.01, 45), 3)
    assert next(o for o in g2.lane_options("home", 4) if o.direction == RIGHT).disc_fits
    g3, lid3 = home_at(45, 12).place_lane("home", UP, 2)  # the lane fits, its disc would leave the table
    assert g3.disc_problem(lid3) == "system_off_table"
    assert not next(o for o in home_at(45, 12).lane_options("home", 2) if o.direction == UP).disc_fits


@pytest.mark.rules("ascendancy:R57")
def test_placements_are_exactly_the_directions_where_lane_and_disc_both_fit() -> None:
    g = three_homes()
    g, _ = grow(g, "h0", 20, 3, "a")
    g, _ = grow(g, "a", 16, 2, "b")
    for src in ("h0", "a", "b"):
        for length in (2, 3, 4):
            ok = set(g.placements(src, length))
            for d in range(DIRECTIONS):
                try:
                    g2, lid = g.place_lane(src, d, length)
                    g2.place_system(lid, "probe", 3)
                    assert d in ok
                except IllegalCommand:
                    assert d not in ok


# --- R56: abandoned lanes ------------------------------------------------------------------------------------


@pytest.mark.rules("ascendancy:R56")
def test_an_open_lane_with_no_ship_is_removed_and_a_joined_lane_never_is() -> None:
    g = home_at(45, 45)
    g, open1 = g.place_lane("home", RIGHT, 2)
    g, open2 = g.place_lane("home", LEFT, 3)
    g, joined = grow(g, "home", DOWN, 2, "south")
    assert g.abandoned(occupied={open2}) == [open1]
    assert g.abandoned() == [open1, open2]
    g2 = g.remove_lanes(g.abandoned(occupied={open2}))
    assert set(g2.lanes) == {open2, joined} and g2.free_lane_slots("home") == 2
    refused(g.remove_lanes, "lane_not_abandoned", [joined])


# --- R58, R59: Fixed and Floating ----------------------------------------------------------------------------


@pytest.mark.rules("ascendancy:R58")
def test_fixed_floating_and_unanchored_discs() -> None:
    g = home_at(45, 45)
    g, _ = grow(g, "home", RIGHT, 2, "a")
    assert (g.kind("home"), g.kind("a"), g.anchor("a")) == ("fixed", "floating", "home")
    g, _ = grow(g, "a", RIGHT, 2, "b")
    assert (g.kind("a"), g.kind("b"), g.anchor("b")) == ("fixed", "floating", "a")
    g2, _ = g.destroy_system("b")
    assert g2.kind("a") == "fixed"  # once joined to two systems, never movable again
    # A6: two discs joined only to each other, neither Fixed: neither is Floating
    g3 = Galaxy(Table(90, 90)).with_system("x", (20, 45), 3).with_system("y", (40, 45), 3)
    g3, _ = g3.connect("x", "y", 4, from_any=True)
    assert (g3.kind("x"), g3.kind("y")) == ("unanchored", "unanchored")
    assert g3.swing_options("x") == []
    refused(g3.swing, "system_not_floating", "x", DOWN)


@pytest.mark.rules("ascendancy:R58", "ascendancy:R59")
@pytest.mark.scenarios("ascendancy:S25")
def test_a_floating_disc_swings_around_its_anchor_with_its_open_lanes() -> None:
    """Digest scenario 25."""
    g = home_at(45, 45)
    g, anchor_lane = grow(g, "home", RIGHT, 3, "f")
    g, open_lane = g.place_lane("f", RIGHT, 2)
    before_end = g.lanes[open_lane].end
    options = g.swing_options("f")
    assert RIGHT not in options and DOWN in options
    g2 = g.swing("f", DOWN)
    f = g2.systems["f"]
    assert (f.x, f.y) == pytest.approx((45, 45 + 2 * R + 3 * S))
    assert g2.lanes[open_lane].end == pytest.approx((45, before_end[1] + (before_end[0] - 45)))  # type: ignore[index]
    assert g2.segment(anchor_lane)[1] == pytest.approx((45, 45 + R + 3 * S))
    for d in options:
        assert map_breaks(g.swing("f", d)) == []
    refused(g.swing, "swing_same_place", "f", RIGHT)
    refused(g.swing, "home_system_fixed", "home", DOWN)
    g3, _ = grow(g2, "f", 3, 2, "g")  # f now joins two systems (its open lane points DOWN)
    refused(g3.swing, "system_not_floating", "f", LEFT)


@pytest.mark.rules("ascendancy:R59")
def test_a_swing_never_leaves_the_table_nor_lands_on_a_piece() -> None:
    g = home_at(45, 10)
    g, _ = grow(g, "home", DOWN, 2, "f")
    assert UP not in g.swing_options("f")
    refused(g.swing, "swing_off_table", "f", UP)
    g = g.with_system("rock", (45 + 2 * R + 2 * S, 10), 3)
    refused(g.swing, "swing_blocked", "f", RIGHT)


# --- R60: connections ----------------------------------------------------------------------------------------


@pytest.mark.rules("ascendancy:R60")
def test_a_connection_needs_a_floating_start_and_a_lane_long_enough_for_the_gap() -> None:
    """Digest scenario 26: a rolled lane too short to bridge the gap joins nothing."""
    g = home_at(20, 45)
    g, _ = grow(g, "home", RIGHT, 2, "f")  # f at x = 35
    g = g.with_system("z", (35 + 2 * R + 3 * S, 45 + 0.0), 3).with_system("far", (35, 80), 3)
    assert g.gap("f", "z") == pytest.approx(3 * S)
    assert g.connection_problem("f", "z", 2) == "lane_too_short"
    refused(g.connect, "lane_too_short", "f", "z", 2)
    refused(g.connect, "connection_needs_floating", "home", "far", 4)
    g2, lid = g.connect("f", "z", 3)
    assert g2.lanes[lid].length == 3 and g2.linked("f") == ["home", "z"]
    assert g2.kind("f") == "fixed" and g2.connected("home", "z")
    refused(g2.connect, "already_adjacent", "z", "f", 4, from_any=True)
    g3, longer = g.connect("f", "z", 4)  # longer than the gap: it still joins them, with its 4 sectors
    points = [g3.sector_point(lane_sector(longer, k)) for k in (1, 2, 3, 4)]
    assert [round(b[0] - a[0], 6) for a, b in zip(points, points[1:], strict=False)] == [3 * S / 4] * 3
    assert g3.sector_distance("S:f", "S:z") == 5


@pytest.mark.rules("ascendancy:R59", "ascendancy:R60")
def test_a_floating_disc_may_swing_first_to_make_a_connection() -> None:
    g = home_at(20, 45)
    g, _ = grow(g, "home", RIGHT, 2, "f")  # f at (35, 45), 15 cm from home
    g = g.with_system("z", (20, 45 + 15 + 2 * R + 2 * S), 3)  # below the point f reaches by swinging DOWN
    assert g.connection_problem("f", "z", 2) == "lane_too_short"
    ways = g.connection_swings("f", "z", 2)
    assert DOWN in ways
    g2 = g.swing("f", DOWN)
    g2, _ = g2.connect("f", "z", 2)
    assert g2.connected("home", "z") and map_breaks(g2) == []


@pytest.mark.rules("ascendancy:R60", "ascendancy:R61")
def test_a_connection_may_not_cross_a_lane() -> None:
    g = home_at(20, 45)
    g, _ = grow(g, "home", RIGHT, 4, "f")  # f at (43, 45)
    g = g.with_system("z", (43, 45 + 2 * R + 4 * S), 3)  # a 4-sector lane would just bridge the gap
    assert g.connection_problem("f", "z", 4) is None
    g = g.with_system("w1", (35, 56), 4).with_system("w2", (52, 56), 4)
    g, _ = g.connect("w1", "w2", 3, from_any=True)  # a lane across the way down from f
    assert g.connection_problem("f", "z", 4) == "connection_blocked"
    refused(g.connect, "connection_blocked", "f", "z", 4)


# --- R62: destroyed systems ----------------------------------------------------------------------------------


@pytest.mark.rules("ascendancy:R62")
def test_a_destroyed_system_goes_with_all_its_lanes() -> None:
    g = home_at(45, 45)
    g, l1 = grow(g, "home", RIGHT, 2, "a")
    g, l2 = grow(g, "a", RIGHT, 2, "b")
    g, l3 = g.place_lane("a", DOWN, 2)
    g2, removed = g.destroy_system("a")
    assert removed == [l1, l2, l3] and "a" not in g2.systems and set(g2.lanes) == set()
    assert not g2.connected("home", "b") and g2.free_lane_slots("home") == 4
    assert map_breaks(g2) == [] and g2.violations() == []


# --- R32, R33, R45, R48, R49: the graph ----------------------------------------------------------------------


def line() -> tuple[Galaxy, str, str, str]:
    """home -(2)- a -(3)- b, and an open 2-sector lane from b."""
    g = home_at(15, 45)
    g, l1 = grow(g, "home", RIGHT, 2, "a")
    g, l2 = grow(g, "a", RIGHT, 3, "b")
    g, l3 = g.place_lane("b", RIGHT, 2)
    return g, l1, l2, l3


@pytest.mark.rules("ascendancy:R32", "ascendancy:R33")
def test_adjacent_sectors_adjacent_systems_and_connected_systems() -> None:
    g, l1, l2, l3 = line()
    assert g.adjacent("S:a", "S:a")
    assert g.step_neighbours("S:a") == sorted([lane_sector(l1, 2), lane_sector(l2, 1)])
    assert g.adjacent(lane_sector(l2, 3), "S:b") and not g.adjacent("S:a", "S:b")
    assert g.linked("a") == ["b", "home"] and g.linked("home") == ["a"]
    assert g.connected("home", "b")
    g = g.with_system("alone", (80, 80), 3)
    assert not g.connected("home", "alone")
    assert g.step_neighbours(lane_sector(l3, 2)) == [lane_sector(l3, 1)]  # an open lane's end leads nowhere


@pytest.mark.rules("ascendancy:R45", "ascendancy:R31")
def test_impulse_reaches_two_sectors_so_a_system_beyond_a_lane_is_three_away() -> None:
    g, l1, l2, _ = line()
    reach = g.impulse_reach("S:home")
    assert reach == {"S:home": 0, lane_sector(l1, 1): 1, lane_sector(l1, 2): 2}
    assert g.impulse_reach(lane_sector(l1, 2)) == {
        lane_sector(l1, 2): 0, lane_sector(l1, 1): 1, "S:a": 1, "S:home": 2, lane_sector(l2, 1): 2,
    }
    assert g.sector_distance("S:home", "S:b") == 7
    assert g.shortest_path("S:home", "S:a") == [lane_sector(l1, 1), lane_sector(l1, 2), "S:a"]


@pytest.mark.rules("ascendancy:R48")
def test_warp_counts_systems_not_sectors_and_not_the_origin() -> None:
    g, l1, l2, l3 = line()
    reach = g.warp_reach("S:home", 1)
    assert reach["S:a"] == 1 and "S:b" not in reach
    assert all(reach[lane_sector(l2, k)] == 1 for k in (1, 2, 3))  # it may stop anywhere in the lane after a
    assert g.warp_reach("S:home", 2)["S:b"] == 2 and g.warp_reach("S:home", 2)[lane_sector(l3, 2)] == 2
    from_lane = g.warp_reach(lane_sector(l2, 2), 1)  # entered warp from a lane: both its ends are 1 away
    assert from_lane["S:a"] == 1 and from_lane["S:b"] == 1 and "S:home" not in from_lane
    assert g.warp_path("S:home", "S:b") == g.shortest_path("S:home", "S:b")


@pytest.mark.rules("ascendancy:R49")
def test_a_blocked_sector_cannot_be_entered_or_passed_through() -> None:
    g, l1, l2, _ = line()
    block = {lane_sector(l2, 2)}
    assert g.sector_distance("S:home", "S:b", blocked=block) is None
    assert g.shortest_path("S:home", "S:b", blocked=block) is None
    assert "S:b" not in g.warp_reach("S:home", 5, blocked=block)
    assert g.warp_reach("S:home", 5, blocked=block)[lane_sector(l2, 1)] == 1


@pytest.mark.rules("ascendancy:R49")
def test_a_blocked_path_takes_the_way_round_when_there_is_one() -> None:
    g = home_at(20, 45)
    g, _ = grow(g, "home", RIGHT, 2, "a")  # a at (35, 45)
    g, _ = grow(g, "home", DOWN, 2, "b")  # b at (20, 60)
    g, _ = grow(g, "a", DOWN, 2, "c")  # c at (35, 60)
    g, bc = g.connect("b", "c", 2, from_any=True)
    direct = g.shortest_path("S:home", "S:c")
    assert direct is not None and len(direct) == 6
    round_path = g.shortest_path("S:home", "S:c", blocked={"S:a"})
    assert round_path is not None and "S:b" in round_path and lane_sector(bc, 1) in round_path


# --- R72, R252: physically closest ---------------------------------------------------------------------------


@pytest.mark.rules("ascendancy:R72", "ascendancy:R252")
def test_physically_closest_is_measured_on_the_table_not_along_lanes() -> None:
    g = home_at(20, 20)
    g, l1 = grow(g, "home", RIGHT, 4, "east")  # east at (43, 20)
    g = g.with_system("near_unlinked", (20, 45), 3)
    order = g.closest("S:home", ["S:east", "S:near_unlinked", lane_sector(l1, 4)])
    assert order == [lane_sector(l1, 4), "S:east", "S:near_unlinked"]  # 17.5, 23 and 25 cm away
    assert g.physical_distance("S:home", "S:near_unlinked") == pytest.approx(25)
    assert g.physical_distance("S:home", "S:east") == pytest.approx(23)
    assert g.closest("S:home", ["S:near_unlinked", "S:east"]) == ["S:east", "S:near_unlinked"]
    assert g.sector_point(lane_sector(l1, 1)) == pytest.approx((20 + R + S / 2, 20))
    assert g.direction_towards("home", "S:near_unlinked") == DOWN


# --- R61: random galaxies built by legal steps ---------------------------------------------------------------


def random_galaxy(seed: int, players: int, steps: int, check: bool = True) -> tuple[Galaxy, list[str]]:
    """Build a galaxy by random legal steps: lanes, discs, open lanes left behind, swings, connections,
    abandoned lanes removed, the odd destroyed system. Returns it with the broken rules met on the way."""
    rng = Rng.from_seed(seed)
    table = suggested_table(players)
    g = Galaxy(table)
    for i, p in enumerate(home_positions(players, table)):
        g = g.with_system(f"h{i}", p, 4, home=True)
    problems: list[str] = []
    n = 0
    for _ in range(steps):
        roll = rng.below(20)
        if roll < 12:
            sources = sorted(s for s in g.systems if g.free_lane_slots(s) > 0)
            if not sources:
                continue
            src, length = rng.choice(sources), rng.choice((2, 3, 4))
            options = g.lane_options(src, length)
            if not options:
                continue
            opt = rng.choice(options)
            g, lid = g.place_lane(src, opt.direction, length)
            if opt.disc_fits and rng.below(5):
                n += 1
                g = g.place_system(lid, f"s{n}", 2 + rng.below(4))
        elif roll < 15:
            floating = sorted(s for s in g.systems if g.kind(s) == "floating")
            if floating:
                sid = rng.choice(floating)
                ways = g.swing_options(sid)
                if ways:
                    g = g.swing(sid, rng.choice(ways))
        elif roll < 18:
            floating = sorted(s for s in g.systems if g.kind(s) == "floating")
            if floating:
                src = rng.choice(floating)
                for dst in sorted(g.systems):
                    length = rng.choice((2, 3, 4))
                    if g.connection_problem(src, dst, length) is None:
                        g, _ = g.connect(src, dst, length)
                        break
        elif roll < 19:
            g = g.remove_lanes(g.abandoned())
        else:
            others = sorted(s for s in g.systems if not g.systems[s].home)
            if others:
                g, _ = g.destroy_system(rng.choice(others))
        if not check:
            continue
        problems += g.violations() + map_breaks(g)
        for s in g.systems:
            assert g.kind(s) != "floating" or g.anchor(s) in g.systems
    return g, problems


@pytest.mark.rules("ascendancy:R61", "ascendancy:R55", "ascendancy:R57", "ascendancy:R59", "ascendancy:R60")
@pytest.mark.parametrize("seed", range(6))
def test_random_galaxies_built_by_legal_steps_never_cross_lanes_nor_touch_discs(seed: int) -> None:
    players = 3 + seed % 5
    g, problems = random_galaxy(seed, players, 160)
    assert problems == []
    assert len(g.systems) >= players + 12
    assert any(len(g.linked(s)) >= 2 for s in g.systems)


@pytest.mark.rules("ascendancy:R58")
def test_in_random_galaxies_floating_discs_hang_off_one_fixed_system() -> None:
    g, _ = random_galaxy(11, 4, 120, check=False)
    floating = [s for s in g.systems if g.kind(s) == "floating"]
    assert floating
    for s in floating:
        assert len(g.linked(s)) == 1 and g.kind(g.linked(s)[0]) == "fixed" and not g.systems[s].home
    for s in g.systems:
        if len(g.linked(s)) >= 2 or g.systems[s].home:
            assert g.kind(s) == "fixed" and g.swing_options(s) == []


# --- the state: JSON and determinism -------------------------------------------------------------------------


@pytest.mark.rules("ascendancy:R61")
def test_a_galaxy_survives_json_and_the_same_seed_builds_the_same_galaxy() -> None:
    g, _ = random_galaxy(3, 5, 120, check=False)
    text = json.dumps(g.dump())
    back = Galaxy.load(json.loads(text))
    assert back.dump() == g.dump()
    assert back.lane_options("h0", 3) == g.lane_options("h0", 3)
    assert json.dumps(random_galaxy(3, 5, 120, check=False)[0].dump()) == text
    assert json.dumps(random_galaxy(4, 5, 120, check=False)[0].dump()) != text
    view = g.view()
    assert {s["id"] for s in view["systems"]} == set(g.systems)
    assert all(len(ln["sectors"]) == ln["length"] for ln in view["lanes"])


def test_the_direction_set_is_24_unit_vectors_15_degrees_apart() -> None:
    assert len(UNIT) == DIRECTIONS == 24
    for d, (x, y) in enumerate(UNIT):
        assert math.hypot(x, y) == pytest.approx(1, abs=1e-15)
        assert math.atan2(y, x) % (2 * math.pi) == pytest.approx(d * math.pi / 12, abs=1e-12)


@pytest.mark.rules("ascendancy:R61")
def test_home_systems_start_equidistant_on_every_suggested_table() -> None:
    for players in range(3, 8):
        table = suggested_table(players)
        homes = home_positions(players, table)
        centre = table.centre
        radii = {round(math.dist(h, centre), 2) for h in homes}
        gaps = {round(math.dist(homes[i], homes[(i + 1) % players]), 2) for i in range(players)}
        assert len(radii) == 1 and len(gaps) == 1
        assert min(min(h[0], h[1], table.width - h[0], table.height - h[1]) for h in homes) >= 15 + R - 0.01


@pytest.mark.rules("ascendancy:R61", "ascendancy:R54")
def test_the_invariant_check_names_touching_discs_crossing_lanes_and_overfull_discs() -> None:
    from games.ascendancy.engine.galaxy import Lane, System

    systems = {
        "a": System("a", 10, 45, 1), "b": System("b", 60, 45, 3), "c": System("c", 35, 20, 3),
        "d": System("d", 35, 70, 3), "e": System("e", 35 + 2 * R, 20, 3),
    }
    lanes = {"l1": Lane("l1", "a", "b", 4), "l2": Lane("l2", "c", "d", 4), "l3": Lane("l3", "a", None, 2, (10, 30))}
    found = Galaxy(Table(90, 90), systems, lanes).violations()
    assert "discs c and e touch" in found
    assert "lanes l1 and l2 cross or touch" in found
    assert "disc a has more than 1 lanes" in found
    assert "lane l1 is too short for its gap" in found
    assert Galaxy(Table(90, 90), systems, {"l9": Lane("l9", "a", "gone", 2)}).violations() == [
        "lane l9 ends at a missing system"
    ]


@pytest.mark.rules("ascendancy:R54", "ascendancy:R60")
def test_a_connection_needs_a_free_lane_connection_at_both_ends() -> None:
    g = home_at(20, 45)
    g, _ = grow(g, "home", RIGHT, 2, "f")
    g = g.with_system("full", (35, 45 + 2 * R + 2 * S), 1)  # a 2-sector lane would bridge the gap
    g, _ = g.place_lane("full", DOWN, 2)  # its one lane connection is used by an open lane
    assert g.free_lane_slots("full") == 0
    refused(g.connect, "lane_limit_reached", "f", "full", 2)


@pytest.mark.rules("ascendancy:R58")
def test_the_fixed_status_survives_json_and_a_pinned_disc_is_fixed_from_the_start() -> None:
    g = home_at(45, 45)
    g, _ = grow(g, "home", RIGHT, 2, "a")
    g, _ = grow(g, "a", RIGHT, 2, "b")
    g, _ = g.destroy_system("b")
    back = Galaxy.load(json.loads(json.dumps(g.dump())))
    assert back.kind("a") == "fixed" and back.swing_options("a") == []
    hub = Galaxy(Table(90, 90)).with_system("hub", (45, 45), 6, fixed=True).with_system("lost", (10, 10), 3)
    assert (hub.kind("hub"), hub.kind("lost")) == ("fixed", "unanchored")


def test_unknown_pieces_are_refused_without_a_rule() -> None:
    g, *_ = line()
    for call, code in (
        (lambda: g.place_lane("nowhere", RIGHT, 2), "unknown_system"),
        (lambda: g.remove_lanes(["l99"]), "unknown_lane"),
        (lambda: g.distances("L:l1:9"), "unknown_sector"),
        (lambda: g.sector_point("Z:x"), "unknown_sector"),
        (lambda: g.place_system("l1", "bad:id", 3), "bad_system_id"),
    ):
        with pytest.raises(IllegalCommand) as exc:
            call()
        assert (exc.value.code, exc.value.rule) == (code, "")


@pytest.mark.rules("ascendancy:R248")
def test_a_hub_conduit_link_counts_as_one_system_for_warp_but_joins_nothing_at_impulse() -> None:
    g = home_at(15, 15)
    g, l1 = grow(g, "home", RIGHT, 2, "hub")  # hub at (30, 15)
    g = g.with_system("conduit", (75, 75), 3)
    g, l2 = grow(g, "conduit", LEFT, 2, "beyond")  # beyond at (60, 75)
    g = g.with_warp_link("hub", "conduit")
    assert g.warp_reach("S:home", 2)["S:conduit"] == 2 and "S:beyond" not in g.warp_reach("S:home", 2)
    assert g.warp_path("S:home", "S:beyond") == [
        lane_sector(l1, 1), lane_sector(l1, 2), "S:hub", "S:conduit", lane_sector(l2, 1), lane_sector(l2, 2), "S:beyond",
    ]
    assert g.impulse_reach("S:hub", 5).keys().isdisjoint({"S:conduit", "S:beyond"})
    assert g.sector_distance("S:hub", "S:conduit") is None and g.sector_distance("S:hub", "S:conduit", warp_links=True) == 1
    assert not g.adjacent("S:hub", "S:conduit") and not g.connected("hub", "conduit")
    assert g.kind("conduit") == "unanchored" and g.kind("hub") == "floating"
    back = Galaxy.load(json.loads(json.dumps(g.dump())))
    assert back.warp_links == {("conduit", "hub")}
    assert g.destroy_system("hub")[0].warp_links == frozenset()
