"""Pay links: handles checked per service, links in each service's documented format, amounts
exact to the cent, and handles kept out of every watch-only export."""

import re
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from kalooki_ledger.games import store
from kalooki_ledger.games.models import Change, Game
from kalooki_ledger.games.present import paylinks
from tests.games.web import GBP, stored_game, worked_hands
from tests.helpers import pdf_text


def worked_in(currency: str) -> Game:
    """The worked sheet's five hands, played for the stakes of GBP in `currency`."""
    return stored_game(hands=worked_hands(), stakes={**GBP, "currency": currency})


def handle_url(game: Game) -> str:
    return reverse("games:pay_handle", args=[game.edit_token])


def johns_handle(client, game: Game, service: str, handle: str):
    """John's handle posted from the settle-up form of the page showing `game`."""
    post = {"player": "John", "service": service, "handle": handle, "version": game.version}
    return client.post(handle_url(game), post)


@pytest.mark.parametrize(
    ("service", "raw", "kept"),
    [
        ("swish", "070-123 45 67", "0701234567"),
        ("swish", "+46 70 123 45 67", "0701234567"),
        ("paypal", "https://paypal.me/MarkJones/", "MarkJones"),
        ("revolut", "@MarkJ", "markj"),
        ("monzo", "monzo.me/mark-jones", "mark-jones"),
        ("venmo", "@Mark-Jones", "Mark-Jones"),
    ],
)
def test_a_handle_is_kept_without_its_service_prefix(service, raw, kept):
    assert paylinks.clean(service, raw) == kept


@pytest.mark.parametrize(
    ("service", "raw"),
    [
        ("swish", "12345"),
        ("swish", "0812345678"),
        ("paypal", "mark jones"),
        ("revolut", "ab"),
        ("monzo", "mark/../x"),
        ("venmo", "abc"),
        ("bitcoin", "anything"),
    ],
)
def test_a_malformed_handle_is_refused(service, raw):
    assert paylinks.clean(service, raw) == ""


def test_each_link_follows_its_services_format_to_the_cent():
    amount, title = Decimal("1.6"), "Friday at Mark's"
    swish = urlsplit(paylinks.link("swish", "0701234567", amount, "SEK", title))
    assert (swish.scheme, swish.netloc, swish.path) == ("https", "app.swish.nu", "/1/p/sw/")
    assert parse_qs(swish.query) == {
        "sw": ["0701234567"],
        "amt": ["1.60"],
        "cur": ["SEK"],
        "msg": [title],
        "src": ["qr"],
    }
    assert paylinks.link("paypal", "Mark", amount, "EUR", title) == (
        "https://www.paypal.me/Mark/1.60EUR"
    )
    assert paylinks.link("revolut", "mark", amount, "EUR", title) == (
        "https://revolut.me/mark/1.60eur"
    )
    assert paylinks.link("monzo", "mark", amount, "GBP", title) == (
        "https://monzo.me/mark/1.60?d=Friday%20at%20Mark%27s"
    )
    venmo = urlsplit(paylinks.link("venmo", "Mark-J", Decimal("12"), "USD", title))
    assert (venmo.netloc, venmo.path) == ("venmo.com", "/Mark-J")
    assert parse_qs(venmo.query) == {"txn": ["pay"], "amount": ["12.00"], "note": [title]}


def test_a_service_that_cannot_take_the_currency_gets_no_link():
    assert paylinks.link("swish", "0701234567", Decimal(1), "GBP", "x") is None
    assert paylinks.link("monzo", "mark", Decimal(1), "EUR", "x") is None
    assert paylinks.link("venmo", "Mark-J", Decimal(1), "GBP", "x") is None
    assert [s.key for s in paylinks.offered("SEK")] == ["swish", "paypal", "revolut"]
    assert paylinks.offered("units") == []


def test_an_amount_the_service_cannot_write_exactly_gets_no_link():
    assert paylinks.link("paypal", "Mark", Decimal("0.125"), "EUR", "x") is None
    assert paylinks.link("paypal", "Mark", Decimal("150.5"), "JPY", "x") is None
    assert paylinks.link("paypal", "Mark", Decimal("150"), "JPY", "x").endswith("/150JPY")


@pytest.mark.django_db
def test_a_scorer_sets_a_handle_and_the_settle_up_links_to_it(client):
    game = worked_in("SEK")
    response = johns_handle(client, game, "swish", "070-123 45 67")
    assert response.status_code == 302
    assert Game.objects.get().pay_handles == {"John": ["swish", "0701234567"]}
    assert Change.objects.get(action="handle").text == "Set John's payment handle (Swish)"
    page = client.get(game.get_absolute_url()).content.decode()
    assert "https://app.swish.nu/1/p/sw/?sw=0701234567&amp;amt=1.60&amp;cur=SEK" in page
    watching = client.get(game.share_url()).content.decode()
    assert "sw=0701234567" in watching


@pytest.mark.django_db
def test_a_malformed_handle_is_refused_with_what_is_allowed_and_changes_nothing(client):
    game = worked_in("SEK")
    response = johns_handle(client, game, "swish", "12345")
    assert response.status_code == 422
    assert "a Swedish mobile number" in response.content.decode()
    assert Game.objects.get().pay_handles == {}
    assert not Change.objects.filter(action="handle").exists()


@pytest.mark.django_db
def test_a_service_that_cannot_take_the_games_money_is_refused(client):
    game = worked_in("GBP")
    response = johns_handle(client, game, "swish", "0701234567")
    assert response.status_code == 422
    assert "PayPal.me, Revolut, Monzo" in response.content.decode()
    assert Game.objects.get().pay_handles == {}


@pytest.mark.django_db
def test_a_handle_is_removed(client):
    game = worked_in("GBP")
    johns_handle(client, game, "monzo", "john")
    client.post(handle_url(game), {"player": "John", "action": "remove", "version": 1})
    assert Game.objects.get().pay_handles == {}
    assert "monzo.me" not in client.get(game.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_handles_never_appear_in_watch_only_exports(client):
    game = worked_in("GBP")
    johns_handle(client, game, "monzo", "johnnyb")
    assert Game.objects.get().pay_handles
    for name in ("sheets:csv", "sheets:json"):
        body = client.get(reverse(name, args=[game.share_token])).content.decode()
        assert "johnnyb" not in body and "monzo" not in body.lower(), name
    printed = pdf_text(client.get(reverse("sheets:pdf", args=[game.share_token])).content)
    assert "John" in printed and "johnnyb" not in printed
    sheet = client.get(reverse("games:watch_sheet", args=[game.share_token])).content
    assert b"johnnyb" not in sheet


@pytest.mark.django_db
def test_the_scorer_may_ask_for_the_handles_in_the_record_export(client):
    game = worked_in("GBP")
    johns_handle(client, game, "monzo", "johnnyb")
    asked = client.get(reverse("sheets:json", args=[game.edit_token]), {"handles": "1"})
    assert asked.json()["pay_handles"] == {"John": ["monzo", "johnnyb"]}
    assert "pay_handles" not in client.get(reverse("sheets:json", args=[game.edit_token])).json()
    watched = client.get(reverse("sheets:json", args=[game.share_token]), {"handles": "1"})
    assert "pay_handles" not in watched.json()


@pytest.mark.django_db
def test_the_scorer_may_print_the_handles_on_the_sheet_and_copy_the_links_in_the_text(client):
    game = worked_in("SEK")
    johns_handle(client, game, "swish", "0701234567")
    pdf = reverse("sheets:pdf", args=[game.edit_token])
    printed = pdf_text(client.get(pdf, {"handles": "1"}).content)
    assert "Swish 070-123 45 67" in printed
    assert "070-123" not in pdf_text(client.get(pdf).content)
    watched = reverse("sheets:pdf", args=[game.share_token])
    assert "070-123" not in pdf_text(client.get(watched, {"handles": "1"}).content)
    page = client.get(game.get_absolute_url()).content.decode()
    text = page.split('id="share-text-paying">')[1].split("</pre>")[0]
    assert (
        "Mark pays John kr 1.60 · https://app.swish.nu/1/p/sw/?sw=0701234567&amp;amt=1.60" in text
    )
    assert "share-text-paying" not in client.get(game.share_url()).content.decode()


@pytest.mark.django_db
def test_a_scorers_export_with_handles_imports_again_keeping_the_good_ones(client):
    game = worked_in("GBP")
    johns_handle(client, game, "monzo", "johnnyb")
    record = client.get(reverse("sheets:json", args=[game.edit_token]), {"handles": "1"}).json()
    record["pay_handles"] |= {"Mark": ["swish", "0701234567"], "Nobody": ["monzo", "x1"]}
    del record["results"]
    again = store.import_record(record)
    assert again.pay_handles == {"John": ["monzo", "johnnyb"]}  # Swish takes no pounds


@pytest.mark.django_db
def test_at_the_settle_up_the_handle_forms_are_the_payees_and_any_handle_given_already(client):
    playing = stored_game(hands=worked_hands()[:2], stakes=GBP)
    assert offered_handles(client, playing) == {"Andy", "Mark", "John", "Frank"}
    game = worked_in("GBP")
    ledger = game.ledger()
    payees = {t.payee for t in ledger.transfers}
    payer = next(name for name in ledger.game.players if name not in payees)
    assert ledger.over and payees and offered_handles(client, game) == payees
    post = {"player": payer, "service": "monzo", "handle": "payer", "version": game.version}
    assert client.post(handle_url(game), post).status_code == 302
    assert offered_handles(client, game) == payees | {payer}  # to change or remove it


def offered_handles(client, game: Game) -> set[str]:
    page = client.get(game.get_absolute_url()).content.decode()
    return set(re.findall(r'class="pay-handle">.*?name="player" value="([^"]+)"', page, re.S))
