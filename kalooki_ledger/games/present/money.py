"""Money written for people, one way on every page, sheet, PDF and rules card, as the active
language writes it: £0.50, -J$1.60, +3 (units), 12 CHF in English; 0,50 kr, 5,00 £, 4 000,00 kr
(a space that never breaks) and a true minus sign in Swedish (docs/translating.md says why).
The CSV writes plain numbers instead, for spreadsheets."""

from decimal import Decimal

from django.utils.translation import get_language, gettext, ngettext

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import UNITS, display_digits, format_amount

SYMBOLS = {"GBP": "£", "EUR": "€", "USD": "$", "JMD": "J$", "TTD": "TT$", "SEK": "kr "}
NBSP = "\N{NO-BREAK SPACE}"


def _swedish() -> bool:
    return (get_language() or "").split("-")[0] == "sv"


def _grouped(whole: str) -> str:
    """Thousands set apart as Swedish sets them, by a space that never breaks: 4 000."""
    groups = []
    while whole:
        whole, groups = whole[:-3], [whole[-3:], *groups]
    return NBSP.join(groups)


def money(amount: Decimal, currency: str, digits: int, signed: bool = False) -> str:
    """£0.50, -£1.60, +£0.30; units as a plain number, other currencies with their code. In
    Swedish: a decimal comma, the symbol after the amount (5,00 kr, 5,00 £) and a true minus."""
    text = format_amount(abs(amount), digits)
    swedish = _swedish()
    minus = "\N{MINUS SIGN}" if swedish else "-"
    sign = minus if amount < 0 and text.strip("0.") else ("+" if signed and amount > 0 else "")
    if swedish:
        whole, point, places = text.partition(".")
        text = _grouped(whole) + ("," if point else "") + places
        if currency == UNITS:
            return f"{sign}{text}"
        symbol = SYMBOLS.get(currency, currency).strip()
        return f"{sign}{text}{NBSP}{symbol}"
    if currency in SYMBOLS:
        return f"{sign}{SYMBOLS[currency]}{text}"
    if currency == UNITS:
        return f"{sign}{text}"
    return f"{sign}{text} {currency}"


def currency_unit(currency: str) -> str:
    """What an amount is counted in, for a heading or an axis: "kr", "£", "CHF", "units"."""
    if currency == UNITS:
        return gettext("units")
    return SYMBOLS.get(currency, currency).strip()


def stake_digits(stakes: engine.Stakes) -> int:
    """The places a game's amounts are written with (a ledger has them as money_digits)."""
    return display_digits(stakes.currency, stakes.amounts())


def amount_words(amount: Decimal, stakes: engine.Stakes) -> str:
    """An amount in a sentence: as money() writes it, units counted ("1 unit", "2 units")."""
    text = money(amount, stakes.currency, stake_digits(stakes))
    if stakes.currency != UNITS:
        return text
    # Whole counts choose the plural form; fractions of a unit are always plural.
    count = int(amount) if amount == int(amount) else 2
    return ngettext("%(amount)s unit", "%(amount)s units", count) % {"amount": text}


class Money:
    """Writes a game's amounts with its currency and places."""

    def __init__(self, ledger: engine.Ledger) -> None:
        self.currency = ledger.game.stakes.currency
        self.digits = ledger.money_digits

    def __call__(self, amount: Decimal, signed: bool = False) -> str:
        return money(amount, self.currency, self.digits, signed)


def transfer_key(transfer: engine.Transfer, digits: int) -> str:
    """A settling-up transfer as a form value; amounts written in the currency's places."""
    return f"{transfer.payer}>{transfer.payee}>{format_amount(transfer.amount, digits)}"
