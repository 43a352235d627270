"""Every page's head and header: in each reader's language, with each page's own title."""

import pytest
from django.conf import settings

from tests.games.web import stored_game


@pytest.mark.django_db
def test_the_head_and_header_follow_each_readers_language(client):
    english = client.get("/").content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sv"
    swedish = client.get("/").content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-gb"
    again = client.get("/").content.decode()
    assert '<html lang="en-gb">' in english and ">Clubs</a>" in english
    assert '<html lang="sv">' in swedish and ">Klubbar</a>" in swedish
    assert "manifest.sv" in swedish and "manifest.sv" not in english
    assert '<html lang="en-gb">' in again and ">Clubs</a>" in again  # not the Swedish one


@pytest.mark.django_db
def test_each_page_has_its_own_title_and_head_beside_the_shared_head(client):
    game = stored_game(title="Friday at Mark's")
    home = client.get("/").content.decode()
    table = client.get(game.get_absolute_url()).content.decode()
    assert "<title>Friday at Mark&#x27;s · Kalooki Ledger</title>" in table
    assert "<title>Friday at Mark" not in home
    assert "outbox" in table and "outbox" not in home  # the table page's own script
    assert home.count('<header class="site">') == table.count('<header class="site">') == 1
