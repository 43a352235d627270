"""What every route of the API shares is defined once, in games/api_layer.py: the token of an
address and the amount pattern; and an API read is in one snapshot through the site's one
middleware, as every GET is, not a second wrapper of its own."""

from pathlib import Path

import pytest
from django.db import connection

from kalooki_ledger.games import api as games_api
from kalooki_ledger.games import api_layer
from kalooki_ledger.nights import api as nights_api
from tests.games.test_api import api
from tests.games.web import stored_game, worked_hands

CODE = Path(api_layer.__file__).parents[1]


@pytest.mark.parametrize("written", ["AMOUNT_PATTERN = ", "Token = Annotated", "one_snapshot()"])
def test_what_the_routes_share_is_written_once_in_the_api_layer(written):
    found = [p for p in CODE.rglob("*.py") if written in p.read_text()]
    expected = [] if written == "one_snapshot()" else [Path(api_layer.__file__)]
    assert [p for p in found if "api" in p.name] == expected


def test_each_apps_routes_take_the_one_token_and_amount():
    assert games_api.Token is nights_api.Token is api_layer.Token
    assert games_api.AMOUNT_PATTERN is nights_api.AMOUNT_PATTERN is api_layer.AMOUNT_PATTERN


@pytest.mark.db_specific
@pytest.mark.django_db(transaction=True)
def test_an_api_read_reads_in_one_snapshot_through_the_sites_middleware(client):
    game = stored_game(hands=worked_hands()[:2])
    inside: list[tuple[str, bool]] = []

    def watched(execute, sql, params, many, context):
        try:
            return execute(sql, params, many, context)
        finally:  # after the middleware's wrapper has begun the snapshot at the first read
            inside.append((sql, connection.in_atomic_block))

    with connection.execute_wrapper(watched):
        assert client.get(api(game)).status_code == 200
    # The view's reads: the game's row and its hands (outer middleware may read before it).
    reads = [atomic for sql, atomic in inside if '"games_' in sql]
    assert len(reads) >= 2
    assert all(reads)
