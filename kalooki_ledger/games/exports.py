"""A game's exports by format: the JSON record with results (and, later, CSV and PDF)."""

import json
from collections.abc import Callable

from kalooki_ledger import rules as engine

from .models import Game


def game_json(game: Game) -> dict:
    record = game.to_record()
    return engine.record_to_json(record, engine.replay(record.game))


def render_json(game: Game) -> bytes:
    return (json.dumps(game_json(game), indent=2, ensure_ascii=False) + "\n").encode()


# Each exporter turns a loaded game into the bytes of a file; `binary` ones need --output.
EXPORTERS: dict[str, tuple[Callable[[Game], bytes], bool]] = {
    "json": (render_json, False),
}
