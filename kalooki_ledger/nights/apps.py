from django.apps import AppConfig


class NightsConfig(AppConfig):
    name = "kalooki_ledger.nights"
    verbose_name = "Nights and home groups"

    def ready(self):
        from kalooki_ledger.games.views.setup import NEW_GAME_JOINS

        from .links import join_night

        NEW_GAME_JOINS.append(join_night)
