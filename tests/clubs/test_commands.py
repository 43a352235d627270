"""import_game stores records (filed under a club with --club); export_club prints a club's
figures."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from kalooki_ledger.clubs.models import Club, ClubGame, ClubPlayer, SeatPerson
from kalooki_ledger.games.models import Game, Hand
from tests.clubs.factories import make_club, make_players, short_game
from tests.helpers import record, worked_example

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent.parent


def run(name, *args, stdin=None):
    out = io.StringIO()
    if stdin is not None:
        import sys

        old, sys.stdin = sys.stdin, io.StringIO(stdin)
        try:
            call_command(name, *args, stdout=out)
        finally:
            sys.stdin = old
    else:
        call_command(name, *args, stdout=out)
    return out.getvalue()


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_it_imports_the_worked_example_and_prints_its_links(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(worked_example()))
    printed = json.loads(run("import_game", str(path)))
    game = Game.objects.get(pk=printed["id"])
    assert printed["url"] == f"/g/{game.edit_token}/"
    assert printed["share_url"] == f"/w/{game.share_token}/"
    assert len(game.edit_token) >= 22 and game.edit_token != game.share_token


def test_it_refuses_a_hand_worth_149_and_stores_nothing():
    bad = record(["Andy", "Mark"], [{"winner": "Andy", "penalties": {"Mark": 149}}])
    with pytest.raises(CommandError, match=r"Hand 1, Mark: no 13-card hand is worth more than 148"):
        run("import_game", "-", stdin=json.dumps(bad))
    assert Game.objects.count() == 0 and Hand.objects.count() == 0


def test_a_file_that_is_no_record_points_to_the_projects_own_format_page(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not JSON")
    with pytest.raises(CommandError, match=r"\(the format: docs/record-format\.md\)$"):
        run("import_game", str(path))
    assert (ROOT / "docs" / "record-format.md").is_file()
    assert Game.objects.count() == 0


def test_import_with_club_makes_the_club_and_its_players(tmp_path):
    printed = json.loads(run("import_game", write(tmp_path, worked_example()), "--club", "friday"))
    game = Game.objects.get(pk=printed["id"])
    assert set(printed) == {"id", "url", "share_url"}
    club = Club.objects.get(slug="friday")
    assert ClubGame.objects.get(game=game).club == club
    assert sorted(club.players.values_list("name", flat=True)) == ["Andy", "Frank", "John", "Mark"]
    assert SeatPerson.objects.filter(seat__game=game).count() == 4


def test_import_with_club_matches_existing_players_whatever_the_case(tmp_path):
    club = make_club()
    (andy,) = make_players(club, "andy")
    run("import_game", write(tmp_path, worked_example()), "--club", "friday")
    assert club.players.count() == 4
    assert SeatPerson.objects.get(seat__name="Andy").person == andy


def test_import_without_club_files_nothing_and_prints_as_before(tmp_path):
    printed = json.loads(run("import_game", write(tmp_path, worked_example())))
    assert set(printed) == {"id", "url", "share_url"}
    assert not ClubGame.objects.exists() and not Club.objects.exists()


def test_a_bad_record_with_club_stores_nothing_not_even_the_club(tmp_path):
    bad = record(["Andy", "Mark"], [{"winner": "Andy", "penalties": {"Mark": 149}}])
    good = worked_example()
    with pytest.raises(CommandError, match="record 2: Hand 1, Mark"):
        run("import_game", write(tmp_path, [good, bad]), "--club", "friday")
    assert not Club.objects.exists() and not Game.objects.exists()
    assert not ClubPlayer.objects.exists()


def test_a_slug_with_no_letters_is_refused(tmp_path):
    with pytest.raises(CommandError, match="letters, numbers and hyphens"):
        run("import_game", write(tmp_path, worked_example()), "--club", "!!!")
    assert not Game.objects.exists()


def test_export_club_gives_the_worked_examples_figures(tmp_path):
    run("import_game", write(tmp_path, worked_example()), "--club", "friday")
    printed = json.loads(run("export_club", "friday"))
    assert printed["url"] == "/clubs/friday/"
    assert printed["players"] == {
        "John": {"games": 1, "wins": 1, "kalookies": 1, "buy_ins": 0, "net": "30"},
        "Andy": {"games": 1, "wins": 0, "kalookies": 0, "buy_ins": 0, "net": "-7"},
        "Frank": {"games": 1, "wins": 0, "kalookies": 0, "buy_ins": 0, "net": "-7"},
        "Mark": {"games": 1, "wins": 0, "kalookies": 0, "buy_ins": 1, "net": "-16"},
    }


def test_export_club_adds_up_two_games(tmp_path):
    # Second game: Andy wins at once; Mark, John, Frank each pay 1 and lose their 5 stake.
    second = short_game(["Andy", "Mark", "John", "Frank"], "Andy")
    run("import_game", write(tmp_path, [worked_example(), second]), "--club", "friday")
    players = json.loads(run("export_club", "friday"))["players"]
    assert players["Andy"] == {"games": 2, "wins": 1, "kalookies": 0, "buy_ins": 0, "net": "11"}
    assert players["John"]["net"] == "24" and players["John"]["wins"] == 1
    assert players["Mark"]["net"] == "-22"
    assert sum(int(p["net"]) for p in players.values()) == 0


def test_export_club_names_an_unknown_slug():
    with pytest.raises(CommandError, match="no club has the slug 'nowhere'"):
        run("export_club", "nowhere")
