"""What a problem says was sent is written as JSON writes it, never as Python shows it."""

import json
from decimal import Decimal

import pytest

from kalooki_ledger.rules import as_json
from kalooki_ledger.rules.record import read_record_json


@pytest.mark.parametrize(
    ("sent", "shown"),
    [
        ('"5"', '"5"'),
        ("true", "true"),
        ("false", "false"),
        ("null", "null"),
        ("1e999", "1E+999"),
        ("4.50", "4.50"),
        ("-3", "-3"),
        ('"Zoë \\"Z\\""', '"Zoë \\"Z\\""'),
        ('["7", "KD", null]', '["7", "KD", null]'),
        ('{"cards": 7}', '{"cards": 7}'),
        ("[1, 2, 3, 4, 5, 6, 7]", "[1, 2, 3, 4, 5, …]"),
        ("[[[[1]]]]", "[[[…]]]"),
    ],
)
def test_a_value_is_shown_as_json_writes_it(sent, shown):
    assert as_json(read_record_json(sent)) == shown


def test_a_long_value_is_cut_to_the_room_given():
    shown = as_json("x" * 500)
    assert len(shown) == 40 and shown.startswith('"xxx') and shown.endswith("…")


@pytest.mark.parametrize("value", [True, None, Decimal("1E+999"), "5", [True], {"a": None}])
def test_no_python_spelling_is_left(value):
    shown = as_json(value)
    assert not any(python in shown for python in ("True", "None", "Decimal", "'"))
    json.loads(shown)  # valid JSON as it stands: raises if not
