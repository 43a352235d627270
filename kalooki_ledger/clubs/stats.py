"""A club's season: its games with the members who sat in them, its tournaments' money, and
where its tournaments stand; the statistics themselves are the games' (`games.season`)."""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from kalooki_ledger.games.models import Game
from kalooki_ledger.games.season import PlayedGame, in_order

from .models import Club, ClubPlayer, SeatPerson, Tournament, TournamentTable
from .tournament_state import State, load


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
    return in_order(played)


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
