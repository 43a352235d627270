"""What a watch link shows is the same for every watcher, so a shared cache may answer its
polls: an ETag from the game's version and the page's freshness key, public for two seconds, no
cookie and no Vary: Cookie. The scoring pages stay private and uncached."""

import re

import pytest
from django.test import RequestFactory
from django.utils import translation

from kalooki_ledger.games import freshness
from tests.games.web import hand_post, stored_game, worked_hands

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def etag(game, language: str = "en-gb") -> str:
    """The ETag of the game's watch page as the test client reads it, in `language`."""
    with translation.override(language):
        fresh = freshness.key(game.pk, game.revision, game.shown, RequestFactory().get("/"))
    return f'"w{game.version}.{fresh}"'


def assert_public(response) -> None:
    assert response["Cache-Control"] == "public, max-age=2, stale-while-revalidate=30"
    assert "Cookie" not in response.get("Vary", "")
    assert "HX-Request" in response["Vary"]
    assert not response.cookies


@pytest.mark.parametrize("path", ["", "sheet/"], ids=["watch page", "watch sheet"])
def test_a_watch_page_is_public_with_an_etag_and_no_cookie(client, path):
    game = stored_game(hands=worked_hands()[:2])
    response = client.get(f"{game.share_url()}{path}")
    assert response.status_code == 200
    assert_public(response)
    assert response["ETag"] == etag(game)


def test_a_poll_with_the_etag_it_has_gets_304(client):
    game = stored_game(hands=worked_hands()[:2])
    first = client.get(game.share_url(), headers=HTMX)
    again = client.get(game.share_url(), headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    assert_public(again)
    assert first["ETag"] != client.get(game.share_url())["ETag"]  # the fragment is its own


def test_a_poll_with_nothing_new_is_a_public_204_and_a_new_hand_a_new_etag(client):
    game = stored_game(hands=worked_hands()[:2])
    html = client.get(game.share_url()).content.decode()
    version = re.search(r"\?v=([0-9a-f]+)", html).group(1)
    unchanged = client.get(game.share_url(), {"v": version}, headers=HTMX)
    assert unchanged.status_code == 204
    assert_public(unchanged)
    client.post(
        f"{game.get_absolute_url()}hands/", hand_post(3, "Andy", game, Mark=2, John=2, Frank=2)
    )
    changed = client.get(game.share_url(), {"v": version}, headers=HTMX)
    assert changed.status_code == 200 and changed["ETag"] != unchanged["ETag"]


def test_watching_sets_no_session_and_remembering_is_asked_apart(client):
    game = stored_game()
    client.get(game.share_url())
    assert "sessionid" not in client.cookies
    response = client.get(f"{game.share_url()}remember/")
    assert response.status_code == 204
    assert "no-store" in response["Cache-Control"]
    assert game.share_url() in client.get("/").content.decode()


@pytest.mark.parametrize("path", ["", "sheet/", "rules/", "hands/1/edit/"])
def test_the_scoring_pages_are_private_and_never_cached(client, path):
    game = stored_game(hands=worked_hands()[:2])
    response = client.get(f"{game.get_absolute_url()}{path}")
    assert response.status_code == 200
    assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def test_a_watch_page_in_another_language_has_its_own_etag_and_varies_by_language(client):
    game = stored_game(hands=worked_hands()[:2])
    english = client.get(game.share_url())
    swedish_phone = {"Accept-Language": "sv-SE,sv;q=0.9"}
    swedish = client.get(
        game.share_url(), headers={**swedish_phone, "If-None-Match": english["ETag"]}
    )
    assert swedish.status_code == 200 and 'lang="sv"' in swedish.content.decode()
    assert swedish["ETag"] != english["ETag"]
    assert "Accept-Language" in english["Vary"] and "Accept-Language" in swedish["Vary"]
    assert_public(swedish)
    again = client.get(
        game.share_url(), headers={**swedish_phone, "If-None-Match": swedish["ETag"]}
    )
    assert again.status_code == 304 and "Accept-Language" in again["Vary"]


def test_a_watch_page_follows_the_phone_not_a_language_cookie(client):
    # A shared cache keeps it by Accept-Language: a cookie may not make another copy of it.
    game = stored_game(hands=worked_hands()[:2])
    client.cookies["django_language"] = "en-gb"
    response = client.get(game.share_url(), headers={"Accept-Language": "sv-SE,sv;q=0.9"})
    assert 'lang="sv"' in response.content.decode()
    assert response["Content-Language"] == "sv" and response["ETag"] == etag(game, "sv")
