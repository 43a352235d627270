from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "kalooki_ledger.games"
    verbose_name = "Games"
