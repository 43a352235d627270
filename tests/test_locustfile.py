"""`make load`'s locustfile (scripts/locustfile.py) run briefly against a live server, so the
load test cannot rot: a few tables, watchers and a board for twelve seconds of locust's own run
time; locust exits 0, and every hand it had acknowledged is stored once, in order, each moving its
game's version by one. No latency is asserted: speed belongs to `make load` and `make bench`."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kalooki_ledger.clubs import board
from kalooki_ledger.games.models import Game
from tests.clubs.factories import club_game, make_club
from tests.helpers import record

pytestmark = [pytest.mark.db_specific, pytest.mark.threads]

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bob", "Cy", "Di"]  # the locustfile's


def test_a_short_locust_evening_stores_every_acknowledged_hand_once(live_server, tmp_path):
    club = make_club("Loadklubben", "load")
    games = [
        club_game(club, record(PLAYERS, [], title=f"Table {n}", rules={"limit": 10_000}))
        for n in (1, 2)
    ]
    before = {g.get_absolute_url(): g.version for g in games}
    setup = {
        "games": [
            {"id": g.pk, "url": g.get_absolute_url(), "share_url": g.share_url()} for g in games
        ],
        "boards": [board.board_url("club", club.pk)],
    }
    (tmp_path / "games.json").write_text(json.dumps(setup))
    locust = [sys.executable, "-m", "locust", "-f", "scripts/locustfile.py", "--headless"]
    done = subprocess.run(
        [
            *locust,
            *("--users", "6", "--spawn-rate", "6", "--run-time", "12s", "--stop-timeout", "10"),
            *("--host", live_server.url, "--games", str(tmp_path / "games.json")),
            *("--results", str(tmp_path / "acked.json"), "--csv", str(tmp_path / "load")),
            "--only-summary",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "all stored once: yes" in done.stdout
    for kind in ("record a hand", "watch poll", "board table poll", "board frame poll"):
        assert kind in done.stdout, done.stdout
    acked = json.loads((tmp_path / "acked.json").read_text())["acked"]
    assert sorted(acked) == sorted(before)
    for game in Game.objects.filter(pk__in=[g.pk for g in games]):
        sent = acked[game.get_absolute_url()]
        hands = list(game.hands.order_by("number"))
        assert len(sent) >= 1
        assert [h.number for h in hands] == list(range(1, len(sent) + 1))
        assert [h.winner.name for h in hands] == [winner for winner, _ in sent]
        assert game.version == before[game.get_absolute_url()] + len(sent)
