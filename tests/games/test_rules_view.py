import pytest

from tests.games.web import stored_game

pytestmark = pytest.mark.django_db


def test_the_british_rules_card_gives_the_first_meld_jokers_aces_limit_and_buy_ins(client):
    game = stored_game()
    html = client.get(f"/g/{game.edit_token}/rules/").content.decode()
    assert "at least 40 points" in html
    assert "jokers 15, aces 11" in html
    assert "more than 150 penalty points" in html
    assert "up to 2 times" in html
    assert "0.10 GBP" in html


def test_the_blackpool_card_has_a_first_meld_of_51_and_no_buy_ins(client):
    game = stored_game(rules={"preset": "blackpool"})
    html = client.get(f"/w/{game.share_token}/rules/").content.decode()
    assert "at least 51 points" in html
    assert "No buy-ins" in html
    assert "more than 100 penalty points" in html


def test_the_bonus_point_card_says_reaching_150_is_out_and_kalookies_double(client):
    game = stored_game(rules={"preset": "kaluki-003"}, stakes=None)
    html = client.get(f"/g/{game.edit_token}/rules/").content.decode()
    assert "out on reaching 150" in html
    assert "doubles the others" in html
    assert "No money is played for" in html


def test_the_table_page_links_to_the_rules_card(client):
    game = stored_game()
    html = client.get(game.get_absolute_url()).content.decode()
    assert f'href="/g/{game.edit_token}/rules/"' in html
