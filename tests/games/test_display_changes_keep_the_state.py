"""A change to a row a game's page only shows (the club it is filed in, a table its tournament
seats, the night it joins) renews the game's display token, not its state: the watch link's ETag
moves on, but a hand sent from a page loaded before, by its form or through the API with the old
If-Match, is stored (issue 41)."""

import re

import pytest

from kalooki_ledger.clubs.filing import file_game
from kalooki_ledger.clubs.models import Tournament, TournamentTable
from kalooki_ledger.games.models import Game, Hand
from kalooki_ledger.nights.models import NightGameLink
from tests.clubs.factories import make_club
from tests.games.test_api import api, etag, next_hand, send
from tests.games.web import FormClient, hand_post, new_key, stored_game, worked_hands
from tests.nights.factories import group, night

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]  # commands: compare-and-set SQL


def filed_in_a_club(game: Game) -> None:
    file_game(Game.objects.get(pk=game.pk), make_club("Friday Club", "friday"))


def seated_at_a_tournament() -> Game:
    """A game at table 1 of a tournament, before its page is loaded."""
    game = stored_game(hands=worked_hands()[:2])
    tournament = Tournament.objects.create(club=make_club("Friday Club", "friday"), name="Open")
    TournamentTable.objects.create(tournament=tournament, game=game, number=1)
    return game


def a_table_added(game: Game) -> None:
    tournament = Tournament.objects.get(tables__game=game)
    TournamentTable.objects.create(tournament=tournament, game=stored_game(), number=2)


def joined_a_night(game: Game) -> None:
    NightGameLink.objects.create(night=night(group()), game_id=game.pk)


CHANGES = {
    "filed in a club": (lambda: stored_game(hands=worked_hands()[:2]), filed_in_a_club),
    "a tournament table added": (seated_at_a_tournament, a_table_added),
    "joined to a night": (lambda: stored_game(hands=worked_hands()[:2]), joined_a_night),
}


def page_state(client, game: Game) -> dict:
    """The hidden state of the table page's forms, as a phone holds it."""
    page = client.get(f"/g/{game.edit_token}/").content.decode()
    return {
        name: re.search(rf'name="{name}" value="([^"]*)"', page).group(1)
        for name in ("version", "revision")
    }


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_a_hand_from_a_form_loaded_before_a_display_change_is_stored(client, change):
    make, display_change = change
    game = make()
    form = page_state(client, game)
    watched = client.get(game.share_url())["ETag"]
    display_change(game)
    assert client.get(game.share_url(), headers={"If-None-Match": watched})["ETag"] != watched
    post = {**hand_post(3, "Andy", game, Mark=10, John=11, Frank=12), **form, "key": new_key()}
    response = FormClient().post(f"/g/{game.edit_token}/hands/", post)
    assert response.status_code in (200, 302)
    assert Hand.objects.filter(game=game).count() == 3


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_a_hand_sent_with_the_if_match_held_before_a_display_change_is_stored(client, change):
    make, display_change = change
    game = make()
    held = etag(game)
    display_change(game)
    assert etag(game) == held  # the state a command names: a display row is not in it
    response = send(client, "post", api(game, "/hands"), next_hand(3), **{"If-Match": held})
    assert response.status_code == 201
    assert Hand.objects.filter(game=game).count() == 3
