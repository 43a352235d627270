"""The score sheet's rows are built once per game version: a second look at an unchanged sheet
builds no row again, and a new hand (a new version) shows at once."""

import re

import pytest

from kalooki_ledger.games import ledger_cache, present
from tests.games.web import hand_post, stored_game, worked_hands

pytestmark = pytest.mark.django_db


@pytest.fixture
def built(monkeypatch) -> list[int]:
    """The number of hands in each sheet whose rows were built, one entry a build."""
    sizes: list[int] = []
    real = present.sheet_rows

    def counted(ledger):
        sizes.append(len(ledger.hands))
        return real(ledger)

    monkeypatch.setattr(present, "sheet_rows", counted)
    return sizes


def key(html: str) -> str:
    return re.search(r'name="key" value="([^"]+)"', html).group(1)


def test_a_second_look_at_an_unchanged_sheet_builds_no_row_again(client, built):
    game = stored_game(hands=worked_hands()[:3])
    url = f"/g/{game.edit_token}/sheet/"
    first, second = client.get(url).content.decode(), client.get(url).content.decode()
    assert built == [3]
    assert second.count('<a class="edit"') == 3
    assert key(first) != key(second)  # the forms around the rows are the request's own
    client.get(url, HTTP_HX_REQUEST="true")  # the live fragment reuses them too
    assert built == [3]


def test_the_watch_sheet_keeps_rows_of_its_own_without_edit_links(client, built):
    game = stored_game(hands=worked_hands()[:3])
    client.get(f"/g/{game.edit_token}/sheet/")
    watched = [client.get(f"/w/{game.share_token}/sheet/").content.decode() for _ in range(2)]
    assert built == [3, 3]
    assert all(game.edit_token not in html for html in watched)


def test_a_new_hand_shows_on_the_sheet_at_once(client, built):
    game = stored_game(hands=worked_hands()[:3])
    url = f"/g/{game.edit_token}/sheet/"
    client.get(url)
    client.post(f"/g/{game.edit_token}/hands/", hand_post(4, "Frank", game, Andy=4, Mark=3, John=5))
    html = client.get(url).content.decode()
    assert 'aria-label="Edit hand 4"' in html
    assert built == [3, 4]


def test_a_ledger_replayed_afresh_builds_the_rows_afresh(client, built):
    game = stored_game(hands=worked_hands()[:3])
    url = f"/g/{game.edit_token}/sheet/"
    client.get(url)
    ledger_cache.clear()  # as after a restore: pages read the database again, rows too
    client.get(url)
    assert built == [3, 3]


def test_a_swedish_look_after_an_english_one_gets_swedish_rows(client, built):
    game = stored_game(hands=worked_hands()[:3])
    url = f"/g/{game.edit_token}/sheet/"
    english = client.get(url).content.decode()
    swedish = client.get(url, headers={"Accept-Language": "sv"}).content.decode()
    assert 'aria-label="Edit hand 1"' in english
    assert 'aria-label="Ändra giv 1"' in swedish and "Edit hand" not in swedish
    client.get(url, headers={"Accept-Language": "sv"})
    client.get(url)
    assert built == [3, 3]  # one build a language, each kept
