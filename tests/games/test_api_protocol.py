"""The API's HTTP as its schema says: HEAD answered as GET without a body, If-None-Match compared
weakly, a method an address doesn't take 405 with Allow, and every answer the API gives, walked
path by path and method by method, one the schema documents for that operation."""

import json

import pytest
from django.test import Client

from kalooki_ledger.games.models import Game, Hand
from tests.api.document import document
from tests.games.test_api import api, etag, next_hand, send
from tests.games.test_faults import read_only
from tests.games.web import new_key, over_limit_hands, stored_game, worked_hands

pytestmark = pytest.mark.django_db

METHODS = ("get", "head", "post", "put", "patch", "delete", "options")
# A game's addresses and the schema's own (the nights' are walked by Schemathesis).
PATHS = {
    p: m for p, m in document()["paths"].items() if "/nights/" not in p and "/groups/" not in p
}
# Each command: the hands of its game, a body it takes there and one the engine refuses.
COMMANDS = {
    ("post", "/hands"): (
        worked_hands()[:2],
        next_hand(3),
        {**next_hand(3), "penalties": {"Mark": 149, "John": 1, "Frank": 1}},
    ),
    ("put", "/hands/{number}"): (
        worked_hands()[:2],
        {"winner": "John", "penalties": {"Andy": 9, "Mark": 9, "Frank": 9}},
        {"winner": "John", "penalties": {"Andy": 1}},
    ),
    ("delete", "/hands/{number}"): (worked_hands()[:2], None, None),
    ("post", "/undo"): (worked_hands()[:2], {"number": 2}, {"number": 1}),
    ("post", "/buy-ins"): (
        over_limit_hands(),
        {"number": 4, "player": "Mark", "bought_in": True},
        {"number": 4, "player": "Zoe", "bought_in": True},
    ),
    ("post", "/stop"): (worked_hands()[:2], {"settle": "refund"}, {"settle": "leader"}),
    ("post", "/date"): (
        worked_hands()[:2],
        {"played_on": "2026-11-20"},
        {"played_on": "1800-01-01"},
    ),
    ("post", "/paid"): (
        worked_hands(),
        lambda game: {"transfers": [{**game.to_json()["results"]["transfers"][0], "paid": True}]},
        {"transfers": [{"from": "Zoe", "to": "John", "amount": "1", "paid": True}]},
    ),
}
NO_GAME = "x" * 24


def url_of(path: str, game: Game, scoring: bool = True, token: str = "") -> str:
    if not path.startswith("/api/v1/games/{token}"):
        return path
    rest = path.removeprefix("/api/v1/games/{token}").replace("{number}", "1")
    return f"/api/v1/games/{token}{rest}" if token else api(game, rest, scoring)


def short(path: str) -> str:
    return path.removeprefix("/api/v1/games/{token}")


def documented(path: str) -> list[str]:
    return [m for m in METHODS if m in PATHS[path]]


def operations() -> list[tuple[str, str]]:
    return [(m, p) for p in PATHS for m in documented(p)]


def game_of_two_hands() -> Game:
    return stored_game(hands=worked_hands()[:2])


def call(client, method: str, url: str, body=None, **headers):
    if method in ("get", "head", "options"):
        return getattr(client, method)(url, headers=headers)
    return send(client, method, url, body, **headers)


def body_for(body, game: Game):
    return body(game) if callable(body) else body


def answers(client, method: str, path: str) -> dict[str, int]:
    """Every way the API answers this operation: well asked, and each way of asking it wrong."""
    hands, body, refused = COMMANDS.get((method, short(path)), (worked_hands()[:2], None, None))
    seen: dict[str, int] = {}

    def ask(how: str, sent=body, token: str = "", scoring: bool = True, **headers) -> None:
        game = stored_game(hands=hands)
        url = url_of(path, game, scoring, token)
        sent = body_for(sent, game)
        headers = {"If-Match": etag(game), "Idempotency-Key": new_key(), **headers}
        if how == "unchanged":
            headers["If-None-Match"] = etag(game)
        seen[how] = call(client, method, url, sent, **headers).status_code
        if how == "as asked":  # the same command again: its answer replayed
            seen["again"] = call(client, method, url, sent, **headers).status_code

    ask("as asked")
    if "{token}" not in path:
        return seen
    ask("by the watch link", scoring=False)
    ask("no such game", token=NO_GAME)
    if method in ("get", "head"):
        ask("unchanged")
        return seen
    ask("no key", **{"Idempotency-Key": ""})
    ask("no If-Match", **{"If-Match": ""})
    ask("a stale If-Match", **{"If-Match": '"1"'})
    ask("a bad If-Match", **{"If-Match": "twelve"})
    if body is not None:
        ask("refused", refused)
        ask("not JSON", "{")
        ask("too large", {"x": "x" * 2_700_000})
    return seen


@pytest.mark.parametrize(("method", "path"), operations(), ids=lambda v: v)
def test_every_answer_an_operation_gives_is_in_its_schema(client, method, path):
    documented_answers = PATHS[path][method]["responses"]
    given = answers(client, method, path)
    undocumented = {how: code for how, code in given.items() if str(code) not in documented_answers}
    assert not undocumented, f"{method.upper()} {path} answers {undocumented}"


@pytest.mark.parametrize("path", PATHS, ids=lambda v: v)
def test_a_method_an_address_does_not_take_is_405_with_allow_as_its_schema_says(client, path):
    game = game_of_two_hands()
    takes = documented(path)
    for method in sorted(set(METHODS) - set(takes)):
        response = call(client, method, url_of(path, game), {})
        assert response.status_code == 405, (method, path)
        assert sorted(response["Allow"].lower().split(", ")) == sorted(takes)
        if method != "head":
            assert response.json()["error"]
    for method in takes:
        assert "405" in PATHS[path][method]["responses"]


@pytest.mark.parametrize("scoring", [True, False], ids=["scoring link", "watch link"])
def test_head_on_a_game_answers_gets_headers_without_the_body(client, scoring):
    game = game_of_two_hands()
    get, head = client.get(api(game, scoring=scoring)), client.head(api(game, scoring=scoring))
    assert head.status_code == 200 and head.content == b""
    for header in ("ETag", "Content-Type", "Content-Length", "Cache-Control"):
        assert head[header] == get[header]
    assert int(head["Content-Length"]) == len(get.content) > 0


def test_head_on_the_schema_answers_gets_headers_without_the_body(client):
    get, head = client.get("/api/v1/openapi.json"), client.head("/api/v1/openapi.json")
    assert head.status_code == 200 and head.content == b""
    assert head["Content-Type"] == get["Content-Type"] == "application/json"
    assert int(head["Content-Length"]) == len(get.content)


@pytest.mark.parametrize("address", ["/api/v1/openapi.json", "/api/v1/"])
def test_a_post_to_the_schema_or_its_page_is_405_in_json_not_a_csrf_403(address):
    browser = Client(enforce_csrf_checks=True)  # as a real one: no CSRF token sent
    response = browser.post(address, json.dumps({}), content_type="application/json")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert response.json()["error"] == "This address takes GET, HEAD."


@pytest.mark.parametrize(
    "tags",
    ['"{v}"', 'W/"{v}"', '"0", "{v}"', 'W/"0", W/"{v}"', "*", ' "{v}" '],
    ids=["strong", "weak", "a list", "a weak list", "any", "spaced"],
)
@pytest.mark.parametrize("method", ["get", "head"])
def test_if_none_match_compares_weakly_and_answers_304(client, tags, method):
    game = game_of_two_hands()
    now = Game.objects.get(pk=game.pk)
    state = f"{now.version}.{now.revision}"
    response = getattr(client, method)(api(game), headers={"If-None-Match": tags.format(v=state)})
    assert response.status_code == 304 and response.content == b""
    assert response["ETag"] == etag(game)


@pytest.mark.parametrize("tags", ['"999"', 'W/"999"', '"998", W/"999"', "", "garbage"])
def test_if_none_match_naming_another_version_reads_the_game(client, tags):
    game = game_of_two_hands()
    response = client.get(api(game), headers={"If-None-Match": tags})
    assert response.status_code == 200
    assert len(response.json()["hands"]) == 2


@pytest.mark.db_specific  # each database's own read-only switch
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("method", "path"), [o for o in operations() if "{token}/" in o[1]])
def test_a_command_to_a_database_that_cant_take_it_is_a_documented_503(client, method, path):
    hands, body, _ = COMMANDS[(method, short(path))]
    game = stored_game(hands=hands)
    body = body_for(body, game)
    read_only(True)
    try:
        response = send(client, method, url_of(path, game), body, **{"If-Match": etag(game)})
    finally:
        read_only(False)
    assert response.status_code == 503, response.content
    assert "503" in PATHS[path][method]["responses"]
    assert Hand.objects.filter(game=game).count() == len(hands)
