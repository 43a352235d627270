"""import_game lives with the clubs because `--club` files the games under one: the games app
never imports the clubs app."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.text import slugify

from kalooki_ledger.games.commands import Sent
from kalooki_ledger.games.importing import import_game
from kalooki_ledger.rules import RecordError, read_record_json

from ...filing import club_for_slug, file_game

IMPORTED = Sent(None, "", "import_game")  # who the history names; a file has no key


def read_json(path: str) -> object:
    """The file's JSON as the web import reads it: a byte-order mark allowed, no key twice."""
    try:
        if path == "-":
            # Tests hand in text; a shell hands in bytes.
            raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        else:
            with open(path, "rb") as handle:
                raw = handle.read()
    except OSError as exc:
        raise CommandError(f"can't read {path}: {exc.strerror}") from None
    try:
        return read_record_json(raw)
    except RecordError as exc:
        raise CommandError(
            f"{path} is not a JSON game record: {exc} (the format: docs/record-format.md)"
        ) from None


class Command(BaseCommand):
    help = (
        "Imports a kalooki-game/1 record (or a list of them, as export_game writes) from FILE or -."
        " The format: docs/record-format.md."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a JSON file, or - for standard input")
        parser.add_argument(
            "--club",
            metavar="SLUG",
            help="file the games under this club (made if new), matching its players by name",
        )

    def handle(self, *args, **options):
        data = read_json(options["file"])
        records = data if isinstance(data, list) else [data]
        results = []
        club = None
        if options.get("club") is not None and not slugify(options["club"]):
            raise CommandError("--club takes a club's slug: letters, numbers and hyphens")
        with transaction.atomic():  # a backup restores whole or not at all
            if options.get("club") is not None:
                club = club_for_slug(options["club"])

            def filed(game) -> None:
                if club is not None:
                    file_game(game, club)

            for index, record in enumerate(records, 1):
                try:
                    game = import_game(record, IMPORTED, then=filed)
                except RecordError as exc:
                    where = f"record {index}: " if isinstance(data, list) else ""
                    raise CommandError(f"{where}{exc}; nothing was imported") from None
                results.append(
                    {"id": game.pk, "url": game.get_absolute_url(), "share_url": game.share_url()}
                )

        output = results if isinstance(data, list) else results[0]
        self.stdout.write(json.dumps(output))
