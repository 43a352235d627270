"""The Kalooki ledger engine: pure functions over immutable records, no Django.

Everything the app shows is derived here from the hands recorded at the table.
"""

from .cards import cards_value, parse_card
from .config import STAKE_KEYS, Rules, Stakes
from .errors import Problem, RecordError, as_json, problem
from .families import FAMILIES, check, check_setup, extend, family_of, replay
from .family import Family, FamilyKey, Stake, Take
from .game import CardCount, Game, Hand
from .ledger import HandRow, Ledger, Standing
from .names import (
    check_name,
    first_lookalike,
    first_repeat,
    lookalike_key,
    name_key,
    name_problem,
    tidy_name,
    title_problem,
)
from .presets import DEFAULT_PRESET, PRESETS, TOURNAMENT_PRESET, Preset
from .record import GameRecord, parse_record, read_record_json, record_to_json
from .record_out import results_to_json
from .replay import MAX_HANDS
from .settle import Transfer, fewest_transfers

__all__ = [
    "DEFAULT_PRESET",
    "FAMILIES",
    "MAX_HANDS",
    "PRESETS",
    "STAKE_KEYS",
    "TOURNAMENT_PRESET",
    "CardCount",
    "Family",
    "FamilyKey",
    "Game",
    "GameRecord",
    "Hand",
    "HandRow",
    "Ledger",
    "Preset",
    "Problem",
    "RecordError",
    "Rules",
    "Stake",
    "Stakes",
    "Standing",
    "Take",
    "Transfer",
    "as_json",
    "cards_value",
    "check",
    "check_name",
    "check_setup",
    "extend",
    "family_of",
    "fewest_transfers",
    "first_lookalike",
    "first_repeat",
    "lookalike_key",
    "name_key",
    "name_problem",
    "parse_card",
    "parse_record",
    "problem",
    "read_record_json",
    "record_to_json",
    "replay",
    "results_to_json",
    "tidy_name",
    "title_problem",
]
