import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.games.web import family_game, over_limit_hands, stored_game, worked_hands

pytestmark = pytest.mark.django_db


def test_it_shows_the_hand_dealer_first_player_and_pool(client):
    game = stored_game(hands=worked_hands()[:2])
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Hand 3" in html
    assert "<strong>John</strong> deals · Frank plays first" in html
    assert "Pool <strong>£2.00</strong>" in html
    assert 'name="number" value="3"' in html


def test_every_total_and_net_agrees_with_export_game(client, capsys):
    game = stored_game(hands=worked_hands()[:4])
    html = client.get(game.get_absolute_url()).content.decode()
    call_command("export_game", str(game.pk))
    results = json.loads(capsys.readouterr().out)["results"]
    for name, player in results["players"].items():
        net = player["net"]
        shown = ("+£" + net) if not net.startswith("-") and net != "0.00" else "-£" + net[1:]
        assert f"<td>{player['total']}</td>" in html, name
        assert shown in html or net == "0.00", name


def test_it_offers_one_value_field_per_player_with_a_numeric_keypad(client):
    game = stored_game()
    html = client.get(game.get_absolute_url()).content.decode()
    for seat, name in enumerate(["Andy", "Mark", "John", "Frank"]):
        assert f'<label for="value-{seat}">{name}</label>' in html
        assert f'name="value-{seat}"' in html
    assert html.count('inputmode="numeric"') == 4
    assert "Record hand" in html and "Void hand" in html


def test_it_shows_the_watch_link_as_a_qr_code(client):
    game = stored_game()
    html = client.get(game.get_absolute_url()).content.decode()
    image = f'<img src="/w/{game.share_token}/qr.svg" alt="QR code of the watch link"'
    assert image in html  # loaded only once its section is open
    assert game.share_url() in html
    response = client.get(f"/w/{game.share_token}/qr.svg")
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<?xml") and b"<svg" in response.content


def test_it_marks_a_player_who_is_out(client):
    game = stored_game(hands=worked_hands())
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'class="out"' in html
    assert '<span class="tag">out</span>' in html


def test_it_asks_for_a_buy_in_instead_of_a_hand(client):
    game = stored_game(hands=over_limit_hands())
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Mark is on 175 — buy in for £0.50 and go back to 127?" in html
    assert "Record hand" not in html


def test_an_unknown_link_is_not_found(client):
    assert client.get("/g/nothing-here/").status_code == 404


def test_the_watch_link_does_not_open_the_scoring_page(client):
    game = stored_game()
    assert client.get(f"/g/{game.share_token}/").status_code == 404


def test_the_game_over_page_offers_undo_and_settle_up(client):
    game = stored_game(hands=worked_hands(), stakes=None)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "<strong>John</strong> wins the pool of 25." in html
    assert "Mark pays John 16" in html
    assert "Undo last hand (5)" in html


def test_the_table_page_costs_as_many_queries_for_forty_hands_as_for_one(client):
    short = stored_game(hands=[{"void": True}])
    long = stored_game(hands=[{"void": True}] * 40)
    counts = []
    for game in (short, long):
        client.get(game.get_absolute_url())  # the session exists from here on
        with CaptureQueriesContext(connection) as queries:
            client.get(game.get_absolute_url())
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_it_shows_the_last_hand_so_the_table_can_check_it(client):
    game = stored_game(hands=worked_hands()[:3])
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Last hand (3): John won by kalookie — Andy 38, Mark 53, Frank 40." in html


def test_the_card_counter_has_the_north_american_values(client):
    game = family_game("north-american")
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'data-rank="A" data-value="15"' in html
    assert 'data-rank="Joker" data-value="25"' in html


def test_opening_the_table_again_only_reads(client):
    game = stored_game(hands=worked_hands()[:2])
    client.get(game.get_absolute_url())
    with CaptureQueriesContext(connection) as captured:
        assert client.get(game.get_absolute_url()).status_code == 200
    # the game and the session: its crumbs (a club, a night) and its words are kept by the
    # game's revision and display token, so neither is read again, nor are its hands
    assert [q["sql"].split()[0] for q in captured] == ["SELECT"] * 2


def test_the_hand_form_opens_on_the_standing_the_hand_the_dealer_totals_and_room(client):
    game = stored_game(hands=worked_hands()[:2])
    html = client.get(game.get_absolute_url()).content.decode()
    strip = html[html.index('<div class="strip">') : html.index("</ul>", html.index("strip"))]
    assert '<h2 id="hand-title">Hand 3 · John deals</h2>' in strip
    assert "Andy <strong>85</strong> <small>(65 to go)</small>" in strip
    assert "Mark <strong>92</strong>" in strip


def test_game_over_offers_the_result_to_share_and_a_new_game_with_the_same_players(client):
    game = stored_game(hands=worked_hands())
    html = client.get(game.get_absolute_url()).content.decode()
    assert '<button type="button" class="primary" data-share' in html
    assert (
        '<pre id="share-text">Friday at Mark&#x27;s: John wins the pool of £2.50.\n'
        "Andy -£0.70, Mark -£1.60, John +£3.00, Frank -£0.70\n"
        "Mark pays John £1.60\n" in html
    )
    assert f'href="/new/?again={game.edit_token}">New game with the same players</a>' in html


def test_the_scoring_code_is_shown_only_past_a_warning(client):
    game = stored_game(hands=worked_hands()[:1])
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Score on another phone" in html and "lets that phone record, undo and delete" in html
    assert "QR code of the scoring link" not in html
    html = client.get(game.get_absolute_url() + "?handover=1").content.decode()
    assert 'aria-label="QR code of the scoring link"' in html
    assert '<details class="handover" id="handover" open>' in html
