"""A night's payments kept on the phone (static/js/night_outbox.js, on outbox_core.js): what is
sent is the API's canonical amount, a kept tick is not tapped twice, and a kept payment goes
as soon as the server answers again while the browser believed it was online throughout."""

import contextlib
from decimal import Decimal

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.conftest import clock_held, later, new_phone
from tests.nights.factories import finished, group, night

pytestmark = pytest.mark.browser

# How many payments the phone's store keeps.
KEPT = (
    "new Promise(r => { const o = indexedDB.open('kalooki-night-outbox', 1);"
    " o.onsuccess = () => { const q = o.result.transaction('payments').objectStore('payments')"
    ".count(); q.onsuccess = () => r(q.result); }; })"
)


def back_online(page) -> None:
    """The phone's network back (Chromium says "online"): the one kept payment sent and shown."""
    page.context.set_offline(False)
    # Chromium's own "online" may already have sent it and moved the page on.
    with contextlib.suppress(PlaywrightError):
        page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(".payments li")).to_have_count(1)
    expect(page.locator("[data-night-outbox]")).to_be_hidden()


def test_a_swedish_amount_kept_offline_is_stored_as_the_amount_typed(browser, live_server):
    n = night(group(), finished())
    page = new_phone(browser, live_server.url, locale="sv-SE")
    page.goto(n.get_absolute_url())
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    page.context.set_offline(True)
    page.locator("details.other-payment summary").click()
    form = page.locator("details.other-payment form")
    form.locator("select[name=payer]").select_option("Andy")
    form.locator("select[name=payee]").select_option("John")
    form.locator("input[name=amount]").fill("2,50")
    form.locator("button[type=submit]").click()
    expect(page.locator("[data-night-outbox] p")).to_have_count(1)
    expect(page.locator("[data-night-outbox]")).to_contain_text("Inte skickad än")
    expect(form.locator("input[name=amount]")).to_have_value("")  # ready for another payment
    assert n.night_payments.count() == 0

    back_online(page)
    payment = n.night_payments.get()
    assert (payment.payer, payment.payee, payment.amount) == ("Andy", "John", Decimal("2.50"))
    page.context.close()


def test_an_amount_that_is_no_number_is_refused_on_the_phone_and_nothing_kept(browser, live_server):
    n = night(group(), finished())
    page = new_phone(browser, live_server.url, locale="sv-SE")
    page.goto(n.get_absolute_url())
    page.context.set_offline(True)
    page.locator("details.other-payment summary").click()
    form = page.locator("details.other-payment form")
    form.locator("input[name=amount]").fill("2,5,0")
    form.locator("button[type=submit]").click()
    expect(form.locator(".notice.error")).to_have_text(
        "Ett belopp är ett tal, till exempel 5 eller 2,50."
    )
    expect(page.locator("[data-night-outbox]")).to_be_hidden()
    assert page.evaluate(KEPT) == 0
    page.context.close()


def test_a_tick_kept_offline_leaves_its_row_untappable_with_one_note(phone):
    n = night(group(), finished())
    page = phone
    page.goto(n.get_absolute_url())
    row = page.locator(".night-transfers > li").first
    tick = row.get_by_role("button", name="Tick as paid")
    page.context.set_offline(True)
    tick.click()
    expect(page.locator("[data-night-outbox] p")).to_have_count(1)
    expect(tick).to_be_disabled()
    tick.click(force=True)  # a second tap on the kept row keeps nothing more
    tick.evaluate("b => b.form.requestSubmit()")  # nor a second submit of its form
    assert page.evaluate(KEPT) == 1
    expect(page.locator("[data-night-outbox] p")).to_have_count(1)
    expect(page.locator(".night-transfers > li").nth(1).locator("button")).to_be_enabled()

    back_online(page)
    assert n.night_payments.count() == 1


def test_a_kept_payment_goes_within_3_s_of_the_server_answering_while_the_phone_stayed_online(
    browser, signal
):
    n = night(group(), finished())
    page = new_phone(browser, signal.url)
    page.goto(n.get_absolute_url())
    signal.cut()  # the server gone; the browser still says it is online
    page.locator(".night-transfers > li").first.get_by_role("button", name="Tick as paid").click()
    expect(page.locator("[data-night-outbox]")).to_contain_text("Not sent yet: Mark pays John")
    later(page, seconds=60)  # a minute of tries, all failed
    assert page.evaluate("navigator.onLine") and n.night_payments.count() == 0

    with clock_held(page):
        signal.restore()  # the server answers again
        later(page, seconds=3)
        expect(page.locator(".payments li")).to_have_count(1)
    assert n.night_payments.count() == 1
    page.context.close()
