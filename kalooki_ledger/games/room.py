"""A table on a room's board (clubs/board.py): its standings in large type, nothing private (no
scoring link, no handles, no money), polled through the watch link's cacheable answers."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from . import present
from .models import Game
from .views.watch import watched  # the watch page's answers: 304, 204, the shared cache


def panel_context(game: Game) -> dict:
    """What a board shows of one table, from its ledger (cached per revision)."""
    ledger = game.ledger()
    family = present.family(ledger)
    return {
        "game": game,
        "ledger": ledger,
        "rows": present.standings(ledger),
        "status_line": present.board_line(ledger),
        "total_word": family.total_word,
        "eliminates": family.eliminates,
        "version": game.version,
    }


@require_GET
def panel(request: HttpRequest, token: str) -> HttpResponse:
    """One table's standings on a board, or their poll: the watch link's 304 and 204 and shared
    cache. The table's name above them is the board's (a tournament's "Table 3", in the board's
    language), so the poll leaves it be."""

    def page(game: Game) -> HttpResponse:
        return render(request, "games/_room_table_live.html", panel_context(game))

    return watched(request, token, page)
