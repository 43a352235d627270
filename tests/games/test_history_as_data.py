"""History as data (issue 27): a change keeps its action and values, and is written in the
reader's language when shown, whoever's phone made it; lines stored as English sentences before
are read back into values by migration 0011, and what can't be read keeps its text."""

import datetime
import importlib

import pytest
from django.apps import apps
from django.utils import translation

from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Change, Game
from kalooki_ledger.rules import Hand as EngineHand
from tests.games.web import hand_post, stored_game

pytestmark = pytest.mark.django_db

SWEDISH_PHONE = {"Accept-Language": "sv-SE,sv;q=0.9"}
ENGLISH_PHONE = {"Accept-Language": "en-GB,en;q=0.9"}

migration = importlib.import_module("kalooki_ledger.games.migrations.0011_change_history_as_data")


def applied(game: Game, command: commands.Command, key: str) -> None:
    game = Game.objects.get(pk=game.pk)
    outcome = commands.apply(game, commands.Sent(game.version, key, "iPhone 00ff"), command)
    assert outcome.applied, outcome.notice


def texts(game: Game, language: str) -> list[str]:
    with translation.override(language):
        return [c.text for c in Change.objects.filter(game=game).order_by("id")]


def test_a_history_written_by_an_english_phone_reads_swedish_to_a_swedish_reader_and_back():
    game = stored_game()
    with translation.override("en"):
        hand = EngineHand(winner="John", penalties={"Andy": 20, "Mark": 30, "Frank": 4})
        applied(game, commands.RecordHand(1, hand), "key-record-1")
        applied(
            game,
            commands.SetDate(datetime.date(2026, 11, 20), datetime.date(2026, 11, 24)),
            "key-date-1",
        )
        applied(game, commands.Stop("refund"), "key-stop-01")

    english = texts(game, "en")
    swedish = texts(game, "sv")

    assert english == [
        "Hand 1: John won (Andy 20, Mark 30, Frank 4)",
        "Set the date played: 20 Nov 2026",
        "Stopped the game: the pool is refunded",
    ]
    assert swedish[0] == "Giv 1: John vann (Andy 20, Mark 30, Frank 4)"
    assert swedish[1].startswith("Satte speldatum") or "20 nov 2026" in swedish[1]
    assert "Hand" not in " ".join(swedish) and "Stopped" not in " ".join(swedish)
    stored = Change.objects.get(game=game, action="record")
    assert stored.summary == "" and stored.details["hand"]["winner"] == "John"


def test_the_score_sheet_writes_the_history_in_the_readers_language(client):
    game = stored_game()
    client.post(
        f"/g/{game.edit_token}/hands/",
        hand_post(1, "John", game, Andy=20, Mark=30, Frank=4),
        headers=ENGLISH_PHONE,
    )
    sheet = f"/g/{game.edit_token}/sheet/"
    assert "Hand 1: John won" in client.get(sheet, headers=ENGLISH_PHONE).content.decode()
    swedish = client.get(sheet, headers=SWEDISH_PHONE).content.decode()
    assert "Giv 1: John vann" in swedish and "Hand 1: John won" not in swedish


def old_line(game: Game, action: str, summary: str) -> Change:
    return Change.objects.create(game=game, who="Android 1", action=action, summary=summary)


@pytest.mark.db_specific  # a data migration
def test_the_migration_reads_english_lines_back_into_values_that_write_them_again():
    game = stored_game()
    lines = {
        "start": "Started the game: Andy, Mark, John, Frank; seats drawn: A Mark, 3 Andy",
        "record": "Hand 1: John won (Andy 20, Frank 4, Mark 7♠ K♥); penalty points Andy +50 "
        "(called out of turn, twice)",
        "buy-in": "Hand 1: Mark bought in",
        "edit": "Edited hand 1: was John won (Andy 20, Mark 30, Frank 4); now void",
        "stop": "Stopped the game: Mark and John share the pot",
        "paid": "Marked paid: Mark pays John £1.60; not paid after all: Andy pays John £2.00",
        "date": "Set the date played: 20 Nov 2026",
        "admin": "Changed in the admin (Friday): rule_overrides, seats.name",
    }
    made = {action: old_line(game, action, text) for action, text in lines.items()}
    migration.to_data(apps, None)

    for action, change in made.items():
        change.refresh_from_db()
        assert change.details, action
        assert change.summary == ""
        if action != "admin":  # staff's line names no game now: the page it is on does
            with translation.override("en"):
                assert change.text == lines[action]
    with translation.override("sv"):
        assert made["record"].text.startswith("Giv 1: John vann (Andy 20, Frank 4, Mark 7♠ K♥")
        assert made["date"].text == "Satte speldatum: 20 nov 2026"


@pytest.mark.db_specific  # a data migration
def test_the_migration_keeps_the_text_of_a_line_it_cannot_read():
    game = stored_game()
    swedish = old_line(game, "record", "Giv 1: John vann (Andy 20, Mark 30, Frank 4)")
    odd = old_line(game, "record", "Hand 2: Zed won (Andy 20)")  # nobody of the game's
    migration.to_data(apps, None)
    for change in (swedish, odd):
        kept = Change.objects.get(pk=change.pk)
        assert kept.details == {} and kept.text == change.summary


@pytest.mark.db_specific  # a data migration
def test_the_migration_back_writes_the_english_sentences_again():
    game = stored_game()
    change = old_line(game, "date", "Set the date played: 20 Nov 2026")
    migration.to_data(apps, None)
    Change.objects.filter(pk=change.pk).update(details={"day": "2026-11-21"})
    migration.to_text(apps, None)
    assert Change.objects.get(pk=change.pk).summary == "Set the date played: 21 Nov 2026"
