"""Attempts counted across every worker and process, atomically: each attempt takes one of a
key's slots with cache.add(), which only one caller can win, so no two count as one."""

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The client's address; behind the reverse proxy, the one the proxy saw and appended."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    behind_proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None) is not None
    if behind_proxy and forwarded.strip():
        # Only the last entry is the proxy's own; earlier ones are whatever the client sent.
        return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "unknown")


def _slots(key: str, limit: int) -> list[str]:
    # Whatever was typed (NUL, any length) becomes a key every cache backend accepts.
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    return [f"throttle:{digest}:{n}" for n in range(limit)]


def take(key: str, limit: int, window: int) -> str | None:
    """Takes one of `limit` slots of `key` for `window` seconds (each slot lapses `window`
    after it was taken); the slot taken, or None when every slot is in use."""
    slots = _slots(key, limit)
    used = cache.get_many(slots)
    for slot in slots:
        # add() stores only where nothing is: of two workers racing for a slot one wins.
        if slot not in used and cache.add(slot, 1, window):
            return slot
    return None


def take_all(wanted: list[tuple[str, int, int]]) -> list[str] | None:
    """A slot of every (key, limit, window), or None (and nothing kept) when one is full."""
    taken = []
    for key, limit, window in wanted:
        slot = take(key, limit, window)
        if slot is None:
            give_back(taken)
            return None
        taken.append(slot)
    return taken


def give_back(slots: list[str]) -> None:
    cache.delete_many(slots)


def full(key: str, limit: int) -> bool:
    return len(cache.get_many(_slots(key, limit))) >= limit


def clear(key: str, limit: int) -> None:
    cache.delete_many(_slots(key, limit))
