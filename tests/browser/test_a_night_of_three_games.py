"""A night at the table on a phone at 390 px: a home group, three games through Play again (one
stopped early with a split, one a player sits out, one a new player joins), one settle-up in
the fewest transfers, two payments (one with its pay link), a hand corrected afterwards, what is
left carried into the next night, the group's statistics, the night's files, and Swedish."""

import json
import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present.money import money
from kalooki_ledger.nights.models import Night
from kalooki_ledger.nights.record import night_json
from tests.browser.conftest import LOOKS, look
from tests.browser.test_offline import until
from tests.rules.test_night import fewest_possible, left_after

pytestmark = pytest.mark.browser
D = Decimal


def record(page, winner: str, button: str = "Record hand", **values: int) -> None:
    page.locator("label.pick", has_text=winner).click()
    for name, value in values.items():
        page.locator(f'.value[data-player="{name}"] input').fill(str(value))
    page.get_by_role("button", name=button).click()


def drop_out_all(page) -> None:
    """Answers every buy-in question "Drop out" until the game is over."""
    for _ in range(5):
        page.locator(".ask, #over-title").first.wait_for()
        if page.locator("#over-title").count():
            return
        asked = page.locator(".ask").text_content()
        page.get_by_role("button", name="Drop out").click()
        until(page, f"(document.querySelector('.ask')?.textContent || '') !== {json.dumps(asked)}")
    expect(page.locator("#over-title")).to_have_text("Game over")


def players_typed(page, names: list[str]) -> None:
    for i in range(1, 7):
        field = page.get_by_label(f"Player {i}", exact=True)
        if field.count():
            field.fill(names[i - 1] if i <= len(names) else "")


def gbp(amount: Decimal) -> str:
    return money(amount, "GBP", 2, signed=True)


def night_figures(night: Night) -> tuple[dict, dict]:
    """Each player's night total from the games' own ledgers, and what is still owed."""
    totals: dict[str, Decimal] = {}
    for game in night.games():
        if game.ledger().over:
            for s in game.ledger().standings:
                totals[s.name] = totals.get(s.name, D(0)) + s.net
    owed = dict(totals)
    for p in night.payments():
        owed[p.payer] += p.amount
        owed[p.payee] -= p.amount
    return totals, owed


def check_settle_up(page, night: Night) -> list:
    """The page's night totals are the games' nets summed; its transfers settle what is still
    owed exactly, in as few as a brute force finds."""
    totals, owed = night_figures(night)
    for name, total in totals.items():
        row = page.locator(f'.night-totals tr[data-player="{name}"]')
        expect(row.locator(".total")).to_have_text(gbp(total))
    settled = night.settle()
    assert dict(settled.owed) == {p: owed.get(p, D(0)) for p in settled.players}
    assert all(v == 0 for v in left_after(settled.transfers, settled.owed).values())
    assert len(settled.transfers) == fewest_possible(dict(settled.owed))
    expect(page.locator(".night-transfers > li")).to_have_count(len(settled.transfers))
    return list(settled.transfers)


def test_a_night_of_three_games_settled_once_and_carried_on(phone, tmp_path):
    page = phone
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/")
    page.get_by_role("link", name="Start a home group").click()
    page.get_by_label("The group's name").fill("Friday friends")
    page.get_by_label("Currency", exact=False).fill("GBP")
    page.get_by_label("Regular players, one a line").fill("Andy\nMark\nJohn\nFrank")
    page.get_by_role("button", name="Start the group").click()
    expect(page.locator("h1")).to_have_text("Friday friends")
    page.get_by_role("button", name="Start a night").click()
    expect(page.locator("h1")).to_have_text("Friday friends · night 1")

    # Game 1: the regulars, stopped early with a split.
    page.get_by_role("link", name="Start the first game").click()
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Andy")
    page.get_by_role("button", name="Start the game").click()
    record(page, "John", Andy=85, Mark=42, Frank=30)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    record(page, "Andy", Mark=50, John=45, Frank=30)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3 · "))
    page.locator("details.stop summary").click()
    page.get_by_role("button", name="Stop and split").click()
    expect(page.locator(".in-night")).to_contain_text("settled with the night")
    expect(page.locator('input[name="paid"]')).to_have_count(0)  # no payments of its own
    first = Game.objects.order_by("pk").last()

    # Game 2, through Play again: John sits it out.
    page.get_by_role("link", name="New game with the same players").click()
    players_typed(page, ["Mark", "Frank", "Andy"])
    page.get_by_role("button", name="Start the game").click()
    record(page, "Andy", Mark=100, Frank=100)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    record(page, "Andy", Mark=60, Frank=60)
    drop_out_all(page)

    # Game 3, through Play again: Sue joins.
    page.get_by_role("link", name="New game with the same players").click()
    players_typed(page, ["Frank", "Andy", "Mark", "Sue"])
    page.get_by_role("button", name="Start the game").click()
    record(page, "Sue", Frank=100, Andy=100, Mark=100)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    record(page, "Sue", Frank=60, Andy=60, Mark=60)
    drop_out_all(page)

    # The night: opened from its last game.
    page.locator(".night-crumb a").click()
    night = Night.objects.get()
    assert night.night_games.count() == 3
    expect(page.locator("li.night-game")).to_have_count(3)
    look(page, "night-of-three", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    transfers = check_settle_up(page, night)
    assert len(transfers) >= 2

    # Two payments: the first through its pay link (the payee's Monzo, exact to the penny).
    paying = transfers[0]
    Game.objects.filter(pk=first.pk).update(pay_handles={paying.payee: ["monzo", "friday1"]})
    page.reload()
    row = page.locator(".night-transfers > li").first
    amount = f"{paying.amount:.2f}"
    expect(row.locator("a.pay")).to_have_attribute(
        "href", re.compile(rf"monzo\.me/friday1/{amount}")
    )
    row.get_by_role("button", name="Tick as paid").click()
    expect(page.locator(".payments li")).to_have_count(1)
    page.locator(".night-transfers > li").first.get_by_role("button", name="Tick as paid").click()
    expect(page.locator(".payments li")).to_have_count(2)
    check_settle_up(page, night)

    # A hand of the first game corrected: Mark won hand 1, not John.
    page.goto(f"/g/{first.edit_token}/hands/1/edit/")
    record(page, "Mark", button="Save hand 1", Andy=85, John=42, Frank=30)
    page.goto(night.get_absolute_url())
    expect(page.locator(".payments li")).to_have_count(2)  # both payments kept
    check_settle_up(page, night)
    look(page, "night-corrected", full_page=True)

    # The night's files: the PDF (looked at), CSV, and JSON imported back as the same night.
    pdf = page.request.get(f"/nights/file/{night.share_token}/night.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    LOOKS.mkdir(parents=True, exist_ok=True)
    (LOOKS / "night-of-three.pdf").write_bytes(pdf.body())
    csv = page.request.get(f"/nights/file/{night.share_token}/night.csv").text()
    totals, _ = night_figures(night)
    assert (
        "Night total," + ",".join(f"{totals.get(p, D(0)):.2f}" for p in night.settle().players)
        in csv
    )
    record_file = tmp_path / "night.json"
    record_file.write_bytes(page.request.get(f"/nights/file/{night.share_token}/night.json").body())
    page.goto("/nights/import/")
    page.get_by_label("The night's record").set_input_files(str(record_file))
    page.get_by_role("button", name="Import the night").click()
    imported = Night.objects.exclude(pk=night.pk).get()
    expect(page).to_have_url(re.compile(imported.edit_token))
    original = json.loads(record_file.read_text())
    assert {**night_json(imported), "version": 0} == {**original, "version": 0}

    # The same night in Swedish.
    page.goto(night.get_absolute_url())
    page.get_by_role("button", name="Svenska").click()
    expect(page.locator("h1")).to_have_text("Friday friends · kväll 1")
    expect(page.locator("#settle-title")).to_have_text("Gör upp")
    look(page, "night-in-swedish", full_page=True)
    page.get_by_role("button", name="English").click()

    # What is left carried into a second night, as its opening balances.
    _, owed = night_figures(night)
    page.locator("details.close-night summary").click()
    page.get_by_role("button", name="Carry it into the group's next night").click()
    expect(page.locator("h1")).to_have_text("Friday friends · night 2")
    for name, amount in owed.items():
        if amount:
            expect(page.locator(f'.night-totals tr[data-player="{name}"] .opening')).to_have_text(
                gbp(amount)
            )
    second = Night.objects.get(number=2, group=night.group)
    assert len(second.settle().transfers) == fewest_possible(owed)

    # The group's statistics are the sums of its games.
    group = night.group
    page.goto(group.get_absolute_url())
    games = [g for g in Game.objects.filter(night_link__night__group=group)]
    for name in ["Andy", "Mark", "John", "Frank", "Sue"]:
        played = [g for g in games if name in g.seat_ids() and g.ledger().over]
        wins = sum(1 for g in played if g.ledger().winner == name)
        net = sum((g.ledger().standing(name).net for g in played), D(0))
        cells = page.locator(f'table.stats tr[data-player="{name}"] td')
        expect(cells.nth(0)).to_have_text(str(len(played)))
        expect(cells.nth(1)).to_have_text(str(wins))
        expect(cells.nth(4)).to_have_text(gbp(net))
    look(page, "group-of-the-night", full_page=True)
    assert not errors
