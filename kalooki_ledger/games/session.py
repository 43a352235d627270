"""The games this browser has started or opened, kept in its session: no sign-up needed."""

from django.http import HttpRequest

from .models import Game

SESSION_KEY = "games"
KEEP = 30


def remember(request: HttpRequest, game: Game, scoring: bool) -> None:
    """Adds the game to this browser's list, by the link it was opened with; the list shows the
    game changed last first, so a game opened again saves no session (a GET that writes nothing:
    flipping between two tables was a session write a page)."""
    token = game.edit_token if scoring else game.share_token
    kept = request.session.get(SESSION_KEY, [])
    if token not in kept:
        request.session[SESSION_KEY] = [token, *kept][:KEEP]


def put_first(request: HttpRequest, key: str, token: str) -> None:
    """Puts `token` first in this browser's list under `key` (house rules, nights, groups), KEEP
    at most; one first already saves no session."""
    kept = request.session.get(key, [])
    if kept[:1] != [token]:
        request.session[key] = [token, *(t for t in kept if t != token)][:KEEP]


def remembered_tokens(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))


def forget_token(request: HttpRequest, token: str) -> bool:
    """Takes a game's link off this browser's list; says whether it was there."""
    kept = remembered_tokens(request)
    if token not in kept:
        return False
    request.session[SESSION_KEY] = [t for t in kept if t != token]
    return True
