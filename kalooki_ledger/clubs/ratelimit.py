"""A small login throttle on Django's cache: five failures in fifteen minutes, then wait."""

import hashlib
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

MAX_FAILURES = 5
WINDOW = 15 * 60  # seconds


def client_address(request: HttpRequest) -> str:
    """The client's address; behind the reverse proxy, the one the proxy saw and appended."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    behind_proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None) is not None
    if behind_proxy and forwarded.strip():
        # Only the last entry is the proxy's own; earlier ones are whatever the client sent.
        return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "unknown")


def _digest(text: str) -> str:
    # Whatever was typed (NUL, any length) becomes a key every cache backend accepts.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _keys(request: HttpRequest, username: str) -> list[str]:
    # Both keys: one address trying many names, and many addresses trying one name.
    ip = client_address(request)
    name = username.strip().casefold()
    return [f"clubs:login-fail:ip:{_digest(ip)}", f"clubs:login-fail:user:{_digest(name)}"]


def _count(key: str) -> tuple[int, float]:
    """Failures so far in the window and when the window started."""
    value = cache.get(key)
    if isinstance(value, tuple) and len(value) == 2:
        return value
    return 0, time.time()


def blocked(request: HttpRequest, username: str) -> bool:
    return any(_count(key)[0] >= MAX_FAILURES for key in _keys(request, username))


def record_failure(request: HttpRequest, username: str) -> None:
    for key in _keys(request, username):
        failures, started = _count(key)
        # The window runs from the first failure: each write keeps only the time left of it
        # (the database cache's incr() would restart it at the default timeout).
        left = WINDOW - (time.time() - started)
        if left <= 0:
            failures, started, left = 0, time.time(), WINDOW
        cache.set(key, (failures + 1, started), left)


def clear(request: HttpRequest, username: str) -> None:
    cache.delete_many(_keys(request, username))
