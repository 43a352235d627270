"""Ledgers this process has derived, by game and version, so a page need not load and replay
every hand again. A game's version changes with every write, so an entry is never stale; each
worker keeps its own (a ledger holds read-only mappings that a shared cache could not pickle).
Each entry also keeps the game's seat ids by name, so recording a hand need not look them up."""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from kalooki_ledger import rules as engine

SIZE = 256


class Cached(NamedTuple):
    ledger: engine.Ledger
    seat_ids: dict[str, int]
    derived: dict[Hashable, Any]  # what pages derive from this ledger alone: see `derived`


_ledgers: OrderedDict[tuple[int, str], Cached] = OrderedDict()
_by_ledger: dict[int, Cached] = {}  # the same entries by id(ledger), for `derived`
_lock = threading.Lock()


def get(game_id: int, version: str) -> Cached | None:
    with _lock:
        ledger = _ledgers.get((game_id, version))
        if ledger is not None:
            _ledgers.move_to_end((game_id, version))
        return ledger


def put(game_id: int, version: str, ledger: engine.Ledger, seat_ids: dict[str, int]) -> None:
    entry = Cached(ledger, seat_ids, {})
    with _lock:
        _forget(_ledgers.pop((game_id, version), None))
        _ledgers[(game_id, version)] = _by_ledger[id(ledger)] = entry
        while len(_ledgers) > SIZE:
            _forget(_ledgers.popitem(last=False)[1])


def _forget(entry: Cached | None) -> None:
    if entry is not None and _by_ledger.get(id(entry.ledger)) is entry:
        del _by_ledger[id(entry.ledger)]


def derived(ledger: engine.Ledger, name: Hashable, build: Callable[[], Any]) -> Any:
    """`build()`, kept with this very ledger under `name` (which names whatever else it reads,
    the language for words): a game's next version is another ledger, so never stale. Kept only
    while the ledger itself is kept, so it holds no memory of its own."""
    with _lock:
        entry = _by_ledger.get(id(ledger))
        if entry is None or entry.ledger is not ledger:
            entry = None
        elif name in entry.derived:
            return entry.derived[name]
    value = build()
    if entry is not None:
        with _lock:
            entry.derived[name] = value
    return value


def clear() -> None:
    with _lock:
        _ledgers.clear()
        _by_ledger.clear()
