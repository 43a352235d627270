"""The room's board: a club's tables and a tournament's round, by a signed link, cacheable like
a watch page, with nothing private on it."""

import re

import pytest
from django.urls import reverse

from kalooki_ledger import rules as engine
from kalooki_ledger.clubs import board, tournaments
from kalooki_ledger.clubs.models import Tournament
from kalooki_ledger.games import commands
from kalooki_ledger.games.handles import SetHandle
from kalooki_ledger.games.models import Game
from tests.clubs.factories import (
    PASSWORD,
    club_game,
    finish_table,
    join,
    make_club,
    make_user,
    short_game,
    tournament_with,
)

pytestmark = pytest.mark.django_db


def scored(game: Game, winner: str, **values: int) -> None:
    """A hand recorded as a table's phone records it: through the command, moving the version."""
    game = Game.objects.get(pk=game.pk)
    number = game.ledger().next_hand_number
    hand = engine.Hand(winner=winner, penalties=values)
    sent = commands.Sent(game.version, "", "board test")
    assert (
        commands.apply(game, sent, commands.RecordHand(number, hand=hand)).verdict
        is commands.Verdict.APPLIED
    )


def test_a_board_link_with_a_wrong_signature_is_not_found(client):
    club = make_club()
    url = board.board_url("club", club.pk)
    assert client.get(url).status_code == 200
    assert client.get(url.replace("/club/", "/tournament/")).status_code == 404
    assert client.get(re.sub(r"/[^/]+/$", "/forged/", url)).status_code == 404


def test_the_club_board_shows_the_tables_playing_now_and_is_cacheable(client):
    club = make_club()
    playing = club_game(club, short_game(["Ann", "Bob", "Cy"], "Ann"), title="Side table")
    playing.hands.all().delete()  # not over: the one hand taken back
    playing.touch()
    response = client.get(board.board_url("club", club.pk))
    html = response.content.decode()
    assert "Side table" in html and "Ann" in html
    assert response["Cache-Control"] == "public, max-age=2, stale-while-revalidate=30"
    assert "Cookie" not in response.get("Vary", "")
    again = client.get(
        board.board_url("club", club.pk), headers={"If-None-Match": response["ETag"]}
    )
    assert again.status_code == 304


def test_a_board_poll_is_204_while_nothing_changed_and_200_after_a_hand(client):
    club = make_club()
    tournament = tournament_with(club)
    url = board.board_url("tournament", tournament.pk)
    key = re.search(r'\?v=([0-9a-f]+)"', client.get(url).content.decode()).group(1)
    assert client.get(url, {"v": key}, headers={"HX-Request": "true"}).status_code == 204
    table = tournaments.load(tournament).heats[0]
    names = list(table.people)
    scored(table.game, names[0], **{names[1]: 20, names[2]: 30, names[3]: 40})
    fresh = client.get(url, {"v": key}, headers={"HX-Request": "true"})
    assert fresh.status_code == 200
    assert 'id="board"' in fresh.content.decode()


def test_a_club_boards_frame_stands_while_its_tables_score_and_moves_when_one_ends(client):
    club = make_club()
    tables = []
    for n in (1, 2):
        game = club_game(club, short_game(["Ann", "Bob", "Cy"], "Ann"), title=f"Table {n}")
        game.hands.all().delete()  # playing: the one hand taken back
        game.touch()
        tables.append(game)
    url = board.board_url("club", club.pk)
    key = re.search(r'id="board"[^>]* hx-get="[^"?]+\?v=([0-9a-f]+)"', client.get(url).text)[1]

    def frame() -> int:
        return client.get(url, {"v": key}, headers={"HX-Request": "true"}).status_code

    scored(tables[0], "Bob", Ann=20, Cy=30)  # its own panel shows it: the frame stands
    assert frame() == 204
    scored(tables[1], "Cy", Ann=148, Bob=148)  # over: it leaves the board
    assert frame() == 200
    fresh = client.get(url, {"v": key}, headers={"HX-Request": "true"}).text
    assert "Table 1" in fresh and "Table 2" not in fresh


def test_a_tournament_board_shows_the_round_waiting_out_next_round_and_pot(client):
    club = make_club()
    tournament = tournament_with(club, count=24)
    state = tournaments.load(tournament)
    loser = None
    for table in state.heats[:2]:
        finish_table(table.game)
    state = tournaments.load(tournament)
    loser = state.heats[0].out()[0]
    tournaments.buy_in(tournament, loser, state.heats[0].table)
    html = client.get(board.board_url("tournament", tournament.pk)).content.decode()
    assert "Waiting to buy in" in html and loser.name in html
    assert "Semi-final A" in html and "Next round" in html
    assert "Prize pot" in html and "Out" in html
    assert html.count('class="room-table') == 6  # the heats: six tables of four
    assert "/g/" not in html  # no scoring link


def test_no_handle_and_no_scoring_link_is_ever_on_a_board(client):
    club = make_club()
    game = club_game(
        club,
        short_game(
            ["Ann", "Bob", "Cy"], "Ann", stakes={"currency": "GBP", "call_up": "1", "initial": "5"}
        ),
    )
    game.hands.all().delete()
    game.touch()
    sent = commands.Sent(game.version, "", "test")
    assert (
        commands.apply(game, sent, SetHandle(game, "Bob", "monzo", "bobbyb")).verdict
        is commands.Verdict.APPLIED
    )
    html = client.get(board.board_url("club", club.pk)).content.decode()
    panel = client.get(reverse("games:room_panel", args=[game.share_token])).content.decode()
    for page in (html, panel):
        assert "bobbyb" not in page and "monzo" not in page.lower()
        assert game.edit_token not in page


def test_an_organiser_opens_the_boards_from_the_club_page(client):
    club = make_club()
    tournament_with(club)
    join(club, make_user("neil"), "organiser")
    join(club, make_user("rita"), "member")
    client.login(username="rita", password=PASSWORD)
    assert "Board for the room" not in client.get(club.get_absolute_url()).content.decode()
    client.login(username="neil", password=PASSWORD)
    html = client.get(club.get_absolute_url()).content.decode()
    assert board.board_url("club", club.pk) in html
    assert board.board_url("tournament", Tournament.objects.get().pk) in html


def test_a_tables_panel_polls_like_a_watch_page(client):
    club = make_club()
    game = club_game(club, short_game(["Ann", "Bob", "Cy"], "Ann"))
    url = reverse("games:room_panel", args=[game.share_token])
    first = client.get(url, headers={"HX-Request": "true"})
    assert first["Cache-Control"] == "public, max-age=2, stale-while-revalidate=30"
    polled = re.search(r"\?v=([0-9a-f]+)", first.content.decode()).group(1)
    unchanged = client.get(url, {"v": polled}, headers={"HX-Request": "true"})
    assert unchanged.status_code == 204


def test_an_organiser_opens_a_tournaments_board_from_its_desk(client):
    club = make_club()
    tournament = tournament_with(club)
    join(club, make_user("neil"), "organiser")
    client.login(username="neil", password=PASSWORD)
    html = client.get(tournament.get_absolute_url()).content.decode()
    assert board.board_url("tournament", tournament.pk) in html


def test_a_small_tournaments_board_fills_the_final_with_the_top_two_of_its_two_tables(client):
    tournament = tournament_with(make_club(), 8)
    finish_table(tournaments.load(tournament).heats[0].game)
    html = client.get(board.board_url("tournament", tournament.pk)).content.decode()
    seating = re.search(r'class="board-seating">(.*?)</p>', html, re.S).group(1)
    top_two = tournaments.load(tournament).heats[0].top_two()
    assert "Final" in seating and "(2 of 4)" in seating
    assert all(p.name in seating for p in top_two)


@pytest.mark.parametrize(
    ("tables", "pages", "grid"),
    [
        (1, [1], (1, 1)),
        (2, [2], (2, 1)),
        (4, [4], (2, 2)),
        (5, [5], (3, 2)),
        (8, [8], (4, 2)),
        (9, [9], (3, 3)),
        (12, [12], (4, 3)),
        (13, [7, 6], (4, 2)),
        (25, [9, 9, 7], (3, 3)),
    ],
)
def test_the_board_lays_the_tables_out_to_fill_a_screen_and_shares_them_over_pages(
    monkeypatch, tables, pages, grid
):
    monkeypatch.setattr(board.room, "panel_context", lambda game: {})
    laid = board._pages([(f"Table {n}", None) for n in range(1, tables + 1)])
    assert [len(page.tables) for page in laid] == pages
    assert {(page.cols, page.rows) for page in laid} == {grid}
    assert laid[-1].tables[-1]["label"] == f"Table {tables}"
