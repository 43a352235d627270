"""What a Swedish club night found (issue 27): one set of stakes wherever stakes are printed."""

import re
from decimal import Decimal

import pytest

from kalooki_ledger.clubs import stats
from kalooki_ledger.clubs.models import Club
from kalooki_ledger.games import commands, season
from kalooki_ledger.games.models import Game
from kalooki_ledger.rules import Hand
from tests.clubs.factories import (
    club_game,
    finish_table,
    join,
    login,
    make_club,
    short_game,
    tournament_with,
)
from tests.helpers import pdf_text

pytestmark = pytest.mark.django_db

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9"}


@pytest.fixture
def kallet():
    club = make_club("Kallegänget", "kallet", nisse="organiser")
    Club.objects.filter(pk=club.pk).update(
        preset="swedish", currency="SEK", call_up=Decimal("0.50"), kalookie=Decimal("2.50")
    )
    return Club.objects.get(pk=club.pk)


def test_the_clubs_paper_sheet_prints_the_clubs_stakes_alone(client, kallet):
    login(client, kallet)
    response = client.get("/clubs/kallet/sheet/?seats=4&paper=a4", headers=SWEDISH)
    text = " ".join(pdf_text(response.content).split())
    assert "0,50" in text and "2,50" in text
    assert "1 per giv" not in text and "3 för kalle" not in text


def test_a_games_rules_card_prints_the_games_stakes_alone(client, kallet):
    stakes = {"currency": "SEK", "call_up": "0.50", "kalookie": "2.50", "initial": "0"}
    data = short_game(["Anna", "Bo"], "Anna", stakes=stakes)
    data["rules"] = {"preset": "swedish"}
    game = club_game(kallet, data)
    page = client.get(f"/g/{game.edit_token}/rules/", headers=SWEDISH).content.decode()
    assert "0,50" in page and "2,50" in page
    assert "1 per giv" not in page and "3 för kalle" not in page


def mistaken_game(club):
    data = {**short_game(["Anna", "Bo", "Cia", "Dan"], "Anna"), "hands": []}
    return club_game(club, data)


def test_an_organiser_deletes_a_club_game_with_no_hands_and_the_season_never_saw_it(client, kallet):
    game = mistaken_game(kallet)
    login(client, kallet)
    page = client.get(f"/clubs/kallet/games/{game.pk}/", headers=SWEDISH).content.decode()
    assert f'action="/clubs/kallet/games/{game.pk}/delete/"' in page
    response = client.post(f"/clubs/kallet/games/{game.pk}/delete/")
    assert response.status_code == 302 and response["Location"] == "/clubs/kallet/"
    assert not Game.objects.filter(pk=game.pk).exists()
    told = client.get("/clubs/kallet/").content.decode()
    assert "Anna, Bo, Cia and Dan · " in told and "was deleted." in told
    assert "Anna" not in client.get("/clubs/kallet/").content.decode()


def test_a_game_with_hands_is_not_deleted(client, kallet):
    game = club_game(kallet, short_game(["Anna", "Bo"], "Anna"))
    login(client, kallet)
    page = client.get(f"/clubs/kallet/games/{game.pk}/").content.decode()
    assert "/delete/" not in page
    client.post(f"/clubs/kallet/games/{game.pk}/delete/")
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_delete_sent_twice_with_its_key_deletes_once_and_says_so_once(client, kallet):
    game = mistaken_game(kallet)
    login(client, kallet)
    url = f"/clubs/kallet/games/{game.pk}/delete/"
    assert client.post(url, {"key": "delete-key-0001"}).status_code == 302
    again = client.post(url, {"key": "delete-key-0001"})
    assert again.status_code == 404  # the game is gone: nothing more to do, nothing undone
    assert not Game.objects.filter(pk=game.pk).exists()


def test_a_game_that_got_a_hand_since_its_page_was_opened_is_kept_with_a_sentence(client, kallet):
    game = mistaken_game(kallet)
    login(client, kallet)
    page = client.get(f"/clubs/kallet/games/{game.pk}/").content.decode()
    assert "/delete/" in page
    engine_hand = Hand(winner="Anna", penalties={"Bo": 20, "Cia": 30, "Dan": 40})
    sent = commands.Sent(game.version, "", "the table's phone")
    assert commands.apply(game, sent, commands.RecordHand(1, engine_hand)).applied
    response = client.post(f"/clubs/kallet/games/{game.pk}/delete/", follow=True)
    assert "only a game with no hand recorded can be deleted" in response.content.decode()
    assert Game.objects.get(pk=game.pk).hands.count() == 1


def test_a_member_may_not_delete_a_game(client, kallet):
    game = mistaken_game(kallet)
    member = make_club("Other", "other", maja="member").memberships.get().user
    join(kallet, member)
    client.force_login(member)
    assert client.post(f"/clubs/kallet/games/{game.pk}/delete/").status_code == 403
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_game_stopped_with_a_refund_before_any_hand_is_not_counted_in_the_season(kallet):
    game = mistaken_game(kallet)
    Game.objects.filter(pk=game.pk).update(stopped="refund")
    played = stats.club_games(kallet)
    assert [p.counted for p in played] == [False]
    assert season.season_table(played) == []


def season_names(client, language: str = "en") -> list[str]:
    page = client.get("/clubs/kallet/", headers={"Accept-Language": language}).content.decode()
    table = page[page.index('<table class="stats">') : page.index("</table>")]
    return re.findall(r'<th scope="row"><a href="[^"]+">([^<]+)</a>', table)


def two_kinds_of_season(club):
    """Anna wins twice and loses money; Bo wins once and is up."""
    stakes = {"currency": "SEK", "call_up": "1", "kalookie": "2", "initial": "50"}
    for winner in ("Anna", "Anna", "Bo"):
        data = short_game(["Anna", "Bo", "Cia"], winner, stakes=stakes)
        if winner == "Bo":
            data["stakes"] = {**stakes, "initial": "200"}
        club_game(club, data)


def test_the_season_table_is_ranked_as_the_club_chooses_and_says_so(client, kallet):
    two_kinds_of_season(kallet)
    login(client, kallet)
    Club.objects.filter(pk=kallet.pk).update(season_order="wins")
    assert season_names(client)[0] == "Anna"
    Club.objects.filter(pk=kallet.pk).update(season_order="net")
    assert season_names(client)[0] == "Bo"
    page = client.get("/clubs/kallet/", headers=SWEDISH).content.decode()
    assert "Rangordnad efter: Netto." in page


def test_the_organiser_chooses_the_order_and_whether_tournament_tables_count(client, kallet):
    login(client, kallet)
    page = client.get("/clubs/kallet/members/").content.decode()
    assert 'name="settings-season_order" value="net"' in page
    fields = {
        "name": "Kallegänget",
        "season_start": "",
        "preset": "swedish",
        "limit": "",
        "currency": "SEK",
        "season_order": "average",
        **dict.fromkeys(("call_up", "kalookie", "initial", "buy_in", "per_point"), "0"),
    }
    data = {"action": "settings", **{f"settings-{k}": v for k, v in fields.items()}}
    assert client.post("/clubs/kallet/members/", data).status_code == 302
    kallet.refresh_from_db()
    assert (kallet.season_order, kallet.tournament_tables_count) == ("average", False)


def test_a_club_that_leaves_tournament_tables_out_counts_no_table_win(client, kallet):
    tournament = tournament_with(kallet, 16, entry_fee=5, buy_in=5)
    finish_table(tournament.tables.get(number=1).game)
    login(client, kallet)
    counted = client.get("/clubs/kallet/").content.decode()
    Club.objects.filter(pk=kallet.pk).update(tournament_tables_count=False)
    left_out = client.get("/clubs/kallet/").content.decode()
    assert "<td>1</td>" in counted
    assert "A tournament's tables are not counted as games." in left_out
    assert "<td>1</td>" not in left_out.split("</table>")[0]


def test_club_settings_show_every_error_at_once(client, kallet):
    login(client, kallet)
    fields = {
        "name": "Kallegänget",
        "season_start": "",
        "preset": "swedish",
        "limit": "5",
        "currency": "SEK",
        "season_order": "net",
        "call_up": "abc",
        "kalookie": "-2",
        **dict.fromkeys(("initial", "buy_in", "per_point"), "0"),
    }
    data = {"action": "settings", **{f"settings-{k}": v for k, v in fields.items()}}
    page = client.post("/clubs/kallet/members/", data, headers=SWEDISH).content.decode()
    errors = re.findall(r'id="id_settings-(\w+)_error"', page)
    assert {"limit", "call_up", "kalookie"} <= set(errors), errors


def test_a_name_given_twice_in_a_pasted_list_is_added_once_and_said(client, kallet):
    login(client, kallet)
    pasted = "Anna Berg\nBo Ek\nanna berg\nCia Lund"
    response = client.post(
        "/clubs/kallet/members/",
        {"action": "add-player", "player-name": pasted},
        follow=True,
        headers=SWEDISH,
    )
    assert sorted(kallet.players.values_list("name", flat=True)) == [
        "Anna Berg",
        "Bo Ek",
        "Cia Lund",
    ]
    assert "anna berg" in response.content.decode()
