"""The corrections flow, from the score sheet: a recorded hand edited, or deleted."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from .. import answers, commands, device, posted
from ..models import Game
from ..pages.sheet_page import edit_page
from .base import applied, command, scoring
from .sheet import sheet_answer


@never_cache
@scoring
def edit_hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    if request.method == "POST":
        # The command checks the version before the hand: an edit of a hand undone or deleted
        # since is told what changed (409), not that there is no such hand.
        post, who = request.POST, device.device_label(request)
        outcome = applied(game, lambda: posted.edit_hand(number, post, game.ledger(), who))
        if outcome.entry is None:
            return sheet_answer(request, game, outcome)
        outcome.entry.add_problems(outcome.problems)  # the engine's problems beside the form
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
