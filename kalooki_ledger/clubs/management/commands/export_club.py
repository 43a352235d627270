import json

from django.core.management.base import BaseCommand, CommandError

from kalooki_ledger.clubs import stats
from kalooki_ledger.clubs.models import Club
from kalooki_ledger.games import season
from kalooki_ledger.rules.money import UNITS, display_digits, format_amount


class Command(BaseCommand):
    help = "Prints a club's statistics over all its finished games and tournaments as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's slug, as in its web address")

    def handle(self, *args, **options):
        club = Club.objects.filter(slug=options["slug"]).first()
        if club is None:
            raise CommandError(f"no club has the slug {options['slug']!r}")
        played = stats.club_games(club)
        table = season.season_table(played, stats.tournament_lines(club), club.season_order)
        currencies = {p.game.currency for p in played} or {UNITS}
        currency = currencies.pop() if len(currencies) == 1 else UNITS
        digits = display_digits(currency, tuple(row.net for row in table))
        players = {
            row.person.name: {
                "games": row.games,
                "wins": row.wins,
                "kalookies": row.kalookies,
                "buy_ins": row.buy_ins,
                "net": format_amount(row.net, digits),
            }
            for row in table
        }
        self.stdout.write(json.dumps({"url": club.get_absolute_url(), "players": players}))
