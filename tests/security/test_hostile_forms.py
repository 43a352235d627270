"""Hostile values posted to every form: a clear refusal, never a 500, and nothing stored changes.

Where a hostile value is nonetheless valid (a name with markup is a fine name), what is stored is
exactly what was typed, and every page shows it inert.
"""

import pytest
from django.contrib.auth import get_user_model
from django.utils.html import escape
from hypothesis import given
from hypothesis import strategies as st

from kalooki_ledger.clubs.models import Club, ClubPlayer, Membership, Tournament
from kalooki_ledger.games.models import Change, Game, Hand, PaidTransfer
from kalooki_ledger.games.posted import hand_number
from kalooki_ledger.games.store import import_record
from kalooki_ledger.rules import tidy_name
from tests.games.web import FormClient as Client
from tests.games.web import new_game_form, stored_ledger

from .factories import (
    FAST,
    MARKUP,
    hostile_text,
    make_club,
    make_players,
    make_user,
    no_nul,
    snapshot,
)

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.filterwarnings("ignore::django.core.cache.backends.base.CacheKeyWarning"),
]

# Hand values that once crashed read_hand: digits int() can't read, and too many of them.
hand_text = st.one_of(hostile_text, st.sampled_from(["²", "¹²³", "9" * 5000, "٣", "1" * 4301]))


def page(response) -> str:
    return response.content.decode()


# ---------------------------------------------------------------- the new-game form


@FAST
@given(
    names=st.lists(hostile_text, min_size=0, max_size=7),
    title=hostile_text,
    limit=hostile_text,
    stakes=st.lists(hostile_text, min_size=4, max_size=4),
    currency=hostile_text,
    preset=st.one_of(st.just("british"), hostile_text),
    choices=st.lists(hostile_text, min_size=6, max_size=6),
)
def test_the_new_game_form_refuses_bad_input_or_stores_exactly_what_was_typed(
    client, names, title, limit, stakes, currency, preset, choices
):
    data = {f"player_{i}": name for i, name in enumerate(names, 1)}
    data.update(title=title, limit=limit, currency=currency, preset=preset)
    data.update(zip(("call_up", "kalookie", "initial", "buy_in"), stakes, strict=True))
    keys = ("out_at", "max_buy_ins", "buy_in_needs_remaining", "kalookie_doubles", "seating")
    data.update(zip(keys, choices, strict=False))
    data["joker_value"] = choices[5]
    before = snapshot()
    response = client.post("/new/", data)
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert snapshot() == before
        assert 'class="error' in page(response) or "errorlist" in page(response)
    else:
        game = Game.objects.order_by("-pk").first()
        typed = sorted(tidy_name(n) for n in names if tidy_name(n))
        assert sorted(s.name for s in game.seats.all()) == typed
        assert game.title == title.strip()


def test_a_nul_in_a_player_name_is_refused_with_a_message(client):
    before = snapshot()
    response = client.post(
        "/new/",
        {"player_1": "An\x00dy", "player_2": "Mark", "preset": "british", "currency": "GBP"},
    )
    assert response.status_code == 422
    assert "Null characters are not allowed" in page(response)
    assert snapshot() == before


def test_a_name_with_markup_is_kept_as_typed_and_shown_inert(client):
    form = new_game_form(MARKUP, '"><img src=x onerror=alert(1)>', title="<b>Friday</b>")
    response = client.post("/new/", form)
    assert response.status_code == 302
    game = Game.objects.get()
    assert [s.name for s in game.seats.all()] == [MARKUP, '"><img src=x onerror=alert(1)>']
    for url in (
        game.get_absolute_url(),
        game.share_url(),
        f"/g/{game.edit_token}/sheet/",
        f"/w/{game.share_token}/sheet/",
        f"/g/{game.edit_token}/rules/",
        "/",
    ):
        shown = page(client.get(url))
        assert MARKUP not in shown, url
        assert "<img src=x" not in shown, url
        assert "<b>Friday</b>" not in shown, url
        assert escape(MARKUP) in shown or url.endswith("rules/"), url


@FAST
@given(
    name=st.builds(
        "{}<kx{}>{}".format,
        st.text(alphabet="&\"' ab", max_size=8),
        st.text(alphabet="<&\"'/= abjs()", max_size=20),
        st.text(alphabet="<>&\"' ab", max_size=8),
    ).filter(lambda n: n.strip() == n)
)
def test_any_name_with_markup_renders_escaped_on_the_table_and_the_watch_page(client, name):
    other = "Zed" if name.casefold() != "zed" else "Yan"
    game = import_record(
        {"format": "kalooki-game/1", "players": [name, other], "hands": [], "title": name}
    )
    for url in (game.get_absolute_url(), game.share_url(), f"/w/{game.share_token}/sheet/"):
        shown = page(client.get(url))
        assert name not in shown
        assert escape(name) in shown


# ---------------------------------------------------------------- the hand forms


def hand_form(number, winner, values, extra):
    data = {"number": number, "winner": winner, "action": "record"}
    data.update({f"value-{seat}": value for seat, value in enumerate(values)})
    data.update(extra)
    return data


players_or_junk = st.one_of(st.sampled_from(["Andy", "Mark", "John", "Frank"]), hostile_text)
extras = st.dictionaries(
    st.sampled_from(
        ["kalookie", "decision-0", "decision-1", "decision-2", "decision-3", "action", "value-9"]
    ),
    hand_text,
    max_size=4,
)
# The fields of a hand form after its number, as the record and edit tests fill them.
hand_fields = {
    "winner": players_or_junk,
    "values": st.lists(hand_text, min_size=4, max_size=4),
    "extra": extras,
}


@FAST
@given(number=st.one_of(st.just("4"), hand_text), **hand_fields)
def test_recording_a_hand_refuses_bad_values_and_stores_nothing(
    client, worked, number, winner, values, extra
):
    before = snapshot()
    response = client.post(
        f"/g/{worked.edit_token}/hands/", hand_form(number, winner, values, extra)
    )
    assert response.status_code in (302, 409, 422)
    if response.status_code != 302:
        assert snapshot() == before
    else:
        # Only a form the engine accepts is stored: one more hand, and the values as typed.
        assert Hand.objects.filter(game=worked).count() == 4
        stored = stored_ledger(worked).game.hands[-1]
        assert stored.void or stored.winner == winner
        worked.hands.filter(number=4).delete()


@FAST
@given(number=st.integers(min_value=1, max_value=3), **hand_fields)
def test_editing_a_hand_refuses_bad_values_and_stores_nothing(
    client, worked, number, winner, values, extra
):
    before = snapshot()
    data = hand_form("", winner, values, extra)
    response = client.post(f"/g/{worked.edit_token}/hands/{number}/edit/", data)
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert snapshot() == before
        assert "error" in page(response)


@pytest.mark.parametrize("value", ["-5", "149", "99999999999999999999", "4.5", "1e3", MARKUP])
def test_a_bad_hand_value_is_named_beside_the_player(client, worked, value):
    before = snapshot()
    response = client.post(
        f"/g/{worked.edit_token}/hands/", hand_form("4", "Andy", ["", value, "5", "5"], {})
    )
    assert response.status_code == 422
    assert "Mark" in page(response)
    assert MARKUP not in page(response)
    assert snapshot() == before


@pytest.mark.parametrize("where", ["record", "edit"])
def test_a_superscript_digit_as_a_hand_value_is_refused_not_a_500(client, worked, where):
    before = snapshot()
    url = (
        f"/g/{worked.edit_token}/hands/"
        if where == "record"
        else f"/g/{worked.edit_token}/hands/1/edit/"
    )
    response = client.post(url, hand_form("4", "Andy", ["", "²", "5", "5"], {}))
    assert response.status_code == 422
    assert "not a hand value" in page(response)
    assert snapshot() == before


def test_a_five_thousand_digit_hand_value_is_refused_not_a_500(client, worked):
    before = snapshot()
    response = client.post(
        f"/g/{worked.edit_token}/hands/", hand_form("4", "Andy", ["", "9" * 5000, "5", "5"], {})
    )
    assert response.status_code == 422
    assert snapshot() == before


# ---------------------------------------------------------------- buy-in, undo, stop, paid


@FAST
@given(player=players_or_junk, choice=hostile_text, hand=hostile_text)
def test_a_bad_buy_in_answer_changes_nothing(client, awaiting, player, choice, hand):
    before = snapshot()
    response = client.post(
        f"/g/{awaiting.edit_token}/buy-in/", {"player": player, "choice": choice, "hand": hand}
    )
    assert response.status_code in (302, 409, 422)
    if not (player == "Mark" and hand == "4" and choice in ("in", "out")):
        assert response.status_code == 409
        assert "already answered" in page(response)
        assert snapshot() == before


@FAST
# Any spelling the form reads as hand 3 ("٣", " 3", "03") names the last hand, which undoes.
@given(hand=hostile_text.filter(lambda h: hand_number(h) != 3))
def test_undo_of_a_hand_that_is_not_the_last_changes_nothing(client, worked, hand):
    before = snapshot()
    response = client.post(f"/g/{worked.edit_token}/undo/", {"hand": hand})
    assert response.status_code == 409
    assert "nothing was undone" in page(response)
    assert snapshot() == before


@FAST
@given(settle=hostile_text.filter(lambda s: s not in ("refund", "split", "")))
def test_a_bad_way_to_stop_changes_nothing(client, worked, settle):
    before = snapshot()
    response = client.post(f"/g/{worked.edit_token}/stop/", {"settle": settle})
    assert response.status_code == 422
    assert "Choose to refund the pool, to split it or to give it to the leader" in page(response)
    assert snapshot() == before


@pytest.mark.parametrize("number", [0, 4, 99999999999999999999])
def test_deleting_a_hand_that_does_not_exist_is_404_and_changes_nothing(client, worked, number):
    before = snapshot()
    response = client.post(f"/g/{worked.edit_token}/hands/{number}/delete/")
    assert response.status_code == 404
    assert snapshot() == before


@FAST
@given(ticked=st.lists(hostile_text, max_size=4))
def test_ticking_payments_that_do_not_exist_ticks_nothing(client, finished, ticked):
    client.post(f"/g/{finished.edit_token}/paid/", {"paid": ticked})
    assert PaidTransfer.objects.count() == 0


def test_ticking_only_bogus_payments_changes_nothing(client, finished):
    before = snapshot()
    client.post(f"/g/{finished.edit_token}/paid/", {"paid": [MARKUP, "Andy>Mark>99"]})
    assert Change.objects.count() == 0
    assert snapshot() == before


# ---------------------------------------------------------------- the blank sheet form


@FAST
@given(
    players=st.one_of(st.sampled_from(["2", "4", "6"]), hostile_text),
    preset=st.one_of(st.just("british"), hostile_text),
    club=hostile_text,
    rows=hostile_text.filter(lambda r: r.strip() not in {str(n) for n in range(5, 61)}),
    paper=st.one_of(st.just("a4"), hostile_text),
)
def test_the_blank_sheet_form_refuses_bad_values_with_a_message(
    client, players, preset, club, rows, paper
):
    before = snapshot()
    response = client.get(
        "/sheets/blank/",
        {"players": players, "preset": preset, "club": club, "rows": rows, "paper": paper},
    )
    assert response.status_code == 400
    assert "Rows is a whole number from 5 to 60" in page(response)
    assert MARKUP not in page(response)
    assert snapshot() == before


# ---------------------------------------------------------------- club forms


def signed_in(username: str = "olive") -> Client:
    client = Client()
    client.force_login(make_user(username))
    return client


@FAST
@given(name=hostile_text, slug=hostile_text)
def test_making_a_club_refuses_bad_names_or_stores_them_as_typed(name, slug):
    client = Client()
    client.force_login(get_user_model().objects.get_or_create(username="olive")[0])
    before = snapshot()
    response = client.post("/clubs/", {"name": name, "slug": slug})
    assert response.status_code in (400, 302)
    if response.status_code == 400:
        assert snapshot() == before
        assert "errorlist" in page(response) or "error" in page(response)
    else:
        club = Club.objects.order_by("-pk").first()
        assert club.name == tidy_name(name)
        assert "<" not in club.slug and "\x00" not in club.slug
        club.delete()


@pytest.fixture
def organised():
    club = make_club(olive="organiser", sam="scorer")
    make_players(club, "Andy Mark John Frank")
    client = Client()
    client.force_login(Membership.objects.get(user__username="olive").user)
    return club, client


@pytest.fixture
def tournament(organised):
    """An open tournament of the organised club, with nobody entered yet."""
    return Tournament.objects.create(club=organised[0], name="Open")


@FAST
@given(
    action=st.one_of(st.sampled_from(["add-member", "add-player", "settings"]), hostile_text),
    username=hostile_text,
    role=st.one_of(st.sampled_from(["member", "scorer"]), hostile_text),
    name=hostile_text,
    season=hostile_text,
)
def test_the_members_page_refuses_bad_values_or_stores_them_as_typed(
    organised, action, username, role, name, season
):
    club, client = organised
    before = snapshot()
    data = {
        "action": action,
        "member-username": username,
        "member-role": role,
        "player-name": name,
        "settings-name": name,
        "settings-season_start": season,
    }
    response = client.post(f"/clubs/{club.slug}/members/", data)
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert snapshot() == before
    elif action == "add-player":
        person = ClubPlayer.objects.order_by("-pk").first()
        assert person.name == tidy_name(name)
        person.delete()
    else:
        assert action == "settings"
        club.refresh_from_db()
        assert club.name == tidy_name(name)
        Club.objects.filter(pk=club.pk).update(name="Friday Club", season_start=None)


@FAST
@given(role=hostile_text, remove=st.one_of(st.just(""), hostile_text), pk=st.integers(1, 10**6))
def test_changing_a_role_to_nonsense_changes_nothing(organised, role, remove, pk):
    club, client = organised
    target = Membership.objects.get(user__username="olive")  # the only organiser
    before = snapshot()
    response = client.post(
        f"/clubs/{club.slug}/members/{target.pk}/", {"role": role, "remove": remove}
    )
    assert response.status_code == (200 if remove else 302)  # a removal is confirmed first
    if role != "organiser":
        assert snapshot() == before
    stranger = client.post(f"/clubs/{club.slug}/members/{pk + 1000}/", {"role": "member"})
    assert stranger.status_code == 404


@FAST
@given(
    title=hostile_text,
    preset=st.one_of(st.just("british"), hostile_text),
    seats=st.lists(hostile_text, max_size=7),
)
def test_a_club_game_refuses_bad_seats_or_stores_them_as_typed(organised, title, preset, seats):
    club, client = organised
    before = snapshot()
    data = {"title": title, "preset": preset}
    data.update({f"seat_{i}": name for i, name in enumerate(seats, 1)})
    response = client.post(f"/clubs/{club.slug}/games/new/", data)
    assert response.status_code in (400, 302)
    if response.status_code == 400:
        assert snapshot() == before
    else:
        game = Game.objects.order_by("-pk").first()
        typed = [tidy_name(s) for s in seats[:6] if tidy_name(s)]
        assert [s.name for s in game.seats.all()] == typed
        game.delete()
        ClubPlayer.objects.exclude(name__in=["Andy", "Mark", "John", "Frank"]).delete()


@FAST
@given(
    name=hostile_text,
    currency=hostile_text,
    fee=hostile_text,
    buy_in=hostile_text,
    players=st.lists(
        st.one_of(st.integers(-5, 10**20).map(str), st.just(str(2**63)), hostile_text),
        max_size=5,
    ),
)
def test_a_tournament_with_bad_values_is_refused_and_nothing_stored(
    organised, name, currency, fee, buy_in, players
):
    club, client = organised
    before = snapshot()
    data = {"name": name, "currency": currency, "entry_fee": fee, "buy_in": buy_in}
    data["players"] = players
    response = client.post(f"/clubs/{club.slug}/tournaments/new/", data)
    # Fewer than the minimum entrants (and none valid) can never make a tournament.
    assert response.status_code == 400
    assert Tournament.objects.count() == 0
    assert snapshot() == before


ids = st.one_of(st.none(), st.integers(-5, 10**20).map(str))


@FAST
@given(
    action=st.one_of(st.sampled_from(["buy-in", "start-semis", "start-final"]), hostile_text),
    person=ids,
    table=ids,
)
def test_a_bad_tournament_action_changes_nothing(organised, tournament, action, person, table):
    club, client = organised
    before = snapshot()
    data = {"action": action}
    data.update({k: v for k, v in (("person", person), ("table", table)) if v is not None})
    response = client.post(f"/clubs/{club.slug}/tournaments/{tournament.pk}/act/", data)
    assert response.status_code == 302
    assert snapshot() == before
    shown = page(client.get(response["Location"]))
    assert "Nothing changed" in shown


def buy_in_by(client, tournament, junk):
    return client.post(
        f"/clubs/{tournament.club.slug}/tournaments/{tournament.pk}/act/",
        {"action": "buy-in", "person": junk, "table": junk},
    )


@pytest.mark.parametrize("junk", ["", "abc", MARKUP, "1.5", "\x00", "-1", "0x1"])
def test_a_tournament_buy_in_naming_a_person_by_junk_is_refused(organised, tournament, junk):
    _, client = organised
    before = snapshot()
    response = buy_in_by(client, tournament, junk)
    assert response.status_code == 302
    assert snapshot() == before
    assert "Nothing changed: choose a player who is out at a table" in page(
        client.get(response["Location"])
    )


@pytest.mark.parametrize("junk", ["²", "9" * 5000])
def test_a_tournament_buy_in_naming_a_person_by_digits_int_cannot_read_is_refused(
    organised, tournament, junk
):
    _, client = organised
    before = snapshot()
    response = buy_in_by(client, tournament, junk)
    assert response.status_code == 302
    assert snapshot() == before


def test_a_tournament_entrant_id_too_big_for_the_database_is_refused(organised):
    club, client = organised
    before = snapshot()
    response = client.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {"name": "Open", "currency": "GBP", "entry_fee": "5", "buy_in": "5", "players": [2**63]},
    )
    assert response.status_code == 400
    assert snapshot() == before


# ---------------------------------------------------------------- accounts


@FAST
# A NUL in the name is test_login_rate_limit's (the throttle's cache refuses it on PostgreSQL).
@given(username=hostile_text.filter(no_nul), password=hostile_text, next_url=hostile_text)
def test_logging_in_with_junk_fails_politely(client, username, password, next_url):
    from kalooki_ledger.throttle import Slot

    Slot.objects.all().delete()
    make_user("fran") if not Membership.objects.exists() and not _user("fran") else None
    response = client.post(
        "/clubs/accounts/login/", {"username": username, "password": password, "next": next_url}
    )
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def _user(name: str) -> bool:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.filter(username=name).exists()


@FAST
@given(username=hostile_text, email=hostile_text, password=hostile_text)
def test_signing_up_with_junk_is_refused_and_makes_no_account(client, username, email, password):
    from django.contrib.auth import get_user_model

    before = snapshot()
    response = client.post(
        "/clubs/accounts/signup/",
        {"username": username, "email": email, "password1": password, "password2": password + "x"},
    )
    assert response.status_code == 200
    assert get_user_model().objects.count() == before["counts"]["auth.User"]
    assert snapshot() == before


@FAST
@given(email=hostile_text)
def test_asking_for_a_password_reset_with_junk_changes_nothing(client, email):
    before = snapshot()
    response = client.post("/clubs/accounts/password-reset/", {"email": email})
    assert response.status_code in (200, 302)
    assert snapshot() == before


def test_a_member_name_typed_with_markup_shows_inert_on_the_members_page(organised):
    club, client = organised
    response = client.post(
        f"/clubs/{club.slug}/members/", {"action": "add-player", "player-name": MARKUP}
    )
    assert response.status_code == 302
    assert ClubPlayer.objects.filter(name=MARKUP).exists()
    for url in (f"/clubs/{club.slug}/members/", f"/clubs/{club.slug}/games/new/"):
        shown = page(client.get(url))
        assert MARKUP not in shown
        assert escape(MARKUP) in shown


def test_markup_names_stay_inert_in_the_club_charts_and_pages(organised):
    """The club game and person pages put SVG charts built from names in with mark_safe."""
    from kalooki_ledger.clubs.filing import file_game

    club, client = organised
    hands = [{"winner": "Mark", "penalties": {MARKUP: 40, "Andy": 20}}]
    game = import_record(
        {"format": "kalooki-game/1", "players": [MARKUP, "Mark", "Andy"], "hands": hands}
    )
    file_game(game, club)
    person = ClubPlayer.objects.get(club=club, name=MARKUP)
    for url in (
        f"/clubs/{club.slug}/",
        f"/clubs/{club.slug}/games/{game.pk}/",
        f"/clubs/{club.slug}/people/{person.pk}/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert MARKUP not in page(response), url
        assert escape(MARKUP) in page(response), url
