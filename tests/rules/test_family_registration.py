"""Every family of scoring is one complete record in the engine: a key of FamilyKey, typed
stakes and entries, its own replay, at least one preset and all its words. A family missing a
part fails here with that part named (the web's parts: tests/games/test_family_registration.py)."""

from dataclasses import fields, replace

import pytest

from kalooki_ledger.rules import (
    FAMILIES,
    PRESETS,
    STAKE_KEYS,
    Family,
    FamilyKey,
    Stake,
    Stakes,
    Take,
)
from kalooki_ledger.rules.replay import Replay

WORDS = (
    "kalookie_word",
    "kalookie_means",
    "kalookie_how",
    "pot_word",
    "points_title",
    "total_word",
    "sheet_title",
    "legend",
)


def missing_parts(family: Family) -> list[str]:
    """The parts the engine's record of `family` lacks, each named."""
    missing = []
    if not isinstance(family.key, FamilyKey):
        missing.append(f"its key as a FamilyKey (has {family.key!r})")
    if not family.stakes or not all(isinstance(s, Stake) for s in family.stakes):
        missing.append("its stakes as Stake members")
    if not family.takes or not all(isinstance(t, Take) for t in family.takes):
        missing.append("what its hands take as Take members")
    if not (isinstance(family.replay, type) and issubclass(family.replay, Replay)):
        missing.append("its replay, a subclass of replay.Replay")
    if not any(p.rules.family == family.key for p in PRESETS.values()):
        missing.append("a preset in presets.PRESETS")
    missing += [f"its word {name}" for name in WORDS if not getattr(family, name).strip()]
    return missing


@pytest.mark.parametrize("family", FAMILIES, ids=str)
def test_every_family_has_every_part_in_the_engine(family: Family):
    assert not missing_parts(family), f"the {family} family lacks {missing_parts(family)}"


def test_a_family_without_its_parts_is_told_part_by_part():
    bare = replace(FAMILIES[0], key="bridge", takes=frozenset({"values"}), legend=" ")
    assert missing_parts(bare) == [
        "its key as a FamilyKey (has 'bridge')",
        "what its hands take as Take members",
        "a preset in presets.PRESETS",
        "its word legend",
    ]


def test_every_key_of_the_enum_is_a_family_listed_once():
    keys = [f.key for f in FAMILIES]
    assert len(keys) == len(set(keys)) and set(keys) == set(FamilyKey)


def test_the_stake_keys_are_the_stakes_fields_in_the_records_order():
    assert tuple(f.name for f in fields(Stakes) if f.name != "currency") == STAKE_KEYS
    assert tuple(Stake) == STAKE_KEYS


def test_what_a_hand_takes_compares_as_the_records_keys():
    assert Take.VALUES == "values" and Take.BUY_INS == "buy_ins"
    assert FAMILIES[0].takes == frozenset({"values", "buy_ins"})
