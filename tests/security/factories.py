"""Factories, hostile values and the "nothing changed" snapshot for the security tests."""

import json
from decimal import Decimal

from django.apps import apps
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from kalooki_ledger.clubs.models import Club, ClubPlayer, Membership
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.store import import_record
from tests.games.web import GBP

PASSWORD = "a-long-table-password-42"
PROJECT_APPS = ("games", "sheets", "clubs")

FAST = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

MARKUP = "<script>alert(1)</script>"
HOSTILE_STRINGS = [
    MARKUP,
    '"><img src=x onerror=alert(1)>',
    "</textarea><b>bold</b>",
    "{{ 7|add:7 }}{% now 'Y' %}",
    "Robert'); DROP TABLE games_game;--",
    "\u202eredro\u202c",  # right-to-left override
    "\u0627\u0644\u0639\u0628",  # Arabic
    "🂡🃏 Joker",
    "\x00",
    "Andy\x00",
    "\ufeff",
    "",
    " ",
    "\t\n",
    "a" * 41,
    "x" * 5000,
    "-1",
    "-99999999999999999999",
    "0",
    "1e309",
    "NaN",
    "Infinity",
    "0x10",
    "1_000",
    "3.5",
    "99999999999999999999999999",
    "٣",  # Arabic-Indic three: a decimal digit
    "true",
    "null",
    "[]",
    "{}",
]

# Text a hostile scorer could type: markup, right-to-left, emoji, control characters, numbers.
hostile_text = st.one_of(
    st.sampled_from(HOSTILE_STRINGS),
    st.text(max_size=50),
    st.text(alphabet="<>&\"'/=\x00\u202e🃏 aZ9", max_size=30),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)


def no_nul(text: str) -> bool:
    return "\x00" not in text


def worked_record() -> dict:
    """The five hands of source 000's worked sheet, in GBP, nobody out yet after hand 3."""
    return {
        "format": "kalooki-game/1",
        "title": "Friday at Mark's",
        "rules": {"preset": "british"},
        "stakes": dict(GBP),
        "players": ["Andy", "Mark", "John", "Frank"],
        "hands": [
            {"winner": "John", "penalties": {"Andy": 85, "Mark": 42, "Frank": 30}},
            {"winner": "Andy", "penalties": {"Mark": 50, "John": 45, "Frank": 30}},
            {
                "winner": "John",
                "kalookie": True,
                "penalties": {"Andy": 38, "Mark": 53, "Frank": 40},
            },
        ],
    }


def stored_game(players: list[str] | None = None, hands: list | None = None, **extra) -> Game:
    data = worked_record()
    if players is not None:
        data["players"] = players
        data["hands"] = []
    if hands is not None:
        data["hands"] = hands
    data.update(extra)
    return import_record(data)


def awaiting_game() -> Game:
    """Hands 1-4 of the worked sheet: Mark is over and his buy-in decision is owed."""
    hands = worked_record()["hands"]
    hands.append({"winner": "Frank", "penalties": {"Andy": 4, "Mark": 30, "John": 53}})
    return stored_game(hands=hands)


def finished_game() -> Game:
    """A one-hand game that is over: transfers to tick as paid."""
    return stored_game(
        players=["Andy", "Mark"],
        hands=[{"winner": "Andy", "penalties": {"Mark": 148}}],
        rules={"preset": "british", "limit": 100},
    )


def paid_keys(client, game: Game) -> list[str]:
    """The values of the table's "paid" tick boxes, as a browser would post them."""
    import html
    import re

    shown = client.get(game.get_absolute_url()).content.decode()
    return [html.unescape(v) for v in re.findall(r'name="paid" value="([^"]+)"', shown)]


def make_user(username: str = "organiser", **extra):
    return get_user_model().objects.create_user(
        username, f"{username}@example.org", PASSWORD, **extra
    )


def make_club(slug: str = "friday", **members: str) -> Club:
    club = Club.objects.create(name="Friday Club", slug=slug)
    for username, role in members.items():
        Membership.objects.create(club=club, user=make_user(username), role=role)
    return club


def make_players(club: Club, names: str) -> list[ClubPlayer]:
    return [ClubPlayer.objects.create(club=club, name=name) for name in names.split()]


def _project_models():
    models = [get_user_model()]
    for label in PROJECT_APPS:
        models.extend(apps.get_app_config(label).get_models())
    # The login limit's counted attempts (kalooki_ledger/throttle.py) are no site data.
    models = [model for model in models if model._meta.label_lower != "games.slot"]
    return models


def snapshot() -> dict:
    """Every row of every model of the project's apps (and the users), plus every game's export."""
    rows = {
        model._meta.label: list(model.objects.order_by("pk").values())
        for model in _project_models()
    }
    counts = {label: len(found) for label, found in rows.items()}
    exports = [game.to_json() for game in Game.objects.loaded().order_by("pk")]
    return {"counts": counts, "rows": rows, "exports": json.loads(json.dumps(exports, default=str))}


def as_json_bytes(data: object) -> bytes:
    def default(value: object) -> object:
        if isinstance(value, Decimal):
            return str(value)
        raise TypeError(type(value).__name__)

    return json.dumps(data, default=default).encode()
