"""The corrections flow, from the score sheet: a recorded hand edited, or deleted."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from .. import answers, commands, posted
from ..models import Game
from ..present.sheet_page import edit_page
from .base import command, scoring
from .sheet import sheet_answer


@never_cache
@scoring
def edit_hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    if request.method == "POST":
        # The command checks the version before the hand: an edit of a hand undone or deleted
        # since is told what changed (409), not that there is no such hand.
        outcome = command(request, game, posted.edit_hand(number, request.POST))
        if outcome.entry is None:
            return sheet_answer(request, game, outcome)
        context = edit_page(game, game.ledger(), number, outcome.entry)
        return render(request, "games/edit_hand.html", context, status=answers.status(outcome))
    ledger = game.ledger()
    if not 1 <= number <= len(ledger.hands):
        raise Http404("No such hand")
    return render(request, "games/edit_hand.html", edit_page(game, ledger, number))


@require_POST
@scoring
def delete_hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    return sheet_answer(request, game, command(request, game, commands.DeleteHand(number)))
