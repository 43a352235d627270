"""Names that look alike (issue 16): every place a name enters keeps it composed, refuses
invisible and direction-changing characters, and tells look-alikes apart only by what shows."""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from kalooki_ledger.clubs.filing import add_players
from kalooki_ledger.clubs.models import Club, ClubPlayer, Membership, Tournament
from kalooki_ledger.games.models import Game, HouseRules, Seat

from .factories import make_club, make_players, snapshot, worked_record

pytestmark = pytest.mark.django_db

HIDDEN = ["A\u200bnn", "Ma\u202erk", "\u2066Bob", "Ann\u200d", "\u3164"]
LOOKALIKES = [("Ann", "A\u200bnn"), ("\u00e9mile", "e\u0301mile"), ("Ann", "\uff21nn")]


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


def new_game(client: Client, *names: str):
    data = {f"player_{i}": n for i, n in enumerate(names, 1)}
    return client.post(
        "/new/", {**data, "preset": "british", "currency": "GBP", "seating": "typed"}
    )


@pytest.mark.parametrize("name", HIDDEN)
def test_the_new_game_form_refuses_an_invisible_or_bidi_character_in_a_name(client, name):
    before = snapshot()
    response = new_game(client, name, "Zed")
    assert response.status_code == 422
    assert "is invisible or turns the text around" in text(response)
    assert snapshot() == before


@pytest.mark.parametrize(("one", "other"), LOOKALIKES)
def test_the_new_game_form_refuses_two_names_that_look_alike(client, one, other):
    before = snapshot()
    response = new_game(client, one, other)
    assert response.status_code == 422
    assert "give each player a different name" in text(response) or "invisible" in text(response)
    assert snapshot() == before


def test_the_new_game_form_keeps_a_name_composed(client):
    assert new_game(client, "e\u0301mile", "Zed").status_code == 302
    assert Seat.objects.filter(name="\u00e9mile").exists()


def upload(client: Client, data: dict):
    content = json.dumps(data).encode()
    return client.post("/sheets/import/", {"record": SimpleUploadedFile("g.json", content)})


@pytest.mark.parametrize(("one", "other"), LOOKALIKES)
def test_the_import_refuses_two_names_that_look_alike(client, one, other):
    data = {**worked_record(), "players": ["Andy", "Mark", one, other], "hands": []}
    response = upload(client, data)
    assert response.status_code == 400
    assert "Two players are called" in text(response) or "invisible" in text(response)
    assert Game.objects.count() == 0


def test_the_import_refuses_a_right_to_left_override_in_a_name(client):
    response = upload(client, {**worked_record(), "players": ["Andy", "Ma\u202erk"], "hands": []})
    assert response.status_code == 400
    assert "U+202E (right-to-left override)" in text(response)
    assert Game.objects.count() == 0


@pytest.fixture
def organiser():
    club = make_club(olive="organiser")
    make_players(club, "Ann Bob Cy Di")
    client = Client()
    client.force_login(Membership.objects.get(user__username="olive").user)
    return club, client


@pytest.mark.parametrize("name", [*HIDDEN, "ANN", "\uff21nn", "Ann\u00a0"])
def test_a_club_refuses_a_regular_with_a_hidden_character_or_a_lookalike_name(organiser, name):
    club, client = organiser
    before = snapshot()
    data = {"action": "add-player", "player-name": name}
    response = client.post(f"/clubs/{club.slug}/members/", data)
    assert response.status_code == 400
    assert "invisible" in text(response) or "is one of the club's players already" in text(response)
    assert snapshot() == before


def test_adding_regulars_skips_a_name_that_looks_like_one_the_club_has(organiser):
    # What the members page stores after its form: the same test of "the same name".
    club, _ = organiser
    assert add_players(club, ["\uff21nn", "BOB", "Eve"]) == ["Eve"]
    assert sorted(club.players.values_list("name", flat=True)) == ["Ann", "Bob", "Cy", "Di", "Eve"]


def test_a_club_keeps_a_regulars_name_composed(organiser):
    club, client = organiser
    data = {"action": "add-player", "player-name": "e\u0301mile"}
    assert client.post(f"/clubs/{club.slug}/members/", data).status_code == 302
    assert club.players.filter(name="\u00e9mile").exists()


@pytest.mark.parametrize("name", HIDDEN)
def test_club_and_tournament_names_refuse_hidden_characters(organiser, name):
    club, client = organiser
    before = snapshot()
    made = client.post("/clubs/", {"name": name, "slug": "new-club"})
    renamed = client.post(
        f"/clubs/{club.slug}/members/", {"action": "settings", "settings-name": name}
    )
    entered = [p.pk for p in club.players.all()]
    data = {"name": name, "currency": "GBP", "entry_fee": "5", "buy_in": "5", "players": entered}
    tournament = client.post(f"/clubs/{club.slug}/tournaments/new/", data)
    for response in (made, renamed, tournament):
        assert response.status_code == 400
        assert "invisible or turns the text around" in text(response)
    assert snapshot() == before


@pytest.mark.parametrize(("one", "other"), LOOKALIKES)
def test_a_club_game_refuses_seats_whose_names_look_alike(organiser, one, other):
    club, client = organiser
    before = snapshot()
    data = {"title": "", "preset": "british", "seat_1": one, "seat_2": other}
    response = client.post(f"/clubs/{club.slug}/games/new/", data)
    assert response.status_code == 400
    assert snapshot() == before


def test_a_new_tournament_with_a_regular_named_before_names_were_checked_is_400_not_500(
    organiser,
):
    club, client = organiser
    make_players(club, " ".join(f"P{n}" for n in range(11)))
    ClubPlayer.objects.create(club=club, name="Ed\x07")  # stored before the check existed
    entered = [p.pk for p in club.players.all()]
    data = {"name": "Open", "currency": "GBP", "entry_fee": "5", "buy_in": "5", "players": entered}
    response = client.post(f"/clubs/{club.slug}/tournaments/new/", data)
    assert response.status_code == 400
    assert "Rename them first" in text(response)
    assert Tournament.objects.count() == 0
    assert Club.objects.get(pk=club.pk).tournaments.count() == 0


@pytest.mark.parametrize("name", HIDDEN)
def test_house_rules_refuse_a_name_with_a_hidden_character(client, name):
    data = {"name": name, "preset": "british", "currency": "GBP", "action": "save"}
    response = client.post("/rules/new/", data)
    assert response.status_code in (400, 422)
    assert "invisible or turns the text around" in text(response)
    assert HouseRules.objects.count() == 0


# Issue 24: letters of other alphabets drawn alike, and every default-ignorable code point.
CYRILLIC_ANN = "\u0410nn"
GREEK_ANN = "\u0391nn"
IGNORABLE = ["Ann\u17b4", "Ann\u180b", "A\u00adnn"]


def test_the_new_game_form_refuses_a_cyrillic_lookalike_naming_both(client):
    before = snapshot()
    response = new_game(client, "Ann", CYRILLIC_ANN)
    assert response.status_code == 422
    assert f"'Ann' and '{CYRILLIC_ANN}' look the same" in text(response)
    assert snapshot() == before


@pytest.mark.parametrize("name", IGNORABLE)
def test_the_new_game_form_refuses_a_default_ignorable_character(client, name):
    before = snapshot()
    response = new_game(client, name, "Zed")
    assert response.status_code == 422
    assert "is invisible or turns the text around" in text(response)
    assert snapshot() == before


def test_the_new_game_form_refuses_three_names_drawn_alike(client):
    response = new_game(client, "Ann", CYRILLIC_ANN, "Ann\u17b4")
    assert response.status_code == 422
    page = text(response)
    assert "look the same" in page and "U+17B4" in page
    assert Game.objects.count() == 0


@pytest.mark.parametrize("other", [CYRILLIC_ANN, GREEK_ANN])
def test_the_import_refuses_a_lookalike_of_another_alphabet_naming_both(client, other):
    data = {**worked_record(), "players": ["Andy", "Mark", "Ann", other], "hands": []}
    response = upload(client, data)
    assert response.status_code == 400
    assert f"'Ann' and '{other}' look the same" in text(response)
    assert Game.objects.count() == 0


@pytest.mark.parametrize("name", IGNORABLE)
def test_the_import_refuses_a_default_ignorable_character(client, name):
    response = upload(client, {**worked_record(), "players": ["Andy", name], "hands": []})
    assert response.status_code == 400
    assert "invisible or turns the text around" in text(response)
    assert Game.objects.count() == 0


@pytest.mark.parametrize("name", [CYRILLIC_ANN, GREEK_ANN, "Ann\u180b", "Ann\u17b4"])
def test_a_club_refuses_a_regular_drawn_like_one_it_has(organiser, name):
    club, client = organiser
    before = snapshot()
    response = client.post(
        f"/clubs/{club.slug}/members/", {"action": "add-player", "player-name": name}
    )
    assert response.status_code == 400
    page = text(response)
    assert f"'Ann' and '{name}' look the same" in page or "invisible" in page
    assert snapshot() == before


def test_a_club_refuses_two_new_regulars_drawn_alike(organiser):
    club, client = organiser
    names = "Eve\n\u0415ve"  # the second with a Cyrillic E
    response = client.post(
        f"/clubs/{club.slug}/members/", {"action": "add-player", "player-name": names}
    )
    assert response.status_code == 400
    assert "look the same" in text(response)
    assert not club.players.filter(name="Eve").exists()


def test_a_club_game_refuses_seats_of_other_alphabets_drawn_alike(organiser):
    club, client = organiser
    data = {"title": "", "preset": "british", "seat_1": "Ann", "seat_2": GREEK_ANN}
    response = client.post(f"/clubs/{club.slug}/games/new/", data)
    assert response.status_code == 400
    assert f"'Ann' and '{GREEK_ANN}' look the same" in text(response)


@pytest.mark.parametrize("title", ["Friday \u202enight", "Friday\u200b", "Friday \u17b4"])
def test_a_games_title_refuses_bidi_and_invisible_characters(client, organiser, title):
    club, organiser_client = organiser
    before = snapshot()
    form = client.post(
        "/new/",
        {
            "player_1": "Ann",
            "player_2": "Bob",
            "title": title,
            "preset": "british",
            "currency": "GBP",
            "seating": "typed",
        },
    )
    imported = upload(client, {**worked_record(), "title": title})
    data = {"title": title, "preset": "british", "seat_1": "Ann", "seat_2": "Bob"}
    club_game = organiser_client.post(f"/clubs/{club.slug}/games/new/", data)
    assert (form.status_code, imported.status_code, club_game.status_code) == (422, 400, 400)
    for response in (form, imported, club_game):
        assert "a game's title is letters" in text(response).lower()
    assert snapshot() == before
