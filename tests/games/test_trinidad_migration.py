"""Migration 0008: Trinidad games stored while the preset doubled keep the scores they were
played and paid with; other games are left as they were."""

import importlib

import pytest
from django.apps import apps

from kalooki_ledger.games.models import Game
from tests.games.web import family_game, stored_game

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]

keep_doubling = importlib.import_module(
    "kalooki_ledger.games.migrations.0008_trinidad_games_keep_their_doubling"
).keep_doubling

BENT = [{"winner": "Ann", "kalookie": True, "penalties": {"Bob": 30, "Cy": 12}}]
PLAIN = [{"winner": "Ann", "penalties": {"Bob": 30, "Cy": 12}}]


def trinidad(hands: list, **rules) -> Game:
    data = {"rules": {"preset": "trinidad", **rules}, "stakes": {"currency": "units"}}
    return stored_game("Ann Bob Cy", hands=hands, **data)


def scored(game: Game) -> dict:
    return dict(Game.objects.get(pk=game.pk).ledger().hands[0].scored)


def test_a_trinidad_game_with_a_bent_table_keeps_its_doubling():
    game = trinidad(BENT)
    keep_doubling(apps, None)
    assert Game.objects.get(pk=game.pk).rule_overrides == {"kalookie_doubles_penalties": True}
    assert scored(game) == {"Ann": 0, "Bob": 60, "Cy": 24}


def test_other_games_are_left_as_they_were():
    games = [
        trinidad(PLAIN),
        trinidad(BENT, kalookie_doubles_penalties=False),  # a house rule said so already
        trinidad([]),
        family_game("jamaica"),
    ]
    before = [g.rule_overrides for g in games]
    keep_doubling(apps, None)
    assert [Game.objects.get(pk=g.pk).rule_overrides for g in games] == before
    assert scored(games[1]) == {"Ann": 0, "Bob": 30, "Cy": 12}
