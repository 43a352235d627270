"""Storing games: records in one transaction, hands by the bulk or in one statement, and each
command's write with its history line under the version's compare-and-set (`commit`)."""

import json
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.db.models import CharField, F
from django.utils import timezone

from kalooki_ledger import rules as engine

from .models import BuyInDecision, Change, Entry, Game, Hand, Seat, new_revision
from .present import paylinks


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
    for row, hand in zip(rows, hands, strict=True):
        entries.extend(Entry(hand=row, **fields) for fields in entry_fields(hand, seats))
        decisions.extend(decision_rows(row, seats, hand.buy_ins))
    Entry.objects.bulk_create(entries)
    if decisions:
        BuyInDecision.objects.bulk_create(decisions)
    return rows


def entry_fields(hand: engine.Hand, seats: Mapping[str, int]) -> list[dict[str, object]]:
    """The fields of a hand's entries, in seat order: one for each player with a value, cards,
    counts, an adjustment or a reason."""
    order = {name: position for position, name in enumerate(seats)}
    names = hand.entered_players() | set(hand.adjustments) | set(hand.reasons)
    fields = []
    for name in sorted(names, key=order.__getitem__):
        count = hand.counts.get(name)
        fields.append(
            {
                "seat_id": seats[name],
                "value": hand.penalties.get(name),
                "cards": " ".join(hand.cards.get(name, ())),
                "card_count": count.cards if count else None,
                "joker_count": count.jokers if count else None,
                "adjustment": hand.adjustments.get(name),
                "reason": hand.reasons.get(name, ""),
            }
        )
    return fields


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


def read_import(data: object) -> tuple[engine.GameRecord, object]:
    """A record to import as the engine reads it (RecordError if it can't), and the players'
    payment handles a scorer's own export may carry (`pay_handles`, not a key of the record
    format)."""
    handles = None
    if isinstance(data, dict) and "pay_handles" in data:
        data = dict(data)
        handles = data.pop("pay_handles")
    return engine.parse_record(data), handles


def keep_handles(game: Game, handles: object) -> None:
    """An imported game's handles, each kept where it would have been accepted at the table."""
    kept = _valid_handles(handles, game) if isinstance(handles, dict) else {}
    if kept:
        game.pay_handles = kept
        game.save(update_fields=["pay_handles"])


def import_record(data: object) -> Game:
    """Stores a record as it is (tests and fixtures); the site imports through the StartGame
    command (games.importing)."""
    record, handles = read_import(data)
    game = store_record(record)
    keep_handles(game, handles)
    return game


def _valid_handles(handles: dict, game: Game) -> dict[str, list[str]]:
    offered = {s.key for s in paylinks.offered(game.currency)}
    players = set(game.seat_ids())
    kept = {}
    for name, pair in handles.items():
        if name in players and isinstance(pair, list) and len(pair) == 2 and pair[0] in offered:
            handle = paylinks.clean(pair[0], str(pair[1]))
            if handle:
                kept[name] = [pair[0], handle]
    return kept


@dataclass(frozen=True)
class Line:
    """A command's history line: its action, its values (plain JSON) and its request's
    fingerprint; who sent it and its key come with the command (`commands.Sent`)."""

    action: str
    values: dict[str, Any]
    fingerprint: str = ""


def add_change(game: Game, sent: Any, line: Line, made_on: str = "") -> Change:
    """The history line of a change, under the version the game now has; `sent` carries who sent
    it and its key (IntegrityError when the key was used already)."""
    return Change.objects.create(
        game=game,
        who=sent.who,
        action=line.action,
        details=line.values,
        key=sent.key,
        fingerprint=line.fingerprint,
        version=game.version,
        made_on=made_on,
    )


def commit(
    game: Game,
    sent: Any,
    line: Line,
    write: Callable[[], object],
    after: engine.Ledger | None = None,
) -> bool:
    """Runs a command's `write` and stores its history line in one transaction if `sent.version`
    still stands (moving it on), keeping `after` as the ledger of the new revision once that
    transaction commits; False, with nothing stored, when the version had moved."""
    with transaction.atomic():
        made_on = game.revision
        if not game.moved_on_from(sent.version):
            return False
        write()
        add_change(game, sent, line, made_on)
        keep_ledger(game, after)
    return True


def record_hand(
    game: Game,
    sent: Any,
    line: Line,
    number: int,
    hand: engine.Hand,
    after: engine.Ledger | None,
) -> bool:
    """Records hand `number` with its history line if `sent.version` still stands, and keeps the
    ledger it leaves (`after`); False, with nothing stored, when the version had moved."""
    if connection.vendor != "postgresql" or hand.buy_ins:
        return commit(game, sent, line, lambda: add_hand(game, number, hand), after)
    # One statement, one round trip: it stores nothing if the version moved.
    if not record_in_one_statement(
        game, sent.version, number, hand, sent, line.values, line.fingerprint
    ):
        return False
    keep_ledger(game, after)
    return True


def keep_ledger(game: Game, after: engine.Ledger | None) -> None:
    """Keeps the ledger a write derived (if it did) under the revision the write gave the game,
    once the transaction around it commits (`Game.keep_ledger`)."""
    if after is not None:
        game.keep_ledger(after)


def add_hand(game: Game, number: int, hand: engine.Hand) -> Hand:
    """Stores one hand as `number`; IntegrityError when another request stored it first."""
    return add_hands(game, game.seat_ids(), number, [hand])[0]


# On PostgreSQL the four writes of a recorded hand go as one statement, one round trip instead
# of six; each write hangs on the version's compare-and-set, so a raced read stores nothing.
RECORD_SQL = """
WITH moved AS (
    UPDATE {game} SET {updated} = %s, {version} = %s, {revision} = %s
    WHERE {game_id} = %s AND {version} = %s AND {revision} = %s
    RETURNING {game_id}
), hand AS (
    INSERT INTO {hand} ({hand_columns}) SELECT {game_id}, %s, %s, %s, %s, %s FROM moved
    RETURNING {hand_id}
), history AS (
    INSERT INTO {change} ({change_columns})
    SELECT {game_id}, %s, %s, %s, %s::jsonb, '', %s, %s, %s, %s FROM moved
){entries}
SELECT count(*) FROM moved
"""
ENTRIES_SQL = """, entries AS (
    INSERT INTO {entry} ({entry_columns}) SELECT hand.{hand_id}, v.* FROM hand, (VALUES {rows}) v
)"""
ENTRY_COLUMNS = ["seat_id", "value", "cards", "card_count", "joker_count", "adjustment", "reason"]


def record_in_one_statement(
    game: Game,
    version: int,
    number: int,
    hand: engine.Hand,
    sent: Any,
    values: dict,
    fingerprint: str = "",
) -> bool:
    """Records hand `number` on PostgreSQL with its history line (carrying `sent`'s key) and the
    game's new version: True when stored, False (nothing stored) when the game's version was no
    longer `version`. IntegrityError when the key was used already."""
    seats = game.seat_ids()
    entries = entry_fields(hand, seats)
    now = timezone.now()
    winner = seats[hand.winner] if hand.winner else None
    revision = new_revision()
    params = [now, version + 1, revision, game.pk, version, game.revision]
    params += [number, hand.void, winner, hand.kalookie, now]
    params += [now, sent.who, "record", json.dumps(values), sent.key, fingerprint, version + 1]
    params.append(game.revision)  # the state the hand was recorded on
    params += [fields[name] for fields in entries for name in ENTRY_COLUMNS]
    # Inside a caller's transaction (as in tests) a savepoint keeps a refused hand from
    # spoiling it; on its own, one statement is already all or nothing.
    block = transaction.atomic() if connection.in_atomic_block else nullcontext()
    with block, connection.cursor() as cursor:
        cursor.execute(record_sql(len(entries)), params)
        stored = cursor.fetchone()[0] == 1
    if stored:
        game.updated, game.version, game.revision = now, version + 1, revision
    return stored


def record_sql(entries: int) -> str:
    """RECORD_SQL with this database's table and column names, inserting `entries` entries."""
    q = connection.ops.quote_name

    def columns(model: type, names: list[str]) -> str:
        return ", ".join(q(model._meta.get_field(name).column) for name in names)

    names = {
        "game": q(Game._meta.db_table),
        "game_id": q(Game._meta.pk.column),
        "updated": q(Game._meta.get_field("updated").column),
        "version": q(Game._meta.get_field("version").column),
        "revision": q(Game._meta.get_field("revision").column),
        "hand": q(Hand._meta.db_table),
        "hand_id": q(Hand._meta.pk.column),
        "hand_columns": columns(Hand, ["game", "number", "void", "winner", "kalookie", "created"]),
        "change": q(Change._meta.db_table),
        "change_columns": columns(
            Change,
            [
                *["game", "at", "who", "action", "details", "summary", "key", "fingerprint"],
                *["version", "made_on"],
            ],
        ),
        "entries": "",
    }
    if entries:
        # Typed, so a column of nothing but NULLs still goes in as its own type; text stays
        # text, so one too long is refused as the ORM's insert refuses it, never cut short.
        fields = [Entry._meta.get_field(n) for n in ENTRY_COLUMNS]
        casts = ["text" if isinstance(f, CharField) else f.cast_db_type(connection) for f in fields]
        row = "(" + ", ".join(f"%s::{cast}" for cast in casts) + ")"
        names["entries"] = ENTRIES_SQL.format(
            entry=q(Entry._meta.db_table),
            entry_columns=columns(Entry, ["hand", *ENTRY_COLUMNS]),
            hand_id=names["hand_id"],
            rows=", ".join([row] * entries),
        )
    return RECORD_SQL.format(**names)


def replace_hand(game: Game, number: int, hand: engine.Hand) -> None:
    """Stores a corrected hand in place of hand `number`, with its buy-in decisions."""
    Hand.objects.filter(game=game, number=number).delete()
    add_hands(game, game.seat_ids(), number, [hand])


# Later hands move out of the way and back, so no row passes through a number still taken
# (the databases check a unique number row by row): two statements however many hands follow.
RENUMBER_ASIDE = 1_000_000_000


def delete_hand(game: Game, number: int) -> None:
    """Deletes hand `number` and moves every later hand up one; call it in a transaction."""
    Hand.objects.filter(game=game, number=number).delete()
    later = Hand.objects.filter(game=game, number__gt=number)
    later.update(number=F("number") + RENUMBER_ASIDE)
    Hand.objects.filter(game=game, number__gt=RENUMBER_ASIDE).update(
        number=F("number") - RENUMBER_ASIDE - 1
    )


def add_decision(game: Game, number: int, player: str, bought_in: bool) -> BuyInDecision:
    """Stores a buy-in decision on hand `number`; IntegrityError when it was already made."""
    row = Hand.objects.get(game=game, number=number)
    return BuyInDecision.objects.create(
        hand=row, seat_id=game.seat_ids()[player], bought_in=bought_in
    )
