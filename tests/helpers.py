"""Plain factory functions shared by the tests."""

import json
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from decimal import Decimal
from pathlib import Path

from kalooki_ledger.rules import Game, Hand, Rules, Stakes

ROOT = Path(__file__).resolve().parent.parent

# The British club rules' worked score sheet with the figures it must produce: the project's own.
WORKED_EXAMPLE = Path(__file__).resolve().parent / "data" / "worked_example.json"


def worked_example() -> dict:
    """The worked score sheet's game as a record: without its `expected` figures, which are
    the test's and no key of a record."""
    data = json.loads(WORKED_EXAMPLE.read_text(), parse_float=Decimal)
    del data["expected"]
    return data


def worked_example_expected() -> dict:
    return json.loads(WORKED_EXAMPLE.read_text(), parse_float=Decimal)["expected"]


def casino_stakes(currency: str = "units") -> Stakes:
    return Stakes(currency, Decimal(1), Decimal(2), Decimal(5), Decimal(5))


def make_game(
    players: str = "Andy Mark John Frank", *hands: Hand, rules: Rules | None = None, **kw
) -> Game:
    return Game(
        players=tuple(players.split()),
        rules=rules or Rules(),
        stakes=kw.pop("stakes", casino_stakes()),
        hands=hands,
        **kw,
    )


def won(winner: str, kalookie: bool = False, buy_ins: dict | None = None, **values: int) -> Hand:
    return Hand(winner=winner, kalookie=kalookie, penalties=values, buy_ins=buy_ins or {})


def record(players: list[str], hands: list[dict], **extra) -> dict:
    return {"format": "kalooki-game/1", "players": players, "hands": hands, **extra}


def long_record(hands: int = 40, players: str = "Andy Mark John Frank Sarah", **extra) -> dict:
    """A game of many hands in GBP that nobody goes out of: small losses, the win going round."""
    names = players.split()
    played = []
    for number in range(1, hands + 1):
        winner = names[number % len(names)]
        values = {p: 2 + (number + i) % 3 for i, p in enumerate(names) if p != winner}
        played.append({"winner": winner, "kalookie": number % 7 == 0, "penalties": values})
    stakes = {"currency": "GBP", "call_up": "0.10", "kalookie": "0.20", "initial": "0.50"}
    extra.setdefault("title", f"Long game of {hands} hands")
    return record(names, played, stakes={**stakes, "buy_in": "0.50"}, **extra)


def run_tool(*command: str, stdin: bytes | None = None) -> str:
    """What one of poppler's tools (pdftotext, pdfinfo) prints for the PDF given on stdin."""
    return subprocess.run(command, input=stdin, capture_output=True, check=True).stdout.decode()


def manage(env: dict[str, str], *args: str, **run) -> subprocess.CompletedProcess:
    """`manage.py` run in a process of its own with `env`, its output kept as text; `run` adds
    to subprocess.run's arguments (a timeout, an input)."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        **run,
    )


def pdf_text(pdf: bytes) -> str:
    """The PDF as `pdftotext -layout` lays it out; pages are separated by form feeds."""
    return run_tool("pdftotext", "-layout", "-", "-", stdin=pdf)


def pdf_info(pdf: bytes) -> dict[str, str]:
    lines = run_tool("pdfinfo", "-", stdin=pdf).splitlines()
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in lines)}


def ready(process: subprocess.Popen, word: str, log: Path | None = None) -> None:
    """Returns once `process` says it is ready: a line with `word` in it on its stderr (a text
    pipe), its own event, not a retry of its port. A thread reads what it writes (into `log`,
    if given) for as long as it runs, so it never blocks on a full pipe."""
    heard, lines = threading.Event(), []

    def read() -> None:
        with log.open("w") if log else nullcontext() as out:
            for line in process.stderr:
                if not heard.is_set():
                    lines.append(line)
                if out:
                    out.write(line)
                    out.flush()
                if word in line:
                    heard.set()
        lines.append("(it stopped)")
        heard.set()

    threading.Thread(target=read, daemon=True).start()
    # A ceiling on the wait, not a timing: a server that hangs starting fails the test.
    assert heard.wait(120) and word in lines[-1], f"never said {word!r}:\n{''.join(lines)}"


@contextmanager
def running(process: subprocess.Popen, word: str) -> Iterator[None]:
    """The block runs once `process` has said `word` on its stderr (`ready`); `process` is
    stopped after it, whatever happened."""
    try:
        ready(process, word)
        yield
    finally:
        process.terminate()
        process.wait(timeout=10)


def decided(game: Game, **decisions: bool) -> Game:
    """The game with buy-in decisions added to its last hand."""
    last = game.hands[-1]
    return game.with_hand_replaced(len(game.hands), last.with_buy_ins(decisions))


def page_one_png(pdf: bytes, target: Path) -> bytes:
    """Page one as `target`.png (pdftoppm at 90 dpi), for a person to look at; returns its bytes."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(suffix=".pdf") as source:
        source.write(pdf)
        source.flush()
        subprocess.run(
            ["pdftoppm", "-png", "-r", "90", "-singlefile", source.name, str(target)], check=True
        )
    return target.with_suffix(".png").read_bytes()


# Screenshots to look at while working go outside the repository; a test run leaves the tree as
# it found it. docs/screenshots/ is written only by `make screenshots`, which sets this variable.
LOOKS = Path(tempfile.gettempdir()) / "kalooki-looks"
DOCS_SCREENSHOTS = os.environ.get("KALOOKI_DOCS_SCREENSHOTS") == "1"
SCREENSHOTS = ROOT / "docs" / "screenshots" if DOCS_SCREENSHOTS else LOOKS / "screenshots"
