"""Every family of scoring has every part the web writes it with: a rules card and settings
lines registered under its key (present/families.py), a name for its pot, words for its stakes,
and its engine words translated. A family missing a part fails here with that part named."""

from dataclasses import replace

import pytest
from django.utils import translation

from kalooki_ledger.games.present.families import FAMILY_WORDS
from kalooki_ledger.games.present.rulescard import STAKE_WORDS
from kalooki_ledger.rules import FAMILIES, PRESETS, Family, FamilyKey, Stake
from tests.rules.test_family_registration import WORDS


def _sentences(lines: object) -> bool:
    return bool(lines) and all(isinstance(line, str) and line.strip() for line in lines)


def missing_parts(family: Family) -> list[str]:
    """The parts the web lacks for `family`, each named."""
    missing = []
    registered = FAMILY_WORDS.get(family.key)
    presets = [p for p in PRESETS.values() if p.rules.family == family.key]
    if registered is None:
        missing.append("its words in present/families.py FAMILY_WORDS")
    else:
        for preset in presets:
            if not _sentences(registered.card(preset.rules, preset.stakes)):
                missing.append(f"a rules card for the {preset.key} preset")
            if not _sentences(registered.settings_lines(preset.rules, True)):
                missing.append(f"settings lines for the {preset.key} preset")
        if "%(amount)s" not in str(registered.the_pot):
            missing.append("a name for its pot with %(amount)s")
    missing += [f"words for the {s} stake" for s in family.stakes if s not in STAKE_WORDS]
    with translation.override("sv"):
        missing += [
            f"its word {name} in Swedish"
            for name in WORDS
            if translation.gettext(getattr(family, name)) == getattr(family, name)
        ]
    return missing


@pytest.mark.parametrize("family", FAMILIES, ids=str)
def test_every_family_has_every_part_on_the_web(family: Family):
    assert not missing_parts(family), f"the {family} family lacks {missing_parts(family)}"


def test_a_family_without_its_parts_is_told_part_by_part():
    stranger = replace(FAMILIES[1], key="bridge", stakes=(Stake.PER_POINT, "ante"))
    stranger = replace(stranger, legend="Not a word the translators have")
    assert missing_parts(stranger) == [
        "its words in present/families.py FAMILY_WORDS",
        "words for the ante stake",
        "its word legend in Swedish",
    ]


def test_only_the_engines_families_are_registered():
    assert set(FAMILY_WORDS) == set(FamilyKey) == {f.key for f in FAMILIES}


def test_every_stake_has_its_words():
    assert set(STAKE_WORDS) == set(Stake)
