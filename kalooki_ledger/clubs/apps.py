from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "kalooki_ledger.clubs"
    verbose_name = "Clubs"

    def ready(self):
        from kalooki_ledger.sheets.pdf import PLACE_NAMERS

        from .links import place_of_game

        PLACE_NAMERS.append(place_of_game)
