"""Plain factory functions for the club tests."""

from django.contrib.auth import get_user_model

from kalooki_ledger.clubs.filing import file_game
from kalooki_ledger.clubs.models import Club, ClubPlayer, Membership
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.store import import_record
from tests.helpers import record, worked_example

PASSWORD = "a-long-table-password-42"


def make_user(username: str = "organiser", email: str = "") -> object:
    return get_user_model().objects.create_user(
        username, email or f"{username}@example.org", PASSWORD
    )


def make_club(name: str = "Friday Club", slug: str = "friday", **members: str) -> Club:
    """A club; `members` maps user names to roles, creating the users."""
    club = Club.objects.create(name=name, slug=slug)
    for username, role in members.items():
        join(club, make_user(username), role)
    return club


def join(club: Club, user, role: str = Membership.MEMBER) -> Membership:
    return Membership.objects.create(club=club, user=user, role=role)


def make_players(club: Club, names: str) -> list[ClubPlayer]:
    return [ClubPlayer.objects.create(club=club, name=name) for name in names.split()]


def club_game(club: Club, data: dict | None = None, **extra) -> Game:
    """A stored game filed under the club (the worked example of source 000 by default)."""
    game = import_record({**(data or worked_example()), **extra})
    file_game(game, club)
    return game


def short_game(players: list[str], winner: str, **fields) -> dict:
    """A one-hand game that ends at once: every loser goes over 150 with 148 (call-up stakes)."""
    losers = {name: 148 for name in players if name != winner}
    data = record(players, [{"winner": winner, "penalties": losers}], **fields)
    data.setdefault(
        "stakes",
        {"currency": "units", "call_up": "1", "kalookie": "2", "initial": "5", "buy_in": "5"},
    )
    data["rules"] = {"preset": "british", "limit": 100}
    return data
