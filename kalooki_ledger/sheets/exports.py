"""A game's files by format: the JSON record with results, the hands as CSV, the PDF sheet."""

import json
from collections.abc import Callable

from kalooki_ledger.games.handles import handles_of
from kalooki_ledger.games.models import Game

from .csv import game_csv
from .pdf import place_of, score_sheet_pdf


def render_json(game: Game, handles: bool = False) -> bytes:
    """The record with its results; with the players' payment handles only when the scorer
    asks (`handles`), for a record kept privately: a watch link's export never has them."""
    data = game.to_json()
    if handles and game.pay_handles:
        data["pay_handles"] = game.pay_handles
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


def render_csv(game: Game) -> bytes:
    """The hands in the active language's words and numbers (sheets/csv.py)."""
    return game_csv(game.ledger()).encode()


def render_pdf(game: Game, paper: str = "a4", handles: bool = False) -> bytes:
    """The printed sheet; with the payees' handles beside the settle-up only when the scorer
    asks (`handles`): a watch link's sheet never has them."""
    ledger = game.ledger()
    record = game.to_record(ledger)
    held = handles_of(game) if handles else None
    sheet = {"place": place_of(game), "started": game.created.date(), "handles": held}
    return score_sheet_pdf(record, ledger, paper, **sheet)


# Each exporter turns a loaded game into the bytes of a file; `binary` ones need --output.
EXPORTERS: dict[str, tuple[Callable[[Game], bytes], bool]] = {
    "json": (render_json, False),
    "csv": (render_csv, False),
    "pdf": (render_pdf, True),
}
