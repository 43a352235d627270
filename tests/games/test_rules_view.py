import pytest

from tests.games.web import family_game, stored_game

pytestmark = pytest.mark.django_db


def test_the_british_rules_card_gives_the_first_meld_jokers_aces_limit_and_buy_ins(client):
    game = stored_game()
    html = client.get(f"/g/{game.edit_token}/rules/").content.decode()
    assert "at least 40 points" in html
    assert "jokers 15, aces 11" in html
    assert "more than 150 penalty points" in html
    assert "up to 2 times" in html
    assert "£0.10" in html  # was "0.10 GBP": the rules card writes money as every page does


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


def test_the_jamaica_rules_card_lists_the_deals_with_contracts_and_both_aces(client):
    game = stored_game(rules={"preset": "jamaica"}, stakes=None)
    html = client.get(f"/g/{game.edit_token}/rules/").content.decode()
    assert "Deal 1: 9 cards, three threes." in html
    assert "Deal 9: 16 cards, four fours." in html
    assert "black aces 15, red aces 1" in html
    assert "The lowest total after the last deal wins." in html
    assert "buy back in" not in html


def test_the_north_american_rules_card_gives_the_target_and_the_money(client):
    game = stored_game(
        rules={"preset": "north-american", "target": 500},
        stakes={"currency": "GBP", "per_point": "0.01", "initial": "1.00"},
    )
    html = client.get(f"/g/{game.edit_token}/rules/").content.decode()
    assert "the first to 500 points; the highest total wins" in html
    assert "Each loser pays the winner £0.01 a point they hold." in html  # was "0.01 GBP"
    assert "jokers 25, aces 15" in html


def test_the_scarne_rules_card_counts_cards_and_jokers(client):
    game = stored_game(rules={"preset": "scarne"}, stakes=None)
    html = client.get(f"/g/{game.edit_token}/rules/").content.decode()
    assert "a point for each card left in hand and one more for each joker" in html


def test_the_trinidad_rules_card_says_going_out_doubles_nothing(client):
    game = family_game("trinidad")
    html = client.get(f"/g/{game.edit_token}/rules/").content.decode()
    assert "never doubled" in html
    assert "bending the table" not in html and "doubles the others" not in html


def test_the_trinidad_rules_card_scores_a_lost_challenge_as_source_001_does(client):
    trinidad = client.get(f"/g/{family_game('trinidad').edit_token}/rules/").content.decode()
    assert "more than three calls, or challenging wrongly) scores their cards plus 50" in trinidad
    assert "a false contract" not in trinidad  # Jamaica's penalty, not Trinidad's
    jamaica = client.get(f"/g/{family_game('jamaica').edit_token}/rules/").content.decode()
    assert "a false contract" in jamaica and "challenging wrongly" not in jamaica


def test_a_trinidad_table_asks_nothing_about_bending_the_table_unless_a_house_rule_doubles(client):
    plain = client.get(family_game("trinidad").get_absolute_url()).content.decode()
    assert "Bent the table" not in plain and 'name="kalookie"' not in plain
    doubled = family_game("trinidad", kalookie_doubles_penalties=True)
    assert "Bent the table" in client.get(doubled.get_absolute_url()).content.decode()
    assert (
        "Bent the table" in client.get(family_game("jamaica").get_absolute_url()).content.decode()
    )


def test_a_trinidad_score_sheet_marks_no_bending_of_the_table_unless_a_house_rule_doubles(client):
    plain = client.get(f"/g/{family_game('trinidad').edit_token}/sheet/").content.decode()
    assert "Points (* won); lowest wins" in plain and "bent the table" not in plain
    doubled = family_game("trinidad", kalookie_doubles_penalties=True)
    assert "*K bent the table" in client.get(f"/g/{doubled.edit_token}/sheet/").content.decode()
    jamaica = client.get(f"/g/{family_game('jamaica').edit_token}/sheet/").content.decode()
    assert "*K bent the table" in jamaica


def test_a_stake_of_one_unit_is_written_one_unit_not_one_units(client):
    game = stored_game(stakes=None)
    html = client.get(f"/g/{game.edit_token}/rules/").content.decode()
    assert "pay the winner 1 unit (2 units for a kalookie)" in html
    assert "1 units" not in html
