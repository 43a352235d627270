"""Blackpool tournaments (source 000, Neil Darbyshire): the draw, buy-ins to new tables, the
semi-finals and the final. Each table is an ordinary game with the `blackpool` preset; who is out
and who won come from its Ledger. Decisions beyond the source are in docs/clubs.md."""

import random

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from kalooki_ledger import rules as engine

from .filing import start_game
from .models import ClubPlayer, Entrant, Tournament, TournamentBuyIn, TournamentTable

# The state is read through this module too (tournaments.load(t)), where its steps are.
from .tournament_state import State as State
from .tournament_state import TableState as TableState
from .tournament_state import load

MIN_ENTRANTS = 8  # two tables of four; the source's draw is 16 or more (docs/clubs.md)
SOURCE_ENTRANTS = 16  # from here the source's draw: tables of four and five
MAX_ENTRANTS = 24
TABLE_SIZE = 4
SMALL_TABLE = 3  # a smaller draw's tables may be of three, for one more table winner
STRAIGHT_TO_FINAL = 5  # this many table winners or fewer fit one final table: no semis
FEWEST_FINALISTS = 3  # a final places three prizes: fewer tables send their top two each


class TournamentError(Exception):
    """An action the tournament's state doesn't allow; the message says what is allowed."""


def tick_settled(tournament: Tournament, person_id: int | None, settled: bool) -> Entrant:
    """Ticks (or unticks) an entrant's money as settled with the desk; the same tick twice
    changes nothing."""
    entrant = Entrant.objects.filter(tournament=tournament, person_id=person_id).first()
    if entrant is None:
        raise TournamentError(_("choose an entrant of this tournament"))
    if entrant.settled != settled:
        entrant.settled = settled
        entrant.save(update_fields=["settled"])
    return entrant


def table_sizes(count: int) -> list[int]:
    """Tables of four, the odd players making some tables five (never a table of three); below
    the source's 16, tables of four and three instead (9: three tables of three), so that a
    small club's draw has as many table winners as it can."""
    if count < SOURCE_ENTRANTS:
        tables = -(-count // TABLE_SIZE)
        return [SMALL_TABLE + (1 if i < count - SMALL_TABLE * tables else 0) for i in range(tables)]
    tables = count // TABLE_SIZE
    return [TABLE_SIZE + (1 if i < count % TABLE_SIZE else 0) for i in range(tables)]


def final_places(tables: int) -> int:
    """The seats at a final straight after `tables` heat tables (heat_finalists)."""
    return 2 * tables if tables < FEWEST_FINALISTS else tables


def heat_finalists(heats: list[TableState]) -> list[ClubPlayer]:
    """Who goes from the heats to the final when it comes straight after them: each table's
    winner, or the top two of each of fewer than three tables (a final places three)."""
    if len(heats) < FEWEST_FINALISTS:
        return [p for t in heats for p in t.top_two()]
    return [t.winner for t in heats if t.winner]


def _open_table(
    tournament: Tournament, round_: str, number: int, people: list[ClubPlayer], rng: random.Random
) -> TournamentTable:
    seated = list(people)
    rng.shuffle(seated)  # the seats are drawn, as at the table
    table = TournamentTable(tournament=tournament, round=round_, number=number)
    game = start_game(
        tournament.club,
        [p.name for p in seated],
        preset=engine.TOURNAMENT_PRESET,
        title=f"{tournament.name} · {table.label}",
        stakes={"currency": tournament.currency},  # money goes to the tournament pot only
    )
    table.game = game
    table.save()
    return table


@transaction.atomic
def draw(
    tournament: Tournament, people: list[ClubPlayer], rng: random.Random | None = None
) -> list[TournamentTable]:
    """Enters the players and draws them to the first tables."""
    rng = rng or random.Random()
    if tournament.tables.exists():
        raise TournamentError(_("the draw has been made already"))
    if not MIN_ENTRANTS <= len(people) <= MAX_ENTRANTS:
        raise TournamentError(
            _("a Blackpool tournament takes %(least)s to %(most)s players, not %(n)s")
            % {"least": MIN_ENTRANTS, "most": MAX_ENTRANTS, "n": len(people)}
        )
    Entrant.objects.bulk_create(Entrant(tournament=tournament, person=p) for p in people)
    shuffled = list(people)
    rng.shuffle(shuffled)
    tables, start = [], 0
    for number, size in enumerate(table_sizes(len(people)), 1):
        group = shuffled[start : start + size]
        start += size
        tables.append(_open_table(tournament, TournamentTable.HEAT, number, group, rng))
    return tables


@transaction.atomic
def buy_in(
    tournament: Tournament,
    person: ClubPlayer,
    from_table: TournamentTable,
    rng: random.Random | None = None,
) -> TournamentTable | None:
    """Records that a player out at a table pays to play on; opens a new table at four."""
    state = load(Tournament.objects.select_for_update().get(pk=tournament.pk))
    if not state.buying_in_open:
        raise TournamentError(
            _("buying in has closed: eight tables have formed")
            if state.tournament.stage == Tournament.HEATS
            else _("buying in has closed: the semi-finals have started")
        )
    eligible = {(p.pk, s.table.pk) for p, s in state.may_buy_in()}
    if (person.pk, from_table.pk) not in eligible:
        raise TournamentError(
            _(
                "%(person)s can't buy in from %(table)s: only a player out at that table may, "
                "once each time they go out"
            )
            % {"person": person, "table": from_table.label}
        )
    try:
        with transaction.atomic():
            TournamentBuyIn.objects.create(
                tournament=tournament, person=person, from_table=from_table
            )
    except IntegrityError:
        raise TournamentError(
            _("%(person)s has bought in from %(table)s already")
            % {"person": person, "table": from_table.label}
        ) from None
    waiting = list(
        TournamentBuyIn.objects.filter(
            tournament=tournament, to_table=None, refunded=False
        ).select_related("person")
    )
    if len(waiting) < TABLE_SIZE:
        return None
    group = waiting[:TABLE_SIZE]
    number = len(state.heats) + 1
    table = _open_table(
        tournament, TournamentTable.HEAT, number, [b.person for b in group], rng or random.Random()
    )
    for b in group:
        b.to_table = table
        b.save(update_fields=["to_table"])
    return table


@transaction.atomic
def cancel_buy_in(tournament: Tournament, buy_in_id: int) -> TournamentBuyIn:
    """Undoes a buy-in tapped by mistake, while its player still waits for a table."""
    found = (
        TournamentBuyIn.objects.select_for_update()
        .select_related("person", "from_table")
        .filter(tournament=tournament, pk=buy_in_id)
        .first()
    )
    if found is None or not found.waiting:
        raise TournamentError(_("only a buy-in still waiting for a table can be cancelled"))
    found.delete()
    return found


@transaction.atomic
def start_semis(tournament: Tournament, rng: random.Random | None = None) -> list[TournamentTable]:
    """Closes buying in (refunding anyone still waiting) and seats the table winners."""
    rng = rng or random.Random()
    state = load(Tournament.objects.select_for_update().get(pk=tournament.pk))
    if state.tournament.stage != Tournament.HEATS:
        raise TournamentError(_("the semi-finals have been started already"))
    if not state.heats_over:
        playing = ", ".join(t.table.label for t in state.heats if not t.finished)
        raise TournamentError(
            _("every table must finish first: still playing %(tables)s") % {"tables": playing}
        )
    for b in state.waiting:
        b.refunded = True  # their table can never fill: nobody else can go out now
        b.save(update_fields=["refunded"])
    winners = state.heat_winners
    if len(winners) <= STRAIGHT_TO_FINAL:
        tournament.stage = Tournament.FINAL
        tournament.save(update_fields=["stage"])
        finalists = heat_finalists(state.heats)
        return [_open_table(tournament, TournamentTable.FINAL, 1, finalists, rng)]
    tournament.stage = Tournament.SEMIS
    tournament.save(update_fields=["stage"])
    # Alternate by table number: odd tables' winners to semi A, even to semi B.
    return [
        _open_table(tournament, TournamentTable.SEMI, 1, winners[0::2], rng),
        _open_table(tournament, TournamentTable.SEMI, 2, winners[1::2], rng),
    ]


@transaction.atomic
def start_final(tournament: Tournament, rng: random.Random | None = None) -> TournamentTable:
    """Seats the top two of each semi-final at the final table."""
    state = load(Tournament.objects.select_for_update().get(pk=tournament.pk))
    if state.tournament.stage != Tournament.SEMIS:
        raise TournamentError(_("the final starts once both semi-finals have started and finished"))
    if not state.semis_over:
        raise TournamentError(_("both semi-finals must finish first"))
    finalists = [p for semi in state.semis for p in semi.top_two()]
    tournament.stage = Tournament.FINAL
    tournament.save(update_fields=["stage"])
    return _open_table(tournament, TournamentTable.FINAL, 1, finalists, rng or random.Random())
