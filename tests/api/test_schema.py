"""The OpenAPI document is generated from the API's typed operations and describes every
address under /api/v1/ that Django's URL resolver serves, with every method it takes; its page
lists every operation of it."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from kalooki_ledger.games import api_layer
from tests.games.web import stored_game, worked_hands
from tests.nights.factories import finished, group, night

pytestmark = pytest.mark.django_db

PREFIX = "/api/v1/"


def served(patterns=None, prefix: str = "/") -> set[str]:
    """Every address the site serves, as a path template ({name} for each converter)."""
    found = set()
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(pattern.pattern))
        if isinstance(pattern, URLResolver):
            found |= served(pattern.url_patterns, prefix + route)
        elif isinstance(pattern, URLPattern):
            found.add(prefix + route)
    return found


def test_the_schema_describes_every_address_under_api_v1_the_resolver_serves(client):
    schema = client.get(f"{PREFIX}openapi.json").json()
    assert schema["openapi"].startswith("3.1")
    addresses = {a for a in served() if a.startswith(PREFIX)}
    assert {f"{PREFIX}nights/{{token}}", f"{PREFIX}groups/{{token}}", PREFIX} <= addresses
    assert addresses - set(schema["paths"]) == set()
    assert set(schema["paths"]) == addresses


def test_every_read_describes_head_and_every_answer_has_its_meaning(client):
    schema = client.get(f"{PREFIX}openapi.json").json()
    for path, methods in schema["paths"].items():
        if "get" in methods:
            assert "head" in methods, path
        for method, operation in methods.items():
            assert "405" in operation["responses"], (method, path)
            for code, answer in operation["responses"].items():
                assert answer["description"] and answer["description"] != "OK", (path, code)


def test_the_docs_page_lists_every_operation_of_the_generated_schema(client):
    page = client.get(PREFIX).content.decode()
    schema = client.get(f"{PREFIX}openapi.json").json()
    listed = re.findall(r'<h2><code translate="no">([A-Z]+ [^<]+)</code></h2>', page)
    wanted = [f"{m.upper()} {p}" for p, methods in schema["paths"].items() for m in methods]
    assert listed == wanted
    assert "POST /api/v1/nights/{token}/payments" in listed


def test_a_night_write_address_answers_no_get_and_says_so(client):
    response = client.get(f"{PREFIX}nights/{'x' * 24}/payments")
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert response.json()["error"] == "This address takes POST."


def test_each_paths_methods_in_the_schema_are_the_allow_of_the_405_it_answers(client):
    tokens = {
        "games": stored_game(hands=worked_hands()[:2]).edit_token,
        "nights": night(group(), finished()).edit_token,
        "groups": group("Tuesday friends").edit_token,
    }
    schema = client.get(f"{PREFIX}openapi.json").json()
    for path, methods in schema["paths"].items():
        kind = next((k for k in tokens if path.startswith(f"{PREFIX}{k}/")), "")
        url = path.replace("{token}", tokens.get(kind, "")).replace("{number}", "1")
        described = {m.upper() for m in methods}
        other = next(m for m in ("PATCH", "PUT", "DELETE", "POST", "GET") if m not in described)
        response = client.generic(other, url)
        assert response.status_code == 405, (other, path)
        assert {m.strip() for m in response["Allow"].split(",")} == described, path


def test_the_document_is_generated_once_and_each_reader_gets_a_copy_of_its_own(client):
    answer = client.get(f"{PREFIX}openapi.json")
    assert answer["Content-Type"] == "application/json"
    text = api_layer.schema_text(None)
    assert api_layer.schema_text(None) is text  # kept, not generated again
    assert answer.json() == api_layer.schema_of(None)
    read = api_layer.schema_of(None)
    read["paths"].clear()  # a reader's change of its copy
    assert api_layer.schema_of(None)["paths"] == answer.json()["paths"] != {}
