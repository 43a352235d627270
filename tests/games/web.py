"""Factory functions for the view tests: games stored as the table would have recorded them."""

import re
import secrets

from django.test import Client

from kalooki_ledger.games import store
from kalooki_ledger.games.models import Game
from kalooki_ledger.rules import Ledger

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


def new_game_form(*names: str, **fields: str) -> dict:
    """The new-game form as a browser posts it: British club in GBP, seats as typed."""
    data = {"preset": "british", **GBP, "seating": "typed", "title": "Friday"}
    data.update({f"player_{i}": name for i, name in enumerate(names, 1)})
    data.update(fields)
    return data


def house_post(**changes: str) -> dict:
    """The house rules form saving a North American game in GBP, with its notes."""
    data = {
        "name": "Friday rules",
        "preset": "north-american",
        "target": "500",
        "currency": "GBP",
        "per_point": "0.01",
        "initial": "1.00",
        "notes": "First meld 40\nNo knocking on the table",
        "action": "save",
    }
    return data | changes


def stored_ledger(game: Game) -> Ledger:
    """The ledger as stored now: `game` may have been read before the posts that changed it."""
    return Game.objects.get(pk=game.pk).ledger()


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


def jamaica_with_penalties(hands: int = 2, stakes: dict | None = None, **extra) -> Game:
    """Ann, Bob and Cy at Jamaica for £1 each: Ann wins hand 1, Bob goes out in one in hand 2
    and Cy takes 50 penalty points for a lost challenge; the first `hands` of those."""
    played = [
        {"winner": "Ann", "penalties": {"Bob": 25, "Cy": 40}},
        {
            "winner": "Bob",
            "kalookie": True,
            "penalties": {"Ann": 10, "Cy": 5},
            "adjustments": {"Cy": 50},
            "reason": {"Cy": "Lost a challenge"},
        },
    ]
    return stored_game(
        "Ann Bob Cy",
        hands=played[:hands],
        rules={"preset": "jamaica"},
        stakes=stakes or {"currency": "GBP", "initial": "1"},
        **extra,
    )


def seat_post(number: int, winner: str, game: Game, **fields: dict) -> dict:
    """The hand form with any family's fields, keyed by seat: value, cards, jokers, adjust…"""
    seats = {s.name: s.position for s in game.seats.all()}
    data = {"number": str(number), "winner": winner, "action": "record"}
    for kind, by_name in fields.items():
        for name, value in by_name.items():
            data[f"{kind}-{seats[name]}"] = str(value)
    return data


GAME_PATH = re.compile(r"/g/(?P<token>[A-Za-z0-9_-]+)/")


def current_version(path: str) -> str | None:
    """The version of the game a scoring path belongs to, as its page would show it now."""
    found = GAME_PATH.match(path)
    if not found:
        return None
    versions = Game.objects.filter(edit_token=found["token"]).values_list("version", flat=True)
    version = versions.first()
    return None if version is None else str(version)


class FormClient(Client):
    """Posts as the game pages' forms do: with the version the page shows when the post is made
    and a key of its own, unless the test gives them (to send a stale or a repeated form)."""

    def post(self, path, data=None, *args, **kwargs):
        data = {} if data is None else data
        if isinstance(data, dict) and "version" not in data:
            version = current_version(str(path))
            if version is not None:
                data = {**data, "version": version, "key": new_key()}
        return super().post(path, data, *args, **kwargs)


def new_key() -> str:
    return secrets.token_urlsafe(12)
