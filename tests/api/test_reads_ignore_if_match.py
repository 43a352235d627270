"""A read asks only If-None-Match: an If-Match (which guards changes) on a GET or HEAD is no
undocumented 412 in HTML, but the read as the schema says it."""

import pytest

from tests.games.test_api import api
from tests.games.web import stored_game, worked_hands
from tests.nights.factories import finished, group, night

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method", ["get", "head"])
@pytest.mark.parametrize("tag", ['"1"', '"999.0123456789abcdef"', "*", "nonsense"])
def test_a_game_read_with_any_if_match_is_the_read(client, method, tag):
    game = stored_game(hands=worked_hands()[:2])
    response = getattr(client, method)(api(game), headers={"If-Match": tag})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["ETag"].startswith(f'"{game.version}.')


def test_a_night_read_with_a_stale_if_match_is_the_read_and_if_none_match_still_304(client):
    n = night(group(), finished())
    url = f"/api/v1/nights/{n.share_token}"
    tag = client.get(url)["ETag"]
    assert client.get(url, headers={"If-Match": '"0.0000000000000000"'}).status_code == 200
    both = client.get(url, headers={"If-Match": '"0"', "If-None-Match": tag})
    assert both.status_code == 304
