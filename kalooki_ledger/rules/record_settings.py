"""The record's rules and stakes (docs/record-format.md): a preset's, with each override and
stake checked as the forms check them; and the checks every part of a record shares."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .config import STAKE_KEYS, Rules, Stakes
from .errors import RecordError, as_json, problem
from .families import FAMILIES
from .money import UNITS, parse_amount
from .presets import PRESETS
from .words import gettext_noop

# Each stake as a problem names it, the record's key kept in the English.
STAKE_WHAT = {
    "call_up": gettext_noop("the call_up stake"),
    "kalookie": gettext_noop("the kalookie stake"),
    "initial": gettext_noop("the initial stake"),
    "buy_in": gettext_noop("the buy_in stake"),
    "per_point": gettext_noop("the per_point stake"),
}
RULE_KEYS = (
    "family",
    "limit",
    "out_at",
    "max_buy_ins",
    "buy_in_needs_remaining",
    "kalookie_doubles_penalties",
    "winner_bonus",
    "joker_value",
    "target",
    "deals",
)


def fail(code: str, hand: int | None = None, player: str | None = None, **params) -> RecordError:
    return RecordError(problem(code, hand, player, **params))


def whole(
    value: Any, what: str, low: int, high: int, hand: int | None = None, player: str | None = None
) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail("int-not-whole", hand, player, what=what, low=low, high=high)
    if not low <= value <= high:
        raise fail("int-range", hand, player, what=what, low=low, high=high, value=value)
    return value


def boolean(value: Any, what: str, hand: int | None = None) -> bool:
    if not isinstance(value, bool):
        raise fail("not-bool", hand, what=what, value=as_json(value))
    return value


def build_rules(preset_key: str, overrides: Mapping[str, Any]) -> tuple[Rules, dict[str, Any]]:
    """The preset's rules with the record's overrides, each checked; returns the tidy overrides."""
    if not isinstance(preset_key, str) or preset_key not in PRESETS:
        raise fail("unknown-preset", preset=as_json(preset_key), presets=", ".join(PRESETS))
    rules = PRESETS[preset_key].rules
    tidy: dict[str, Any] = {}
    unknown = sorted(set(overrides) - set(RULE_KEYS))
    if unknown:
        raise fail("unknown-rule", rule=as_json(unknown[0]), rules=", ".join(RULE_KEYS))
    changes: dict[str, Any] = {}
    for key in RULE_KEYS:
        if key not in overrides:
            continue
        value = overrides[key]
        if key == "family":
            keys = [f.key for f in FAMILIES]
            if value not in keys:
                raise fail("unknown-family", families=", ".join(keys), value=as_json(value))
            changes[key] = tidy[key] = value
        elif key == "limit":
            changes[key] = tidy[key] = whole(value, "limit", 10, 10_000)
        elif key == "out_at":
            if value not in ("over", "reach"):
                raise fail("out-at-shape")
            changes[key] = tidy[key] = value
        elif key == "max_buy_ins":
            changes[key] = tidy[key] = (
                None if value is None else whole(value, "max_buy_ins", 0, 100)
            )
        elif key == "buy_in_needs_remaining":
            changes[key] = tidy[key] = whole(value, "buy_in_needs_remaining", 2, 6)
        elif key == "kalookie_doubles_penalties":
            changes[key] = tidy[key] = boolean(value, key)
        elif key == "winner_bonus":
            if not isinstance(value, Mapping) or set(value) - {"call_up", "kalookie"}:
                raise fail("winner-bonus-shape")
            call_up = whole(value.get("call_up", 0), "winner_bonus call_up", 0, 500)
            kalookie = whole(value.get("kalookie", 0), "winner_bonus kalookie", 0, 500)
            changes["winner_bonus_call_up"], changes["winner_bonus_kalookie"] = call_up, kalookie
            tidy[key] = {"call_up": call_up, "kalookie": kalookie}
        elif key == "joker_value":
            changes[key] = tidy[key] = whole(value, "joker_value", 1, 100)
        elif key in ("target", "deals"):
            changes[key] = tidy[key] = None if value is None else whole(value, key, 1, 100_000)
    return replace(rules, **changes), tidy


def build_stakes(preset_key: str, given: Any) -> Stakes:
    """The record's stakes, or the preset's (in units) when it has none; an omitted stake is 0."""
    if given is None:
        return PRESETS[preset_key].stakes
    if not isinstance(given, Mapping):
        raise fail("stakes-shape")
    unknown = sorted(set(given) - {"currency", *STAKE_KEYS})
    if unknown:
        raise fail("unknown-stake", stake=as_json(unknown[0]), stakes=", ".join(STAKE_KEYS))
    currency = given.get("currency", UNITS)
    if not isinstance(currency, str) or not (
        currency == UNITS or (len(currency) == 3 and currency.isalpha() and currency.isupper())
    ):
        raise fail("currency-shape", currency=as_json(currency))
    amounts = {}
    for key in STAKE_KEYS:
        value = given.get(key, "0")
        if not isinstance(value, str):
            # The record writes money as strings so that no reader rounds it through a float.
            raise fail("stake-not-string", stake=key, value=as_json(value))
        amounts[key] = parse_amount(value, STAKE_WHAT[key], currency)
    return Stakes(currency=currency, **amounts)
