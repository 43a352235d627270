from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "kalooki_ledger.clubs"
    verbose_name = "Clubs"
