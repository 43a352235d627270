"""The house rules this browser has made, kept in its session as the games list is."""

from django.http import HttpRequest

from .models import HouseRules

SESSION_KEY = "house_rules"
SAVED_KEY = "house_rules_saved"  # each save form's key, with the token of what it saved
KEEP = 30


def remember_house(request: HttpRequest, house: HouseRules) -> None:
    kept = [t for t in request.session.get(SESSION_KEY, []) if t != house.token]
    request.session[SESSION_KEY] = [house.token, *kept][:KEEP]


def remembered_house_tokens(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))


def save_house_rules(request: HttpRequest, key: str, **fields) -> tuple[HouseRules, bool]:
    """Saves house rules for this browser, once per form: the same form sent again (a double
    tap, Back and send) gives the house rules its first send saved. Says whether it is new."""
    saved = dict(request.session.get(SAVED_KEY, {}))
    house = HouseRules.objects.filter(token=saved[key]).first() if key in saved else None
    if house is not None:
        return house, False
    house = HouseRules.objects.create(**fields)
    if key:
        saved[key] = house.token
        request.session[SAVED_KEY] = dict(list(saved.items())[-KEEP:])
    remember_house(request, house)
    return house, True
