"""The score sheet flow: the scoring sheet, the phone's name in its history, the day played, and
the rules card of a game."""

import datetime

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from kalooki_ledger import rules as engine

from .. import answers, commands, device, present
from ..models import Game
from ..pages.sheet_page import sheet_page
from ..session import remember
from .base import command, game_of, scoring


def render_sheet(
    request: HttpRequest, game: Game, token: str, can_edit: bool, status: int = 200
) -> HttpResponse:
    """The score sheet by either link (`token`), or its live part for htmx."""
    links = {kind: reverse(f"sheets:{kind}", args=[token]) for kind in ("pdf", "csv", "json")}
    phone = device.current_label(request) if can_edit else None
    context = sheet_page(game, game.ledger(), can_edit, links, phone)
    template = "games/sheet.html#sheetlive" if request.htmx else "games/sheet.html"
    return render(request, template, context, status=status)


def sheet_answer(request: HttpRequest, game: Game, outcome: commands.Outcome) -> HttpResponse:
    """The score sheet after a command from the sheet's own pages (edit, delete, the date)."""
    if outcome.verdict is commands.Verdict.MISSING:
        raise Http404(outcome.notice)
    if outcome.verdict in commands.DONE:  # stored now or before, or nothing to store
        (messages.warning if outcome.warning else messages.info)(request, outcome.notice)
        return redirect("games:sheet", game.edit_token)
    messages.warning(request, outcome.notice)
    status = answers.status(outcome)
    return render_sheet(request, game, game.edit_token, can_edit=True, status=status)


@require_GET
@never_cache  # a scoring page: private, never kept by a cache
def sheet(request: HttpRequest, token: str) -> HttpResponse:
    game = game_of(edit_token=token)
    remember(request, game, scoring=True)
    return render_sheet(request, game, token, can_edit=True)


@require_POST
@scoring
def played_on(request: HttpRequest, game: Game) -> HttpResponse:
    try:
        day = datetime.date.fromisoformat(request.POST.get("played_on", "").strip())
    except ValueError:
        day = None
    asked = commands.SetDate(day, timezone.localdate())
    return sheet_answer(request, game, command(request, game, asked))


@require_POST
def phone_name(request: HttpRequest, token: str) -> HttpResponse:
    """Names this phone in the game's history from now on; earlier lines keep the old name."""
    game = game_of(edit_token=token)
    refused = device.rename(request, request.POST.get("name", ""))
    if refused:
        messages.error(request, gettext("%(refused)s Nothing was changed.") % {"refused": refused})
    else:
        messages.info(
            request,
            gettext("This phone's changes now show as “%(name)s”.")
            % {"name": device.device_label(request)},
        )
    return redirect(reverse("games:sheet", args=[game.edit_token]) + "#history")


def render_rules(request: HttpRequest, game: Game, back: str) -> HttpResponse:
    """The rules card of a game, by either link (`back` returns to its table)."""
    played = game.ledger().game
    preset = engine.PRESETS[game.preset]
    lines = present.rules_card(played.rules, played.stakes)
    # The preset's description quotes its own stakes: only the game's are printed.
    changed = present.changed_rules(game.preset, played.rules)
    context = {"game": game, "preset": preset, "lines": lines, "back": back, "changed": changed}
    return render(request, "games/rules.html", context)


@require_GET
@never_cache  # a scoring page: private, never kept by a cache
def rules(request: HttpRequest, token: str) -> HttpResponse:
    game = game_of(edit_token=token)
    return render_rules(request, game, game.get_absolute_url())
