"""A backup says what it was taken at; restore brings an older one forward exactly as `migrate`
brought the live site forward (every data migration since runs on its rows), and refuses one
from a newer release, naming it. Each data migration has a backup made just before it."""

import io
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.core import serializers
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.operations import RunPython

from kalooki_ledger.games import ledger_cache, site_backup
from kalooki_ledger.games import migrations as games_migrations
from kalooki_ledger.games.management.commands.backup import REBUILT
from kalooki_ledger.games.models import Game
from tests.games.test_site_backup import backup, build_site, every_row, wipe

pytestmark = pytest.mark.db_specific

WHEN = datetime(2026, 11, 23, 8, 0, tzinfo=UTC)


def trinidad_with_a_kalookie(apps) -> None:
    """Before games 0008: a Trinidad game whose first hand bent the table, scored doubled."""
    game = apps.get_model("games", "Game").objects.create(
        pk=7, title="Trinidad night", preset="trinidad", edit_token="e" * 24, share_token="s" * 24
    )
    seats = {
        name: apps.get_model("games", "Seat").objects.create(game=game, position=n, name=name)
        for n, name in enumerate(["Ann", "Bob", "Cat"])
    }
    hands = [("Ann", True, {"Bob": 20, "Cat": 30}), ("Bob", False, {"Ann": 10, "Cat": 15})]
    for number, (winner, kalookie, values) in enumerate(hands, 1):
        hand = apps.get_model("games", "Hand").objects.create(
            game=game, number=number, winner=seats[winner], kalookie=kalookie
        )
        for name, value in values.items():
            apps.get_model("games", "Entry").objects.create(
                hand=hand, seat=seats[name], value=value
            )
    for model in ("Game", "Hand"):  # the same times each time it is built
        apps.get_model("games", model).objects.update(created=WHEN)


def english_history_lines(apps) -> None:
    """Before games 0011: a game whose history lines were stored as English sentences."""
    trinidad_with_a_kalookie(apps)
    lines = [
        ("start", "Started the game: Ann, Bob, Cat"),
        ("record", "Hand 1: Ann won (Bob 20, Cat 30)"),
        ("date", "Set the date played: 20 Nov 2026"),
        ("record", "Giv 2: Bob vann (Ann 10, Cat 15)"),  # a Swedish phone's: kept as it is
    ]
    for version, (action, summary) in enumerate(lines, 1):
        apps.get_model("games", "Change").objects.create(
            game_id=7, who="iPhone 00ff", action=action, summary=summary, version=version
        )
    apps.get_model("games", "Change").objects.update(at=WHEN)


# The rows each data migration acts on, made with the models as they were just before it.
BEFORE = {
    ("games", "0008_trinidad_games_keep_their_doubling"): trinidad_with_a_kalookie,
    ("games", "0011_change_history_as_data"): english_history_lines,
}
# Backups had no header before the release that brought games 0009 to 0011.
HEADERLESS = [("games", "0008_trinidad_games_keep_their_doubling")]
CASES = [(key, True) for key in sorted(BEFORE)] + [(key, False) for key in HEADERLESS]


def data_migrations() -> list[tuple[str, str]]:
    loader = MigrationLoader(None, ignore_no_migrations=True)  # the code's, no database
    return sorted(
        key
        for key, migration in loader.disk_migrations.items()
        if migration.__module__.startswith("kalooki_ledger.")
        and any(isinstance(op, RunPython) for op in migration.operations)
    )


def to_just_before(key: tuple[str, str]) -> list[tuple[str, str]]:
    """Migrates the (empty) database back to just before `key`; the state it is then at."""
    executor = MigrationExecutor(connection)
    parents = [p.key for p in executor.loader.graph.node_map[key].parents if p.key[0] == key[0]]
    executor.migrate(parents)
    return parents


def old_rows(key) -> list:
    """The rows as a backup of that day holds them: read with the models of that migration."""
    state = MigrationExecutor(connection).loader.project_state(
        list(site_backup.applied_migrations().items())
    )
    rows = []
    for model in state.apps.get_models():
        if model._meta.app_label in REBUILT or model._meta.label_lower in REBUILT:
            continue
        rows += json.loads(serializers.serialize("backup-json", model._base_manager.order_by("pk")))
    return rows


def migrate() -> None:
    call_command("migrate", interactive=False, verbosity=0)


def scores() -> dict:
    """Each game's rules, standings and history as the site shows them."""
    ledger_cache.clear()  # replayed from the rows, not remembered from before the restore
    return {
        game.pk: (
            game.rule_overrides,
            game.ledger().standings,
            [(c.action, c.details, c.text) for c in game.changes.order_by("pk")],
        )
        for game in Game.objects.all()
    }


def restore(path, *args) -> None:
    call_command("restore", str(path), *args, stdout=io.StringIO())


@pytest.fixture
def back_to_today(transactional_db):
    """Whatever happens, the next test finds the database at today's migrations."""
    yield
    migrate()


def test_every_data_migration_has_a_backup_made_before_it():
    assert data_migrations() == sorted(BEFORE)


@pytest.mark.parametrize(
    ("key", "headed"),
    CASES,
    ids=[f"{k[0]} {k[1]} {'with its header' if h else 'from before headers'}" for k, h in CASES],
)
def test_a_backup_made_before_a_data_migration_restores_as_migrating_in_place(
    back_to_today, tmp_path, key, headed
):
    wipe()
    to_just_before(key)
    BEFORE[key](
        MigrationExecutor(connection)
        .loader.project_state(list(site_backup.applied_migrations().items()))
        .apps
    )
    rows = old_rows(key)
    taken = site_backup.applied_migrations()
    migrate()  # the live site, migrated in place
    in_place = scores()

    wipe()
    path = tmp_path / "old.json"
    head = {**site_backup.header(), "migrations": taken, "release": "0.0.9"}
    path.write_text(json.dumps({"backup": head, "objects": rows} if headed else rows))
    restore(path)

    assert scores() == in_place
    assert site_backup.applied_migrations() == site_backup.latest_migrations()


def test_the_trinidad_game_backed_up_before_0008_keeps_its_doubled_totals(back_to_today, tmp_path):
    key = ("games", "0008_trinidad_games_keep_their_doubling")
    wipe()
    to_just_before(key)
    trinidad_with_a_kalookie(
        MigrationExecutor(connection)
        .loader.project_state(list(site_backup.applied_migrations().items()))
        .apps
    )
    rows = old_rows(key)  # a bare list, as the release that brought `backup` wrote it
    migrate()
    wipe()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(rows))

    restore(path)

    standings = {s.name: s.total for s in Game.objects.get(pk=7).ledger().standings}
    assert standings["Bob"] == 40 and standings["Cat"] == 75


def test_a_backup_from_a_newer_release_is_refused_naming_it(tmp_path, db):
    head = {
        **site_backup.header(),
        "release": "9.0.0",
        "migrations": {**site_backup.latest_migrations(), "games": "0999_from_the_future"},
    }
    path = tmp_path / "new.json"
    path.write_text(
        json.dumps({"backup": head, "objects": [{"model": "games.game", "fields": {}}]})
    )
    with pytest.raises(CommandError, match=r"made by release 9\.0\.0.*games\.0999_from_the_future"):
        restore(path)
    assert not Game.objects.exists()


def test_a_backup_records_what_it_was_taken_at(db):
    out = io.StringIO()
    call_command("backup", "-", stdout=out)
    head = json.loads(out.getvalue())["backup"]
    assert head["format"] == "kalooki-backup/2" and head["game_record"] == "kalooki-game/1"
    newest = max(p.stem for p in Path(games_migrations.__file__).parent.glob("0*.py"))
    assert head["migrations"]["games"] == newest
    assert head["migrations"] == site_backup.latest_migrations()


def test_a_whole_site_backed_up_before_the_header_restores_at_its_release_and_comes_forward(
    back_to_today, tmp_path
):
    """A bare list of rows whose clubs have stakes but no rule overrides: written at games 0007
    and clubs 0003, loaded into those tables (users and permissions named by natural key), then
    migrated forward; every row as it was, the clubs' rule overrides at their default."""
    build_site()
    rows = json.loads(backup())["objects"]
    for row in rows:
        if row["model"] == "clubs.club":
            assert row["fields"].pop("rule_overrides") == {}
    taken = site_backup.headerless_migrations(rows)
    assert taken["clubs"] == "0003_order_ties_by_id"
    rows = as_then(rows, taken)  # what a release at those migrations had to write
    before = columns_then(every_row(), taken)
    wipe()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(rows))

    restore(path)

    assert columns_then(every_row(), taken) == before
    assert as_then(json.loads(backup())["objects"], taken) == rows


def models_then(migrations: dict[str, str]):
    loader = MigrationLoader(connection)
    return loader.project_state(list(migrations.items())).apps


def as_then(rows: list, migrations: dict[str, str]) -> list:
    """Backup rows as a release at `migrations` wrote them: its models and their fields only."""
    apps, kept = models_then(migrations), []
    for row in rows:
        try:
            model = apps.get_model(row["model"])
        except LookupError:
            continue
        names = {f.name for f in model._meta.get_fields()}
        kept.append({**row, "fields": {k: v for k, v in row["fields"].items() if k in names}})
    return kept


def columns_then(tables: dict, migrations: dict[str, str]) -> dict:
    """`every_row()` cut to the tables and columns a release at `migrations` had."""
    apps, kept = models_then(migrations), {}
    for label, rows in tables.items():
        try:
            model = apps.get_model(label)
        except LookupError:
            continue
        if rows and isinstance(rows[0], dict):
            names = {f.attname for f in model._meta.concrete_fields}
            rows = [{k: v for k, v in row.items() if k in names} for row in rows]
        kept[label] = rows
    return kept
