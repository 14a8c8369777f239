"""What each seat may see (bsg 6.1, R401, R501) and the zones the site mirrors.

A seat sees its own hand, loyalty cards, Quorum cards, Super Crisis cards (R402e) and skill check
contributions; of the others only how many they hold or put in. The cards a prompt shows (the Destinations
the Admiral draws, a revealer's damage tokens, Caprica's two crises, the hand the Human Fleet looks at) are
its seat's alone; who must give loyalty cards away is public (R403). Decks, the Destiny cards and the civilian ships' backs are hidden from
everyone; the Destination cards the Admiral draws are his until he chooses. Revealed loyalty cards are
public.
"""

from __future__ import annotations

from typing import Any

from games.bsg.engine import characters, crossroads, cylon_fleet, earth, ionian, rebel_basestar, standing
from games.bsg.engine.state import State, infiltrator
from games.engine.core import Zone


def view(state: State, seat: int | None) -> dict[str, Any]:
    players = []
    for p in state["players"]:
        mine = seat is not None and p["seat"] == seat
        entry: dict[str, Any] = {
            "seat": p["seat"], "character": p["character"], "location": p["location"], "viper": p["viper"],
            "stranded": p["stranded"], "cylon": p["cylon"], "revealed": list(p["revealed"]),
            "hand_count": len(p["hand"]), "loyalty_count": len(p["loyalty"]),
            "quorum_count": len(p["quorum"]), "super_crisis_count": len(p["super_crisis"]), "nukes": p["nukes"],
        }
        if infiltrator(p):  # R802, R406: a Cylon Leader or Sympathetic Cylon, infiltrated or not (R803); his
            entry["leader"] = bool(p.get("leader"))  # Agenda is his alone (R805)
            entry["friendly"] = bool(p.get("friendly"))
            entry["infiltrated"] = not p["cylon"]
            if mine or state["phase"] == "over":
                entry["agenda"] = p.get("agenda")
            if "motives" in p:  # R804: his Motive cards his alone, the revealed ones face up for everyone
                entry["motives_revealed"] = list(p["motives_revealed"])
                entry["motive_count"] = len(p["motives"])
                if mine:
                    entry["motives"] = sorted(p["motives"])
        if p.get("eliminated"):  # out of the game by the Ionian Nebula's Trial (R978)
            entry["eliminated"] = True
        if p.get("mk7"):  # flying a Viper Mark VII (R916)
            entry["mk7"] = True
        shown = [c for c in p["loyalty"] if c in state.get("public_loyalty", ())]
        if shown:  # Final Five cards shown to everyone and taken back face down (R410)
            entry["shown_loyalty"] = shown
        if "miracles" in p:  # Daybreak: Miracle tokens are public, Mutiny cards their holder's (R1010, R1020)
            entry["miracles"] = p["miracles"]
            entry["mutiny_count"] = len(p["mutiny"])
            entry["craft"] = p.get("craft")  # a pilot in an Assault Raptor (R623)
            if mine:
                entry["mutiny"] = sorted(p["mutiny"])
        if mine:
            entry["hand"] = sorted(p["hand"])
            entry["loyalty"] = sorted(p["loyalty"])
            entry["quorum"] = sorted(p["quorum"])
            entry["super_crisis"] = sorted(p["super_crisis"])
            entry["known_loyalty"] = sorted(state.get("known", {}).get(str(p["seat"]), []))
            entry["interrupts"] = characters.interrupts(state, p["seat"]) + rebel_basestar.interrupts(state, p["seat"])
            entry["standing"] = standing.mode_of(state, p["seat"])  # answering checks in advance (G43)
            if "pegasus" in state:  # R800: his standing choice of the ship damaged (G53)
                entry["damage_ship"] = "pegasus" if p["seat"] in state["pegasus"]["prefer"] else "galactica"
        players.append(entry)
    check = state["check"]
    check_view = None
    if check is not None:
        check_view = {
            "card": check["source"].get("card"), "option": check["source"].get("option"),
            "mission": check["source"].get("mission"),  # a Mission card's check (R1053)
            "location": check["source"].get("location"), "target": check["source"].get("target"),
            "colors": check["colors"],
            "difficulty": check["difficulty"], "partial_at": check["partial_at"], "order": check["order"],
            "waiting_for": check["order"][check["at"]] if check["at"] < len(check["order"]) else None,
            "counts": {k: len(v) for k, v in check["played"].items()}, "destiny_count": len(check["destiny"]),
        }
        if seat is not None:
            check_view["mine"] = list(check["played"][str(seat)])
        check_view["open"] = bool(check.get("open"))  # Investigative Committee: every contribution face up
        if check.get("open"):
            check_view["played"] = {k: list(v) for k, v in check["played"].items()}
        check_view["extra_colors"] = list(check.get("extra_colors", []))
        check_view["revealed"] = list(check.get("revealed", []))  # after the reveal, without owners
        check_view["removed"] = list(check.get("removed", []))
        window = check.get("window")
        check_view["window"] = window["queue"][0] if window and window["queue"] else None
        check_view["reckless"] = check.get("reckless")  # Daybreak (R507): face up, with its owner
        check_view["restored"] = bool(check.get("restored"))  # Restore Order was played on it
        before = check.get("before")
        check_view["before"] = before["queue"][0] if before and before["queue"] else None
    prompt = state["prompt"]
    prompt_view = None
    if prompt is not None:
        prompt_view = {k: v for k, v in prompt.items() if k != "cards"}
        if "cards" in prompt:
            prompt_view["card_count"] = len(prompt["cards"])
            if seat == prompt["seat"]:
                prompt_view["cards"] = list(prompt["cards"])
    decks = state["decks"]
    space = {area: {"raider": w["raider"], "heavy_raider": w["heavy_raider"], "viper": w["viper"],
                    "basestars": [len(b["damage"]) for b in w["basestar"]], "civilians": len(w["civilian"]),
                    # R162: the damage tokens lie face up on their basestar (RULINGS G212)
                    "basestar_damage": [list(b["damage"]) for b in w["basestar"]]}
             for area, w in state["space"].items()}
    return {
        "you": seat, "phase": state["phase"], "step": state["step"], "turn": state["turn_no"],
        "current": state["current"], "first": state["first"], "chooser": state["chooser"],
        "players": players, "president": state["president"], "admiral": state["admiral"],
        "resources": dict(state["resources"]), "jump": state["jump"], "distance": state["distance"],
        "destinations": list(state["destinations"]), "reserves": dict(state["reserves"]),
        "damaged_vipers": state["damaged_vipers"], "vipers_lost": state["vipers_lost"],
        "boarding": list(state["boarding"]),  # the centurions' spaces on the Boarding Party track (public)
        "activation": state["activation"], "viper_acts": state.get("viper_acts"),
        "attached": list(state.get("attached", [])),
        "readied": list(state.get("readied", [])), "civilians_destroyed": list(decks["civilians_destroyed"]), "space": space, "crisis": state["crisis"],
        "damaged_locations": list(state["damage"]), "damage_removed": list(decks["damage_removed"]),
        "check": check_view, "prompt": prompt_view, "discards": list(state["discards"]),
        "forced_discards": dict(state["forced"]), "give_away": list(state["give_away"]),
        "decks": {
            "skill": {k: len(v) for k, v in decks["skill"].items()},
            "skill_discard": {k: list(v) for k, v in decks["skill_discard"].items()},
            "destiny": len(decks["destiny"]), "loyalty": len(decks["loyalty"]),
            "galactica_damage": len(decks["galactica_damage"]),
            **{name: len(decks[name]) for name in ("crisis", "super_crisis", "destination", "quorum")},
            "super_crisis_discard": list(decks["super_crisis_discard"]),
            "quorum_removed": list(decks.get("quorum_removed", [])),
            **{f"{name}_discard": list(decks[f"{name}_discard"]) for name in ("crisis", "destination", "quorum")},
        },
        "sleeper_done": state["sleeper_done"], "options": dict(state["options"]), "result": state["result"],
        **_expansions(state),
        # the Exodus Cylon Fleet (R910-R916): its board, the pursuit track, the CAG, the Mark VII; all public
        "cylon_fleet": cylon_fleet.view(state), "cag": state.get("cag"),
        **_daybreak_view(state),
        **_earth_view(state),
        # Exodus's Ionian Nebula: the allies, the trauma counts and one's own tokens; the Crossroads phase
        **({"ionian": ionian.view(state, seat), "crossroads": crossroads.view(state, seat)} if "ionian" in state
           else {}),
    }


def _expansions(state: State) -> dict[str, Any]:
    """What Pegasus adds to the public view: her damage tokens and whether she is destroyed (R800), the
    executed characters and the loyalty cards they showed (R452)."""
    out: dict[str, Any] = {}
    if "pegasus" in state:
        out["pegasus"] = {"damage": list(state["pegasus"]["damage"]), "destroyed": state["pegasus"]["destroyed"],
                          "pile": len(state["decks"]["pegasus_damage"])}
    if "gone" in state:
        out["gone"] = list(state["gone"])
    if "loyalty_discard" in state["decks"]:
        out["loyalty_discard"] = list(state["decks"]["loyalty_discard"])
    if "new_caprica" in state:  # R820-R834: the occupation forces, the face-down stacks' sizes, the return
        nc = state["new_caprica"]
        out["new_caprica"] = {"returned": nc["returned"], "occupation": list(nc["occupation"]),
                              "locked_down": len(nc["locked_down"]), "operational": len(nc["operational"])}
    return out


def _daybreak_view(state: State) -> dict[str, Any]:
    """Daybreak's public part: the Mutiny deck's size, its face-up discards and who must decide what."""
    if "daybreak" not in state:
        return {}
    day = state["daybreak"]
    return {"daybreak": {
        "mutiny_deck": len(state["decks"]["mutiny"]), "mutiny_discard": list(state["decks"]["mutiny_discard"]),
        "mutiny_keep": list(day["mutiny_keep"]), "mutineer_pass": list(day["mutineer_pass"]),
        "mutineer_draw": day["mutineer_draw"], "miracle_chooser": day["miracle_chooser"],
        "destroyed": list(day["destroyed"]),  # the sheets turned over (R318, R319)
        "assault_raptors": {**day["assault_raptors"], "space": dict(day["assault_raptors"]["space"])},
        "raptors_at_jump": day["raptors_at_jump"],
    }}


def _earth_view(state: State) -> dict[str, Any]:
    """Daybreak's Earth objective, all public but the Mission deck's order (R1053, R1054, R1060)."""
    if not earth.on(state):
        return {}
    e = state["earth"]
    return {"earth": {
        "active": dict(e["active"]) if e["active"] is not None else None, "beside": list(e["beside"]),
        "allegiance": e["allegiance"], "mission_deck": len(state["decks"]["mission"]),
        "mission_discard": list(state["decks"]["mission_discard"]),
    }}


def zones(state: State) -> list[Zone]:
    d = state["decks"]
    out = [Zone(f"skill:{k}", tuple(v), visibility="hidden") for k, v in d["skill"].items()]
    out += [Zone(f"skill_discard:{k}", tuple(v), visibility="public") for k, v in d["skill_discard"].items()]
    out += [Zone(name, tuple(d[name]), visibility="hidden")
            for name in ("destiny", "crisis", "super_crisis", "destination", "quorum", "loyalty", "loyalty_box",
                         "civilians", "galactica_damage")]
    out.append(Zone("damage_removed", tuple(d["damage_removed"]), visibility="public"))
    if "pegasus_damage" in d:  # R800
        out.append(Zone("pegasus_damage", tuple(d["pegasus_damage"]), visibility="hidden"))
        out.append(Zone("pegasus_board", tuple(state["pegasus"]["damage"]), visibility="public"))
    if "new_caprica" in state:  # R821: the boxed Crisis deck, the face-down civilian stacks
        out.append(Zone("crisis_boxed", tuple(d["crisis_boxed"]), visibility="hidden"))
        out += [Zone(f"new_caprica:{name}", tuple(state["new_caprica"][name]), visibility="hidden")
                for name in ("locked_down", "operational")]
    if "mission" in d:  # R1053, R1054: the Mission deck's order is secret, its discard pile face up
        out.append(Zone("mission", tuple(d["mission"]), visibility="hidden"))
        out.append(Zone("mission_discard", tuple(d["mission_discard"]), visibility="public"))
    if "loyalty_discard" in d:  # R452 C
        out.append(Zone("loyalty_discard", tuple(d["loyalty_discard"]), visibility="public"))
    out.append(Zone("civilians_destroyed", tuple(d["civilians_destroyed"]), visibility="public"))
    out += [Zone(f"{name}_discard", tuple(d[f"{name}_discard"]), visibility="public")
            for name in ("crisis", "super_crisis", "destination", "quorum")]
    if "daybreak" in state:  # R1020: the Mutiny deck and its face-up discards
        out.append(Zone("mutiny", tuple(d["mutiny"]), visibility="hidden"))
        out.append(Zone("mutiny_discard", tuple(d["mutiny_discard"]), visibility="public"))
        out += [Zone(f"mutiny:{p['seat']}", tuple(sorted(p["mutiny"])), owner=p["seat"], visibility="owner")
                for p in state["players"]]
    for p in state["players"]:
        s = p["seat"]
        out.append(Zone(f"hand:{s}", tuple(sorted(p["hand"])), owner=s, visibility="owner"))
        out.append(Zone(f"loyalty:{s}", tuple(sorted(p["loyalty"])), owner=s, visibility="owner"))
        out.append(Zone(f"revealed:{s}", tuple(p["revealed"]), owner=s, visibility="public"))
        out.append(Zone(f"quorum:{s}", tuple(sorted(p["quorum"])), owner=s, visibility="owner"))
        out.append(Zone(f"super_crisis:{s}", tuple(sorted(p["super_crisis"])), owner=s, visibility="owner"))
        if p.get("agenda"):  # R805
            out.append(Zone(f"agenda:{s}", (p["agenda"],), owner=s, visibility="owner"))
        if "motives" in p:  # R804
            out.append(Zone(f"motives:{s}", tuple(sorted(p["motives"])), owner=s, visibility="owner"))
            out.append(Zone(f"motives_revealed:{s}", tuple(p["motives_revealed"]), owner=s, visibility="public"))
    if "motives" in d:  # R804: the Motive deck
        out.append(Zone("motives", tuple(d["motives"]), visibility="hidden"))
    for kind, pile in d.get("agendas", {}).items():
        out.append(Zone(f"agendas:{kind}", tuple(pile), visibility="hidden"))
    if "ionian" in state:  # R931, R944: the trauma pool, each player's tokens, the Ally and Crossroads decks
        ion = state["ionian"]
        out.append(Zone("trauma_pool", tuple(ion["pool"]), visibility="hidden"))
        out.append(Zone("ally_deck", tuple(ion["ally_deck"]), visibility="hidden"))
        out.append(Zone("crossroads_deck", tuple(ion["crossroads_deck"]), visibility="hidden"))
        out += [Zone(f"trauma:{p['seat']}", tuple(sorted(p.get("trauma", []))), owner=p["seat"], visibility="owner")
                for p in state["players"]]
    return out
