"""Restores a backup into an empty, migrated database: Django's own loaddata, in one
transaction, keeping every primary key and every scoring, watch and house rules link."""

import os

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.executor import MigrationExecutor

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


class Command(BaseCommand):
    help = (
        "Restores a backup (FILE.json, or - for standard input) into an empty, migrated database."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a backup written by the backup command, or -")

    def handle(self, *args, **options):
        path = check_name(options["file"])
        if path != "-" and not os.path.isfile(path):
            raise CommandError(f"there is no backup at {path}")
        pending = unapplied_migrations()
        if pending:
            raise CommandError(
                f"run migrate first: {len(pending)} migration(s) not applied "
                f"({', '.join(pending[:3])}{'…' if len(pending) > 3 else ''}); nothing was restored"
            )
        with transaction.atomic():  # the check and the load: the whole backup or nothing
            held = rows_held()
            if held:
                raise CommandError(
                    "restore needs an empty database, and this one already holds "
                    f"{', '.join(held)}; nothing was restored"
                )
            call_command(
                "loaddata",
                # An absolute path, so loaddata never looks in the apps' fixture folders instead.
                "-" if path == "-" else os.path.abspath(path),
                format="json",
                stdout=self.stdout,
                verbosity=options["verbosity"],
            )
