"""A night's balances in words, so a sign is never read backwards: "is owed 130 kr", "owes
130 kr", "received 120 kr". Written once for the night's page and its PDF."""

from collections.abc import Callable
from decimal import Decimal

from django.utils.translation import gettext


def owed_words(amount: Decimal, fmt: Callable[[Decimal], str]) -> str:
    if amount > 0:
        return gettext("is owed %(amount)s") % {"amount": fmt(amount)}
    if amount < 0:
        return gettext("owes %(amount)s") % {"amount": fmt(-amount)}
    return gettext("settled")


def paid_words(amount: Decimal, fmt: Callable[[Decimal], str]) -> str:
    if amount > 0:
        return gettext("paid %(amount)s") % {"amount": fmt(amount)}
    if amount < 0:
        return gettext("received %(amount)s") % {"amount": fmt(-amount)}
    return "\N{EN DASH}"
