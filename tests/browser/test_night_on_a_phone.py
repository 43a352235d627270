"""A night on a phone at 390 px: its games, totals and one settle-up, no sideways scroll."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import look
from tests.nights.factories import finished, group, night, stopped

pytestmark = pytest.mark.browser


def test_the_night_page_fits_a_phone_and_ticks_a_payment(phone):
    g = group()
    n = night(g, finished(), stopped("split"), finished(["Andy", "Mark", "Sue", "Frank"]))
    page = phone
    page.goto(n.get_absolute_url())
    expect(page.locator("h1")).to_have_text("Night 1")
    look(page, "night", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.get_by_role("button", name="Tick as paid").first.click()
    expect(page.locator(".payments")).to_contain_text("paid")
    look(page, "night-paid", full_page=True)
    page.goto(g.get_absolute_url())
    look(page, "group", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
