from django.apps import AppConfig


class NightsConfig(AppConfig):
    name = "kalooki_ledger.nights"
    verbose_name = "Nights and home groups"
