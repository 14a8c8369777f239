"""Rules-fidelity probes of the Borg automaton against the Borg Assimilation rulebook (ascendancy:R216-R275):
clauses the other Borg tests do not pin down."""

from __future__ import annotations

import pytest

from games.ascendancy.engine.rounds import extermination
from games.ascendancy.engine.scenario import build
from tests.ascendancy.engine.borg_helpers import borg, borg_turn, ctx_for
from tests.ascendancy.engine.helpers import ev


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
