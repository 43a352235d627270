"""Play again is a night: "New game with the same players" on a game in no night puts both
games into a new night, of the group the players already are on this phone or of one made on
the spot from them (the scorer names it). Connected to the games' new-game page's signals
(`new_game_extra`, `new_game_started`): the games app never imports this one."""

import hashlib
from typing import Any

from django.db.models import Q
from django.http import HttpRequest
from django.utils.text import capfirst
from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.games import commands, device, present
from kalooki_ledger.games.models import Game

from .commands import AddGame, StartGroup, StartNight
from .group_settings import give_handles, learn_from, stakes_of
from .models import Group, Night, NightGameLink
from .session import remember, remember_group, remembered, remembered_groups

TEMPLATE = "nights/_play_again.html"
NAME_LIMIT = 80


def _posted_or_asked(request: HttpRequest, name: str) -> str:
    return request.POST.get(name, "") if request.method == "POST" else request.GET.get(name, "")


def _first_game(request: HttpRequest) -> Game | None:
    """The game Play again was asked from, when it is in no night yet."""
    if _posted_or_asked(request, "night"):
        return None  # Play again within a night: the new game joins that night
    token = _posted_or_asked(request, "again")
    game = Game.objects.filter(edit_token=token).first() if token else None
    if game is None or NightGameLink.objects.filter(game=game).exists():
        return None
    return game


def known_group(request: HttpRequest, players: tuple[str, ...], currency: str) -> Group | None:
    """The group on this phone (opened, or one of its nights) whose regulars hold every player,
    in the game's currency: the newest such."""
    mine = Group.objects.filter(
        Q(edit_token__in=remembered_groups(request)) | Q(nights__edit_token__in=remembered(request))
    ).distinct()
    wanted = {engine.name_key(p) for p in players}
    for group in mine.filter(currency=currency).order_by("-created", "-id"):
        if wanted <= {engine.name_key(r) for r in group.regulars}:
            return group
    return None


def suggested_name(players: tuple[str, ...]) -> str:
    """A name for a group made on the spot: its players, as the reader's language lists them."""
    names = present.joined(players)
    return names if len(names) <= NAME_LIMIT else gettext("Our table")


def offer(sender: object, request: HttpRequest, **kwargs: object) -> dict | None:
    """The new-game page's choice: keep both games in one night (ticked), and the group's name."""
    game = _first_game(request)
    if game is None:
        return None
    players = game.ledger().game.players
    group = known_group(request, players, game.currency)
    posted = request.method == "POST"
    return {
        "template": TEMPLATE,
        "again": game.edit_token,
        "group": group,
        "name": request.POST.get("group_name", "") if posted else suggested_name(players),
        "keep": request.POST.get("as_night") == "1" if posted else True,
    }


def _sent(request: HttpRequest, game: Game, step: str, on: Any = None) -> commands.Sent:
    """A step's `Sent`: its key from the form's (the same form sent twice makes one group and
    one night), made on the version of the row `on` as read (None: it makes a row)."""
    seed = f"{request.POST.get('key', '')}:{game.pk}:{step}"
    key = hashlib.sha256(seed.encode()).hexdigest()[:32]
    return commands.Sent(getattr(on, "version", None), key, device.device_label(request))


def into_a_night(request: HttpRequest, game: Game) -> Night | None:
    """The new game and the one it was played again from, put into a new night (in the new
    game's transaction: a group's name refused starts nothing)."""
    first = _first_game(request)
    if first is None or request.POST.get("as_night") != "1":
        return None
    players = first.ledger().game.players
    group = known_group(request, players, first.currency)
    if group is None:
        name, problem = engine.name_problem(
            request.POST.get("group_name", ""), gettext("a group's name"), NAME_LIMIT
        )
        if problem is not None:
            raise commands.Refusal(
                commands.Verdict.REFUSED, capfirst(present.problem_text(problem))
            )
        made = commands.apply(
            None,
            _sent(request, game, "group"),
            StartGroup(
                name,
                currency=first.currency,
                regulars=list(players),
                preset=first.preset,
                stakes=stakes_of(first),
                rule_overrides=first.rule_overrides,
            ),
        )
        group = made.made
    learn_from(group, first, _sent(request, game, "learn", group))
    night = commands.apply(None, _sent(request, game, "night"), StartNight(group.pk)).made
    for step, pk in (("first", first.pk), ("second", game.pk)):
        added = commands.apply(night, _sent(request, game, step, night), AddGame(pk))
        if not added.done:  # nothing is started (the new game's transaction) and the scorer told
            raise commands.Refusal(added.verdict, added.notice)
    give_handles(group, game, device.device_label(request))
    remember(request, night.edit_token)
    remember_group(request, group.edit_token)
    return night
