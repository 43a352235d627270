"""A night on a phone at 390 px: its games, totals and one settle-up, no sideways scroll."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import look
from tests.browser.test_night_outbox import back_online
from tests.browser.test_offline import until
from tests.nights.factories import finished, group, night, stopped

pytestmark = pytest.mark.browser


def test_the_night_page_fits_a_phone_and_ticks_a_payment(phone):
    g = group()
    n = night(g, finished(), stopped("split"), finished(["Andy", "Mark", "Sue", "Frank"]))
    page = phone
    page.goto(n.get_absolute_url())
    expect(page.locator("h1")).to_have_text("Friday friends · night 1")
    look(page, "night", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.get_by_role("button", name="Tick as paid").first.click()
    expect(page.locator(".payments")).to_contain_text("paid")
    look(page, "night-paid", full_page=True)
    page.goto(g.get_absolute_url())
    look(page, "group", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_payment_ticked_without_signal_goes_through_the_outbox_once(phone):
    n = night(group(), finished())
    page = phone
    page.goto(n.get_absolute_url())
    expect(page.locator(".night-transfers > li")).to_have_count(3)
    page.context.set_offline(True)
    page.locator(".night-transfers > li").first.get_by_role("button", name="Tick as paid").click()
    expect(page.locator("[data-night-outbox]")).to_contain_text("Not sent yet: Mark pays John")
    look(page, "night-outbox")
    assert n.night_payments.count() == 0
    back_online(page)
    payment = n.night_payments.get()
    assert (payment.payer, payment.payee, payment.amount) == ("Mark", "John", 16)


def test_a_nights_page_opened_once_opens_again_without_signal(phone):
    n = night(group(), finished())
    page = phone
    page.goto(n.get_absolute_url())
    until(page, "navigator.serviceWorker.controller !== null")
    page.reload()  # fetched through the worker, which keeps it
    kept = "k => k.some(r => r.url.includes('/nights/n/'))"
    until(page, f"caches.open('kalooki-pages').then(c => c.keys()).then({kept})")
    page.context.set_offline(True)
    page.goto(n.get_absolute_url())
    expect(page.locator("h1")).to_have_text("Friday friends · night 1")
    expect(page.locator("html")).to_have_attribute("data-kept-at", re.compile(".+"))
    page.context.set_offline(False)


def test_a_payment_typed_in_swedish_without_signal_is_sent_in_the_apis_form(phone):
    n = night(group(currency="SEK"), finished(currency="SEK"))
    page = phone
    page.goto(n.get_absolute_url())
    page.context.add_cookies(
        [{"name": "django_language", "value": "sv", "url": page.evaluate("location.origin")}]
    )
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    page.locator("details.other-payment summary").click()
    form = page.locator("details.other-payment form")
    form.locator("select[name=payer]").select_option("Mark")
    form.locator("select[name=payee]").select_option("John")
    form.locator("input[name=amount]").fill("1 002,50")
    page.context.set_offline(True)
    form.locator("button[type=submit]").click()
    expect(page.locator("[data-night-outbox]")).to_contain_text("Mark")
    assert n.night_payments.count() == 0
    back_online(page)
    payment = n.night_payments.get()
    assert (payment.payer, payment.payee, payment.amount) == ("Mark", "John", Decimal("1002.50"))
