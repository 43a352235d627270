"""A page's reads in one snapshot of the database: the game's row, its hands and whatever else the
page shows, as one moment left them, so the version (and ETag) a page names is the state it
shows. A write since is the next read's."""

import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from django.db import DEFAULT_DB_ALIAS, connections, transaction

_OPENS_A_TRANSACTION = re.compile(r"\s*(BEGIN|SAVEPOINT|SET TRANSACTION)\b", re.IGNORECASE)


@contextmanager
def one_snapshot(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """Reads inside are one snapshot: one read transaction (REPEATABLE READ on PostgreSQL, where
    READ COMMITTED gives each statement its own; a deferred transaction on SQLite, whose first
    read fixes what it sees and which takes no write lock)."""
    connection = connections[using]
    if connection.in_atomic_block:  # a caller's transaction (a test's, a command's) is one
        yield
        return
    connection.ensure_connection()  # a new SQLite connection sets the site's IMMEDIATE mode
    mode = getattr(connection, "transaction_mode", None)
    if connection.vendor == "sqlite":
        connection.transaction_mode = "DEFERRED"  # a read queues behind no writer
    try:
        with transaction.atomic(using=using):
            if connection.vendor == "sqlite":
                connection.transaction_mode = mode  # begun: later writes take the lock at once
            elif connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            yield
    finally:
        if connection.vendor == "sqlite":
            connection.transaction_mode = mode


class OneSnapshotMiddleware:
    """Every GET (and HEAD) of every app reads in one snapshot (`one_snapshot`), begun at its
    first query (a page that reads nothing opens no connection): a page's reads are one
    moment's, so a write between two of them (a payment, a hand) is the next page's. A GET
    writes nothing; the session it touches is saved after, outside the snapshot."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        begins = _BeginsAtFirstQuery()
        with begins, connections[DEFAULT_DB_ALIAS].execute_wrapper(begins):
            return self.get_response(request)


class _BeginsAtFirstQuery(ExitStack):
    """A database execute wrapper that enters `one_snapshot` before the first read it sees
    outside a transaction (a view's own transaction is its own), left when the request is
    answered."""

    begun = False

    def __call__(self, execute, sql, params, many, context):
        connection = context["connection"]
        # A transaction's own BEGIN (SQLite's, sent before Django marks the block) is no read.
        if not (self.begun or connection.in_atomic_block or _OPENS_A_TRANSACTION.match(sql)):
            self.begun = True  # the snapshot's own statements pass straight through
            self.enter_context(one_snapshot(connection.alias))
        return execute(sql, params, many, context)
