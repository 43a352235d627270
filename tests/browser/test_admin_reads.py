"""The admin in a browser, for staff reading: a game, its hands and its history read as pages
with nothing to save, on a laptop and on a phone."""

import pytest
from django.contrib.auth.models import User

from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Game, Hand
from kalooki_ledger.rules import Hand as EngineHand
from tests.browser.conftest import look, new_phone
from tests.games.web import new_key, stored_game, worked_hands

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}


def scored_game() -> Game:
    """Three hands stored, a fourth recorded through the commands (a history line), and a
    no-op's key claimed (a receipt)."""
    game = stored_game(hands=worked_hands()[:3])
    hand = EngineHand(winner="Mark", penalties={"Andy": 5, "John": 6, "Frank": 7})
    sent = commands.Sent(game.version, new_key(), "iPhone 3fa2")
    assert commands.apply(game, sent, commands.RecordHand(4, hand)).applied
    game = Game.objects.get(pk=game.pk)
    sent = commands.Sent(game.version, new_key(), "iPhone 3fa2")
    assert commands.apply(game, sent, commands.Stop("")).verdict is commands.Verdict.UNCHANGED
    return game


def signed_in(page):
    page.goto("/admin/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "a-long-staff-password-42")
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/")
    return page


@pytest.mark.django_db(transaction=True)
def test_staff_read_a_game_its_hands_and_history_with_nothing_to_save(browser, live_server):
    User.objects.create_superuser("boss", "boss@example.org", "a-long-staff-password-42")
    game = scored_game()
    page = signed_in(browser.new_context(viewport=LAPTOP, base_url=live_server.url).new_page())
    try:
        look(page, "admin-index", full_page=True)
        assert page.locator(".app-games a.viewlink").count() == 5
        assert page.locator(".app-games a.addlink, .app-clubs a.addlink").count() == 0
        assert page.locator(".app-games a.changelink, .app-clubs a.changelink").count() == 0

        page.goto(f"/admin/games/game/{game.pk}/change/")
        look(page, "admin-game", full_page=True)
        assert page.locator("h1").inner_text().startswith("View game")
        assert page.locator("input[name=_save], a.deletelink").count() == 0
        assert game.edit_token in page.content()

        hand = Hand.objects.get(game=game, number=4)
        page.goto(f"/admin/games/hand/{hand.pk}/change/")
        look(page, "admin-hand", full_page=True)
        assert page.locator("input[name=_save], a.deletelink").count() == 0

        page.goto("/admin/games/change/")
        look(page, "admin-history", full_page=True)
        assert "Hand 4: Mark won" in page.content()
        assert page.locator("select[name=action]").count() == 0  # no bulk delete

        page.goto("/admin/games/receipt/")
        look(page, "admin-receipts", full_page=True)
        assert f"game:{game.pk}" in page.content()
    finally:
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_game_reads_in_the_admin_on_a_phone(browser, live_server):
    User.objects.create_superuser("boss", "boss@example.org", "a-long-staff-password-42")
    game = scored_game()
    page = signed_in(new_phone(browser, live_server.url))
    try:
        page.goto(f"/admin/games/game/{game.pk}/change/")
        look(page, "admin-game-phone", full_page=True)
        assert page.locator("input[name=_save]").count() == 0
        assert "Friday at Mark" in page.content()
    finally:
        page.context.close()
