"""The repository stands alone: a clone in a folder with nothing beside it collects and runs its
tests, and no file in it sends a reader to a folder outside it."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Written in pieces so that this file does not name what it looks for.
OUTSIDE = ["/".join(("..", "shared")), *("/".join(("shared", d)) for d in ("spec", "scenarios"))]
OUTSIDE += ["/".join(("shared", "sources")), '/ "' + 'shared"']  # a path built from parts too

pytestmark = [
    pytest.mark.skipif(
        not (ROOT / ".git").exists() or shutil.which("git") is None,
        reason="needs the project's git checkout and git",
    ),
    pytest.mark.slow,  # a clone that collects the whole suite
]


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """The committed HEAD of this checkout, cloned alone into an empty folder."""
    lonely = tmp_path_factory.mktemp("lonely")
    head = git("rev-parse", "HEAD", cwd=ROOT).strip()
    git("clone", "--quiet", "--no-checkout", str(ROOT), str(lonely / "kalooki"), cwd=lonely)
    git("checkout", "--quiet", head, cwd=lonely / "kalooki")
    return lonely / "kalooki"


def git(*args: str, cwd: Path) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def pytest_in(clone: Path, *args: str) -> subprocess.CompletedProcess:
    # `python -m` puts the clone first on the path, so its own packages and tests are the ones run.
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_a_clone_with_no_neighbours_collects_the_whole_suite(clone):
    assert [p.name for p in clone.parent.iterdir()] == ["kalooki"]
    done = pytest_in(clone, "--collect-only")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " tests collected" in done.stdout
    assert "error" not in done.stdout.splitlines()[-1]


def test_a_clone_runs_the_worked_example_from_its_own_test_data(clone):
    done = pytest_in(clone, "tests/rules/test_worked_example.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and "failed" not in done.stdout


def test_the_clone_runs_its_own_code_and_tests_not_this_checkouts(clone):
    where = "import kalooki_ledger as k, tests.helpers as h; print(k.__file__, h.WORKED_EXAMPLE)"
    done = subprocess.run(
        [sys.executable, "-c", where], cwd=clone, capture_output=True, text=True, check=True
    )
    package, data = map(Path, done.stdout.split())
    assert package.is_relative_to(clone) and data.is_relative_to(clone)
    assert data.is_file()


def test_no_file_in_a_clone_points_outside_it(clone):
    found = subprocess.run(
        ["git", "grep", "-n", "-F", *(f"-e{o}" for o in OUTSIDE)],
        cwd=clone,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode == 1, found.stdout  # git grep: 1 is "nothing found"
