"""A game's rules in words: the short settings lines of a score sheet's header (printed or
blank), its stakes line, and the plain-language rules card the table page links. Every line is
one message of the active language, its numbers and amounts in named placeholders. Each family's
card and lines are in cards.py, registered under its key in families.py."""

from django.utils.translation import gettext, gettext_lazy

from kalooki_ledger.rules import PRESETS, Family, Rules, Stake, Stakes, family_of

from .families import words_of
from .money import money, stake_digits


def rules_card(rules: Rules, stakes: Stakes) -> list[str]:
    """Plain sentences: the deal, the first meld, jokers and aces, the limit, buy-ins, stakes."""
    return words_of(family_of(rules.family).key).card(rules, stakes)


def rule_lines(rules: Rules, buy_ins: bool = True) -> tuple[str, ...]:
    """Every setting of a game, in the short words of a score sheet's header; a tournament
    table's sheet leaves out the buy-ins (`buy_ins=False`), paid to the organiser instead."""
    return words_of(family_of(rules.family).key).settings_lines(rules, buy_ins)


def changed_rules(preset: str, rules: Rules) -> tuple[str, ...]:
    """The settings where a game's (or a club's) rules differ from its preset's, in the same
    words as `rule_lines`: what "changed" names instead of the record's keys."""
    before = set(rule_lines(PRESETS[preset].rules))
    return tuple(line for line in rule_lines(rules) if line not in before)


def preset_text(preset: str, rules: Rules, named_only: bool = False) -> str:
    """The rules a game is played by, in one phrase: "Swedish", or "Swedish, changed: Limit:
    out over 200"; `named_only` names the settings alone ("Swedish, changed: Limit"), where
    the settings lines follow."""
    name = gettext(PRESETS[preset].name)
    changed = changed_rules(preset, rules)
    if named_only:
        changed = tuple(line.partition(":")[0] for line in changed)
    if not changed:
        return name
    return gettext("%(name)s, changed: %(changed)s") % {"name": name, "changed": "; ".join(changed)}


STAKE_WORDS = {
    Stake.CALL_UP: gettext_lazy("call-up"),
    Stake.KALOOKIE: gettext_lazy("kalookie"),
    Stake.INITIAL: gettext_lazy("initial"),
    Stake.BUY_IN: gettext_lazy("buy-in"),
    Stake.PER_POINT: gettext_lazy("per point"),
}


def stake_lines(stakes: Stakes, kind: Family) -> tuple[str, ...]:
    """The stakes the family plays for: "Stakes (GBP): per point £0.01", "pot £1.00 each"."""
    digits = stake_digits(stakes)
    lines = []
    for key in kind.stakes:
        amount = money(getattr(stakes, key), stakes.currency, digits)
        if key == Stake.INITIAL and not kind.eliminates:
            pot = gettext(kind.pot_word)
            lines.append(gettext("%(pot)s %(amount)s each") % {"pot": pot, "amount": amount})
        else:
            lines.append(
                gettext("%(stake)s %(amount)s") % {"stake": STAKE_WORDS[key], "amount": amount}
            )
    currency = gettext("units") if stakes.currency == "units" else stakes.currency
    return (
        gettext("Stakes (%(currency)s): %(first)s") % {"currency": currency, "first": lines[0]},
        *lines[1:],
    )
