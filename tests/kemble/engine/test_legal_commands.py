"""legal_commands lists exactly the commands apply accepts (a property over random positions)."""

from __future__ import annotations

from typing import Any

from games.engine.core import Command, IllegalCommand, Rng
from games.kemble.engine import RULES
from games.kemble.engine.content import DIRS4, DIRS8, UPGRADE_TYPES, WEAPONS


def candidates(state: dict[str, Any], seat: int) -> list[Command]:
    out = [Command(seat, k) for k in ("battle", "power_down", "end_turn", "spend_move", "merchant", "buy_powerup",
                                      "stay")]
    out += [Command(seat, "move", {"dir": d}) for d in DIRS8]
    out += [Command(seat, "rotate", {"dir": d}) for d in DIRS8]
    out += [Command(seat, "enter", {"col": c}) for c in range(0, 2 * state["width"] + 2)]
    out += [Command(seat, "overload", {"gain": g}) for g in ("move", "fire")]
    out += [Command(seat, "buy_upgrade", {"upgrade": t}) for t in UPGRADE_TYPES]
    out += [Command(seat, "choose_side", {"side": s}) for s in ("left", "right")]
    for w in WEAPONS:
        if w == "missile":
            out += [Command(seat, "fire", {"weapon": w, "splash": s}) for s in (*DIRS4, "none")]
        else:
            out.append(Command(seat, "fire", {"weapon": w}))
    for p in state["players"]:
        out += [Command(seat, "play_powerup", {"card": c}) for c in p["powerups"]]
        out += [Command(seat, "bid", {"card": c}) for c in p["hand"]]
    rows = len(state["board"])
    out += [Command(seat, "teleport", {"row": r, "col": c}) for r in range(1, rows + 1)
            for c in range(1, 2 * state["width"] + 1)]
    out += [Command(seat, "swap", {"row": r, "card_col": c}) for r in range(1, rows + 1)
            for c in range(1, state["width"] + 1)]
    return out


def accepted(state: dict[str, Any], command: Command) -> bool:
    try:
        RULES.apply(state, command, Rng.from_seed(3))
    except IllegalCommand:
        return False
    return True


def test_legal_commands_match_what_apply_accepts() -> None:
    for players, seed, options in ((2, 11, {}), (3, 12, {"special_cards": True}), (1, 13, {}),
                                   (4, 14, {"wingmen": True, "tunnel_vision": True})):
        rng, bot = Rng.from_seed(seed), Rng.from_seed(seed + 1000)
        state = RULES.setup(num_players=players, options=RULES.validate_options(players, options), rng=rng).state
        for step in range(250):
            if RULES.result(state) is not None:
                break
            command = RULES.auto_command(state)
            if command is None:
                seats = sorted(RULES.seats_to_act(state))
                seat = seats[bot.below(len(seats))]
                legal = RULES.legal_commands(state, seat)
                if step % 3 == 0:
                    listed = {(c.kind, tuple(sorted(c.args.items()))) for c in legal}
                    for cand in candidates(state, seat):
                        key = (cand.kind, tuple(sorted(cand.args.items())))
                        assert accepted(state, cand) == (key in listed), (cand, state["turn"])
                command = legal[bot.below(len(legal))]
            state = RULES.apply(state, command, rng).state
