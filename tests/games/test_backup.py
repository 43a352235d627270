"""export_game with no ID writes every game; import_game of that file restores them all."""

import io
import itertools
import json
import os
import sys

import pytest
from django.core.management import CommandError, call_command

from kalooki_ledger import rules as engine
from kalooki_ledger.games import commands, store
from kalooki_ledger.games.models import Game, Hand
from tests.games.test_site_backup import build_site
from tests.helpers import manage, record, worked_example

pytestmark = pytest.mark.db_specific


def run(name, *args, stdin=None):
    out = io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        call_command(name, *args, stdout=out)
    finally:
        sys.stdin = old
    return out.getvalue()


def some_games() -> list[dict]:
    in_progress = record(
        ["Ann", "Bob", "Cy"],
        [{"winner": "Ann", "penalties": {"Bob": 20, "Cy": 33}}, {"void": True}],
        title="Still going",
        stakes={"currency": "GBP", "call_up": "0.10", "kalookie": "0.20", "initial": "0.50"},
    )
    stopped = record(
        ["Ann", "Bob"],
        [{"winner": "Bob", "cards": {"Ann": ["Joker", "AS", "10H"]}}],
        stopped={"settle": "refund"},
        rules={"preset": "swedish", "max_buy_ins": None},
    )
    return [worked_example(), in_progress, stopped]


@pytest.mark.django_db
def test_a_backup_restores_every_game_identically():
    for data in some_games():
        run("import_game", "-", stdin=json.dumps(data))
    backup = run("export_game")
    assert [g["title"] for g in json.loads(backup)][1] == "Still going"

    Game.objects.all().delete()
    restored = json.loads(run("import_game", "-", stdin=backup))

    assert len(restored) == 3 and Game.objects.count() == 3
    assert run("export_game") == backup


@pytest.mark.django_db
def test_a_backup_with_one_bad_game_restores_nothing():
    games = some_games()
    games[2]["hands"][0]["cards"]["Ann"] = ["Joker", "Joker", "Joker"]
    with pytest.raises(CommandError, match="record 3: Hand 1, Ann: the deck has only 2 jokers"):
        run("import_game", "-", stdin=json.dumps(games))
    assert Game.objects.count() == 0 and Hand.objects.count() == 0


@pytest.mark.django_db
def test_export_of_an_unknown_game_says_so():
    with pytest.raises(CommandError, match="there is no game with id 999"):
        run("export_game", "999")


def conflicted_game() -> Game:
    """The worked example as the site holds it after hand 3 was deleted on the score sheet:
    hand 3 (once 4) keeps Mark's buy-in, which nobody asks for any more."""
    game = store.import_record(worked_example())
    sent = commands.Sent(game.version, "delete-hand-3", "iPhone 1")
    assert commands.apply(game, sent, commands.DeleteHand(3)).applied
    return game


@pytest.mark.django_db
def test_a_conflicted_game_round_trips_through_its_record_with_the_same_conflicts():
    game = conflicted_game()
    exported = run("export_game", str(game.pk))
    problems = [
        (p.hand, p.player, p.message) for p in Game.objects.get(pk=game.pk).ledger().problems
    ]
    assert problems and problems[0][:2] == (3, "Mark")

    restored = json.loads(run("import_game", "-", stdin=exported))

    again = Game.objects.get(pk=restored["id"])
    assert [(p.hand, p.player, p.message) for p in again.ledger().problems] == problems
    assert run("export_game", str(again.pk)) == exported


# Edits the site allows that leave later hands impossible, each a different kind of conflict.
EDITS_THAT_CONFLICT = {
    "a player out after hand 1 still plays later hands": (
        1,
        engine.Hand(winner="John", penalties={"Andy": 85, "Mark": 42, "Frank": 140}),
    ),
    "a player who dropped out after hand 3 wins hand 5": (
        3,
        engine.Hand(
            winner="Andy", penalties={"Mark": 53, "John": 140, "Frank": 40}, buy_ins={"John": False}
        ),
    ),
    "a buy-in kept for a player no longer over the limit": (1, engine.Hand(void=True)),
}


@pytest.mark.django_db
@pytest.mark.parametrize("conflict", list(EDITS_THAT_CONFLICT))
def test_every_kind_of_conflicted_game_round_trips_through_its_record(conflict):
    number, hand = EDITS_THAT_CONFLICT[conflict]
    game = store.import_record(worked_example())
    sent = commands.Sent(game.version, "edit-that-conflicts", "iPhone 1")
    assert commands.apply(game, sent, commands.EditHand(number, hand=hand)).applied
    problems = problems_of(game)
    assert any(p[0] > number for p in problems)
    assert_it_imports_back_the_same(game, problems)


def problems_of(game: Game) -> list[tuple]:
    return [(p.hand, p.player, p.code) for p in Game.objects.get(pk=game.pk).ledger().problems]


def assert_it_imports_back_the_same(game: Game, problems: list[tuple]) -> None:
    """Exported and imported again, the game shows the same conflicts and exports the same."""
    exported = run("export_game", str(game.pk))
    restored = json.loads(run("import_game", "-", stdin=exported))
    again = Game.objects.get(pk=restored["id"])
    assert problems_of(again) == problems
    assert run("export_game", str(again.pk)) == exported


@pytest.mark.django_db
def test_a_backup_holding_a_conflicted_game_restores_every_game(client):
    for data in some_games():
        run("import_game", "-", stdin=json.dumps(data))
    conflicted_game()
    backup = run("export_game")

    Game.objects.all().delete()
    restored = json.loads(run("import_game", "-", stdin=backup))

    assert len(restored) == 4 and run("export_game") == backup
    sheet = client.get(f"{restored[3]['url']}sheet/").content.decode()
    assert "was not offered a buy-in" in sheet


@pytest.mark.django_db
def test_every_game_a_whole_site_holds_round_trips_through_its_record():
    build_site()  # games scored on the pages, a club's, a tournament's tables
    conflicted_game()
    backup = run("export_game")

    restored = json.loads(run("import_game", "-", stdin=backup))

    assert len(restored) == Game.objects.count() // 2 >= 8
    again = [json.loads(run("export_game", str(game["id"]))) for game in restored]
    assert again == json.loads(backup)


def out_after_an_edit() -> Game:
    """A limit-50 game whose hand 2 is edited so Bob goes out (30 + 25, dropping out) while
    hand 3 still holds his value: the site keeps hand 3 and shows the conflict."""
    game = store.import_record(
        record(
            ["Ann", "Bob", "Cat"],
            [
                {"winner": "Ann", "penalties": {"Bob": 30, "Cat": 10}},
                {"winner": "Cat", "penalties": {"Ann": 10, "Bob": 5}},
                {"winner": "Ann", "penalties": {"Bob": 10, "Cat": 10}},
            ],
            rules={"preset": "british", "limit": 50},
        )
    )
    edit = commands.EditHand(
        2, hand=engine.Hand(winner="Cat", penalties={"Ann": 10, "Bob": 25}, buy_ins={"Bob": False})
    )
    assert commands.apply(game, commands.Sent(game.version, "bob-out", "iPhone 1"), edit).applied
    return game


@pytest.mark.django_db
def test_a_game_whose_edit_put_a_player_out_before_a_hand_holding_his_value_imports_back():
    game = out_after_an_edit()
    problems = problems_of(game)
    assert problems == [(3, "Bob", "out-has-value")]
    assert_it_imports_back_the_same(game, problems)


@pytest.mark.django_db
def test_that_game_imports_back_in_another_process_on_another_database(tmp_path):
    """As a club does it: export_game on one server, import_game on another, each its own
    process (another hash seed: nothing may hang on the order of a set)."""
    path = tmp_path / "game.json"
    path.write_text(run("export_game", str(out_after_an_edit().pk)))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}",
        "PYTHONHASHSEED": "4242",
    }
    for command in (["migrate", "-v0"], ["import_game", str(path)]):
        done = manage(env, *command, timeout=300)
        assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["id"] == 1


def edits_of(data: dict):
    """Edits a score sheet can make to each hand of a record: a loser's value raised (past the
    limit or not, with and without a buy-in decision), the hand voided, another winner."""
    for number, hand in enumerate(data["hands"], 1):
        winner, values = hand["winner"], hand["penalties"]
        for loser, value, decided in itertools.product(values, (148, 60), (None, False, True)):
            penalties = {**values, loser: value}
            buy_ins = {} if decided is None else {loser: decided}
            yield number, engine.Hand(winner=winner, penalties=penalties, buy_ins=buy_ins)
        yield number, engine.Hand(void=True)
        for other in values:
            penalties = {p: v for p, v in values.items() if p != other} | {winner: 10}
            yield number, engine.Hand(winner=other, penalties=penalties)


@pytest.mark.django_db
def test_every_game_an_edit_of_the_worked_example_leaves_imports_back_as_the_same_game():
    saved = conflicted = 0
    for number, hand in edits_of(worked_example()):
        game = store.import_record(worked_example())
        sent = commands.Sent(game.version, f"edit-{number}", "iPhone 1")
        if not commands.apply(game, sent, commands.EditHand(number, hand=hand)).applied:
            continue  # refused: the site never holds it
        saved += 1
        problems = [
            (p.hand, p.player, p.code) for p in Game.objects.get(pk=game.pk).ledger().problems
        ]
        conflicted += bool(problems)
        exported = run("export_game", str(game.pk))
        again = Game.objects.get(pk=json.loads(run("import_game", "-", stdin=exported))["id"])
        assert [(p.hand, p.player, p.code) for p in again.ledger().problems] == problems
        assert json.loads(run("export_game", str(again.pk))) == json.loads(exported)
    assert saved >= 40 and conflicted >= 10  # many games, many of them conflicted
