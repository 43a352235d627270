"""The house rules page: compose from every setting, preview the rules card, save, reuse."""

import re

import pytest
from django.contrib.sessions.models import Session

from kalooki_ledger.games.models import Game, HouseRules
from tests.games.web import house_post, new_key

pytestmark = pytest.mark.django_db

NEW = "/rules/new/"


def test_it_previews_the_rules_card_with_the_notes_and_saves_nothing(client):
    response = client.post(NEW, house_post(action="preview"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "the first to 500 points; the highest total wins" in html
    assert "<li>First meld 40</li>" in html
    assert not HouseRules.objects.exists()


def test_it_saves_house_rules_in_the_records_terms_and_lists_them(client):
    response = client.post(NEW, house_post())
    house = HouseRules.objects.get()
    assert response.status_code == 302 and response["Location"] == house.get_absolute_url()
    assert house.preset == "north-american"
    assert house.rule_overrides == {"target": 500}
    assert house.stakes == {"currency": "GBP", "per_point": "0.01", "initial": "1.00"}
    assert "First meld 40" in client.get(house.get_absolute_url()).content.decode()
    assert "Friday rules" in client.get(NEW).content.decode()


def test_the_house_rules_looked_at_last_come_first_and_a_second_look_saves_no_session(client):
    client.post(NEW, house_post(name="Friday rules"))
    client.post(NEW, house_post(name="Sunday rules"))  # saved last: first in the list
    friday, sunday = (
        HouseRules.objects.get(name="Friday rules"),
        HouseRules.objects.get(name="Sunday rules"),
    )
    client.get(friday.get_absolute_url())
    listed = client.get(NEW).content.decode()
    assert listed.index("Friday rules") < listed.index("Sunday rules")
    saved = Session.objects.values_list("session_data", "expire_date").get()
    client.get(friday.get_absolute_url())  # first already: nothing new to keep
    assert Session.objects.values_list("session_data", "expire_date").get() == saved
    client.get(sunday.get_absolute_url())
    listed = client.get(NEW).content.decode()
    assert listed.index("Sunday rules") < listed.index("Friday rules")


def test_the_save_form_sent_twice_saves_the_house_rules_once(client):
    page = client.get(NEW).content.decode()
    key = re.search(r'name="key" value="([^"]+)"', page)[1]
    first = client.post(NEW, house_post(key=key))
    again = client.post(NEW, house_post(key=key), follow=True)
    house = HouseRules.objects.get()
    assert first["Location"] == house.get_absolute_url()
    assert again.redirect_chain[-1][0] == house.get_absolute_url()
    assert "already saved (sent twice)" in again.content.decode()
    assert client.post(NEW, house_post(key=new_key())).status_code == 302  # another form
    assert HouseRules.objects.count() == 2


def test_a_game_started_from_house_rules_plays_by_them_without_the_notes(client):
    client.post(NEW, house_post())
    house = HouseRules.objects.get()
    page = client.get("/new/").content.decode()
    assert page.index("Friday rules") < page.index("British club")  # above the presets
    form = client.get(f"/new/?house={house.token}").content.decode()
    assert 'name="target" value="500"' in form
    assert 'value="north-american" id="id_preset_10" checked' in form.replace(" required", "")
    response = client.post(
        "/new/",
        {
            "preset": "north-american",
            "target": "500",
            "currency": "GBP",
            "per_point": "0.01",
            "initial": "1.00",
            "player_1": "Ann",
            "player_2": "Bob",
            "seating": "typed",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.rule_overrides == {"target": 500}
    assert "First meld 40" not in client.get(f"/g/{game.edit_token}/rules/").content.decode()


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"name": ""}, "name", "This field is required."),
        ({"target": "0"}, "target", "greater than or equal to 1"),
        ({"per_point": "lots"}, "per_point", "per_point stake"),
        ({"currency": "pounds"}, "currency", "urrency must be an ISO code such as GBP"),
        ({"preset": "poker"}, "preset", "Select a valid choice"),
    ],
)
def test_it_refuses_bad_settings_beside_the_field_and_saves_nothing(
    client, changes, field, message
):
    response = client.post(NEW, house_post(**changes))
    html = response.content.decode()
    assert response.status_code == 422
    assert f'id="id_{field}_error"' in html or field == "preset"
    assert message in html
    assert not HouseRules.objects.exists()


def test_unknown_house_rules_are_not_found(client):
    assert client.get("/rules/nothing-here/").status_code == 404
    assert client.get("/new/?house=nothing-here").status_code == 404


def test_the_admin_lists_and_opens_saved_house_rules(client, django_user_model):
    house = HouseRules.objects.create(
        name="The Blackpool Lot", preset="british", notes="No peeking"
    )
    boss = django_user_model.objects.create_superuser("boss", "b@example.org", "a-long-pass-42")
    client.force_login(boss)
    listed = client.get("/admin/games/houserules/?q=peeking")
    assert listed.status_code == 200 and "The Blackpool Lot" in listed.content.decode()
    opened = client.get(f"/admin/games/houserules/{house.pk}/change/")
    assert opened.status_code == 200 and house.token in opened.content.decode()
    form = {"name": "Renamed", "notes": "", "preset": "no-such-preset", "stakes": "{}"}
    refused = client.post(f"/admin/games/houserules/{house.pk}/change/", form)
    house.refresh_from_db()
    assert refused.status_code == 403  # the admin is for reading
    assert (house.name, house.preset) == ("The Blackpool Lot", "british")
    assert client.get(house.get_absolute_url()).status_code == 200
