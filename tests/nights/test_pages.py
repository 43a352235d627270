"""The night's page, the group's page and a game's pages in a night: thin views over the
commands, every amount from the games' ledgers."""

import re
import secrets
from decimal import Decimal

import pytest
from django.utils import translation

from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Game, HouseRules
from kalooki_ledger.nights.commands import AddGame, TakeOutGame
from kalooki_ledger.nights.models import Group, Night

from .factories import finished, group, night, sent, stopped

pytestmark = pytest.mark.django_db
D = Decimal


def form(row, **values):
    return {"version": str(row.version), "key": secrets.token_urlsafe(12), **values}


def test_the_night_page_shows_each_game_the_totals_and_one_settle_up(client):
    n = night(None, finished(), finished(["Andy", "Mark", "Sue", "Frank"]))
    page = client.get(n.get_absolute_url()).content.decode()
    assert "Friday friends · night 1" in page
    assert page.count('<li class="night-game') == 2
    assert re.search(r'<tr data-player="John">.*?class="money total">\+30<', page, re.S)
    assert re.search(r'<tr data-player="Mark">.*?class="money total">-32<', page, re.S)
    assert page.count("Mark paid") == 0
    assert page.count('name="ticked"') == 4  # the fewest transfers, each with its tick


def test_ticking_a_transfer_records_a_payment_and_settles_the_rest(client):
    n = night(None, finished())
    response = client.post(
        f"/nights/n/{n.edit_token}/pay/",
        form(n, payer="Mark", payee="John", amount="16", ticked="1"),
    )
    assert response.status_code == 302
    page = client.get(n.get_absolute_url()).content.decode()
    assert "Mark paid John 16" in page
    assert page.count('name="ticked"') == 2


def test_a_stale_tick_is_refused_with_409_and_the_night_as_it_is(client):
    n = night(None, finished())
    response = client.post(
        f"/nights/n/{n.edit_token}/pay/",
        form(n, payer="John", payee="Mark", amount="16", ticked="1"),
    )
    assert response.status_code == 409
    assert "settle-up changed" in response.content.decode()


def test_a_game_in_a_night_says_its_money_is_settled_with_the_night(client):
    game = finished()
    n = night(None, game)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "settled with the night" in page
    assert n.get_absolute_url() in page
    assert f"night={n.edit_token}" in page  # Play again keeps the night
    assert 'name="paid"' not in page  # no payments of its own
    watching = client.get(game.share_url()).content.decode()
    assert n.share_url() in watching and n.edit_token not in watching


def test_a_watching_phone_that_kept_the_page_sees_the_game_join_and_leave_a_night(client):
    game = finished()
    before = client.get(game.share_url())
    n = night(None)
    commands.apply(n, sent(n.version), AddGame(game.pk))
    joined = client.get(game.share_url(), HTTP_IF_NONE_MATCH=before["ETag"])
    assert joined.status_code == 200  # not 304: its settle-up is the night's now
    assert "settled with the night" in joined.content.decode()
    n.refresh_from_db()
    commands.apply(n, sent(n.version), TakeOutGame(game.pk))
    left = client.get(game.share_url(), HTTP_IF_NONE_MATCH=joined["ETag"])
    assert left.status_code == 200
    assert "settled with the night" not in left.content.decode()
    assert Game.objects.get(pk=game.pk).version == game.version  # its commands' clock stays


def test_play_again_keeps_the_new_game_in_the_night(client):
    first = finished()
    n = night(None, first)
    data = {
        "player_1": "Mark",
        "player_2": "John",
        "player_3": "Frank",
        "player_4": "Andy",
        "preset": "british",
        "seating": "typed",
        "currency": "units",
        "initial": "5",
        "buy_in": "5",
        "call_up": "1",
        "kalookie": "2",
        "key": secrets.token_urlsafe(12),
        "night": n.edit_token,
    }
    response = client.post("/new/", data)
    assert response.status_code == 302
    new = Game.objects.exclude(pk=first.pk).get()
    assert list(n.night_games.values_list("game_id", flat=True)) == [first.pk, new.pk]


def test_carrying_on_opens_the_next_night_with_its_opening_balances(client):
    g = group()
    n = night(g, stopped("refund"), finished())
    response = client.post(f"/nights/n/{n.edit_token}/close/", form(n, action="carry"))
    following = Night.objects.get(group=g, number=2)
    assert response["Location"] == following.get_absolute_url()
    page = client.get(following.get_absolute_url()).content.decode()
    assert "Carried in" in page and "Opening balances carried in from night 1" in page


def test_the_group_page_shows_balances_payments_nights_and_the_seasons_statistics(client):
    g = group()
    n = night(g, finished(), finished())
    client.post(
        f"/nights/n/{n.edit_token}/pay/",
        form(n, payer="Mark", payee="John", amount="32", ticked="1"),
    )
    page = client.get(g.get_absolute_url()).content.decode()
    assert "Mark paid John 32" in page
    john = r'<tr data-player="John">\s*<th scope="row">John</th>\s*<td>2</td><td>2</td>'
    assert re.search(john, page)
    assert "<svg" in page  # the season's chart
    assert re.search(r'data-player="Andy">Andy <strong>-14<', page)


def test_a_group_starts_with_its_regulars_and_takes_one_more(client):
    response = client.post(
        "/nights/groups/new/",
        {
            "name": "Friday",
            "currency": "GBP",
            "regulars": "Ann\nBob\n",
            "key": secrets.token_urlsafe(12),
        },
    )
    g = Group.objects.get()
    assert response["Location"] == g.get_absolute_url()
    assert (g.currency, g.regulars) == ("GBP", ["Ann", "Bob"])
    client.post(g.get_absolute_url(), form(g, name="Cat"))
    g.refresh_from_db()
    assert g.regulars == ["Ann", "Bob", "Cat"]


def test_the_night_reads_in_swedish(client):
    n = night(None, finished())
    client.cookies["django_language"] = "sv"
    page = client.get(n.get_absolute_url(), headers={"accept-language": "sv"}).content.decode()
    translation.activate("en")
    assert "Friday friends · kväll 1" in page and "Gör upp" in page


def test_a_nights_first_game_offers_the_groups_regulars(client):
    n = night(group(regulars=["Ann", "Bob", "Cat"]))
    page = client.get(f"/new/?night={n.edit_token}").content.decode()
    assert 'value="Ann"' in page and 'value="Cat"' in page
    assert f'name="night" value="{n.edit_token}"' in page


def test_a_night_is_on_the_phones_list_and_its_watch_link_only_reads(client):
    n = night(None, finished())
    client.get(n.get_absolute_url())
    home = client.get("/").content.decode()
    assert n.get_absolute_url() in home and "Start a home group" in home
    watching = client.get(n.share_url()).content.decode()
    assert "Tick as paid" not in watching and n.edit_token not in watching
    assert "<svg" in watching  # the watch link's QR code


def test_a_game_in_another_currency_is_refused_on_the_page_with_why(client):
    n = night(None)
    game = finished(currency="GBP")
    response = client.post(f"/nights/n/{n.edit_token}/games/", form(n, game=game.edit_token))
    assert response.status_code == 422
    assert "a night settles in one currency" in response.content.decode()
    assert not n.night_games.exists()


def test_a_game_taken_out_of_the_night_settles_on_its_own_again(client):
    game = finished()
    n = night(None, game)
    response = client.post(
        f"/nights/n/{n.edit_token}/games/", form(n, game=game.edit_token, action="out")
    )
    assert response.status_code == 302
    page = client.get(game.get_absolute_url()).content.decode()
    assert "settled with the night" not in page and 'name="paid"' in page


def test_a_group_keeps_house_rules_and_offers_them_with_its_regulars(client):
    from tests.games.web import house_post

    client.post("/rules/new/", house_post())
    house = HouseRules.objects.get()
    client.post(
        "/nights/groups/new/",
        {
            "name": "Friday",
            "regulars": "Ann\nBob",
            "house": house.token,
            "key": secrets.token_urlsafe(12),
        },
    )
    g = Group.objects.get()
    assert (g.currency, g.preset, g.stakes["per_point"]) == ("GBP", "north-american", "0.01")
    n = night(g)
    page = client.get(f"/new/?night={n.edit_token}").content.decode()
    assert re.search(r'value="north-american" id="[^"]+" required checked', page)
    assert re.search(r'name="per_point" value="0.01"', page)
    assert 'value="Ann"' in page
