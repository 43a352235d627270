"""Source 000's two-account score sheet as rows of ready-written cells, from the engine's Ledger.

Pure Python over the engine's records: the PDF, its benchmark and the tests need no database.
"""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from kalooki_ledger.games.present import penalty_notes
from kalooki_ledger.rules import PRESETS, GameRecord, HandRow, Ledger, Rules, Stakes
from kalooki_ledger.rules.money import UNITS, ZERO, format_amount

SYMBOLS = {"GBP": "£", "EUR": "€", "USD": "$"}
STATUS = {
    "in-progress": "In progress",
    "awaiting-buy-ins": "Awaiting buy-in decisions",
    "finished": "Finished",
    "stopped": "Stopped early",
}


@dataclass(frozen=True)
class Cell:
    text: str
    mark: str = ""  # a CSS class: win, buy-in, out, wait


@dataclass(frozen=True)
class SheetRow:
    number: int
    penalties: tuple[Cell, ...]  # empty for a void or unscored hand, which has `note`
    payments: tuple[Cell, ...]
    note: str = ""
    deal: str = ""  # fixed-deals: the deal and its contract


POINTS_TITLES = {
    "elimination": "Penalty points",
    "positive": "Points",
    "per-hand": "Points won less lost",
    "fixed-deals": "Points",
}
LEGENDS = {
    "elimination": "* won, *K kalookie, (n) bought in at n, struck through: out",
    "positive": "* won, *K kaluki; highest total wins",
    "per-hand": "* won, *K kaluki; each hand settles by itself",
    "fixed-deals": "* won, *K bent the table, +n penalty points; lowest total wins",
}


@dataclass(frozen=True)
class ScoreSheet:
    title: str
    played_on: str
    preset: str
    settings: tuple[str, ...]
    stakes: tuple[str, ...]
    seats: str
    status: str
    players: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    buy_ins: tuple[str, ...]  # buy-ins used, beside the pool row
    results: tuple[Cell, ...]  # final totals, beside the totals row
    pool_row: tuple[str, ...]
    totals_row: tuple[str, ...]
    transfers: tuple[str, ...]
    settled: bool
    points_title: str = "Penalty points"
    legend: str = LEGENDS["elimination"]
    pot_title: str = "Pool"  # "" where the family has no pool and no pot was staked
    fixed_deals: bool = False
    place: str = ""  # where it was played: the club (and tournament table), when one filed it
    penalty_notes: tuple[str, ...] = ()  # fixed-deals adjustments and their reasons


def signed(amount: Decimal, digits: int) -> str:
    """A payments-account figure as source 000 writes it: +3, -1, 0."""
    text = format_amount(amount, digits)
    return f"+{text}" if amount > 0 else text


def with_symbol(amount: Decimal, stakes: Stakes, digits: int) -> str:
    text = format_amount(amount, digits)
    return f"{SYMBOLS[stakes.currency]}{text}" if stakes.currency in SYMBOLS else text


def family_rule_lines(rules: Rules) -> tuple[str, ...]:
    """The settings of a points game (North American, Scarne, Jamaica, Trinidad)."""
    deck = f"{rules.packs} packs + {rules.jokers} jokers"
    aces = (
        f"black aces {rules.ace_value}, red aces {rules.red_ace_value}"
        if rules.red_ace_value is not None
        else f"aces {rules.ace_value}"
    )
    if rules.family == "per-hand":
        return (
            "Scoring: a point a card left in hand, one more a joker; doubled on a kaluki",
            f"Cards: {deck}, {rules.cards_held(4)} dealt (fewer with five or six players)",
            "Ends: when the table stops",
        )
    if rules.family == "positive":
        doubles = "kaluki doubles" if rules.kalookie_doubles_penalties else "no doubling"
        ends = []
        if rules.target:
            ends.append(f"first to {rules.target}")
        if rules.deals:
            ends.append(f"after {rules.deals} deals")
        return (
            f"Scoring: the winner scores the others' hands; {doubles}",
            f"Cards: {deck}, {rules.cards_held(4)} dealt (fewer with five or six players); "
            f"joker {rules.joker_value}, {aces}; first meld {rules.initial_meld}",
            f"Ends: {' or '.join(ends) if ends else 'when the table stops'}; highest total wins",
        )
    schedule = rules.deal_schedule[: rules.deal_count()]
    deals = "; ".join(f"{i}: {d.cards} cards, {d.contract}" for i, d in enumerate(schedule, 1))
    return (
        "Scoring: losers score their hands, doubled when the table is bent; lowest total wins"
        if rules.kalookie_doubles_penalties
        else "Scoring: losers score their hands, no doubling; lowest total wins",
        f"Cards: {deck}; joker {rules.joker_value}, {aces}",
        f"Deals: {deals}",
    )


def rule_lines(rules: Rules) -> tuple[str, ...]:
    """Every setting of a game, in words a table reads."""
    if rules.family != "elimination":
        return family_rule_lines(rules)
    if rules.out_at == "over":
        limit = f"out over {rules.limit}"
    else:
        limit = f"out on reaching {rules.limit}"
    if rules.max_buy_ins is None:
        buy_ins = "unlimited buy-ins"
    elif rules.max_buy_ins == 0:
        buy_ins = "no buy-ins"
    else:
        buy_ins = f"{rules.max_buy_ins} buy-in{'s' if rules.max_buy_ins != 1 else ''} each"
    if rules.max_buy_ins != 0:
        buy_ins += f" while {rules.buy_in_needs_remaining} players stay within the limit"
    if rules.winner_bonus_call_up or rules.winner_bonus_kalookie:
        bonus = (
            f"winner takes off {rules.winner_bonus_call_up} (call-up), "
            f"{rules.winner_bonus_kalookie} (kalookie)"
        )
    else:
        bonus = "no winner bonus"
    doubles = "kalookie doubles penalties" if rules.kalookie_doubles_penalties else "no doubling"
    deck = f"{rules.packs} packs + {rules.jokers} jokers"
    cards = f"joker {rules.joker_value}, ace {rules.ace_value}"
    return (
        f"Limit: {limit}",
        f"Buy-ins: {buy_ins}",
        f"Scoring: {doubles}; {bonus}",
        f"Cards: {deck}, {rules.hand_size} dealt; {cards}; first meld {rules.initial_meld}",
    )


def stake_lines(stakes: Stakes, digits: int, family: str = "elimination") -> tuple[str, ...]:
    currency = "units" if stakes.currency == UNITS else stakes.currency
    if family != "elimination":
        lines = []
        if family in ("positive", "per-hand"):
            lines.append(f"per point {with_symbol(stakes.per_point, stakes, digits)}")
        if family != "per-hand":
            lines.append(f"pot {with_symbol(stakes.initial, stakes, digits)} each")
        return (f"Stakes ({currency}): {lines[0]}", *lines[1:])
    return (
        f"Stakes ({currency}): call-up {with_symbol(stakes.call_up, stakes, digits)}",
        f"kalookie {with_symbol(stakes.kalookie, stakes, digits)}",
        f"initial {with_symbol(stakes.initial, stakes, digits)}",
        f"buy-in {with_symbol(stakes.buy_in, stakes, digits)}",
    )


def status_line(ledger: Ledger) -> str:
    digits, pool = ledger.money_digits, ledger.pool
    text = STATUS[ledger.status]
    stakes = ledger.game.stakes
    family = ledger.game.rules.family
    if ledger.status == "finished" and family != "elimination":
        won = ledger.winner or f"a tie: {' and '.join(ledger.sharers)} share"
        text += f": {won}" + (" wins" if ledger.winner else "")
        if stakes.initial:
            pot = stakes.initial * len(ledger.game.players)
            text += f" the pot of {with_symbol(pot, stakes, digits)}"
    elif ledger.status == "finished":
        text += f": {ledger.winner} wins the pool of {with_symbol(pool, stakes, digits)}"
    elif ledger.status == "stopped":
        how = "refunded" if ledger.game.stopped == "refund" else "split among the players in"
        if ledger.game.stopped == "leader":
            how = f"taken by the leader{'s' if len(ledger.sharers) > 1 else ''}, "
            how += " and ".join(ledger.sharers)
        word = "pool" if family == "elimination" else "pot"
        text += f": the {word} of {with_symbol(pool, stakes, digits)} {how}"
    elif ledger.status == "awaiting-buy-ins":
        text += f": {', '.join(ledger.awaiting_buy_ins)}"
    elif ledger.dealer:
        text += f": {ledger.dealer} deals hand {ledger.next_hand_number}"
    if ledger.problems:
        text += f"; {len(ledger.problems)} problem(s) to resolve"
    return text


def penalty_cell(row: HandRow, name: str) -> Cell:
    """`*` winner, `*K` kalookie, `(n)` back in at n, struck through when out after this hand."""
    if name not in row.scored:
        return Cell("")
    total = row.totals[name]
    if name == row.winner:
        mark = "*K" if row.kalookie else "*"
        # A winner bonus moves the winner's total, so the sheet shows it beside the star.
        return Cell(f"{mark} {total}" if row.scored[name] else mark, "win")
    if name in row.bought_in:
        return Cell(f"({total})", "buy-in")
    if row.deal is not None and row.scored[name] != row.values.get(name, 0) * (
        2 if row.kalookie else 1
    ):
        # A penalty adjustment: the sheet shows it beside the total, as the table would.
        extra = row.scored[name] - row.values.get(name, 0) * (2 if row.kalookie else 1)
        return Cell(f"{total} ({extra:+d})", "adjusted")
    if name in row.out:
        return Cell(str(total), "out")
    if name in row.awaiting:
        return Cell(f"{total}?", "wait")
    return Cell(str(total))


def sheet_rows(ledger: Ledger) -> tuple[SheetRow, ...]:
    players, digits = ledger.game.players, ledger.money_digits
    running = dict.fromkeys(players, ZERO)
    rows = []
    for row in ledger.hands:
        if row.problems:
            problems = "; ".join(str(p) for p in row.problems)
            rows.append(SheetRow(row.number, (), (), f"Not scored: {problems}"))
            continue
        deal = f"{row.deal}: {row.contract}" if row.deal is not None else ""
        if row.void:
            note = "Void: stock ran out twice, same dealer"
            if deal:
                note += f" deals deal {row.deal} again"
            rows.append(SheetRow(row.number, (), (), note, deal))
            continue
        for name, amount in row.payments.items():
            running[name] += amount
        penalties = tuple(penalty_cell(row, p) for p in players)
        payments = tuple(
            Cell(signed(running[p], digits)) if p in row.payments else Cell("") for p in players
        )
        rows.append(SheetRow(row.number, penalties, payments, "", deal))
    return tuple(rows)


def result_cell(ledger: Ledger, name: str) -> Cell:
    standing = ledger.standing(name)
    if name == ledger.winner:
        return Cell(f"wins {standing.total}", "win")
    if ledger.over and not ledger.winner and name in ledger.sharers:
        return Cell(f"ties {standing.total}", "win")
    if standing.out:
        return Cell(f"out {standing.total}", "out")
    return Cell(str(standing.total))


def score_sheet(
    record: GameRecord,
    ledger: Ledger,
    place: str = "",
    started: datetime.date | None = None,
) -> ScoreSheet:
    """The sheet's cells; `started` dates a game whose record has no date (the day it began)."""
    game, digits = ledger.game, ledger.money_digits
    family = game.rules.family
    preset = PRESETS[record.preset]
    overridden = f" (changed: {', '.join(record.rule_overrides)})" if record.rule_overrides else ""
    transfers = tuple(
        f"{t.payer} pays {t.payee} {with_symbol(t.amount, game.stakes, digits)}"
        for t in ledger.transfers
    )
    return ScoreSheet(
        title=record.title or "Kalooki score sheet",
        played_on=str(record.played_on or started or "date not recorded"),
        preset=f"{preset.name} ({preset.key}){overridden}",
        settings=rule_lines(game.rules),
        stakes=stake_lines(game.stakes, digits, game.rules.family),
        seats=f"Seats clockwise: {', '.join(game.players)}; {game.first_dealer} dealt first",
        status=status_line(ledger),
        players=game.players,
        rows=sheet_rows(ledger),
        buy_ins=tuple(str(s.buy_ins) for s in ledger.standings),
        results=tuple(result_cell(ledger, p) for p in game.players),
        pool_row=tuple(signed(s.pool_share - s.paid_in, digits) for s in ledger.standings),
        totals_row=tuple(signed(s.net, digits) for s in ledger.standings),
        transfers=transfers,
        settled=ledger.over,
        points_title=POINTS_TITLES[family],
        legend=LEGENDS[family],
        pot_title="Pool" if family == "elimination" else ("Pot" if game.stakes.initial else ""),
        fixed_deals=family == "fixed-deals",
        place=place,
        penalty_notes=tuple(n.plain() for n in penalty_notes(ledger)),
    )
