"""A game whose hands don't fit (a delete or edit left a later hand to correct) offers no money
and can't be stopped until the scorer resolves it: the engine owes nothing, the stop and the
paid ticks are refused with a clear message and change nothing, and the table shows no
settling up, pay links or stop."""

from dataclasses import replace

import pytest
from django.utils import translation

from kalooki_ledger import rules as engine
from kalooki_ledger.games import commands, store
from kalooki_ledger.games.models import Game
from tests.helpers import worked_example


def four_hands() -> dict:
    """The worked example's first four hands (the game still on): Mark buys in after hand 4."""
    record = worked_example()
    record["hands"] = record["hands"][:4]
    record.pop("results", None)
    return record


def test_the_engine_owes_nothing_while_hands_conflict_even_once_stopped():
    game = replace(engine.parse_record(four_hands()).game, stopped="split")
    assert engine.replay(game).transfers  # fitting: the split is settled
    conflicted = replace(game, hands=game.hands[:2] + game.hands[3:])
    ledger = engine.replay(conflicted)
    assert ledger.problems and ledger.over
    assert ledger.transfers == ()


def conflicted_game() -> Game:
    """The worked example with its hand 3 deleted: the new hand 3 keeps Mark's buy-in, which
    nobody asks for any more."""
    game = store.import_record(worked_example())
    sent = commands.Sent(game.version, "delete-hand-3", "iPhone 1")
    assert commands.apply(game, sent, commands.DeleteHand(3)).applied
    return Game.objects.get(pk=game.pk)


def send(game: Game, key: str, command) -> commands.Outcome:
    return commands.apply(game, commands.Sent(game.version, key, "iPhone 1"), command)


@pytest.mark.django_db
def test_a_conflicted_game_can_not_be_stopped_and_nothing_changes():
    game = conflicted_game()
    version = game.version
    outcome = send(game, "stop-1", commands.Stop("split"))
    assert outcome.verdict is commands.Verdict.REFUSED
    assert outcome.notice == (
        "The game can't be stopped while hand 3 doesn't fit the hands before it: correct or "
        "delete it on the score sheet first. Nothing was changed."
    )
    after = Game.objects.get(pk=game.pk)
    assert (after.stopped, after.version) == ("", version)


@pytest.mark.django_db
def test_a_stopped_game_that_stops_fitting_takes_no_paid_tick_but_its_stop_can_be_taken_back():
    game = store.import_record(four_hands())
    assert send(game, "stop-1", commands.Stop("split")).applied
    game = Game.objects.get(pk=game.pk)
    owed = game.ledger().transfers
    assert owed
    assert send(game, "delete-3", commands.DeleteHand(3)).applied
    game = Game.objects.get(pk=game.pk)
    assert game.ledger().transfers == ()

    key = f"{owed[0].payer}>{owed[0].payee}>{owed[0].amount}"
    version = game.version
    with translation.override("sv"):
        outcome = send(game, "paid-1", commands.MarkPaid(game, {key}, set()))
    assert outcome.verdict is commands.Verdict.REFUSED
    assert outcome.notice.startswith("Inget kan markeras som betalt medan giv 3 inte stämmer")
    game = Game.objects.get(pk=game.pk)
    assert game.version == version and not game.paid_transfers.exists()

    assert send(game, "take-back", commands.Stop("")).applied


@pytest.mark.django_db
def test_the_table_of_a_conflicted_stopped_game_offers_no_money_nor_a_stop(client):
    game = store.import_record(four_hands())
    assert send(game, "stop-1", commands.Stop("split")).applied
    game = Game.objects.get(pk=game.pk)
    assert send(game, "delete-3", commands.DeleteHand(3)).applied
    game = Game.objects.get(pk=game.pk)

    html = client.get(game.get_absolute_url()).content.decode()
    assert 'id="unsettled"' in html
    assert "Nothing is settled while the hands don't fit together" in html
    assert 'class="settle"' not in html and " pays " not in html
    assert "Stop the game early" not in html
    assert "Take back the stop" in html  # the way back to scoring stays
    watched = client.get(game.share_url()).content.decode()
    assert " pays " not in watched and 'id="unsettled"' in watched


@pytest.mark.django_db
def test_the_api_refuses_a_stop_of_a_conflicted_game_with_the_reason(client):
    game = conflicted_game()
    answer = client.post(
        f"/api/v1/games/{game.edit_token}/stop",
        {"settle": "split"},
        content_type="application/json",
        headers={"Idempotency-Key": "k" * 32, "If-Match": f'"{game.version}"'},
    )
    assert answer.status_code == 422, answer.content
    assert "hand 3 doesn't fit" in answer.json()["error"]
    assert Game.objects.get(pk=game.pk).stopped == ""
