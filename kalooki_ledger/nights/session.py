"""The nights and groups this phone has started or opened, kept in its session beside its games."""

from django.http import HttpRequest

from kalooki_ledger.games.session import put_first

SESSION_KEY = "nights"
GROUPS_KEY = "night-groups"


def remember(request: HttpRequest, token: str, key: str = SESSION_KEY) -> None:
    put_first(request, key, token)


def remembered(request: HttpRequest, key: str = SESSION_KEY) -> list[str]:
    return list(request.session.get(key, []))


def remember_group(request: HttpRequest, token: str) -> None:
    remember(request, token, GROUPS_KEY)


def remembered_groups(request: HttpRequest) -> list[str]:
    return remembered(request, GROUPS_KEY)
