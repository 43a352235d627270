"""Paying the settle-up of a finished game through each service's pay link, on a phone in
English and in Swedish: the scorer gives the payee's handle, the payer taps the link (the
service's site is stood in for, the URL it was asked for checked against the service's
documented format, the amount to the cent), the transfer is ticked and a watcher sees it paid."""

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import new_phone, shoot
from tests.games.web import GBP, stored_game, worked_hands

pytestmark = pytest.mark.browser

TITLE = "Friday at Mark's"


def swish(url: str) -> None:
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.swish.nu", "/1/p/sw/")
    query = parse_qs(parts.query)
    assert query == {
        "sw": ["0701234567"],
        "amt": ["1.60"],
        "cur": ["SEK"],
        "msg": [TITLE],
        "src": ["qr"],
    }


def paypal(url: str) -> None:
    assert url == "https://www.paypal.me/JohnSmith/1.60EUR"


def revolut(url: str) -> None:
    assert url == "https://revolut.me/johns/1.60eur"


def monzo(url: str) -> None:
    parts = urlsplit(url)
    assert (parts.netloc, parts.path) == ("monzo.me", "/johnsmith/1.60")
    assert parse_qs(parts.query) == {"d": [TITLE]}


def venmo(url: str) -> None:
    parts = urlsplit(url)
    assert (parts.netloc, parts.path) == ("venmo.com", "/John-Smith")
    assert parse_qs(parts.query) == {"txn": ["pay"], "amount": ["1.60"], "note": [TITLE]}


CASES = [
    ("swish", "SEK", "070-123 45 67", "https://app.swish.nu/**", swish),
    ("paypal", "EUR", "paypal.me/JohnSmith", "https://www.paypal.me/**", paypal),
    ("revolut", "EUR", "@johns", "https://revolut.me/**", revolut),
    ("monzo", "GBP", "monzo.me/johnsmith", "https://monzo.me/**", monzo),
    ("venmo", "USD", "@John-Smith", "https://venmo.com/**", venmo),
]
WORDS = {
    "en-GB": {"save": "Save handle", "paid": "paid", "pay": "Pay with"},
    "sv-SE": {"save": "Spara uppgiften", "paid": "betalt", "pay": "Betala med"},
}


@pytest.mark.parametrize("locale", ["en-GB", "sv-SE"])
@pytest.mark.parametrize(
    ("service", "currency", "handle", "site", "check"), CASES, ids=[c[0] for c in CASES]
)
def test_a_settle_up_is_paid_through_the_payees_link(
    browser, live_server, transactional_db, locale, service, currency, handle, site, check
):
    words = WORDS[locale]
    game = stored_game(hands=worked_hands(), stakes={**GBP, "currency": currency}, title=TITLE)
    page = new_phone(browser, live_server.url, locale=locale)
    opened: list[str] = []

    def stand_in(route) -> None:  # the service's own site, stood in for: no network in tests
        opened.append(route.request.url)
        route.fulfill(status=200, content_type="text/plain", body="paid")

    page.context.route(site, stand_in)
    page.goto(game.get_absolute_url())
    john = page.locator("form.pay-handle", has=page.locator('input[name="player"][value="John"]'))
    john.locator('select[name="service"]').select_option(service)
    john.locator('input[name="handle"]').fill(handle)
    john.get_by_role("button", name=words["save"]).click()
    link = page.locator(".transfer", has_text="Mark")
    pay = link.locator("a.pay")
    expect(pay).to_contain_text(words["pay"])
    check(pay.get_attribute("href"))
    if service == "swish" and locale == "sv-SE":
        link.locator("summary").click()  # the QR code, for the payer's own phone
        expect(link.locator(".qr svg")).to_be_visible()
        shoot(page, "pay-links-swish-sv")
    with page.context.expect_page() as tab:
        pay.click()
    tab.value.wait_for_load_state()
    assert len(opened) == 1
    check(opened[0])
    page.locator("label.check", has_text="Mark").locator("input").check()
    expect(pay).to_have_count(0)  # paid: the link goes
    watcher = new_phone(browser, live_server.url, locale=locale)
    watcher.goto(game.share_url())
    mark = watcher.locator(".transfers li", has_text="Mark")
    expect(mark).to_contain_text(words["paid"])
    assert handle.strip("@").split("/")[-1].replace(" ", "")[:5] not in mark.inner_text()
    watcher.context.close()
    page.context.close()


REFUSED = {
    "en-GB": ("Save handle", "a Swedish mobile number"),
    "sv-SE": ("Spara uppgiften", "ett svenskt mobilnummer"),
}


@pytest.mark.parametrize("locale", ["en-GB", "sv-SE"])
def test_a_malformed_handle_is_refused_in_words_on_the_phone(
    browser, live_server, transactional_db, locale
):
    save, said = REFUSED[locale]
    game = stored_game(hands=worked_hands(), stakes={**GBP, "currency": "SEK"})
    phone = new_phone(browser, live_server.url, locale=locale)
    phone.goto(game.get_absolute_url())
    john = phone.locator("form.pay-handle", has=phone.locator('input[name="player"][value="John"]'))
    john.locator('input[name="handle"]').fill("12345")
    john.get_by_role("button", name=save).click()
    expect(phone.locator(".notice")).to_contain_text(said)
    expect(phone.locator("a.pay")).to_have_count(0)
    phone.context.close()
