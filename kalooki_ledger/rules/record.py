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

from .config import STAKE_KEYS as STAKE_KEYS
from .errors import RecordError, as_json
from .families import check_setup, replay
from .game import SETTLES, CardCount, Game, Hand
from .ledger import Ledger
from .money import display_digits
from .names import (
    MAX_NAME,
    first_lookalike,
    first_repeat,
    name_problem,
    tidy_name,
    title_problem,
)
from .presets import DEFAULT_PRESET
from .record_out import exported_as_is, hand_to_json, results_to_json, stakes_to_json
from .record_settings import RULE_KEYS as RULE_KEYS
from .record_settings import STAKE_WHAT as STAKE_WHAT
from .record_settings import boolean, build_rules, build_stakes, fail, whole
from .replay import MAX_HANDS

FORMAT = "kalooki-game/1"
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
MAX_TITLE = 200
MAX_CARDS = 40
MAX_REASON = 200
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


def _name(value: Any, players: tuple[str, ...], hand: int, what: str) -> str:
    # A name is matched in the form players are kept in, so "e\u0301" finds "é".
    if not isinstance(value, str) or tidy_name(value) not in players:
        raise fail(f"{what}-unknown", hand, name=as_json(value), players=", ".join(players))
    return tidy_name(value)


def _player_map(value: Any, players: tuple[str, ...], hand: int, key: str) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise fail("map-shape", hand, key=key)
    mapped: dict[str, Any] = {}
    for name, entry in value.items():
        if tidy_name(name) not in players:
            raise fail(
                "map-stranger", hand, key=key, name=as_json(name), players=", ".join(players)
            )
        if tidy_name(name) in mapped:
            raise fail("map-twice", hand, key=key, name=as_json(tidy_name(name)))
        mapped[tidy_name(name)] = entry
    return mapped


def _hand_values(data: Mapping, players: tuple[str, ...], number: int) -> dict[str, Any]:
    """A hand's losers' values: as numbers (penalties), as cards, or as counts (per-hand)."""
    penalties = _player_map(data.get("penalties", {}), players, number, "penalties")
    for player, value in penalties.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail("value-shape", number, player, value=as_json(value))
    cards: dict[str, tuple[str, ...]] = {}
    for player, listed in _player_map(data.get("cards", {}), players, number, "cards").items():
        if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
            raise fail("cards-shape", number, player)
        if len(listed) > MAX_CARDS:
            raise fail("cards-most", number, player, most=MAX_CARDS)
        cards[player] = tuple(listed)
    counts: dict[str, CardCount] = {}
    for player, count in _player_map(data.get("counts", {}), players, number, "counts").items():
        if not isinstance(count, Mapping) or set(count) - {"cards", "jokers"}:
            raise fail("counts-shape", number, player)
        counts[player] = CardCount(
            whole(count.get("cards", 0), "cards", 0, 100, number, player),
            whole(count.get("jokers", 0), "jokers", 0, 100, number, player),
        )
    return {"penalties": penalties, "cards": cards, "counts": counts}


def _hand_notes(data: Mapping, players: tuple[str, ...], number: int) -> dict[str, Any]:
    """A hand's adjustments with their reasons, and its buy-in decisions."""
    adjustments = _player_map(data.get("adjustments", {}), players, number, "adjustments")
    for player, value in adjustments.items():
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10_000:
            raise fail("adjustment-shape", number, player)
    reasons = _player_map(data.get("reason", {}), players, number, "reason")
    for player, text in reasons.items():
        if not isinstance(text, str) or len(text) > MAX_REASON or control_character(text):
            raise fail("reason-shape", number, player, most=MAX_REASON)
    buy_ins = _player_map(data.get("buy_ins", {}), players, number, "buy_ins")
    for player, decision in buy_ins.items():
        if not isinstance(decision, bool):
            raise fail("buy-in-shape", number, player)
    return {"adjustments": adjustments, "reasons": reasons, "buy_ins": buy_ins}


def parse_hand(data: Any, players: tuple[str, ...], number: int) -> Hand:
    """One hand of the record, checked for shape; the ledger checks it against the game."""
    if not isinstance(data, Mapping):
        raise fail("hand-shape", number)
    unknown = sorted(set(data) - HAND_KEYS)
    if unknown:
        raise fail(
            "hand-unknown-key", number, key=as_json(unknown[0]), keys=", ".join(sorted(HAND_KEYS))
        )
    void = boolean(data.get("void", False), "void", number)
    if void:
        if set(data) - {"void"}:
            raise fail("void-alone", number)
        return Hand(void=True)
    if "winner" not in data:
        raise fail("hand-no-winner", number)
    winner = _name(data["winner"], players, number, "winner")
    kalookie = boolean(data.get("kalookie", False), "kalookie", number)
    # Checked in the record's order, so the first fault found is the one it has always named.
    values = _hand_values(data, players, number)
    notes = _hand_notes(data, players, number)
    return Hand(winner=winner, kalookie=kalookie, **values, **notes)


def control_character(text: str) -> str | None:
    """The first control character in `text` (a NUL, an escape…), which no name or note needs
    and some databases refuse; None when there is none."""
    return next((c for c in text if unicodedata.category(c) == "Cc"), None)


def parse_players(value: Any) -> tuple[str, ...]:
    """The seats' names as kept (names.tidy_name), each checked as every name is."""
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise fail("players-shape")
    players = []
    for raw in value:
        if not tidy_name(raw):
            raise fail("player-unnamed")
        name, found = name_problem(raw)
        if found is not None:
            raise fail(f"{found.code}-given", **found.params, given=raw[: MAX_NAME + 10])
        players.append(name)
    twice = first_repeat(players)
    if twice is not None:
        raise fail("players-twice-alike", name=twice)
    alike = first_lookalike(players)
    if alike is not None:
        raise fail("players-lookalike", one=alike[0], other=alike[1])
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
        raise fail("not-utf8") from None
    try:
        return json.loads(
            text, parse_float=Decimal, object_pairs_hook=_no_repeats, parse_constant=_no_constant
        )
    except _DuplicateKeyError as exc:
        raise fail("key-twice", keys=str(exc)) from None
    # ValueError: broken JSON, or a number of thousands of digits; RecursionError: deep nesting.
    except (ValueError, RecursionError):
        raise fail("not-json") from None


def _title(data: Mapping) -> str:
    title = data.get("title")
    title = "" if title is None else title  # omitted or null; 0 or false is no title either
    if not isinstance(title, str) or len(title) > MAX_TITLE or control_character(title):
        raise fail("title-shape", most=MAX_TITLE)
    hidden = title_problem(title)
    if hidden is not None:
        raise RecordError(hidden)
    return title


def _played_on(data: Mapping) -> datetime.date | None:
    played_on = data.get("played_on")
    if played_on is None:
        return None
    # Only as the record writes it: Python's reader also takes 20261120 and 2026-W47-1.
    if not isinstance(played_on, str) or not ISO_DATE.fullmatch(played_on):
        raise fail("played-on-shape")
    try:
        return datetime.date.fromisoformat(played_on)
    except ValueError:
        raise fail("played-on-shape") from None


def _first_dealer(data: Mapping, players: tuple[str, ...]) -> str:
    first_dealer = data.get("first_dealer")
    if first_dealer is None:  # omitted or null: the first seat deals first
        return players[0] if players else ""
    if isinstance(first_dealer, str) and tidy_name(first_dealer) in players:
        return tidy_name(first_dealer)
    # Checked here because Game would quietly read an empty name as the first seat.
    raise fail("first-dealer-unknown", name=as_json(first_dealer), players=", ".join(players))


def _hands_data(data: Mapping) -> list:
    hands_data = data.get("hands", [])
    if not isinstance(hands_data, list):
        raise fail("hands-shape")
    if len(hands_data) > MAX_HANDS:
        # Grouped as the English has always shown them ("1,000").
        most, count = f"{MAX_HANDS:,}", f"{len(hands_data):,}"
        raise fail("record-too-many-hands", most=most, count=count)
    return hands_data


def _stopped(data: Mapping) -> str | None:
    stopped = data.get("stopped")
    if stopped is None:
        return None
    if (
        not isinstance(stopped, Mapping)
        or set(stopped) != {"settle"}
        or stopped.get("settle") not in SETTLES
    ):
        raise fail("stopped-shape")
    return stopped["settle"]


def _check_keys(data: Any) -> None:
    if not isinstance(data, Mapping):
        raise fail("record-shape")
    unknown = sorted(set(data) - set(RECORD_KEYS))
    if unknown:
        code = "record-unknown-keys" if len(unknown) > 1 else "record-unknown-key"
        keys = ", ".join(as_json(k) for k in unknown[:5])
        raise fail(code, keys=keys, known=", ".join(RECORD_KEYS))
    if data.get("format") != FORMAT:
        raise fail("format-shape", format=FORMAT, value=as_json(data.get("format")))


def parse_record(data: Any) -> GameRecord:
    """A whole record, checked as the forms check; raises RecordError naming hand and player.
    Its parts are checked in the record's order, so the first fault is the one told."""
    _check_keys(data)
    title = _title(data)
    played_on = _played_on(data)
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, Mapping):
        raise fail("rules-shape")
    preset = rules_data.get("preset", DEFAULT_PRESET)
    overrides = {k: v for k, v in rules_data.items() if k != "preset"}
    rules, tidy = build_rules(preset, overrides)
    stakes = build_stakes(preset, data.get("stakes"))
    players = parse_players(data.get("players"))
    first_dealer = _first_dealer(data, players)
    hands_data = _hands_data(data)
    stopped = _stopped(data)
    game = Game(players=players, rules=rules, stakes=stakes, first_dealer=first_dealer)
    check_setup(game)
    hands = tuple(parse_hand(h, players, n) for n, h in enumerate(hands_data, 1))
    game = replace(game, hands=hands, stopped=stopped)
    ledger = replay(game)
    if ledger.problems and not exported_as_is(data.get("results"), ledger):
        raise RecordError(*ledger.problems)
    return GameRecord(game, preset, tidy, title, played_on)


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
