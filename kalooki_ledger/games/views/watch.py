"""The watch flow: what a watch link shows (the table, the sheet, the rules), every watcher the
same page, cacheable; its poll, its QR code, and keeping it in the phone's list."""

from collections.abc import Callable
from copy import copy

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import (
    add_never_cache_headers,
    get_conditional_response,
    patch_vary_headers,
)
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from .. import freshness
from ..models import Game
from ..pages.table_page import table_page
from ..qr import qr_file
from ..session import remember
from .base import game_of
from .sheet import render_rules, render_sheet

# What a watch link shows is the same for every watcher: a shared cache in front (nginx, a CDN)
# may keep it for two seconds and answer the polls; it carries no cookie and varies by none.
WATCH_CACHE = "public, max-age=2, stale-while-revalidate=30"


def public(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = WATCH_CACHE
    # The page and its fragment share a URL; each language is a copy of its own.
    patch_vary_headers(response, ["HX-Request", "Accept-Language"])
    return response


def phone_language(request: HttpRequest) -> str:
    """The language of the phone's Accept-Language alone: a watch page is one copy for every
    watcher, kept by that header, so no language cookie may choose it."""
    headers_only = copy(request)
    headers_only.COOKIES = {}
    return translation.get_language_from_request(headers_only)


def watched(request: HttpRequest, token: str, page: Callable[[Game], HttpResponse]) -> HttpResponse:
    """A watch link's page or its poll: 304 for the ETag it has, 204 for a poll whose freshness
    key still stands (one row read, nothing rendered), else `page` of the game; all of it
    cacheable (read in one snapshot, as every GET is: `snapshot.OneSnapshotMiddleware`)."""
    found = Game.objects.filter(share_token=token).values_list("pk", "version", "revision", "shown")
    found = found.first()
    if found is None:
        raise Http404(gettext("No game at this link"))
    pk, version, revision, shown = found
    language = phone_language(request)
    # The page's freshness key (the revision and the display token, which every row the page
    # shows renews, the language, the site's prefix, the host), as its kept parts are.
    fresh = freshness.key(pk, revision, shown, request, language)
    etag = f'"w{version}.{fresh}{"-f" if request.htmx else ""}"'
    # 304 for an If-None-Match naming it, read as Django reads it (weakly; lists, `*`).
    response = get_conditional_response(request, etag=etag)
    if response is None and request.htmx and request.GET.get("v") == fresh:
        response = HttpResponse(status=204)  # unchanged: htmx keeps the page
    if response is None:
        with translation.override(language):
            request.LANGUAGE_CODE = language
            response = page(game_of(share_token=token))
    response["Content-Language"] = language
    return public(response, etag)


@require_GET
def watch_remember(request: HttpRequest, token: str) -> HttpResponse:
    """Puts a watched game in this phone's list of games: asked by app.js, so that the watch
    page itself never touches the session."""
    remember(request, game_of(share_token=token), scoring=False)
    response = HttpResponse(status=204)
    add_never_cache_headers(response)
    return response


@require_GET
def watch_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The watch link as a QR code image: the table page loads it when its section opens."""
    game = game_of(share_token=token)
    response = HttpResponse(
        qr_file(request.build_absolute_uri(game.share_url())), content_type="image/svg+xml"
    )
    response["Cache-Control"] = "private, max-age=86400"
    return response


@require_GET
def watch(request: HttpRequest, token: str) -> HttpResponse:
    return watched(request, token, lambda game: _watch_page(request, game))


def _watch_page(request: HttpRequest, game: Game) -> HttpResponse:
    request.game = game  # what the context processors above keep by (freshness.kept)
    watch_link = request.build_absolute_uri(game.share_url())
    context = table_page(game, None, watch_link, can_edit=False, public=True)
    context["handed_over"] = request.GET.get("handed-over") == "1"
    template = "games/watch.html#live" if request.htmx else "games/watch.html"
    return render(request, template, context)


@require_GET
def watch_sheet(request: HttpRequest, token: str) -> HttpResponse:
    return watched(request, token, lambda game: render_sheet(request, game, token, can_edit=False))


@require_GET
def watch_rules(request: HttpRequest, token: str) -> HttpResponse:
    game = game_of(share_token=token)
    return render_rules(request, game, game.share_url())
