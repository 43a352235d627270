"""The group page's settings forms: an action none of its buttons sends is refused (422, with a
sentence, nothing changed), and a refusal is the group's page with its message (422), never a
redirect that hides it."""

import html
import secrets

import pytest
from django.utils import translation

from kalooki_ledger.games import commands
from kalooki_ledger.nights.group_settings import SetGroupHandle
from tests.nights.factories import group, sent

pytestmark = pytest.mark.django_db

UNKNOWN = html.escape("That is not one of this form's actions: nothing was changed.")


def post(client, friends, **data):
    url = f"/nights/groups/{friends.edit_token}/settings/"
    return client.post(url, {"version": friends.version, "key": secrets.token_urlsafe(12), **data})


def unchanged(friends, before):
    friends.refresh_from_db()
    return (friends.version, friends.pay_handles, friends.time_zone) == before


@pytest.fixture
def friends():
    made = group("Fredagsgänget", regulars=("Ann", "Bob"), currency="SEK")
    assert commands.apply(made, sent(made.version), SetGroupHandle("Bob", "swish", "0709876543"))
    made.refresh_from_db()
    return made


def state(friends):
    return (friends.version, friends.pay_handles, friends.time_zone)


def test_an_unknown_action_on_a_handle_sets_no_handle_and_answers_422(client, friends):
    before = state(friends)
    handle = {"player": "Ann", "service": "swish", "handle": "0701234567"}
    response = post(client, friends, action="shred", **handle)
    assert response.status_code == 422
    assert UNKNOWN in response.content.decode()
    assert unchanged(friends, before)


def test_an_unknown_action_removes_no_handle(client, friends):
    before = state(friends)
    response = post(client, friends, action="delete", player="Bob", service="", handle="")
    assert response.status_code == 422 and UNKNOWN in response.content.decode()
    assert unchanged(friends, before)


def test_the_zone_sent_with_an_action_is_refused(client, friends):
    before = state(friends)
    response = post(client, friends, action="remove", zone="Europe/Stockholm", player="Bob")
    assert response.status_code == 422 and UNKNOWN in response.content.decode()
    assert unchanged(friends, before)


def test_a_handle_the_service_refuses_is_the_page_with_its_message(client, friends):
    before = state(friends)
    response = post(client, friends, action="save", player="Ann", service="swish", handle="07")
    assert response.status_code == 422
    page = response.content.decode()
    assert "Nothing was changed." in page and 'id="group-settings"' in page
    assert unchanged(friends, before)


def test_an_unknown_zone_is_the_page_with_its_message(client, friends):
    before = state(friends)
    response = post(client, friends, zone="Nowhere")
    assert response.status_code == 422
    assert "such as Europe/Stockholm or Europe/London" in response.content.decode()
    assert unchanged(friends, before)


def test_a_service_that_cannot_take_the_money_speaks_of_the_groups_money(client, friends):
    before = state(friends)
    response = post(client, friends, action="save", player="Ann", service="monzo", handle="ann")
    assert response.status_code == 422
    page = response.content.decode()
    assert html.escape("That service can't take this group's money (SEK)") in page
    assert html.escape("this game's money") not in page
    assert unchanged(friends, before)


def test_in_swedish_the_service_speaks_of_the_groups_money(friends):
    with translation.override("sv"):
        refused = commands.apply(
            friends, sent(friends.version), SetGroupHandle("Ann", "monzo", "a")
        )
    assert refused.verdict is commands.Verdict.REFUSED
    assert refused.notice.startswith("Den tjänsten kan inte ta emot gruppens valuta (SEK)")


def test_saving_and_removing_a_handle_still_go_back_to_the_settings(client, friends):
    saved = post(client, friends, action="save", player="Ann", service="swish", handle="0701234567")
    assert saved.status_code == 302 and saved["Location"].endswith("#group-settings")
    friends.refresh_from_db()
    removed = post(client, friends, action="remove", player="Bob", service="swish", handle="")
    assert removed.status_code == 302
    friends.refresh_from_db()
    assert friends.pay_handles == {"Ann": ["swish", "0701234567"]}


def test_enter_in_a_handle_with_no_button_named_saves_it(client, friends):
    response = post(client, friends, player="Ann", service="swish", handle="0701234567")
    assert response.status_code == 302
    friends.refresh_from_db()
    assert friends.pay_handles["Ann"] == ["swish", "0701234567"]
