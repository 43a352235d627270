import json
import re

import pytest
from django.core.management import call_command

from tests.games.web import (
    family_game,
    hand_post,
    jamaica_with_penalties,
    stored_game,
    worked_hands,
)

pytestmark = pytest.mark.django_db


def sheet_url(game) -> str:
    return f"/g/{game.edit_token}/sheet/"


def test_it_marks_winners_kalookies_and_buy_ins_as_on_000s_sheet(client):
    game = stored_game(hands=worked_hands(), stakes=None)
    html = client.get(sheet_url(game)).content.decode()
    assert '<td>85</td><td>42</td><td class="winner">* 0</td><td>30</td>' in html
    assert '<td class="kalookie">*K 45</td>' in html
    assert '<td class="buy-in">(127)</td>' in html


def test_its_payments_account_has_the_pool_row_and_totals_of_000(client):
    game = stored_game(hands=worked_hands(), stakes=None)
    html = client.get(sheet_url(game)).content.decode()
    assert "<td>-1</td><td>-1</td><td>+3</td><td>-1</td>" in html
    assert "<td>-2</td><td>-6</td><td>+10</td><td>-2</td>" in html
    assert "<td>-5</td><td>-10</td><td>+20</td><td>-5</td>" in html
    assert "<td><strong>-7</strong></td><td><strong>-16</strong></td>" in html
    assert "<td><strong>+30</strong></td>" in html


def test_it_marks_a_void_hand(client):
    game = stored_game(hands=[{"void": True}])
    html = client.get(sheet_url(game)).content.decode()
    assert "void (stock ran out twice)" in html


def test_it_shows_the_history_of_changes(client):
    game = stored_game()
    client.post(f"/g/{game.edit_token}/hands/", hand_post(1, "John", game, Andy=5, Mark=6, Frank=7))
    client.post(f"/g/{game.edit_token}/undo/", {"hand": "1"})
    html = client.get(sheet_url(game)).content.decode()
    assert "Hand 1: John won (Andy 5, Mark 6, Frank 7)" in html
    assert "Undid hand 1" in html
    assert html.index("Undid hand 1") < html.index("Hand 1: John won")


def test_the_historys_times_are_written_to_the_second_as_a_backup_keeps_them(client):
    game = stored_game()
    client.post(f"/g/{game.edit_token}/hands/", hand_post(1, "John", game, Andy=5, Mark=6, Frank=7))
    html = client.get(sheet_url(game)).content.decode()
    times = re.findall(r'<time datetime="([^"]+)">', html)
    assert times and all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000", t) for t in times)


def test_each_hand_links_to_its_edit_form(client):
    game = stored_game(hands=worked_hands()[:2])
    html = client.get(sheet_url(game)).content.decode()
    assert f'href="/g/{game.edit_token}/hands/2/edit/"' in html


def test_the_watch_sheet_has_no_edit_links_and_no_forms(client):
    game = stored_game(hands=worked_hands()[:2])
    html = client.get(f"/w/{game.share_token}/sheet/").content.decode()
    assert game.edit_token not in html
    assert "<form" not in html
    assert "Edit hand" not in html


def test_the_score_sheet_of_an_unknown_game_is_not_found(client):
    assert client.get("/g/nope/sheet/").status_code == 404
    assert client.get("/w/nope/sheet/").status_code == 404


def test_every_total_on_the_sheet_is_the_one_export_game_gives(client, capsys):
    game = stored_game(hands=worked_hands())
    html = client.get(sheet_url(game)).content.decode()
    call_command("export_game", str(game.pk))
    results = json.loads(capsys.readouterr().out)["results"]
    points = html.split("<tbody>")[1].split("</tbody>")[0]
    rows = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in points.split("</tr>")[:-1]]
    for cells, hand in zip(rows, results["hands"], strict=True):
        shown = [int(re.sub(r"[^0-9]", "", c.replace("*K", ""))) for c in cells]
        assert shown == [hand["totals"][p] for p in ["Andy", "Mark", "John", "Frank"]]


def test_a_jamaica_sheet_has_a_deal_column_and_no_pool_row(client):
    game = family_game("jamaica")
    client.post(
        f"/g/{game.edit_token}/hands/",
        {"number": "1", "action": "void"},
    )
    html = client.get(f"/g/{game.edit_token}/sheet/").content.decode()
    assert "Points (* won, *K bent the table); lowest wins" in html
    assert '<th scope="col">Deal</th>' in html
    assert "void (stock ran out twice): deal 1 dealt again" in html
    assert '<th scope="row">Pool</th>' not in html and '<th scope="row">Pot</th>' not in html


def test_a_north_american_sheet_with_a_pot_has_a_pot_row(client):
    game = family_game("north-american", stakes={"currency": "GBP", "initial": "1.00"})
    html = client.get(f"/g/{game.edit_token}/sheet/").content.decode()
    assert "Points (* won, *K kaluki); highest wins" in html
    assert '<th scope="row">Pot</th>' in html


def test_penalty_points_are_marked_on_the_sheet_and_told_in_a_footnote_with_the_reason(client):
    game = jamaica_with_penalties()
    html = client.get(sheet_url(game)).content.decode()
    assert '<td>100 <sup class="note">†1</sup></td>' in html
    assert "<li>†1 Hand 2, Cy: +50 penalty points — Lost a challenge</li>" in html
    history = html[html.index('id="history"') :]
    assert "Bob won by bending the table" not in history  # imported, so no hand lines yet


def test_penalty_points_show_in_the_last_hand_line_and_the_history(client):
    game = jamaica_with_penalties()
    table = client.get(game.get_absolute_url()).content.decode()
    assert (
        "Last hand (2): Bob won by bending the table — Ann 10, Cy 5; "
        "penalty points Cy +50 (Lost a challenge)." in table
    )
    data = {"number": "3", "winner": "Cy", "action": "record", "value-0": "20", "value-1": "30"}
    client.post(f"/g/{game.edit_token}/hands/", data | {"adjust-0": "10", "sign-0": "-"})
    html = client.get(sheet_url(game)).content.decode()
    assert "Hand 3: Cy won (Ann 20, Bob 30); penalty points Ann -10" in html


def test_each_hand_has_a_labelled_edit_link_and_the_legend_sits_outside_the_scroller(client):
    game = stored_game(hands=worked_hands()[:2])
    html = client.get(sheet_url(game)).content.decode()
    assert (
        f'<a class="edit" href="/g/{game.edit_token}/hands/2/edit/" aria-label="Edit hand 2">'
        '2 <span aria-hidden="true">Edit</span></a>' in html
    )
    legend = html.index('<h2 class="legend" id="points-title">')
    assert legend < html.index('<div class="scroll"')
    assert "<caption" not in html


def test_after_a_split_the_sheet_says_no_pot_now(client):
    game = stored_game(hands=worked_hands()[:2])
    client.post(f"/g/{game.edit_token}/stop/", {"settle": "split"})
    html = client.get(sheet_url(game)).content.decode()
    assert "Pool now" not in html and "Pot now" not in html
