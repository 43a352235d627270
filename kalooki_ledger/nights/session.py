"""The nights and groups this phone has started or opened, kept in its session beside its games."""

from django.http import HttpRequest

SESSION_KEY = "nights"
GROUPS_KEY = "night-groups"
KEEP = 30


def remember(request: HttpRequest, token: str, key: str = SESSION_KEY) -> None:
    kept = request.session.get(key, [])
    if kept[:1] != [token]:
        request.session[key] = [token, *(t for t in kept if t != token)][:KEEP]


def remembered(request: HttpRequest, key: str = SESSION_KEY) -> list[str]:
    return list(request.session.get(key, []))


def remember_group(request: HttpRequest, token: str) -> None:
    remember(request, token, GROUPS_KEY)


def remembered_groups(request: HttpRequest) -> list[str]:
    return remembered(request, GROUPS_KEY)
