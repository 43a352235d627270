"""Run by test_backup_under_load in processes of its own, each on a database of its own
(DATABASE_URL): `score DIR` scores six tables through the API from six threads while `backup`
runs ten times into DIR; `restore DIR` restores each backup into an empty database and checks
every game in it is a state the site really passed through, and imports back as the same game."""

import json
import os
import sys
import threading
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kalooki_ledger.settings")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connections  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from kalooki_ledger.games.models import Change, Game  # noqa: E402
from kalooki_ledger.rules import parse_record, replay, results_to_json  # noqa: E402
from tests.games.web import new_key, stored_game  # noqa: E402

TABLES = 6
BACKUPS = 10
FIRST = 2  # hands each table sends before the first backup
PER_BACKUP = 3  # and while each backup is taken
PLAYERS = ["Andy", "Mark", "John", "Frank"]


def migrate() -> None:
    call_command("migrate", interactive=False, verbosity=0)
    call_command("createcachetable", verbosity=0)


def new_table(starts: dict, number: int) -> Game:
    game = stored_game(title=f"Table {number}")
    # Each hand sent adds one version and one history line to what it starts with.
    starts[game.edit_token] = (game.version, game.changes.count())
    return game


class Rounds:
    """The tables' turns: each table sends its share of a round's hands (a hand refused for a
    buy-in, which starts a new game, is no share) while that round's backup is taken, then waits
    for the next round, so six tables neither starve the backup of the interpreter nor stop."""

    def __init__(self) -> None:
        self.turn = threading.Condition()
        self.allowed, self.sent, self.stopped = 0, 0, False
        self.errors: list[str] = []

    def next(self, hands: int) -> None:
        with self.turn:
            self.allowed += hands
            self.turn.notify_all()

    def may_send(self, mine: int) -> bool:
        """Waits until a table that sent `mine` hands may send another; False once stopped."""
        with self.turn:
            self.turn.wait_for(lambda: self.stopped or mine < self.allowed)
            return not self.stopped

    def note(self, error: str | None = None) -> None:
        """A hand sent, or a table's error."""
        with self.turn:
            if error:
                self.errors.append(error)
            else:
                self.sent += 1
            self.turn.notify_all()

    def until_sent(self, hands: int) -> None:
        with self.turn:  # a ceiling on the wait, not a timing: a table stuck fails the run
            assert self.turn.wait_for(lambda: self.sent >= hands or self.errors, 120), self.sent

    def stop(self) -> None:
        with self.turn:
            self.stopped = True
            self.turn.notify_all()


def score(number: int, starts: dict, rounds: Rounds) -> None:
    """One table: a hand after another through the API, two or three points a loser, and a new
    game when one is won, as its turns let it."""
    client = Client()
    try:
        game, hand, mine = new_table(starts, number), 0, 0
        while rounds.may_send(mine):
            hand += 1
            winner = PLAYERS[hand % 4]
            body = {
                "number": hand,
                "winner": winner,
                "penalties": {p: 2 + hand % 2 for p in PLAYERS if p != winner},
            }
            response = client.post(
                f"/api/v1/games/{game.edit_token}/hands",
                json.dumps(body),
                content_type="application/json",
                headers={"Idempotency-Key": new_key()},
            )
            ledger = Game.objects.get(pk=game.pk).ledger()
            if response.status_code != 201 and ledger.status != "in-progress":  # a buy-in or out
                game, hand = new_table(starts, number), 0
                continue
            assert response.status_code == 201, response.content[:300]
            mine += 1
            rounds.note()
    except Exception as error:
        rounds.note(repr(error)[:500])
    finally:
        connections.close_all()


def scored(folder: Path) -> None:
    migrate()
    starts, rounds = {}, Rounds()
    numbers = range(1, TABLES + 1)
    tables = [threading.Thread(target=score, args=(n, starts, rounds)) for n in numbers]
    for table in tables:
        table.start()
    try:
        rounds.next(FIRST)  # the tables scoring before the first backup
        rounds.until_sent(FIRST * TABLES)
        for n in range(BACKUPS):
            rounds.next(PER_BACKUP)  # the tables score while this backup is taken
            call_command("backup", str(folder / f"backup-{n}.json"))
            rounds.until_sent((FIRST + PER_BACKUP * (n + 1)) * TABLES)
    finally:
        rounds.stop()
        for table in tables:
            table.join()
    assert not rounds.errors, rounds.errors
    (folder / "starts.json").write_text(json.dumps(starts))
    print(f"{rounds.sent} hands scored while {BACKUPS} backups were taken")


def wipe() -> None:
    from tests.games.test_site_backup import wipe as empty

    empty()


def restored(folder: Path) -> None:
    migrate()
    starts = json.loads((folder / "starts.json").read_text())
    hands_seen = []
    for n in range(BACKUPS):
        call_command("restore", str(folder / f"backup-{n}.json"), verbosity=0)
        games = list(Game.objects.all())
        assert len(games) >= TABLES, f"backup {n}: {len(games)} tables"
        for game in games:
            version, changes = starts[game.edit_token]
            hands = game.hands.count()
            # A state the site passed through: as many versions and history lines as hands.
            assert game.version - version == hands, f"backup {n}, {game}: version behind hands"
            assert Change.objects.filter(game=game).count() - changes == hands, f"backup {n}"
            assert not game.hands.filter(entries__isnull=True).exists(), f"backup {n}: no entries"
            ledger = game.ledger()
            assert not ledger.problems, f"backup {n}, {game}: {ledger.problems}"
            exported = json.loads(json.dumps(game.to_json()))  # re-exported, it replays the same
            replayed = replay(parse_record(exported).game)
            assert json.loads(json.dumps(results_to_json(replayed))) == exported["results"]
            hands_seen.append(hands)
        wipe()
    print(f"10 backups restored; hands per table {min(hands_seen)}-{max(hands_seen)}")


if __name__ == "__main__":
    setup_test_environment()  # the test client's host, as in any test
    {"score": scored, "restore": restored}[sys.argv[1]](Path(sys.argv[2]))
