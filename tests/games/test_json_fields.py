"""``games.fields.JSONField``: the games' JSON columns written and read by orjson. What comes back from the
database is what the standard library's text gave back before (the same values, integer keys as text, text
beyond ASCII, integers wider than 64 bits), and what JSON cannot hold is refused as before."""

from __future__ import annotations

import dataclasses
import datetime
import json
from typing import Any

import pytest
from django.db import connection
from hypothesis import given, settings
from hypothesis import strategies as st

from games.fields import JSONField, json_bytes
from games.models import Command, Event, StateVersion, Table
from tests.support.json_values import json_like
from tests.support.tables import hand_of, started_table, submit


def _stdlib(value: Any) -> Any:
    return json.loads(json.dumps(value))


#: Integers of any width: orjson writes and reads 64 bits, the wider ones go through the standard library.
values = json_like(st.integers())


@settings(max_examples=300, deadline=None)
@given(values)
def test_its_text_reads_back_as_the_standard_librarys_text(value: Any) -> None:
    """Written by ``json_bytes`` and read by the field: the value the standard library's text and ``json.loads``
    give, whatever the integers' width (orjson writes and reads 64 bits; wider ones go through ``json``)."""
    field = JSONField()
    read = field.from_db_value(json_bytes(value).decode(), None, connection)
    assert json.dumps(read) == json.dumps(_stdlib(value))
    assert json.dumps(field.from_db_value(json.dumps(value), None, connection)) == json.dumps(_stdlib(value))


@dataclasses.dataclass
class _Point:
    x: int


@pytest.mark.parametrize("value", [{"when": datetime.datetime(2026, 11, 28, tzinfo=datetime.UTC)}, [_Point(1)], {1, 2}])
def test_what_json_cannot_hold_is_refused(value: Any) -> None:
    with pytest.raises(TypeError):
        json_bytes(value)


def test_text_that_is_not_json_comes_back_as_it_was() -> None:
    assert JSONField().from_db_value("not json", None, connection) == "not json"


def test_a_lone_surrogate_reads_as_the_standard_library_reads_it() -> None:
    assert JSONField().from_db_value('["\ud800"]', None, connection) == ["\ud800"]


@pytest.mark.django_db
def test_a_table_and_a_move_come_back_from_the_database_as_the_standard_library_gives_them(alice, bob):
    table = started_table(alice, bob)
    odd = {"keys": {1: "one", "2": [2**70, -(2**65)]}, "text": "\u039b \u2014 \u65e5\u672c \u2028", "float": 0.1, "nested": [[{}]]}
    Table.objects.filter(pk=table.pk).update(options={**table.options, "odd": odd})
    assert Table.objects.get(pk=table.pk).options["odd"] == _stdlib(odd)
    card = hand_of(table, 0)[0]
    submit(table, alice, "bid", card=card)  # the move's writes (``services._Writes``)
    table.refresh_from_db()
    assert json.dumps(table.state) == json.dumps(_stdlib(table.state))
    command = Command.objects.filter(table=table).latest("pk")
    assert (command.kind, command.args) == ("bid", {"card": card})
    assert StateVersion.objects.get(table=table, version=table.version).state == table.state
    assert Event.objects.filter(table=table, seq=table.version).exists()
