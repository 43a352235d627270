"""A small login throttle on Django's cache: five failures in fifteen minutes, then wait."""

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


def _keys(request: HttpRequest, username: str) -> list[str]:
    # Both keys: one address trying many names, and many addresses trying one name.
    ip = client_address(request)
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
