"""One Chromium for the whole session, driven at a phone's size; Debian's, never a download."""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM must still be allowed.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parent.parent.parent / "docs" / "screenshots"


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's Chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


def new_phone(browser, base_url: str, **options):
    """A fresh phone-sized page (own cookies) on `base_url`; `options` add to the context's."""
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=base_url,
        **options,
    )
    page = context.new_page()
    page.set_default_timeout(8000)
    return page


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """A fresh phone-sized page (own cookies) on the live server."""
    page = new_phone(browser, live_server.url)
    yield page
    page.context.close()


@pytest.fixture
def second_phone(browser, live_server, transactional_db):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(8000)
    yield page
    context.close()


def shoot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
