"""A Swedish club night's pages at 360 and 390 px and on a laptop (issue 27): no page scrolls
sideways with amounts in the thousands (a loss of 1 000,00 kr), the desk's warning keeps its link
with its full stop, the cash list fits. Screenshots in docs/screenshots/ (club-night-*)."""

from decimal import Decimal

import pytest
from django.urls import reverse

from kalooki_ledger.clubs import tournaments
from kalooki_ledger.clubs.filing import start_game
from kalooki_ledger.clubs.models import Club
from tests.browser.conftest import shoot
from tests.clubs.factories import club_game, finish_table, make_club, short_game, tournament_with

pytestmark = pytest.mark.browser

WIDTHS = {"360": {"width": 360, "height": 800}, "390": {"width": 390, "height": 844}}
LAPTOP = {"width": 1280, "height": 800}


def night():
    club = make_club("Kallegänget", "kallet", nisse="organiser")
    Club.objects.filter(pk=club.pk).update(preset="swedish", currency="SEK")
    club = Club.objects.get(pk=club.pk)
    stakes = {"currency": "SEK", "call_up": "0.5", "kalookie": "2.5", "initial": "1000"}
    names = ["Agneta Öberg", "Björn Ek", "Cecilia Lund", "Daniel Åberg"]
    lost = club_game(club, short_game(names, names[0], stakes=stakes))
    t = tournament_with(
        club, 16, currency="SEK", entry_fee=Decimal("12.50"), buy_in=Decimal("12.50")
    )
    finish_table(tournaments.load(t).heats[0].game)
    # A player drawn to a table still playing is still in at another club game.
    seated = tournaments.load(t).playing[0]
    person = next(iter(seated.people.values()))
    start_game(club, [person.name, "Zäta Ström"], "swedish")
    return club, t, lost


def overflow(page) -> int:
    # Against the screen's width: a phone widens its layout viewport to a page that overflows.
    return page.evaluate("document.documentElement.scrollWidth") - page.viewport_size["width"]


@pytest.fixture
def pages(browser, live_server, transactional_db):
    opened = []

    def open_at(viewport):
        phone = viewport["width"] < 600
        context = browser.new_context(
            viewport=viewport,
            device_scale_factor=2 if phone else 1,
            is_mobile=phone,
            has_touch=phone,
            locale="sv-SE",
            base_url=live_server.url,
        )
        page = context.new_page()
        page.set_default_timeout(8000)
        page.context.add_cookies(
            [{"name": "sessionid", "value": session_key(), "url": live_server.url}]
        )
        opened.append(page)
        return page

    yield open_at
    for page in opened:
        page.context.close()


def session_key() -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    user = User.objects.get(username="nisse")
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return session.session_key


def test_the_club_nights_pages_fit_a_phone_and_a_laptop(pages):
    club, t, lost = night()
    person = club.players.get(name="Björn Ek")
    urls = {
        "club": club.get_absolute_url(),
        "desk": t.get_absolute_url(),
        "game": reverse("clubs:game", args=[club.slug, lost.pk]),
        "person": reverse("clubs:person", args=[club.slug, person.pk]),
        "table": lost.get_absolute_url(),
        "watch": lost.share_url(),
    }
    for width, viewport in [*WIDTHS.items(), ("laptop", LAPTOP)]:
        page = pages(viewport)
        for name, url in urls.items():
            page.goto(url)
            assert page.locator("html").get_attribute("lang") == "sv"
            wide = page.evaluate(
                "[...document.querySelectorAll('body *')].filter(e => "
                "e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)"
                ".slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + "
                "Math.round(e.getBoundingClientRect().right))"
            )
            assert overflow(page) <= 0, (name, width, overflow(page), wide)
            shoot(page, f"club-night-{name}-{width}")


def test_the_desks_warning_keeps_its_link_and_full_stop_together(pages):
    _club, t, _lost = night()
    page = pages(WIDTHS["390"])
    page.goto(t.get_absolute_url())
    item = page.locator(".notice.warning li").first
    link = item.locator("a")
    box, text = link.bounding_box(), item.bounding_box()
    # The full stop follows the link on its line: the item is no taller than the link's lines.
    assert text["height"] <= box["height"] + 30, (text, box)
    assert item.inner_text().rstrip().endswith(".")
