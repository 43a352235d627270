"""The house rules this browser has made, kept in its session as the games list is."""

from django.http import HttpRequest

from .models import HouseRules

SESSION_KEY = "house_rules"
KEEP = 30


def remember_house(request: HttpRequest, house: HouseRules) -> None:
    """Puts the house rules first in this browser's list; a look at the first saves nothing."""
    kept = request.session.get(SESSION_KEY, [])
    if kept[:1] != [house.token]:
        request.session[SESSION_KEY] = [house.token, *(t for t in kept if t != house.token)][:KEEP]


def remembered_house_tokens(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))
