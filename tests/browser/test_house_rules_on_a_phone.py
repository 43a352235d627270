"""House rules on a phone: only the picked family's settings show; the card is previewed."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shoot

pytestmark = pytest.mark.browser


def test_composing_house_rules_on_a_phone(phone):
    page = phone
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/rules/new/")
    page.get_by_label("Name of your house rules").fill("Kingston Fridays")
    page.locator("label.choice", has_text="Jamaican Kalooki").click()
    expect(page.get_by_label("Number of deals")).to_be_visible()
    expect(page.get_by_label("Limit", exact=True)).to_be_hidden()
    page.get_by_label("Number of deals").fill("5")
    page.get_by_label("Play notes").fill("Twelve cards in the first three deals")
    page.get_by_role("button", name="Show the rules card").click()
    expect(page.locator(".preview")).to_contain_text("Deal 5: 12 cards, four threes.")
    expect(page.locator(".preview")).not_to_contain_text("Deal 6")
    expect(page.locator(".preview")).to_contain_text("Twelve cards in the first three deals")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390
    shoot(page, "house-rules")
    page.get_by_role("button", name="Save these rules").click()
    page.get_by_role("link", name="Start a game with these rules").click()
    expect(page.get_by_label("Number of deals")).to_have_value("5")
    assert not errors
