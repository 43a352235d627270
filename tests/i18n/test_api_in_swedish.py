"""Every message the API answers in Swedish holds no English word and no English number (issue
27): each endpoint's refusals, walked path by path and method by method as
tests/games/test_api_protocol.py walks them, and a few bodies of the wrong shape more, asked in
English and in Swedish and compared word by word as tests/i18n/visible.py compares pages. The
JSON keys and machine values stay as they are: a JSON sample a message quotes, the headers it
names and the record's keys are data."""

import re

import pytest

from kalooki_ledger.games.models import HandedOver
from tests.games.test_api import etag, next_hand, send
from tests.games.test_api_protocol import (
    COMMANDS,
    METHODS,
    PATHS,
    body_for,
    call,
    documented,
    short,
    url_of,
)
from tests.games.test_faults import read_only
from tests.games.web import new_key, stored_game, worked_hands
from tests.i18n.test_downloads_in_swedish import ENGLISH, ENGLISH_NUMBER, SWEDISH, as_page
from tests.i18n.visible import english_left

pytestmark = pytest.mark.django_db

# What a message names as the API names it: its headers, keys and values, and the players.
API_DATA = (
    "Idempotency-Key If-Match ETag JSON null true false settle transfers number results",
    "GET HEAD POST PUT DELETE",
    "Andy Mark John Frank Zoe",
)
# A JSON sample or a quoted value inside a message ({"settle": "refund"}, ["7"], "12").
JSON_SAMPLE = re.compile(r'\{[^{}]*\}|\[[^\[\]]*\]|"[^"]*"')
TOKEN_PATHS = [p for p in PATHS if "{token}" in p]


def messages(response) -> list[str]:
    """The human-readable messages of an answer: its error and each problem's message."""
    if not response.get("Content-Type", "").startswith("application/json") or not response.content:
        return []
    body = response.json()
    said = [body.get("error"), *(p.get("message") for p in body.get("problems", []))]
    return [JSON_SAMPLE.sub("", JSON_SAMPLE.sub("", text)) for text in said if text]


def refusals(client, method: str, path: str, language: dict) -> list[str]:
    """The messages of every way of asking this operation wrong, in `language`."""
    hands, body, refused = COMMANDS.get((method, short(path)), (worked_hands()[:2], None, None))
    said: list[str] = []

    def ask(sent=body, token: str = "", scoring: bool = True, **headers) -> None:
        game = stored_game(hands=hands)
        url = url_of(path, game, scoring, token)
        headers = {"If-Match": etag(game), "Idempotency-Key": new_key(), **headers, **language}
        said.extend(messages(call(client, method, url, body_for(sent, game), **headers)))

    ask(scoring=False)
    ask(token="x" * 24)
    game = stored_game(hands=hands)
    HandedOver.objects.create(game=game, token="given-up-" + new_key())
    ask(token=game.handed_over.get().token)
    if method in ("get", "head"):
        return said
    ask(**{"Idempotency-Key": ""})
    ask(**{"If-Match": ""})
    ask(**{"If-Match": '"1"'})
    ask(**{"If-Match": "twelve"})
    if body is not None:
        for wrong in (refused, "{", "[1]", '{"a": 1, "a": 2}', {"number": "two"}, {"number": 0}):
            ask(wrong)
        ask({"x": "x" * 2_700_000})
    return said


def english_in(english: list[str], swedish: list[str]) -> list[str]:
    assert len(english) == len(swedish) and english != swedish
    pages = (as_page("\n".join(texts), lang) for texts, lang in ((swedish, "sv"), (english, "en")))
    left = english_left(*pages, API_DATA)
    return left + [f"English number: {text}" for text in swedish if ENGLISH_NUMBER.search(text)]


@pytest.mark.parametrize(
    ("method", "path"),
    [(m, p) for p in TOKEN_PATHS for m in documented(p) if m != "head"],
    ids=lambda v: v,
)
def test_every_refusal_of_an_operation_reads_swedish(client, method, path):
    english = refusals(client, method, path, ENGLISH)
    swedish = refusals(client, method, path, SWEDISH)
    assert english_in(english, swedish) == []


@pytest.mark.parametrize("path", TOKEN_PATHS, ids=lambda v: v)
def test_a_method_an_address_does_not_take_is_refused_in_swedish(client, path):
    game = stored_game(hands=worked_hands()[:2])
    wrong = sorted(set(METHODS) - set(documented(path)) - {"head"})
    said = {
        name: [messages(call(client, m, url_of(path, game), {}, **lang))[0] for m in wrong]
        for name, lang in (("en", ENGLISH), ("sv", SWEDISH))
    }
    assert english_in(said["en"], said["sv"]) == []


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/buy-ins", {"number": 4, "player": "Mark"}),
        ("/stop", {}),
        ("/stop", {"settle": "halves"}),
        ("/paid", {"transfers": []}),
        ("/undo", {"number": 100000}),
    ],
    ids=["a buy-in", "no settle", "a bad settle", "no transfers", "a hand too far"],
)
def test_a_body_of_the_wrong_shape_is_refused_in_swedish(client, path, body):
    said = {}
    for name, lang in (("en", ENGLISH), ("sv", SWEDISH)):
        game = stored_game(hands=worked_hands()[:2])
        url = f"/api/v1/games/{game.edit_token}{path}"
        said[name] = messages(send(client, "post", url, body, **{"If-Match": etag(game), **lang}))
    assert english_in(said["en"], said["sv"]) == []


@pytest.mark.db_specific  # each database's own read-only switch
@pytest.mark.django_db(transaction=True)
def test_a_command_to_a_database_that_cant_take_it_is_refused_in_swedish(client):
    said = {}
    for name, lang in (("en", ENGLISH), ("sv", SWEDISH)):
        game = stored_game(hands=worked_hands()[:2])
        read_only(True)
        try:
            answer = send(
                client, "post", f"/api/v1/games/{game.edit_token}/hands", next_hand(3), **lang
            )
        finally:
            read_only(False)
        assert answer.status_code == 503
        said[name] = messages(answer)
    assert english_in(said["en"], said["sv"]) == []
