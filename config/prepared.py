"""Prepared reads: a query shape compiled by the ORM once per database, then run with new values.

Compiling a queryset to SQL (``SQLCompiler.as_sql``: select list, joins, ordering, quoting) costs
0.3-0.5 ms of CPU, several times the cost of running the SQL itself through a bare cursor, and the
hottest reads (the signed-in user on every request, a table and its seats on every render and move)
are the same few shapes with a different id each time. A ``PreparedRead`` lets the ORM compile its
shape once per database alias, with stand-in values for its parameters, and keeps what the ORM would
use to turn rows into objects: the SQL text, where each parameter goes, the selected columns, their
converters (SQLite's datetimes as text and booleans as 0/1, JSON through ``JSONField.from_db_value``)
and the ``select_related`` populators. Each call then runs the kept SQL through ``connection.cursor()``
(so ``CaptureQueriesContext`` and the debug log see it), applies the same converters and builds the
instances with ``Model.from_db``, as ``ModelIterable`` does. Only the compiled SQL is kept, never rows.

What a shape may use: filters on equality or comparison with the named parameters (integers; and text or
aware datetimes where named as such: ``text_params``, ``moment_params``), constant filters, ``order_by``, a
slice (Django writes LIMIT into the SQL: a slice bound is a shape argument, see ``PreparedRead``),
``select_for_update()``, ``select_related`` and ``only``. A value the kept SQL cannot take as it is (a bool
or a string for an integer, an id beyond the column's size, a naive datetime, a text or a datetime where the
ORM turns it into something else before the driver gets it, as SQLite's datetimes) is not bound: that call
runs the ORM's queryset itself, so every answer, error or empty result stays the ORM's own.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable, get_related_populators
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=Model)

_INT64 = range(-(2**63), 2**63)
#: Stand-in values a shape is compiled with: plain ints in the range of 32- and 64-bit id columns (the
#: ORM's overflow checks keep their conditions), unlike any constant a read filters on. A real value
#: beyond a narrower column's range, which the ORM would drop (always true) or answer empty without a
#: query, gives the same rows through the kept SQL: the column holds no value beyond its range.
_STAND_IN_BASE = 1_987_654_301


@dataclass(frozen=True)
class _Compiled:
    model: type[Model]
    alias: str
    sql: str
    #: For each parameter of ``sql``: the name of a call parameter, or None for a constant.
    slots: tuple[str | None, ...]
    #: For each parameter of ``sql``: the constant, or for a call parameter the type its value is given as.
    constants: tuple[Any, ...]
    for_update: bool
    #: What ``ModelIterable`` works out from the compiler: the main model's columns, their attnames, the
    #: converters of every selected column by position, and the populators of ``select_related`` models.
    fields_start: int
    fields_end: int
    init_list: tuple[str, ...]
    #: (Backend converters are methods of the compiling connection's ``ops``: they read only its settings,
    #: the time zone for SQLite's datetimes, which every connection of the alias shares.)
    converters: tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]
    related_populators: tuple[Any, ...]
    #: Every call runs the ORM's query: the ORM does not hand some parameter to the driver as given.
    orm_only: bool = False


#: The values psycopg's sized integers take (a parameter the ORM hands over as one of them).
_SIZED = {"Int2": range(-(2**15), 2**15), "Int4": range(-(2**31), 2**31), "Int8": _INT64}


def _an_int(value: Any) -> bool:
    """An integer as the ORM hands it to the driver: a plain int, or an int subclass the driver adapts to a
    sized integer (psycopg's ``Int4``); never a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


class PreparedRead(Generic[M]):
    """A read whose SQL the ORM compiles once per database alias (and per ``shape``).

    ``build`` makes the queryset from keyword arguments: those named in ``params`` are bound per call
    (integers), the others are the shape (a LIMIT, say) and get a compiled SQL each. Calling the read
    returns the model instances the queryset would have returned, in its order, from the database the
    ORM would have read them from (``using`` to name another).
    """

    def __init__(
        self,
        name: str,
        build: Callable[..., QuerySet[M]],
        *,
        params: Sequence[str],
        text_params: Sequence[str] = (),
        moment_params: Sequence[str] = (),
    ) -> None:
        self.name = name
        self.build = build
        self.params = tuple(params)
        #: Parameters bound as text (a ``str``) and as moments (an aware ``datetime``), not integers. Where
        #: the database's driver gets them as given (PostgreSQL), they are bound to the kept SQL; where the
        #: ORM turns them into something else first (SQLite's datetimes as text), every call is the ORM's.
        self.text_params = tuple(text_params)
        self.moment_params = tuple(moment_params)
        self._compiled: dict[tuple[Any, ...], _Compiled] = {}
        self._lock = threading.Lock()
        #: How many times the ORM compiled this read (tests check that it is once per shape and alias).
        self.compilations = 0

    def __repr__(self) -> str:
        return f"<PreparedRead {self.name}>"

    def __call__(self, *, using: str | None = None, **kwargs: Any) -> list[M]:
        names = (*self.params, *self.text_params, *self.moment_params)
        values = {key: kwargs[key] for key in names if key in kwargs}
        if len(values) != len(names):
            raise TypeError(f"{self.name} takes the parameters {', '.join(names)}")
        if not (
            all(type(values[k]) is int and values[k] in _INT64 for k in self.params)
            and all(type(values[k]) is str for k in self.text_params)
            and all(
                isinstance(values[k], datetime.datetime) and values[k].tzinfo is not None for k in self.moment_params
            )
        ):
            # Not an id the kept SQL can take as it is: the ORM's own query gives the ORM's own answer.
            qs = self.build(**kwargs)
            return list(qs.using(using) if using else qs)
        shape = tuple(sorted((k, v) for k, v in kwargs.items() if k not in values))
        compiled = self._compiled.get((using, shape))
        if compiled is None:
            compiled = self._compile(using, shape)
        if compiled.orm_only or any(
            s is not None
            and c is not int
            and issubclass(c, int)
            and values[s] not in _SIZED.get(c.__name__, range(0))
            for s, c in zip(compiled.slots, compiled.constants, strict=True)
        ):
            # Beyond the range of the sized integer the driver sends it as (the ORM answers empty, or
            # fails its own way): the ORM's own query.
            qs = self.build(**kwargs)
            return list(qs.using(using) if using else qs)
        connection = connections[compiled.alias]
        features = connection.features
        # Checked on every call, as ``SQLCompiler.as_sql`` checks it.
        if (
            compiled.for_update
            and features.has_select_for_update
            and features.supports_transactions
            and connection.get_autocommit()
        ):
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        # A parameter goes in as the ORM gave its stand-in: a plain int, or the driver's own integer type
        # (psycopg's ``Int4`` for a positive integer column), kept in ``constants`` in its place.
        params = [
            c if s is None else (values[s] if c in (int, str) or c is type(values[s]) else c(values[s]))
            for s, c in zip(compiled.slots, compiled.constants, strict=True)
        ]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        return _instances(compiled, rows, connection)

    def _compile(self, using: str | None, shape: tuple[tuple[str, Any], ...]) -> _Compiled:
        stand_ins: dict[str, Any] = {name: _STAND_IN_BASE + 7 * i for i, name in enumerate(self.params)}
        stand_ins.update({name: f"\x1bprepared {self.name}: {name}\x1b" for name in self.text_params})
        stand_ins.update({
            name: datetime.datetime(1903, 4, 5, 6, 7, 8, 1000 + i, tzinfo=datetime.UTC)
            for i, name in enumerate(self.moment_params)
        })
        qs = self.build(**stand_ins, **dict(shape))
        if using:
            qs = qs.using(using)
        if (
            qs._iterable_class is not ModelIterable
            or qs._prefetch_related_lookups
            or qs._known_related_objects
        ):
            raise ValueError(
                f"{self.name}: only plain model reads are prepared (no values(), prefetch_related)"
            )
        compiler = qs.query.get_compiler(using=qs.db)
        sql, constants = compiler.as_sql()
        klass_info, select = compiler.klass_info, compiler.select
        fields = [s[0] for s in select[: compiler.col_count]]
        if klass_info is None or compiler.annotation_col_map or compiler.has_composite_fields(fields):
            raise ValueError(f"{self.name}: only plain model reads are prepared (no annotations)")
        by_value = {v: name for name, v in stand_ins.items()}
        slots = tuple(
            by_value.get(int(v)) if _an_int(v) else by_value.get(v) if isinstance(v, str | datetime.datetime) else None
            for v in constants
        )
        missing = set(self.params) - set(slots)
        if missing:
            raise ValueError(
                f"{self.name}: the SQL does not take {', '.join(sorted(missing))} as it was given"
            )
        # A text or a moment the ORM hands the driver as something else (SQLite's datetimes as text): the
        # ORM's own query on every call.
        orm_only = bool((set(self.text_params) | set(self.moment_params)) - set(slots))
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        compiled = _Compiled(
            model=qs.model,
            alias=qs.db,
            sql=sql,
            slots=slots,
            constants=tuple(v if s is None else type(v) for s, v in zip(slots, constants, strict=True)),
            orm_only=orm_only,
            for_update=qs.query.select_for_update,
            fields_start=start,
            fields_end=end,
            init_list=tuple(f[0].target.attname for f in select[start:end]),
            converters=tuple(
                (pos, tuple(convs), expression)
                for pos, (convs, expression) in compiler.get_converters(fields).items()
            ),
            related_populators=tuple(get_related_populators(klass_info, select, qs.db)),
        )
        with self._lock:
            self.compilations += 1
            return self._compiled.setdefault((using, shape), compiled)


def _instances(compiled: _Compiled, rows: list[Any], connection: Any) -> list[Any]:
    """``ModelIterable``'s work on fetched rows: converters, ``Model.from_db``, ``select_related``."""
    model, alias = compiled.model, compiled.alias
    start, end = compiled.fields_start, compiled.fields_end
    init_list = list(compiled.init_list)
    converters, populators = compiled.converters, compiled.related_populators
    out = []
    for raw in rows:
        row = list(raw)
        for pos, convs, expression in converters:
            value = row[pos]
            for converter in convs:
                value = converter(value, expression, connection)
            row[pos] = value
        obj = model.from_db(alias, init_list, row[start:end])
        for populator in populators:
            populator.populate(row, obj)
        out.append(obj)
    return out
