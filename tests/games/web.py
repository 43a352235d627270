"""Factory functions for the view tests: games stored as the table would have recorded them."""

from kalooki_ledger.games import store
from kalooki_ledger.games.models import Game

GBP = {
    "currency": "GBP",
    "call_up": "0.10",
    "kalookie": "0.20",
    "initial": "0.50",
    "buy_in": "0.50",
}


def stored_game(players: str = "Andy Mark John Frank", hands: list | None = None, **extra) -> Game:
    """A game in the database, checked by the engine as an import is."""
    data = {
        "format": "kalooki-game/1",
        "title": extra.pop("title", "Friday at Mark's"),
        "rules": extra.pop("rules", {"preset": "british"}),
        "stakes": extra.pop("stakes", GBP),
        "players": players.split(),
        "hands": hands or [],
        **extra,
    }
    return store.import_record(data)


def worked_hands() -> list[dict]:
    """The five hands of 000's worked score sheet (John wins after hand 5)."""
    return [
        {"winner": "John", "penalties": {"Andy": 85, "Mark": 42, "Frank": 30}},
        {"winner": "Andy", "penalties": {"Mark": 50, "John": 45, "Frank": 30}},
        {"winner": "John", "kalookie": True, "penalties": {"Andy": 38, "Mark": 53, "Frank": 40}},
        {
            "winner": "Frank",
            "penalties": {"Andy": 4, "Mark": 30, "John": 53},
            "buy_ins": {"Mark": True},
        },
        {"winner": "John", "penalties": {"Andy": 29, "Mark": 71, "Frank": 60}},
    ]


def over_limit_hands() -> list[dict]:
    """Hands 1-4 of the worked sheet, Mark's buy-in decision still owed after hand 4."""
    hands = worked_hands()[:4]
    hands[3] = {"winner": "Frank", "penalties": {"Andy": 4, "Mark": 30, "John": 53}}
    return hands


def hand_post(number: int, winner: str, game: Game, **values: int) -> dict:
    """The hand form as a browser posts it: values keyed by seat."""
    seats = {s.name: s.position for s in game.seats.all()}
    data = {"number": str(number), "winner": winner, "action": "record"}
    for name, value in values.items():
        data[f"value-{seats[name]}"] = str(value)
    return data


def family_game(preset: str, players: str = "Ann Bob Cy", stakes: dict | None = None, **rules):
    """A fresh game of one preset (any family), with rule overrides in the record's terms."""
    return stored_game(
        players, rules={"preset": preset, **rules}, stakes=stakes or {"currency": "units"}
    )


def seat_post(number: int, winner: str, game: Game, **fields: dict) -> dict:
    """The hand form with any family's fields, keyed by seat: value, cards, jokers, adjust…"""
    seats = {s.name: s.position for s in game.seats.all()}
    data = {"number": str(number), "winner": winner, "action": "record"}
    for kind, by_name in fields.items():
        for name, value in by_name.items():
            data[f"{kind}-{seats[name]}"] = str(value)
    return data
