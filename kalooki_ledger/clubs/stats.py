"""Season statistics and histories, derived from each game's Ledger (nothing stored twice)."""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from kalooki_ledger import rules as engine
from kalooki_ledger.games import present
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.store import games_loaded

from .models import Club, ClubPlayer, SeatPerson

COUNTED = ("finished", "stopped")  # a game still being played has no result yet


@dataclass(frozen=True)
class PlayedGame:
    """One club game with its ledger and which regular sat in which seat."""

    game: Game
    ledger: engine.Ledger
    people: dict[str, ClubPlayer]  # seat name -> regular

    @property
    def date(self) -> datetime.date:
        return self.game.played_on or self.game.created.date()

    @property
    def counted(self) -> bool:
        return self.ledger.status in COUNTED

    @property
    def status(self) -> str:
        return present.status_text(self.ledger)


@dataclass(frozen=True)
class GameLine:
    """What one person did in one game: a row of their history."""

    played: PlayedGame
    name: str  # their seat's name in that game
    won: bool
    kalookies: int
    buy_ins: int
    points: int  # penalty points scored across the hands they played
    hands: int
    net: Decimal


@dataclass
class PersonStats:
    person: ClubPlayer
    games: int = 0
    wins: int = 0
    kalookies: int = 0
    buy_ins: int = 0
    points: int = 0
    hands: int = 0
    net: Decimal = field(default_factory=lambda: Decimal(0))

    @property
    def average_penalty(self) -> Decimal | None:
        """Penalty points per hand played, to one place; None before any hand."""
        if not self.hands:
            return None
        return (Decimal(self.points) / self.hands).quantize(Decimal("0.1"), ROUND_HALF_UP)

    def add(self, line: GameLine) -> None:
        self.games += 1
        self.wins += line.won
        self.kalookies += line.kalookies
        self.buy_ins += line.buy_ins
        self.points += line.points
        self.hands += line.hands
        self.net += line.net


def club_games(club: Club, since: datetime.date | None = None) -> list[PlayedGame]:
    """The club's games, oldest first, with ledgers; a fixed number of queries."""
    games = list(games_loaded().filter(club_link__club=club))
    links = SeatPerson.objects.filter(seat__game__in=games).select_related("person", "seat")
    people: dict[int, dict[str, ClubPlayer]] = {}
    for link in links:
        people.setdefault(link.seat.game_id, {})[link.seat.name] = link.person
    played = [PlayedGame(g, g.ledger(), people.get(g.pk, {})) for g in games]
    if since:
        played = [p for p in played if p.date >= since]
    return sorted(played, key=lambda p: (p.date, p.game.created))


def line_for(played: PlayedGame, name: str) -> GameLine:
    ledger = played.ledger
    standing = ledger.standing(name)
    rows = [row for row in ledger.hands if not row.void and name in row.scored]
    return GameLine(
        played=played,
        name=name,
        won=ledger.winner == name,
        kalookies=sum(1 for row in rows if row.winner == name and row.kalookie),
        buy_ins=standing.buy_ins,
        points=sum(row.scored[name] for row in rows),
        hands=len(rows),
        net=standing.net,
    )


def history(person: ClubPlayer, played: Iterable[PlayedGame]) -> list[GameLine]:
    """The person's counted games, oldest first."""
    return [
        line_for(p, name)
        for p in played
        if p.counted
        for name, who in p.people.items()
        if who.pk == person.pk
    ]


def season_table(played: Iterable[PlayedGame]) -> list[PersonStats]:
    """Everyone who played a counted game: most wins first, then best net."""
    table: dict[int, PersonStats] = {}
    for p in played:
        if not p.counted:
            continue
        for name, person in p.people.items():
            table.setdefault(person.pk, PersonStats(person)).add(line_for(p, name))
    return sorted(table.values(), key=lambda s: (-s.wins, -s.net, s.person.name.casefold()))


def summary(person: ClubPlayer, lines: Iterable[GameLine]) -> PersonStats:
    totals = PersonStats(person)
    for line in lines:
        totals.add(line)
    return totals


def running_net(lines: Iterable[GameLine]) -> list[tuple[GameLine, Decimal]]:
    """Each game of a history with the person's net money over the season after it."""
    total = Decimal(0)
    out = []
    for line in lines:
        total += line.net
        out.append((line, total))
    return out
