"""Storing hands: a recorded hand goes in whole or not at all, and on PostgreSQL in one
statement that must store exactly what the ordinary way stores."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from kalooki_ledger.games import commands, store
from kalooki_ledger.games.models import Change, Entry, Game, Hand
from kalooki_ledger.rules import CardCount
from kalooki_ledger.rules import Hand as EngineHand
from tests.games.web import family_game, new_key, stored_game, worked_hands

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]

# The one-statement write is PostgreSQL's: deselected on SQLite, never skipped.
on_postgresql = pytest.mark.only_on("postgresql")


def rows(game: Game) -> list[tuple]:
    """What the database holds of a game's hands, by seat name, without ids."""
    hands = Hand.objects.filter(game=game).select_related("winner")
    entries = Entry.objects.filter(hand__game=game).select_related("seat", "hand")
    kept = [(h.number, h.void, h.winner and h.winner.name, h.kalookie) for h in hands]
    for e in entries.order_by("hand__number", "seat__position"):
        kept.append((e.hand.number, e.seat.name, e.value, e.cards, e.card_count, e.joker_count))
        kept.append((e.adjustment, e.reason))
    return kept


def read(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def record(game: Game, number: int, hand: EngineHand, version: int | None = None, **sent):
    """Records a hand as the hand form's command does, made against `version` (else current)."""
    version = game.version if version is None else version
    made = commands.Sent(version, sent.get("key", new_key()), sent.get("who", "iPhone 00ff"))
    return commands.apply(game, made, commands.RecordHand(number, hand))


HANDS = {
    "values": ("british", EngineHand(winner="Ann", penalties={"Bob": 12, "Cy": 40})),
    "void": ("british", EngineHand(void=True)),
    "kalookie": (
        "british",
        EngineHand(winner="Bob", kalookie=True, penalties={"Ann": 30, "Cy": 12}),
    ),
    "cards": (
        "british",
        EngineHand(winner="Cy", cards={"Ann": ("KS", "QH"), "Bob": ("2C",)}),
    ),
    "counts": (
        "scarne",
        EngineHand(winner="Ann", counts={"Bob": CardCount(5, 1), "Cy": CardCount(3, 0)}),
    ),
    "adjustments": (
        "trinidad",
        EngineHand(
            winner="Bob",
            penalties={"Ann": 20, "Cy": 15},
            adjustments={"Cy": 50},
            reasons={"Cy": "Called the wrong card"},
        ),
    ),
}


@pytest.mark.parametrize("kind", HANDS)
def test_a_recorded_hand_stores_what_the_ordinary_way_stores(kind):
    preset, hand = HANDS[kind]
    recorded, ordinary = family_game(preset), family_game(preset)
    game = read(recorded)
    game.ledger()
    with CaptureQueriesContext(connection) as captured:
        assert record(game, 1, hand, who="Android 1a2b").applied
    if connection.vendor == "postgresql":  # the one statement, not the ORM's way
        writes = [q["sql"].lstrip() for q in captured]
        writes = [w for w in writes if not w.startswith(("SELECT", "SAVEPOINT", "RELEASE"))]
        assert len(writes) == 1 and writes[0].startswith("WITH")
    store.add_hand(ordinary, 1, hand)
    assert rows(recorded) == rows(ordinary) != []
    assert read(recorded).ledger().hands[0] == read(ordinary).ledger().hands[0]


def test_a_recorded_hand_moves_the_version_on_by_one_and_keeps_its_receipt_in_the_history():
    game = stored_game(hands=worked_hands()[:2])
    before = read(game)
    hand = EngineHand(winner="John", penalties={"Andy": 7, "Mark": 8, "Frank": 9})
    assert record(before, 3, hand, key="phone-key-0001").applied
    assert read(game).version == before.version == game.version + 1
    change = Change.objects.get(game=game, action="record")
    assert (change.who, change.text) == (
        "iPhone 00ff",
        "Hand 3: John won (Andy 7, Mark 8, Frank 9)",
    )
    assert (change.key, change.version) == ("phone-key-0001", game.version + 1)


def test_a_hand_made_before_a_paid_tick_is_still_the_next_hand_and_is_stored():
    game = stored_game(hands=worked_hands()[:2])
    stale = read(game)
    other = read(game)
    assert other.moved_on_from(other.version)  # another phone ticked a payment in between
    Change.objects.create(
        game=game, who="Android 1", action="paid", summary="Marked paid", version=other.version
    )
    hand = EngineHand(winner="John", penalties={"Andy": 7, "Mark": 8, "Frank": 9})
    assert record(stale, 3, hand, version=stale.version).applied
    assert len(read(game).ledger().hands) == 3
    assert read(game).version == other.version + 1


def test_a_hand_made_before_an_unknown_change_is_refused_and_stores_nothing():
    game = stored_game(hands=worked_hands()[:2])
    stale = read(game)
    read(game).touch()  # as the admin's edit does: no line in the history says what changed
    hand = EngineHand(winner="John", penalties={"Andy": 7, "Mark": 8, "Frank": 9})
    outcome = record(stale, 3, hand, version=game.version)
    assert (
        outcome.verdict is commands.Verdict.STALE
        and "Hand 3 was just recorded by another phone" in outcome.notice
    )
    assert len(read(game).ledger().hands) == 2
    assert not Change.objects.filter(game=game, action="record").exists()


def test_a_hand_number_stored_twice_is_refused_and_stores_nothing():
    game = stored_game(hands=worked_hands()[:2])
    read(game).ledger()
    first = EngineHand(winner="Mark", penalties={"Andy": 5, "John": 6, "Frank": 7})
    store.add_hand(game, 3, first)  # without moving the version, as a half-seen write
    second = EngineHand(winner="Andy", penalties={"Mark": 2, "John": 2, "Frank": 2})
    outcome = record(read(game), 3, second)
    assert outcome.verdict is commands.Verdict.STALE
    assert rows(game)[2][2] == "Mark"
    assert not Change.objects.filter(game=game).exists()
    assert read(game).version == game.version


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_on_its_own_the_one_statement_refuses_a_number_twice_and_the_connection_goes_on():
    game = stored_game(hands=worked_hands()[:2])
    first = EngineHand(winner="Mark", penalties={"Andy": 5, "John": 6, "Frank": 7})
    store.add_hand(game, 3, first)
    second = EngineHand(winner="Andy", penalties={"Mark": 1, "John": 1, "Frank": 1})
    assert not connection.in_atomic_block  # autocommit, as a request runs it
    sent = commands.Sent(0, new_key(), "iPhone 00ff")
    with pytest.raises(IntegrityError):
        store.record_in_one_statement(read(game), 0, 3, second, sent, "Hand 3")
    assert rows(game)[2][2] == "Mark" and not Change.objects.filter(game=game).exists()
    sent = commands.Sent(0, new_key(), "iPhone 00ff")
    assert store.record_in_one_statement(read(game), 0, 4, second, sent, "Hand 4") is True


@on_postgresql
def test_on_postgresql_a_recorded_hand_is_one_statement():
    game = read(stored_game(hands=worked_hands()[:2]))
    game.ledger()
    hand = EngineHand(winner="John", penalties={"Andy": 7, "Mark": 8, "Frank": 9})
    with CaptureQueriesContext(connection) as captured:
        assert record(game, 3, hand).applied
    statements = [q["sql"].lstrip() for q in captured if "SAVEPOINT" not in q["sql"]]
    # Besides the one statement, one read: whether the key answered a no-op (a Receipt).
    reads = [s for s in statements if s.startswith("SELECT")]
    writes = [s for s in statements if not s.startswith("SELECT")]
    assert len(writes) == 1 and writes[0].startswith("WITH")
    assert len(reads) == 1 and '"games_receipt"' in reads[0]


def test_deleting_an_early_hand_costs_the_same_statements_however_many_hands_follow():
    def statements(hands: int) -> int:
        cycle = [{"winner": "John", "penalties": {"Andy": 2, "Mark": 2, "Frank": 2}}]
        game = stored_game(hands=cycle * hands, rules={"preset": "british", "limit": 10_000})
        with CaptureQueriesContext(connection) as captured, transaction.atomic():
            store.delete_hand(game, 1)
        assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == list(
            range(1, hands)
        )
        return len(captured)

    assert statements(5) == statements(300)
