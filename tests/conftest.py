"""Fixtures for every test, and the rules of a run: which tests run on which database
(tests/db_marking.py), no skip under CI, and the tree left as the run found it."""

import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tests import db_marking
from tests.games.web import FormClient
from tests.helpers import DOCS_SCREENSHOTS


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings, request, tmp_path_factory):
    """When browser tests run, SQLite in a file, as in production, not in memory. pytest-django
    makes the database for the first test that wants one (its own order puts the browser tests
    late), and with an in-memory database the live server gives every request thread the same
    connection: two overlapping requests then fail ("bad parameter or other API misuse", "database
    table is locked"). With a file each thread has its own connection and waits for the lock."""
    database = settings.DATABASES["default"]
    browsing = any(
        item.get_closest_marker("browser") or item.get_closest_marker("threads")
        for item in request.session.items
    )
    if browsing and database["ENGINE"] == "django.db.backends.sqlite3":
        database["TEST"]["NAME"] = str(tmp_path_factory.mktemp("db") / "site.sqlite3")


@pytest.fixture
def client() -> FormClient:
    """A browser that posts each game form with the version its page shows and a fresh key."""
    return FormClient()


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _english():
    """Every test starts in English, whatever language an earlier test's request left active in
    this thread (LocaleMiddleware activates one per request and leaves it)."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


def pytest_configure(config) -> None:
    """The compiled translations, as `make test` builds them, for a bare `pytest` too: in a child
    process, before this one has read any catalogue. Under xdist the controller builds them
    before it starts its workers."""
    if hasattr(config, "workerinput"):
        return
    built = [po.with_suffix(".mo") for po in ROOT.glob("locale/*/LC_MESSAGES/*.po")]
    stale = any(
        not mo.exists() or mo.stat().st_mtime < mo.with_suffix(".po").stat().st_mtime
        for mo in built
    )
    if stale or not (ROOT / "static" / "js" / "i18n").exists():
        subprocess.run([sys.executable, "manage.py", "build_locale", "-v0"], cwd=ROOT, check=True)


# Real password hashing is slow on purpose; the tests need accounts that work, not their cost
# (a test about hashing sets its own hasher with the `settings` fixture).
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Which database this run is on, as Django names it: "sqlite" or "postgresql".
VENDOR = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1].replace("sqlite3", "sqlite")
UNMARKED = pytest.StashKey[str]()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items) -> None:
    """Before `-m` selects: a test `only_on` another database is deselected (never skipped), and
    one `only_on` a database is database-specific by that alone; an unmarked test that looks
    database-specific is noted, to fail when it runs (`pytest_runtest_setup`)."""
    kept, elsewhere = [], []
    for item in items:
        only = item.get_closest_marker("only_on")
        if only is not None:
            item.add_marker(pytest.mark.db_specific)
            if VENDOR not in only.args:
                elsewhere.append(item)
                continue
        kept.append(item)
        why = db_marking.why_database_specific(item)
        if why:
            item.stash[UNMARKED] = why
    if elsewhere:
        config.hook.pytest_deselected(items=elsewhere)
        items[:] = kept
    if hasattr(config, "workerinput"):
        items[:] = costliest_files_first(items)


def costliest_files_first(items: list) -> list:
    """Under xdist (`make test` passes --no-loadscope-reorder), the files that take longest go
    out first, so that no worker is left alone at the end with a browser file or a clone while
    the other has finished: by rough seconds (`rough_seconds`), and 15 more for a file whose
    tests share a module-scoped fixture of tests/ (a server, a clone)."""
    files: dict[str, list] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)

    def cost(tests: list) -> float:
        shared = any(module_scoped_fixtures(item) for item in tests)
        return 15 * shared + sum(map(rough_seconds, tests))

    return [item for tests in sorted(files.values(), key=cost, reverse=True) for item in tests]


def rough_seconds(item: pytest.Item) -> float:
    """A test marked slow is said to be; a browser test costs with its steps (its lines); one
    that proves something about the database starts servers or processes; the rest are quick."""
    if item.get_closest_marker("slow"):
        return 60
    if item.get_closest_marker("browser"):
        function = getattr(item, "function", None)
        lines = len(inspect.getsourcelines(function)[0]) if function else 20
        return 2 + 0.3 * lines
    return 2 if item.get_closest_marker("db_specific") else 0.05


def module_scoped_fixtures(item: pytest.Item) -> list[str]:
    """The fixtures of tests/ that `item` uses and that live for a module or longer but a
    session (a server, a clone): made once per file on whichever worker runs it."""
    definitions = getattr(item, "_fixtureinfo", None)
    return [
        name
        for name in (item.fixturenames if definitions else ())
        for definition in definitions.name2fixturedefs.get(name, ())[-1:]
        if definition.scope in ("module", "package", "class") and db_marking.ours(definition.func)
    ]


def pytest_runtest_setup(item) -> None:
    why = item.stash.get(UNMARKED, None)
    if why:
        pytest.fail(db_marking.message(item, why), pytrace=False)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI (CI=true) a skipped test fails: CI installs everything every test needs, so a
    skip there is a test that proved nothing while the run looked green."""
    report = yield
    if in_ci() and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"Skipped under CI, where every test must run: {reason}"
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    """A module skipped whole (pytest.importorskip) fails the run under CI too."""
    report = yield
    if in_ci() and report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"Skipped under CI, where every test must run: {reason}"
    return report


# The tree as the run found it: `git status` before and after, in the process that reports
# (xdist's controller, or the only one). `make screenshots` writes docs/ on purpose.
TREE = pytest.StashKey[set[str]]()
CHANGED = pytest.StashKey[list[str]]()


def tree_status() -> set[str] | None:
    if not (ROOT / ".git").exists():
        return None
    try:
        done = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return set(done.stdout.splitlines())


def pytest_sessionstart(session) -> None:
    if hasattr(session.config, "workerinput") or DOCS_SCREENSHOTS:
        return
    status = tree_status()
    if status is not None:
        session.config.stash[TREE] = status


def pytest_sessionfinish(session, exitstatus) -> None:
    before = session.config.stash.get(TREE, None)
    after = tree_status() if before is not None else None
    if after is None:
        return
    changed = sorted(after - before)
    if changed:
        session.config.stash[CHANGED] = changed
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, config) -> None:
    changed = config.stash.get(CHANGED, None)
    if changed:
        terminalreporter.section("files the run changed in the tree", red=True)
        for line in changed:
            terminalreporter.write_line(line)
        terminalreporter.write_line(
            "A test leaves the tree as it found it: write to tmp_path, or look() for a "
            "screenshot (docs/screenshots/ is `make screenshots`' alone)."
        )
