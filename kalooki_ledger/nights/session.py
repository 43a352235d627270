"""The nights this phone has started or opened, kept in its session beside its games."""

from django.http import HttpRequest

SESSION_KEY = "nights"
KEEP = 30


def remember(request: HttpRequest, token: str) -> None:
    kept = request.session.get(SESSION_KEY, [])
    if kept[:1] != [token]:
        request.session[SESSION_KEY] = [token, *(t for t in kept if t != token)][:KEEP]


def remembered(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))
