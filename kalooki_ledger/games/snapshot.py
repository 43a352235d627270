"""A page's reads in one snapshot of the database: the game's row, its hands and whatever else the
page shows, as one moment left them, so the version (and ETag) a page names is the state it
shows. A write since is the next read's."""

from collections.abc import Iterator
from contextlib import contextmanager
from functools import wraps

from django.db import DEFAULT_DB_ALIAS, connections, transaction


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


def read_in_one_snapshot(view):
    """The view's reads (a GET's: it writes nothing) in one snapshot (`one_snapshot`)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return view(request, *args, **kwargs)
        with one_snapshot():
            return view(request, *args, **kwargs)

    return wrapper
