"""A true hand-over: a new scoring link for the new phone; the old link only watches, and says
so on its next request (pages, forms, htmx, the API its outbox uses)."""

import pytest

from kalooki_ledger.games.models import Game, HandedOver
from tests.games.web import hand_post, new_key, stored_game

pytestmark = pytest.mark.django_db


def hand_over(client, game: Game):
    old = game.edit_token
    response = client.post(f"/g/{old}/handover/", {"version": game.version, "key": new_key()})
    return old, Game.objects.get(pk=game.pk), response


def test_handing_over_gives_the_game_a_new_scoring_link_shown_as_a_qr_code(client):
    game = stored_game()
    old, game, response = hand_over(client, game)
    assert response.status_code == 200
    assert game.edit_token != old
    page = response.content.decode()
    assert f"/g/{game.edit_token}/" in page and "<svg" in page
    assert "This phone no longer scores" in page
    assert game.changes.filter(action="handover").count() == 1


def test_the_old_link_becomes_a_watcher_on_its_next_page_and_says_so(client):
    game = stored_game()
    client.get(game.get_absolute_url())
    old, game, _ = hand_over(client, game)
    response = client.get(f"/g/{old}/")
    assert response.status_code == 302
    assert response["Location"] == f"{game.share_url()}?handed-over=1"
    watch = client.get(response["Location"]).content.decode()
    assert "handed over to another phone: this phone watches now" in watch
    assert client.session["games"][0] == game.share_token
    assert old not in client.session["games"]


def test_a_hand_sent_from_the_old_link_is_not_saved(client):
    game = stored_game()
    old, game, _ = hand_over(client, game)
    post = hand_post(1, "John", game, Andy=85, Mark=42, Frank=30)
    plain = client.post(f"/g/{old}/hands/", post)
    assert plain.status_code == 302 and "handed-over=1" in plain["Location"]
    htmx = client.post(f"/g/{old}/hands/", post, headers={"HX-Request": "true"})
    assert htmx.status_code == 204 and "handed-over=1" in htmx["HX-Redirect"]
    assert Game.objects.get(pk=game.pk).ledger().hands == ()


def test_the_old_phones_outbox_is_refused_clearly_and_the_new_link_scores(client):
    game = stored_game()
    old, game, _ = hand_over(client, game)
    body = {"number": 1, "winner": "John", "penalties": {"Andy": 85, "Mark": 42, "Frank": 30}}
    for token, status in ((old, 403), (game.edit_token, 201)):
        answer = client.post(
            f"/api/v1/games/{token}/hands",
            body,
            content_type="application/json",
            headers={"Idempotency-Key": new_key()},
        )
        assert answer.status_code == status
    assert (
        "handed over to another phone"
        in client.post(f"/api/v1/games/{old}/hands", body, content_type="application/json").json()[
            "error"
        ]
    )


def test_a_hand_over_sent_twice_makes_one_new_link(client):
    game = stored_game()
    data = {"version": game.version, "key": new_key()}
    client.post(f"/g/{game.edit_token}/handover/", data)
    again = client.post(f"/g/{game.edit_token}/handover/", data)
    assert again.status_code == 302  # the old link: it watches now
    assert HandedOver.objects.filter(game=game).count() == 1
