"""A game's hands as CSV: a row per hand, a column per player for scored points, totals and
payments, so a spreadsheet can check the sheet. Amounts are plain numbers (a spreadsheet sums
them), their currency in a column of its own. The words and numbers are the active language's,
as that language's spreadsheet reads them: in Swedish a decimal comma and so a semicolon between
cells; in English a decimal point and a comma."""

import csv
import io

from django.utils.formats import get_format
from django.utils.translation import gettext, pgettext

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import format_amount

# A cell a spreadsheet would read as a formula (or the start of one): OWASP's list.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """Text the table typed (a name, a contract), kept from running as a formula by a leading
    quote, as spreadsheets expect; the numbers this file writes never pass through here."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def decimal_comma() -> bool:
    """Whether the active language writes a decimal comma (and its spreadsheet splits cells at a
    semicolon)."""
    return get_format("DECIMAL_SEPARATOR") == ","


def number_cell(number: str) -> str:
    return number.replace(".", ",") if decimal_comma() else number


def yes_no(flag: bool) -> str:
    return pgettext("CSV cell", "yes") if flag else pgettext("CSV cell", "no")


def contract_cell(contract: str | None) -> str:
    """A fixed deal's contract, an engine word, in the active language."""
    return text_cell(gettext(contract)) if contract else ""


def header(players: tuple[str, ...], fixed_deals: bool = False) -> list[str]:
    def each(column: str) -> list[str]:
        return [text_cell(column % {"player": p}) for p in players]

    return [
        pgettext("CSV column", "hand"),
        pgettext("CSV column", "dealer"),
        pgettext("CSV column", "void"),
        pgettext("CSV column", "winner"),
        pgettext("CSV column", "kalookie"),
        *(
            (pgettext("CSV column", "deal"), pgettext("CSV column", "contract"))
            if fixed_deals
            else ()
        ),
        *each(gettext("%(player)s scored")),
        *each(gettext("%(player)s total")),
        *each(gettext("%(player)s payment")),
        pgettext("CSV column", "bought in"),
        pgettext("CSV column", "out"),
        pgettext("CSV column", "currency"),
    ]


def hand_rows(ledger: engine.Ledger) -> list[list[str]]:
    players, digits = ledger.game.players, ledger.money_digits
    fixed_deals = engine.family_of(ledger.game.rules.family).plays_deals
    currency = text_cell(ledger.game.stakes.currency)
    rows = []
    for row in ledger.hands:
        # A player out of the game, or every player on an unscored hand, has empty cells.
        rows.append(
            [
                str(row.number),
                text_cell(row.dealer),
                yes_no(row.void),
                text_cell(row.winner or ""),
                yes_no(row.kalookie),
                *((str(row.deal or ""), contract_cell(row.contract)) if fixed_deals else ()),
                *(str(row.scored[p]) if p in row.scored else "" for p in players),
                *(str(row.totals[p]) if p in row.scored else "" for p in players),
                *(
                    number_cell(format_amount(row.payments[p], digits)) if p in row.payments else ""
                    for p in players
                ),
                text_cell("; ".join(row.bought_in)),
                text_cell("; ".join(row.out)),
                currency,
            ]
        )
    return rows


def game_csv(ledger: engine.Ledger) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if decimal_comma() else ",", lineterminator="\r\n")
    fixed_deals = engine.family_of(ledger.game.rules.family).plays_deals
    writer.writerow(header(ledger.game.players, fixed_deals))
    writer.writerows(hand_rows(ledger))
    return out.getvalue()
