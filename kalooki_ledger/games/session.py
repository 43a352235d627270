"""The games this browser has started or opened, kept in its session: no sign-up needed."""

from django.http import HttpRequest

from .models import Game

SESSION_KEY = "games"
KEEP = 30


def remember(request: HttpRequest, game: Game, scoring: bool) -> None:
    """Puts the game first in this browser's list, by the link it was opened with."""
    token = game.edit_token if scoring else game.share_token
    kept = request.session.get(SESSION_KEY, [])
    if kept[:1] != [token]:  # a page loaded again saves no session
        request.session[SESSION_KEY] = [token, *(t for t in kept if t != token)][:KEEP]


def remembered_tokens(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))


def forget_token(request: HttpRequest, token: str) -> bool:
    """Takes a game's link off this browser's list; says whether it was there."""
    kept = remembered_tokens(request)
    if token not in kept:
        return False
    request.session[SESSION_KEY] = [t for t in kept if t != token]
    return True
