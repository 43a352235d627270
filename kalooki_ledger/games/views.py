from django.http import Http404
from django.shortcuts import render

from .models import Game
from .store import load


def _game(**lookup) -> Game:
    try:
        return load(**lookup)
    except Game.DoesNotExist:
        raise Http404("No game at this link") from None


def home(request):
    return render(request, "games/home.html")


def table(request, token: str):
    game = _game(edit_token=token)
    return render(
        request, "games/table.html", {"game": game, "ledger": game.ledger(), "can_edit": True}
    )


def watch(request, token: str):
    game = _game(share_token=token)
    return render(
        request, "games/table.html", {"game": game, "ledger": game.ledger(), "can_edit": False}
    )
