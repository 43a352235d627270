"""A small login throttle on Django's cache: five failures in fifteen minutes, then wait."""

from django.core.cache import cache
from django.http import HttpRequest

MAX_FAILURES = 5
WINDOW = 15 * 60  # seconds


def _keys(request: HttpRequest, username: str) -> list[str]:
    # Both keys: one IP trying many names, and many IPs trying one name.
    ip = request.META.get("REMOTE_ADDR", "unknown")
    return [f"clubs:login-fail:ip:{ip}", f"clubs:login-fail:user:{username.strip().casefold()}"]


def blocked(request: HttpRequest, username: str) -> bool:
    return any((cache.get(key) or 0) >= MAX_FAILURES for key in _keys(request, username))


def record_failure(request: HttpRequest, username: str) -> None:
    for key in _keys(request, username):
        # add() starts the window only on the first failure; incr() keeps its expiry.
        if not cache.add(key, 1, WINDOW):
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.add(key, 1, WINDOW)


def clear(request: HttpRequest, username: str) -> None:
    cache.delete_many(_keys(request, username))
