"""Random games for 3 to 6 players (bsg:R200 the flow as a whole): invariants after every command, no
seat ever seeing a secret it should not (R401, 6.1), replay from the seed, apply never mutating its input."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from games.bsg.engine import cylon_fleet, reckless
from games.bsg.engine.commands import interrupts
from games.bsg.engine.content import SKILLS
from games.bsg.engine.options import loyalty_kinds, modules, objective
from games.bsg.engine.rules import RULES, BsgRules
from games.bsg.engine.setup import PEGASUS_REMOVES, title_holder
from games.bsg.engine.state import CONTENT, skill_types, table_sets
from games.engine.core import Command, Event, Rng
from games.engine.core.testing import play_random
from games.engine.core.types import Outcome
from tests.support.engine import assert_replays, new_state, strings, walk_checking_apply

ALL_SKILLS = sorted(f"{cid}.{strength}.{k}" for skill in SKILLS
                    for k, (cid, strength) in enumerate(CONTENT.skill_deck(skill)))


def all_skills(state: dict[str, Any]) -> list[str]:
    """Every Skill card of the table: its sets' decks (with Pegasus, Treachery and no Investigative Committee)."""
    sets = table_sets(state)
    removed = PEGASUS_REMOVES if "pegasus" in sets else ()
    return sorted(f"{cid}.{strength}.{k}" for skill in skill_types(state)
                  for k, (cid, strength) in enumerate(CONTENT.skill_deck(skill, sets)) if cid not in removed)


def skill_cards(state: dict[str, Any]) -> list[str]:
    """Every Skill card where it lies now (the decks and discards, Destiny, hands, readied, a check's), sorted:
    the same list after every command as at setup."""
    d = state["decks"]
    skills = [c for pile in d["skill"].values() for c in pile] + [c for pile in d["skill_discard"].values() for c in pile]
    skills += d["destiny"] + [c for p in state["players"] for c in p["hand"]] + [r["card"] for r in state["readied"]]
    if state["check"] is not None:
        skills += state["check"]["destiny"] + [c for cards in state["check"]["played"].values() for c in cards]
        revealed = state["check"].get("revealed", [])
        # Daybreak's Reckless card (R507): face up in the check, then revealed with the others
        skills += revealed + [c for c in reckless.cards_in(state["check"]) if c not in revealed]
    return sorted(skills)


PEGASUS_LOCATIONS = {loc.id for loc in CONTENT.locations.values() if loc.ship == "pegasus"}
ALL_LOYALTY = sorted(f"{c}.{k}" for side in ("cylon", "human", "sympathizer")
                     for k, c in enumerate(CONTENT.loyalty_cards(side)))


def secrets_from(state: dict[str, Any], seat: int | None) -> set[str]:
    """Every card id ``seat`` may not see now: other hands, loyalty and Quorum cards, every draw pile (the Quorum
    deck too), the Destiny cards and the other seats' check contributions, the Destinations the Admiral holds."""
    out: set[str] = set()
    d = state["decks"]
    for pile in d["skill"].values():
        out |= set(pile)
    out |= set(d["destiny"]) | set(d["loyalty"]) | set(d["loyalty_box"]) | set(d.get("pegasus_damage", []))
    known = set(state["known"].get(str(seat), [])) if seat is not None else set()
    # Quorum cards have several copies: an id this seat sees elsewhere (discarded, removed, attached, in its own
    # hand) is no secret
    quorum_public = set(d["quorum_discard"]) | set(d["quorum_removed"]) | {e["card"] for e in state["attached"]}
    quorum_public |= {c for p in state["players"] if p["seat"] == seat for c in p["quorum"]}
    out |= set(d["quorum"]) - quorum_public
    for p in state["players"]:
        if p["seat"] != seat:
            out |= set(p["hand"]) | (set(p["loyalty"]) - known) | (set(p["quorum"]) - quorum_public)
    check = state["check"]
    if check is not None:
        out |= set(check["destiny"])
        for s, cards in check["played"].items():
            if int(s) != seat and not check.get("open"):  # Investigative Committee turns them face up
                out |= set(cards)
    prompt = state["prompt"]
    if prompt is not None and prompt["kind"] == "take_skill" and seat == prompt["seat"]:
        out -= set(prompt["cards"])  # the Human Fleet: the Cylon looks at that hand (R311)
    elif prompt is not None and "cards" in prompt and prompt["seat"] != seat:
        # destinations and crises have several copies: an id already face up elsewhere is no secret
        public = set(state["destinations"]) | set(d["destination_discard"]) | set(d["crisis_discard"])
        public |= {state["crisis"]} if state["crisis"] else set()
        if prompt["kind"] == "take_skill" and seat == prompt["target"]:
            public |= set(prompt["cards"])  # his own hand
        out |= set(prompt["cards"]) - public
    for p in state["players"]:  # Super Crisis cards in hand (R402e), a Leader's Agenda until the end (R805)
        if p["seat"] != seat:
            out |= set(p["super_crisis"]) - set(d["super_crisis_discard"])
            if p.get("agenda") and state["phase"] != "over":
                out.add(p["agenda"])
    for pile in d.get("agendas", {}).values():
        out |= set(pile)
    for p in state["players"]:  # a Leader's Motive cards face down, his alone, and the Motive deck (R804)
        if p["seat"] != seat:
            out |= set(p.get("motives", []))
    out |= set(d.get("motives", []))
    return out - set(state.get("public_loyalty", []))  # Final Five cards shown to everyone (R410)


class Invariants:
    """Checked after every command of every playout."""

    def __init__(self, start: dict[str, Any]) -> None:
        self.n = start["n"]
        self.events: list[Event] = []
        self.sets = table_sets(start)
        self.skills = all_skills(start)
        self.modules = modules(start["options"])  # the Cylon Fleet's decks (R919)
        self.objective = objective(start["options"])  # the Gas Cloud joins only New Caprica's tables (G125)
        self.loyalty = sorted(f"{c}.{k}" for side in ("cylon", "human", "sympathizer", "sympathetic_cylon")
                              for k, c in enumerate(CONTENT.loyalty_cards(side, self.sets, loyalty_kinds(start["options"]))))

    def __call__(self, state: dict[str, Any], command: Command) -> None:
        d = state["decks"]
        # every card in exactly one place
        assert skill_cards(state) == self.skills, command
        loyalty = d["loyalty"] + d["loyalty_box"] + [c for p in state["players"] for c in p["loyalty"] + p["revealed"]]
        loyalty += d.get("loyalty_discard", [])  # shown by executed humans (R452 C)
        assert sorted(loyalty) == self.loyalty, command
        if "agendas" in d:  # R805: every Agenda card in its deck or with its Leader
            agendas = [c for pile in d["agendas"].values() for c in pile] + [p["agenda"] for p in state["players"]
                                                                             if p.get("agenda")]
            assert sorted(agendas) == sorted(CONTENT.agenda_deck("sympathetic") + CONTENT.agenda_deck("hostile"))
            assert all(not p["loyalty"] for p in state["players"] if p.get("leader"))  # R802e
        crises = d["crisis"] + d["crisis_discard"] + ([state["crisis"]] if state["crisis"] else [])
        if state["prompt"] is not None and state["prompt"]["kind"] == "caprica_crisis":
            crises += state["prompt"]["cards"]  # drawn at Caprica, one to choose (R309)
        if "new_caprica" in state:  # R821 step 6, R831: the Crisis deck boxed, the New Caprica deck in its place
            ours = [c for c in crises if CONTENT.crises[c].deck == "new_caprica"]
            assert sorted(ours) == sorted(CONTENT.new_caprica_deck()), command
            crises = [c for c in crises if c not in ours] + d["crisis_boxed"]
        assert sorted(crises) == sorted(CONTENT.crisis_deck(self.sets, self.modules))
        quorum = d["quorum"] + d["quorum_discard"] + d["quorum_removed"] + [e["card"] for e in state["attached"]]
        quorum += [c for p in state["players"] for c in p["quorum"]]
        assert sorted(quorum) == sorted(CONTENT.quorum_deck(self.sets)), command
        assert all(not p["quorum"] for p in state["players"] if p["seat"] != state["president"])
        dests = d["destination"] + d["destination_discard"] + state["destinations"]
        if state["prompt"] is not None and state["prompt"]["kind"] == "destination":
            dests += state["prompt"]["cards"]
        assert sorted(dests) == sorted(CONTENT.destination_deck(self.sets, self.objective, self.modules))
        supers = d["super_crisis"] + d["super_crisis_discard"] + [c for p in state["players"] for c in p["super_crisis"]]
        assert sorted(supers) == sorted(CONTENT.super_crisis_deck(self.sets, self.modules))
        # resources within their bounds (R004), ships within their supplies (R003)
        assert all(v <= CONTENT.board.resource_max for v in state["resources"].values())
        comps = CONTENT.board.components
        space = state["space"].values()
        fleet = state["fleet"]["areas"].values() if cylon_fleet.active(state) else []  # R913, R914
        for ship in ("raider", "heavy_raider"):
            assert state["supply"][ship] + sum(w[ship] for w in space) + sum(w[ship] for w in fleet) == (
                cylon_fleet.components(state, ship))
        assert state["supply"]["basestar"] + sum(len(w["basestar"]) for w in space) + sum(
            w["basestar"] for w in fleet) == comps["basestar"]
        # the turn's record of activated ships names only ships on the board (RULINGS A3)
        for ship, record in state["acted"].items():
            assert all(0 < n <= state["space"][area][ship] for area, n in record.items()), (ship, record)
        assert len(state["boarding"]) <= comps["centurion"]
        assert all(0 <= c <= CONTENT.board.boarding_win_at for c in state["boarding"])
        pilots = sum(1 for p in state["players"] if p["viper"] is not None and not p.get("mk7"))
        vipers = (state["reserves"]["viper"] + sum(w["viper"] for w in space) + pilots + state["damaged_vipers"]
                  + state["vipers_lost"] + (state["fleet"]["boxed_vipers"] if fleet else 0))
        assert vipers == comps["viper"]
        if fleet:  # the Viper Mark VII (R916)
            mk7 = state["mk7"]
            flying = sum(1 for p in state["players"] if p["viper"] is not None and p.get("mk7"))
            assert mk7["reserves"] + mk7["damaged"] + mk7["lost"] + sum(mk7["space"].values()) + flying == (
                CONTENT.cylon_fleet.mk7)
            assert 0 <= state["fleet"]["pursuit"] < len(CONTENT.cylon_fleet.pursuit) - 1
            for area, lists in state["fleet"].get("damage", {}).items():  # RULINGS G74: damaged ones counted
                assert len(lists) <= state["fleet"]["areas"][area]["basestar"] and all(lists)
            held = [t for w in space for b in w["basestar"] for t in b["damage"]] + [
                t for lists in state["fleet"].get("damage", {}).values() for tokens in lists for t in tokens]
            assert len(held) == len(set(held))  # a damage token on one basestar at most
            if state["phase"] == "turn":  # a CAG while anyone can be one, never a Cylon, never in the Brig (R422)
                cag = state["cag"]
                assert (cag is None) == (title_holder(state, "cag") is None)
                assert cag is None or not state["players"][cag]["cylon"]
                assert cag is None or state["players"][cag]["location"] != "brig"
        by_location = {t.location: t.id for t in CONTENT.board.galactica_damage if t.location}
        tokens = d["galactica_damage"] + d["damage_removed"] + [by_location[loc] for loc in state["damage"]]
        drawn = state["prompt"]["cards"] if state["prompt"] is not None and state["prompt"]["kind"] == "choose_damage" \
            else []  # drawn by a revealer, one to choose (RULINGS G22)
        pegasus_drawn = bool(drawn) and state["prompt"].get("pile") == "pegasus_damage"
        if not pegasus_drawn:
            tokens += drawn
        assert sorted(tokens) == sorted(t.id for t in CONTENT.board.galactica_damage)
        if "pegasus" in state:  # R800: her tokens on her board or in her pile (RULINGS G52)
            on_her = d["pegasus_damage"] + state["pegasus"]["damage"] + (drawn if pegasus_drawn else [])
            assert sorted(on_her) == sorted(t.id for t in CONTENT.board.pegasus_damage)
            assert state["pegasus"]["destroyed"] == (len(state["pegasus"]["damage"]) >= 4)
            if state["pegasus"]["destroyed"]:
                assert not any(p["location"] in PEGASUS_LOCATIONS for p in state["players"])
        civilians = d["civilians"] + [c for w in space for c in w["civilian"]] + d["civilians_destroyed"]
        if "new_caprica" in state:  # R821 step 5: grounded on the planet
            civilians += state["new_caprica"]["locked_down"] + state["new_caprica"]["operational"]
        assert sorted(civilians) == sorted(c.id for c in CONTENT.board.civilians)
        # one President and one Admiral while anyone can hold the title: never a revealed Cylon (R422), never
        # an Admiral in the Brig (R423)
        if state["phase"] in ("starting_skills", "turn"):
            for title in ("president", "admiral"):
                assert (state[title] is None) == (title_holder(state, title) is None), title
                assert state[title] is None or not state["players"][state[title]]["cylon"]
            assert state["admiral"] is None or state["players"][state["admiral"]]["location"] != "brig"
            assert sum(p["nukes"] for p in state["players"]) <= comps["nuke_limit"]  # R917
        # nobody sees another's secrets: views and the events of this command. A Skill card discarded face up
        # and shuffled back into its deck later in the same command was public when its event was sent.
        reshuffled = {str(e.data.get("skill")) for e in self.events if e.kind == "skill_deck_reshuffled"}
        shown = {str(e.data.get("card")) for e in self.events if e.kind == "skill_discarded" and e.visible_to is None
                 and str(e.data.get("card")).split(".")[0] in CONTENT.skill_cards
                 and CONTENT.skill_cards[str(e.data.get("card")).split(".")[0]].skill in reshuffled}
        for seat in [None, *range(self.n)]:
            hidden = secrets_from(state, seat)
            seen = strings(RULES.view(state, seat))
            assert not hidden & seen, (seat, command, hidden & seen)
            for event in self.events:
                data = event.for_seat(seat)
                if data is not None:
                    assert not (hidden - shown) & strings(dict(data)), (seat, event)
        for seat in range(self.n):
            mine = state["players"][seat]
            view = RULES.view(state, seat)
            assert view["players"][seat]["hand"] == sorted(mine["hand"])
            assert view["players"][seat]["loyalty"] == sorted(mine["loyalty"])
            others = [v for v in view["players"] if v["seat"] != seat]
            assert all("hand" not in v and "loyalty" not in v for v in others)


class Bots(BsgRules):
    """The random bots also send the interrupts a seat they play may send (Religious Visions, readying a die
    card), which are no legal commands; standing passes on checks (always offered) only if ``standing``."""

    standing = False

    def legal_commands(self, state: dict[str, Any], seat: int) -> list[Command]:
        legal = list(super().legal_commands(state, seat))
        extra = [c for c in interrupts(state, seat) if self.standing or c.kind != "check_standing"]
        return legal + extra if legal else legal


class StandingBots(Bots):
    standing = True


BOTS = Bots()


@pytest.mark.rules("bsg:R501", "bsg:R401")
def test_random_games_with_standing_passes_keep_every_invariant() -> None:
    """Bots that also pass on checks in advance (RULINGS G43): the invariants and the secrecy checks hold after
    every command, the games end and replay, and checks went past seats that passed in advance."""
    passed = 0
    for seed in (1, 2):
        invariants = Invariants(new_state(RULES, 4, seed))
        seen: list[str] = []

        def on_events(events: Sequence[Event], invariants: Invariants = invariants, seen: list[str] = seen) -> None:
            invariants.events = list(events)
            seen.extend(e.kind for e in events)

        playout = play_random(StandingBots(), seed=seed, num_players=4, max_steps=5000, after_each=invariants,
                              on_events=on_events)
        assert RULES.result(playout.state) is not None
        assert_replays(RULES, playout, 4, {}, seed)
        assert playout.kinds.get("check_standing", 0) > 0
        passed += seen.count("check_passed_in_advance")
    assert passed > 0


@pytest.mark.rules("bsg:R200", "bsg:R401", "bsg:R501", "bsg:R708", "bsg:R709")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_with_every_invariant_kept(players: int) -> None:
    """Whole games, at least 10 and at least 500 commands in all per player count (issue 16), each command
    followed by the invariants and the secrecy checks of its events and of every seat's view; every game
    reaches a result and replays from its seed."""
    total = 0
    kinds: dict[str, int] = {}
    seed = 0
    wanted = ("contribute", "activate_location", "activate_area", "draw_crisis", "reveal_loyalty",
              "activate_cylon_location", "play_skill", "ready_card", "play_quorum")
    # the human side's choices shorten the games and make a reveal rarer: play on (up to 12 games) until every
    # wanted kind of command has been sent
    while total < 500 or seed < 10 or (seed < 12 and not all(kinds.get(k) for k in wanted)):
        seed += 1
        invariants = Invariants(new_state(RULES, players, seed))

        def on_events(events: Sequence[Event], invariants: Invariants = invariants) -> None:
            invariants.events = list(events)

        playout = play_random(BOTS, seed=seed, num_players=players, max_steps=5000, after_each=invariants,
                              on_events=on_events)
        result = RULES.result(playout.state)
        assert result is not None
        assert result.reason in ("resource_exhausted", "kobol_reached", "galactica_destroyed",
                                 "centurions_boarded")
        assert_replays(RULES, playout, players, {}, seed)
        total += len(playout.commands)
        for kind, n in playout.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + n
    for kind in wanted:
        assert kinds.get(kind, 0) > 0, kind


@pytest.mark.rules("bsg:R910", "bsg:R912", "bsg:R913", "bsg:R914", "bsg:R915", "bsg:R916", "bsg:R704")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_with_the_cylon_fleet_end_with_every_invariant_kept(players: int) -> None:
    """The Exodus Cylon Fleet option: whole games keep the invariants (the ships counted over both boards, the
    Viper Mark VII, the CAG by succession) and the secrecy checks, reach a result and replay; the Cylon
    Fleet board, the pursuit track, escorts and the Mark VII are used on the way."""
    kinds: dict[str, int] = {}
    events: dict[str, int] = {}
    for seed in range(1, 6):
        invariants = Invariants(new_state(RULES, players, seed, **FLEET))

        def on_events(evs: Sequence[Event], invariants: Invariants = invariants) -> None:
            invariants.events = list(evs)
            for e in evs:
                events[e.kind] = events.get(e.kind, 0) + 1

        playout = play_random(BOTS, seed=seed, num_players=players, options=FLEET, max_steps=6000,
                              after_each=invariants, on_events=on_events)
        assert RULES.result(playout.state) is not None
        assert_replays(RULES, playout, players, FLEET, seed)
        for kind, n in playout.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + n
    assert events.get("fleet_ship_placed") and events.get("pursuit_advanced"), events
    assert kinds.get("choose_option"), kinds


FLEET = {"exodus_cylon_fleet": True, "cylon_fleet_basestar_damage": "kept"}


@pytest.mark.rules("bsg:R122", "bsg:R104", "bsg:R200")
@pytest.mark.parametrize("options", [{"exodus": True}, {"exodus": True, "exodus_cylon_fleet": True},
                                     {"exodus": True, "exodus_conflicted_loyalties": "both"},
                                     {"exodus": True, "objective": "ionian_nebula"}])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_with_the_exodus_cards_end_with_every_invariant_kept(players: int, options: dict[str, Any]) -> None:
    """The Exodus cards, alone and with the Cylon Fleet: whole games keep the invariants (every card of the
    table's sets in one place), reach a result and replay; Exodus characters, crises and Loyalty cards play."""
    exodus: set[str] = set()
    for seed in range(1, 5):
        invariants = Invariants(new_state(RULES, players, seed, **options))

        def on_events(evs: Sequence[Event], invariants: Invariants = invariants) -> None:
            invariants.events = list(evs)
            for e in evs:
                for key in ("card", "character"):
                    value = e.data.get(key) if isinstance(e.data, dict) else None
                    if isinstance(value, str) and value.split(".")[0] in EXODUS_IDS:
                        exodus.add(value.split(".")[0])

        playout = play_random(BOTS, seed=seed, num_players=players, options=options, max_steps=6000,
                              after_each=invariants, on_events=on_events)
        assert RULES.result(playout.state) is not None
        assert_replays(RULES, playout, players, options, seed)
    assert exodus & {c.id for c in CONTENT.characters.values()} and exodus & set(CONTENT.crises), exodus


EXODUS_IDS = {r.id for table in (CONTENT.characters, CONTENT.crises, CONTENT.loyalty, CONTENT.quorum,
                                 CONTENT.destinations) for r in table.values() if r.set == "exodus"}


@pytest.mark.rules("bsg:R200")
def test_apply_leaves_its_input_alone() -> None:
    def check(out: Outcome) -> None:
        json.dumps(RULES.view(out.state, 0))

    walk_checking_apply(RULES, 4, {}, 400, check)


@pytest.mark.rules("bsg:R200", "bsg:R800", "bsg:R801", "bsg:R450", "bsg:R401", "bsg:R802", "bsg:R803")
@pytest.mark.parametrize(("players", "leader", "friendly"), [(4, False, True), (5, False, False), (4, True, False),
                                                         (6, True, False), (7, True, False)])
def test_random_pegasus_games_end_with_every_invariant_kept(players: int, leader: bool, friendly: bool) -> None:
    """Whole games at a Pegasus table (her ship, Treachery, executions, the Pegasus cards; a Cylon Leader with
    his Agenda): the invariants and the secrecy checks hold after every command, every game reaches a result
    and replays from its seed."""
    bots = BOTS
    kinds: dict[str, int] = {}
    table = {"pegasus": True, "cylon_leader": leader, "friendly_cylon": friendly}
    for seed in range(1, 7):
        start = bots.setup(num_players=players, options=bots.validate_options(players, table),
                           rng=Rng.from_seed(seed)).state
        invariants = Invariants(start)

        def on_events(events: Sequence[Event], invariants: Invariants = invariants) -> None:
            invariants.events = list(events)
            for event in events:
                kinds[f"event:{event.kind}"] = kinds.get(f"event:{event.kind}", 0) + 1

        playout = play_random(bots, seed=seed, num_players=players, options=table, max_steps=6000,
                              after_each=invariants, on_events=on_events)
        result = bots.result(playout.state)
        assert result is not None
        assert result.reason in ("resource_exhausted", "kobol_reached", "galactica_destroyed",
                                 "centurions_boarded", "no_character_left")
        assert_replays(bots, playout, players, table, seed)
        if leader:
            assert set(playout.state["result"]["leaders"]) == {str(p["seat"]) for p in playout.state["players"]
                                                                if p.get("leader")}
        for kind, n in playout.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + n
    assert kinds.get("damage_preference", 0) > 0 and kinds.get("activate_location", 0) > 0
    assert kinds.get("event:pegasus_damaged", 0) > 0
    if leader:
        assert kinds.get("use_ability", 0) > 0 and kinds.get("event:agendas_revealed", 0) > 0


#: (players, table, seeds): the first seed's game ends on Kobol's side of 7, the second reaches New Caprica
NEW_CAPRICA_TABLES = [(4, {"pegasus": True, "objective": "new_caprica", "cylon_leader": True}, (1, 59)),
                      (5, {"pegasus": True, "objective": "new_caprica", "daybreak": True}, (1, 8)),
                      (5, {"pegasus": True, "objective": "new_caprica", "exodus": True, "exodus_cylon_fleet": True,
                           "exodus_conflicted_loyalties": "personal_goals"}, (1, 5))]


@pytest.mark.rules("bsg:R200", "bsg:R148", "bsg:R820", "bsg:R1070")
@pytest.mark.parametrize(("players", "table", "seeds"), NEW_CAPRICA_TABLES)
def test_random_new_caprica_games_end_with_every_invariant_kept(players: int, table: dict[str, Any],
                                                                 seeds: tuple[int, ...]) -> None:
    """The New Caprica objective as a table sets it, with a Cylon Leader, with Daybreak, with the Cylon Fleet and
    the Personal Goals: every card in one place after every command (the New Caprica deck in the Crisis deck's
    place once the phase begins), a result, and the same game again from its seed."""
    reached = 0
    for seed in seeds:
        start = BOTS.setup(num_players=players, options=BOTS.validate_options(players, table),
                           rng=Rng.from_seed(seed)).state
        seen: list[Event] = []
        invariants = Invariants(start)

        def on_events(events: Sequence[Event], invariants: Invariants = invariants, seen: list[Event] = seen) -> None:
            invariants.events = seen[:] = list(events)

        def after(state: dict[str, Any], command: Command, invariants: Invariants = invariants,
                  seen: list[Event] = seen) -> None:
            if table.get("daybreak"):  # Daybreak's loyalty deck and Mutiny cards (test_daybreak_playouts.py)
                from tests.bsg.engine.test_daybreak_playouts import check
                check(state, command, seen)
            else:
                invariants(state, command)

        playout = play_random(BOTS, seed=seed, num_players=players, options=table, max_steps=8000,
                              after_each=after, on_events=on_events)
        assert BOTS.result(playout.state) is not None
        assert_replays(BOTS, playout, players, table, seed)
        reached += "new_caprica" in playout.state
    assert reached == 1


EVERYTHING = {"pegasus": True, "exodus": True, "exodus_cylon_fleet": True, "exodus_conflicted_loyalties": "both"}


@pytest.mark.rules("bsg:R200", "bsg:R122", "bsg:R140", "bsg:R144")
@pytest.mark.parametrize(("players", "leader"), [(4, True), (5, False), (6, True)])
def test_random_games_with_pegasus_and_exodus_together_keep_every_invariant(players: int, leader: bool) -> None:
    """Every playable expansion at one table (the Pegasus and her cards, the Exodus cards, the Cylon Fleet,
    Conflicted Loyalties, a Cylon Leader): whole games keep the invariants (every card of both sets in one
    place), reach a result and replay; both sets' cards and characters play."""
    table = {**EVERYTHING, "cylon_leader": leader}
    played: set[str] = set()
    for seed in range(1, 4):
        invariants = Invariants(new_state(RULES, players, seed, **table))

        def on_events(evs: Sequence[Event], invariants: Invariants = invariants) -> None:
            invariants.events = list(evs)
            for e in evs:
                value = e.data.get("card") or e.data.get("character") if isinstance(e.data, dict) else None
                if isinstance(value, str):
                    played.add(value.split(".")[0])

        playout = play_random(BOTS, seed=seed, num_players=players, options=table, max_steps=6000,
                              after_each=invariants, on_events=on_events)
        assert RULES.result(playout.state) is not None
        assert_replays(RULES, playout, players, table, seed)
    sets = {CONTENT.lookup(card).set for card in played if _known(card)}
    assert {"pegasus", "exodus"} <= sets, sets


def _known(card: str) -> bool:
    try:
        CONTENT.lookup(card)
    except KeyError:  # an event's value that names no record
        return False
    return True


DAYBREAK_TABLES = [(4, {"daybreak": True}), (5, {"daybreak": True}),
                   (5, {"daybreak": True, "pegasus": True, "exodus": True, "exodus_cylon_fleet": True}),
                   (6, {"daybreak": True, "pegasus": True, "exodus": True}),
                   (5, {"daybreak": True, "pegasus": True, "cylon_leader": True}),  # his Motive cards (R804)
                   (4, {"daybreak": True, "exodus": True, "exodus_conflicted_loyalties": "both"}),
                   (4, {"daybreak": True, "objective": "earth"})]  # Daybreak's Earth objective (R1050)


@pytest.mark.rules("bsg:R200", "bsg:R1000", "bsg:R1001", "bsg:R124", "bsg:R145", "bsg:R150")
@pytest.mark.parametrize(("players", "table"), DAYBREAK_TABLES)
def test_random_daybreak_games_alone_and_with_pegasus_and_exodus_reach_a_result_and_replay(
        players: int, table: dict[str, Any]) -> None:
    """The ``daybreak`` option as a table sets it: whole games keep Daybreak's invariants (every loyalty card
    of the table's sets and every Mutiny card in one place, the Brig limits, the Assault Raptors), reach a
    result on Kobol's objective and replay; with Pegasus and Exodus their cards play too. Every Skill card of
    the setup stays in one place (a Reckless card in its check included)."""
    from tests.bsg.engine.test_daybreak_playouts import check

    played: set[str] = set()
    for seed in (1, 2):
        seen: list[Event] = []
        skills = skill_cards(new_state(RULES, players, seed, **table))

        def on_events(evs: Sequence[Event], seen: list[Event] = seen) -> None:
            seen[:] = list(evs)
            for e in evs:
                value = e.data.get("card") or e.data.get("character") if isinstance(e.data, dict) else None
                if isinstance(value, str):
                    played.add(value.split(".")[0])

        def after(state: dict[str, Any], command: Command, seen: list[Event] = seen, skills: list[str] = skills) -> None:
            check(state, command, seen)
            assert skill_cards(state) == skills, command

        playout = play_random(RULES, seed=seed, num_players=players, options=table, max_steps=8000,
                              after_each=after, on_events=on_events)
        assert RULES.result(playout.state) is not None
        assert_replays(RULES, playout, players, table, seed)
    sets = {CONTENT.lookup(card).set for card in played if _known(card)}
    assert {name for name in ("pegasus", "exodus", "daybreak") if table.get(name)} <= sets, sets
