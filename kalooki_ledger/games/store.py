"""Loading games with a fixed number of queries, and storing records in one transaction."""

from collections.abc import Mapping

from django.db import transaction
from django.db.models import Prefetch, QuerySet

from kalooki_ledger import rules as engine

from .models import BuyInDecision, Entry, Game, Hand, Seat


def games_loaded() -> QuerySet[Game]:
    """Games with everything `Game.to_record` reads: five queries, however many hands."""
    return Game.objects.prefetch_related(
        "seats",
        Prefetch("hands", queryset=Hand.objects.select_related("winner")),
        Prefetch("hands__entries", queryset=Entry.objects.select_related("seat")),
        Prefetch("hands__buy_in_decisions", queryset=BuyInDecision.objects.select_related("seat")),
    )


def add_hands(
    game: Game, seats: Mapping[str, int], first: int, hands: list[engine.Hand]
) -> list[Hand]:
    """Stores engine hands numbered from `first` (the database refuses a number twice); `seats`
    holds each player's seat id by name, in seat order."""
    rows = Hand.objects.bulk_create(
        Hand(
            game=game,
            number=first + i,
            void=hand.void,
            winner_id=seats[hand.winner] if hand.winner else None,
            kalookie=hand.kalookie,
        )
        for i, hand in enumerate(hands)
    )
    entries, decisions = [], []
    order = {name: position for position, name in enumerate(seats)}
    for row, hand in zip(rows, hands, strict=True):
        names = hand.entered_players() | set(hand.adjustments) | set(hand.reasons)
        for name in sorted(names, key=order.__getitem__):
            count = hand.counts.get(name)
            entries.append(
                Entry(
                    hand=row,
                    seat_id=seats[name],
                    value=hand.penalties.get(name),
                    cards=" ".join(hand.cards.get(name, ())),
                    card_count=count.cards if count else None,
                    joker_count=count.jokers if count else None,
                    adjustment=hand.adjustments.get(name),
                    reason=hand.reasons.get(name, ""),
                )
            )
        decisions.extend(decision_rows(row, seats, hand.buy_ins))
    Entry.objects.bulk_create(entries)
    if decisions:
        BuyInDecision.objects.bulk_create(decisions)
    return rows


def decision_rows(
    row: Hand, seats: Mapping[str, int], decisions: Mapping[str, bool]
) -> list[BuyInDecision]:
    return [
        BuyInDecision(hand=row, seat_id=seats[name], bought_in=bought_in)
        for name, bought_in in decisions.items()
    ]


@transaction.atomic
def store_record(record: engine.GameRecord) -> Game:
    """A new game from a record that the engine has already checked."""
    game = record.game
    stakes = game.stakes
    row = Game.objects.create(
        title=record.title,
        played_on=record.played_on,
        preset=record.preset,
        rule_overrides=dict(record.rule_overrides),
        currency=stakes.currency,
        call_up=stakes.call_up,
        kalookie=stakes.kalookie,
        initial=stakes.initial,
        buy_in=stakes.buy_in,
        per_point=stakes.per_point,
        first_dealer=game.players.index(game.first_dealer),
        stopped=game.stopped or "",
    )
    seats = Seat.objects.bulk_create(
        Seat(game=row, position=i, name=name) for i, name in enumerate(game.players)
    )
    add_hands(row, {seat.name: seat.pk for seat in seats}, 1, list(game.hands))
    return row


def import_record(data: object) -> Game:
    """Checks a record exactly as the forms do and stores it; RecordError stores nothing."""
    return store_record(engine.parse_record(data))


def load(**lookup: object) -> Game:
    return games_loaded().get(**lookup)


def add_hand(game: Game, number: int, hand: engine.Hand) -> Hand:
    """Stores one hand as `number`; IntegrityError when another request stored it first."""
    return add_hands(game, game.seat_ids(), number, [hand])[0]


def replace_hand(game: Game, number: int, hand: engine.Hand) -> None:
    """Stores a corrected hand in place of hand `number`, with its buy-in decisions."""
    Hand.objects.filter(game=game, number=number).delete()
    add_hands(game, game.seat_ids(), number, [hand])


def delete_hand(game: Game, number: int) -> None:
    """Deletes hand `number` and moves every later hand up one, lowest first."""
    Hand.objects.filter(game=game, number=number).delete()
    for row in Hand.objects.filter(game=game, number__gt=number).order_by("number"):
        row.number -= 1
        row.save(update_fields=["number"])


def add_decision(game: Game, number: int, player: str, bought_in: bool) -> BuyInDecision:
    """Stores a buy-in decision on hand `number`; IntegrityError when it was already made."""
    row = Hand.objects.get(game=game, number=number)
    return BuyInDecision.objects.create(
        hand=row, seat_id=game.seat_ids()[player], bought_in=bought_in
    )


def touch(game: Game) -> bool:
    """Marks the game changed, so watching phones fetch the new table; True when nobody else
    wrote since `game` was read (so a ledger derived from that read is now current)."""
    return game.touch()
