"""Setting up a game (digest §2): the civilization choice, then homes, pieces, decks and the disc stack."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.ascendancy.engine import catalog, effects, layout, optional
from games.ascendancy.engine.board import sys_sector
from games.ascendancy.engine.state import Ctx, State, command_total, new_player
from games.engine.core import Rng


def new_system(sid: str, disc: dict[str, Any], xy: list[float], home_of: int | None = None) -> dict[str, Any]:
    return {
        "disc": disc.get("id", sid), "kind": disc.get("kind", "planet"),
        "slots": list(disc["slots"]), "nodes": [None] * len(disc["slots"]), "control": None,
        "home_of": home_of, "max_lanes": int(disc["max_lanes"]), "hazard": int(disc.get("hazard", 0)),
        "starbase": False, "starbase_cmd": False, "warp_level": 0, "prewarp": {}, "research": 0,
        "card": None, "xy": xy, **({"transwarp": disc["transwarp"]} if disc.get("transwarp") else {}),
    }


def setup_game(n: int, options: Mapping[str, Any], rng: Rng, civs: Sequence[str] | None = None) -> Ctx:
    state: State = {
        "n": n, "options": dict(options), "round": 0, "phase": "choose_civ", "dseq": 0,
        "players": [new_player(s) for s in range(n)], "systems": {}, "lanes": {}, "stack": [],
        "exploration": {"deck": [], "discard": []}, "order": [], "cards": {}, "initiative": None,
        "turn": None, "prompt": None, "automata": [], "end": None, "next_id": 1, "galaxy": None,
    }
    ctx = Ctx(state=state, rng=rng)
    if civs is not None:
        for seat, civ in enumerate(civs):
            state["players"][seat]["civ"] = civ
        finish_setup(ctx)
    return ctx


def finish_setup(ctx: Ctx) -> None:
    """Everything after the civilizations are known (setup 2.1 steps 2-12)."""
    s = ctx.state
    opts = s["options"]
    civs = [p["civ"] for p in s["players"]]
    for p in s["players"]:
        civ = p["civ"]
        home = catalog.HOMES[civ]
        sid = home["disc"]
        system = new_system(sid, {"id": sid, "slots": home["slots"], "max_lanes": home["max_lanes"]}, [0.0, 0.0],
                            home_of=p["seat"])
        system["nodes"] = [t if t != catalog.OPEN else "culture" for t in home["slots"]]  # fully developed
        system["control"] = p["seat"]
        s["systems"][sid] = system
        p["ships"] = {sys_sector(sid): 3}  # setup 2.1.8
        if opts.get("humble_origins"):  # R155
            p["resources"] = {"production": 0, "research": 0, "culture": 0}
        elif opts.get("extra_resources"):  # R146
            p["resources"] = {r: int(catalog.START_EXTRA.get(r, 0)) for r in catalog.RESOURCES}
        else:
            p["resources"] = {r: int(catalog.START["resources"].get(r, 0)) for r in catalog.RESOURCES}
        authority = int(catalog.CIV[civ]["authority"])
        if opts.get("humble_origins") and authority <= 1:  # R155: Vulcans keep their 3 (R199)
            authority = 0
        p["authority"] = p["authority_max"] = authority
        p["advancements"] = [{"card": catalog.STARTING_ADVANCEMENT[civ], "exhausted": False}]
        p["deck"] = rng_shuffled(ctx.rng, catalog.advancement_deck(civ))
        if opts.get("unbridled_culture"):  # R150
            p["unbridled_culture"] = True
        optional.starting_cards(ctx, p)  # R147, R148
        p["fleet_cards"] = [f["id"] for f in catalog.FLEETS[civ]]
        p["trade_hand"] = [0, 1, 2]
        p["commands"] = p["ready"] = command_total(s, p["seat"])
    layout.init_galaxy(s, [catalog.HOMES[civ]["disc"] for civ in civs])
    discs = catalog.discs_in_play(civs)
    if opts.get("random_galaxy"):  # R153
        s["stack"] = rng_shuffled(ctx.rng, discs)
    else:  # setup 2.1.10: 2 x players planetary discs on top
        planets = rng_shuffled(ctx.rng, [d for d in discs if catalog.DISCS[d]["kind"] == "planet"])
        top, rest = planets[: 2 * s["n"]], planets[2 * s["n"]:]
        rest += [d for d in discs if catalog.DISCS[d]["kind"] != "planet"]
        s["stack"] = rng_shuffled(ctx.rng, rest) + top
    s["exploration"]["deck"] = rng_shuffled(ctx.rng, catalog.exploration_in_play(civs))
    if opts.get("borg_mode", "none") != "none":  # §2.3-2.5
        effects.MECHANICS["setup_borg"](ctx)  # borg.py
    ctx.emit("game_set_up", civs=civs)
    if optional.starting_choices_open(s):  # R147, R148: experienced players choose their cards first
        s["phase"] = "starting_cards"
        return
    after_starting_cards(ctx)


def after_starting_cards(ctx: Ctx) -> None:
    """The Vulcan Agenda (setup 2.1.9), then the first round."""
    from games.ascendancy.engine.agendas import deal

    if deal(ctx):  # setup 2.1.9: the Vulcan reveals one of his two Agendas first
        return
    from games.ascendancy.engine.rounds import start_round

    start_round(ctx)


def rng_shuffled(rng: Rng, items: list[str]) -> list[str]:
    return rng.shuffled(sorted(items))
