"""An engine problem in the reader's language: the engine's code and params, the template
translated, the names and numbers in place; in English exactly the engine's message."""

import json
import re

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.clubs.forms import checked_name
from kalooki_ledger.games.models import Hand
from kalooki_ledger.games.present import beside_text, located_text, problem_message, problem_text
from kalooki_ledger.games.present.problems import AFTER_NAME, NAMED_BESIDE, check_name
from kalooki_ledger.rules.messages import MESSAGES
from tests.games.web import FormClient, hand_post, stored_game
from tests.helpers import record

SWEDISH_PHONE = {"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}


def test_a_problem_is_worded_in_swedish_with_the_players_name_and_numbers_in_place():
    found = engine.problem("value-too-high", 3, "Frank", "value", held=13, high=148, value=149)
    with translation.override("sv"):
        assert problem_message(found) == "ingen hand med 13 kort är värd mer än 148 (angivet 149)"
        assert problem_text(found) == (
            "Frank: ingen hand med 13 kort är värd mer än 148 (angivet 149)"
        )


def test_a_message_that_reads_on_from_the_name_follows_it_in_swedish():
    found = engine.problem("winner-out", 4, "Frank", after=2)
    with translation.override("sv"):
        assert problem_text(found) == "Frank är ute ur partiet efter giv 2 och kan inte vinna"


def test_names_listed_together_are_joined_in_the_readers_words():
    found = engine.problem("hand-after-tie", 8, after=7, names=("Ann", "Bo"))
    with translation.override("sv"):
        assert "(Ann och Bo delade segern)" in problem_text(found)
    assert "(Ann and Bo tied)" in problem_text(found)


def test_where_a_problem_is_comes_first_on_the_import_page_in_swedish():
    found = engine.problem("cards-none", 3, "Bo", "cards")
    with translation.override("sv"):
        assert located_text(found) == "Giv 3, Bo: en förlorare har minst ett kort på handen"
    assert located_text(found) == str(found)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_in_english_every_problem_reads_as_the_engine_wrote_it(code):
    params = {key: "Ann" for key in re.findall(r"%\((\w+)\)", MESSAGES[code])}
    found = engine.problem(code, 2, "Bo", **params)
    with translation.override("en"):
        assert problem_message(found) == found.message
        assert located_text(found) == str(found)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_the_name_leads_the_sentence_exactly_where_the_english_reads_on_from_it(code):
    template = MESSAGES[code]
    assert (code in AFTER_NAME) == template.startswith(("was ", "is ", "won "))
    assert (code in NAMED_BESIDE) == template.startswith(("was ", "is "))


def test_beside_a_players_input_the_label_names_them_unless_the_message_needs_its_subject():
    bare = engine.problem("value-too-low", 1, "Bo", "value", low=2, value=1)
    needs = engine.problem("not-offered-within", 1, "Bo", "buy_ins")
    with translation.override("sv"):
        assert beside_text(bare) == "en förlorares hand är värd minst 2: ett kort (angivet 1)"
        assert beside_text(needs).startswith("Bo erbjöds inget inköp efter den här given")


def test_a_problem_a_form_made_itself_is_shown_as_it_was_written():
    own = engine.Problem("Skriv ett heltal", player="Bo", field="value-1")
    with translation.override("sv"):
        assert problem_text(own) == "Bo: Skriv ett heltal"


def test_a_name_is_checked_in_the_readers_words():
    with translation.override("sv"):
        assert check_name("   ") == ("", "en spelares namn saknas: skriv några bokstäver")
        assert check_name("x" * 41)[1] == "en spelares namn har högst 40 tecken"
    assert check_name("   ")[1] == engine.check_name("   ")[1]


@pytest.mark.django_db
def test_a_refused_hand_on_the_table_page_in_swedish_shows_the_swedish_message_beside_its_input():
    game = stored_game()
    client = FormClient(headers=SWEDISH_PHONE)
    response = client.post(
        f"/g/{game.edit_token}/hands/", hand_post(1, "John", game, Andy=149, Mark=42, Frank=30)
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert '<html lang="sv"' in html
    message = "Ingen hand med 13 kort är värd mer än 148 (angivet 149)"
    assert message in html
    assert "worth more than" not in html
    # Beside Andy's value, the input that points at it.
    error_at = html.index('id="value-0-error"')
    assert message in html[error_at : error_at + 300]
    assert 'aria-describedby="value-0-error"' in html
    assert not Hand.objects.exists()


@pytest.mark.django_db
def test_the_import_page_says_which_hand_and_player_and_what_is_wrong_in_swedish(client):
    bad = record(["Andy", "Mark"], [{"winner": "Andy", "penalties": {"Mark": 149}}])
    upload = SimpleUploadedFile("game.json", json.dumps(bad).encode())
    response = client.post(reverse("sheets:import"), {"record": upload}, headers=SWEDISH_PHONE)
    shown = " ".join(response.content.decode().split())
    assert response.status_code == 400
    assert "Giv 1, Mark: ingen hand med 13 kort är värd mer än 148 (angivet 149)" in shown


@pytest.mark.django_db
def test_the_import_page_words_a_file_that_is_not_json_in_swedish(client):
    upload = SimpleUploadedFile("sheet.txt", b"Andy 85, Mark 42")
    response = client.post(reverse("sheets:import"), {"record": upload}, headers=SWEDISH_PHONE)
    shown = " ".join(response.content.decode().split())
    assert "Filen är inte JSON: ladda upp ett kalooki-game/1-protokoll" in shown


def test_a_clubs_form_refuses_a_name_in_swedish():
    with translation.override("sv"), pytest.raises(ValidationError) as refused:
        checked_name("x" * 41, gettext("a player's name"), 40)
    assert refused.value.messages == ["En spelares namn har högst 40 tecken."]
