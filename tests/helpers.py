"""Plain factory functions shared by the tests."""

import json
from decimal import Decimal
from pathlib import Path

from kalooki_ledger.rules import Game, Hand, Rules, Stakes

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
WORKED_EXAMPLE = SHARED / "scenarios" / "seed-000-worked-example.json"


def worked_example() -> dict:
    return json.loads(WORKED_EXAMPLE.read_text(), parse_float=Decimal)


def casino_stakes(currency: str = "units") -> Stakes:
    return Stakes(currency, Decimal(1), Decimal(2), Decimal(5), Decimal(5))


def make_game(
    players: str = "Andy Mark John Frank", *hands: Hand, rules: Rules | None = None, **kw
) -> Game:
    return Game(
        players=tuple(players.split()),
        rules=rules or Rules(),
        stakes=kw.pop("stakes", casino_stakes()),
        hands=hands,
        **kw,
    )


def won(winner: str, kalookie: bool = False, buy_ins: dict | None = None, **values: int) -> Hand:
    return Hand(winner=winner, kalookie=kalookie, penalties=values, buy_ins=buy_ins or {})


def record(players: list[str], hands: list[dict], **extra) -> dict:
    return {"format": "kalooki-game/1", "players": players, "hands": hands, **extra}
