"""The API's generated OpenAPI document, for tests that walk it."""

from django.urls import get_resolver

from kalooki_ledger.games import api_layer


def document() -> dict:
    assert get_resolver().url_patterns  # the URLconf built: the API is put together there
    return api_layer.schema_of(None)
