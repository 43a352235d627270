"""A phone set to Swedish (Chromium's locale sv-SE): the club pages in Swedish, the scripts' words
from the static catalogue, axe content, and the footer's switch back to English remembered."""

import pytest

from tests.browser.conftest import new_phone, shoot
from tests.browser.test_accessibility import serious_issues
from tests.clubs.factories import PASSWORD
from tests.i18n.pages import club_night

pytestmark = pytest.mark.browser


@pytest.fixture
def swedish_phone(browser, live_server, transactional_db):
    page = new_phone(browser, live_server.url, locale="sv-SE")
    yield page
    page.context.close()


def test_a_club_page_on_a_phone_in_swedish(swedish_phone):
    night = club_night(with_tournament=True)
    page = swedish_phone
    page.goto(night["club"].get_absolute_url())
    assert page.locator("html").get_attribute("lang") == "sv"
    page.get_by_role("heading", name="Logga in").wait_for()
    page.fill("#id_username", "nisse")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Logga in").click()
    page.get_by_role("heading", name="Säsongstabell").wait_for()
    assert page.get_by_role("link", name="Starta ett parti").is_visible()
    assert page.get_by_role("heading", name="Turneringar").is_visible()
    # The scripts read their words from js/i18n/sv.js, loaded as a file (the CSP allows no other).
    assert page.evaluate("window.gettext('Try again')") == "Försök igen"
    assert not serious_issues(page)
    shoot(page, "club-page-in-swedish")

    page.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="Season table").wait_for()
    assert page.locator("html").get_attribute("lang") == "en-gb"
    page.get_by_role("link", name="Members and settings").click()
    page.get_by_role("heading", name="Members and settings").wait_for()  # the choice stuck
