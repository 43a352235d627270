"""A night on a phone set to Swedish in Stockholm (Chromium's locale sv-SE, its zone
Europe/Stockholm): the night, the group, a game's table and a room's board read no English word
(and axe finds no serious issue), and a payment made at 10:51 UTC reads 11:51."""

import datetime
import re
from decimal import Decimal

import polib
import pytest
from django.conf import settings
from playwright.sync_api import expect

from kalooki_ledger.clubs import board
from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Game
from kalooki_ledger.nights.commands import RecordPayment
from tests.browser.conftest import look, new_phone
from tests.browser.test_accessibility import serious_issues
from tests.clubs.factories import club_game, make_club, short_game
from tests.nights.factories import finished, group, night, sent

pytestmark = pytest.mark.browser

PLAYERS = ["Agneta", "Bosse", "Cissi", "Dagge"]
AT = datetime.datetime(2026, 11, 27, 10, 51, 7, tzinfo=datetime.UTC)
WORD = re.compile(r"[^\W\d_]{3,}")


def english_words() -> set[str]:
    """Words the site writes in English and never in Swedish: any on a Swedish page is left
    untranslated."""
    english, swedish = set(), set()
    for name in ("django.po", "djangojs.po"):
        for entry in polib.pofile(str(settings.BASE_DIR / "locale/sv/LC_MESSAGES" / name)):
            for text in (entry.msgid, entry.msgid_plural):
                english |= words_of(text)
            for text in (entry.msgstr, *entry.msgstr_plural.values()):
                swedish |= words_of(text)
    return english - swedish


def words_of(text: str) -> set[str]:
    # Placeholders, tags and the API's quoted JSON are no language's words.
    plain = re.sub(r'%\(\w+\)s|<[^>]+>|"[^"]*"|\{[^}]*\}|\[[^\]]*\]', " ", text)
    return {w.casefold() for w in WORD.findall(plain)}


@pytest.fixture
def stockholm_phone(browser, live_server, transactional_db):
    page = new_phone(browser, live_server.url, locale="sv-SE", timezone_id="Europe/Stockholm")
    yield page
    page.context.close()


def english_left(page, vocabulary: set[str]) -> list[str]:
    text = page.locator("body").inner_text()
    return sorted({w for w in WORD.findall(text) if w.casefold() in vocabulary} - set(PLAYERS))


def test_a_night_in_swedish_reads_no_english_and_stockholms_time(stockholm_phone):
    friends = group("Fredagsgänget", regulars=PLAYERS, currency="SEK")
    game = finished(PLAYERS, currency="SEK")
    Game.objects.filter(pk=game.pk).update(title="Fredag")  # the worked example's is English
    made = night(friends, game)
    payment = RecordPayment("Bosse", "Cissi", Decimal(16), when=AT, ticked=False)
    assert commands.apply(made, sent(made.version), payment).applied
    club = make_club("Kallegänget", "kallet")
    playing = {**short_game(PLAYERS, "Agneta"), "hands": [], "title": "Lördag"}
    club_game(club, {**playing, "stakes": {"currency": "SEK", "call_up": "1"}})
    vocabulary = english_words()
    page = stockholm_phone
    page.goto("/")  # the first page tells the server the phone's zone
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    pages = {
        "night": made.get_absolute_url(),
        "group": friends.get_absolute_url(),
        "table": game.get_absolute_url(),
        "board": board.board_url("club", club.pk),
    }
    for name, url in pages.items():
        page.goto(url)
        look(page, f"night-in-swedish-{name}", full_page=True)
        assert english_left(page, vocabulary) == [], name
        assert not serious_issues(page), name
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
    page.goto(made.get_absolute_url())
    expect(page.locator(".payments")).to_contain_text(re.compile(r"11[:.]51"))
    page.goto(friends.get_absolute_url())
    expect(page.locator(".payments")).to_contain_text(re.compile(r"11[:.]51"))
