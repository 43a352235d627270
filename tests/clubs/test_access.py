"""Who sees what: a member of one club sees nothing of another (404), strangers go to log in."""

import pytest

from kalooki_ledger.clubs.models import Membership
from tests.clubs.factories import club_game, login, make_club, make_players, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_clubs():
    friday = make_club("Friday Club", "friday", fran="organiser", sam="scorer", mo="member")
    monday = make_club("Monday Club", "monday", otto="organiser")
    return friday, monday


def pages(club, game, person):
    slug = club.slug
    return [
        f"/clubs/{slug}/",
        f"/clubs/{slug}/members/",
        f"/clubs/{slug}/people/{person.pk}/",
        f"/clubs/{slug}/games/new/",
        f"/clubs/{slug}/games/file/",
        f"/clubs/{slug}/games/{game.pk}/",
        f"/clubs/{slug}/tournaments/new/",
    ]


@pytest.mark.usefixtures("two_clubs")
def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get("/clubs/friday/")
    assert response.status_code == 302
    assert response["Location"] == "/clubs/accounts/login/?next=%2Fclubs%2Ffriday%2F"


def test_a_member_of_one_club_gets_404_for_every_page_of_another(client, two_clubs):
    friday, monday = two_clubs
    game = club_game(friday)
    person = friday.players.get(name="John")
    login(client, monday)
    for url in pages(friday, game, person):
        assert client.get(url).status_code == 404, url
    posted = client.post("/clubs/friday/members/", {"action": "add-player", "player-name": "X"})
    assert posted.status_code == 404
    assert not friday.players.filter(name="X").exists()


def test_a_game_of_another_club_is_not_found_through_ones_own_club(client, two_clubs):
    friday, monday = two_clubs
    theirs = club_game(monday)
    login(client, friday, "member")
    assert client.get(f"/clubs/friday/games/{theirs.pk}/").status_code == 404
    person = monday.players.first()
    assert client.get(f"/clubs/friday/people/{person.pk}/").status_code == 404


def test_a_member_views_but_may_not_score_or_organise(client, two_clubs):
    friday, _ = two_clubs
    game = club_game(friday)
    login(client, friday, "member")
    assert client.get("/clubs/friday/").status_code == 200
    assert client.get(f"/clubs/friday/games/{game.pk}/").status_code == 200
    assert client.get("/clubs/friday/games/new/").status_code == 403
    assert client.get("/clubs/friday/games/file/").status_code == 403
    assert client.get("/clubs/friday/members/").status_code == 403
    assert client.get("/clubs/friday/tournaments/new/").status_code == 403


def test_a_member_sees_the_watch_link_but_not_the_scoring_link(client, two_clubs):
    friday, _ = two_clubs
    game = club_game(friday)
    login(client, friday, "member")
    page = client.get(f"/clubs/friday/games/{game.pk}/").content.decode()
    assert game.share_token in page
    assert game.edit_token not in page


def test_a_scorer_may_start_a_game_but_not_manage_members(client, two_clubs):
    friday, _ = two_clubs
    make_players(friday, "Andy Mark")
    login(client, friday, "scorer")
    assert client.get("/clubs/friday/games/new/").status_code == 200
    assert client.get("/clubs/friday/games/file/").status_code == 200
    assert client.get("/clubs/friday/members/").status_code == 403


def test_the_clubs_list_shows_only_ones_own_clubs(client, two_clubs):
    client.force_login(make_user("newcomer"))
    page = client.get("/clubs/").content.decode()
    assert "Friday Club" not in page and "Monday Club" not in page
    assert "not in a club yet" in page


def test_the_last_organiser_cannot_step_down(client, two_clubs):
    friday, _ = two_clubs
    fran = friday.memberships.get(role="organiser")
    client.force_login(fran.user)
    client.post(f"/clubs/friday/members/{fran.pk}/", {"role": "member"})
    fran.refresh_from_db()
    assert fran.role == Membership.ORGANISER
