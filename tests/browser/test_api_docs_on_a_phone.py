"""The API's page on a phone: every operation of the schema, HEAD included, each with its
answers, and nothing wider than the screen."""

import pytest

from tests.api.document import document
from tests.browser.conftest import SCREENSHOTS

pytestmark = pytest.mark.browser


def test_the_api_page_lists_every_operation_and_fits_a_phone(phone):
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto("/api/v1/")
    headings = phone.locator("ul.api h2").all_inner_texts()
    paths = document()["paths"]
    wanted = [f"{m.upper()} {p}" for p, methods in paths.items() for m in methods]
    assert headings == wanted
    assert "HEAD /api/v1/games/{token}" in headings
    assert "405" in phone.locator("ul.api > li").first.inner_text()
    # A screen from the longest path on (the whole page is too long a picture to keep).
    phone.locator("ul.api h2").nth(4).evaluate("h => h.scrollIntoView({block: 'start'})")
    phone.screenshot(path=str(SCREENSHOTS / "api-docs.png"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
