"""The Initiative bid's form (jinja2/ascendancy/decide.html): three amounts sent as named fields
(``arg_production``, ``arg_research``, ``arg_culture``, read by ``games.commands.parse_command``), by POST and
over the table's socket alike; the server checks them as it checks any bid (R4), and what a hostile page
sends (an unknown field, a word, a negative number, a fraction, more than the player has) is refused in
words, next to the form, and never logged."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.utils import translation

from games.ascendancy.engine.scenario import build, cmd, run
from games.engine import registry
from games.models import Command, Seat, Table
from games.presenters import presenter_for
from tests.games.test_command_paths import Post, Socket
from tests.support.pages import load_state, seeded_table
from tests.support.tables import state_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

HAVE = {"production": 3, "research": 2, "culture": 1}


@pytest.fixture(params=[Post, Socket], ids=lambda p: p.name)
def path(request):  # type: ignore[no-untyped-def]
    return request.param


def _bid_table(users: list[Any], *, taken: int | None = None, secret: bool = False) -> tuple[Table, Any, int]:
    """A table at the Initiative bids, the bidder's decision open; ``taken``: a total the first bidder
    committed already (then the second bids)."""
    rules = registry.get("ascendancy")
    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], options={"bids": "secret"} if secret else None,
                  resources={s: dict(HAVE) for s in range(3)})
    if taken is not None:
        first = min(s for d in rules.pending(state) for s in d.seats)
        state, _ = run(state, cmd(first, "bid", production=taken))
    bidder = min(s for d in rules.pending(state) for s in d.seats)
    table = seeded_table("ascendancy", users, 1)
    load_state(rules, table, state)
    Seat.objects.filter(table=table, position=bidder).update(decision_since=table.version)
    user = Seat.objects.select_related("user").get(table=table, position=bidder).user
    return table, user, bidder


def _form(table: Table, **amounts: str) -> dict[str, str]:
    """What the bid form sends: its hidden fields and its three number inputs (``amounts`` replaces or adds)."""
    data = {"kind": "bid", "args": "{}", "version": str(table.version), "idempotency_key": str(uuid.uuid4()),
            "arg_production": "0", "arg_research": "0", "arg_culture": "0"}
    data.update({k if k.startswith("arg_") else f"arg_{k}": v for k, v in amounts.items()})
    return data


async def _logged(table: Table) -> list[str]:
    return await sync_to_async(lambda: list(Command.objects.filter(table=table).values_list("kind", flat=True)))()


@pytest.mark.rules("ascendancy:R3")
async def test_a_bid_sent_from_the_form_is_applied(path, alice, bob, charlie):  # type: ignore[no-untyped-def]
    table, user, bidder = await sync_to_async(_bid_table)([alice, bob, charlie])
    page = await path(user, table).open()
    answer = await page.send(_form(table, production="2", research="1", culture="1"))
    await page.close()
    assert answer.applied, answer.message
    state = await sync_to_async(state_of)(table)
    assert state["initiative"]["bids"][str(bidder)] == {"production": 2, "research": 1, "culture": 1}
    assert state["players"][bidder]["resources"] == {"production": 1, "research": 1, "culture": 0}  # paid (R3)
    assert await _logged(table) == ["bid"]


@pytest.mark.rules("ascendancy:R4")
async def test_a_total_already_committed_is_refused_with_its_rule_next_to_the_form(path, alice, bob, charlie):  # type: ignore[no-untyped-def]
    table, user, _ = await sync_to_async(_bid_table)([alice, bob, charlie], taken=2)
    page = await path(user, table).open()
    answer = await page.send(_form(table, research="1", culture="1"))  # 2 again, in another mix
    assert not answer.applied
    assert answer.message == ("Another player already committed a total of 2: commit a different amount or none. "
                              "(rule ascendancy:R4)")
    if answer.status is not None:  # the POST's answer goes to the form's own error slot (its hx-target)
        assert answer.status == 422
    else:  # the socket's names the sending form's slot when the page says which (commands.error_slot)
        assert 'id="table-error"' in answer.html
    assert await _logged(table) == []
    answer = await page.send(_form(table, production="3"))  # another total is fine
    await page.close()
    assert answer.applied, answer.message


@pytest.mark.rules("ascendancy:R4")
async def test_with_secret_bids_the_form_behaves_the_same(path, alice, bob, charlie):  # type: ignore[no-untyped-def]
    table, user, bidder = await sync_to_async(_bid_table)([alice, bob, charlie], taken=2, secret=True)
    page = await path(user, table).open()
    refused = await page.send(_form(table, production="2"))
    applied = await page.send(_form(table, production="1"))
    await page.close()
    assert "(rule ascendancy:R4)" in refused.message and applied.applied
    state = await sync_to_async(state_of)(table)
    assert state["initiative"]["bids"][str(bidder)] == {"production": 1, "research": 0, "culture": 0}


HOSTILE = [
    ({"arg_bribe": "1"}, "The “bid” command does not take “bribe”; reload the page and try again."),
    ({"production": "two"}, "Missing or bad value for bid. (rule ascendancy:R4)"),
    ({"production": "-1"}, "Missing or bad value for bid. (rule ascendancy:R4)"),
    ({"production": "1.5"}, "Missing or bad value for bid. (rule ascendancy:R4)"),
    ({"production": ""}, "Missing or bad value for bid. (rule ascendancy:R4)"),
    ({"production": "1e2"}, "Missing or bad value for bid. (rule ascendancy:R4)"),
    ({"production": "٣"}, "Missing or bad value for bid. (rule ascendancy:R4)"),  # a digit, but not ASCII
    ({"production": "4"}, "You cannot pay for that. (rule ascendancy:R4)"),  # more than one has
    ({"culture": "9" * 40}, "Missing or bad value for bid. (rule ascendancy:R4)"),  # too long to be a number at all
    ({"culture": "9" * 18}, "You cannot pay for that. (rule ascendancy:R4)"),
]


@pytest.mark.rules("ascendancy:R4")
@pytest.mark.parametrize(("amounts", "message"), HOSTILE, ids=[str(i) for i in range(len(HOSTILE))])
async def test_hostile_values_are_refused_in_words_and_never_logged(path, alice, bob, charlie, amounts, message):  # type: ignore[no-untyped-def]
    table, user, _ = await sync_to_async(_bid_table)([alice, bob, charlie])
    page = await path(user, table).open()
    answer = await page.send(_form(table, **amounts))
    await page.close()
    assert not answer.applied and answer.message == message
    assert "Traceback" not in answer.html and "invalid literal" not in answer.html
    assert await _logged(table) == []


async def test_a_true_sent_as_json_is_not_a_number_of_tokens(alice, bob, charlie):  # type: ignore[no-untyped-def]
    """JSON's ``true`` is a Python int too: the engine counts tokens only in whole numbers."""
    table, user, _ = await sync_to_async(_bid_table)([alice, bob, charlie])
    page = await Post(user, table).open()
    data = _form(table)
    del data["arg_production"]
    data["args"] = '{"production": true}'
    answer = await page.send(data)
    assert not answer.applied and answer.message == "Missing or bad value for bid. (rule ascendancy:R4)"
    assert await _logged(table) == []


@pytest.mark.parametrize(("language", "open_text", "barred_text"), [
    ("en", "Commit resources for turn order: no total is taken yet.",
     "Commit resources for turn order (totals already committed by others are barred: 2)."),
    ("it", "Impegna risorse per l'ordine di turno: nessun totale è ancora preso.",
     "Impegna risorse per l'ordine di turno (i totali già impegnati dagli altri sono esclusi: 2)."),
])
async def test_the_bid_prompt_says_in_its_own_sentence_that_no_total_is_barred(language, open_text, barred_text):  # type: ignore[no-untyped-def]
    rules = registry.get("ascendancy")
    presenter = presenter_for("ascendancy")
    state = build(bidding=[0, 1, 2], contact=[0, 1, 2], resources={s: dict(HAVE) for s in range(3)})
    first = rules.pending(state)[0]
    after, _ = run(state, cmd(min(first.seats), "bid", production=2))
    with translation.override(language):
        assert presenter.prompt_text(rules, first) == open_text
        assert presenter.prompt_text(rules, rules.pending(after)[0]) == barred_text
