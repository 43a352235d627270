"""What a command answers beside its verdict: the ledger the game now has, so a page shows the
table after a change without replaying it, and the ledger kept for the next request too."""

import pytest

from kalooki_ledger.games import commands, ledger_cache
from kalooki_ledger.games.models import Game
from kalooki_ledger.rules import Hand as EngineHand
from tests.games.web import new_key, stored_game, worked_hands

pytestmark = pytest.mark.django_db


def read(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def sent(game: Game) -> commands.Sent:
    return commands.Sent(game.version, new_key(), "iPhone 00ff")


def test_a_recorded_hands_outcome_carries_the_ledger_it_leaves():
    game = read(stored_game(hands=worked_hands()[:2]))
    hand = EngineHand(winner="John", penalties={"Andy": 7, "Mark": 8, "Frank": 9})
    outcome = commands.apply(game, sent(game), commands.RecordHand(3, hand))
    assert outcome.applied and outcome.ledger is not None
    assert len(outcome.ledger.hands) == 3
    ledger_cache.clear()  # the stored hands replayed afresh
    assert outcome.ledger.standings == read(game).ledger().standings


def test_the_ledger_a_recorded_hand_leaves_is_kept_for_the_games_new_revision(
    django_capture_on_commit_callbacks,
):
    game = read(stored_game(hands=worked_hands()[:2]))
    hand = EngineHand(winner="John", penalties={"Andy": 7, "Mark": 8, "Frank": 9})
    with django_capture_on_commit_callbacks(execute=True):
        outcome = commands.apply(game, sent(game), commands.RecordHand(3, hand))
    now = read(game)
    assert ledger_cache.get(now.pk, now.revision)[0] == outcome.ledger


def test_a_refused_hands_outcome_carries_the_ledger_it_was_checked_against():
    game = read(stored_game(hands=worked_hands()[:2]))
    hand = EngineHand(winner="John", penalties={"Andy": 7, "Nobody": 8})
    outcome = commands.apply(game, sent(game), commands.RecordHand(3, hand))
    assert outcome.verdict is commands.Verdict.REFUSED
    assert outcome.ledger is not None and len(outcome.ledger.hands) == 2


def test_an_undo_leaves_the_ledger_to_the_game():
    game = read(stored_game(hands=worked_hands()[:2]))
    outcome = commands.apply(game, sent(game), commands.Undo(2))
    assert outcome.applied and outcome.ledger is None
