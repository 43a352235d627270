"""Which tests look database-specific, read from their code: `make test` runs the whole suite on
SQLite and only the tests marked `db_specific` on PostgreSQL too, so a test that proves something
about the database and is left unmarked would never meet PostgreSQL. tests/conftest.py fails such
a test, naming what gave it away and what to mark.

A test looks database-specific when it, a fixture it uses, or a function of tests/ that either
calls (followed through every call) commits for real (transactional_db, live_server,
django_db(transaction=True), a TransactionTestCase), locks rows (select_for_update), writes its
own SQL (a cursor, .raw(), RawSQL), asks which database it is on (connection.vendor), runs
migrations, or races threads. Browser tests commit for the live server but prove the page, not
the database: they are exempt, as is a test marked `db_agnostic("why")`."""

import ast
import functools
import inspect
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

# An attribute (connection.cursor) or a name (RawSQL) in a test's code, and what it tells.
ATTRIBUTES = {
    "select_for_update": "locks rows (select_for_update)",
    "cursor": "writes its own SQL (a cursor)",
    "raw": "writes its own SQL (.raw())",
    "vendor": "asks which database it is on (connection.vendor)",
    "Thread": "races threads (threading.Thread)",
    "Barrier": "races threads (threading.Barrier)",
    "ThreadPoolExecutor": "races threads (ThreadPoolExecutor)",
}
NAMES = {
    "RawSQL": "writes its own SQL (RawSQL)",
    "MigrationExecutor": "runs migrations (MigrationExecutor)",
    "MigrationLoader": "reads migrations (MigrationLoader)",
    "Thread": "races threads (Thread)",
    "Barrier": "races threads (Barrier)",
    "ThreadPoolExecutor": "races threads (ThreadPoolExecutor)",
}
# A string in a test's code: call_command("migrate") and manage.py migrate.
STRINGS = {"migrate": "runs migrations (migrate)"}
FIXTURES = {
    "transactional_db": "commits for real (transactional_db)",
    "live_server": "commits for real (live_server)",
    "django_db_serialized_rollback": "commits for real (serialized_rollback)",
}
EXEMPT = ("db_specific", "browser", "db_agnostic")
ROOT = Path(__file__).resolve().parent.parent


def why_database_specific(item: pytest.Item) -> str | None:
    """What makes `item` look database-specific while it is not marked so; None if nothing."""
    if any(item.get_closest_marker(name) for name in EXEMPT):
        return None
    found = [FIXTURES[name] for name in item.fixturenames if name in FIXTURES]
    marker = item.get_closest_marker("django_db")
    if marker and (marker.kwargs.get("transaction") or marker.kwargs.get("serialized_rollback")):
        found.append("commits for real (django_db(transaction=True))")
    cls = getattr(item, "cls", None)
    if cls is not None and any(base.__name__ == "TransactionTestCase" for base in cls.__mro__):
        found.append("commits for real (a TransactionTestCase)")
    function = getattr(item, "function", None)
    if function is not None:
        found += [f"{sign} in {where}" for sign, where in signs(function)]
    definitions = getattr(item, "_fixtureinfo", None)
    for name in item.fixturenames if definitions else ():
        for definition in definitions.name2fixturedefs.get(name, ()):
            if ours(definition.func):
                found += [f"{sign} in {where}" for sign, where in signs(definition.func)]
    return "; ".join(dict.fromkeys(found)) or None


def message(item: pytest.Item, why: str) -> str:
    return (
        "Mark this test db_specific or db_agnostic: it looks database-specific and is neither. "
        f"{item.nodeid} {why}.\n"
        "If it proves something about the database (a race, a lock, SQL, a backup, a migration, "
        "isolation), mark it @pytest.mark.db_specific (a whole file: pytestmark = "
        "pytest.mark.db_specific) and `make test` runs it on PostgreSQL too. If it proves "
        'nothing more there, mark it @pytest.mark.db_agnostic("why") and it runs on SQLite '
        "only. (tests/db_marking.py reads the signs; README, Tests.)"
    )


def ours(function: Callable) -> bool:
    return getattr(function, "__module__", "").split(".")[0] == "tests"


@functools.cache
def signs(function: Callable) -> frozenset[tuple[str, str]]:
    """The signs in `function`'s code and in every function of tests/ it names, as (what it
    tells, where: the function and its file)."""
    found: set[tuple[str, str]] = set()
    seen: set[Callable] = set()
    todo = [function]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        tree = parsed(current)
        if tree is None:
            continue
        where = f"{current.__qualname__} ({place(current)})"
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ATTRIBUTES:
                found.add((ATTRIBUTES[node.attr], where))
            elif isinstance(node, ast.Name):
                names.add(node.id)
                if node.id in NAMES:
                    found.add((NAMES[node.id], where))
            elif isinstance(node, ast.Constant) and node.value in STRINGS:
                found.add((STRINGS[node.value], where))
        scope = getattr(current, "__globals__", {})
        todo += [
            scope[name]
            for name in names
            if inspect.isfunction(scope.get(name)) and ours(scope[name])
        ]
    return frozenset(found)


def place(function: Callable) -> str:
    path = Path(inspect.getsourcefile(function) or "?")
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def parsed(function: Callable) -> ast.AST | None:
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return None
