"""The club pages: season table, history, game chart, members and settings, starting games."""

import datetime
import html

import pytest

from kalooki_ledger.clubs.models import Club, ClubGame, Membership
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.store import import_record
from tests.clubs.factories import club_game, login, make_club, make_players, make_user, short_game
from tests.helpers import worked_example

pytestmark = pytest.mark.django_db


def test_the_season_table_shows_each_players_figures(client, friday):
    club_game(friday)
    login(client, friday, "member")
    page = client.get("/clubs/friday/").content.decode()
    john = page[page.index(">John</a>") :].split("</tr>")[0]
    cells = [c.split("</td>")[0] for c in john.split("<td")[1:]]
    assert [c.split(">")[-1] for c in cells] == ["1", "1", "1", "0", "19.6", "+30"]


def test_a_persons_page_shows_the_history_and_the_net_chart(client, friday):
    club_game(friday, title="Friday one")
    mark = friday.players.get(name="Mark")
    login(client, friday, "member")
    page = client.get(f"/clubs/friday/people/{mark.pk}/").content.decode()
    assert "Friday one" in page and "-16" in page
    assert '<svg class="chart net-chart"' in page
    assert "style=" not in page


def test_a_games_page_draws_the_running_totals(client, friday):
    game = club_game(friday)
    login(client, friday, "scorer")
    page = client.get(f"/clubs/friday/games/{game.pk}/").content.decode()
    assert page.count("<polyline") == 4
    assert "Mark went to 175 in hand 4 and bought in, back to 127" in page
    assert "bought in</li>" in page  # the legend keeps its ring
    assert game.get_absolute_url() in page  # scorers get the scoring link
    assert "127 (bought in)" in page  # the table alternative


def test_starting_a_club_makes_one_its_organiser(client):
    user = make_user("neil")
    client.force_login(user)
    response = client.post("/clubs/", {"name": "Blackpool Tuesdays", "slug": "Blackpool Tue"})
    club = Club.objects.get(slug="blackpool-tue")
    assert response["Location"] == "/clubs/blackpool-tue/"
    assert club.role_of(user) == Membership.ORGANISER


def test_the_accounts_address_is_kept_for_the_site(client):
    client.force_login(make_user("neil"))
    response = client.post("/clubs/", {"name": "Accounts", "slug": "accounts"})
    assert "kept for the site" in response.content.decode()
    assert not Club.objects.exists()


def test_a_taken_club_address_is_refused_with_a_message(client, friday):
    client.force_login(make_user("neil"))
    response = client.post("/clubs/", {"name": "Another", "slug": "friday"})
    assert "Another club has this address" in response.content.decode()
    assert Club.objects.count() == 1


def test_an_organiser_adds_a_member_by_user_name(client, friday):
    neil = make_user("neil")
    login(client, friday, "organiser")
    client.post(
        "/clubs/friday/members/",
        {"action": "add-member", "member-username": "Neil", "member-role": "scorer"},
    )
    assert friday.role_of(neil) == Membership.SCORER


def test_adding_an_unknown_user_says_who_is_missing_and_changes_nothing(client, friday):
    login(client, friday, "organiser")
    response = client.post(
        "/clubs/friday/members/",
        {"action": "add-member", "member-username": "ghost", "member-role": "member"},
    )
    assert response.status_code == 400
    assert "No account is called &#x27;ghost&#x27;" in response.content.decode()
    assert friday.memberships.count() == 3


def test_an_organiser_adds_a_regular_player_once(client, friday):
    login(client, friday, "organiser")
    client.post("/clubs/friday/members/", {"action": "add-player", "player-name": "Neil"})
    again = client.post("/clubs/friday/members/", {"action": "add-player", "player-name": "neil"})
    assert again.status_code == 400
    assert "Neil is one of the club's players already." in html.unescape(again.content.decode())
    assert list(friday.players.values_list("name", flat=True)) == ["Neil"]


def test_an_organiser_pastes_a_list_of_regulars_one_a_line(client, friday):
    make_players(friday, "Andy")
    login(client, friday, "organiser")
    pasted = "Mark\r\n  John  Smith \n\nandy\nFrank\nMark\n"
    page = client.post(
        "/clubs/friday/members/", {"action": "add-player", "player-name": pasted}, follow=True
    ).content.decode()
    assert "3 new regulars: Mark, John Smith, Frank. Already regulars: andy." in page
    names = sorted(friday.players.values_list("name", flat=True))
    assert names == ["Andy", "Frank", "John Smith", "Mark"]


def test_a_name_too_long_in_the_list_adds_nobody(client, friday):
    login(client, friday, "organiser")
    pasted = "Mark\n" + "x" * 41
    response = client.post(
        "/clubs/friday/members/", {"action": "add-player", "player-name": pasted}
    )
    assert response.status_code == 400 and "has at most 40 characters" in response.content.decode()
    assert not friday.players.exists()


def test_removing_a_member_asks_first_and_changes_nothing_until_confirmed(client, friday):
    login(client, friday, "organiser")
    mo = friday.memberships.get(role="member")
    page = client.post(f"/clubs/friday/members/{mo.pk}/", {"role": "member", "remove": "1"})
    assert page.status_code == 200 and "Remove mo?" in page.content.decode()
    assert friday.memberships.filter(pk=mo.pk).exists()


def test_a_club_left_without_an_address_gets_one_from_its_name(client):
    client.force_login(make_user("neil"))
    client.post("/clubs/", {"name": "Blackpool Tuesdays", "slug": ""})
    client.post("/clubs/", {"name": "Blackpool Tuesdays", "slug": ""})
    slugs = sorted(Club.objects.values_list("slug", flat=True))
    assert slugs == ["blackpool-tuesdays", "blackpool-tuesdays-2"]


def settings_post(client, **changes):
    fields = {
        "name": "Friday Club",
        "season_start": "",
        "preset": "british",
        "limit": "",
        "currency": "units",
        "season_order": "net",
        "tournament_tables_count": "on",
        **dict.fromkeys(("call_up", "kalookie", "initial", "buy_in", "per_point"), "0"),
        **changes,
    }
    data = {"action": "settings", **{f"settings-{k}": v for k, v in fields.items()}}
    return client.post("/clubs/friday/members/", data)


def test_an_organiser_sets_the_season_start(client, friday):
    login(client, friday, "organiser")
    settings_post(client, season_start="2026-09-01")
    friday.refresh_from_db()
    assert str(friday.season_start) == "2026-09-01"


def test_an_organiser_changes_a_role_and_removes_a_member(client, friday):
    login(client, friday, "organiser")
    mo = friday.memberships.get(role="member")
    client.post(f"/clubs/friday/members/{mo.pk}/", {"role": "scorer"})
    mo.refresh_from_db()
    assert mo.role == "scorer"
    client.post(
        f"/clubs/friday/members/{mo.pk}/", {"role": "scorer", "remove": "1", "confirmed": "1"}
    )
    assert not friday.memberships.filter(pk=mo.pk).exists()


def test_a_scorer_starts_a_game_of_regulars_and_goes_to_its_table(client, friday):
    andy, mark, john = make_players(friday, "Andy Mark John")
    login(client, friday, "scorer")
    response = client.post(
        "/clubs/friday/games/new/",
        {
            "title": "Friday",
            "preset": "british",
            "seat_1": "John",
            "seat_2": "andy",
            "seat_3": "Mark",
            "seat_4": "Neil",
        },
    )
    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert ClubGame.objects.get(game=game).club == friday
    seated = [s.person_link.person for s in game.seats.all()]
    assert seated[:3] == [john, andy, mark] and seated[3].name == "Neil"
    assert friday.players.count() == 4


def test_a_game_of_one_player_is_refused_with_what_is_allowed(client, friday):
    login(client, friday, "scorer")
    response = client.post("/clubs/friday/games/new/", {"preset": "british", "seat_1": "Andy"})
    assert "A game has 2 to 6 players, in clockwise seat order; you named 1." in (
        response.content.decode()
    )
    assert not Game.objects.exists()


def test_a_persons_page_keeps_to_the_season(client, friday):
    club_game(friday, title="Last season", played_on="2026-03-01")
    club_game(friday, title="This season", played_on="2026-09-10")
    friday.season_start = datetime.date(2026, 9, 1)
    friday.save(update_fields=["season_start"])
    mark = friday.players.get(name="Mark")
    login(client, friday, "member")
    page = client.get(f"/clubs/friday/people/{mark.pk}/").content.decode()
    assert "This season" in page and "Last season" not in page
    assert "since 1 Sep 2026" in page


def test_the_club_page_takes_the_same_queries_however_many_games(client, friday):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club_game(friday)
    login(client, friday, "member")
    with CaptureQueriesContext(connection) as few:
        client.get("/clubs/friday/")
    for _ in range(4):
        club_game(friday)
    with CaptureQueriesContext(connection) as many:
        client.get("/clubs/friday/")
    assert len(many) == len(few)


def file_post(client, link: str):
    return client.post("/clubs/friday/games/file/", {"link": link})


def test_a_scorer_files_a_game_played_elsewhere_by_its_scoring_link(client, friday):
    game = import_record(worked_example())
    login(client, friday, "scorer")
    assert "File a game played elsewhere" in client.get("/clubs/friday/").content.decode()
    link = f"https://example.org/kalooki-ledger-app{game.get_absolute_url()}sheet/?x=1"
    response = file_post(client, link)
    assert response["Location"] == f"/clubs/friday/games/{game.pk}/"
    assert ClubGame.objects.get(game=game).club == friday
    assert {p.name for p in friday.players.all()} == {"Andy", "Mark", "John", "Frank"}
    assert "John" in client.get("/clubs/friday/").content.decode()  # in the season table


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("watch", "That is a watch link (with /w/)"),
        ("unknown", "No game has that scoring link"),
        ("nonsense", "No game has that scoring link"),
        ("broken", "No game has that scoring link"),
        ("filed", "is already filed under Other Club"),
    ],
)
def test_a_link_that_cannot_be_filed_is_refused_and_changes_nothing(client, friday, link, message):
    game = import_record(worked_example())
    if link == "filed":
        club_game(make_club("Other Club", "other"), worked_example())
        game = Game.objects.order_by("-pk").first()
    links = {
        "watch": f"http://testserver{game.share_url()}",
        "unknown": "http://testserver/g/AAAAAAAAAAAAAAAAAAAAAAAA/",
        "nonsense": "ask Mark",
        "broken": f"https://[kalooki{game.get_absolute_url()}",
        "filed": game.get_absolute_url(),
    }
    before = (ClubGame.objects.count(), friday.players.count())
    login(client, friday, "scorer")
    response = file_post(client, links[link])
    assert response.status_code == 422
    assert message in html.unescape(response.content.decode())
    assert (ClubGame.objects.count(), friday.players.count()) == before


def test_the_bare_code_of_a_scoring_link_files_the_game_too(client, friday):
    game = import_record(worked_example())
    login(client, friday, "scorer")
    assert file_post(client, f" {game.edit_token} ").status_code == 302
    assert ClubGame.objects.get(game=game).club == friday


def test_a_member_who_does_not_score_cannot_file_games(client, friday):
    game = import_record(worked_example())
    login(client, friday, "member")
    assert "File a game played elsewhere" not in client.get("/clubs/friday/").content.decode()
    assert file_post(client, game.get_absolute_url()).status_code == 403
    assert not ClubGame.objects.filter(game=game).exists()


def test_a_games_page_writes_its_state_and_money_as_the_table_does(client, friday):
    stakes = {"currency": "GBP", "call_up": "0.10", "kalookie": "0.20", "initial": "0.50"}
    finished = club_game(friday, stakes={**stakes, "buy_in": "0.50"})
    playing = club_game(friday, {**worked_example(), "hands": worked_example()["hands"][:2]})
    login(client, friday, "member")
    page = client.get(f"/clubs/friday/games/{finished.pk}/").content.decode()
    assert "John won · 5 hands · Pool £2.50</p>" in page
    assert '<td class="money">+£' in page and "0000" not in page
    page = client.get(f"/clubs/friday/games/{playing.pk}/").content.decode()
    assert "Being played · 2 hands · Pool 20</p>" in page


def test_a_game_where_nobody_bought_in_has_no_bought_in_legend(client, friday):
    game = club_game(friday, short_game(["Ann", "Bea"], "Ann"))
    login(client, friday, "member")
    page = client.get(f"/clubs/friday/games/{game.pk}/").content.decode()
    assert "bought in</li>" not in page


def test_the_club_page_names_the_rule_the_club_changed(client, friday):
    Club.objects.filter(pk=friday.pk).update(preset="swedish", rule_overrides={"max_buy_ins": 3})
    login(client, friday, "member")
    page = client.get("/clubs/friday/", headers={"Accept-Language": "sv-SE"}).content.decode()
    assert "Svensk, ändrat: Inköp: 3 inköp var" in html.unescape(page)
    assert "klubbens egna regler" not in page
