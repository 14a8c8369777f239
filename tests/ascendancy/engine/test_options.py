"""The book's optional rules (R145-R157) as table options: offered with their defaults, refused in
contradictory mixes, and played by the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.ascendancy.engine import catalog, optional, options
from games.engine.core import Command, IllegalCommand, Rng
from tests.ascendancy.engine.helpers import RULES, build, cmd, ev, fresh, legal, refused, run
from tests.support.engine import strings

BOOK_OPTIONS = {
    "simultaneous_first_turns": "R145", "extra_resources": "R146", "starting_project": "R147",
    "starting_advancement": "R148", "random_turn_order": "R149", "unbridled_culture": "R150",
    "easier_authority": "R151", "mysterious_turn_order": "R152", "random_galaxy": "R153",
    "free_trade_routes": "R154", "humble_origins": "R155", "focused_research": "R156",
    "allied_cooperation": "R157",
}


@pytest.mark.rules("ascendancy:R145", "ascendancy:R146", "ascendancy:R147", "ascendancy:R148",
                   "ascendancy:R149", "ascendancy:R150", "ascendancy:R151", "ascendancy:R152",
                   "ascendancy:R153", "ascendancy:R154", "ascendancy:R155", "ascendancy:R156",
                   "ascendancy:R157")
def test_every_optional_rule_is_a_table_option_off_by_default() -> None:
    schema = {o["name"]: o for o in RULES.option_schema()}
    for name in BOOK_OPTIONS:
        assert schema[name]["type"] == "bool" and schema[name]["default"] is False, name
        assert schema[name]["label"]
    opts = RULES.validate_options(3, {})
    assert all(opts[name] is False for name in BOOK_OPTIONS)
    with pytest.raises(IllegalCommand) as exc:
        RULES.validate_options(3, {"extra_resources": True, "humble_origins": True})
    assert exc.value.code == "options_conflict" and exc.value.rule == "ascendancy:R155"
    with pytest.raises(IllegalCommand) as exc:
        RULES.validate_options(3, {"simultaneous_second_round": True})
    assert exc.value.code == "option_needs_option" and exc.value.rule == "ascendancy:R145"
    with pytest.raises(IllegalCommand) as exc:
        RULES.validate_options(3, {"unbridled_culture": "yes"})
    assert exc.value.code == "bad_option_value"
    assert set(options.CONFLICTS[0][:2]) == {"extra_resources", "humble_origins"}


# --- R145 -------------------------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R145")
def test_simultaneous_first_turns_open_every_seat_at_once() -> None:
    state = fresh(simultaneous_first_turns=True)
    decisions = RULES.pending(state)
    assert sorted(s for d in decisions for s in d.seats) == [0, 1, 2]
    assert all(d.prompt == "build_phase" for d in decisions)
    assert len({d.key for d in decisions}) == 3
    last = state["order"][-1]
    # the last seat in Turn Order plays first, the others still wait with their own decisions
    state, events = run(state, cmd(last, "build_ship", at=catalog.HOMES[state["players"][last]["civ"]]["disc"]),
                        cmd(last, "end_build"))
    assert ev(events, "ship_built")
    assert state["turn"] is None and state["simultaneous"]["turns"][str(last)]["phase"] == "command"
    keys = {next(iter(d.seats)): d for d in RULES.pending(state)}
    assert keys[last].prompt == "command_phase" and keys[state["order"][0]].prompt == "build_phase"
    assert ("end_turn", {}) in legal(state, last) and ("end_build", {}) in legal(state, state["order"][0])
    assert RULES.view(state, last)["turn"]["seat"] == last and RULES.view(state, None)["turn"] is None
    state, _ = run(state, cmd(last, "end_turn"))
    assert legal(state, last) == []
    refused(state, cmd(last, "end_build"), "not_your_turn")
    for seat in state["order"][:-1]:
        state, _ = run(state, cmd(seat, "end_build"), cmd(seat, "end_turn"))
    assert state["round"] == 2 and state["simultaneous"] is None  # round 2 is played in turn order
    assert state["turn"]["seat"] == state["order"][0]


@pytest.mark.rules("ascendancy:R145")
def test_the_second_round_may_be_simultaneous_too() -> None:
    state = fresh(simultaneous_first_turns=True, simultaneous_second_round=True)
    for rnd in (1, 2):
        assert state["round"] == rnd and len(RULES.pending(state)) == 3
        for seat in range(3):
            state, _ = run(state, cmd(seat, "end_build"), cmd(seat, "end_turn"))
    assert state["round"] == 3 and not state.get("simultaneous") and len(RULES.pending(state)) == 1


@pytest.mark.rules("ascendancy:R145", "ascendancy:R38")
def test_no_first_contact_in_a_simultaneous_round() -> None:
    systems = [{"id": "vega", "slots": ["production"], "xy": [20.0, 0.0]},
               {"id": "deneb", "slots": ["research"], "xy": [40.0, 0.0]}]
    state = build(turn=0, phase="command", systems=systems, lanes=[("l1", "earth", "vega", 2),
                                                                   ("l2", "qonos", "deneb", 2)])
    state["systems"]["earth"]["home_of"] = 0
    assert optional.makes_contact(state, 0, "vega", "deneb")
    assert not optional.makes_contact(state, 0, "vega", "earth")
    state["simultaneous"] = {"turns": {}, "waiting": [0], "seq": {"0": 0}}
    state["turn"]["move"] = {"kind": "impulse", "unit": "x", "at": "S:vega", "left": 2}
    refused(state, Command(0, "step", {"connect": "deneb"}), "no_contact_in_simultaneous_round", "ascendancy:R145",
            option="simultaneous_first_turns")  # the refusal names the table option that causes it
    state["round"] = 2
    refused(state, Command(0, "step", {"connect": "deneb"}), "no_contact_in_simultaneous_round", "ascendancy:R145",
            option="simultaneous_second_round")


# --- R147, R148 ---------------------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R147", "ascendancy:R148")
def test_starting_project_and_advancement_are_drawn_from_the_deck() -> None:
    plain = fresh()
    state = fresh(starting_project=True, starting_advancement=True)
    drawn = set()
    for p, q in zip(state["players"], plain["players"], strict=True):
        assert len(p["projects"]) == 1 and p["projects"][0]["research"] == 0
        assert len(p["advancements"]) == 2 and p["advancements"][0] == q["advancements"][0]
        assert len(p["deck"]) == len(q["deck"]) - 2
        extra = {p["projects"][0]["card"], p["advancements"][1]["card"]}
        assert extra <= set(q["deck"]) and not extra & set(p["deck"])
        assert all(catalog.ADVANCEMENTS[c]["civ"] == p["civ"] for c in extra)
        drawn.add(p["projects"][0]["card"])
    other = fresh(seed=9, starting_project=True)
    assert {p["projects"][0]["card"] for p in other["players"]} != drawn  # random, by the seed
    assert not plain["players"][0]["projects"]


# --- R150 ---------------------------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R150")
def test_unbridled_culture_pays_for_production_and_research() -> None:
    broke = {0: {"production": 0, "research": 0, "culture": 2}}
    plain = build(turn=0, resources=broke)
    refused(plain, cmd(0, "build_ship", at="earth"), "not_enough_resources", "ascendancy:R10", cost={"production": 1})
    state = build(turn=0, resources=broke, options={"unbridled_culture": True},
                  projects={0: [(catalog.advancement_deck("federation")[0], 0)]})
    state, _ = run(state, cmd(0, "build_ship", at="earth"))
    assert state["players"][0]["resources"] == {"production": 0, "research": 0, "culture": 1}
    card = state["players"][0]["projects"][0]["card"]
    state, _ = run(state, cmd(0, "fund", project=card))
    assert state["players"][0]["resources"]["culture"] == 0
    refused(state, cmd(0, "build_ship", at="earth"), "not_enough_resources", "ascendancy:R10", cost={"production": 1})
    mixed = build(turn=0, resources={0: {"production": 1, "research": 0, "culture": 5}},
                  options={"unbridled_culture": True})
    mixed, _ = run(mixed, cmd(0, "build_ship", at="earth"), cmd(0, "build_ship", at="earth"))
    assert mixed["players"][0]["resources"] == {"production": 0, "research": 0, "culture": 4}  # own tokens first


# --- R152 ---------------------------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R152", "ascendancy:R7")
def test_mysterious_turn_order_uses_half_of_twice_the_cards() -> None:
    seen: set[int] = set()
    for seed in range(8):
        state = fresh(seed=seed, mysterious_turn_order=True)
        cards = sorted(state["cards"].values())
        assert len(set(cards)) == 3 and all(1 <= c <= 6 for c in cards)
        assert state["order"] == sorted(state["order"], key=lambda x: state["cards"][str(x)])
        seen |= set(cards)
        assert sorted(fresh(seed=seed)["cards"].values()) == [1, 2, 3]
    assert max(seen) > 3


# --- R153 ---------------------------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R153")
def test_random_galaxy_shuffles_every_disc_together() -> None:
    def phenomena_on_top(state: dict) -> int:
        top = state["stack"][-2 * state["n"]:]
        return sum(1 for d in top if catalog.DISCS[d]["kind"] != "planet")

    assert all(phenomena_on_top(fresh(seed=s)) == 0 for s in range(6))
    assert any(phenomena_on_top(fresh(seed=s, random_galaxy=True)) for s in range(12))
    assert sorted(fresh(seed=3, random_galaxy=True)["stack"]) == sorted(fresh(seed=3)["stack"])


# --- R156 ---------------------------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R156", "ascendancy:R131")
def test_focused_research_chooses_one_project_from_the_deck() -> None:
    state = build(turn=0, phase="command", options={"focused_research": True})
    deck = list(state["players"][0]["deck"])
    launches = [a for k, a in legal(state, 0) if k == "launch"]
    assert sorted(a["card"] for a in launches) == sorted(deck)
    refused(state, cmd(0, "launch"), "option_choose_a_card", "ascendancy:R156", option="focused_research")
    state, _ = run(state, cmd(0, "launch", card=deck[0]))
    p = state["players"][0]
    assert [pr["card"] for pr in p["projects"]] == [deck[0]] and sorted(p["deck"]) == sorted(deck[1:])
    plain = build(turn=0, phase="command")
    plain, _ = run(plain, cmd(0, "launch"))
    assert len(plain["players"][0]["projects"]) == 2


# --- R157 ---------------------------------------------------------------------------------------------------------
@pytest.mark.rules("ascendancy:R157", "ascendancy:R12")
def test_allied_cooperation_lets_a_peaceful_rival_step_aside() -> None:
    systems = [{"id": "vega", "slots": ["production"], "xy": [3, 0]}]
    spec: dict[str, Any] = {"turn": 1, "systems": systems, "ships": {1: {"S:vega": 2}, 0: {"S:vega": 1}},
                            "trade_held": {1: {0: 0}}, "contact": (0, 1)}
    plain = build(**spec)
    refused(plain, cmd(1, "colonize", at="vega"), "not_occupied", "ascendancy:R12")
    refused(plain, cmd(1, "ask_cooperation", at="vega"), "option_not_in_play", "ascendancy:R157",
            option="allied_cooperation")
    state = build(**spec, options={"allied_cooperation": True})
    assert ("ask_cooperation", {"at": "vega"}) in legal(state, 1)
    asked, events = run(state, cmd(1, "ask_cooperation", at="vega"))
    assert RULES.pending(asked)[0].seats == frozenset({0}) and RULES.pending(asked)[0].prompt == "cooperation"
    refused_state, _ = run(asked, cmd(0, "refuse_cooperation"))
    refused(refused_state, cmd(1, "colonize", at="vega"), "not_occupied", "ascendancy:R12")
    refused(refused_state, cmd(1, "ask_cooperation", at="vega"), "cooperation_already_asked", "ascendancy:R157")
    allowed, events = run(asked, cmd(0, "allow_cooperation"), cmd(1, "colonize", at="vega"))
    assert allowed["systems"]["vega"]["control"] == 1 and ev(events, "cooperation_answered")[0]["allowed"]
    assert allowed["players"][0]["ships"]["S:vega"] == 1  # his ships stay where they are
    hostile = build(**{**spec, "trade_held": {}}, options={"allied_cooperation": True})
    refused(hostile, cmd(1, "ask_cooperation", at="vega"), "no_peaceful_partner", "ascendancy:R157")


def test_an_option_mix_plays_from_setup() -> None:
    opts = {name: True for name in BOOK_OPTIONS if name != "extra_resources"}
    out = RULES.setup(num_players=4, options=opts, rng=Rng.from_seed(3))
    assert out.state["phase"] == "choose_civ"


@pytest.mark.rules("ascendancy:R147", "ascendancy:R148")
def test_experienced_players_choose_their_starting_cards() -> None:
    with pytest.raises(IllegalCommand) as exc:
        RULES.validate_options(3, {"starting_cards_chosen": True})
    assert exc.value.code == "option_needs_option"
    state = fresh(starting_project=True, starting_advancement=True, starting_cards_chosen=True)
    assert state["phase"] == "starting_cards" and state["round"] == 0
    decisions = RULES.pending(state)
    assert sorted(s for d in decisions for s in d.seats) == [0, 1, 2]
    assert all(d.prompt == "starting_card" and d.params == {"what": "advancement"} for d in decisions)
    deck = sorted(state["players"][1]["deck"])
    assert [a["card"] for k, a in legal(state, 1)] == deck
    refused(state, cmd(1, "choose_starting_card", card=state["players"][0]["deck"][0]), "not_in_your_deck",
            "ascendancy:R148")
    state, _ = run(state, cmd(1, "choose_starting_card", card=deck[-1]))
    assert state["players"][1]["advancements"][-1]["card"] == deck[-1]
    assert [d.params for d in RULES.pending(state) if 1 in d.seats] == [{"what": "project"}]
    state, _ = run(state, cmd(1, "choose_starting_card", card=deck[0]))
    assert [pr["card"] for pr in state["players"][1]["projects"]] == [deck[0]]
    assert 1 not in {s for d in RULES.pending(state) for s in d.seats}
    refused(state, cmd(1, "choose_starting_card", card=state["players"][1]["deck"][0]), "starting_cards_chosen",
            "ascendancy:R147")  # one of each kind, the Project last
    for seat in (0, 2):
        for _ in range(2):
            state, _ = run(state, cmd(seat, "choose_starting_card", card=sorted(state["players"][seat]["deck"])[0]))
    assert state["phase"] in ("bid", "turn") and state["round"] == 1
    assert all(len(p["advancements"]) == 2 and len(p["projects"]) == 1 for p in state["players"])


# --- The rulings' switches (RULINGS §5) ---------------------------------------------------------------------------
def _in_warp_since_last_turn(**options: Any) -> dict[str, Any]:
    state = build(turn=0, phase="command", options=options)
    state["players"][0]["warp"] = [{"id": "w1", "fleet": None, "ships": 1, "origin": "S:earth", "tokens": 1,
                                    "fresh": False}]
    return state


@pytest.mark.rules("ascendancy:R47")
def test_warp_boost_any_time_lets_an_older_ship_in_warp_take_more_tokens() -> None:
    """RULINGS A5: by default only a ship that entered Warp this turn takes tokens; ``any_time``: any of them."""
    assert {o["name"]: o for o in RULES.option_schema()}["warp_boost"]["default"] == "same_turn"
    refused(_in_warp_since_last_turn(), cmd(0, "warp_boost", warp="w1"), "not_just_entered_warp", "ascendancy:R47")
    state = _in_warp_since_last_turn(warp_boost="any_time")
    ready = state["players"][0]["ready"]
    state, events = run(state, cmd(0, "warp_boost", warp="w1"))
    assert state["players"][0]["warp"][0]["tokens"] == 2 and state["players"][0]["ready"] == ready - 1
    assert ev(events, "warp_boosted")


@pytest.mark.rules("ascendancy:R131", "ascendancy:R15")
def test_private_projects_hide_their_faces_from_the_other_seats_only() -> None:
    """RULINGS I38: Projects are public by default; ``projects`` ``private``: only their holder sees the faces
    (the Research on them stays public), in the view, the log, the zones and what another seat may imagine."""
    def launched(**options: Any) -> tuple[dict[str, Any], list[Any]]:
        state = build(turn=0, phase="command", options=options)
        return run(state, cmd(0, "launch"))

    state, events = launched()
    cards = [pr["card"] for pr in state["players"][0]["projects"]]
    assert len(cards) == 2 and ev(events, "projects_launched")[0]["cards"] == cards
    assert [pr["card"] for pr in RULES.view(state, 1)["players"][0]["projects"]] == cards
    state, events = launched(projects="private")
    cards = [pr["card"] for pr in state["players"][0]["projects"]]
    event = next(e for e in events if e.kind == "projects_launched")
    assert event.visible_to == frozenset({0}) and event.for_seat(1) == {"seat": 0, "cards": [None, None]}
    assert event.for_seat(0)["cards"] == cards
    assert [pr["card"] for pr in RULES.view(state, 0)["players"][0]["projects"]] == cards
    for seat in (None, 1, 2):
        view = RULES.view(state, seat)
        assert view["players"][0]["projects"] == [{"card": None, "research": 0}] * 2
        assert not set(cards) & strings({k: v for k, v in view.items() if k != "options"})
        assert RULES.view(RULES.rerandomise(state, seat, Rng.from_seed(3)), seat) == view
    zones = {z.name: z for z in RULES.zones(state)}
    assert zones["projects_0"].visible_to(0) and not zones["projects_0"].visible_to(1)
    state["turn"]["funded"] = [cards[0]]  # R15: the Project funded this Build Phase
    assert RULES.view(state, 1)["turn"]["funded"] == [None] and RULES.view(state, 0)["turn"]["funded"] == [cards[0]]
    state["players"][0]["projects"].append({"card": state["players"][0]["deck"][-1], "research": 0})
    state["players"][0]["deck"].pop()
    state, events = run(state, cmd(0, "discard_project", card=cards[0]))  # Earth has one Research Node
    event = next(e for e in events if e.kind == "project_discarded")
    assert event.for_seat(0)["card"] == cards[0] and event.for_seat(1) == {"seat": 0, "card": None}
    redrawn = {tuple(pr["card"] for pr in RULES.rerandomise(state, 1, Rng.from_seed(s))["players"][0]["projects"])
               for s in range(8)}
    assert len(redrawn) > 1
    assert {tuple(pr["card"] for pr in RULES.rerandomise(state, 0, Rng.from_seed(s))["players"][0]["projects"])
            for s in range(8)} == {tuple(pr["card"] for pr in state["players"][0]["projects"])}


# --- RULINGS I3: secret bids --------------------------------------------------------------------------------------
def _seen(events: list[Any], seat: int | None) -> list[tuple[str, dict[str, Any]]]:
    return [(e.kind, dict(data)) for e in events if (data := e.for_seat(seat)) is not None]


@pytest.mark.rules("ascendancy:R3", "ascendancy:R4", "ascendancy:R5")
def test_secret_bids_are_the_bidders_own_and_unpaid_until_everyone_has_bid() -> None:
    from tests.proof.test_rerandomise import check_indistinguishable

    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], turn=None, options={"bids": "secret"})
    start = {p["seat"]: dict(p["resources"]) for p in state["players"]}
    first = RULES.decision_for(state, 0)
    assert first is not None and first.prompt == "bid_secret" and first.params == {}
    state, events = run(state, cmd(0, "bid", production=2, culture=1))
    assert state["players"][0]["resources"] == start[0]  # paid at the reveal, not now
    assert _seen(events, 0) == [("bid_sealed", {"seat": 0}),
                                ("bid_placed", {"seat": 0, "total": 3, "production": 2, "research": 0, "culture": 1})]
    for other in (None, 1, 2):
        assert _seen(events, other) == [("bid_sealed", {"seat": 0})]
        assert RULES.view(state, other)["initiative"]["bids"] == {"0": None}
        assert RULES.view(state, other)["initiative"]["secret"] is True
    assert RULES.view(state, 0)["initiative"]["bids"] == {"0": {"production": 2, "research": 0, "culture": 1}}
    decision = RULES.decision_for(state, 1)
    assert decision is not None and decision.prompt == "bid_secret" and decision.params == {}  # the table is not told the totals taken
    # The next bidder is refused the amount taken, and only that: not who took it, nor how it was made up.
    refused(state, cmd(1, "bid", research=3), "bid_total_taken", "ascendancy:R4", total=3)
    assert all(sum(c.args.values()) != 3 for c in RULES.legal_commands(state, 1))
    state, _ = run(state, cmd(1, "bid", research=1))
    # Who bid which total, and its mix, are drawn again for the seats that do not know them; a bidder keeps the
    # totals bid before his turn (he was refused them), the one now to bid all of them.
    redrawn, unknown = set(), set()
    for k in range(20):
        for seat in (None, 0, 1, 2):
            check_indistinguishable(RULES, state, seat, Rng.from_seed(k))
        theirs = RULES.rerandomise(state, 2, Rng.from_seed(k))
        redrawn.add(json_bids(theirs))
        assert sorted(sum(b.values()) for b in theirs["initiative"]["bids"].values()) == [1, 3]
        mine = RULES.rerandomise(state, 0, Rng.from_seed(k))["initiative"]["bids"]
        assert mine["0"] == {"production": 2, "research": 0, "culture": 1} and sum(mine["1"].values()) != 3
        assert sum(RULES.rerandomise(state, 1, Rng.from_seed(k))["initiative"]["bids"]["0"].values()) == 3
        unknown.add(json_bids(RULES.rerandomise(state, None, Rng.from_seed(k))))
    assert len(redrawn) > 1
    # A spectator was refused nothing: the totals themselves are drawn again for him.
    assert {tuple(sorted(sum(b.values()) for b in json.loads(u).values())) for u in unknown} != {(1, 3)}
    state, events = run(state, cmd(2, "bid"))
    revealed = [d for kind, d in _seen(events, None) if kind == "bid_revealed"]
    assert [(d["seat"], d["total"]) for d in revealed] == [(0, 3), (1, 1), (2, 0)]
    assert state["players"][0]["resources"] == {**start[0], "production": start[0]["production"] - 2,
                                                "culture": start[0]["culture"] - 1}
    assert state["players"][1]["resources"]["research"] == start[1]["research"] - 1
    assert state["phase"] == "pick_card" and RULES.seats_to_act(state) == {0}  # highest first (R5)
    assert RULES.view(state, 2)["initiative"]["bids"]["0"] == {"production": 2, "research": 0, "culture": 1}


def json_bids(state: dict[str, Any]) -> str:
    return json.dumps(state["initiative"]["bids"], sort_keys=True)


@pytest.mark.rules("ascendancy:R3")
def test_open_bids_stay_the_default_shown_and_paid_at_once() -> None:
    assert RULES.validate_options(3, {})["bids"] == "open"
    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], turn=None)
    before = dict(state["players"][0]["resources"])
    state, events = run(state, cmd(0, "bid", production=2))
    assert state["players"][0]["resources"]["production"] == before["production"] - 2
    assert _seen(events, 1) == [("bid_placed", {"seat": 0, "total": 2, "production": 2, "research": 0,
                                                "culture": 0})]
    assert RULES.view(state, 1)["initiative"]["bids"] == {"0": {"production": 2, "research": 0, "culture": 0}}
    decision = RULES.decision_for(state, 1)
    assert decision is not None and decision.params == {"forbidden": [2]}


# --- RULINGS G5, G11: the table's size, Connections from any system -------------------------------------------
def test_table_size_sets_the_table_and_is_refused_out_of_range() -> None:
    from games.ascendancy.engine.geometry import suggested_table

    assert RULES.validate_options(4, {})["table_size"] is None
    assert fresh()["galaxy"]["table"] == [90.0, 90.0]
    assert suggested_table(5).width == 115.0
    state = fresh(table_size=120)
    assert state["galaxy"]["table"] == [120.0, 120.0]
    homes = [state["systems"][sid]["xy"] for sid in state["systems"] if state["systems"][sid]["home_of"] is not None]
    assert max(x for x, _ in homes) > 90  # the homes spread over the larger table
    for given in (74, 151):
        with pytest.raises(IllegalCommand) as exc:
            RULES.validate_options(3, {"table_size": given})
        assert exc.value.code == "option_out_of_range"
        assert dict(exc.value.params) == {"option": "table_size", "minimum": 75, "maximum": 150, "given": given}
    for bad in ("90", 90.5, True):
        with pytest.raises(IllegalCommand) as exc:
            RULES.validate_options(3, {"table_size": bad})
        assert exc.value.code == "bad_option_value"
    assert RULES.validate_options(7, {"table_size": 75})["table_size"] == 75


@pytest.mark.rules("ascendancy:R60")
def test_connections_from_any_system_offers_a_connection_leaving_a_fixed_system() -> None:
    from games.ascendancy.engine import board

    def fixed_vega(options: dict[str, Any]) -> dict[str, Any]:
        # Vega is Fixed (joined to Earth and to Altair); Deneb, 15 cm above it, is joined to Qo'noS only
        return build(options=options, turn=0, phase="command",
                     systems=[{"id": "vega", "slots": ["production"], "xy": [45.0, 56.5], "max_lanes": 3},
                              {"id": "altair", "slots": ["culture"], "xy": [30.0, 56.5]},
                              {"id": "deneb", "slots": ["research"], "xy": [45.0, 41.5]}],
                     lanes=[("l1", "earth", "vega", 2), ("l2", "vega", "altair", 2), ("l3", "qonos", "deneb", 4)],
                     ships={0: {"S:vega": 1}})

    def steps(state: dict[str, Any]) -> list[dict[str, Any]]:
        state, _ = run(state, cmd(0, "impulse", unit="ship:S:vega"))
        return [dict(c.args) for c in RULES.legal_commands(state, 0) if c.kind == "step"]

    plain = fixed_vega({})
    assert board.is_fixed(plain, "vega")
    assert {"lane": True} in steps(plain) and not any("connect" in s for s in steps(plain))  # R60: Floating only
    anywhere = fixed_vega({"connections_from_any_system": True})
    assert {"connect": "deneb"} in steps(anywhere)
    state, _ = run(anywhere, cmd(0, "impulse", unit="ship:S:vega"))
    for seed in range(6):  # the lane die decides whether the lane reaches (R55, R60)
        after, events = run(state, cmd(0, "step", connect="deneb"), seed=seed)
        if ev(events, "systems_connected"):
            assert "deneb" in board.linked_systems(after, "vega")
            break
    else:
        raise AssertionError("no roll connected Vega to Deneb")
