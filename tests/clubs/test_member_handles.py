"""A club member's payment handle, kept with the member: set by a scorer on their page, checked
per service, and given to each club game they sit down at whose money the service takes."""

import pytest

from kalooki_ledger.clubs.filing import start_game
from kalooki_ledger.clubs.models import ClubPlayer
from tests.clubs.factories import PASSWORD, join, make_club, make_players, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def scorer_club(client):
    club = make_club()
    club.currency = "GBP"
    club.save(update_fields=["currency"])
    join(club, make_user("sam"), "scorer")
    client.login(username="sam", password=PASSWORD)
    make_players(club, "Ann Bob Cy")
    return club


def handle_url(club, person) -> str:
    return f"/clubs/{club.slug}/people/{person.pk}/handle/"


def test_a_scorer_keeps_a_members_handle_and_new_games_get_it(client, scorer_club):
    ann = ClubPlayer.objects.get(name="Ann")
    response = client.post(
        handle_url(scorer_club, ann), {"service": "monzo", "handle": "monzo.me/ann-b"}
    )
    assert response.status_code == 302
    ann.refresh_from_db()
    assert (ann.pay_service, ann.pay_handle) == ("monzo", "ann-b")
    game = start_game(scorer_club, ["Ann", "Bob", "Cy"], stakes={"currency": "GBP"})
    assert game.pay_handles == {"Ann": ["monzo", "ann-b"]}
    in_euros = start_game(scorer_club, ["Ann", "Bob", "Cy"], stakes={"currency": "EUR"})
    assert in_euros.pay_handles == {}  # Monzo takes pounds only


def test_a_malformed_member_handle_is_refused_and_changes_nothing(client, scorer_club):
    bob = ClubPlayer.objects.get(name="Bob")
    client.post(handle_url(scorer_club, bob), {"service": "swish", "handle": "123"})
    bob.refresh_from_db()
    assert bob.pay_service == ""
    page = client.get(bob.get_absolute_url()).content.decode()
    assert "a Swedish mobile number" in page and "Nothing was changed." in page


def test_a_member_handle_is_removed(client, scorer_club):
    cy = ClubPlayer.objects.get(name="Cy")
    client.post(handle_url(scorer_club, cy), {"service": "venmo", "handle": "@Cy-Jones"})
    client.post(handle_url(scorer_club, cy), {"action": "remove"})
    cy.refresh_from_db()
    assert (cy.pay_service, cy.pay_handle) == ("", "")


def test_a_plain_member_can_neither_see_nor_set_handles(client, scorer_club):
    ann = ClubPlayer.objects.get(name="Ann")
    ann.pay_service, ann.pay_handle = "monzo", "ann-b"
    ann.save()
    join(scorer_club, make_user("mo"), "member")
    client.login(username="mo", password=PASSWORD)
    assert "ann-b" not in client.get(ann.get_absolute_url()).content.decode()
    response = client.post(handle_url(scorer_club, ann), {"action": "remove"})
    assert response.status_code == 403
    ann.refresh_from_db()
    assert ann.pay_handle == "ann-b"
