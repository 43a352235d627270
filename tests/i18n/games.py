"""A game night for the untranslated-string check and the Swedish browser test: one table's
games in each state a scorer meets (new, being played, a buy-in asked, finished and settled),
played by the names of tests/i18n/pages.py so that they count as data."""

from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Game
from tests.games.web import over_limit_hands, stored_game, worked_hands

PLAYERS = ["Agneta", "Bosse", "Cissi", "Dagge"]
TITLE = "Fredag"
SEK = {"currency": "SEK", "call_up": "1", "kalookie": "2", "initial": "5", "buy_in": "5"}
# The worked score sheet's players, as the night's.
NAMES = dict(zip(["Andy", "Mark", "John", "Frank"], PLAYERS, strict=True))


def renamed(hands: list[dict]) -> list[dict]:
    """The worked sheet's hands played by the night's players."""

    def swap(value):
        if isinstance(value, dict):
            return {NAMES.get(k, k): swap(v) for k, v in value.items()}
        return NAMES.get(value, value) if isinstance(value, str) else value

    return [swap(hand) for hand in hands]


def night_game(hands: list[dict]) -> Game:
    game = stored_game(
        " ".join(PLAYERS),
        hands=renamed(hands),
        title=TITLE,
        rules={"preset": "british"},  # the worked sheet is played by its limit
        stakes=SEK,
        played_on="2026-11-20",
    )
    with_history(game)
    return game


def with_history(game: Game) -> None:
    """The history an English phone would have left: the start, each hand, the date, a tick,
    a stop taken back, an undo and an edit; every line kept as data, so a Swedish reader
    reads it in Swedish."""
    ledger = game.ledger()
    sent = commands.Sent(game.version, "", "iPhone 00ff")
    commands.receipt(game, sent, "start", {"players": list(ledger.game.players)})
    for number, hand in enumerate(ledger.game.hands, 1):
        commands.receipt(game, sent, "record", commands.hand_event(ledger, number, hand))
    commands.receipt(game, sent, "date", {"day": "2026-11-20"})
    commands.receipt(game, sent, "stop", {"settle": "", "pot": "pot", "staked": True})
    if ledger.game.hands:
        last = ledger.game.hands[-1]
        commands.receipt(game, sent, "undo", commands.hand_event(ledger, 1, last))
        edited = commands.hand_event(ledger, 1, last, "before")
        commands.receipt(game, sent, "edit", {**edited, "after": {"void": True}})
    if ledger.transfers:
        t = ledger.transfers[0]
        paid = [[t.payer, t.payee, str(t.amount)]]
        values = {"pay": paid, "unpay": paid, "currency": "SEK", "digits": 2}
        commands.receipt(game, sent, "paid", values)


def game_night() -> dict:
    """A new game, one being played, one asking a buy-in and one finished, keyed by state."""
    return {
        "new": night_game([]),
        "playing": night_game(worked_hands()[:2]),
        "asked": night_game(over_limit_hands()),
        "finished": night_game(worked_hands()),
    }
