"""Refusals in the reader's language, with a way back: a game link that leads nowhere, a club a
phone may not open (the site's own 404 even under DEBUG, as `make run` serves), a club page a
member may not use (its 403 links back to the club)."""

import pytest

from tests.clubs.factories import make_club

pytestmark = pytest.mark.django_db

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9"}


@pytest.mark.parametrize("path", ["/g/no-game-has-this-token/", "/w/no-game-has-this-token/"])
@pytest.mark.parametrize("debug", [False, True])
def test_a_game_link_that_leads_nowhere_says_so_in_swedish(client, settings, path, debug):
    settings.DEBUG = debug
    response = client.get(path, headers=SWEDISH)
    page = response.content.decode()
    assert response.status_code == 404
    assert "Inget parti på den här länken." in page
    assert "No game at this link" not in page and "URLconf" not in page


def test_a_club_a_phone_may_not_open_is_the_sites_own_404_under_debug(client, settings):
    settings.DEBUG = True
    make_club("Friday Club", "friday", fran="organiser")
    client.force_login(make_club("Other", "other", olle="member").memberships.get().user)
    response = client.get("/clubs/friday/", headers=SWEDISH)
    assert response.status_code == 404
    assert "URLconf" not in response.content.decode()


def test_a_members_403_links_back_to_the_club(client):
    club = make_club("Kallegänget", "kallet", maja="member")
    client.force_login(club.memberships.get().user)
    response = client.get("/clubs/kallet/members/", headers=SWEDISH)
    page = response.content.decode()
    assert response.status_code == 403
    assert '<a href="/clubs/kallet/">Tillbaka till Kallegänget</a>' in page
