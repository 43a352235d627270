"""Numbers as people type them in the page's language: digits, the language's decimal mark and
its grouping mark between thousands ("1 000,50" in Swedish, "1,000.50" in English), and
nothing else: no exponent ("1e3"), NaN or Infinity, which Python's Decimal would read."""

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import formats
from django.utils.translation import gettext_lazy

# A grouping space may come typed as a plain, a no-break or a narrow no-break space.
SPACES = " \u00a0\u202f"


@dataclass(frozen=True)
class Typed:
    """A number read from what was typed: `plain` as the record writes it ("1000.50"),
    `places` the decimals typed (a refusal can say "at most 2")."""

    plain: str
    places: int


def _pattern() -> re.Pattern[str]:
    decimal = formats.get_format("DECIMAL_SEPARATOR")
    grouping = formats.get_format("THOUSAND_SEPARATOR")
    groups = SPACES if grouping.isspace() else grouping
    # A phone's decimal keypad may offer only a point: read as the decimal mark where the
    # language doesn't group thousands with it.
    decimals = decimal + ("." if "." not in groups else "")
    g, d = re.escape(groups), re.escape(decimals)
    return re.compile(
        rf"(?P<sign>-?)(?P<whole>[0-9]{{1,3}}(?:[{g}][0-9]{{3}})+|[0-9]*)"
        rf"(?:[{d}](?P<decimals>[0-9]+))?"
    )


def read_number(text: str) -> Typed | None:
    """`text` as a number in the page's language, or None when it holds anything but digits
    and the language's marks (ASCII digits only: "²".isdigit() is true)."""
    found = _pattern().fullmatch(text.strip())
    if found is None or not (found["whole"] or found["decimals"]):
        return None
    whole = re.sub("[^0-9]", "", found["whole"]) or "0"
    decimals = found["decimals"] or ""
    plain = f"{found['sign']}{whole}" + (f".{decimals}" if decimals else "")
    return Typed(plain, len(decimals))


def example(amount: str = "1000.50") -> str:
    """An amount as the page's language writes it, grouped ("1 000,50" in Swedish)."""
    places = len(amount.partition(".")[2])
    return formats.number_format(amount, places, force_grouping=True)


class WholeField(forms.IntegerField):
    """Points: a whole number typed in the page's language ("10 000" in Swedish), refused
    with Django's "Enter a whole number." when it is anything else ("1e3", "1_000", "10.5")."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        read = read_number(str(value))
        if read is None or read.places:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(read.plain)


class MoneyField(forms.DecimalField):
    """An amount typed in the page's language, kept with the places typed (Decimal("1.500")),
    so that a form can refuse more decimals than its currency has."""

    default_error_messages = {
        "invalid": gettext_lazy("Type an amount in digits, such as %(example)s."),
    }

    def to_python(self, value: Any) -> Decimal | None:
        if value in self.empty_values:
            return None
        read = read_number(str(value))
        if read is None:
            message = self.error_messages["invalid"] % {"example": example()}
            raise ValidationError(message, code="invalid")
        return Decimal(read.plain)
