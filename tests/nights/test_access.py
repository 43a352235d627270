"""A night's and a group's links: the watch link opens no scoring route by any method, and
changes nothing; the scoring link's forms need the page's CSRF token."""

import pytest
from django.test import Client

from kalooki_ledger.nights.models import Group, Night, NightPayment

from .factories import finished, group, night

pytestmark = pytest.mark.django_db

NIGHT_SCORING = [
    "/nights/n/{t}/",
    "/nights/n/{t}/pay/",
    "/nights/n/{t}/unpay/",
    "/nights/n/{t}/games/",
    "/nights/n/{t}/close/",
]
POSTS = {
    "payer": "Mark",
    "payee": "John",
    "amount": "16",
    "ticked": "1",
    "version": "1",
    "key": "abcdefgh12345678",
    "action": "carry",
    "payment": "1",
    "game": "x",
    "name": "Sue",
}


def snapshot():
    return (
        list(Night.objects.values_list("version", "closed")),
        NightPayment.objects.count(),
        list(Group.objects.values_list("version", "regulars")),
    )


@pytest.mark.parametrize("route", NIGHT_SCORING)
def test_the_watch_link_opens_no_scoring_route_of_a_night(client, route):
    n = night(group(), finished())
    before = snapshot()
    for method in ("get", "post", "put", "delete"):
        response = getattr(client, method)(route.format(t=n.share_token), POSTS)
        assert response.status_code in (404, 405), (method, route)
    assert snapshot() == before


def test_the_groups_watch_link_takes_no_regular(client):
    g = group()
    before = snapshot()
    assert client.post(f"/nights/groups/{g.share_token}/", POSTS).status_code == 404
    assert client.post(f"/nights/groups/w/{g.share_token}/", POSTS).status_code == 405
    assert snapshot() == before


def test_a_form_without_the_pages_csrf_token_changes_nothing():
    n = night(group(), finished())
    before = snapshot()
    response = Client(enforce_csrf_checks=True).post(f"/nights/n/{n.edit_token}/pay/", POSTS)
    assert response.status_code == 403
    assert snapshot() == before
