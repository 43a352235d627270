"""CSRF on every form: a POST without the token is refused with 403 and changes nothing.

Each case is also posted with a token, to show the same POST would have changed something.
"""

import re

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client as DjangoClient
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from kalooki_ledger.clubs.models import Membership, Tournament
from tests.games.web import FormClient as Client
from tests.helpers import worked_example

from .factories import (
    GBP,
    PASSWORD,
    as_json_bytes,
    awaiting_game,
    finished_game,
    make_club,
    make_players,
    make_user,
    paid_keys,
    snapshot,
    stored_game,
)

pytestmark = pytest.mark.django_db

SECRET = "abcdefghijklmnopqrstuvwxyzABCDEF"  # 32 characters: a CSRF secret


def csrf_client(user=None) -> Client:
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def with_token(client: Client, data: dict) -> dict:
    client.cookies["csrftoken"] = SECRET
    return {**data, "csrfmiddlewaretoken": SECRET}


def organiser_of(club):
    return Membership.objects.get(club=club, role="organiser").user


def new_game():
    data = {"player_1": "Andy", "player_2": "Mark", "preset": "british", "seating": "typed"}
    return None, "/new/", {**data, **GBP}


def record_hand():
    game = stored_game()
    data = {"number": "4", "winner": "Andy", "value-1": "5", "value-2": "5", "value-3": "5"}
    return None, f"/g/{game.edit_token}/hands/", data


def buy_in():
    game = awaiting_game()
    return None, f"/g/{game.edit_token}/buy-in/", {"player": "Mark", "choice": "in", "hand": "4"}


def undo():
    game = stored_game()
    return None, f"/g/{game.edit_token}/undo/", {"hand": "3"}


def edit():
    game = stored_game()
    data = {"winner": "Andy", "value-1": "5", "value-2": "5", "value-3": "5"}
    return None, f"/g/{game.edit_token}/hands/1/edit/", data


def delete():
    game = stored_game()
    return None, f"/g/{game.edit_token}/hands/2/delete/", {}


def stop():
    game = stored_game()
    return None, f"/g/{game.edit_token}/stop/", {"settle": "refund"}


def paid():
    game = finished_game()
    keys = paid_keys(Client(), game)
    assert keys
    return None, f"/g/{game.edit_token}/paid/", {"paid": keys}


def played_on():
    game = stored_game()
    return None, f"/g/{game.edit_token}/date/", {"played_on": "2026-11-20"}


def import_record():
    body = as_json_bytes(worked_example())
    return None, "/sheets/import/", {"record": SimpleUploadedFile("g.json", body)}


def new_club():
    return make_user("olive"), "/clubs/", {"name": "Tuesday Club", "slug": "tuesday"}


def add_player():
    club = make_club(olive="organiser")
    data = {"action": "add-player", "player-name": "Andy"}
    return organiser_of(club), f"/clubs/{club.slug}/members/", data


def club_settings():
    club = make_club(olive="organiser")
    data = {"action": "settings", "settings-name": "Renamed", "settings-season_start": ""}
    data |= {"settings-preset": "british", "settings-currency": "units"}
    data |= {
        f"settings-{k}": "0" for k in ("call_up", "kalookie", "initial", "buy_in", "per_point")
    }
    return organiser_of(club), f"/clubs/{club.slug}/members/", data


def member_role():
    club = make_club(olive="organiser", mo="member")
    target = club.memberships.get(user__username="mo")
    url = f"/clubs/{club.slug}/members/{target.pk}/"
    return organiser_of(club), url, {"role": "scorer"}


def club_game():
    club = make_club(olive="organiser")
    data = {"title": "Friday", "preset": "british", "seat_1": "Andy", "seat_2": "Mark"}
    return organiser_of(club), f"/clubs/{club.slug}/games/new/", data


def new_tournament():
    club = make_club(olive="organiser")
    people = make_players(club, " ".join(f"P{n:02d}" for n in range(1, 17)))
    data = {"name": "Open", "currency": "GBP", "entry_fee": "5", "buy_in": "5"}
    data["players"] = [p.pk for p in people]
    return organiser_of(club), f"/clubs/{club.slug}/tournaments/new/", data


def signup():
    data = {"username": "neil", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    return None, "/clubs/accounts/signup/", data


CHANGING = {
    f.__name__: f
    for f in (
        new_game,
        record_hand,
        buy_in,
        undo,
        edit,
        delete,
        stop,
        paid,
        played_on,
        import_record,
        new_club,
        add_player,
        club_settings,
        member_role,
        club_game,
        new_tournament,
        signup,
    )
}


@pytest.mark.parametrize("case", list(CHANGING))
def test_a_post_without_the_csrf_token_is_403_and_changes_nothing(case):
    user, url, data = CHANGING[case]()
    client = csrf_client(user)
    before = snapshot()
    response = client.post(url, data)
    assert response.status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize("case", list(CHANGING))
def test_the_same_post_with_the_token_changes_something(case):
    user, url, data = CHANGING[case]()
    client = csrf_client(user)
    before = snapshot()
    response = client.post(url, with_token(client, data))
    assert response.status_code in (200, 302)
    assert snapshot() != before


def test_a_wrong_csrf_token_is_refused_too():
    user, url, data = record_hand()
    client = csrf_client(user)
    client.cookies["csrftoken"] = SECRET
    before = snapshot()
    response = client.post(url, {**data, "csrfmiddlewaretoken": SECRET[::-1]})
    assert response.status_code == 403
    assert snapshot() == before


def test_logging_in_without_the_token_is_refused():
    make_user("fran")
    client = csrf_client()
    response = client.post("/clubs/accounts/login/", {"username": "fran", "password": PASSWORD})
    assert response.status_code == 403
    assert "_auth_user_id" not in client.session
    ok = client.post(
        "/clubs/accounts/login/", with_token(client, {"username": "fran", "password": PASSWORD})
    )
    assert ok.status_code == 302 and "_auth_user_id" in client.session


def test_logging_out_without_the_token_is_refused():
    client = csrf_client(make_user("fran"))
    assert client.post("/clubs/accounts/logout/").status_code == 403
    assert "_auth_user_id" in client.session
    assert client.post("/clubs/accounts/logout/", with_token(client, {})).status_code == 302
    assert "_auth_user_id" not in client.session


def test_asking_for_a_password_reset_without_the_token_sends_nothing():
    make_user("fran")
    client = csrf_client()
    data = {"email": "fran@example.org"}
    assert client.post("/clubs/accounts/password-reset/", data).status_code == 403
    assert mail.outbox == []
    assert (
        client.post("/clubs/accounts/password-reset/", with_token(client, data)).status_code == 302
    )
    assert len(mail.outbox) == 1


def test_setting_a_new_password_without_the_token_is_refused():
    user = make_user("fran")
    client = csrf_client()
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    page = client.get(f"/clubs/accounts/reset/{uid}/{default_token_generator.make_token(user)}/")
    assert page.status_code == 302  # to the set-password form, the token kept in the session
    url = page["Location"]
    new = "another-long-password-77"
    response = client.post(url, {"new_password1": new, "new_password2": new})
    assert response.status_code == 403
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_the_admin_refuses_posts_without_the_token():
    game = stored_game()
    boss = make_user("boss", is_staff=True, is_superuser=True)
    anonymous = csrf_client()
    response = anonymous.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert response.status_code == 403
    client = csrf_client(boss)
    before = snapshot()
    response = client.post(f"/admin/games/game/{game.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert snapshot() == before


def test_a_tournament_action_without_the_token_is_refused():
    club = make_club(olive="organiser")
    tournament = Tournament.objects.create(club=club, name="Open")
    client = csrf_client(organiser_of(club))
    before = snapshot()
    response = client.post(
        f"/clubs/{club.slug}/tournaments/{tournament.pk}/act/", {"action": "start-semis"}
    )
    assert response.status_code == 403
    assert snapshot() == before


def every_route(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            if str(entry.pattern).startswith("admin/"):
                continue
            yield from every_route(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), entry.callback


def test_no_view_but_the_json_apis_is_exempt_from_csrf():
    """The API's authority is the game's link in its path, never a cookie: a cross-site page
    can't borrow what it does not know. Its schema and page only read (a POST there is 405)."""
    routes = list(every_route())
    assert len(routes) > 30
    exempt = [route for route, view in routes if getattr(view, "csrf_exempt", False)]
    assert exempt and all(route.startswith("api/v1/") for route in exempt)
    # A game's, a night's and a group's API take their link in the path (nights/api.py).
    linked = ("api/v1/games/", "api/v1/nights/", "api/v1/groups/")
    reads = sorted(route for route in exempt if not route.startswith(linked))
    assert reads == ["api/v1/", "api/v1/openapi.json"]
    for route in reads:
        assert DjangoClient(enforce_csrf_checks=True).post("/" + route).status_code == 405


def test_every_route_refuses_a_post_without_the_token():
    game = stored_game()
    club = make_club(olive="organiser")
    client = csrf_client(organiser_of(club))
    fill = {
        "<token:token>": game.edit_token,
        "<int:number>": "1",
        "<slug:slug>": club.slug,
        "<int:pk>": "1",
        "<slug:kind>": "club",
        "<str:sig>": "sig",
        "<uidb64>": "MQ",
        "<token>": "set-password",
    }
    before = snapshot()
    for route, _ in every_route():
        if route.startswith("api/v1/"):
            continue  # no cookie carries authority there (see above)
        url = "/" + route
        for placeholder, value in fill.items():
            url = url.replace(placeholder, value)
        url = re.sub(r"<int:\w+>", "1", url)
        assert "<" not in url, url
        response = client.post(url, {"action": "add-player", "player-name": "X"})
        assert response.status_code == 403, url
    assert snapshot() == before
