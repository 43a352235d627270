"""The login throttle: five failures in fifteen minutes for one name from one address; more
generous counts per address (many names) and per name (many addresses) stop guessing at scale
without locking everyone behind one shared address out. A name is counted as the login signs
in with it (`login_name`), so no other spelling of it is a fresh name to the limiter."""

from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest

from kalooki_ledger import throttle
from kalooki_ledger.throttle import client_address

__all__ = [
    "MAX_FAILURES",
    "WINDOW",
    "attempt",
    "blocked",
    "client_address",
    "login_name",
    "succeeded",
]

MAX_FAILURES = 5  # one name from one address
ADDRESS_FAILURES = 30  # any names from one address (a club's shared connection)
NAME_FAILURES = 20  # one name from any addresses
WINDOW = 15 * 60  # seconds


def login_name(typed: str) -> str:
    """The account a typed name signs in to, as one key: stripped and NFKC-normalised as
    Django's login form does (full-width and mathematical letters and digits are the plain
    ones), then case-folded (`ERIN` counts with `erin`, the stricter reading)."""
    return AbstractBaseUser.normalize_username(typed.strip()).casefold()


def _keys(request: HttpRequest, username: str) -> list[tuple[str, int, int]]:
    ip = client_address(request)
    name = login_name(username)
    return [
        (f"login:pair:{ip}\x00{name}", MAX_FAILURES, WINDOW),
        (f"login:ip:{ip}", ADDRESS_FAILURES, WINDOW),
        (f"login:user:{name}", NAME_FAILURES, WINDOW),
    ]


def attempt(request: HttpRequest, username: str) -> list[str] | None:
    """Counts this attempt as a failure before the password is checked, so parallel attempts
    can't all pass a check made before any is counted; None when the limit is reached."""
    return throttle.take_all(_keys(request, username))


def succeeded(request: HttpRequest, username: str, taken: list[str]) -> None:
    """A good log-in: this name's count from this address starts again, and the attempt no
    longer counts for the address or the name."""
    pair, *_ = _keys(request, username)
    throttle.clear(pair[0], pair[1])
    throttle.give_back(taken)


def blocked(request: HttpRequest, username: str) -> bool:
    return any(throttle.full(key, limit) for key, limit, _ in _keys(request, username))
