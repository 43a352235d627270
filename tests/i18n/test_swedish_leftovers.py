"""What still read English (or an English number) on a Swedish club night (issue 27): the club's
currency field, the card counter's keys, amounts in the thousands, download names, the installed
app's manifest."""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.utils import translation

from kalooki_ledger.games import present
from kalooki_ledger.games.models import Game
from tests.clubs.factories import make_club
from tests.games.web import stored_game

pytestmark = pytest.mark.django_db

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9"}
NBSP = "\N{NO-BREAK SPACE}"
MINUS = "\N{MINUS SIGN}"


def test_a_swedish_amount_sets_its_thousands_apart_and_carries_a_true_minus():
    with translation.override("sv"):
        assert present.money(Decimal(4000), "SEK", 2) == f"4{NBSP}000,00{NBSP}kr"
        assert present.money(Decimal(-1000), "SEK", 2) == f"{MINUS}1{NBSP}000,00{NBSP}kr"
        assert present.money(Decimal(999), "SEK", 2) == f"999,00{NBSP}kr"
    with translation.override("en"):
        assert present.money(Decimal(4000), "GBP", 2) == "£4000.00"


def test_the_clubs_currency_field_reads_marker_in_swedish_and_takes_it(client):
    club = make_club("Kallegänget", "kallet", nisse="organiser")
    client.force_login(club.memberships.get().user)
    page = client.get("/clubs/kallet/members/", headers=SWEDISH).content.decode()
    assert 'name="settings-currency" value="marker"' in page
    assert "”marker”" in page and "units" not in page
    fields = {
        "name": "Kallegänget",
        "season_start": "",
        "preset": "swedish",
        "limit": "",
        "currency": "Marker",
        "season_order": "net",
        **dict.fromkeys(("call_up", "kalookie", "initial", "buy_in", "per_point"), "0"),
    }
    data = {"action": "settings", **{f"settings-{k}": v for k, v in fields.items()}}
    assert client.post("/clubs/kallet/members/", data, headers=SWEDISH).status_code == 302
    club.refresh_from_db()
    assert club.currency == "units"


def test_the_card_counter_reads_as_swedish_cards_do(client):
    game = stored_game()
    page = client.get(game.get_absolute_url(), headers=SWEDISH).content.decode()
    assert 'data-rank="D" data-value="10">D</button>' in page
    assert 'data-rank="Kn" data-value="10">Kn</button>' in page
    assert 'data-rank="Q"' not in page and 'data-rank="J"' not in page


def test_downloads_are_named_in_swedish(client):
    game = stored_game()
    Game.objects.filter(pk=game.pk).update(title="")
    sheet = client.get(f"/sheets/g/{game.edit_token}/score-sheet.pdf", headers=SWEDISH)
    assert f'filename="kalooki-parti-{game.pk}.pdf"' in sheet["Content-Disposition"]
    club = make_club("Kallegänget", "kallet", nisse="organiser")
    client.force_login(club.memberships.get().user)
    blank = client.get("/clubs/kallet/sheet/?seats=5&paper=a4", headers=SWEDISH)
    assert blank["Content-Disposition"].endswith('filename="kallet-protokoll-5-spelare.pdf"')


def test_a_swedish_page_names_the_swedish_manifest(client):
    page = client.get("/", headers=SWEDISH).content.decode()
    assert "manifest.sv" in page
    manifest = json.loads(Path(finders.find("manifest.sv.webmanifest")).read_text("utf-8"))
    assert manifest["lang"] == "sv" and "Protokollet och pengarna" in manifest["description"]
    english = json.loads(Path(finders.find("manifest.webmanifest")).read_text("utf-8"))
    assert {k: v for k, v in manifest.items() if k not in ("lang", "name", "description")} == {
        k: v for k, v in english.items() if k not in ("lang", "name", "description")
    }


def test_the_password_reset_email_reads_swedish(client, mailoutbox):
    from tests.clubs.factories import make_user
    from tests.i18n.visible import english_left

    make_user("nisse", "nisse@example.org")
    for headers in ({"Accept-Language": "en-GB"}, SWEDISH):
        client.post(
            "/clubs/accounts/password-reset/", {"email": "nisse@example.org"}, headers=headers
        )
    english, swedish = mailoutbox[-2:]

    def page(mail, language):
        lines = [mail.subject, *mail.body.splitlines()]
        return f'<html lang="{language}">' + "".join(f"<p>{line}</p>" for line in lines)

    assert english_left(page(swedish, "sv"), page(english, "en"), ("nisse",)) == []
    assert swedish.subject != english.subject
