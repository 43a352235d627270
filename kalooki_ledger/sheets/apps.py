from django.apps import AppConfig


class SheetsConfig(AppConfig):
    name = "kalooki_ledger.sheets"
    verbose_name = "Score sheets"
