"""The game pages' template tags: the key a kept part is found by, and what it may hold."""

from decimal import Decimal

import pytest
from django.conf import settings
from django.template import Template, TemplateSyntaxError
from django.utils.translation import gettext_lazy, override

from kalooki_ledger.games.templatetags.games_extras import plain
from tests.games.web import stored_game


def test_two_tables_filed_under_different_tournaments_key_apart():
    first = {"name": "November Open", "table": "Table 1", "can_buy_in": True}
    second = {**first, "can_buy_in": False}
    assert plain((True, "tok", first)) != plain((True, "tok", second))


def test_a_number_and_its_words_key_apart():
    assert plain(("1",)) != plain((1,)) and plain((True,)) != plain((1,))
    assert plain((Decimal("0.50"),)) == plain((Decimal("0.50"),))


def test_a_lazy_translation_keys_as_the_words_it_is_now():
    with override("sv"):
        assert plain(gettext_lazy("Player")) == ("str", "Spelare")


@pytest.mark.django_db
def test_a_model_is_refused_as_a_key_since_its_repr_shows_only_its_title():
    with pytest.raises(TypeError, match="plain values, not Game"):
        plain((stored_game(),))


def test_a_block_inside_a_kept_part_is_refused():
    # A child page fills a block: kept, one page's title would show on every page.
    source = (
        "{% load games_extras %}{% site_part %}{% block title %}x{% endblock %}{% endsite_part %}"
    )
    with pytest.raises(TemplateSyntaxError, match="may not hold a block"):
        Template(source)


@pytest.mark.django_db
def test_the_kept_head_and_header_follow_each_readers_language(client):
    english = client.get("/").content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sv"
    swedish = client.get("/").content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-gb"
    again = client.get("/").content.decode()
    assert '<html lang="en-gb">' in english and ">Clubs</a>" in english
    assert '<html lang="sv">' in swedish and ">Klubbar</a>" in swedish
    assert "manifest.sv" in swedish and "manifest.sv" not in english
    assert '<html lang="en-gb">' in again and ">Clubs</a>" in again  # not the Swedish kept


@pytest.mark.django_db
def test_each_page_keeps_its_own_title_and_head_beside_the_kept_head(client):
    game = stored_game(title="Friday at Mark's")
    home = client.get("/").content.decode()
    table = client.get(game.get_absolute_url()).content.decode()
    assert "<title>Friday at Mark&#x27;s · Kalooki Ledger</title>" in table
    assert "<title>Friday at Mark" not in home
    assert "outbox" in table and "outbox" not in home  # the table page's own script
    assert home.count('<header class="site">') == table.count('<header class="site">') == 1
