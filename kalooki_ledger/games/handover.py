"""A true hand-over of the scoring: the game gets a new scoring link for the new phone, and the
old link only watches from then on. The old phone learns it on its next request: a page is
sent to the watch page, which says so; a command (a form, or its outbox through the API) is
refused, saying so. Adding a second scoring phone on purpose is the same link as a QR code
(the table's "Score on another phone"). See docs/offline.md."""

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext

from kalooki_ledger import rules as engine

from . import commands
from .models import Game, HandedOver, new_token
from .session import forget_token, remember


class HandedOverLink(Exception):
    """A scoring link given up: the game it was for."""

    def __init__(self, game: Game):
        super().__init__(game.pk)
        self.game = game


def handed_over(token: str) -> Game | None:
    found = HandedOver.objects.filter(token=token).select_related("game").first()
    return found.game if found else None


def refusal() -> str:
    return gettext(
        "The scoring of this game was handed over to another phone: this link only watches now."
    )


@dataclass
class HandOver(commands.Command):
    """Gives the game a new scoring link; the old one is kept only to say where it went."""

    action = "handover"

    def decide(self, ledger: engine.Ledger) -> commands.Decision:
        return commands.Decision({"link": "new"})  # never the link itself: watchers read this

    def write(self, game: Game, ledger: engine.Ledger, decision: commands.Decision) -> None:
        HandedOver.objects.create(game=game, token=game.edit_token)
        game.edit_token = new_token()
        Game.objects.filter(pk=game.pk).update(edit_token=game.edit_token)


def watch_url(game: Game) -> str:
    return f"{game.share_url()}?handed-over=1"


class HandedOverMiddleware:
    """The old phone's next request: a page goes to the watch page (which says why), htmx is
    told to go there too; the phone's list keeps the game as watched."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not isinstance(exception, HandedOverLink):
            return None
        game = exception.game
        token = request.resolver_match.kwargs.get("token", "") if request.resolver_match else ""
        forget_token(request, token)
        remember(request, game, scoring=False)
        if getattr(request, "htmx", False):
            response = HttpResponse(status=204)
            response["HX-Redirect"] = watch_url(game)
            return response
        return HttpResponseRedirect(watch_url(game))
