"""What a Blackpool tournament's tables say (tournaments.py takes its steps): each table's
ledger, who is out and who won, the rounds, and the money with the desk, read by the desk, the
room's board and the club's pages."""

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from django.utils.translation import gettext as _

from kalooki_ledger import rules as engine
from kalooki_ledger.games import present
from kalooki_ledger.games.models import Game
from kalooki_ledger.rules.money import minor_digits, quantum

from .models import ClubPlayer, SeatPerson, Tournament, TournamentBuyIn, TournamentTable

TIMES = "\N{MULTIPLICATION SIGN}"
PRIZE_SHARES = (50, 30, 20)  # per cent of the pot for first, second and third in the final


@dataclass(frozen=True)
class TableState:
    table: TournamentTable
    game: Game
    ledger: engine.Ledger
    people: dict[str, ClubPlayer]  # seat name -> person

    @property
    def finished(self) -> bool:
        return self.ledger.status == "finished"

    @property
    def winner(self) -> ClubPlayer | None:
        return self.people[self.ledger.winner] if self.ledger.winner else None

    def out(self) -> list[ClubPlayer]:
        return [self.people[s.name] for s in self.ledger.standings if s.out]

    def ranking(self) -> list[ClubPlayer]:
        """Finishing order: the winner, then the later a player went out the higher; out in the
        same hand, the lower total first, then the order the engine listed them."""
        ledger = self.ledger
        order = {name: i for row in ledger.hands for i, name in enumerate(row.out)}
        out = sorted(
            (s for s in ledger.standings if s.out),
            key=lambda s: (-(s.out_after or 0), s.total, order.get(s.name, 0)),
        )
        names = ([ledger.winner] if ledger.winner else []) + [s.name for s in out]
        return [self.people[name] for name in names]

    def top_two(self) -> list[ClubPlayer]:
        return self.ranking()[:2] if self.finished else []


@dataclass(frozen=True)
class CashRow:
    """One entrant's money with the desk: each line (what, signed amount: + paid in, - paid
    out), what they owe the desk on balance (negative: the desk owes them), and the tick."""

    person: ClubPlayer
    lines: list[tuple[str, str]]
    balance: Decimal
    balance_text: str
    settled: bool


@dataclass(frozen=True)
class State:
    """Everything the organiser's page shows, derived from the tables' ledgers."""

    tournament: Tournament
    entrants: list[ClubPlayer]
    tables: list[TableState]
    buy_ins: list[TournamentBuyIn]
    settled: frozenset[int] = frozenset()  # the entrants (person ids) ticked on the cash list

    def round(self, name: str) -> list[TableState]:
        return [t for t in self.tables if t.table.round == name]

    @property
    def heats(self) -> list[TableState]:
        return self.round(TournamentTable.HEAT)

    @property
    def semis(self) -> list[TableState]:
        return self.round(TournamentTable.SEMI)

    @property
    def final(self) -> TableState | None:
        finals = self.round(TournamentTable.FINAL)
        return finals[0] if finals else None

    @property
    def waiting(self) -> list[TournamentBuyIn]:
        return [b for b in self.buy_ins if b.waiting]

    @property
    def tables_left(self) -> int:
        """New tables that buy-ins may still form."""
        return max(Tournament.MAX_TABLES - len(self.heats), 0)

    @property
    def buying_in_open(self) -> bool:
        return self.tournament.stage == Tournament.HEATS and self.tables_left > 0

    def may_buy_in(self) -> list[tuple[ClubPlayer, TableState]]:
        """Players out at a table who haven't yet bought in from it, while tables may form."""
        if not self.buying_in_open:
            return []
        done = {(b.person_id, b.from_table_id) for b in self.buy_ins}
        return [
            (person, state)
            for state in self.heats
            for person in state.out()
            if (person.pk, state.table.pk) not in done
        ]

    @property
    def heat_winners(self) -> list[ClubPlayer]:
        return [t.winner for t in self.heats if t.winner]

    @property
    def heats_over(self) -> bool:
        return bool(self.heats) and all(t.finished for t in self.heats)

    @property
    def semis_over(self) -> bool:
        return bool(self.semis) and all(t.finished for t in self.semis)

    @property
    def pot(self) -> Decimal:
        t = self.tournament
        paid = [b for b in self.buy_ins if not b.refunded]
        return t.entry_fee * len(self.entrants) + t.buy_in * len(paid)

    def show(self, amount: Decimal) -> str:
        """Written as every club page and game writes money (games.present.money)."""
        return self.tournament.money()(amount)

    @property
    def pot_text(self) -> str:
        return self.show(self.pot)

    @property
    def buy_in_text(self) -> str:
        return self.show(self.tournament.buy_in)

    @property
    def prize_rows(self) -> list[tuple[int, ClubPlayer | None, str]]:
        return [(place, who, self.show(amount)) for place, who, amount in self.prizes()]

    @property
    def desk_order(self) -> list[TableState]:
        """The organiser's order: the tables in order, round by round (Table 1, 2, …, the
        semi-finals, the final), each card saying whether it still plays."""
        return list(self.tables)

    @property
    def playing(self) -> list[TableState]:
        return [t for t in self.tables if not t.finished]

    @property
    def playing_labels(self) -> str:
        return ", ".join(t.table.label for t in self.playing)

    @property
    def buying_in_closed_text(self) -> str:
        """Why nobody may buy in any more, in plain words; "" while they may."""
        if self.buying_in_open:
            return ""
        if self.tournament.stage == Tournament.HEATS:
            return _("Buying in is closed: eight tables have formed. A player out is out.")
        return _("Buying in is closed: the tables have finished.")

    @property
    def cash(self) -> list[tuple[str, str, str]]:
        """The tin, line by line: what, how many and the amount; it reconciles with the pot."""
        t = self.tournament
        paid = len(self.buy_ins)
        refunded = sum(1 for b in self.buy_ins if b.refunded)
        lines = [
            (
                _("Entries"),
                f"{len(self.entrants)} {TIMES} {self.show(t.entry_fee)}",
                self.show(t.entry_fee * len(self.entrants)),
            ),
            (_("Buy-ins"), f"{paid} {TIMES} {self.show(t.buy_in)}", self.show(t.buy_in * paid)),
        ]
        if refunded:
            names = present.joined([b.person.name for b in self.buy_ins if b.refunded])
            lines.append(
                (
                    _("Refunds"),
                    f"{refunded} {TIMES} {self.show(t.buy_in)} ({names})",
                    self.show(-t.buy_in * refunded),
                )
            )
        lines.append((_("In the tin"), "", self.show(self.pot)))
        prizes = self.prizes()
        for place, who, amount in prizes:
            lines.append(
                (
                    _("Prize %(place)s") % {"place": place},
                    who.name if who else _("to be decided"),
                    self.show(-amount),
                )
            )
        left = self.pot - sum(amount for *_rest, amount in prizes)
        lines.append((_("Left after prizes"), "", self.show(left)))
        return lines

    @property
    def cash_list(self) -> list[CashRow]:
        """The desk's list, entrant by entrant: the entry fee and each buy-in paid in, each
        refund and the prize paid out; the balances add up to what is left after prizes."""
        t = self.tournament
        prizes = {who.pk: (place, amount) for place, who, amount in self.prizes() if who}
        rows = []
        for person in self.entrants:
            lines = [(_("Entry fee"), t.entry_fee)]
            for b in self.buy_ins:
                if b.person_id != person.pk:
                    continue
                lines.append(
                    (_("Buy-in after %(table)s") % {"table": b.from_table.label}, t.buy_in)
                )
                if b.refunded:
                    lines.append((_("Refund of that buy-in"), -t.buy_in))
            if person.pk in prizes:
                place, amount = prizes[person.pk]
                lines.append((_("Prize %(place)s") % {"place": place}, -amount))
            balance = sum((amount for _what, amount in lines), Decimal(0))
            rows.append(
                CashRow(
                    person,
                    [(what, self.show_signed(amount)) for what, amount in lines],
                    balance,
                    self.show_signed(balance),
                    person.pk in self.settled,
                )
            )
        return rows

    @property
    def cash_list_total(self) -> str:
        return self.show_signed(sum((r.balance for r in self.cash_list), Decimal(0)))

    def show_signed(self, amount: Decimal) -> str:
        return self.tournament.money()(amount, signed=True)

    @property
    def cash_totals(self) -> set[str]:
        """The lines of the tin that are totals (shown in bold), as `cash` words them."""
        return {_("In the tin"), _("Left after prizes")}

    @property
    def champion(self) -> ClubPlayer | None:
        return self.final.winner if self.final else None

    def prizes(self) -> list[tuple[int, ClubPlayer | None, Decimal]]:
        """Place, who (once the final has placed them) and prize; odd minor units to first."""
        digits = minor_digits(self.tournament.currency)
        amounts = [
            (self.pot * share / 100).quantize(quantum(digits), rounding=ROUND_DOWN)
            for share in PRIZE_SHARES
        ]
        amounts[0] += self.pot - sum(amounts)
        ranking = self.final.ranking() if self.final and self.final.finished else []
        return [
            (place, ranking[place - 1] if place <= len(ranking) else None, amount)
            for place, amount in enumerate(amounts, 1)
        ]


def load(tournament: Tournament) -> State:
    """The tournament with every table's ledger, in a fixed number of queries."""
    tables = {t.game_id: t for t in tournament.tables.all()}
    games = list(Game.objects.loaded().filter(pk__in=tables))
    links = SeatPerson.objects.filter(seat__game__in=games).select_related("person", "seat")
    people: dict[int, dict[str, ClubPlayer]] = {}
    for link in links:
        people.setdefault(link.seat.game_id, {})[link.seat.name] = link.person
    states = [TableState(tables[g.pk], g, g.ledger(), people.get(g.pk, {})) for g in games]
    rank = {TournamentTable.HEAT: 0, TournamentTable.SEMI: 1, TournamentTable.FINAL: 2}
    states.sort(key=lambda s: (rank[s.table.round], s.table.number))
    entries = list(tournament.entrants.select_related("person"))
    entrants = [e.person for e in entries]
    settled = frozenset(e.person_id for e in entries if e.settled)
    buy_ins = list(tournament.buy_ins.select_related("person", "from_table", "to_table"))
    return State(tournament, entrants, states, buy_ins, settled)
