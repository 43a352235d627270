import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from kalooki_ledger.games.models import Change, Game
from tests.games.web import stored_game

pytestmark = pytest.mark.django_db


def date_url(game) -> str:
    return f"/g/{game.edit_token}/date/"


def test_the_score_sheet_changes_the_date_the_game_was_played(client):
    game = stored_game()
    html = client.get(f"/g/{game.edit_token}/sheet/").content.decode()
    assert '<input type="date" id="played-on" name="played_on" value=""' in html
    response = client.post(date_url(game), {"played_on": "2026-11-20"})
    assert response.status_code == 302
    assert Game.objects.get().played_on == datetime.date(2026, 11, 20)
    assert Change.objects.get(action="date").text == "Set the date played: 20 Nov 2026"
    assert client.get(f"/g/{game.edit_token}/sheet/").content.decode().count('value="2026-11-20"')


def test_it_refuses_a_date_that_is_not_one_or_in_the_future(client):
    game = stored_game()
    tomorrow_but_one = timezone.localdate() + datetime.timedelta(days=2)
    for bad in ("20/11/2026", tomorrow_but_one.isoformat(), "1850-01-01"):
        response = client.post(date_url(game), {"played_on": bad})
        assert response.status_code == 422
    assert Game.objects.get().played_on is None


def test_the_date_goes_into_the_games_record(client):
    game = stored_game()
    client.post(date_url(game), {"played_on": "2026-11-20"})
    record = client.get(reverse("sheets:json", args=[game.edit_token])).json()
    assert record["played_on"] == "2026-11-20"


def test_the_watch_link_cannot_change_the_date(client):
    game = stored_game()
    assert (
        client.post(f"/w/{game.share_token}/date/", {"played_on": "2026-11-20"}).status_code == 404
    )
