"""A page's reads in one snapshot (games/snapshot.py): a write committed by another connection
between two of its statements is not seen by the second, and the read takes no write lock (the
writer carries on beside it). The tests' SQLite is in memory, where a reader locks whole tables:
on SQLite, tests/games/test_served_by_many_workers.py proves it in a file, as served."""

import threading

import pytest
from django.db import connection

from kalooki_ledger.games import store
from kalooki_ledger.games.models import Game, Hand
from kalooki_ledger.games.snapshot import one_snapshot
from kalooki_ledger.rules import Hand as EngineHand
from tests.games.web import stored_game, worked_hands

pytestmark = [
    pytest.mark.db_specific,
    pytest.mark.django_db(transaction=True),
    # SQLite in memory locks tables: test_served_by_many_workers proves it on SQLite in a file.
    pytest.mark.only_on("postgresql"),
]


def another_connection_records_a_hand(game: Game) -> None:
    """Hand 3 recorded and committed from a thread of its own (its own connection)."""

    def record() -> None:
        try:
            row = Game.objects.get(pk=game.pk)
            store.add_hand(row, 3, EngineHand(winner="John", penalties={"Andy": 7, "Mark": 8}))
            row.touch()
        finally:
            connection.close()

    thread = threading.Thread(target=record)
    thread.start()
    thread.join(30)
    assert not thread.is_alive()


def test_a_write_committed_between_two_reads_of_one_snapshot_is_not_seen():
    game = stored_game(hands=worked_hands()[:2])
    with one_snapshot():
        row = Game.objects.get(pk=game.pk)
        another_connection_records_a_hand(game)
        hands = Hand.objects.filter(game=game).count()
        again = Game.objects.get(pk=game.pk)
    assert hands == 2 and again.revision == row.revision and again.version == row.version
    assert Hand.objects.filter(game=game).count() == 3  # the next read's
    assert Game.objects.get(pk=game.pk).revision != row.revision


def test_the_ledger_a_snapshot_reads_is_the_one_its_row_names():
    game = stored_game(hands=worked_hands()[:2])
    with one_snapshot():
        row = Game.objects.get(pk=game.pk)
        another_connection_records_a_hand(game)
        ledger = row.ledger()  # nothing kept for this revision: its hands are read now
    assert len(ledger.hands) == 2


def test_without_a_snapshot_the_second_read_sees_the_write():
    # What the snapshot is for: each statement on its own sees the latest commit.
    game = stored_game(hands=worked_hands()[:2])
    Game.objects.get(pk=game.pk)
    another_connection_records_a_hand(game)
    assert Hand.objects.filter(game=game).count() == 3
