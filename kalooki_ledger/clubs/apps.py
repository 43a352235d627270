from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "kalooki_ledger.clubs"
    verbose_name = "Clubs"

    def ready(self):
        from kalooki_ledger.games import signals

        from .links import place_of_game

        signals.place_of_game.connect(place_of_game, dispatch_uid="clubs.place_of_game")
