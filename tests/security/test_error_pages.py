"""Refusals on the site's own pages (issue 16): the layout, a sentence, a way back, a 4xx."""

import pytest
from django.test import Client

from .factories import make_club, make_user, snapshot

pytestmark = pytest.mark.django_db


def shown(response) -> str:
    return " ".join(response.content.decode().split())


def own_page(response) -> str:
    page = shown(response)
    assert '<header class="site">' in page  # the site's layout
    assert 'href="/">Back to the home page</a>' in page
    assert "Bad Request (400)" not in page
    return page


def test_more_than_a_thousand_fields_is_413_on_the_sites_own_page(client):
    before = snapshot()
    fields = {f"f{n}": "x" for n in range(1001)}
    response = client.post("/new/", fields)
    assert response.status_code == 413
    assert "a form sends at most 1,000 fields" in own_page(response)
    assert snapshot() == before


def test_a_body_over_two_and_a_half_megabytes_is_413_on_the_sites_own_page(client):
    before = snapshot()
    response = client.post("/new/", {"title": "x" * 2_700_000})
    assert response.status_code == 413
    assert "Nothing was changed" in own_page(response)
    assert snapshot() == before


def test_an_unknown_address_is_404_on_the_sites_own_page(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = own_page(response)
    assert "There is nothing at this address" in page
    assert "Resolver" not in page and "no/such" not in page


def test_a_game_link_that_leads_nowhere_says_so_in_the_sites_words(client):
    response = client.get("/sheets/g/" + "a" * 22 + "/hands.csv")
    assert response.status_code == 404
    assert "No game at this link." in own_page(response)


def test_a_post_without_the_csrf_token_is_403_on_the_sites_own_page():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/new/", {"player_1": "Ann", "player_2": "Bob"})
    assert response.status_code == 403
    assert "reload the page and send it again" in own_page(response)


def test_a_club_page_for_a_non_member_is_refused_on_the_sites_own_page(client):
    club = make_club()
    client.force_login(make_user("stranger"))
    response = client.get(f"/clubs/{club.slug}/members/")
    assert response.status_code in (403, 404)
    own_page(response)


def test_a_bad_paper_for_the_pdf_is_400_on_the_sites_own_page(client):
    from .factories import stored_game

    game = stored_game()
    response = client.get(f"/sheets/g/{game.edit_token}/score-sheet.pdf?paper=a0")
    assert response.status_code == 400
    assert "Paper must be one of: a4, letter." in own_page(response)


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("get", "/sheets/import/", "POST"),  # a form's address opened or reloaded
        ("get", "/clubs/accounts/logout/", "POST"),
        ("post", "/", "GET"),
    ],
)
def test_a_method_an_address_does_not_take_is_405_on_the_sites_own_page(
    client, method, path, allow
):
    before = snapshot()
    response = getattr(client, method)(path)
    assert response.status_code == 405
    assert response["Allow"] == allow
    assert "Use the page's own links and buttons" in own_page(response)
    assert snapshot() == before


def test_the_api_answers_a_method_it_does_not_take_in_json():
    from .factories import stored_game

    game = stored_game()
    response = Client().delete(f"/api/v1/games/{game.edit_token}")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert response.json()["error"] == "This address takes GET, HEAD."
