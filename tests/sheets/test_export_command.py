"""`export_game ID --format csv|pdf`: the sheets through the management command."""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from kalooki_ledger.games.store import import_record
from tests.helpers import pdf_text, worked_example


@pytest.fixture
def game_id(db) -> int:
    return import_record(worked_example()).pk


def test_csv_is_printed_with_a_header_and_a_row_per_hand(game_id):
    out = io.StringIO()
    call_command("export_game", str(game_id), "--format", "csv", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("hand,dealer,void,winner,kalookie,Andy scored")
    assert len(lines) == 6


def test_csv_stays_english_with_no_language_even_where_swedish_is_active(game_id):
    out = io.StringIO()
    with translation.override("sv"):
        call_command("export_game", str(game_id), "--format", "csv", stdout=out)
    assert out.getvalue().startswith("hand,dealer,void,winner,kalookie,Andy scored")


def test_csv_in_swedish_when_the_language_is_given(game_id):
    out = io.StringIO()
    call_command("export_game", str(game_id), "--format", "csv", "--language", "sv", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("giv;givare;ogiltig;vinnare;kalle;Andy poäng")
    assert len(lines) == 6


def test_pdf_is_written_to_the_output_file(game_id, tmp_path):
    target = tmp_path / "sheet.pdf"
    call_command("export_game", str(game_id), "--format", "pdf", "--output", str(target))
    assert "Mark pays John 16" in pdf_text(target.read_bytes())


def test_pdf_without_an_output_file_is_refused(game_id):
    with pytest.raises(CommandError, match="a PDF export needs --output FILE"):
        call_command("export_game", str(game_id), "--format", "pdf", stdout=io.StringIO())


def test_json_is_still_the_record_with_results(game_id):
    out = io.StringIO()
    call_command("export_game", str(game_id), stdout=out)
    assert json.loads(out.getvalue())["results"]["winner"] == "John"


def test_export_carries_source_000s_figures(game_id):
    out = io.StringIO()
    call_command("export_game", str(game_id), stdout=out)
    results = json.loads(out.getvalue())["results"]
    assert results["status"] == "finished"
    assert results["winner"] == "John"
    assert results["pool"] == "25"
    assert {p: v["net"] for p, v in results["players"].items()} == {
        "Andy": "-7",
        "Mark": "-16",
        "John": "30",
        "Frank": "-7",
    }
    assert results["hands"][3]["bought_in"] == ["Mark"]


def test_pdf_in_swedish_when_the_language_is_given(game_id, tmp_path):
    target = tmp_path / "sheet.pdf"
    call_command(
        "export_game", str(game_id), "--format", "pdf", "--output", str(target), "--language", "sv"
    )
    assert "Mark betalar John 16" in pdf_text(target.read_bytes())
