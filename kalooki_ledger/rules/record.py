"""The game record `kalooki-game/1` (docs/record-format.md): reading one into a Game
as the web forms check, and writing a game back out with its derived `results`."""

import datetime
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from .config import STAKE_KEYS, Rules, Stakes
from .errors import RecordError, as_json, problem
from .families import FAMILIES, check_setup, family_of, replay
from .game import SETTLES, CardCount, Game, Hand
from .ledger import Ledger
from .money import UNITS, display_digits, format_amount, parse_amount
from .names import (
    MAX_NAME,
    first_lookalike,
    first_repeat,
    name_problem,
    tidy_name,
    title_problem,
)
from .presets import DEFAULT_PRESET, PRESETS
from .replay import MAX_HANDS
from .words import gettext_noop

FORMAT = "kalooki-game/1"
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
MAX_TITLE = 200
MAX_CARDS = 40
MAX_REASON = 200
# Each stake as a problem names it, the record's key kept in the English.
STAKE_WHAT = {
    "call_up": gettext_noop("the call_up stake"),
    "kalookie": gettext_noop("the kalookie stake"),
    "initial": gettext_noop("the initial stake"),
    "buy_in": gettext_noop("the buy_in stake"),
    "per_point": gettext_noop("the per_point stake"),
}
# The record's keys (docs/record-format.md); `results` is what export_game adds, so an
# export imports again, and is derived afresh rather than read.
RECORD_KEYS = (
    "format",
    "title",
    "played_on",
    "rules",
    "stakes",
    "players",
    "first_dealer",
    "hands",
    "stopped",
    "results",
)
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
HAND_KEYS = {
    "void",
    "winner",
    "kalookie",
    "penalties",
    "cards",
    "counts",
    "adjustments",
    "reason",
    "buy_ins",
}


@dataclass(frozen=True)
class GameRecord:
    """A game with what the record says about it beyond the ledger: title, date, preset."""

    game: Game
    preset: str = DEFAULT_PRESET
    rule_overrides: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""
    played_on: datetime.date | None = None


def _fail(code: str, hand: int | None = None, player: str | None = None, **params) -> RecordError:
    return RecordError(problem(code, hand, player, **params))


def _int(
    value: Any, what: str, low: int, high: int, hand: int | None = None, player: str | None = None
) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail("int-not-whole", hand, player, what=what, low=low, high=high)
    if not low <= value <= high:
        raise _fail("int-range", hand, player, what=what, low=low, high=high, value=value)
    return value


def _bool(value: Any, what: str, hand: int | None = None) -> bool:
    if not isinstance(value, bool):
        raise _fail("not-bool", hand, what=what, value=as_json(value))
    return value


def build_rules(preset_key: str, overrides: Mapping[str, Any]) -> tuple[Rules, dict[str, Any]]:
    """The preset's rules with the record's overrides, each checked; returns the tidy overrides."""
    if not isinstance(preset_key, str) or preset_key not in PRESETS:
        raise _fail("unknown-preset", preset=as_json(preset_key), presets=", ".join(PRESETS))
    rules = PRESETS[preset_key].rules
    tidy: dict[str, Any] = {}
    unknown = sorted(set(overrides) - set(RULE_KEYS))
    if unknown:
        raise _fail("unknown-rule", rule=as_json(unknown[0]), rules=", ".join(RULE_KEYS))
    changes: dict[str, Any] = {}
    for key in RULE_KEYS:
        if key not in overrides:
            continue
        value = overrides[key]
        if key == "family":
            keys = [f.key for f in FAMILIES]
            if value not in keys:
                raise _fail("unknown-family", families=", ".join(keys), value=as_json(value))
            changes[key] = tidy[key] = value
        elif key == "limit":
            changes[key] = tidy[key] = _int(value, "limit", 10, 10_000)
        elif key == "out_at":
            if value not in ("over", "reach"):
                raise _fail("out-at-shape")
            changes[key] = tidy[key] = value
        elif key == "max_buy_ins":
            changes[key] = tidy[key] = None if value is None else _int(value, "max_buy_ins", 0, 100)
        elif key == "buy_in_needs_remaining":
            changes[key] = tidy[key] = _int(value, "buy_in_needs_remaining", 2, 6)
        elif key == "kalookie_doubles_penalties":
            changes[key] = tidy[key] = _bool(value, key)
        elif key == "winner_bonus":
            if not isinstance(value, Mapping) or set(value) - {"call_up", "kalookie"}:
                raise _fail("winner-bonus-shape")
            call_up = _int(value.get("call_up", 0), "winner_bonus call_up", 0, 500)
            kalookie = _int(value.get("kalookie", 0), "winner_bonus kalookie", 0, 500)
            changes["winner_bonus_call_up"], changes["winner_bonus_kalookie"] = call_up, kalookie
            tidy[key] = {"call_up": call_up, "kalookie": kalookie}
        elif key == "joker_value":
            changes[key] = tidy[key] = _int(value, "joker_value", 1, 100)
        elif key in ("target", "deals"):
            changes[key] = tidy[key] = None if value is None else _int(value, key, 1, 100_000)
    return replace(rules, **changes), tidy


def build_stakes(preset_key: str, given: Any) -> Stakes:
    """The record's stakes, or the preset's (in units) when it has none; an omitted stake is 0."""
    if given is None:
        return PRESETS[preset_key].stakes
    if not isinstance(given, Mapping):
        raise _fail("stakes-shape")
    unknown = sorted(set(given) - {"currency", *STAKE_KEYS})
    if unknown:
        raise _fail("unknown-stake", stake=as_json(unknown[0]), stakes=", ".join(STAKE_KEYS))
    currency = given.get("currency", UNITS)
    if not isinstance(currency, str) or not (
        currency == UNITS or (len(currency) == 3 and currency.isalpha() and currency.isupper())
    ):
        raise _fail("currency-shape", currency=as_json(currency))
    amounts = {}
    for key in STAKE_KEYS:
        value = given.get(key, "0")
        if not isinstance(value, str):
            # The record writes money as strings so that no reader rounds it through a float.
            raise _fail("stake-not-string", stake=key, value=as_json(value))
        amounts[key] = parse_amount(value, STAKE_WHAT[key], currency)
    return Stakes(currency=currency, **amounts)


def _name(value: Any, players: tuple[str, ...], hand: int, what: str) -> str:
    # A name is matched in the form players are kept in, so "e\u0301" finds "é".
    if not isinstance(value, str) or tidy_name(value) not in players:
        raise _fail(f"{what}-unknown", hand, name=as_json(value), players=", ".join(players))
    return tidy_name(value)


def _player_map(value: Any, players: tuple[str, ...], hand: int, key: str) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail("map-shape", hand, key=key)
    mapped: dict[str, Any] = {}
    for name, entry in value.items():
        if tidy_name(name) not in players:
            raise _fail(
                "map-stranger", hand, key=key, name=as_json(name), players=", ".join(players)
            )
        if tidy_name(name) in mapped:
            raise _fail("map-twice", hand, key=key, name=as_json(tidy_name(name)))
        mapped[tidy_name(name)] = entry
    return mapped


def parse_hand(data: Any, players: tuple[str, ...], number: int) -> Hand:
    """One hand of the record, checked for shape; the ledger checks it against the game."""
    if not isinstance(data, Mapping):
        raise _fail("hand-shape", number)
    unknown = sorted(set(data) - HAND_KEYS)
    if unknown:
        raise _fail(
            "hand-unknown-key", number, key=as_json(unknown[0]), keys=", ".join(sorted(HAND_KEYS))
        )
    void = _bool(data.get("void", False), "void", number)
    if void:
        if set(data) - {"void"}:
            raise _fail("void-alone", number)
        return Hand(void=True)
    if "winner" not in data:
        raise _fail("hand-no-winner", number)
    winner = _name(data["winner"], players, number, "winner")
    kalookie = _bool(data.get("kalookie", False), "kalookie", number)
    penalties = _player_map(data.get("penalties", {}), players, number, "penalties")
    for player, value in penalties.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail("value-shape", number, player, value=as_json(value))
    cards: dict[str, tuple[str, ...]] = {}
    for player, listed in _player_map(data.get("cards", {}), players, number, "cards").items():
        if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
            raise _fail("cards-shape", number, player)
        if len(listed) > MAX_CARDS:
            raise _fail("cards-most", number, player, most=MAX_CARDS)
        cards[player] = tuple(listed)
    counts: dict[str, CardCount] = {}
    for player, count in _player_map(data.get("counts", {}), players, number, "counts").items():
        if not isinstance(count, Mapping) or set(count) - {"cards", "jokers"}:
            raise _fail("counts-shape", number, player)
        counts[player] = CardCount(
            _int(count.get("cards", 0), "cards", 0, 100, number, player),
            _int(count.get("jokers", 0), "jokers", 0, 100, number, player),
        )
    adjustments = _player_map(data.get("adjustments", {}), players, number, "adjustments")
    for player, value in adjustments.items():
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10_000:
            raise _fail("adjustment-shape", number, player)
    reasons = _player_map(data.get("reason", {}), players, number, "reason")
    for player, text in reasons.items():
        if not isinstance(text, str) or len(text) > MAX_REASON or control_character(text):
            raise _fail("reason-shape", number, player, most=MAX_REASON)
    buy_ins = _player_map(data.get("buy_ins", {}), players, number, "buy_ins")
    for player, decision in buy_ins.items():
        if not isinstance(decision, bool):
            raise _fail("buy-in-shape", number, player)
    return Hand(
        winner=winner,
        kalookie=kalookie,
        penalties=penalties,
        cards=cards,
        counts=counts,
        adjustments=adjustments,
        reasons=reasons,
        buy_ins=buy_ins,
    )


def control_character(text: str) -> str | None:
    """The first control character in `text` (a NUL, an escape…), which no name or note needs
    and some databases refuse; None when there is none."""
    return next((c for c in text if unicodedata.category(c) == "Cc"), None)


def parse_players(value: Any) -> tuple[str, ...]:
    """The seats' names as kept (names.tidy_name), each checked as every name is."""
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise _fail("players-shape")
    players = []
    for raw in value:
        if not tidy_name(raw):
            raise _fail("player-unnamed")
        name, found = name_problem(raw)
        if found is not None:
            raise _fail(f"{found.code}-given", **found.params, given=raw[: MAX_NAME + 10])
        players.append(name)
    twice = first_repeat(players)
    if twice is not None:
        raise _fail("players-twice-alike", name=twice)
    alike = first_lookalike(players)
    if alike is not None:
        raise _fail("players-lookalike", one=alike[0], other=alike[1])
    return tuple(players)


class _DuplicateKeyError(ValueError):
    pass


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: set[str] = set()
    twice = sorted({k for k, _ in pairs if k in seen or seen.add(k)})
    if twice:
        raise _DuplicateKeyError(", ".join(as_json(k) for k in twice[:5]))
    return dict(pairs)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record can hold")


def read_record_json(raw: bytes | str) -> Any:
    """The JSON of a record file: UTF-8 with or without a byte-order mark, each key once in
    each object, decimals kept exact; RecordError says what is wrong with anything else."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise _fail("not-utf8") from None
    try:
        return json.loads(
            text, parse_float=Decimal, object_pairs_hook=_no_repeats, parse_constant=_no_constant
        )
    except _DuplicateKeyError as exc:
        raise _fail("key-twice", keys=str(exc)) from None
    # ValueError: broken JSON, or a number of thousands of digits; RecursionError: deep nesting.
    except (ValueError, RecursionError):
        raise _fail("not-json") from None


def parse_record(data: Any) -> GameRecord:
    """A whole record, checked as the forms check; raises RecordError naming hand and player."""
    if not isinstance(data, Mapping):
        raise _fail("record-shape")
    unknown = sorted(set(data) - set(RECORD_KEYS))
    if unknown:
        code = "record-unknown-keys" if len(unknown) > 1 else "record-unknown-key"
        keys = ", ".join(as_json(k) for k in unknown[:5])
        raise _fail(code, keys=keys, known=", ".join(RECORD_KEYS))
    if data.get("format") != FORMAT:
        raise _fail("format-shape", format=FORMAT, value=as_json(data.get("format")))
    title = data.get("title")
    title = "" if title is None else title  # omitted or null; 0 or false is no title either
    if not isinstance(title, str) or len(title) > MAX_TITLE or control_character(title):
        raise _fail("title-shape", most=MAX_TITLE)
    hidden = title_problem(title)
    if hidden is not None:
        raise RecordError(hidden)
    played_on = data.get("played_on")
    if played_on is not None:
        # Only as the record writes it: Python's reader also takes 20261120 and 2026-W47-1.
        if not isinstance(played_on, str) or not ISO_DATE.fullmatch(played_on):
            raise _fail("played-on-shape")
        try:
            played_on = datetime.date.fromisoformat(played_on)
        except ValueError:
            raise _fail("played-on-shape") from None
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, Mapping):
        raise _fail("rules-shape")
    preset = rules_data.get("preset", DEFAULT_PRESET)
    overrides = {k: v for k, v in rules_data.items() if k != "preset"}
    rules, tidy = build_rules(preset, overrides)
    stakes = build_stakes(preset, data.get("stakes"))
    players = parse_players(data.get("players"))
    first_dealer = data.get("first_dealer")
    if first_dealer is None:  # omitted or null: the first seat deals first
        first_dealer = players[0] if players else ""
    elif isinstance(first_dealer, str) and tidy_name(first_dealer) in players:
        first_dealer = tidy_name(first_dealer)
    else:
        # Checked here because Game would quietly read an empty name as the first seat.
        raise _fail("first-dealer-unknown", name=as_json(first_dealer), players=", ".join(players))
    hands_data = data.get("hands", [])
    if not isinstance(hands_data, list):
        raise _fail("hands-shape")
    if len(hands_data) > MAX_HANDS:
        # Grouped as the English has always shown them ("1,000").
        most, count = f"{MAX_HANDS:,}", f"{len(hands_data):,}"
        raise _fail("record-too-many-hands", most=most, count=count)
    stopped = data.get("stopped")
    if stopped is not None:
        if (
            not isinstance(stopped, Mapping)
            or set(stopped) != {"settle"}
            or stopped.get("settle") not in SETTLES
        ):
            raise _fail("stopped-shape")
        stopped = stopped["settle"]
    game = Game(players=players, rules=rules, stakes=stakes, first_dealer=first_dealer)
    check_setup(game)
    hands = tuple(parse_hand(h, players, n) for n, h in enumerate(hands_data, 1))
    game = replace(game, hands=hands, stopped=stopped)
    ledger = replay(game)
    if ledger.problems and not _exported_as_is(data.get("results"), ledger):
        raise RecordError(*ledger.problems)
    return GameRecord(game, preset, tidy, title, played_on)


def _exported_as_is(results: Any, ledger: Ledger) -> bool:
    """Whether `results` are exactly what export_game writes for this ledger: then the record
    is a game the site held, conflicts and all (an edit can leave later hands to correct), and
    it comes back with them; a record written by hand must have none."""
    if not isinstance(results, Mapping):
        return False
    # Through JSON and back, as the record came: tuples become lists, amounts stay strings.
    return json.loads(json.dumps(results_to_json(ledger))) == json.loads(
        json.dumps(results, default=str)
    )


def hand_to_json(hand: Hand) -> dict[str, Any]:
    if hand.void:
        return {"void": True}
    out: dict[str, Any] = {"winner": hand.winner}
    if hand.kalookie:
        out["kalookie"] = True
    for key, value in (
        ("penalties", dict(hand.penalties)),
        ("cards", {p: list(c) for p, c in hand.cards.items()}),
        ("counts", {p: {"cards": c.cards, "jokers": c.jokers} for p, c in hand.counts.items()}),
        ("adjustments", dict(hand.adjustments)),
        ("reason", dict(hand.reasons)),
        ("buy_ins", dict(hand.buy_ins)),
    ):
        if value:
            out[key] = value
    return out


def stakes_to_json(stakes: Stakes, digits: int, family: str) -> dict[str, str]:
    out = {"currency": stakes.currency}
    for key in STAKE_KEYS:
        amount = getattr(stakes, key)
        # per_point belongs to the point-paying families; elsewhere it is written only when set.
        if key != "per_point" or amount or key in family_of(family).stakes:
            out[key] = format_amount(amount, digits)
    return out


def record_to_json(record: GameRecord, ledger: Ledger | None = None) -> dict[str, Any]:
    """The record as stored; with a ledger, `results` added as export_game prints them."""
    game = record.game
    # Without a ledger, write as many places as the currency has so no stake is rounded.
    digits = (
        ledger.money_digits
        if ledger
        else display_digits(game.stakes.currency, game.stakes.amounts())
    )
    out: dict[str, Any] = {
        "format": FORMAT,
        "title": record.title,
        "played_on": record.played_on.isoformat() if record.played_on else None,
        "rules": {"preset": record.preset, **record.rule_overrides},
        "stakes": stakes_to_json(game.stakes, digits, game.rules.family),
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "hands": [hand_to_json(h) for h in game.hands],
        "stopped": {"settle": game.stopped} if game.stopped else None,
    }
    if ledger is not None:
        out["results"] = results_to_json(ledger)
    return out


def results_to_json(ledger: Ledger) -> dict[str, Any]:
    digits = ledger.money_digits

    def money(amount: Decimal) -> str:
        return format_amount(amount, digits)

    return {
        "status": ledger.status,
        "winner": ledger.winner,
        "next_dealer": ledger.dealer,
        "awaiting_buy_ins": list(ledger.awaiting_buy_ins),
        "pool": money(ledger.pool),
        "players": {
            s.name: {"total": s.total, "buy_ins": s.buy_ins, "out": s.out, "net": money(s.net)}
            for s in ledger.standings
        },
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": money(t.amount)} for t in ledger.transfers
        ],
        "hands": [
            {
                "number": row.number,
                "dealer": row.dealer,
                "void": row.void,
                "winner": row.winner,
                "kalookie": row.kalookie,
                "scored": dict(row.scored),
                "totals": dict(row.totals),
                "payments": {p: money(a) for p, a in row.payments.items()},
                "buy_in_offers": list(row.buy_in_offers),
                "bought_in": list(row.bought_in),
                "out": list(row.out),
                **({"deal": row.deal, "contract": row.contract} if row.deal is not None else {}),
            }
            for row in ledger.hands
        ],
    }
