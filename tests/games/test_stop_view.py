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
    assert "Choose to refund the pool or to split it." in response.content.decode()
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
