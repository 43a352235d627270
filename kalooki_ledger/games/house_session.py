"""The house rules this browser has made, kept in its session as the games list is."""

from django.http import HttpRequest

from .models import HouseRules

SESSION_KEY = "house_rules"
KEEP = 30


def remember_house(request: HttpRequest, house: HouseRules) -> None:
    kept = [t for t in request.session.get(SESSION_KEY, []) if t != house.token]
    request.session[SESSION_KEY] = [house.token, *kept][:KEEP]


def remembered_house_tokens(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))
