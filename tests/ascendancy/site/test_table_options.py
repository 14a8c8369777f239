"""The Ascendancy table options offered last (RULINGS §5): secret Initiative bids (I3) on the page, the table's
size (G5) and Connections from any system (G11) on the new-table form; a refusal that names a table option
shows its translated label, not its id (RULINGS E55)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.engine import registry
from games.engine.core import IllegalCommand
from games.models import Table
from games.parts import Part, render_parts
from games.presenters import presenter_for


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def _post(user, **options: str):  # type: ignore[no-untyped-def]
    data = {
        "game": "ascendancy",
        "shown_game": "ascendancy",
        "num_players": "3",
        **{f"opt_{k}": v for k, v in options.items()},
    }
    return _client(user).post(reverse("table_create"), data)


def _parts(state: dict[str, Any], position: int | None) -> dict[str, Part]:
    rules = registry.get("ascendancy")
    presenter = presenter_for("ascendancy")
    view = rules.view(state, position)
    legal = rules.legal_commands(state, position) if position is not None else []
    ctx = {
        "view": view,
        "position": position,
        "table": None,
        "seat_names": {},
        "controls": presenter.controls(rules, view, legal, position),
        "form_version": 1,
        "idempotency_key": "k",
    }
    return {p.id: p for p in presenter.board_parts(rules, ctx) or []}


@pytest.mark.rules("ascendancy:R3", "ascendancy:R4")
def test_a_secret_bid_shows_only_in_its_bidders_own_part_until_the_reveal() -> None:
    """RULINGS I3: the status line (a public part, the same for everyone) says "secret" for every bid, the bidder
    reads his own in the part only he sees; the next bidder's form names no total taken."""
    from games.ascendancy.engine.scenario import build, cmd, run

    state, _ = run(
        build(bidding=[0, 1, 2], contact=[0, 1, 2], turn=None, options={"bids": "secret"}),
        cmd(0, "bid", production=2, culture=1),
    )
    by_viewer = {position: _parts(state, position) for position in (None, 0, 1, 2)}
    for parts in by_viewer.values():
        assert parts["asc-status"].data == by_viewer[None]["asc-status"].data
        public = str(render_parts([p for p in parts.values() if p.public]))
        assert "Initiative bids:" in public and ": secret</span>" in public and ": 3</span>" not in public
    mine = str(render_parts([by_viewer[0]["asc-secret"]]))
    assert "Your secret Initiative bid: 3 (2 Production, 0 Research, 1 Culture)" in mine
    assert all("asc-secret" not in by_viewer[p] for p in (None, 1, 2))
    # the next bidder's form is the open one's, and names no total: the server refuses a taken one (R4)
    form = by_viewer[1]["asc-decide"].data["bid"]
    assert form is not None and form["secret"] and form["forbidden"] == []
    shown = str(render_parts([by_viewer[1]["asc-decide"]]))
    assert "Commit resources in secret" in shown and 'data-forbidden=""' in shown and 'name="arg_culture"' in shown
    assert by_viewer[0]["asc-decide"].data["bid"] is None  # the bidder's bid is made
    state, _ = run(state, cmd(1, "bid", research=1), cmd(2, "bid"))
    status = str(render_parts([_parts(state, 2)["asc-status"]]))
    assert ": 3</span>" in status and ": 1</span>" in status and "secret" not in status


@pytest.mark.django_db
def test_the_form_offers_the_table_size_and_refuses_one_out_of_range_in_words(alice) -> None:  # type: ignore[no-untyped-def]
    body = _client(alice).get(reverse("table_create") + "?game=ascendancy").content.decode()
    assert 'name="opt_table_size"' in body and 'min="75"' in body and 'max="150"' in body
    assert "Leave empty for the usual size" in body
    assert 'name="opt_connections_from_any_system"' in body and 'name="opt_bids"' in body
    response = _post(alice, table_size="160")
    assert response.status_code == 200 and not Table.objects.exists()
    assert response.context["form"].errors["opt_table_size"] == [
        "“Table side (cm, 75-150)” must be between 75 and 150, not 160."
    ]
    alice.language = "it"
    alice.save()
    response = _post(alice, table_size="70")
    assert response.context["form"].errors["opt_table_size"] == [
        "“Lato del tavolo (cm, 75-150)” deve essere tra 75 e 150, non 70."
    ]
    response = _post(alice, table_size="", bids="secret")
    assert response.status_code == 302
    options = Table.objects.get().options
    assert options["table_size"] is None and options["bids"] == "secret"
    assert options["connections_from_any_system"] is False
    Table.objects.all().delete()
    response = _post(alice, table_size="120", connections_from_any_system="on")
    assert response.status_code == 302
    options = Table.objects.get().options
    assert options["table_size"] == 120 and options["connections_from_any_system"] is True


@pytest.mark.django_db
@pytest.mark.rules("ascendancy:R155")
def test_a_refused_mix_names_the_options_by_their_labels(alice) -> None:  # type: ignore[no-untyped-def]
    response = _post(alice, extra_resources="on", humble_origins="on")
    text = " ".join(response.context["form"].errors["opt_extra_resources"])
    assert "Extra starting resources (8 Production, 6 Research, 4 Culture)" in text
    assert "Humble Origins: no starting resources or Authority" in text
    assert "extra_resources" not in text and "humble_origins" not in text


@pytest.mark.rules("ascendancy:R145", "ascendancy:R147", "ascendancy:R157")
def test_a_refusal_in_play_names_the_option_by_its_translated_label() -> None:
    from games.ascendancy.engine.messages import OPTIONS
    from games.selectors import error_text

    exc = IllegalCommand("option_not_in_play", "ascendancy:R157", option="allied_cooperation")
    assert error_text(exc, "ascendancy") == (
        f"The optional rule {OPTIONS['option_allied_cooperation']} is not used at this table. "
        "(rule ascendancy:R157)"
    )
    either = IllegalCommand(
        "option_needs_option",
        "ascendancy:R147",
        option="starting_cards_chosen",
        other="starting_project / starting_advancement",
    )
    text = error_text(either, "ascendancy")
    assert OPTIONS["option_starting_project"] in text and OPTIONS["option_starting_advancement"] in text
    assert "starting_project" not in text
    with translation.override("it"):
        italian = error_text(exc, "ascendancy")
    assert "allied_cooperation" not in italian and OPTIONS["option_allied_cooperation"] not in italian
    assert "regola ascendancy:R157" in italian
    unknown = IllegalCommand("unknown_option", option="no_such_option")
    assert "no_such_option" in error_text(unknown, "ascendancy")  # not an option: said as it was sent
