from django.apps import AppConfig


class NightsConfig(AppConfig):
    name = "kalooki_ledger.nights"
    verbose_name = "Nights and home groups"

    def ready(self):
        from kalooki_ledger.games.commands.game import SETTLED_ELSEWHERE
        from kalooki_ledger.games.views.setup import (
            NEW_GAME_EXTRAS,
            NEW_GAME_JOINS,
            NEW_GAME_OFFERS,
        )

        from .commands import settled_with_night
        from .links import group_offer, join_night
        from .play_again import offer

        NEW_GAME_JOINS.append(join_night)
        NEW_GAME_OFFERS.append(group_offer)
        NEW_GAME_EXTRAS.append(offer)
        SETTLED_ELSEWHERE.append(settled_with_night)
