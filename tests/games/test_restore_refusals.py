"""restore of a file that is no backup: one sentence, exit status 2, nothing changed."""

import gzip
import io
import os

import pytest
from django.core.management import CommandError, call_command

from kalooki_ledger.games.models import Game, HouseRules
from tests.games.test_site_backup import backup, every_row, wipe
from tests.games.web import over_limit_hands, stored_game
from tests.helpers import manage

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]


def a_backup() -> str:
    stored_game(hands=over_limit_hands()[:2])
    return backup()


def truncated() -> bytes:
    text = a_backup()
    return text[: len(text) // 2].encode()


BAD = {
    "truncated": (truncated, r"is not a whole backup: its JSON breaks off .* line \d+"),
    "garbage": (lambda: os.urandom(300), r"can't be read as a backup|is not a whole backup"),
    "empty": (lambda: b"", r"is empty, not a backup"),
    "blank": (lambda: b"\n  \n", r"is empty, not a backup"),
    "an empty list": (lambda: b"[]", r"holds no rows, so it is no site's backup"),
    "a record": (lambda: b'{"format": "kalooki-game/1"}', r"is JSON, but not a backup"),
    "a list of numbers": (lambda: b"[1, 2]", r"is JSON, but not a backup"),
    "a newer format": (
        lambda: b'{"backup": {"format": "kalooki-backup/3", "release": "2.0"}, "objects": []}',
        r"in a format this release can't read \('kalooki-backup/3', made by release 2\.0\)",
    ),
    "an unknown model": (
        lambda: b'[{"model": "games.nothing", "pk": 1, "fields": {}}]',
        r"holds no game and no account",
    ),
    "a bad field": (
        lambda: b'[{"model": "games.game", "pk": 1, "fields": {"version": "lots"}}]',
        r"does not restore \(.*\); nothing was restored",
    ),
}


@pytest.mark.parametrize("kind", BAD)
def test_a_file_that_is_no_backup_is_refused_in_one_sentence_and_changes_nothing(tmp_path, kind):
    make, message = BAD[kind]
    content = make()
    wipe()
    path = tmp_path / "site.json"
    path.write_bytes(content)
    before = every_row()
    with pytest.raises(CommandError, match=message) as refusal:
        call_command("restore", str(path), stdout=io.StringIO())
    assert refusal.value.returncode == 2
    assert "\n" not in str(refusal.value) and str(refusal.value).endswith("nothing was restored")
    assert every_row() == before


def test_a_compressed_backup_that_breaks_off_is_refused(tmp_path):
    path = tmp_path / "site.json.gz"
    path.write_bytes(gzip.compress(a_backup().encode())[:-40])
    wipe()
    with pytest.raises(CommandError, match="can't be read as a backup") as refusal:
        call_command("restore", str(path))
    assert refusal.value.returncode == 2 and not Game.objects.exists()


def test_a_backup_with_no_game_and_no_account_is_refused_unless_allowed(tmp_path):
    HouseRules.objects.create(name="Friday rules")
    path = tmp_path / "rules-only.json"
    path.write_text(backup())
    wipe()
    with pytest.raises(CommandError, match=r"holds no game and no account.*--allow-empty"):
        call_command("restore", str(path))
    assert not HouseRules.objects.exists()

    call_command("restore", str(path), "--allow-empty", stdout=io.StringIO())
    assert HouseRules.objects.get().name == "Friday rules"


def test_manage_py_says_one_sentence_and_exits_2(tmp_path):
    path = tmp_path / "site.json"
    path.write_text('[{"model": "games.game", "pk": 1, "fie')
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}"}
    done = manage(env, "restore", str(path), timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"CommandError: {path} is not a whole backup: its JSON breaks off or goes wrong at "
        "line 1, column 35; nothing was restored"
    ]
    assert done.stdout == ""
