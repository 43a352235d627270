"""When a game's page is still fresh: one key a page is built from, and the one mechanism that
renews a game's display token (`Game.shown`) when any row its pages show changes
(docs/architecture.md, "The caching rule").

The key (`key`) is the game's revision (its data) and display token, the language, the site's
prefix, and the scheme and host the page is read from: what is kept of a game's page (its
formless parts, `{% cache %}` in the templates) and the watch link's ETag are both keyed by it.
What the context processors add to a game's page (the club, tournament or night it is in:
`clubs.links`, `nights.links`) is read from rows whose every save and delete renews the display
token (`shown_on_game_pages`), so the key covers it; the revision, the state a command names, is
left alone, so a phone's pending hand stays current. The other context processors add nothing a
game's kept parts read."""

import hashlib
from collections.abc import Callable
from typing import Any

from django.db import models
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest
from django.urls import get_script_prefix
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language

from . import ledger_cache
from .models import Game, new_revision


def key(
    game_id: int, revision: str, shown: str, request: HttpRequest, language: str | None = None
) -> str:
    """The freshness key of a game's page at `revision` with display token `shown`, in
    `language` (the active one unless told), as `request` reads it (its site prefix and host)."""
    language = language or get_language() or ""
    host = f"{request.scheme}://{request.get_host()}"  # kept parts hold absolute links
    parts = [str(game_id), revision, shown, language, get_script_prefix(), host]
    said = "\n".join(parts)
    return hashlib.sha256(said.encode()).hexdigest()[:24]


def renew(games: "models.QuerySet[Game]", held: Any = None) -> None:
    """A new display token for each of these games (their version and revision, the state a
    command names, kept); `held`: a row whose cached game instance takes its new token too (a
    command may go on with it)."""
    renewed = {}
    for pk in games.values_list("pk", flat=True):
        renewed[pk] = new_revision()  # each game its own: a token names one game's page
        Game.objects.filter(pk=pk).update(shown=renewed[pk])
    if held is None:
        return
    for field in held._meta.concrete_fields:
        if field.is_relation and field.related_model is Game and field.is_cached(held):
            game = getattr(held, field.name)
            game.shown = renewed.get(game.pk, game.shown)


def shown_on_game_pages(
    model: type[models.Model],
    games_of: Callable[[Any], "models.QuerySet[Game]"],
    fields: frozenset[str] | None = None,
) -> None:
    """Every save and delete of a `model` row renews the display token of the games whose pages
    show it (`games_of(row)`): one mechanism for the club, tournament and night a game is in;
    `fields`: the only fields the pages show, when a save names the fields it writes."""

    def renewed(sender, instance, update_fields=None, raw=False, **kwargs) -> None:
        if raw:
            return  # a backup read back: every game it loads gets new tokens of its own
        if fields is not None and update_fields is not None and not fields & update_fields:
            return  # a save of fields no game's page shows (a row's own version)
        renew(games_of(instance), held=instance)

    uid = f"freshness:{model._meta.label}"
    post_save.connect(renewed, sender=model, weak=False, dispatch_uid=uid)
    post_delete.connect(renewed, sender=model, weak=False, dispatch_uid=uid)


def kept(request: HttpRequest, name: str, build: Callable[[], Any]) -> Any:
    """`build()`, read only when the page renders it and kept by the freshness key of the game
    the request's page shows (`request.game`, named by its view) under `name`: what an app above
    reads of its own rows for a game's page (its club, its night), read again only when one of
    them changes; built afresh where the page names no game."""

    def read() -> Any:
        game = getattr(request, "game", None)
        if not isinstance(game, Game):
            return build()
        fresh = key(game.pk, game.revision, game.shown, request)
        return ledger_cache.kept(game.pk, fresh, name, build)

    return SimpleLazyObject(read)
