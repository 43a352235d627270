"""A game's exports by format: the JSON record with results, the hands as CSV, the PDF sheet."""

import json
from collections.abc import Callable

from kalooki_ledger import rules as engine
from kalooki_ledger.sheets.csv import game_csv

from .models import Game


def game_json(game: Game) -> dict:
    record = game.to_record()
    return engine.record_to_json(record, engine.replay(record.game))


def render_json(game: Game) -> bytes:
    return (json.dumps(game_json(game), indent=2, ensure_ascii=False) + "\n").encode()


def render_csv(game: Game) -> bytes:
    return game_csv(game.ledger()).encode()


def render_pdf(game: Game, paper: str = "a4") -> bytes:
    # Imported here so that loading the games app never starts WeasyPrint.
    from kalooki_ledger.sheets.pdf import place_of, score_sheet_pdf

    record = game.to_record()
    ledger = engine.replay(record.game)
    return score_sheet_pdf(record, ledger, paper, place_of(game), game.created.date())


# Each exporter turns a loaded game into the bytes of a file; `binary` ones need --output.
EXPORTERS: dict[str, tuple[Callable[[Game], bytes], bool]] = {
    "json": (render_json, False),
    "csv": (render_csv, False),
    "pdf": (render_pdf, True),
}
