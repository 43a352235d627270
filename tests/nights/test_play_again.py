"""Play again is a night: "New game with the same players" from a game in no night puts both
games into one night of a group (made on the spot, or the players' own group on this phone);
a group gives every game of its nights its stakes and each regular's pay handle."""

import html
import secrets

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.games.handles import SetHandle
from kalooki_ledger.games.models import Game
from kalooki_ledger.nights.commands import StartNight
from kalooki_ledger.nights.group_settings import SetGroupHandle
from kalooki_ledger.nights.models import Group, Night
from tests.games.web import new_game_form, stored_game
from tests.nights.factories import group, sent

pytestmark = pytest.mark.django_db


def again(client, game: Game, *names: str, key: str | None = None, **fields):
    data = new_game_form(*names, again=game.edit_token, key=key or secrets.token_urlsafe(12))
    data.update(fields)
    return client.post("/new/", data)


def test_play_again_from_a_game_in_no_night_puts_both_games_into_a_new_night(client):
    first = stored_game("Ann Bob Cy")
    page = client.get(f"/new/?again={first.edit_token}").content.decode()
    assert 'name="as_night" value="1" checked' in page
    assert 'name="group_name" value="Ann, Bob and Cy"' in page
    response = again(client, first, "Bob", "Cy", "Ann", as_night="1", group_name="Fredagsgänget")
    assert response.status_code == 302
    made = Night.objects.get()
    assert (made.group.name, made.group.regulars) == ("Fredagsgänget", ["Ann", "Bob", "Cy"])
    assert [g.pk for g in made.games()] == [first.pk, Game.objects.latest("pk").pk]
    assert made.group.stakes["kalookie"] == "0.20" and made.group.currency == "GBP"
    table = client.get(response["Location"]).content.decode()
    assert "The night: Fredagsgänget · night 1" in table


def test_play_again_unticked_starts_the_game_alone(client):
    first = stored_game("Ann Bob Cy")
    assert again(client, first, "Bob", "Cy", "Ann", group_name="Ours").status_code == 302
    assert Game.objects.count() == 2 and not Night.objects.exists() and not Group.objects.exists()


def test_a_group_name_of_nothing_starts_nothing_and_says_what_a_name_is(client):
    first = stored_game("Ann Bob Cy")
    response = again(client, first, "Bob", "Cy", "Ann", as_night="1", group_name="  ")
    assert response.status_code == 422
    assert "A group's name can't be empty" in html.unescape(response.content.decode())
    assert Game.objects.count() == 1 and not Night.objects.exists()


def test_the_same_form_sent_twice_makes_one_game_one_group_and_one_night(client):
    first = stored_game("Ann Bob Cy")
    key = secrets.token_urlsafe(12)
    for _ in range(2):
        again(client, first, "Bob", "Cy", "Ann", key=key, as_night="1", group_name="Ours")
    assert (Game.objects.count(), Group.objects.count(), Night.objects.count()) == (2, 1, 1)


def test_players_who_are_a_group_on_this_phone_play_a_new_night_of_it(client):
    friends = group("Fredagsgänget", regulars=("Ann", "Bob", "Cy", "Dee"), currency="GBP")
    client.get(friends.get_absolute_url())  # the phone has opened the group
    first = stored_game("Ann Bob Cy")
    page = client.get(f"/new/?again={first.edit_token}").content.decode()
    assert "A new night of your group Fredagsgänget" in page
    again(client, first, "Bob", "Cy", "Ann", as_night="1")
    assert Group.objects.get() == friends
    assert friends.nights.get().night_games.count() == 2


def test_a_group_unknown_to_this_phone_is_never_joined(client):
    group("Strangers", regulars=("Ann", "Bob", "Cy"), currency="GBP")
    first = stored_game("Ann Bob Cy")
    again(client, first, "Bob", "Cy", "Ann", as_night="1", group_name="Ours")
    assert Night.objects.get().group.name == "Ours"


def test_a_new_nights_first_game_has_the_groups_stakes_and_every_regulars_handle(client):
    first = stored_game("Ann Bob Cy", stakes={"currency": "SEK", "call_up": "1", "kalookie": "2"})
    outcome = commands.apply(
        first, sent(first.version), SetHandle(first, "Ann", "swish", "070 123 45 67")
    )
    assert outcome.applied, outcome.notice
    sek = {"currency": "SEK", "call_up": "1", "kalookie": "2", "initial": "5", "buy_in": "5"}
    response = again(
        client, first, "Bob", "Cy", "Ann", as_night="1", group_name="Fredagsgänget", **sek
    )
    assert response.status_code == 302  # a game in the night's currency: both games join it
    friends = Group.objects.get()
    assert friends.nights.get().night_games.count() == 2
    assert friends.pay_handles == {"Ann": ["swish", "0701234567"]}
    outcome = commands.apply(
        friends, sent(friends.version), SetGroupHandle("Bob", "swish", "0709876543")
    )
    assert outcome.applied, outcome.notice
    second = commands.apply(None, sent(), StartNight(friends.pk)).made
    page = client.get(f"/new/?night={second.edit_token}").content.decode()
    assert 'name="kalookie" value="2.00"' in page and 'value="SEK"' in page
    data = new_game_form("Ann", "Bob", "Cy", night=second.edit_token, key=secrets.token_urlsafe(12))
    data.update(currency="SEK", call_up="1", kalookie="2", initial="5", buy_in="5")
    assert client.post("/new/", data).status_code == 302
    game = second.games()[0]
    assert game.pay_handles == {"Ann": ["swish", "0701234567"], "Bob": ["swish", "0709876543"]}


def test_a_regulars_handle_the_service_cant_take_is_refused_with_the_services_it_can(client):
    friends = group("Friday", regulars=("Ann",), currency="GBP")
    outcome = commands.apply(friends, sent(friends.version), SetGroupHandle("Ann", "swish", "07"))
    assert outcome.verdict is commands.Verdict.REFUSED and "choose one of" in outcome.notice
    friends.refresh_from_db()
    assert friends.pay_handles == {}


def test_a_night_taken_apart_by_taking_a_game_out(client):
    first = stored_game("Ann Bob Cy")
    again(client, first, "Bob", "Cy", "Ann", as_night="1", group_name="Ours")
    made = Night.objects.get()
    page = client.get(made.get_absolute_url()).content.decode()
    assert page.count("Take it out of this night") == 2
    response = client.post(
        f"/nights/n/{made.edit_token}/games/",
        {
            "version": made.version,
            "key": secrets.token_urlsafe(12),
            "game": first.edit_token,
            "action": "out",
        },
    )
    assert response.status_code == 302 and made.night_games.count() == 1


def test_play_again_with_a_game_the_night_refuses_starts_nothing_and_says_why(client):
    first = stored_game("Ann Bob Cy")  # in GBP: the new night settles in GBP
    response = again(
        client, first, "Bob", "Cy", "Ann", as_night="1", group_name="Ours", currency="SEK"
    )
    assert response.status_code == 422
    said = html.unescape(response.content.decode())
    assert "a night settles in one currency" in said
    assert Game.objects.count() == 1 and not Night.objects.exists()


def test_of_two_groups_on_this_phone_that_hold_the_players_the_newest_plays_the_night(client):
    for name in ("Older", "Newer"):
        made = group(name, regulars=("Ann", "Bob", "Cy"), currency="GBP")
        client.get(made.get_absolute_url())
    first = stored_game("Ann Bob Cy")
    page = client.get(f"/new/?again={first.edit_token}").content.decode()
    assert "A new night of your group Newer" in page
    again(client, first, "Bob", "Cy", "Ann", as_night="1")
    assert Night.objects.get().group.name == "Newer"
