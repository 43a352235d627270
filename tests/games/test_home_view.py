import pytest
from django.contrib.sessions.models import Session

from kalooki_ledger.games.models import Game
from tests.games.web import stored_game

pytestmark = pytest.mark.django_db


def test_it_offers_a_new_game_first(client):
    html = client.get("/").content.decode()
    assert 'href="/new/"' in html
    assert html.index("New game") < html.index("No sign-up")


def test_it_lists_the_games_this_browser_opened(client):
    scored = stored_game(title="Friday at Mark's")
    watched = stored_game(title="Sunday at John's")
    client.get(scored.get_absolute_url())
    client.get(watched.share_url())
    client.get(f"{watched.share_url()}remember/")  # as app.js asks, the page being public
    html = client.get("/").content.decode()
    assert scored.get_absolute_url() in html
    assert watched.share_url() in html
    assert watched.get_absolute_url() not in html
    assert html.index("Sunday at John") < html.index("Friday at Mark")


def test_it_does_not_list_games_another_browser_opened(client):
    stored_game(title="Someone else's game")
    assert "Someone else" not in client.get("/").content.decode()


def test_each_game_shows_its_date_and_an_untitled_one_its_players(client):
    game = stored_game(title="", played_on="2026-11-20")
    titled = stored_game(title="Friday", played_on="2026-11-13")
    client.get(game.get_absolute_url())
    client.get(titled.get_absolute_url())
    html = client.get("/").content.decode()
    assert "Andy, Mark, John and Frank · 20 Nov 2026" in html
    assert '<time datetime="2026-11-13">13 Nov 2026</time> · Andy, Mark, John, Frank' in html


def test_a_game_can_be_removed_from_this_phones_list_and_still_opens(client):
    kept = stored_game(title="Kept")
    gone = stored_game(title="Gone")
    client.get(kept.get_absolute_url())
    client.get(gone.get_absolute_url())
    response = client.post("/forget/", {"token": gone.edit_token})
    assert response.status_code == 302
    html = client.get("/").content.decode()
    assert "Kept" in html and "Gone" not in html
    assert client.get(gone.get_absolute_url()).status_code == 200


def test_a_tied_game_reads_as_a_tie_between_its_sharers(client):
    hands = [{"winner": "Ann", "penalties": {"Bob": 20, "Cy": 30}, "adjustments": {"Ann": 20}}]
    game = stored_game("Ann Bob Cy", hands, rules={"preset": "jamaica", "deals": 1})
    client.get(game.get_absolute_url())
    html = client.get("/").content.decode()
    assert "a tie between Ann and Bob" in html
    assert "None won" not in html


def test_it_lists_the_game_changed_last_first_and_a_game_opened_again_saves_no_session(client):
    older = stored_game(title="Friday at Mark's")
    newer = stored_game(title="Sunday at John's")
    client.get(older.get_absolute_url())
    client.get(newer.get_absolute_url())
    html = client.get("/").content.decode()
    assert html.index("Sunday at John") < html.index("Friday at Mark")
    saved = Session.objects.values_list("session_data", "expire_date").get()
    client.get(older.get_absolute_url())  # back to the first table: nothing new to keep
    assert Session.objects.values_list("session_data", "expire_date").get() == saved
    Game.objects.get(pk=older.pk).touch()  # a hand at Mark's
    html = client.get("/").content.decode()
    assert html.index("Friday at Mark") < html.index("Sunday at John")
