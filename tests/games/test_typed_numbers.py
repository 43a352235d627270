"""Numbers as people type them (games/typed_numbers.py): digits with the page's decimal and
grouping marks ("1 000,50" in Swedish, "1,000.50" in English); no exponent, NaN, Infinity or
more decimals than the currency has (issue 24)."""

import html
from decimal import Decimal

import pytest
from django.utils import formats, translation
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_ledger.clubs.models import Tournament
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.typed_numbers import read_number
from kalooki_ledger.rules.errors import RecordError
from kalooki_ledger.rules.money import PLAIN_AMOUNT, parse_amount
from tests.clubs.factories import make_club, make_players
from tests.games.web import new_game_form

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
REFUSED_ANYWHERE = ["1e3", "1E3", "NaN", "nan", "Infinity", "-Infinity", "1_000", "+5", "0x10"]


@pytest.mark.parametrize(
    ("language", "typed", "plain", "places"),
    [
        ("sv", "1 000", "1000", 0),
        ("sv", "1\u00a0000", "1000", 0),
        ("sv", "1\u202f000", "1000", 0),
        ("sv", "1 000,50", "1000.50", 2),
        ("sv", "0,50", "0.50", 2),
        ("sv", "0.50", "0.50", 2),  # a phone keypad that offers only a point
        ("sv", "1,005", "1.005", 3),
        ("en-gb", "1,000", "1000", 0),
        ("en-gb", "1,000.50", "1000.50", 2),
        ("en-gb", "0.50", "0.50", 2),
        ("en-gb", " 12 ", "12", 0),
    ],
)
def test_it_reads_digits_with_the_languages_marks(language, typed, plain, places):
    with translation.override(language):
        read = read_number(typed)
    assert read is not None and (read.plain, read.places) == (plain, places)


@pytest.mark.parametrize("language", ["sv", "en-gb"])
@pytest.mark.parametrize("typed", [*REFUSED_ANYWHERE, "", "1 00", "\u0661\u0662", "\u00b2", "1..5"])
def test_it_refuses_anything_but_digits_and_the_languages_marks(language, typed):
    with translation.override(language):
        assert read_number(typed) is None


@pytest.mark.parametrize(
    ("language", "typed"), [("en-gb", "1 000"), ("en-gb", "0,50"), ("sv", "1,000.50")]
)
def test_another_languages_marks_are_refused(language, typed):
    with translation.override(language):
        assert read_number(typed) is None


@pytest.mark.parametrize("value", ["1e3", "NaN", "Infinity", "1_000", "+5", " 1E+3 "])
def test_the_engine_reads_a_records_amount_only_as_digits_and_a_point(value):
    with pytest.raises(RecordError) as raised:
        parse_amount(value, "the stake", "GBP")
    assert raised.value.problem.code == "amount-not-number"


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


@pytest.mark.django_db
@pytest.mark.parametrize("typed", REFUSED_ANYWHERE)
@pytest.mark.parametrize("headers", [SWEDISH, ENGLISH])
def test_new_game_refuses_a_stake_written_as_no_person_types_money(client, typed, headers):
    response = client.post("/new/", new_game_form("Ann", "Bob", initial=typed), headers=headers)
    assert response.status_code == 422
    page = text(response)
    assert f"inte ”{typed}”" in page or f"not '{typed}'" in page
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_a_stake_of_1e3_is_no_thousand(client):
    response = client.post("/new/", new_game_form("Ann", "Bob", call_up="1e3"))
    assert response.status_code == 422
    assert "the call_up stake must be an amount such as" in text(response).lower()
    assert not Game.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("space", [" ", "\u00a0", "\u202f"])
def test_a_swedish_thousands_space_is_read(client, space):
    form = new_game_form("Ann", "Bob", currency="SEK", initial=f"1{space}000", buy_in="2 500,50")
    response = client.post("/new/", form, headers=SWEDISH)
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.initial, game.buy_in) == (Decimal("1000"), Decimal("2500.50"))


@pytest.mark.django_db
def test_english_reads_a_thousands_comma_and_refuses_a_thousands_space(client):
    refused = client.post("/new/", new_game_form("Ann", "Bob", initial="1 000"), headers=ENGLISH)
    assert refused.status_code == 422
    response = client.post("/new/", new_game_form("Ann", "Bob", initial="1,000"), headers=ENGLISH)
    assert response.status_code == 302
    assert Game.objects.get().initial == Decimal("1000")


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["1,005", "1,500", "0,125"])
def test_more_decimals_than_the_currency_has_are_refused_in_swedish(client, typed):
    form = new_game_form("Ann", "Bob", currency="SEK", initial=typed)
    response = client.post("/new/", form, headers=SWEDISH)
    assert response.status_code == 422
    assert "i SEK kan ha högst 2 decimaler" in text(response)
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_a_currency_without_decimals_refuses_any(client):
    form = new_game_form("Ann", "Bob", currency="JPY", call_up="10", kalookie="20", buy_in="50")
    response = client.post("/new/", {**form, "initial": "100.0"})
    assert response.status_code == 422
    assert "The initial stake in JPY can have no decimal places" in text(response)


@pytest.mark.django_db
def test_points_are_whole_numbers_in_the_languages_marks(client):
    for typed in ("1e3", "150.5", "1_000", "NaN"):
        response = client.post("/new/", new_game_form("Ann", "Bob", limit=typed), headers=SWEDISH)
        assert response.status_code == 422, typed
        assert "Fyll i ett heltal" in text(response)
    assert not Game.objects.exists()
    response = client.post("/new/", new_game_form("Ann", "Bob", limit="1 000"), headers=SWEDISH)
    assert response.status_code == 302
    assert Game.objects.get().ledger().game.rules.limit == 1000


@pytest.fixture
def organiser(client):
    club = make_club("Friday Club", "friday", fran="organiser")
    club.currency = "SEK"
    club.save()
    client.force_login(club.memberships.get(role="organiser").user)
    client.cookies["django_language"] = "sv"
    people = make_players(club, " ".join(f"P{n}" for n in range(16)))
    return {"name": "Open", "players": [p.pk for p in people]}


@pytest.mark.django_db
@pytest.mark.parametrize(("typed", "said"), [("1e3", "Skriv"), ("NaN", "Skriv"), ("7,505", "2")])
def test_a_tournaments_fee_refuses_what_no_person_types_as_money(client, organiser, typed, said):
    data = {**organiser, "entry_fee": typed, "buy_in": "5"}
    response = client.post("/clubs/friday/tournaments/new/", data)
    assert response.status_code == 400
    assert said in text(response)
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_tournaments_fee_reads_a_swedish_thousands_space(client, organiser):
    data = {**organiser, "entry_fee": "1 000", "buy_in": "2\u00a0500,50"}
    client.post("/clubs/friday/tournaments/new/", data)
    tournament = Tournament.objects.get()
    assert (tournament.entry_fee, tournament.buy_in) == (Decimal("1000"), Decimal("2500.50"))


@settings(max_examples=200, deadline=None)
@given(
    value=st.decimals(min_value=0, max_value=10**9, places=2, allow_nan=False),
    language=st.sampled_from(["sv", "en-gb"]),
)
def test_an_amount_written_as_the_language_writes_it_reads_back(value, language):
    with translation.override(language):
        written = formats.number_format(value, 2, force_grouping=True)
        read = read_number(written)
    assert read is not None and Decimal(read.plain) == value and read.places == 2


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=12), language=st.sampled_from(["sv", "en-gb"]))
def test_whatever_is_read_is_a_plain_finite_amount(text, language):
    with translation.override(language):
        read = read_number(text)
    if read is not None:
        assert PLAIN_AMOUNT.fullmatch(read.plain) and Decimal(read.plain).is_finite()
