import io
import json

import pytest
from django.core.management import CommandError, call_command

from kalooki_ledger.games.models import Game, Hand
from tests.helpers import record, worked_example


def run(name, *args, stdin=None):
    out = io.StringIO()
    if stdin is not None:
        import sys

        old, sys.stdin = sys.stdin, io.StringIO(stdin)
        try:
            call_command(name, *args, stdout=out)
        finally:
            sys.stdin = old
    else:
        call_command(name, *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_it_imports_the_worked_example_and_prints_its_links(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(worked_example()))
    printed = json.loads(run("import_game", str(path)))
    game = Game.objects.get(pk=printed["id"])
    assert printed["url"] == f"/g/{game.edit_token}/"
    assert printed["share_url"] == f"/w/{game.share_token}/"
    assert len(game.edit_token) >= 22 and game.edit_token != game.share_token


@pytest.mark.django_db
def test_export_carries_source_000s_figures():
    printed = json.loads(run("import_game", "-", stdin=json.dumps(worked_example())))
    results = json.loads(run("export_game", str(printed["id"])))["results"]
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


@pytest.mark.django_db
def test_it_refuses_a_hand_worth_149_and_stores_nothing():
    bad = record(["Andy", "Mark"], [{"winner": "Andy", "penalties": {"Mark": 149}}])
    with pytest.raises(CommandError, match=r"Hand 1, Mark: no 13-card hand is worth more than 148"):
        run("import_game", "-", stdin=json.dumps(bad))
    assert Game.objects.count() == 0 and Hand.objects.count() == 0
