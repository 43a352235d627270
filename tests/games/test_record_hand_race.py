"""Two phones recording the same hand at the same moment: the database keeps one, and the phone
that lost the race is told, with the table as it now stands."""

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Change, Game, Hand
from kalooki_ledger.rules import Hand as EngineHand
from tests.games.web import hand_post, new_key, stored_game, worked_hands

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]


def test_the_phone_that_loses_the_race_for_a_hand_number_is_told_and_nothing_is_doubled(client):
    game = stored_game(hands=worked_hands()[:2])
    client.get(game.get_absolute_url())  # this phone has read the game with two hands
    # The other phone's hand 3 is in the database: this phone's form names the version before it.
    other_phone_records(game, 3, winner="Mark", penalties={"Andy": 5, "John": 6, "Frank": 7})

    post = hand_post(3, "Andy", game, Mark=10, John=11, Frank=12)
    post.update(version=str(game.version), key=new_key())
    response = client.post(f"{game.get_absolute_url()}hands/", post)

    assert response.status_code == 409
    assert "Hand 3 was just recorded by another phone" in response.content.decode()
    hands = Hand.objects.filter(game=game)
    assert hands.count() == 3
    assert hands.get(number=3).winner.name == "Mark"
    assert list(
        Change.objects.filter(game=game, action="record").values_list("who", flat=True)
    ) == ["Android 9"]


def test_after_losing_the_race_the_phone_records_the_next_hand(client):
    game = stored_game(hands=worked_hands()[:2])
    client.get(game.get_absolute_url())
    other_phone_records(game, 3, winner="Mark", penalties={"Andy": 5, "John": 6, "Frank": 7})
    stale = hand_post(3, "Andy", game, Mark=1, John=1, Frank=1)
    stale.update(version=str(game.version), key=new_key())
    assert client.post(f"{game.get_absolute_url()}hands/", stale).status_code == 409

    response = client.post(
        f"{game.get_absolute_url()}hands/", hand_post(4, "Andy", game, Mark=2, John=3, Frank=4)
    )

    assert response.status_code == 302
    assert len(Game.objects.get(pk=game.pk).ledger().hands) == 4


def other_phone_records(game: Game, number: int, **hand) -> None:
    """Another phone's hand, recorded through the commands as its form would be."""
    other = Game.objects.get(pk=game.pk)
    sent = commands.Sent(other.version, new_key(), "Android 9")
    assert commands.apply(other, sent, commands.RecordHand(number, EngineHand(**hand))).applied
