"""Money: exact stakes in a currency's minor unit, how amounts are written, even splits."""

from decimal import Decimal

import pytest

from kalooki_ledger.rules.money import (
    display_digits,
    format_amount,
    minor_digits,
    parse_amount,
    split_evenly,
)


@pytest.mark.parametrize(
    ("value", "currency", "amount"),
    [
        ("0.50", "GBP", Decimal("0.50")),
        ("5", "GBP", Decimal(5)),
        (5, "units", Decimal(5)),
        ("0.5", "units", Decimal("0.5")),
        ("100", "JPY", Decimal(100)),
        ("0.125", "BHD", Decimal("0.125")),
        (" 1.20 ", "EUR", Decimal("1.20")),
        (Decimal("0.10"), "GBP", Decimal("0.10")),
    ],
)
def test_it_reads_a_stake_exactly(value, currency, amount):
    assert parse_amount(value, "the stake", currency) == amount


@pytest.mark.parametrize(
    ("value", "currency", "message"),
    [
        (0.1, "GBP", 'must be written as a decimal string such as "0.50"'),
        (True, "GBP", 'must be written as a decimal string such as "0.50"'),
        ("-1", "GBP", "can't be negative"),
        ("0.005", "GBP", "in GBP can have at most 2 decimal places"),
        ("1.5", "JPY", "in JPY can have no decimal places"),
        ("0.1234", "BHD", "in BHD can have at most 3 decimal places"),
        ("ten", "GBP", 'must be an amount such as "0.50", not "ten"'),
        ("NaN", "GBP", 'must be an amount such as "0.50"'),
        ("Infinity", "GBP", 'must be an amount such as "0.50"'),
        ([1], "GBP", 'must be an amount such as "0.50"'),
        ("1000001", "GBP", "can be at most 1,000,000"),
    ],
)
def test_it_refuses_a_stake_that_is_not_exact_money(value, currency, message):
    with pytest.raises(ValueError, match="^the stake " + message.replace("(", r"\(")):
        parse_amount(value, "the stake", currency)


@pytest.mark.parametrize(("currency", "digits"), [("GBP", 2), ("JPY", 0), ("KWD", 3), ("units", 2)])
def test_minor_digits_follow_iso_4217(currency, digits):
    assert minor_digits(currency) == digits


@pytest.mark.parametrize(
    ("currency", "amounts", "digits"),
    [
        ("GBP", (Decimal(1),), 2),
        ("units", (Decimal(1), Decimal(5)), 0),
        ("units", (Decimal("0.5"), Decimal(5)), 1),
        ("units", (Decimal("10"),), 0),
        ("units", (Decimal(0),), 0),
    ],
)
def test_units_show_only_the_places_their_stakes_use(currency, amounts, digits):
    assert display_digits(currency, amounts) == digits


@pytest.mark.parametrize(
    ("amount", "digits", "text"),
    [
        (Decimal("2.5"), 2, "2.50"),
        (Decimal(-7), 0, "-7"),
        (Decimal("-0"), 2, "0.00"),
        (Decimal(0), 0, "0"),
        (Decimal("0.1"), 3, "0.100"),
    ],
)
def test_amounts_are_written_with_the_currencys_places(amount, digits, text):
    assert format_amount(amount, digits) == text


@pytest.mark.parametrize(
    ("total", "shares", "digits", "split"),
    [
        ("25", 3, 0, ["9", "8", "8"]),
        ("1.00", 3, 2, ["0.34", "0.33", "0.33"]),
        ("1.01", 3, 2, ["0.34", "0.34", "0.33"]),
        ("20", 4, 0, ["5", "5", "5", "5"]),
        ("7", 2, 0, ["4", "3"]),
    ],
)
def test_an_even_split_gives_odd_minor_units_one_each_to_the_first(total, shares, digits, split):
    parts = split_evenly(Decimal(total), shares, digits)
    assert parts == [Decimal(x) for x in split]
    assert sum(parts) == Decimal(total)
