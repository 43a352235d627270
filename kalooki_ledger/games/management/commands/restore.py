"""Restores a backup into an empty, migrated database: Django's own loaddata, in one
transaction, keeping every primary key and every scoring, watch and house rules link. A backup
taken at older migrations is loaded into the tables as they were then, and migrated forward, so
every data migration since runs on its rows exactly as `migrate` ran them on the live site."""

import json
import os
import tempfile

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import FieldDoesNotExist
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.base import DeserializationError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.migrations.executor import MigrationExecutor

from kalooki_ledger.games import backup_json, site_backup

from .backup import backed_up_models, check_name

# A session is a random key nobody else holds: one made by a visit before the restore is no
# reason to refuse it.
MAY_HOLD = {"sessions.session"}


def unapplied_migrations() -> list[str]:
    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return [f"{migration.app_label}.{migration.name}" for migration, _ in plan]


# Named first when the database is not empty: what a person would recognise as a site's data.
HEADLINES = ["games.game", "clubs.club", "auth.user", "games.houserules"]


def rows_held() -> list[str]:
    """What the database holds already, the games, clubs, users and house rules first."""
    counts = {
        model._meta.label_lower: (model, model._base_manager.count())
        for model in backed_up_models()
        if model._meta.label_lower not in MAY_HOLD
    }
    held = []
    for label in HEADLINES:
        model, count = counts.pop(label, (None, 0))
        if count:
            name = model._meta.verbose_name if count == 1 else model._meta.verbose_name_plural
            held.append(f"{count} {name}")
    others = sum(count for _, count in counts.values())
    if others:
        held.append(f"{others} other row{'s' if others != 1 else ''}")
    return held


def refuse(message: str) -> CommandError:
    """A file or a database restore won't take: one sentence, exit status 2."""
    return CommandError(message, returncode=2)


class Command(BaseCommand):
    help = (
        "Restores a backup (FILE.json, or - for standard input) into an empty, migrated database;"
        " one taken at an older release is brought forward as migrate would have."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a backup written by the backup command, or -")
        parser.add_argument(
            "--allow-empty",
            action="store_true",
            help="restore a backup that holds no game and no account",
        )

    def handle(self, *args, **options):
        path = check_name(options["file"])
        name = "standard input" if path == "-" else path
        if path != "-" and not os.path.isfile(path):
            raise refuse(f"there is no backup at {path}")
        try:
            head, rows = site_backup.read(path)
            if not options["allow_empty"] and not site_backup.holds_a_site(rows):
                raise site_backup.Refused(
                    f"{name} holds no game and no account, so restoring it would leave an empty "
                    "site; give --allow-empty if that is what you want; nothing was restored"
                )
        except site_backup.Refused as refusal:
            raise refuse(str(refusal)) from None
        pending = unapplied_migrations()
        if pending:
            raise refuse(
                f"run migrate first: {len(pending)} migration(s) not applied "
                f"({', '.join(pending[:3])}{'…' if len(pending) > 3 else ''}); nothing was restored"
            )
        try:
            targets = site_backup.targets(head, rows, name)
        except site_backup.Refused as refusal:
            raise refuse(str(refusal)) from None
        with tempfile.TemporaryDirectory() as folder:
            # loaddata reads a file: the rows alone, in the backup's own JSON.
            fixture = os.path.join(folder, "backup.backup-json")
            with open(fixture, "w", encoding="utf-8") as out:
                json.dump(rows, out)
            try:
                self.load(fixture, targets, options["verbosity"])
            except (DeserializationError, DatabaseError, FieldDoesNotExist) as error:
                reason = str(error).strip().splitlines()[-1] if str(error).strip() else error
                raise refuse(f"{name} does not restore ({reason}); nothing was restored") from None
        # The sessions read as restored: a copy kept before (a flush leaves the cache table) goes.
        caches[settings.SESSION_CACHE_ALIAS].clear()

    def load(self, fixture: str, targets: list, verbosity: int) -> None:
        connection = connections[DEFAULT_DB_ALIAS]
        executor = MigrationExecutor(connection)
        if not executor.migration_plan(targets):
            with transaction.atomic():  # the check and the load: the whole backup or nothing
                self.check_empty()
                self.loaddata(fixture, verbosity)
            return
        self.check_empty()
        # Back to the tables as they were when the backup was taken, its rows in, then forward.
        executor.migrate(targets)
        try:
            state = executor.loader.project_state(
                [target for target in targets if target[1] is not None]
            )
            with transaction.atomic(), backup_json.historical_models(state.apps):
                self.loaddata(fixture, verbosity)
        finally:  # loaded or not, the database ends at this release's migrations
            call_command("migrate", interactive=False, verbosity=0)

    def check_empty(self) -> None:
        held = rows_held()
        if held:
            raise refuse(
                "restore needs an empty database, and this one already holds "
                f"{', '.join(held)}; nothing was restored"
            )

    def loaddata(self, fixture: str, verbosity: int) -> None:
        call_command(
            "loaddata", fixture, format="backup-json", stdout=self.stdout, verbosity=verbosity
        )
