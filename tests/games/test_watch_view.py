import re

import pytest

from tests.games.web import hand_post, stored_game, worked_hands

pytestmark = pytest.mark.django_db


def test_the_watch_page_shows_the_table_without_any_control(client):
    game = stored_game(hands=worked_hands()[:2])
    html = client.get(game.share_url()).content.decode()
    assert "<td>92</td>" in html
    assert "<form" not in html
    assert "<button" not in html
    assert game.edit_token not in html


def test_it_polls_for_changes_every_few_seconds(client):
    game = stored_game()
    html = client.get(game.share_url()).content.decode()
    assert 'hx-trigger="every 3s"' in html
    assert re.search(r'hx-get="/w/[^"]+\?v=[0-9a-f]+"', html)


def test_a_poll_with_nothing_new_answers_no_content(client):
    game = stored_game()
    html = client.get(game.share_url()).content.decode()
    version = re.search(r"\?v=([0-9a-f]+)", html).group(1)
    response = client.get(game.share_url(), {"v": version}, headers={"HX-Request": "true"})
    assert response.status_code == 204
    assert response.content == b""


def test_a_poll_after_a_new_hand_answers_with_the_new_table(client):
    game = stored_game()
    html = client.get(game.share_url()).content.decode()
    version = re.search(r"\?v=([0-9a-f]+)", html).group(1)
    client.post(
        f"/g/{game.edit_token}/hands/", hand_post(1, "John", game, Andy=85, Mark=42, Frank=30)
    )
    response = client.get(game.share_url(), {"v": version}, headers={"HX-Request": "true"})
    fragment = response.content.decode()
    assert response.status_code == 200
    assert fragment.lstrip().startswith('<section id="live"')
    assert "<td>85</td>" in fragment
    assert "Last hand (1): John won — Andy 85, Mark 42, Frank 30." in fragment


def test_an_unknown_watch_link_is_not_found(client):
    assert client.get("/w/nope/").status_code == 404
    assert client.get("/w/nope/", {"v": "1"}, headers={"HX-Request": "true"}).status_code == 404


def test_the_scoring_link_does_not_open_the_watch_page(client):
    game = stored_game()
    assert client.get(f"/w/{game.edit_token}/").status_code == 404


def test_the_watch_sheet_polls_and_answers_no_content_when_nothing_changed(client):
    game = stored_game(hands=worked_hands()[:1])
    url = f"/w/{game.share_token}/sheet/"
    html = client.get(url).content.decode()
    version = re.search(r"sheet/\?v=([0-9a-f]+)", html).group(1)
    headers = {"HX-Request": "true"}
    assert client.get(url, {"v": version}, headers=headers).status_code == 204
    client.post(f"/g/{game.edit_token}/undo/", {"hand": "1"})
    fragment = client.get(url, {"v": version}, headers=headers).content.decode()
    assert fragment.lstrip().startswith('<div id="sheet"')
    assert "No hands yet." in fragment


def test_a_watching_poll_costs_one_query_when_nothing_changed(client, django_assert_num_queries):
    game = stored_game()
    html = client.get(game.share_url()).content.decode()
    version = re.search(r"\?v=([0-9a-f]+)", html).group(1)
    with django_assert_num_queries(1):
        client.get(game.share_url(), {"v": version}, headers={"HX-Request": "true"})


def test_the_watch_link_previews_the_games_title_and_result(client):
    game = stored_game(hands=worked_hands())
    html = client.get(game.share_url()).content.decode()
    assert '<meta property="og:title" content="Friday at Mark&#x27;s">' in html
    assert '<meta property="og:description" content="John wins the pool of £2.50.">' in html
    assert f'<meta property="og:url" content="http://testserver{game.share_url()}">' in html
