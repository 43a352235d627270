"""A club's currency, stakes and rules: set once in its settings, used by its games and pages."""

import re
from decimal import Decimal

import pytest

from kalooki_ledger.clubs.models import Tournament
from tests.clubs.factories import club_game, in_pounds, login, make_players, short_game
from tests.clubs.test_club_pages import settings_post
from tests.helpers import pdf_text

pytestmark = pytest.mark.django_db


def gbp(club, **stakes):
    """The club at these tests' stakes in pounds, with any of them changed."""
    in_pounds(club, **{"call_up": "0.10", "kalookie": "0.20", "initial": "0.50", **stakes})


def test_the_organiser_sets_the_clubs_currency_stakes_and_limit(client, friday):
    login(client, friday, "organiser")
    response = settings_post(
        client,
        currency="gbp",
        call_up="0.10",
        kalookie="0.20",
        initial="0.50",
        buy_in="0.50",
        limit="200",
    )
    assert response.status_code == 302
    friday.refresh_from_db()
    assert (friday.currency, friday.call_up, friday.limit) == ("GBP", Decimal("0.10"), 200)


def test_stakes_the_engine_refuses_are_refused_with_its_reason(client, friday):
    login(client, friday, "organiser")
    response = settings_post(client, currency="GBP", call_up="0.125")
    assert response.status_code == 400
    assert "at most 2 decimal places" in response.content.decode()
    friday.refresh_from_db()
    assert friday.currency == "units"


def test_a_club_game_starts_with_the_clubs_stakes_rules_and_date(client, friday):
    gbp(friday, buy_in="0.50")
    friday.limit = 200
    friday.save()
    login(client, friday, "scorer")
    client.post(
        "/clubs/friday/games/new/",
        {"title": "Side table", "preset": "british", "seat_1": "Ann", "seat_2": "Bea"},
    )
    game = friday.club_games.get().game
    record = game.to_record()
    assert record.game.stakes.currency == "GBP" and record.game.stakes.call_up == Decimal("0.1")
    assert record.game.rules.limit == 200
    assert game.played_on is not None


def test_drawing_the_seats_keeps_the_same_players(client, friday):
    login(client, friday, "scorer")
    names = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo"]
    data = {"preset": "british", "draw": "on", **{f"seat_{n}": v for n, v in enumerate(names, 1)}}
    client.post("/clubs/friday/games/new/", data)
    players = friday.club_games.get().game.to_record().game.players
    assert sorted(players) == sorted(names)


def test_the_start_form_shows_the_clubs_table(client, friday):
    gbp(friday, buy_in="0.50")
    login(client, friday, "scorer")
    page = client.get("/clubs/friday/games/new/").content.decode()
    assert "call-up £0.10, kalookie £0.20, initial £0.50, buy-in £0.50" in page
    assert "Draw the seats" in page


@pytest.mark.parametrize(("language", "word"), [("en", "units"), ("sv", "marker")])
def test_a_club_in_units_shows_its_currency_in_the_pages_language_and_still_plays_in_units(
    client, friday, language, word
):
    login(client, friday, "scorer")
    client.cookies["django_language"] = language
    page = client.get("/clubs/friday/games/new/").content.decode()
    field = re.search(r'<input[^>]*name="currency"[^>]*>', page).group(0)
    assert f'value="{word}"' in field and "disabled" in field
    data = {"seat_1": "Ann", "seat_2": "Bea"}
    assert client.post("/clubs/friday/games/new/", data).status_code == 302
    assert friday.club_games.get().game.to_record().game.stakes.currency == "units"


def test_a_tournament_takes_the_clubs_currency(client, friday):
    gbp(friday)
    people = make_players(friday, " ".join(f"P{n}" for n in range(16)))
    login(client, friday, "organiser")
    data = {"name": "Open", "entry_fee": "5", "buy_in": "5", "players": [p.pk for p in people]}
    client.post("/clubs/friday/tournaments/new/", data)
    page = client.get(Tournament.objects.get().get_absolute_url()).content.decode()
    assert "£80.00" in page


def test_a_tournaments_fees_are_typed_on_a_decimal_keypad_and_take_a_swedish_comma(client, friday):
    gbp(friday)
    people = make_players(friday, " ".join(f"P{n}" for n in range(16)))
    login(client, friday, "organiser")
    client.cookies["django_language"] = "sv"
    page = client.get("/clubs/friday/tournaments/new/").content.decode()
    fee = re.search(r'<input[^>]*name="entry_fee"[^>]*>', page).group(0)
    assert 'type="text"' in fee and 'inputmode="decimal"' in fee
    data = {"name": "Open", "entry_fee": "7,50", "buy_in": "2,5", "players": [p.pk for p in people]}
    client.post("/clubs/friday/tournaments/new/", data)
    tournament = Tournament.objects.get()
    assert (tournament.entry_fee, tournament.buy_in) == (Decimal("7.50"), Decimal("2.50"))


def test_the_season_table_writes_every_net_one_way(client, friday):
    gbp(friday)
    stakes = {"currency": "GBP", "call_up": "0.10", "kalookie": "0.20", "initial": "0.50"}
    club_game(friday, short_game(["Ann", "Bea", "Cy"], "Ann", stakes=stakes))
    club_game(friday, short_game(["Ann", "Bea", "Di"], "Di", stakes=stakes))
    login(client, friday, "member")
    page = client.get("/clubs/friday/").content.decode()
    table = page[page.index("<tbody>") : page.index("</tbody>")]
    nets = [cell.split("</td>")[0] for cell in table.split('">')[1:] if "£" in cell]
    assert nets and all(n.startswith(("+£", "-£", "£")) and "." in n for n in nets)
    assert 'up">£0.00' not in table  # a zero is not coloured as a win


def test_a_net_of_zero_is_written_plainly_and_coloured_neither_way(client, friday):
    gbp(friday)
    club_game(friday, short_game(["Eve", "Fay"], "Eve", stakes={"currency": "GBP"}))
    login(client, friday, "member")
    page = client.get("/clubs/friday/").content.decode()
    eve = page[page.index(">Eve</a>") :].split("</tr>")[0]
    assert '<td class="money">£0.00</td>' in eve and ' up"' not in eve
    person = client.get(friday.players.get(name="Eve").get_absolute_url()).content.decode()
    assert '<td class="money">£0.00</td>' in person and 'class="dot even"' in person
    assert 'class="dot up"' not in person


def test_the_start_form_offers_the_clubs_stakes_and_rules_to_change_for_one_game(client, friday):
    gbp(friday, buy_in="0.50")
    friday.limit = 200
    friday.save()
    login(client, friday, "scorer")
    page = client.get("/clubs/friday/games/new/").content.decode()
    assert 'name="currency" value="GBP"' in page and 'name="call_up" value="0.10"' in page
    assert 'name="limit" value="200"' in page and 'name="max_buy_ins"' in page
    checked = re.findall(r'name="preset" value="([\w-]+)"[^>]* checked', page)
    assert checked == ["british"]


def test_a_game_may_change_the_clubs_stakes_and_rules_for_itself_alone_not_its_currency(
    client, friday
):
    gbp(friday, buy_in="0.50")
    login(client, friday, "scorer")
    data = {"preset": "british", "seat_1": "Ann", "seat_2": "Bea", "currency": "EUR"}
    data |= {"call_up": "0.25", "kalookie": "0.50", "initial": "1", "buy_in": "1"}
    data |= {"limit": "250", "max_buy_ins": "1"}
    assert client.post("/clubs/friday/games/new/", data).status_code == 302
    game = friday.club_games.get().game.to_record().game
    assert (game.stakes.currency, game.stakes.call_up, game.stakes.initial) == (
        "GBP",  # the club's currency stays: its season adds up in one
        Decimal("0.25"),
        Decimal(1),
    )
    assert (game.rules.limit, game.rules.max_buy_ins) == (250, 1)
    friday.refresh_from_db()
    assert (friday.currency, friday.call_up, friday.limit) == ("GBP", Decimal("0.10"), None)


def test_a_stake_the_engine_refuses_is_shown_beside_its_field_and_starts_nothing(client, friday):
    login(client, friday, "scorer")
    data = {"preset": "british", "seat_1": "Ann", "seat_2": "Bea", "currency": "GBP"}
    response = client.post("/clubs/friday/games/new/", data | {"call_up": "0.125"})
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="id_call_up_error"' in page and '<details class="game-table" open>' in page
    assert not friday.club_games.exists()


def test_the_clubs_own_rules_start_its_games_and_head_its_sheet(client, friday):
    login(client, friday, "organiser")
    response = settings_post(client, limit="200", out_at="reach", max_buy_ins="1")
    assert response.status_code == 302
    friday.refresh_from_db()
    assert friday.limit == 200 and friday.rule_overrides == {"out_at": "reach", "max_buy_ins": 1}
    page = client.get("/clubs/friday/members/").content.decode()
    assert re.search(r'<option value="1" selected>', page)  # the settings show them again
    start = client.get("/clubs/friday/games/new/").content.decode()
    assert re.search(r'<option value="reach" selected>', start)
    client.post("/clubs/friday/games/new/", {"seat_1": "Ann", "seat_2": "Bea"})
    rules = friday.club_games.get().game.to_record().game.rules
    assert (rules.limit, rules.out_at, rules.max_buy_ins) == (200, "reach", 1)
    pdf = client.get("/clubs/friday/sheet/", {"seats": 4, "paper": "a4"}).content
    text = pdf_text(pdf)
    assert "Limit: out on reaching 200" in text and "Buy-ins: 1 buy-in each" in text


def test_a_rule_the_engine_refuses_keeps_the_old_settings(client, friday):
    login(client, friday, "organiser")
    response = settings_post(client, preset="north-american", target="0")
    assert response.status_code == 400
    friday.refresh_from_db()
    assert friday.preset == "british" and friday.rule_overrides == {}
