"""The house rules this browser has made, kept in its session as the games list is."""

from django.http import HttpRequest

from .models import HouseRules
from .session import put_first

SESSION_KEY = "house_rules"


def remember_house(request: HttpRequest, house: HouseRules) -> None:
    put_first(request, SESSION_KEY, house.token)


def remembered_house_tokens(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))
