"""Ledgers this process has derived, by game and version, so a page need not load and replay
every hand again. A game's version changes with every write, so an entry is never stale; each
worker keeps its own (a ledger holds read-only mappings that a shared cache could not pickle).
Each entry also keeps the game's seat ids by name, so recording a hand need not look them up."""

import threading
from collections import OrderedDict
from typing import NamedTuple

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


def clear() -> None:
    with _lock:
        _ledgers.clear()
