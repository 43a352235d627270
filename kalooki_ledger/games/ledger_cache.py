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


_ledgers: OrderedDict[tuple[int, str], Cached] = OrderedDict()
_lock = threading.Lock()


def get(game_id: int, version: str) -> Cached | None:
    with _lock:
        ledger = _ledgers.get((game_id, version))
        if ledger is not None:
            _ledgers.move_to_end((game_id, version))
        return ledger


def put(game_id: int, version: str, ledger: engine.Ledger, seat_ids: dict[str, int]) -> None:
    with _lock:
        _ledgers[(game_id, version)] = Cached(ledger, seat_ids)
        _ledgers.move_to_end((game_id, version))
        while len(_ledgers) > SIZE:
            _ledgers.popitem(last=False)


# What pages derive from a ledger alone (no request, no token), by the ledger itself: the entry
# holds its ledger, so the id it is found by is not another's while it is kept.
_derived: OrderedDict[tuple[int, Hashable], tuple[engine.Ledger, Any]] = OrderedDict()


def derived(ledger: engine.Ledger, name: Hashable, build: Callable[[], Any]) -> Any:
    """`build()`, kept for this very ledger under `name` (which names whatever else it reads,
    the language for words): a game's next version is another ledger, so never stale."""
    key = (id(ledger), name)
    with _lock:
        kept = _derived.get(key)
        if kept is not None and kept[0] is ledger:
            _derived.move_to_end(key)
            return kept[1]
    value = build()
    with _lock:
        _derived[key] = (ledger, value)
        _derived.move_to_end(key)
        while len(_derived) > 4 * SIZE:  # a few for each ledger kept
            _derived.popitem(last=False)
    return value


def clear() -> None:
    with _lock:
        _ledgers.clear()
        _derived.clear()
