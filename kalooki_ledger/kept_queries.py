"""A query whose SQL Django's compiler writes once per process per database vendor, run with one
parameter (a token, an id, a session key): building a query cost a page ten times running it.

Its column converters are Django's own (`get_converters`), kept per connection: some are bound
to the connection that found them, and a connection belongs to one thread, so each thread (and
alias) finds its own. Used by the games' rows (`games/rows.py`), the clubs' filing look-up and
the session store: site plumbing, importing no app."""

import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Expression, QuerySet
from django.db.models.sql import Query
from django.db.models.sql.compiler import SQLCompiler


@dataclass(frozen=True)
class _Written:
    """A query's SQL as the compiler wrote it for one vendor, and the columns it selects."""

    sql: str
    query: Query
    columns: list[Expression]


@dataclass(frozen=True)
class _Converting:
    """A compiler on one thread's connection, with the converters it found for the columns."""

    connection: BaseDatabaseWrapper
    compiler: SQLCompiler
    converters: dict


class KeptQuery:
    """A query with one parameter: SQL written once per vendor, run with each call's value."""

    def __init__(
        self,
        build: Callable[[object], QuerySet],
        sentinel: object,
        columns: list[str] | None = None,
    ) -> None:
        self._build = build  # the queryset, given the value its one parameter stands for
        self._sentinel = sentinel
        self._columns = columns  # the attnames the rows must hold, in order, when given
        self._written: dict[str, _Written] = {}
        self._local = threading.local()

    def rows(self, alias: str, value: object) -> list[list]:
        """The rows for `value`, every column converted as the ORM converts it."""
        connection = connections[alias]
        written = self._written.get(connection.vendor)
        if written is None:
            written = self._written[connection.vendor] = self._write(connection)
        with connection.cursor() as cursor:
            cursor.execute(written.sql, [value])
            found = cursor.fetchall()
        converting = self._converting(alias, connection, written)
        if not converting.converters:
            return [list(row) for row in found]
        return list(converting.compiler.apply_converters(found, converting.converters))

    def _write(self, connection: BaseDatabaseWrapper) -> _Written:
        query = self._build(self._sentinel).query
        compiler = query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        if tuple(params) != (self._sentinel,):  # the value must be its one parameter to keep it
            raise RuntimeError(f"a kept query takes {params!r}")
        columns = [column for column, _, _ in compiler.select]
        named = [column.target.attname for column in columns]
        if self._columns is not None and named != self._columns:  # from_db reads them in order
            raise RuntimeError(f"a kept query selects {named!r}")
        return _Written(sql, query, columns)

    def _converting(
        self, alias: str, connection: BaseDatabaseWrapper, written: _Written
    ) -> _Converting:
        """This thread's compiler and converters on `alias`, found again for a new connection."""
        held: dict[str, _Converting] | None = getattr(self._local, "by_alias", None)
        if held is None:
            held = self._local.by_alias = {}
        converting = held.get(alias)
        if converting is None or converting.connection is not connection:
            compiler = written.query.get_compiler(connection=connection)
            converters = compiler.get_converters(written.columns)
            converting = held[alias] = _Converting(connection, compiler, converters)
        return converting
