"""Season statistics and histories, derived from each game's Ledger (nothing stored twice)."""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import gettext as _

from kalooki_ledger import rules as engine
from kalooki_ledger.games import present
from kalooki_ledger.games.models import Game

from .models import Club, ClubPlayer, SeatPerson, Tournament, TournamentTable
from .tournament_state import State, load

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
        # A game stopped before its first hand (a mistake, refunded) played nothing to count.
        return self.ledger.status in COUNTED and bool(self.ledger.hands)

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


@dataclass(frozen=True)
class TournamentLine:
    """What one person paid into and took from a finished tournament's pot: a row of history.

    The tables are games with no stakes, so a tournament's money is only this."""

    tournament: Tournament
    person: ClubPlayer
    date: datetime.date
    place: int | None  # 1, 2 or 3 for a prize
    buy_ins: int  # paid, not refunded
    paid: Decimal  # the entry fee and the buy-ins
    prize: Decimal

    @property
    def net(self) -> Decimal:
        return self.prize - self.paid


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

    def add_tournament(self, line: TournamentLine) -> None:
        """A tournament adds its buy-ins and its money; its tables count as games already."""
        self.buy_ins += line.buy_ins
        self.net += line.net
        self.tournament_net += line.net


def club_games(club: Club, since: datetime.date | None = None) -> list[PlayedGame]:
    """The club's games, oldest first, with ledgers; a fixed number of queries."""
    games = list(Game.objects.loaded().filter(club_link__club=club))
    links = SeatPerson.objects.filter(seat__game__in=games).select_related("person", "seat")
    people: dict[int, dict[str, ClubPlayer]] = {}
    for link in links:
        people.setdefault(link.seat.game_id, {})[link.seat.name] = link.person
    played = [PlayedGame(g, g.ledger(), people.get(g.pk, {})) for g in games]
    if since:
        played = [p for p in played if p.date >= since]
    return sorted(played, key=lambda p: (p.date, p.game.created, p.game.pk))


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


def tournament_lines(
    club: Club, since: datetime.date | None = None
) -> dict[int, list[TournamentLine]]:
    """Each person's money in the club's finished tournaments (those with a champion), by
    person id, oldest first: the entry fee and buy-ins paid (refunds not), the prize won."""
    lines: dict[int, list[TournamentLine]] = {}
    finishing = club.tournaments.filter(stage__in=(Tournament.FINAL, Tournament.DONE))
    for tournament in sorted(finishing, key=lambda t: (t.created, t.pk)):
        date = tournament.created.date()
        if since and date < since:
            continue
        state = load(tournament)
        if state.champion is None:
            continue
        prizes = {who.pk: (place, amount) for place, who, amount in state.prizes() if who}
        bought: dict[int, int] = {}
        for b in state.buy_ins:
            if not b.refunded:
                bought[b.person_id] = bought.get(b.person_id, 0) + 1
        for person in state.entrants:
            place, prize = prizes.get(person.pk, (None, Decimal(0)))
            count = bought.get(person.pk, 0)
            paid = tournament.entry_fee + tournament.buy_in * count
            line = TournamentLine(tournament, person, date, place, count, paid, prize)
            lines.setdefault(person.pk, []).append(line)
    return lines


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
    money: dict[int, list[TournamentLine]] | None = None,
    order: str = "net",
) -> list[PersonStats]:
    """Everyone who played a counted game (or a finished tournament), with the tournaments'
    money and buy-ins, in the club's order: best net first (then most wins), most wins first
    (then best net), or the fewest penalty points a hand first."""
    table: dict[int, PersonStats] = {}
    for p in played:
        if not p.counted:
            continue
        for name, person in p.people.items():
            table.setdefault(person.pk, PersonStats(person)).add(line_for(p, name))
    for pk, lines in (money or {}).items():
        for line in lines:
            table.setdefault(pk, PersonStats(line.person)).add_tournament(line)
    return sorted(table.values(), key=ORDERS[order])


def summary(
    person: ClubPlayer, lines: Iterable[GameLine], money: Iterable[TournamentLine] = ()
) -> PersonStats:
    totals = PersonStats(person)
    for line in lines:
        totals.add(line)
    for line in money:
        totals.add_tournament(line)
    return totals


def running_net(
    lines: Iterable[GameLine], money: Iterable[TournamentLine] = ()
) -> list[tuple[GameLine | TournamentLine, Decimal]]:
    """Each game and tournament of a history, by date, with the person's net money over the
    season after it."""
    total = Decimal(0)
    out = []
    dated = [(line.played.date, 0, line) for line in lines] + [(t.date, 1, t) for t in money]
    for _date, _order, line in sorted(dated, key=lambda d: (d[0], d[1])):
        total += line.net
        out.append((line, total))
    return out


def tournament_game_ids(club: Club) -> set[int]:
    """The games that are tournament tables: listed under their tournament, not as club games."""
    tables = TournamentTable.objects.filter(tournament__club=club)
    return set(tables.values_list("game_id", flat=True))


def tournament_rows(club: Club, played: Iterable[PlayedGame]) -> list[tuple[Tournament, str]]:
    """The club's tournaments, newest first, with where each stands; "Finished" once its final
    has a winner (the stage stays "final": nothing is stored twice)."""
    ledgers = {p.game.pk: p.ledger for p in played}
    finals = dict(
        TournamentTable.objects.filter(
            tournament__club=club, round=TournamentTable.FINAL
        ).values_list("tournament_id", "game_id")
    )
    rows = []
    for t in club.tournaments.all():
        final = ledgers.get(finals.get(t.pk))
        done = t.stage == Tournament.DONE or (final is not None and final.status == "finished")
        rows.append((t, _("Finished") if done else t.get_stage_display()))
    return rows


def still_seated(
    state: State, played: Iterable[PlayedGame]
) -> list[tuple[ClubPlayer, str, PlayedGame]]:
    """Players drawn to a tournament table still playing who are still in at another unfinished
    game of the club: (person, their tournament table, the other game)."""
    at_tables = {t.game.pk for t in state.tables}
    elsewhere: dict[int, PlayedGame] = {}
    for p in played:
        if p.game.pk in at_tables or p.ledger.over:
            continue
        out = {s.name for s in p.ledger.standings if s.out}
        for name, person in p.people.items():
            if name not in out:
                elsewhere.setdefault(person.pk, p)
    return [
        (person, t.table.label, elsewhere[person.pk])
        for t in state.playing
        for person in t.people.values()
        if person.pk in elsewhere
    ]
