"""The room's board read from across the room: a club evening of 1, 2, 4, 8 and 12 tables (and
14, whose pages turn) on a 1920x1080 screen, in English and Swedish, and on a 360 px phone, a
player at every table with a name as long as the site takes. The cards fill the screen, nothing
on them is cut, the names and totals are large (48 px up to 4 tables, 32 px at 8, 26 px at 12),
the status line and the badges 20 px up to 8 tables; the player who must decide about buying in,
the players out and the dealer are marked. Screenshots to look at: look()."""

import itertools

import pytest
from playwright.sync_api import expect

from kalooki_ledger import rules as engine
from kalooki_ledger.clubs import board
from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Game
from kalooki_ledger.rules.names import MAX_NAME
from tests.browser.conftest import later, look
from tests.clubs.factories import club_game, make_club
from tests.helpers import record

pytestmark = pytest.mark.browser

SCREEN = {"width": 1920, "height": 1080}
PHONE = {"width": 360, "height": 740}
COUNTS = (1, 2, 4, 8, 12, 14)
# The smallest names and totals allowed on a 1920x1080 board of so many tables (px); a page of
# 14 holds seven, as a page of 8 does. Up to 8 tables the status line and the badges (deals,
# out, over the limit) are at least BADGES px.
LARGE = {1: 96, 2: 64, 4: 48, 8: 32, 12: 26, 14: 32}
BADGES = 20
SHARE = 0.65  # the cards' area over the screen's, at least
FOLLOWS = 15_000  # ms: a table's panel polls every 3 s, on a machine that may be busy
NAMES = (
    "Anna Björn Cecilia Daniel Erik Frida Göran Hanna Ingrid Johan Karin Lars Maja Nils Olle "
    "Petra Rut Sven Tove Ulf Vera Wilma Yngve Åsa Örjan Agnes Bertil Clara Dennis Elsa Fredrik "
    "Greta Hugo Ida Jonas Klara Linnea Magnus Nora Oskar Pia Rasmus Sara Tage Ulla Viktor "
    "Ann-Charlotte Christoffer Emil Felix Gun Hjalmar Ivar Jenny Kerstin Leif Mona Noel Otto Per"
)
PEOPLE = NAMES.split()
LIMIT = 100
LONG = 2  # the seat whose player's name is as long as the site takes: at most tables, the dealer
SURNAMES = ("Wilhelmina-Charlotta", "Östergren", "Lindqvist", "Sjöberg", "Åberg", "Holm", "af Ek")


def longest(first: str) -> str:
    """A name of MAX_NAME characters, as a person's long name is: whole words, none cut."""
    for count in range(1, len(SURNAMES) + 1):
        for words in itertools.permutations(SURNAMES, count):
            if len(name := " ".join((first, *words))) == MAX_NAME:
                return name
    raise AssertionError(f"no name of {MAX_NAME} characters for {first}")


def seats(number: int) -> list[str]:
    """Four players at each table (five at the third, three at the fourth), in turn from PEOPLE,
    the third with the longest name the site takes (table 12 has the longest other names)."""
    sizes = {3: 5, 4: 3}
    start = sum(sizes.get(n, 4) for n in range(1, number))
    names = PEOPLE[start : start + sizes.get(number, 4)]
    names[LONG] = longest(names[LONG])
    return names


def table(club, number: int):
    """Table 1 waits for Daniel to decide about buying in; at table 2 Göran is out (he would not
    buy in); the others play on, two hands in."""
    names = seats(number)
    first, second, third, *rest = names
    hands = [{"winner": first, "penalties": {n: 10 + 7 * i for i, n in enumerate(names[1:])}}]
    if number == 1:
        hands.append({"winner": first, "penalties": {second: 5, third: 12, rest[0]: 99}})
    elif number == 2:
        hands.append(
            {
                "winner": second,
                "penalties": {first: 20, third: 105, **{n: 3 for n in rest}},
                "buy_ins": {third: False},
            }
        )
    else:
        hands.append({"winner": second, "penalties": {n: 25 for n in names if n != second}})
    data = record(names, hands, title=", ".join(names))
    data["rules"] = {"preset": "british", "limit": LIMIT}
    data["stakes"] = {"currency": "SEK", "call_up": "1", "initial": "5", "buy_in": "5"}
    return club_game(club, data)


def over_the_limit(game, name: str) -> None:
    """A hand recorded as a table's phone records it, taking `name` over the limit."""
    game = Game.objects.get(pk=game.pk)
    ledger = game.ledger()
    winner = next(s.name for s in ledger.standings if s.name != name)
    penalties = {s.name: 5 for s in ledger.standings if s.name not in (winner, name)}
    hand = engine.Hand(winner=winner, penalties={**penalties, name: LIMIT})
    sent = commands.Sent(game.version, "", "table phone")
    command = commands.RecordHand(ledger.next_hand_number, hand=hand)
    assert commands.apply(game, sent, command).verdict is commands.Verdict.APPLIED


MEASURE = """() => {
  const cards = [...document.querySelectorAll('.board-page:not([hidden]) .room-table')];
  const cut = [];
  for (const card of cards) {
    const title = card.querySelector('h2').textContent;
    if (card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1) {
      cut.push('card ' + title);
    }
    const table = card.querySelector('table');
    if (table.offsetWidth > table.parentElement.clientWidth + 1) { cut.push('table ' + title); }
    for (const el of card.querySelectorAll('h2, .status, th, td')) {
      if (el.scrollWidth > el.clientWidth + 1) { cut.push(el.textContent.trim()); }
    }
  }
  const area = cards.reduce((sum, card) => {
    const box = card.getBoundingClientRect();
    return sum + box.width * box.height;
  }, 0);
  const px = (selector) => Math.min(...cards.flatMap(
    (card) => [...card.querySelectorAll(selector)].map(
      (el) => parseFloat(getComputedStyle(el).fontSize))));
  const root = document.documentElement;
  return {
    cards: cards.length,
    cut,
    share: area / (innerWidth * innerHeight),
    names: px('th'),
    totals: px('td'),
    status: px('.status'),
    badges: px('.tag'),
    undealt: cards.filter((card) => !card.querySelector('.status.waiting')
      && !card.querySelector('.tag.deals')).map((card) => card.querySelector('h2').textContent),
    unrevised: cards.filter((card) => !/[?]v=[0-9a-f]+$/.test(
      card.querySelector('.room-live').getAttribute('hx-get'))).length,
    scrolls: root.scrollWidth > innerWidth,
    tall: root.scrollHeight > innerHeight,
  };
}"""

WORDS = {
    "en": {"over": "OVER THE LIMIT", "out": "OUT", "waiting": "Waiting for Daniel"},
    "sv": {"over": "ÖVER GRÄNSEN", "out": "UTE", "waiting": "Väntar på att Daniel"},
}


def marked(page, language: str, count: int) -> None:
    """Daniel, over the limit, is marked at table 1, and so is the status line's name; Göran, who
    would not buy in, is marked out at table 2."""
    words = WORDS[language]
    first = page.locator(".room-table", has_text="Anna, Björn")
    daniel = first.locator("tr", has_text="Daniel")
    expect(daniel).to_have_class("awaiting")
    expect(daniel.locator(".tag.decides")).to_have_text(words["over"], ignore_case=True)
    expect(daniel.locator(".tag.decides")).to_be_visible()
    expect(first.locator(".status")).to_contain_text(words["waiting"])
    expect(first.locator(".status strong")).to_have_text("Daniel")
    if count < 2:
        return
    second = page.locator(".room-table", has_text="Erik, Frida")
    goran = second.locator("tr", has_text="Göran")
    expect(goran).to_have_class("out")
    expect(goran.locator(".tag.out")).to_have_text(words["out"], ignore_case=True)
    expect(goran.locator(".tag.out")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_club_board_fills_the_screen_readably_at_every_number_of_tables(
    browser, live_server, transactional_db, monkeypatch, language
):
    monkeypatch.setattr(board, "ROTATE_SECONDS", 2)
    club = make_club("Kalleklubben", "kalle")
    url = board.board_url("club", club.pk)
    locale = {"en": "en-GB", "sv": "sv-SE"}[language]
    screen = browser.new_context(viewport=SCREEN, base_url=live_server.url, locale=locale)
    screen.clock.install()  # a poll's or a page's turn passed at once: later()
    phone = browser.new_context(
        viewport=PHONE, base_url=live_server.url, locale=locale, is_mobile=True, has_touch=True
    )
    tv, hand = screen.new_page(), phone.new_page()
    tables = []
    for count in COUNTS:
        while len(tables) < count:
            tables.append(table(club, len(tables) + 1))
        fresh = f"{url}?tables={count}"  # not the copy the browser may keep for two seconds
        tv.goto(fresh)
        shown = min(count, board.PER_PAGE) if count <= board.PER_PAGE else -(-count // 2)
        expect(tv.locator(".board-page:visible .room-table")).to_have_count(shown)
        seen = tv.evaluate(MEASURE)
        look(tv, f"board-club-{count}-{language}")
        assert seen["cut"] == [], (count, seen["cut"])
        assert not seen["scrolls"] and not seen["tall"], (count, seen)
        assert seen["share"] >= SHARE, (count, seen)
        assert min(seen["names"], seen["totals"]) >= LARGE[count], (count, seen)
        assert seen["status"] >= 0.6 * LARGE[count], (count, seen)
        assert seen["undealt"] == [], (count, seen)  # every table playing shows who deals
        assert seen["unrevised"] == 0, (count, seen)  # a table polls with its revision: a 204
        if count <= 8:
            assert min(seen["status"], seen["badges"]) >= BADGES, (count, seen)
        if count == 8:  # a hand at table 5 sends Ulf over: the card that polled it is refitted
            over_the_limit(tables[4], "Ulf")
            later(tv, seconds=3)
            fifth = tv.locator(".room-table", has_text="Rut, Sven")
            expect(fifth.locator("tr.awaiting")).to_contain_text("Ulf", timeout=FOLLOWS)
            seen = tv.evaluate(MEASURE)
            assert seen["cut"] == [] and seen["names"] >= LARGE[count], seen
        if count <= board.PER_PAGE:
            marked(tv, language, count)
        else:  # the pages turn: the other seven come round, and the heading says which page
            expect(tv.locator(".board-page-count")).to_contain_text("2")
            later(tv, seconds=board.ROTATE_SECONDS)
            last = tv.locator(".board-page:visible .room-table", has_text=", ".join(seats(14)))
            expect(last).to_have_count(1, timeout=6_000)
            seen = tv.evaluate(MEASURE)
            look(tv, f"board-club-{count}-{language}-page-2")
            assert seen["cut"] == [] and seen["names"] >= LARGE[count], seen

        hand.goto(fresh)
        expect(hand.locator(".room-table")).to_have_count(count)
        if count <= board.PER_PAGE:
            marked(hand, language, count)
        seen = hand.evaluate(MEASURE.replace(":not([hidden])", ""))
        look(hand, f"board-club-{count}-{language}-phone", full_page=count <= 2)
        assert seen["cut"] == [] and not seen["scrolls"], (count, seen)
        assert min(seen["names"], seen["totals"]) >= 20, (count, seen)
    screen.close()
    phone.close()
