"""No test waits or asserts in wall time: speed is `make bench`'s (bench/), and a test waits for
an event (a readiness line, a `threading.Event`, Playwright's expect) or moves a page's clock on
(Playwright's `page.clock`), never for a span of real time to pass.

Every module under tests/ is read with `ast` (nothing is imported): a call of `time.sleep` (or
asyncio's) or of Playwright's `wait_for_timeout`, and a comparison of what a wall clock read
(`time.monotonic()`, `perf_counter()`, `time.time()`, ... or a name set from one) are refused."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CLOCKS = {"time", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "time_ns"}
CLOCKS |= {"process_time", "process_time_ns", "thread_time", "thread_time_ns"}
SLEEPS = {"sleep", "wait_for_timeout"}

# Places allowed to do one of these anyway, as "path:line" with the reason beside it.
ALLOWED: dict[str, str] = {}


def called(node: ast.AST) -> str:
    """The name a call calls (`sleep` for `time.sleep(1)` or `sleep(1)`), or ""."""
    if not isinstance(node, ast.Call):
        return ""
    function = node.func
    return function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")


def reads_a_clock(node: ast.AST, timed: set[str]) -> bool:
    """Whether the expression reads a wall clock, directly or through a name set from one."""
    return any(
        (called(inner) in CLOCKS and clock_module(inner.func))
        or (isinstance(inner, ast.Name) and inner.id in timed)
        for inner in ast.walk(node)
    )


def clock_module(function: ast.expr) -> bool:
    """`time.x(...)` or a bare `x(...)` imported from time: not `datetime.time(...)`."""
    if isinstance(function, ast.Attribute):
        return isinstance(function.value, ast.Name) and function.value.id == "time"
    return function.id != "time"  # a bare `time()` is as likely datetime's


def timed_names(tree: ast.AST) -> set[str]:
    """Names set, anywhere in the module, from an expression that reads a clock (a start, a
    deadline, a duration), followed through names set from those."""
    timed: set[str] = set()
    while True:
        found = {
            target.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value
            for target in getattr(node, "targets", [getattr(node, "target", None)])
            if isinstance(target, ast.Name) and reads_a_clock(node.value, timed)
        }
        if found <= timed:
            return timed
        timed |= found


def wall_time(source: str, name: str = "<test>") -> list[str]:
    """Where `source` sleeps or compares wall-clock readings: "name:line what"."""
    tree = ast.parse(source, name)
    timed = timed_names(tree)
    found = []
    for node in ast.walk(tree):
        if called(node) in SLEEPS:
            found.append(f"{name}:{node.lineno} {called(node)}")
        elif isinstance(node, ast.Compare) and reads_a_clock(node, timed):
            found.append(f"{name}:{node.lineno} a comparison of wall-clock readings")
    return found


def test_no_test_sleeps_or_compares_wall_clock_readings():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        name = str(path.relative_to(TESTS.parent))
        found += [
            place for place in wall_time(path.read_text(), name) if place.split()[0] not in ALLOWED
        ]
    assert found == [], "\n".join(found)


def test_the_allowed_places_still_do_what_they_are_allowed_for():
    for place in ALLOWED:
        path = place.split(":")[0]
        found = wall_time((TESTS.parent / path).read_text(), path)
        assert any(f.split()[0] == place for f in found), f"{place} no longer needs its exception"


def test_a_sleep_a_wait_for_timeout_and_a_timed_assertion_are_each_found():
    source = """
import time
from time import perf_counter, sleep
time.sleep(0.1)
sleep(1)
page.wait_for_timeout(300)
start = perf_counter()
took = perf_counter() - start
assert took < 0.5
deadline = time.monotonic() + 90
while time.monotonic() < deadline:
    pass
"""
    assert [place.split(" ", 1)[0] for place in wall_time(source)] == [
        f"<test>:{line}" for line in (4, 5, 6, 9, 11)
    ]


def test_counts_dates_and_a_pages_clock_are_no_wall_time():
    source = """
import datetime
assert len(queries) <= 3
assert datetime.time(12, 30) < datetime.time(13)
page.clock.fast_forward(3000)
assert page.evaluate("Date.now()") > 0
thread.join(timeout=30)
"""
    assert wall_time(source) == []
