"""The game pages' template tags: the key a part kept per ledger is found by."""

from decimal import Decimal

import pytest
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
