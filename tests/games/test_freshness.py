"""One freshness key for a game's page (games/freshness.py): every row its page shows renews the
game's display token by one mechanism, so the watch link's ETag and what is kept of the page move on
with the club, tournament and night the game is in; and a watcher's poll with nothing new is
answered from that key alone: one row read, nothing rendered (issues 41 and 43)."""

import random
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import resolve, reverse
from django.utils.module_loading import import_string

from kalooki_ledger.clubs import board, tournaments
from kalooki_ledger.clubs.filing import file_game
from kalooki_ledger.games.models import Game
from kalooki_ledger.nights.models import NightGameLink
from tests.clubs.factories import club_game, finish_table, make_club, short_game, tournament_with
from tests.games.web import stored_game, worked_hands
from tests.nights.factories import group, night

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def etag(client, game: Game) -> str:
    response = client.get(game.share_url())
    assert response.status_code == 200
    return response["ETag"]


def test_the_watch_etag_changes_when_its_game_is_filed_in_a_club(client):
    game = stored_game(hands=worked_hands()[:2])
    before = etag(client, game)
    file_game(Game.objects.get(pk=game.pk), make_club("Friday Club", "friday"))
    after = client.get(game.share_url(), headers={"If-None-Match": before})
    assert after.status_code == 200 and after["ETag"] != before
    assert "Friday Club" in after.content.decode()


def test_the_watch_etag_changes_when_its_club_is_renamed(client):
    club = make_club("Friday Club", "friday")
    game = club_game(club, short_game(["Ann", "Bob", "Cy"], "Ann"))
    before = etag(client, game)
    club.name = "Saturday Club"
    club.save(update_fields=["name"])
    after = client.get(game.share_url(), headers={"If-None-Match": before})
    assert after.status_code == 200 and "Saturday Club" in after.content.decode()


def test_the_watch_etag_changes_when_its_tournament_moves_a_stage(client):
    tournament = tournament_with(make_club("Friday Club", "friday"))
    heats = tournaments.load(tournament).heats
    game = heats[0].game
    finish_table(game)
    for table in heats[1:]:
        finish_table(table.game)
    game.refresh_from_db()
    before = etag(client, game)
    tournaments.start_semis(tournament, random.Random(1))
    after = client.get(game.share_url(), headers={"If-None-Match": before})
    assert after.status_code == 200 and after["ETag"] != before
    assert "out of the tournament" in after.content.decode()  # buying in closed with the heats


def test_the_watch_etag_changes_when_its_game_joins_or_leaves_a_night(client):
    game = stored_game(hands=worked_hands())
    before = etag(client, game)
    link = NightGameLink.objects.create(night=night(group()), game_id=game.pk)
    joined = client.get(game.share_url(), headers={"If-None-Match": before})
    assert joined.status_code == 200 and "settled with the night" in joined.content.decode()
    link.delete()
    left = client.get(game.share_url(), headers={"If-None-Match": joined["ETag"]})
    assert left.status_code == 200 and "settled with the night" not in left.content.decode()
    assert len({before, joined["ETag"], left["ETag"]}) == 3


def test_games_renewed_together_each_get_a_display_token_of_their_own():
    tournament = tournament_with(make_club("Friday Club", "friday"))
    tournament.name = "Blackpool Open"
    tournament.save(update_fields=["name"])
    tokens = list(
        Game.objects.filter(tournament_table__tournament=tournament).values_list("shown", flat=True)
    )
    assert len(tokens) > 1 and len(set(tokens)) == len(tokens)


def answered(client, url: str, **headers):
    """The response, the queries it made and the templates it rendered."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    return response, [q["sql"] for q in queries], [t.name for t in response.templates]


def reads(queries: list[str]) -> list[str]:
    # PostgreSQL's snapshot sets its isolation level first: a statement, not a read.
    return [sql for sql in queries if not sql.startswith("SET TRANSACTION")]


@pytest.mark.db_specific
def test_a_watch_poll_with_nothing_new_reads_one_row_and_renders_nothing(client):
    game = stored_game(hands=worked_hands()[:3])
    first = client.get(game.share_url(), headers=HTMX)
    fresh = first.content.decode().split("?v=")[1].split('"')[0]
    for headers, status in (({"If-None-Match": first["ETag"]}, 304), ({}, 204)):
        url = game.share_url() if status == 304 else f"{game.share_url()}?v={fresh}"
        response, queries, templates = answered(client, url, **HTMX, **headers)
        assert response.status_code == status
        assert len(reads(queries)) == 1 and "games_game" in queries[-1]
        assert templates == []
    # The figure, for comparison: the fragment rendered anew reads and renders far more.
    _, queries, templates = answered(client, game.share_url(), **HTMX)
    assert len(reads(queries)) > 1 and templates


@pytest.mark.db_specific
def test_a_board_poll_with_nothing_new_renders_nothing(client):
    club = make_club()
    club_game(club, short_game(["Ann", "Bob", "Cy"], "Ann"))
    url = board.board_url("club", club.pk)
    first = client.get(url, headers=HTMX)
    response, queries, templates = answered(client, url, **HTMX, **{"If-None-Match": first["ETag"]})
    assert response.status_code == 304 and templates == []
    assert len(reads(queries)) == 1  # the games' revisions: one row each, no replay
    panel = reverse("games:room_panel", args=[club.club_games.get().game.share_token])
    first = client.get(panel, headers=HTMX)
    response, queries, templates = answered(
        client, panel, **HTMX, **{"If-None-Match": first["ETag"]}
    )
    assert response.status_code == 304 and templates == [] and len(reads(queries)) == 1


# What the context processors may add to a game's page: read from rows that renew the game's
# display token (games/freshness.py), or read by no part of the page that is kept.
RENEWING = {"filed_under", "in_night"}
NEVER_KEPT = {"request", "user", "perms", "messages", "DEFAULT_MESSAGE_LEVELS"}
NEVER_KEPT |= {"language_switch", "languages"}
KEPT_PARTS = re.compile(r"{% cache .*?%}(.*?){% endcache %}", re.S)


def kept_parts() -> str:
    """The source of every part of the games' templates kept by `{% cache %}`."""
    folder = Path(settings.BASE_DIR) / "templates" / "games"
    found = [
        part for path in folder.glob("*.html") for part in KEPT_PARTS.findall(path.read_text())
    ]
    assert len(found) >= 3  # the board, the transfers and the result text
    return "\n".join(found)


def test_every_value_the_context_processors_add_to_a_games_page_is_in_its_freshness_key(rf):
    game = club_game(make_club(), short_game(["Ann", "Bob", "Cy"], "Ann"))
    NightGameLink.objects.create(night=night(group()), game_id=game.pk)
    added = set()
    for url in (game.get_absolute_url(), game.share_url()):
        request = rf.get(url)
        request.resolver_match = resolve(url)
        request.user = AnonymousUser()
        for dotted in settings.TEMPLATES[0]["OPTIONS"]["context_processors"]:
            added |= set(import_string(dotted)(request))
    assert added >= RENEWING  # the game is filed and in a night: both processors spoke
    unknown = added - RENEWING - NEVER_KEPT
    assert not unknown, f"a context processor adds {unknown}: register its rows in freshness"
    source = kept_parts()
    read = {name for name in NEVER_KEPT if re.search(rf"\b{name}\b", source)}
    assert not read, f"a kept part of a game's page reads {read}, which its key does not hold"


def test_a_watch_page_reads_if_none_match_as_django_does_weak_lists_and_star(client):
    game = stored_game(hands=worked_hands()[:2])
    tag = etag(client, game)
    for named in (f"W/{tag}", f'"other", {tag}', "*"):
        response = client.get(game.share_url(), headers={"If-None-Match": named})
        assert response.status_code == 304 and response["ETag"] == tag
    other = client.get(game.share_url(), headers={"If-None-Match": tag[:-2] + 'x"'})
    assert other.status_code == 200


def test_a_board_reads_if_none_match_as_django_does_weak_lists_and_star(client):
    club = make_club()
    club_game(club, short_game(["Ann", "Bob", "Cy"], "Ann"))
    url = board.board_url("club", club.pk)
    tag = client.get(url)["ETag"]
    for named in (f"W/{tag}", f'"other", {tag}', "*"):
        response = client.get(url, headers={"If-None-Match": named})
        assert response.status_code == 304 and response["ETag"] == tag
    assert client.get(url, headers={"If-None-Match": '"other"'}).status_code == 200
