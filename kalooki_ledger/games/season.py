"""Season statistics over played games: the table, a person's history and running net, derived
from each game's Ledger (nothing stored twice). Whoever sat in a seat is the caller's person: a
club's member, or a home group's player known only by name (`Named`)."""

import datetime
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Protocol

from kalooki_ledger import rules as engine

from . import present
from .models import Game

COUNTED = ("finished", "stopped")  # a game still being played has no result yet


class Person(Protocol):
    """Whoever a seat stands for: one key for them across games, and the name shown."""

    @property
    def pk(self) -> Hashable: ...

    @property
    def name(self) -> str: ...


@dataclass(frozen=True)
class Named:
    """A player known by the name they sat under; names that are one name are one player."""

    pk: str
    name: str


class Money(Protocol):
    """Money a person paid and took outside the games' ledgers (a club's tournament pot)."""

    person: Person
    date: datetime.date
    buy_ins: int
    net: Decimal


@dataclass(frozen=True)
class PlayedGame:
    """One game with its ledger and which person sat in which seat."""

    game: Game
    ledger: engine.Ledger
    people: Mapping[str, Person]  # seat name -> person

    @property
    def date(self) -> datetime.date:
        return self.game.played_on or self.game.created.date()

    @property
    def counted(self) -> bool:
        # A game stopped before its first hand (a mistake, refunded) played nothing to count.
        return self.ledger.status in COUNTED and bool(self.ledger.hands)

    @property
    def status(self) -> str:
        return present.status_text(self.ledger)


def in_order(played: Iterable[PlayedGame]) -> list[PlayedGame]:
    """Oldest first: by the day played, then as they were started."""
    return sorted(played, key=lambda p: (p.date, p.game.created, p.game.pk))


def by_name(games: Iterable[Game]) -> list[PlayedGame]:
    """Games whose seats are people by name alone, oldest first."""
    return in_order(
        PlayedGame(g, g.ledger(), {n: Named(engine.name_key(n), n) for n in g.seat_ids()})
        for g in games
    )


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
    person: Person
    games: int = 0
    wins: int = 0
    kalookies: int = 0
    buy_ins: int = 0
    points: int = 0
    hands: int = 0
    net: Decimal = field(default_factory=lambda: Decimal(0))
    tournament_net: Decimal = field(default_factory=lambda: Decimal(0))  # part of `net`

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

    def add_tournament(self, line: Money) -> None:
        """A tournament adds its buy-ins and its money; its tables count as games already."""
        self.buy_ins += line.buy_ins
        self.net += line.net
        self.tournament_net += line.net


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


def history(person: Person, played: Iterable[PlayedGame]) -> list[GameLine]:
    """The person's counted games, oldest first."""
    return [
        line_for(p, name)
        for p in played
        if p.counted
        for name, who in p.people.items()
        if who.pk == person.pk
    ]


ORDERS = {
    "net": lambda s: (-s.net, -s.wins, s.person.name.casefold()),
    "wins": lambda s: (-s.wins, -s.net, s.person.name.casefold()),
    "average": lambda s: (
        s.average_penalty is None,
        s.average_penalty or 0,
        -s.net,
        s.person.name.casefold(),
    ),
}


def season_table(
    played: Iterable[PlayedGame],
    money: Mapping[Hashable, list[Money]] | None = None,
    order: str = "net",
) -> list[PersonStats]:
    """Everyone who played a counted game (or has money from a finished tournament), its
    money and buy-ins added, in the order asked: best net first (then most wins), most wins
    first (then best net), or the fewest penalty points a hand first."""
    table: dict[Hashable, PersonStats] = {}
    for p in played:
        if not p.counted:
            continue
        for name, person in p.people.items():
            table.setdefault(person.pk, PersonStats(person)).add(line_for(p, name))
    for pk, lines in (money or {}).items():
        for line in lines:
            table.setdefault(pk, PersonStats(line.person)).add_tournament(line)
    return sorted(table.values(), key=ORDERS[order])


def summary(person: Person, lines: Iterable[GameLine], money: Iterable[Money] = ()) -> PersonStats:
    totals = PersonStats(person)
    for line in lines:
        totals.add(line)
    for line in money:
        totals.add_tournament(line)
    return totals


def running_net(
    lines: Iterable[GameLine], money: Iterable[Money] = ()
) -> list[tuple[GameLine | Money, Decimal]]:
    """Each game and tournament of a history, by date, with the person's net money over the
    season after it."""
    total = Decimal(0)
    out = []
    dated = [(line.played.date, 0, line) for line in lines] + [(t.date, 1, t) for t in money]
    for _date, _order, line in sorted(dated, key=lambda d: (d[0], d[1])):
        total += line.net
        out.append((line, total))
    return out
