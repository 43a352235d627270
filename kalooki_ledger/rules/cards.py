"""Cards left in a loser's hand, written as at the table ("AS", "10H", "Joker"), and their value."""

from collections import Counter
from collections.abc import Iterable

from .config import RANKS, SUITS, Rules
from .errors import RecordError, as_json, problem

JOKER = "Joker"


def parse_card(text: str) -> tuple[str, str | None]:
    """(rank, suit or None) for one card; raises RecordError (a ValueError) saying how cards
    are written."""
    token = str(text).strip().upper()
    if token in ("JOKER", "JK", "*"):
        return JOKER, None
    suit = None
    if len(token) >= 2 and token[-1] in SUITS:
        token, suit = token[:-1], token[-1]
    if token in ("1", "11", "T"):
        token = {"1": "A", "11": "A", "T": "10"}[token]
    if token not in RANKS:
        raise RecordError(problem("not-a-card", text=as_json(text)))
    return token, suit


def card_label(rank: str, suit: str | None) -> str:
    return rank if suit is None else f"{rank}{suit}"


def cards_value(cards: Iterable[str], rules: Rules, held: int | None = None) -> int:
    """The hand value of a card list, checked against the deck and the cards a loser can hold."""
    parsed = [parse_card(c) for c in cards]
    most = rules.hand_size if held is None else held
    if not parsed:
        raise RecordError(problem("cards-none"))
    if len(parsed) > most:
        raise RecordError(problem("cards-too-many", most=most, count=len(parsed)))
    check_against_deck(parsed, rules)
    if rules.red_ace_value is not None and any(r == "A" and s is None for r, s in parsed):
        raise RecordError(problem("aces-differ"))
    return sum(rules.card_value(rank, suit) for rank, suit in parsed)


def check_against_deck(parsed: list[tuple[str, str | None]], rules: Rules) -> None:
    """Refuses more copies of a card than the deck holds (2 packs: two of each, 2 jokers)."""
    counts = Counter(parsed)
    by_rank = Counter(rank for rank, _ in parsed)
    if by_rank[JOKER] > rules.jokers:
        raise RecordError(problem("deck-jokers", jokers=rules.jokers))
    for (rank, suit), n in counts.items():
        if rank != JOKER and suit is not None and n > rules.packs:
            card = card_label(rank, suit)
            raise RecordError(problem("deck-card", packs=rules.packs, card=card))
    for rank, n in by_rank.items():
        if rank != JOKER and n > rules.packs * 4:
            raise RecordError(problem("deck-rank", count=rules.packs * 4, rank=rank))
