import pytest

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
