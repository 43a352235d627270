"""A table on a room's board (clubs/board.py): its standings in large type, nothing private (no
scoring link, no handles, no money), polled through the watch link's cacheable answers."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from . import ledger_cache, present
from .models import Game
from .views.watch import watched  # the watch page's answers: 304, 204, the shared cache


def panel_context(game: Game) -> dict:
    """What a board shows of one table, kept by the game's revision and the language: a board
    polls every table, and a table's every hand asks each board for it again."""
    return ledger_cache.kept(
        game.pk, game.revision, f"panel:{get_language()}", lambda: _panel(game.ledger())
    ) | {"game": game, "version": game.version}


def _panel(ledger) -> dict:
    return {
        "rows": present.standings(ledger),
        "status_line": present.board_line(ledger),
        "awaiting": bool(ledger.awaiting_buy_ins),
        "won": bool(ledger.winner),
        "over": ledger.over,
    }


@require_GET
def panel(request: HttpRequest, token: str) -> HttpResponse:
    """One table's standings on a board, or their poll: the watch link's 304 and 204 and shared
    cache. The table's name above them is the board's (a tournament's "Table 3", in the board's
    language), so the poll leaves it be."""

    def page(game: Game) -> HttpResponse:
        return render(request, "games/_room_table_live.html", panel_context(game))

    return watched(request, token, page)
