"""Plain factory functions for the club tests."""

import random
from decimal import Decimal

from django.contrib.auth import get_user_model

from kalooki_ledger.clubs import tournaments
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


def login(client, club: Club, role: str = "") -> None:
    """Signs the test client in as the club's member with `role` (its only member without)."""
    members = club.memberships.filter(role=role) if role else club.memberships
    client.force_login(members.get().user)


def in_pounds(club: Club, **stakes: str) -> Club:
    """The club playing for pounds, at the stakes given (typed as "0.50"); the rest its own."""
    club.currency = "GBP"
    for key, value in stakes.items():
        setattr(club, key, Decimal(value))
    club.save()
    return club


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


def tournament_with(club: Club, count: int = 16, **fields):
    """A tournament with `count` regulars drawn to tables (seats drawn with a fixed seed)."""
    import random

    from kalooki_ledger.clubs import tournaments
    from kalooki_ledger.clubs.models import Tournament

    people = make_players(club, " ".join(f"P{n:02d}" for n in range(1, count + 1)))
    tournament = Tournament.objects.create(club=club, name="Blackpool Open", **fields)
    tournaments.draw(tournament, people, random.Random(7))
    return tournament


def play_hand(game: Game, winner: str, **values: int) -> None:
    """Records one hand at a table: the winner and each other player's hand value."""
    from kalooki_ledger import rules as engine
    from kalooki_ledger.games.models import Hand
    from kalooki_ledger.games.store import add_hands

    number = Hand.objects.filter(game=game).count() + 1  # not the prefetched, stale hands
    add_hands(game, game.seat_ids(), number, [engine.Hand(winner=winner, penalties=values)])


def finish_table(game: Game, winner: str | None = None) -> str:
    """Ends a table in one hand: everyone but the winner (first seat by default) goes over 100."""
    names = [seat.name for seat in game.seats.all()]
    winner = winner or names[0]
    play_hand(game, winner, **{name: 120 for name in names if name != winner})
    return winner


def out_at_first_table(tournament) -> tuple:
    """Finishes the tournament's first table: that table, and the first player out at it."""
    from kalooki_ledger.clubs import tournaments

    table = tournaments.load(tournament).heats[0]
    finish_table(table.game)
    return table, tournaments.load(tournament).heats[0].out()[0]


def play_through(tournament, buy_ins: int = 4, seed: int = 1) -> None:
    """Plays a drawn tournament to its end: every table finished, the first `buy_ins` players
    out buy in (four make a new table, which finishes too), the next round seated (anyone still
    waiting refunded) and the final finished."""
    for table in tournaments.load(tournament).heats:
        finish_table(table.game)
    for person, state in tournaments.load(tournament).may_buy_in()[:buy_ins]:
        tournaments.buy_in(tournament, person, state.table, random.Random(seed))
    finish_table(tournaments.load(tournament).heats[-1].game)
    tournaments.start_semis(tournament, random.Random(seed))
    finish_table(tournaments.load(tournament).final.game)
