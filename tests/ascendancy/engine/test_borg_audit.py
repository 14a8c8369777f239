"""Rules-fidelity probes of the Borg automaton against the Borg Assimilation rulebook (ascendancy:R216-R275):
clauses the other Borg tests do not pin down."""

from __future__ import annotations

import pytest

from games.ascendancy.engine import board
from games.ascendancy.engine.borg import hub_roll
from games.ascendancy.engine.rounds import extermination
from games.ascendancy.engine.scenario import build, cmd, run
from tests.ascendancy.engine.borg_helpers import borg, borg_turn, ctx_for
from tests.ascendancy.engine.helpers import ev

VEGA = {"id": "vega", "slots": ["production"], "xy": [45.0, 60.0]}


@pytest.mark.rules("ascendancy:R258", "ascendancy:R144")
def test_a_player_exterminated_by_rivals_joins_the_collective() -> None:
    """R258: "Un giocatore il cui Sistema Natale è stato Assimilato (o che viene Sterminato dai rivali) diventa un
    membro del Collettivo": he is an Assimilated player with a Borg turn from the next round."""
    state = borg_turn()
    p = state["players"][2]
    p["ships"], p["fleets"], p["warp"] = {}, {}, []
    for sys in state["systems"].values():
        if sys["control"] == 2:
            sys["control"] = None
    ctx = ctx_for(state)
    extermination(ctx)
    assert p["exterminated"] and p.get("assimilated")
    assert "borg:2" in state["automata"]
    assert ev(ctx.events, "player_assimilated")[0]["seat"] == 2
    assert borg.borg_master(state) == 2  # the first Assimilated player takes control of the Borg (R258)
    extermination(ctx)  # checked again (Recharge): nothing twice
    assert state["automata"].count("borg:2") == 1
    plain = build()  # without the Borg an Exterminated player is simply out
    plain["players"][2].update(ships={}, fleets={}, warp=[])
    for sys in plain["systems"].values():
        if sys["control"] == 2:
            sys["control"] = None
    extermination(ctx_for(plain))
    assert plain["players"][2]["exterminated"] and not plain["players"][2].get("assimilated")
    assert plain["automata"] == []


@pytest.mark.rules("ascendancy:R263", "ascendancy:R49")
def test_a_cube_blocks_like_a_hostile_ship_so_never_in_a_system_the_mover_controls() -> None:
    """R263: "I Cubi bloccano i movimenti, esattamente come le Navi"; R49: a player may always move into and
    through the systems he Controls, whatever ships are there."""
    mine = {**VEGA, "nodes": ["production"], "control": 0}
    state = borg_turn(cubes={"cube1": "S:vega"}, systems=[mine])
    assert board.blocked_for(state, 0, "S:vega") is None
    assert board.blocked_for(state, 1, "S:vega") == board.BORG_BLOCK
    state = build(options={"borg_mode": "delta_quadrant"}, turn=0, phase="command", systems=[mine],
                  lanes=[("l1", "earth", "vega", 1)], ships={0: {"S:earth": 1}})
    state["borg"]["cubes"].append({"id": "cube1", "sector": "S:vega", "placed": 1})
    state, _ = run(state, cmd(0, "impulse", unit="ship:S:earth"), cmd(0, "step", to="L:l1:1"),
                   cmd(0, "step", to="S:vega"))
    assert state["players"][0]["ships"].get("S:vega") == 1


@pytest.mark.rules("ascendancy:R218", "ascendancy:R272")
def test_a_hub_discovered_from_the_stack_rolls_for_cubes() -> None:
    """R218: "Se il Disco Sistema Fulcro di Transcurvatura è in gioco e non ha già un Cubo, tira"; with the Delta
    Quadrant Probe (R272) the Hub enters play when it is discovered."""
    state = build(options={"borg_mode": "delta_probe"}, turn=0, phase="command", stack=["transwarp_hub"],
                  lanes=[("l1", "earth", None, 2)], ships={0: {"L:l1:2": 1}})
    assert state["borg"]["hub"] is None
    state, events = run(state, cmd(0, "impulse", unit="ship:L:l1:2"), cmd(0, "step", explore=True))
    assert ev(events, "system_discovered")[0]["system"] == "transwarp_hub"
    assert state["borg"]["hub"] == "transwarp_hub"
    ctx = ctx_for(state)
    hub_roll(ctx)
    assert ev(ctx.events, "borg_hub_roll")  # rolled, not "no_hub"
    assert not ev(ctx.events, "borg_hub_no_roll")


@pytest.mark.rules("ascendancy:R250", "ascendancy:R64")
def test_the_borg_leave_a_remains_in_play_card_on_the_system_they_explore() -> None:
    """R250: "I Borg ignorano le Carte Alleato, Crisi e Scoperta. Piazza le Carte 'Rimane in gioco' sul Sistema":
    a Virgin Worlds card that remains in play waits there for the system's first colonizer."""
    state = borg_turn(systems=[VEGA], exploration=["garden_world"])
    ctx = ctx_for(state)
    borg.borg_explore(ctx, "vega")
    assert state["systems"]["vega"]["card"] == "garden_world"
    assert "garden_world" not in state["exploration"]["discard"]
    state = borg_turn(systems=[VEGA], exploration=["empty_world"])  # no "remains in play": discarded
    ctx = ctx_for(state)
    borg.borg_explore(ctx, "vega")
    assert state["systems"]["vega"]["card"] is None and "empty_world" in state["exploration"]["discard"]


@pytest.mark.rules("ascendancy:R227", "ascendancy:R223", "ascendancy:R258")
def test_in_a_command_resurrection_turn_the_assimilated_players_take_turns_choosing_the_cube() -> None:
    """R227: "Se il Borg ha un turno extra a causa della carta 'Resurrezione del Comando', se ci sono giocatori
    Assimilati, sceglieranno a turno qual Cubo Attivare"."""
    state = borg_turn(cubes={"cube1": "S:transwarp_hub", "cube2": "S:vega", "cube3": "S:rigel"},
                      systems=[VEGA, {**VEGA, "id": "rigel", "xy": [60.0, 45.0]}])
    ctx = ctx_for(state)
    borg.home_assimilated(ctx, 1)
    borg.home_assimilated(ctx, 2)
    state["cards"].update({"borg:1": 6, "borg:2": 5})
    cur = {**borg._new_cursor(extra=False), "player": None, "who": "borg"}
    state["borg"]["cursor"] = cur
    assert [borg.chooser(state, {**cur, "chosen": k}) for k in range(3)] == [2, 2, 2]  # the master alone
    extra = {**borg._new_cursor(extra=True), "player": None, "who": "borg"}
    state["borg"]["cursor"] = extra
    assert [borg.chooser(state, {**extra, "chosen": k}) for k in range(3)] == [2, 1, 2]
    mine = {**borg._new_cursor(extra=True), "player": 1, "who": "borg:1"}  # 1's own extra turn: he starts
    state["borg"]["cursor"] = mine
    assert [borg.chooser(state, {**mine, "chosen": k}) for k in range(3)] == [1, 2, 1]


@pytest.mark.rules("ascendancy:R256", "ascendancy:R122", "ascendancy:R123")
def test_a_starbase_the_borg_destroy_is_gone_with_its_command_and_feeds_no_later_spire() -> None:
    """R256: the Starbase "dev'essere distrutta" (R122's one exception): its Command (R123) goes at once, as
    when a Starbase changes hands; "aggiungi un Nodo Borg ad ogni Spira" only for the Assimilation that took
    it, not for a later one after this one was repelled."""
    from games.ascendancy.engine.state import command_total

    state = borg_turn(cubes={"cube1": "S:vega"}, spires=[{"system": "s0", "nodes": 1}],
                      systems=[{**VEGA, "slots": ["production", "research"], "nodes": ["production", "research"],
                                "control": 1, "starbase": True},
                               {"id": "s0", "slots": [], "xy": [10.0, 10.0]}])
    p = state["players"][1]
    p["commands"] = p["ready"] = command_total(state, 1)
    before = p["commands"]
    ctx = ctx_for(state)
    f = borg.start_fight(ctx, borg.cube(state, "cube1"), [1], "done", system="vega")
    state["borg"]["cursor"] = {**borg._new_cursor(False), "stage": "command", "active": "cube1", "act": "fight",
                               "fight": f}
    f.update(loss=1, lost=0, sixes=0, destroyed=False)
    state["prompt"] = None
    borg.lose_structure(ctx, 1, "starbase")  # the controller's choice for the one Borg hit
    vega = state["systems"]["vega"]
    assert not vega["starbase"]
    assert p["commands"] == before - 1 and p["ready"] == before - 1
    borg._assimilation_repelled(ctx, f)  # the Cube falls: Vega holds, its Starbase is gone for good
    vega["nodes"] = [None, None]
    vega["control"] = None
    borg.assimilated(ctx, "vega")  # a later Assimilation of Vega
    assert {sp["system"]: sp["nodes"] for sp in state["borg"]["spires"]} == {"s0": 1, "vega": 0}


@pytest.mark.rules("ascendancy:R256", "ascendancy:R187", "ascendancy:R92")
def test_an_armed_starbase_resists_an_assimilation_with_its_space_battle_dice() -> None:
    """R256: a Starbase "tira un dado aggiuntivo per resistere all'Assimilazione, così come nelle Battaglie
    Spaziali"; the Armed Starbase (R187) makes that bonus 3 dice (RULINGS B22)."""
    vega = {**VEGA, "slots": ["production", "research"], "nodes": ["production", "research"], "control": 2,
            "starbase": True}
    for armed, dice in ((False, 4), (True, 6)):
        state = borg_turn(civs=("federation", "klingon", "cardassian"), cubes={"cube1": "S:vega"}, systems=[vega],
                          advancements={2: ["car_armed_starbase"]} if armed else None)
        ctx = ctx_for(state)
        f = borg.start_fight(ctx, borg.cube(state, "cube1"), [2], "done", system="vega")
        borg._system_fires(ctx, f)
        rolled = [e["dice"] for e in ev(ctx.events, "dice_rolled") if e["why"] == "assimilation_defence"]
        assert len(rolled[0]) == dice  # 2 Resource Nodes, the Control Node and the Starbase's dice


@pytest.mark.rules("ascendancy:R169", "ascendancy:R237")
def test_the_klingons_never_retreat_from_the_borg_even_with_their_warrior_tradition_exhausted() -> None:
    """R169: "I Klingon non possono ritirarsi dalle Battaglie contro i Borg": the civilization, not its card; an
    Exhausted Warrior Tradition (R137) takes the 6 that always hits, not the rule."""
    state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA], lanes=[("l1", "vega", "qonos", 1)],
                      ships={1: {"L:l1:1": 5}})
    kli = state["players"][1]
    for a in kli["advancements"]:
        if a["card"] == "kli_warrior_tradition":
            a["exhausted"] = True
    area = borg.battle_area(state, "S:vega")
    assert not borg.can_retreat(state, 1, area)
    assert not borg.must_retreat(kli, 4)


@pytest.mark.rules("ascendancy:R253", "ascendancy:R101")
def test_an_assimilation_counts_as_a_planetary_invasion_for_the_defenders_invasion_cards() -> None:
    """R253: the Assimilation "conta come Invasione Planetaria": the controller's cards that add dice when his
    system is Invaded (Imperial Guard, 2 dice) add them against the Cube."""
    vega = {**VEGA, "slots": ["production", "research"], "nodes": ["production", "research"], "control": 2}
    for guard, dice in ((False, 3), (True, 5)):
        state = borg_turn(civs=("federation", "klingon", "andorian"), cubes={"cube1": "S:vega"}, systems=[vega],
                          advancements={2: ["and_imperial_guard"]} if guard else None)
        ctx = ctx_for(state)
        f = borg.start_fight(ctx, borg.cube(state, "cube1"), [2], "done", system="vega")
        borg._system_fires(ctx, f)
        rolled = [e["dice"] for e in ev(ctx.events, "dice_rolled") if e["why"] == "assimilation_defence"]
        assert len(rolled[0]) == dice  # 2 Resource Nodes and the Control Node, then the card's 2


@pytest.mark.rules("ascendancy:R229", "ascendancy:R264", "ascendancy:R86", "ascendancy:R42")
def test_a_players_space_battle_cards_and_fleets_fight_a_cube_too() -> None:
    """R229: a Cube engages in a "Battaglia Spaziale"; R264: the cards for "Navi rivali" apply to the Borg. The
    player's extra dice (Sovereign-class), his fleet's (Battle Fleet, R86) and his re-rolls (Quantum Torpedoes,
    one missed die, R42; made at once, a re-roll of a miss can only help) count against a Cube (RULINGS E72)."""
    rerolled = 0
    for seed in range(8):
        state = borg_turn(cubes={"cube1": "S:vega"}, systems=[VEGA], ships={0: {"S:vega": 0}},
                          lanes=[("l1", "vega", "earth", 1)],
                          advancements={0: ["fed_sovereign_class", "fed_quantum_torpedoes"]},
                          fleets={0: {"fed_fleet_3": ("fed_battle_fleet", 2, "L:l1:1")}})
        state["players"][0]["ships"] = {"L:l1:1": 3}
        ctx = ctx_for(state, seed)
        f = borg.start_fight(ctx, borg.cube(state, "cube1"), [0], "card")
        hits = borg._players_fire(ctx, f, borg.battle_area(state, "S:vega"))
        rolls = [e for e in ev(ctx.events, "dice_rolled") if e["seat"] == 0]
        first = [e["dice"] for e in rolls if e["why"] == "borg_battle"][0]
        assert len(first) == 3 + 1 + 2 + 1  # ships, Sovereign-class, the fleet's ships and its extra die
        again = [d for e in rolls if e["why"] == "borg_reroll" for d in e["dice"]]
        misses = sum(1 for d in first if d < 5)
        assert len(again) == min(misses, 1)  # Quantum Torpedoes: one missed die (the fleet side has no re-roll)
        rerolled += len(again)
        final = sum(1 for d in first if d >= 5) + sum(1 for d in again if d >= 5)
        assert hits == final
    assert rerolled


@pytest.mark.rules("ascendancy:R260", "ascendancy:R101")
def test_reclaiming_is_an_invasion_so_the_invaders_cards_count() -> None:
    """R260: a Borg System "può essere Invaso" (Planetary Invasion, p. 30 of the base book): the invader's cards
    that add dice when he Invades (Ground Assault) count, and one that gives him First Strike when he Invades
    (Tactical Academy) is the card B25 allows ("No First Strike, unless a card gives it")."""
    from games.ascendancy.engine.scenario import build as build_

    def position(civ: str, card: str | None) -> dict:
        state = build_(civs=("federation", civ, "romulan"), options={"borg_mode": "delta_quadrant"}, turn=1,
                       phase="command", systems=[VEGA], ships={1: {"S:vega": 3}},
                       advancements={1: [card]} if card else None)
        state["borg"]["spires"].append({"system": "vega", "nodes": 0, "cube": None, "placed": 1})
        return state

    for card, dice in ((None, 3), ("kli_ground_assault", 4)):
        state, events = run(position("klingon", card), cmd(1, "reclaim", at="vega"))
        assert len([e["dice"] for e in ev(events, "dice_rolled") if e["why"] == "reclaim"][0]) == dice
    fired = []
    for seed in range(12):
        state, events = run(position("andorian", "and_tactical_academy"), cmd(1, "reclaim", at="vega"), seed=seed)
        won = bool(ev(events, "borg_system_reclaimed"))
        defence = [e for e in ev(events, "dice_rolled") if e["why"] == "borg_system_defence"]
        assert not (won and defence)  # a reclaiming First Strike roll leaves the Borg System no fire
        fired.append(bool(defence))
    assert not all(fired)
