"""The whole site in one file: Django's own dumpdata, read in one snapshot, with what migrate
rebuilds left out, under a header saying what it was taken at (site_backup)."""

import io
import json

from django.apps import apps
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from kalooki_ledger.games import site_backup

# Rebuilt by migrate (and referred to by natural key, so their ids need not match); the cache
# table is no model, so dumpdata never sees it.
REBUILT = ["contenttypes", "auth.permission"]
# Counted attempts (the login limit's, kalooki_ledger/throttle.py) lapse in minutes: no data.
PASSING = ["games.slot"]
# Names restore can read back: loaddata tells the format (and any compression) by the name.
SUFFIXES = (".json", ".json.gz", ".json.bz2", ".json.xz")


def backed_up_models() -> list[type]:
    """Every model whose rows the backup holds: games, clubs, accounts, sessions, admin log…"""
    return [
        model
        for model in apps.get_models()
        if model._meta.app_label not in REBUILT
        and model._meta.label_lower not in [*REBUILT, *PASSING]
    ]


def check_name(path: str) -> str:
    if path != "-" and not path.endswith(SUFFIXES):
        raise CommandError(f"name the backup FILE.json (or .json.gz, .json.bz2, .json.xz): {path}")
    return path


class Command(BaseCommand):
    help = (
        "Writes the whole site (games, history, house rules, clubs, tournaments, accounts, "
        "sessions) to FILE.json, or to standard output with -."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="FILE.json (.gz, .bz2 or .xz to compress), or -")

    def handle(self, *args, **options):
        path = check_name(options["file"])
        rows = io.StringIO()
        with site_backup.snapshot():  # every table read in one transaction
            head = site_backup.header()
            call_command(
                "dumpdata",
                *(f"--exclude={label}" for label in REBUILT),
                format="backup-json",  # Django's JSON, times written as they read back
                all=True,  # every row, whatever a model's default manager shows
                natural_foreign=True,  # content types and permissions by name, not by id
                indent=1,
                stdout=rows,
                verbosity=0,
            )
        text = f'{{"backup": {json.dumps(head, indent=1)},\n"objects": {rows.getvalue()}}}\n'
        site_backup.write(path, text, self.stdout)
