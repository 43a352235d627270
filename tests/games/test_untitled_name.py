"""An untitled game keeps no title: it is named by its players and date when shown, in the
reader's language, its names listed as that language lists them."""

import datetime

import pytest
from django.utils import translation

from kalooki_ledger.games.models import Game
from tests.games.web import stored_game

pytestmark = pytest.mark.django_db


def untitled() -> Game:
    game = stored_game("Anna Björn Cecilia Daniel")
    Game.objects.filter(pk=game.pk).update(played_on=datetime.date(2026, 11, 24), title="")
    return Game.objects.get(pk=game.pk)


def test_an_untitled_game_is_named_in_the_readers_language():
    game = untitled()
    assert game.title == ""
    with translation.override("en"):
        assert str(game) == "Anna, Björn, Cecilia and Daniel · 24 Nov 2026"
    with translation.override("sv"):
        assert str(game) == "Anna, Björn, Cecilia och Daniel · 24 nov 2026"


def test_the_table_page_heads_an_untitled_game_in_swedish(client):
    game = untitled()
    page = client.get(game.get_absolute_url(), headers={"Accept-Language": "sv-SE"})
    assert "<h1>Anna, Björn, Cecilia och Daniel · 24 nov 2026</h1>" in page.content.decode()
