import pytest

from kalooki_ledger.games.models import Game
from tests.games.web import stored_game, worked_hands

pytestmark = pytest.mark.django_db


def stop_url(game) -> str:
    return f"/g/{game.edit_token}/stop/"


def test_stopping_with_a_refund_gives_the_pool_back_and_settles_up(client):
    game = stored_game(hands=worked_hands()[:2], stakes=None)
    response = client.post(stop_url(game), {"settle": "refund"})
    assert response.status_code == 302
    assert Game.objects.get().ledger().status == "stopped"
    html = client.get(game.get_absolute_url()).content.decode()
    assert "goes back to those who paid into it" in html
    assert "Mark pays Andy 2" in html
    assert "Record hand" not in html


def test_stopping_with_a_split_shares_the_pool(client):
    game = stored_game(hands=worked_hands()[:2], stakes=None)
    client.post(stop_url(game), {"settle": "split"})
    assert Game.objects.get().stopped == "split"
    assert (
        "is split among the players still in"
        in client.get(game.get_absolute_url()).content.decode()
    )


def test_it_refuses_a_stop_that_is_neither_refund_nor_split(client):
    game = stored_game()
    response = client.post(stop_url(game), {"settle": "keep"})
    assert response.status_code == 422
    assert "Choose to refund the pool, to split it or to give it to the leader." in (
        response.content.decode()
    )
    assert Game.objects.get().stopped == ""


def test_a_finished_game_cannot_be_stopped(client):
    game = stored_game(hands=worked_hands())
    response = client.post(stop_url(game), {"settle": "refund"})
    assert response.status_code == 422
    assert "be stopped early as well" in response.content.decode()


def test_a_stop_can_be_taken_back(client):
    game = stored_game(hands=worked_hands()[:2])
    client.post(stop_url(game), {"settle": "refund"})
    client.post(stop_url(game), {"settle": ""})
    assert Game.objects.get().ledger().status == "in-progress"


def test_the_watch_link_cannot_stop_the_game(client):
    game = stored_game()
    assert client.post(f"/g/{game.share_token}/stop/", {"settle": "split"}).status_code == 404


def jamaica_game():
    return stored_game(
        "Ann Bob Cy",
        hands=[{"winner": "Ann", "penalties": {"Bob": 25, "Cy": 40}}],
        rules={"preset": "jamaica"},
        stakes={"currency": "GBP", "initial": "1"},
    )


def test_a_fixed_deals_game_offers_the_leader_taking_the_pot_beside_refund_and_split(client):
    html = client.get(jamaica_game().get_absolute_url()).content.decode()
    assert "or let the leader (Ann) take it?" in html
    assert "Stop: the leader takes the pot" in html
    assert "The pot of £3.00" in html and "The pool of" not in html


def test_stopping_with_the_leader_gives_the_pot_to_the_best_total_and_settles_up(client):
    game = jamaica_game()
    response = client.post(stop_url(game), {"settle": "leader"})
    assert response.status_code == 302
    assert Game.objects.get().stopped == "leader"
    html = client.get(game.get_absolute_url()).content.decode()
    assert "the leader, <strong>Ann</strong>, takes the pot of £3.00" in html
    assert "Bob pays Ann £1.00" in html and "Cy pays Ann £1.00" in html
    assert game.changes.last().text == "Stopped the game: Ann takes the pot"
    # One leader leads: "ties" would say she shares what she takes alone.
    assert '<th scope="row">Ann <span class="tag lead">leads</span>' in html
    assert ">ties<" not in html


def test_an_elimination_game_offers_no_leader_and_refuses_one(client):
    game = stored_game(hands=worked_hands()[:2])
    assert "the leader" not in client.get(game.get_absolute_url()).content.decode()
    response = client.post(stop_url(game), {"settle": "leader"})
    assert response.status_code == 422
    assert "an elimination game has no leader" in response.content.decode()
    assert Game.objects.get().stopped == ""


@pytest.mark.parametrize(
    ("settle", "told"),
    [
        ("refund", "Stopped the game: the pot is refunded"),
        ("split", "Stopped the game: the pot is split among the players"),
    ],
)
def test_a_jamaica_games_history_calls_its_stakes_the_pot_as_its_pages_do(client, settle, told):
    game = jamaica_game()
    client.post(stop_url(game), {"settle": settle})
    html = client.get(f"/g/{game.edit_token}/sheet/").content.decode()
    assert told in html and "the pool" not in html


def test_an_elimination_games_history_keeps_calling_it_the_pool(client):
    game = stored_game(hands=worked_hands()[:2])
    client.post(stop_url(game), {"settle": "split"})
    assert game.changes.first().text == (
        "Stopped the game: the pool is split among the players still in"
    )


def test_a_game_without_a_pot_is_stopped_with_one_button_and_no_pot_of_nothing(client):
    game = stored_game(
        "Ann Bob Cy",
        hands=[{"winner": "Ann", "counts": {"Bob": {"cards": 3}, "Cy": {"cards": 2, "jokers": 1}}}],
        rules={"preset": "scarne"},
        stakes={"currency": "GBP", "per_point": "0.01"},
    )
    html = client.get(game.get_absolute_url()).content.decode()
    assert "No pot was staked: the game ends as it stands, with Ann in the lead." in html
    assert '<button type="submit" name="settle" value="leader"' in html
    assert "£0.00" not in html and "Stop and refund" not in html
    client.post(stop_url(game), {"settle": "leader"})
    html = client.get(game.get_absolute_url()).content.decode()
    assert "The game was stopped early with <strong>Ann</strong> in the lead." in html
    assert "Bob pays Ann £0.03" in html and "the pot" not in html
    assert game.changes.first().text == "Stopped the game with Ann in the lead"
