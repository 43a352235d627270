"""Money as exact decimals in one currency: the minor unit, rounding and how amounts are written."""

import re
from decimal import ROUND_DOWN, Decimal

from .errors import RecordError, as_json, problem

ZERO = Decimal(0)
MAX_STAKE = Decimal("1000000")
# A night's balance carried in or out: many nights' money, still far from unbounded.
MAX_BALANCE = Decimal("1000000000")

# ISO 4217 currencies whose minor unit is not hundredths.
_MINOR_DIGITS = {
    **dict.fromkeys(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF"], 0),
    **dict.fromkeys(["UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"], 0),
    **dict.fromkeys(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"], 3),
}
UNITS = "units"
# A record's amount: digits and a point ("0.50"); Decimal would also read "1e3", "NaN", "1_000".
PLAIN_AMOUNT = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def minor_digits(currency: str) -> int:
    """Decimal places a stake may have: the ISO minor unit, or hundredths for `units` (chips)."""
    return _MINOR_DIGITS.get(currency, 2)


def display_digits(currency: str, amounts: tuple[Decimal, ...]) -> int:
    """Places shown: the currency's minor unit; `units` show only the places their stakes use."""
    if currency != UNITS:
        return minor_digits(currency)
    used = [-a.normalize().as_tuple().exponent for a in amounts if a != 0]  # type: ignore[operator]
    return max([0, *used])


def quantum(digits: int) -> Decimal:
    return Decimal(1).scaleb(-digits)


def parse_amount(
    value: object,
    what: str,
    currency: str,
    *,
    positive: bool = False,
    signed: bool = False,
    exact: bool = False,
    most: Decimal = MAX_STAKE,
) -> Decimal:
    """A stake from a string or an integer; floats are refused because they are not exact.
    `positive`: more than 0 (a payment); `signed`: below 0 too, down to -`most` (a balance);
    `exact`: the canonical form only (an API's or record's: a string or an integer, no spaces)."""
    if isinstance(value, bool | float) or (exact and isinstance(value, Decimal)):
        raise RecordError(problem("amount-float", what=what))
    if isinstance(value, int | Decimal):
        amount = Decimal(value)
    elif isinstance(value, str):
        text = value if exact else value.strip()
        if len(text) > 40 or not PLAIN_AMOUNT.fullmatch(text):
            raise RecordError(problem("amount-not-number", what=what, value=as_json(value[:40])))
        amount = Decimal(text)
    else:
        raise RecordError(problem("amount-shape", what=what))
    if not amount.is_finite():
        raise RecordError(problem("amount-not-number", what=what, value=as_json(value)))
    if amount < 0 and not signed:
        raise RecordError(problem("amount-negative", what=what))
    if abs(amount) > most:
        raise RecordError(problem("amount-too-big", what=what, most=f"{most:,}"))
    if positive and amount == 0:
        raise RecordError(problem("amount-zero", what=what))
    digits = minor_digits(currency)
    if amount != amount.quantize(quantum(digits), rounding=ROUND_DOWN):
        if digits == 0:
            raise RecordError(problem("amount-whole", what=what, currency=currency))
        raise RecordError(problem("amount-places", what=what, currency=currency, digits=digits))
    return amount.normalize() if amount == amount.to_integral() else amount


def format_amount(amount: Decimal, digits: int) -> str:
    """The record's form: a plain decimal string with the currency's places ("2.50", "-7")."""
    rounded = amount.quantize(quantum(digits))
    return f"{abs(rounded) if rounded == 0 else rounded:f}"


def split_evenly(total: Decimal, shares: int, digits: int) -> list[Decimal]:
    """`shares` amounts summing to `total`, the odd minor units going one each to the first ones."""
    unit = quantum(digits)
    base = (total / shares).quantize(unit, rounding=ROUND_DOWN)
    odd = int((total - base * shares) / unit)
    return [base + (unit if i < odd else ZERO) for i in range(shares)]
