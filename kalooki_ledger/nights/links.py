"""What the games' own pages say about a game in a night (that its money is settled with the
night, and the way to it), and the nights on the phone's list of games: through context
processors, so the games app never imports this one. And Play again's receivers: the new game
started from a night's game joins the night (`games.signals.new_game_started`)."""

import hashlib

from django.http import HttpRequest
from django.urls import reverse

from kalooki_ledger.games import commands, device
from kalooki_ledger.games.forms import settings_initial
from kalooki_ledger.games.freshness import kept, shown_on_game_pages
from kalooki_ledger.games.models import Game

from .commands import AddGame
from .group_settings import give_handles, learn_from
from .models import Group, Night, NightGameLink
from .names import night_name
from .play_again import into_a_night
from .session import remembered, remembered_groups

# What `in_night` reads: a game joining or leaving a night, or its group renamed, renews the
# games' display token (games/freshness.py).
shown_on_game_pages(NightGameLink, lambda link: Game.objects.filter(pk=link.game_id))
shown_on_game_pages(
    Group,
    lambda group: Game.objects.filter(night_link__night__group_id=group.pk),
    fields=frozenset({"name"}),
)


def _night_of(field: str, token: str) -> list[tuple]:
    """The night of the game whose `field` is the token: one light query of four values."""
    return list(
        NightGameLink.objects.filter(**{field: token})
        .values_list(
            "night__group__name", "night__number", "night__edit_token", "night__share_token"
        )
        .order_by("pk")[:1]
    )


def in_night(request: HttpRequest) -> dict:
    """On a game's own pages (/g/, /w/): the night it is in, whose settle-up takes its money;
    read only if the page renders it, and kept by its game's freshness (games/freshness.py)."""
    match = request.resolver_match
    token = match and match.namespace == "games" and match.kwargs.get("token")
    if not token:
        return {}
    watching = match.route.startswith("w/")
    name = f"in-night:{watching}"  # a watcher's link is the night's watch link
    return {"in_night": kept(request, name, lambda: _night(token, watching))}


def _night(token: str, watching: bool) -> dict:
    """The night of the game with this token, as `in_night` gives it ({} for none)."""
    field = "game__share_token" if watching else "game__edit_token"
    found = _night_of(field, token)
    if not found:
        return {}
    group, number, edit, share = found[0]
    return {
        "url": reverse(
            "nights:watch" if watching else "nights:night", args=[share if watching else edit]
        ),
        "name": night_name(group, number),
        "token": "" if watching else edit,
    }


def phone_nights(request: HttpRequest) -> dict:
    """The phone's list: its nights, and the groups it has opened or played a night of."""
    match = request.resolver_match
    if not (match and match.view_name == "games:home"):
        return {}
    tokens = remembered(request)
    found = Night.objects.filter(edit_token__in=tokens) | Night.objects.filter(
        share_token__in=tokens
    )
    by_token = {}
    groups = {
        g.edit_token: g for g in Group.objects.filter(edit_token__in=remembered_groups(request))
    }
    for night in found.select_related("group"):
        by_token[night.edit_token] = {"night": night, "url": night.get_absolute_url()}
        by_token[night.share_token] = {"night": night, "url": night.share_url()}
        if night.edit_token in tokens:
            groups.setdefault(night.group.edit_token, night.group)
    return {
        "phone_nights": [by_token[t] for t in tokens if t in by_token],
        "phone_groups": list(groups.values()),
    }


def join_night(sender: object, request: HttpRequest, game, **kwargs: object) -> None:
    """A game started from a night's Play again (the form names the night) joins it, through
    the night's command; a night that can't take it (closed, another currency) leaves it out.
    From a game in no night, Play again makes a night of both (`play_again`). The group takes
    the handles its last game was given, and gives the new game every regular's."""
    token = request.POST.get("night", "")
    night = Night.objects.filter(edit_token=token).first() if token else None
    if night is None:
        into_a_night(request, game)
        return
    key = hashlib.sha256(f"{request.POST.get('key', '')}:{game.pk}".encode()).hexdigest()[:32]
    who = device.device_label(request)
    before = night.games()
    if before:
        group = night.group
        learn_from(group, before[-1], commands.Sent(group.version, f"{key[:28]}lern", who))
        night.group.refresh_from_db()
    outcome = commands.apply(night, commands.Sent(night.version, key, who), AddGame(game.pk))
    if outcome.applied:
        give_handles(night.group, game, who)


def group_offer(sender: object, request: HttpRequest, **kwargs: object) -> dict:
    """A new game started from a night with no game yet: the group's regulars in their seats,
    its rules and its stakes."""
    token = request.GET.get("night", "")
    night = (
        Night.objects.select_related("group").filter(edit_token=token).first() if token else None
    )
    if night is None:
        return {}
    group = night.group
    stakes = {"currency": group.currency, **group.stakes}
    initial = settings_initial(group.preset, group.rule_overrides, stakes)
    for i, name in enumerate(group.regulars[:6], 1):
        initial[f"player_{i}"] = name
    initial["seating"] = "typed"
    return initial
