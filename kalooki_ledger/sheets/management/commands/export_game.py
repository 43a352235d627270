import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from kalooki_ledger.games.models import Game

from ...exports import EXPORTERS


class Command(BaseCommand):
    help = (
        "Prints a game's record with its results; with no ID, a JSON list of every game. "
        "The format: docs/record-format.md."
    )

    def add_arguments(self, parser):
        parser.add_argument("id", nargs="?", type=int, help="the game's id; omit for every game")
        parser.add_argument("--format", default="json", choices=sorted(EXPORTERS))
        parser.add_argument("--output", help="write to this file instead of standard output")
        parser.add_argument(
            "--language",
            default="en-gb",
            choices=[code for code, _ in settings.LANGUAGES],
            help="the words and numbers of a CSV or PDF (default English)",
        )

    def handle(self, *args, **options):
        fmt, output = options["format"], options["output"]
        if options["id"] is None:
            if fmt != "json":
                raise CommandError("every game at once is exported as JSON only: give an ID")
            games = Game.objects.loaded().order_by("pk")
            data = (
                json.dumps([g.to_json() for g in games], indent=2, ensure_ascii=False) + "\n"
            ).encode()
        else:
            try:
                game = Game.objects.loaded().get(pk=options["id"])
            except Game.DoesNotExist:
                raise CommandError(f"there is no game with id {options['id']}") from None
            render, binary = EXPORTERS[fmt]
            if binary and not output:
                raise CommandError(f"a {fmt.upper()} export needs --output FILE")
            with translation.override(options["language"]):
                data = render(game)
        if output:
            with open(output, "wb") as handle:
                handle.write(data)
        else:
            sys.stdout.flush()
            self.stdout.write(data.decode(), ending="")
