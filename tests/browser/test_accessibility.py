"""axe-core on every page, in the light and the dark theme: no serious or critical issue."""

import pytest

from tests.browser.conftest import new_phone
from tests.games.web import over_limit_hands, stored_game, worked_hands

pytestmark = pytest.mark.browser

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")


def serious_issues(page) -> list[str]:
    results = axe_module.Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def pages_of_a_game() -> list[str]:
    playing = stored_game(hands=worked_hands()[:2])
    asking = stored_game(hands=over_limit_hands())
    over = stored_game(hands=worked_hands())
    return [
        "/",
        "/new/",
        playing.get_absolute_url(),
        asking.get_absolute_url(),
        over.get_absolute_url(),
        f"/g/{over.edit_token}/sheet/",
        f"/g/{playing.edit_token}/hands/1/edit/",
        f"/g/{playing.edit_token}/rules/",
        over.share_url(),
        playing.share_url(),
    ]


def issues_on_every_page(phone) -> dict[str, list[str]]:
    found = {}
    for url in pages_of_a_game():
        phone.goto(url)
        phone.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")
        issues = serious_issues(phone)
        if issues:
            found[url] = issues
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_page_has_a_serious_accessibility_issue(phone, scheme):
    phone.emulate_media(color_scheme=scheme)
    assert not issues_on_every_page(phone)


def test_no_page_on_a_swedish_phone_has_a_serious_accessibility_issue(
    browser, live_server, transactional_db
):
    phone = new_phone(browser, live_server.url, locale="sv-SE")
    try:
        phone.goto("/")
        assert phone.locator("html").get_attribute("lang") == "sv"
        assert not issues_on_every_page(phone)
    finally:
        phone.context.close()


def test_errors_on_the_new_game_form_are_accessible(phone):
    phone.goto("/new/")
    phone.get_by_role("button", name="Start the game").click()
    phone.locator("#id_player_1_error").wait_for()
    assert not serious_issues(phone)


def test_errors_on_the_hand_form_are_accessible(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    phone.get_by_role("button", name="Record hand").click()
    phone.locator("#winner-error").wait_for()
    assert not serious_issues(phone)
