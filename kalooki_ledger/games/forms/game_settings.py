"""The settings form every game-making form shares: a preset, its rules and its stakes."""

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django import forms
from django.utils import formats
from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy

from kalooki_ledger import rules as engine
from kalooki_ledger.rules import STAKE_KEYS
from kalooki_ledger.rules.money import PLAIN_AMOUNT, minor_digits
from kalooki_ledger.rules.record import (
    RULE_KEYS,
    STAKE_WHAT,
    build_rules,
    build_stakes,
)

from ..present import problem_message
from ..typed_numbers import WholeField, read_number

MAX_SEATS = 6
STAKE_FIELDS = STAKE_KEYS
# What an empty stake field means: shown as its placeholder, so typing a stake clears nothing.
STAKE_DEFAULTS = {
    "call_up": "0.10",
    "kalookie": "0.20",
    "initial": "0.50",
    "buy_in": "0.50",
    "per_point": "0",
}
STAKE_LABELS = {
    "call_up": gettext_lazy("Call-up (each loser pays the winner)"),
    "kalookie": gettext_lazy("Kalookie (each loser pays the winner)"),
    "initial": gettext_lazy("Initial stake (into the pool or pot)"),
    "buy_in": gettext_lazy("Buy-in (into the pool)"),
    "per_point": gettext_lazy("Per point (each loser pays the winner for each point)"),
}
KEEP = [("", gettext_lazy("As the preset"))]
# What a house rules' name is called in the engine's refusal (present/problems.py translates it).
gettext_noop("a name for house rules")
# The setting a rule override comes from, where their names differ.
RULE_FIELD = {"kalookie_doubles_penalties": "kalookie_doubles", "winner_bonus": "bonus_call_up"}


def preset_choices() -> list[tuple[str, str]]:
    # Called each time the choices are shown, so in the page's language (the engine's words
    # are marked for the catalogue where they are written).
    return [
        (
            key,
            gettext("%(preset)s: %(description)s")
            % {"preset": gettext(p.name), "description": gettext(p.description)},
        )
        for key, p in engine.PRESETS.items()
    ]


def amount(text: str) -> Decimal | None:
    """`text` as a number the way the engine reads a stake, or None."""
    text = text.strip()
    return Decimal(text) if PLAIN_AMOUNT.fullmatch(text) else None


# A stake that is no number, refused beside its field in the page's language; the English is
# the engine's own refusal, which checks the rest (negative, too many decimal places).
NOT_AN_AMOUNT = {
    "call_up": gettext_lazy(
        "the call_up stake must be an amount such as \"%(example)s\", not '%(typed)s'"
    ),
    "kalookie": gettext_lazy(
        "the kalookie stake must be an amount such as \"%(example)s\", not '%(typed)s'"
    ),
    "initial": gettext_lazy(
        "the initial stake must be an amount such as \"%(example)s\", not '%(typed)s'"
    ),
    "buy_in": gettext_lazy(
        "the buy_in stake must be an amount such as \"%(example)s\", not '%(typed)s'"
    ),
    "per_point": gettext_lazy(
        "the per_point stake must be an amount such as \"%(example)s\", not '%(typed)s'"
    ),
}


class StakeField(forms.CharField):
    """A stake as typed, in the page's language (typed_numbers): Swedish shows "0,50" and takes
    "1 000,50" (or a keypad's "0.50"); the record and the engine get "1000.50", with the places
    typed, so that "1,500" is refused in a currency of two."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=16, required=False, localize=True, **kwargs)

    def to_python(self, value: Any) -> str:
        typed = super().to_python(value)
        read = read_number(typed)
        return read.plain if read is not None else typed  # a refusal quotes what was typed

    def prepare_value(self, value: Any) -> Any:
        # A Decimal is written by the widget as the language writes it; anything else as typed.
        if isinstance(value, str) and amount(value) is not None:
            return amount(value)
        return value


def too_many_places(what: str, currency: str) -> str:
    """The engine's refusal of more decimals than the currency has, for an amount typed so,
    in the reader's words (`what` is the engine's English, such as "the call_up stake")."""
    digits = minor_digits(currency)
    code = "amount-whole" if digits == 0 else "amount-places"
    return problem_message(engine.problem(code, what=what, currency=currency, digits=digits))


def rule_number(low: int, high: int, label: str) -> WholeField:
    """A rule's number a game may change; left blank, the preset's stands."""
    return WholeField(required=False, min_value=low, max_value=high, label=label)


def rule_choice(label: str, *choices: tuple[str, str]) -> forms.ChoiceField:
    """A rule's choice a game may change; the first, "As the preset", keeps the preset's."""
    return forms.ChoiceField(required=False, label=label, choices=[*KEEP, *choices])


class SettingsForm(forms.Form):
    """What the new-game and the house-rules forms share: a preset, the rules a table may change
    and the stakes, each checked by the engine and refused beside its own field."""

    preset = forms.ChoiceField(
        choices=preset_choices, initial=engine.DEFAULT_PRESET, widget=forms.RadioSelect
    )
    limit = rule_number(10, 10_000, gettext_lazy("Limit"))
    out_at = rule_choice(
        gettext_lazy("Out when"),
        ("over", gettext_lazy("over the limit")),
        ("reach", gettext_lazy("on reaching the limit")),
    )
    max_buy_ins = rule_choice(
        gettext_lazy("Buy-ins per player"),
        ("0", pgettext_lazy("buy-ins", "none")),
        ("1", "1"),
        ("2", "2"),
        ("3", "3"),
        ("none", pgettext_lazy("buy-ins", "unlimited")),
    )
    buy_in_needs_remaining = rule_choice(
        gettext_lazy("Buy-ins need this many players still within"),
        *((str(n), str(n)) for n in range(2, 7)),
    )
    kalookie_doubles = rule_choice(
        gettext_lazy("A kalookie (or bending the table) doubles the others' points"),
        ("yes", gettext_lazy("yes")),
        ("no", gettext_lazy("no")),
    )
    bonus_call_up = rule_number(0, 500, gettext_lazy("Points off the winner (call-up)"))
    bonus_kalookie = rule_number(0, 500, gettext_lazy("Points off the winner (kalookie)"))
    joker_value = rule_number(1, 100, gettext_lazy("A joker in hand counts"))
    target = rule_number(1, 100_000, gettext_lazy("Play to a target score"))
    deals = rule_number(1, 100_000, gettext_lazy("Number of deals"))
    currency = forms.CharField(
        max_length=10,
        initial="GBP",
        label=gettext_lazy("Currency"),
        help_text=gettext_lazy(
            "An ISO code such as GBP, EUR, USD, or “units” for chips or points."
        ),
    )
    call_up = StakeField(label=STAKE_LABELS["call_up"])
    kalookie = StakeField(label=STAKE_LABELS["kalookie"])
    initial = StakeField(label=STAKE_LABELS["initial"])
    buy_in = StakeField(label=STAKE_LABELS["buy_in"])
    per_point = StakeField(label=STAKE_LABELS["per_point"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.initial.get("currency") == "units":
            self.initial["currency"] = str(UNITS_WORD)  # "marker" on a Swedish page
        self.rules: engine.Rules | None = None
        self.stakes: engine.Stakes | None = None
        self.tidy: dict[str, Any] = {}
        # Stakes: the decimal keypad; app.js selects the figure on focus, so typing replaces it.
        # Empty, the default as placeholder (in the page's language), and the help says so.
        for name in STAKE_FIELDS:
            field = self.fields[name]
            shown = formats.localize_input(Decimal(STAKE_DEFAULTS[name]))
            field.widget.attrs.update(inputmode="decimal", autocomplete="off", placeholder=shown)
            field.widget.attrs["data-select"] = ""
            field.help_text = gettext("Empty means %(amount)s.") % {"amount": shown}

    def rule_fields(self) -> list[forms.BoundField]:
        names = ("limit", "out_at", "max_buy_ins", "buy_in_needs_remaining", "kalookie_doubles")
        names += ("bonus_call_up", "bonus_kalookie", "joker_value", "target", "deals")
        return [self[n] for n in names]

    @staticmethod
    def families_of(name: str) -> str:
        """The families a setting belongs to, for the page to show only the picked one's; each
        family's record says which settings and stakes it uses, the others are neither shown nor
        stored."""
        return " ".join(
            sorted(f.key for f in engine.FAMILIES if name in f.settings or name in f.stakes)
        )

    def stake_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in STAKE_FIELDS]

    def rule_rows(self) -> list[tuple[forms.BoundField, str]]:
        return [(f, self.families_of(f.name)) for f in self.rule_fields()]

    def stake_rows(self) -> list[tuple[forms.BoundField, str]]:
        return [(f, self.families_of(f.name)) for f in self.stake_fields()]

    def clean(self) -> dict:
        # Every field is checked at once: a bad limit doesn't hide bad stakes, nor one bad stake
        # another. A field that didn't read is not asked of the engine.
        data = super().clean()
        if "currency" in data and "preset" in data:
            self.check_amounts(data)
            self.check_settings(data)
        return data

    def check_amounts(self, data: dict) -> None:
        """Each stake the family plays for is a number, its example written as the page's
        language writes it ("0,50" in Swedish)."""
        example = formats.localize_input(Decimal("0.50"))
        stakes = self.stakes_record(data)
        digits = minor_digits(stakes["currency"])
        for key, value in stakes.items():
            if key not in NOT_AN_AMOUNT or key in self.errors:
                continue
            if amount(value) is None:
                self.add_error(key, NOT_AN_AMOUNT[key] % {"example": example, "typed": value})
            elif len(value.partition(".")[2]) > digits:  # "1,500" typed, though it is 1,5
                self.add_error(key, too_many_places(STAKE_WHAT[key], stakes["currency"]))

    def check_settings(self, data: dict) -> None:
        """The engine's rules and stakes for these settings. Its refusals name no field, so it is
        asked about one setting at a time, and each refusal is shown beside its setting."""
        preset, overrides, stakes = data["preset"], self.overrides(data), self.stakes_record(data)
        currency = {"currency": stakes["currency"]}
        for key in RULE_KEYS:
            field = RULE_FIELD.get(key, key)
            if key in overrides and field not in self.errors:
                self._refused(field, build_rules, preset, {key: overrides[key]})
        if not self._refused("currency", build_stakes, preset, currency):
            for key in STAKE_FIELDS:
                if key in stakes and key not in self.errors:
                    self._refused(key, build_stakes, preset, {**currency, key: stakes[key]})
        if not self.errors:
            self.rules, self.tidy = build_rules(preset, overrides)
            self.stakes = build_stakes(preset, stakes)

    def _refused(self, name: str, check: Callable[..., object], *args: Any) -> bool:
        try:
            check(*args)
        except engine.RecordError as exc:
            self.add_error(name, problem_message(exc.problem))
            return True
        return False

    @staticmethod
    def family(data: dict) -> engine.Family:
        preset = engine.PRESETS.get(data.get("preset", ""))
        return engine.family_of(preset.rules.family if preset else engine.FamilyKey.ELIMINATION)

    def overrides(self, data: dict) -> dict[str, Any]:
        wanted = self.family(data).settings
        data = {k: v for k, v in data.items() if k in wanted or k == "preset"}
        rules: dict[str, Any] = {}
        for key in ("limit", "joker_value", "target", "deals"):
            if data.get(key) is not None:
                rules[key] = data[key]
        if data.get("out_at"):
            rules["out_at"] = data["out_at"]
        if data.get("max_buy_ins"):
            rules["max_buy_ins"] = (
                None if data["max_buy_ins"] == "none" else int(data["max_buy_ins"])
            )
        if data.get("buy_in_needs_remaining"):
            rules["buy_in_needs_remaining"] = int(data["buy_in_needs_remaining"])
        if data.get("kalookie_doubles"):
            rules["kalookie_doubles_penalties"] = data["kalookie_doubles"] == "yes"
        if data.get("bonus_call_up") is not None or data.get("bonus_kalookie") is not None:
            preset = engine.PRESETS[data["preset"]].rules
            rules["winner_bonus"] = {
                "call_up": data["bonus_call_up"]
                if data.get("bonus_call_up") is not None
                else preset.winner_bonus_call_up,
                "kalookie": data["bonus_kalookie"]
                if data.get("bonus_kalookie") is not None
                else preset.winner_bonus_kalookie,
            }
        return rules

    def stakes_record(self, data: dict) -> dict[str, str]:
        """The stakes in the record's terms: only those the family plays for."""
        return {
            "currency": read_currency(data["currency"]),
            **{
                key: (data.get(key) or STAKE_DEFAULTS[key]).strip()
                for key in self.family(data).stakes
            },
        }


# What a currency field takes for chips or points, in the page's language ("marker") as well
# as the record's own "units".
UNITS_WORD = pgettext_lazy("what a currency field takes for chips", "units")


def read_currency(typed: str) -> str:
    """The currency as typed: "units" for the record's word or the page's, else as typed (the
    engine checks it is an ISO code)."""
    typed = typed.strip()
    if typed.casefold() in ("units", str(UNITS_WORD).casefold()):
        return "units"
    return typed
