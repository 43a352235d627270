from django.apps import AppConfig


class NightsConfig(AppConfig):
    name = "kalooki_ledger.nights"
    verbose_name = "Nights and home groups"

    def ready(self):
        from kalooki_ledger.games import signals

        from .commands import settled_with_night
        from .links import group_offer, join_night
        from .play_again import offer

        signals.new_game_started.connect(join_night, dispatch_uid="nights.join_night")
        signals.new_game_offer.connect(group_offer, dispatch_uid="nights.group_offer")
        signals.new_game_extra.connect(offer, dispatch_uid="nights.play_again")
        signals.settled_elsewhere.connect(settled_with_night, dispatch_uid="nights.settled")
