"""A small club's evening in Chromium, in Swedish and in English: the new-game page speaks the
page's language to its last word (the club's currency "units" as "marker"), and a Blackpool
tournament of 8 (two tables: the top two of each play the final) or of 12 (three tables: their
winners play it) is drawn and seated at the desk, played to a winner, with the tin and the cash
list at zero and the room's board naming the champion. Hands are recorded as the tables' phones
record them (the store); the organiser's steps go through the pages."""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from kalooki_ledger.clubs import board, tournaments
from kalooki_ledger.clubs.models import Tournament
from tests.browser.conftest import look
from tests.clubs.factories import join, make_club, make_players, make_user, play_hand
from tests.i18n.visible import english_left

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
NAMES = "Anna Björn Cecilia Daniel Erik Frida Göran Hanna Ingrid Johan Karin Lars"
PLAYERS = NAMES.split()
LOCALES = {"en": "en-GB", "sv": "sv-SE"}
ZERO = {"en": "kr 0.00", "sv": "0,00 kr"}


def signed_in(browser, live_server, user, language: str):
    """A phone with the organiser's session (made by Django's test client), in `language`."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        viewport=PHONE, base_url=live_server.url, locale=LOCALES[language], is_mobile=True
    )
    session = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page, client


def finish(table: tournaments.TableState) -> list[str]:
    """The first seat wins; the second outlasts the rest by a hand: the table's ranking."""
    first, second, *rest = [s.name for s in table.game.seats.all()]
    play_hand(table.game, first, **{second: 20, **{n: 120 for n in rest}})
    play_hand(table.game, first, **{second: 120})
    return [first, second, *rest]


def load() -> tournaments.State:
    return tournaments.load(Tournament.objects.get())


@pytest.mark.parametrize("language", ["sv", "en"])
def test_a_clubs_new_game_page_has_no_english_left_in_swedish(
    browser, live_server, transactional_db, language
):
    club = make_club("Kalleklubben", "kalle")
    organiser = make_user("nisse")
    join(club, organiser, "organiser")
    page, client = signed_in(browser, live_server, organiser, language)
    page.goto("/clubs/kalle/games/new/")
    page.locator("summary").click()  # "This game's rules and stakes"
    currency = page.locator("input[name=currency]")
    expect(currency).to_be_disabled()
    expect(currency).to_have_value({"en": "units", "sv": "marker"}[language])
    look(page, f"club-new-game-{language}", full_page=True)
    if language == "sv":
        english = client.get("/clubs/kalle/games/new/", headers={"Accept-Language": "en"})
        left = english_left(page.content(), english.content.decode(), ("Kalleklubben", "nisse"))
        assert left == [], left
    page.context.close()


@pytest.mark.parametrize(("count", "language"), [(8, "sv"), (12, "en")])
def test_a_small_clubs_tournament_is_played_to_a_winner_and_the_money_balances(
    browser, live_server, transactional_db, count, language
):
    club = make_club("Kalleklubben", "kalle")
    club.currency = "SEK"
    club.save(update_fields=["currency"])
    organiser = make_user("nisse")
    join(club, organiser, "organiser")
    make_players(club, " ".join(PLAYERS[:count]))
    page, _client = signed_in(browser, live_server, organiser, language)

    page.goto("/clubs/kalle/tournaments/new/")
    expect(page.locator("form.stack")).to_contain_text(
        {"en": "Tick 8 to 24 entrants.", "sv": "8 till 24"}[language]
    )
    page.locator("input[name=name]").fill("Fredagsturneringen")
    page.locator("input[name=entry_fee]").fill("50")
    page.locator("input[name=buy_in]").fill("50")
    for box in page.locator("input[name=players]").all():
        box.check()
    page.locator("form.stack button[type=submit]").click()
    expect(page.locator("h1")).to_have_text("Fredagsturneringen")
    heats = load().heats
    assert [len(t.people) for t in heats] == ([4, 4] if count == 8 else [4, 4, 4])
    expect(page.locator(".desk-bar")).to_contain_text(re.compile(rf"{count * 50}[.,]00"))

    rankings = [finish(t) for t in heats]
    page.reload()
    page.locator("form:has(input[value=start-semis]) button").click()
    final = load().final
    finalists = sorted(n for r in rankings for n in (r[:2] if count == 8 else r[:1]))
    assert sorted(final.people) == finalists
    expect(page.locator("#live")).to_contain_text(final.table.label)

    placed = finish(final)
    page.reload()
    champion = load().champion.name
    assert champion == placed[0]
    expect(page.locator(".champion")).to_contain_text(champion)
    tin = page.locator("table.cash tr.total").last  # what is left after prizes
    expect(tin.locator(".amount")).to_have_text(ZERO[language])
    expect(page.locator("table.cash-list tfoot .amount")).to_have_text(ZERO[language])
    look(page, f"small-tournament-{count}-desk-{language}", full_page=True)

    page.goto(board.board_url("tournament", Tournament.objects.get().pk))
    expect(page.locator(".board-champion")).to_contain_text(champion)
    prizes = page.locator(".board-prizes li")
    expect(prizes).to_have_count(3)
    expect(prizes.first).to_contain_text(champion)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    look(page, f"small-tournament-{count}-board-{language}", full_page=True)
    page.context.close()
