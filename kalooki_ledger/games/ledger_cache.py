"""What a worker keeps of a game, in Django's cache framework (the `local` cache, per process),
every key holding the game's revision: a revision is written anew with every change and never
comes back, so nothing kept is ever served for other content (docs/architecture.md).

A game's ledger is kept with its seat ids by name (recording a hand need not look them up); what
pages derive from it alone (the offline kit, the sheet's rows) is kept by `kept`."""

import hashlib
from collections.abc import Callable
from typing import Any

from django.core.cache import caches

from kalooki_ledger import rules as engine

CACHE = "local"


def _key(game_id: int, revision: str, name: str) -> str:
    # The name may hold what a request sent (the site's prefix): hashed, so any key is valid.
    return f"game:{game_id}:{revision}:{hashlib.sha256(name.encode()).hexdigest()[:32]}"


def get(game_id: int, revision: str) -> tuple[engine.Ledger, dict[str, int]] | None:
    return caches[CACHE].get(_key(game_id, revision, "ledger"))


def put(game_id: int, revision: str, ledger: engine.Ledger, seat_ids: dict[str, int]) -> None:
    caches[CACHE].set(_key(game_id, revision, "ledger"), (ledger, seat_ids))


def kept(game_id: int, revision: str, name: str, build: Callable[[], Any]) -> Any:
    """`build()`, kept under the game's revision and `name` (which names whatever else it
    reads, the language for words)."""
    key = _key(game_id, revision, name)
    value = caches[CACHE].get(key)
    if value is None:
        value = build()
        caches[CACHE].set(key, value)
    return value


def keep(game_id: int, revision: str, name: str, value: Any) -> None:
    caches[CACHE].set(_key(game_id, revision, name), value)


def clear() -> None:
    caches[CACHE].clear()
