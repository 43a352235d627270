"""A club form's key is one change: sent again it is done once, sent with another request it is
refused (422) and nothing is stored."""

import pytest

from kalooki_ledger.clubs.models import ClubGame, Tournament, TournamentTable
from kalooki_ledger.games.models import Game
from tests.clubs.factories import finish_table, login, tournament_with
from tests.games.web import new_key

pytestmark = pytest.mark.django_db

SEATS = {"title": "Friday", "preset": "british", "seat_1": "Andy", "seat_2": "Mark"}


@pytest.fixture
def friday(client, friday):
    """Friday Club, its organiser signed in."""
    login(client, friday, "organiser")
    return friday


def test_a_club_game_form_sent_twice_opens_one_game(client, friday):
    form = {**SEATS, "key": new_key()}
    first = client.post("/clubs/friday/games/new/", form)
    again = client.post("/clubs/friday/games/new/", form)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert ClubGame.objects.count() == Game.objects.count() == 1


def test_a_club_game_key_reused_for_other_seats_is_refused(client, friday):
    form = {**SEATS, "key": new_key()}
    assert client.post("/clubs/friday/games/new/", form).status_code == 302
    other = client.post("/clubs/friday/games/new/", {**form, "seat_2": "John"})
    assert other.status_code == 422
    assert "already used for another change" in other.content.decode()
    assert Game.objects.count() == 1


def test_a_tournament_step_key_reused_for_another_step_is_refused(client, friday):
    t = tournament_with(friday, 16)
    for table in t.tables.all():
        finish_table(table.game)
    key = new_key()
    url = f"{t.get_absolute_url()}act/"
    assert client.post(url, {"action": "start-semis", "key": key}).status_code == 302
    again = client.post(url, {"action": "start-semis", "key": key}, follow=True)
    assert "already done (the form was sent twice)" in again.content.decode()
    other = client.post(url, {"action": "start-final", "key": key})
    assert other.status_code == 422
    assert "already used for another change" in other.content.decode()
    assert TournamentTable.objects.filter(tournament=t).exclude(round="heat").count() in (1, 2)
    assert Tournament.objects.get(pk=t.pk).stage != Tournament.HEATS


def test_a_new_club_form_sent_twice_makes_one_club(client):
    from kalooki_ledger.clubs.models import Club
    from tests.clubs.factories import make_user

    client.force_login(make_user("newcomer"))
    form = {"name": "Blackpool Tuesdays", "slug": "blackpool", "key": new_key()}
    first = client.post("/clubs/", form)
    again = client.post("/clubs/", form)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert Club.objects.filter(slug="blackpool").count() == 1
    other = client.post("/clubs/", {**form, "name": "Blackpool Wednesdays", "slug": "wed"})
    assert other.status_code == 422
    assert "already used for another change" in other.content.decode()
    assert not Club.objects.filter(slug="wed").exists()


def test_a_new_tournament_form_sent_twice_makes_one_tournament(client, friday):
    from tests.clubs.factories import make_players

    people = make_players(friday, " ".join(f"P{n:02d}" for n in range(1, 17)))
    players = [p.pk for p in people]
    form = {"name": "Open", "entry_fee": "5", "buy_in": "5", "players": players, "key": new_key()}
    first = client.post("/clubs/friday/tournaments/new/", form)
    again = client.post("/clubs/friday/tournaments/new/", form)
    assert first.status_code == again.status_code == 302, first.content.decode()[-2000:]
    assert first["Location"] == again["Location"]
    assert Tournament.objects.count() == 1


def test_filing_a_played_game_sent_twice_files_it_once_and_says_so_both_times(client, friday):
    from tests.games.web import stored_game

    game = stored_game()
    form = {"link": f"https://example.org{game.get_absolute_url()}", "key": new_key()}
    first = client.post("/clubs/friday/games/file/", form)
    again = client.post("/clubs/friday/games/file/", form)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert ClubGame.objects.filter(game=game).count() == 1
