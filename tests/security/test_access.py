"""The scoring link, the watch link and the admin, tested against each other.

The watch (read-only) link changes nothing through any URL or method; tokens that are not a
game's answer 404 and are looked up by one indexed equality query; the admin is for staff only.
"""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver
from hypothesis import given
from hypothesis import strategies as st

from kalooki_ledger.games.models import Game
from tests.games.web import FormClient as Client

from .factories import (
    FAST,
    PASSWORD,
    awaiting_game,
    finished_game,
    make_club,
    make_user,
    paid_keys,
    snapshot,
    stored_game,
)

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete", "head", "options")
# Every route that takes a game's token, with the number of a hand that exists where one is asked.
SCORING_ROUTES = [
    "/g/{t}/",
    "/g/{t}/hands/",
    "/g/{t}/buy-in/",
    "/g/{t}/undo/",
    "/g/{t}/hands/1/edit/",
    "/g/{t}/hands/1/delete/",
    "/g/{t}/stop/",
    "/g/{t}/paid/",
    "/g/{t}/date/",
    "/g/{t}/sheet/",
    "/g/{t}/rules/",
    "/g/{t}/phone/",  # names the phone in a cookie: nothing in the game changes
    "/g/{t}/pay-handle/",
    "/g/{t}/handover/",
]
WATCH_ROUTES = [
    "/w/{t}/",
    "/w/{t}/sheet/",
    "/w/{t}/rules/",
    "/w/{t}/remember/",
    "/w/{t}/qr.svg",
    "/w/{t}/board/",  # the table's panel on a room's board
]
# The JSON API takes either link; only the scoring one writes (tested in test_api_access.py).
API_ROUTES = [
    "/api/v1/games/{t}",
    "/api/v1/games/{t}/hands",
    "/api/v1/games/{t}/hands/1",
    "/api/v1/games/{t}/undo",
    "/api/v1/games/{t}/buy-ins",
    "/api/v1/games/{t}/stop",
    "/api/v1/games/{t}/paid",
    "/api/v1/games/{t}/date",
]
# A night's and a group's routes: their links are tested in tests/nights/test_access.py.
NIGHT_ROUTES = [
    "/nights/groups/{t}/",
    "/nights/groups/{t}/settings/",
    "/nights/groups/w/{t}/",
    "/nights/n/{t}/",
    "/nights/n/{t}/pay/",
    "/nights/n/{t}/unpay/",
    "/nights/n/{t}/games/",
    "/nights/n/{t}/close/",
    "/nights/w/{t}/",
    "/nights/file/{t}/night.json",
    "/nights/file/{t}/night.csv",
    "/nights/file/{t}/night.pdf",
    "/api/v1/nights/{t}",
    "/api/v1/nights/{t}/payments",
    "/api/v1/nights/{t}/games",
    "/api/v1/nights/{t}/close",
    "/api/v1/groups/{t}",
]
DOWNLOADS = [
    "/sheets/g/{t}/score-sheet.pdf",
    "/sheets/g/{t}/hands.csv",
    "/sheets/g/{t}/record.json",
]

# What each form would post to change the game if the token were the scoring one.
CHANGING_POSTS = {
    "/g/{t}/hands/": {
        "number": "4",
        "winner": "Andy",
        "value-1": "5",
        "value-2": "5",
        "value-3": "5",
    },
    "/g/{t}/buy-in/": {"player": "Mark", "choice": "in", "hand": "4"},
    "/g/{t}/undo/": {"hand": "4"},
    "/g/{t}/hands/1/edit/": {"winner": "Andy", "value-1": "5", "value-2": "5", "value-3": "5"},
    "/g/{t}/stop/": {"settle": "refund"},
    "/g/{t}/paid/": {"paid": ["Mark>Andy>0.60"]},  # the transfer of finished_game()
    "/g/{t}/date/": {"played_on": "2026-11-20"},
    "/g/{t}/pay-handle/": {"player": "Mark", "service": "monzo", "handle": "markymark"},
    "/g/{t}/handover/": {},
}


def call(client: Client, method: str, url: str, data: dict | None = None):
    if method in ("get", "head", "options"):
        return getattr(client, method)(url)
    return getattr(client, method)(url, data or {})


def test_the_route_lists_here_are_every_route_that_takes_a_token():
    """A new route taking a token must be added above, so it is tested against both links."""
    found = set()
    patterns = []
    for top in get_resolver().url_patterns:
        for inner in getattr(top, "url_patterns", []):
            patterns.append(str(top.pattern) + str(inner.pattern))
    for pattern in patterns:
        if "<token:token>" in pattern:
            url = "/" + pattern.replace("<token:token>", "{t}").replace("<int:number>", "1")
            found.add(url)
    assert found == set(SCORING_ROUTES + WATCH_ROUTES + DOWNLOADS + API_ROUTES + NIGHT_ROUTES)


@pytest.mark.parametrize("route", SCORING_ROUTES)
def test_the_watch_token_opens_no_scoring_route_by_any_method(client, route):
    game = awaiting_game()
    before = snapshot()
    for method in METHODS:
        response = call(client, method, route.format(t=game.share_token), CHANGING_POSTS.get(route))
        assert response.status_code in (404, 405), method
    assert snapshot() == before


@pytest.mark.parametrize("route", list(CHANGING_POSTS))
def test_the_same_posts_with_the_scoring_token_do_change_the_game(client, route):
    """The control for the test above: these posts are ones that would change something."""
    if route == "/g/{t}/paid/":
        game = finished_game()
        assert paid_keys(client, game) == CHANGING_POSTS[route]["paid"]
    elif route in ("/g/{t}/buy-in/", "/g/{t}/undo/"):
        game = awaiting_game()
    else:
        game = stored_game()
    before = snapshot()
    response = client.post(route.format(t=game.edit_token), CHANGING_POSTS[route])
    assert response.status_code in (200, 302), response.content.decode()[:500]
    assert snapshot() != before


@pytest.mark.parametrize("route", WATCH_ROUTES + DOWNLOADS)
def test_the_watch_routes_and_downloads_refuse_every_changing_method(client, route):
    game = awaiting_game()
    before = snapshot()
    for method in ("post", "put", "patch", "delete"):
        for token in (game.share_token, game.edit_token):
            response = call(client, method, route.format(t=token), {"settle": "refund"})
            assert response.status_code == 405, method
    assert snapshot() == before


@pytest.mark.parametrize("route", WATCH_ROUTES)
def test_the_scoring_token_is_not_a_watch_token(client, route):
    game = stored_game()
    assert client.get(route.format(t=game.edit_token)).status_code == 404


@pytest.mark.parametrize(
    "route", [*WATCH_ROUTES, "/sheets/g/{t}/hands.csv", "/sheets/g/{t}/record.json"]
)
def test_nothing_opened_by_the_watch_link_shows_the_scoring_token(client, route):
    game = awaiting_game()
    response = client.get(route.format(t=game.share_token))
    assert response.status_code == (204 if route.endswith("remember/") else 200)
    assert game.edit_token not in response.content.decode()
    assert not re.search(r'"/g/', response.content.decode())


def test_the_watch_page_offers_no_form_that_changes_the_game(client):
    game = awaiting_game()
    for route in WATCH_ROUTES:
        shown = client.get(route.format(t=game.share_token)).content.decode()
        assert not re.search(r'<form[^>]*method="?post', shown, re.IGNORECASE), route


def test_the_home_page_of_a_watching_phone_lists_the_game_by_its_watch_link_only(client):
    game = stored_game()
    client.get(game.share_url())
    client.get(f"{game.share_url()}remember/")  # as the watch page's app.js asks
    shown = client.get("/").content.decode()
    assert game.share_token in shown
    assert game.edit_token not in shown


tokens = st.one_of(
    st.text(
        alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_",
        min_size=1,
        max_size=40,
    ),
    st.text(min_size=1, max_size=30).filter(lambda t: "/" not in t and t.strip() == t and t),
)


@FAST
@given(token=tokens)
def test_an_unknown_token_answers_404_on_every_route(client, token):
    game = Game.objects.first() or stored_game()
    if token in (game.edit_token, game.share_token):
        return
    from urllib.parse import quote

    before = snapshot()
    for route in SCORING_ROUTES + WATCH_ROUTES + DOWNLOADS:
        method = (
            "post" if route in CHANGING_POSTS or route.endswith(("delete/", "phone/")) else "get"
        )
        response = call(
            client, method, route.format(t=quote(token, safe="")), CHANGING_POSTS.get(route)
        )
        assert response.status_code == 404, route
    assert snapshot() == before


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t[:-1],
        lambda t: t + "A",
        lambda t: t.swapcase(),
        lambda t: t.upper(),
        lambda t: " " + t,
        lambda t: t[:12],
    ],
)
def test_a_token_almost_right_is_404(client, change):
    game = stored_game()
    for route in ("/g/{t}/", "/w/{t}/", "/sheets/g/{t}/record.json"):
        for token in (game.edit_token, game.share_token):
            altered = change(token)
            if altered in (game.edit_token, game.share_token):
                continue
            assert client.get(route.format(t=altered)).status_code == 404


@pytest.mark.db_specific
def test_the_token_columns_have_a_unique_index():
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, Game._meta.db_table)
    for column in ("edit_token", "share_token"):
        assert any(
            c["columns"] == [column] and (c["unique"] or c["index"]) for c in constraints.values()
        ), column


def game_queries(queries) -> list[str]:
    return [q["sql"] for q in queries if 'FROM "games_game"' in q["sql"]]


@pytest.mark.parametrize(
    ("route", "column"),
    [
        ("/g/{t}/", "edit_token"),
        ("/g/{t}/sheet/", "edit_token"),
        ("/w/{t}/", "share_token"),
        ("/w/{t}/sheet/", "share_token"),
        ("/sheets/g/{t}/record.json", "edit_token"),
    ],
)
def test_an_unknown_token_is_one_equality_lookup_not_a_loop_over_games(client, route, column):
    for n in range(5):
        stored_game(title=f"Game {n}")
    with CaptureQueriesContext(connection) as queries:
        response = client.get(route.format(t="not-a-token-at-all-xyz"))
    assert response.status_code == 404
    looked = game_queries(queries.captured_queries)
    assert len(looked) == 1, looked
    sql = looked[0]
    assert re.search(rf'"games_game"\."{column}" = ', sql), sql
    assert "LIMIT" in sql.upper()
    # The token is a parameter compared by the database: no game row came back to Python.
    assert "not-a-token-at-all-xyz" not in sql or "= 'not-a-token-at-all-xyz'" in sql


# ---------------------------------------------------------------- the admin


def admin_client(**flags) -> Client:
    client = Client()
    client.force_login(make_user("boss", **flags))
    return client


ADMIN_PAGES = [
    "/admin/",
    "/admin/games/game/",
    "/admin/games/hand/",
    "/admin/games/houserules/",
    "/admin/clubs/club/",
]


@pytest.mark.parametrize("url", ADMIN_PAGES)
def test_the_admin_sends_anyone_but_staff_to_its_log_in(client, url):
    game = stored_game()
    assert client.get(url).status_code == 302
    for token in (game.edit_token, game.share_token):
        client.get(f"/g/{token}/") if token == game.edit_token else client.get(f"/w/{token}/")
        response = client.get(url)
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
    member = admin_client()
    response = member.get(url)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_a_club_organiser_is_not_an_admin():
    make_club(olive="organiser")
    client = Client()
    assert client.login(username="olive", password=PASSWORD)
    response = client.get("/admin/games/game/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_a_non_staff_user_cannot_change_a_game_through_the_admin():
    game = stored_game()
    client = admin_client()
    before = snapshot()
    response = client.post(f"/admin/games/game/{game.pk}/change/", {"title": "Hacked"})
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert snapshot() == before


def test_staff_see_a_game_in_the_admin_but_cannot_rewrite_its_tokens():
    game = stored_game()
    client = admin_client(is_staff=True, is_superuser=True)
    page = client.get(f"/admin/games/game/{game.pk}/change/")
    assert page.status_code == 200
    assert game.edit_token in page.content.decode()  # shown read-only
    assert 'name="edit_token"' not in page.content.decode()
    data = {
        "title": game.title,
        "preset": game.preset,
        "rule_overrides": "{}",
        "currency": game.currency,
        "call_up": game.call_up,
        "kalookie": game.kalookie,
        "initial": game.initial,
        "buy_in": game.buy_in,
        "per_point": game.per_point,
        "first_dealer": 0,
        "stopped": "",
        "edit_token": "chosen-by-me",
        "share_token": "chosen-by-me-too",
        "seats-TOTAL_FORMS": "0",
        "seats-INITIAL_FORMS": "0",
    }
    client.post(f"/admin/games/game/{game.pk}/change/", data)
    game.refresh_from_db()
    assert game.edit_token != "chosen-by-me" and game.share_token != "chosen-by-me-too"
    assert not Game.objects.filter(edit_token="chosen-by-me").exists()


def test_markup_in_a_name_is_inert_in_the_admin():
    from .factories import MARKUP

    stored_game(players=[MARKUP, "Mark"], title=MARKUP)
    client = admin_client(is_staff=True, is_superuser=True)
    shown = client.get("/admin/games/game/").content.decode()
    assert MARKUP not in shown
    assert "&lt;script&gt;" in shown


def test_club_pages_are_404_to_a_signed_in_stranger():
    club = make_club(olive="organiser")
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    for url in (f"/clubs/{club.slug}/", f"/clubs/{club.slug}/members/"):
        assert stranger.get(url).status_code == 404
    before = snapshot()
    response = stranger.post(
        f"/clubs/{club.slug}/members/", {"action": "add-player", "player-name": "X"}
    )
    assert response.status_code == 404
    assert snapshot() == before


def test_a_plain_member_cannot_start_a_club_game_or_manage_members():
    club = make_club(olive="organiser", mo="member")
    client = Client()
    client.force_login(club.memberships.get(user__username="mo").user)
    before = snapshot()
    assert (
        client.post(
            f"/clubs/{club.slug}/games/new/", {"seat_1": "A", "seat_2": "B", "preset": "british"}
        ).status_code
        == 403
    )
    assert (
        client.post(
            f"/clubs/{club.slug}/members/", {"action": "add-player", "player-name": "X"}
        ).status_code
        == 403
    )
    assert snapshot() == before


@pytest.mark.parametrize("token", ["%00" * 24, "short", "a" * 65, "x" * 23 + "%2F", "é" * 24])
def test_a_malformed_token_is_not_found_before_any_query(client, token):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/g/{token}/").status_code == 404
        assert client.get(f"/w/{token}/").status_code == 404
    assert not [q for q in captured if "games_game" in q["sql"]]
