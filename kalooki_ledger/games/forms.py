"""The settings forms and the hand form: shapes are checked here, everything else by the engine."""

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cached_property
from typing import Any

from django import forms
from django.utils import formats
from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import PLAIN_AMOUNT, minor_digits
from kalooki_ledger.rules.record import (
    RULE_KEYS,
    STAKE_KEYS,
    STAKE_WHAT,
    build_rules,
    build_stakes,
    control_character,
)

from .present import beside_text, problem_message, problem_text
from .present.problems import check_name, lookalike_sentence
from .typed_numbers import WholeField, read_number

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
# The reason a ticked challenge box writes: the scorer's words, kept as if typed.
CHALLENGE_REASON = gettext_lazy("Lost a challenge")
REASON_MAX = 200  # as Entry.reason keeps
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


class SettingsForm(forms.Form):
    """What the new-game and the house-rules forms share: a preset, the rules a table may change
    and the stakes, each checked by the engine and refused beside its own field."""

    preset = forms.ChoiceField(
        choices=preset_choices, initial=engine.DEFAULT_PRESET, widget=forms.RadioSelect
    )
    limit = WholeField(required=False, min_value=10, max_value=10_000, label=gettext_lazy("Limit"))
    out_at = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Out when"),
        choices=[
            *KEEP,
            ("over", gettext_lazy("over the limit")),
            ("reach", gettext_lazy("on reaching the limit")),
        ],
    )
    max_buy_ins = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Buy-ins per player"),
        choices=[
            *KEEP,
            ("0", pgettext_lazy("buy-ins", "none")),
            ("1", "1"),
            ("2", "2"),
            ("3", "3"),
            ("none", pgettext_lazy("buy-ins", "unlimited")),
        ],
    )
    buy_in_needs_remaining = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Buy-ins need this many players still within"),
        choices=[*KEEP, *((str(n), str(n)) for n in range(2, 7))],
    )
    kalookie_doubles = forms.ChoiceField(
        required=False,
        label=gettext_lazy("A kalookie (or bending the table) doubles the others' points"),
        choices=[*KEEP, ("yes", gettext_lazy("yes")), ("no", gettext_lazy("no"))],
    )
    bonus_call_up = WholeField(
        required=False,
        min_value=0,
        max_value=500,
        label=gettext_lazy("Points off the winner (call-up)"),
    )
    bonus_kalookie = WholeField(
        required=False,
        min_value=0,
        max_value=500,
        label=gettext_lazy("Points off the winner (kalookie)"),
    )
    joker_value = WholeField(
        required=False,
        min_value=1,
        max_value=100,
        label=gettext_lazy("A joker in hand counts"),
    )
    target = WholeField(
        required=False,
        min_value=1,
        max_value=100_000,
        label=gettext_lazy("Play to a target score"),
    )
    deals = WholeField(
        required=False,
        min_value=1,
        max_value=100_000,
        label=gettext_lazy("Number of deals"),
    )
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
        return engine.family_of(preset.rules.family if preset else "elimination")

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


def preset_values() -> list[dict]:
    """Each preset's settings, so the form can show what "As the preset" means."""
    values = []
    for key, preset in engine.PRESETS.items():
        r = preset.rules
        values.append(
            {
                "key": key,
                "limit": r.limit,
                "out_at": "over the limit" if r.out_at == "over" else "on reaching the limit",
                "max_buy_ins": "unlimited" if r.max_buy_ins is None else r.max_buy_ins,
                "buy_in_needs_remaining": r.buy_in_needs_remaining,
                "kalookie_doubles": "yes" if r.kalookie_doubles_penalties else "no",
                "bonus_call_up": r.winner_bonus_call_up,
                "bonus_kalookie": r.winner_bonus_kalookie,
                "joker_value": r.joker_value,
                "family": r.family,
                "target": r.target or "none",
                "deals": r.deal_count() or "none",
            }
        )
    return values


def checked_title(title: str) -> str:
    """A game's title that shows all it holds, or the engine's sentence naming what hides."""
    found = engine.title_problem(title)
    if found is not None:
        text = problem_message(found)
        raise forms.ValidationError(f"{text[0].upper()}{text[1:]}.")
    return title


class NewGameForm(SettingsForm):
    """A new game: the settings, the players as they sit, and a title."""

    title = forms.CharField(max_length=200, required=False, label=gettext_lazy("Title"))
    seating = forms.ChoiceField(
        initial="typed",
        widget=forms.RadioSelect,
        choices=[
            (
                "typed",
                gettext_lazy(
                    "As typed: the first name deals first, the others sit clockwise in order"
                ),
            ),
            (
                "draw",
                gettext_lazy(
                    "Draw for seats: the app deals ace to N; the ace deals first, 2, 3… sit "
                    "clockwise from the ace"
                ),
            ),
        ],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, MAX_SEATS + 1):
            self.fields[f"player_{i}"] = forms.CharField(
                max_length=40,
                required=i <= 2,
                label=gettext("Player %(number)s") % {"number": i},
                error_messages={"required": gettext_lazy("a game needs at least two players")},
            )
        self.record: engine.GameRecord | None = None
        self.drawn: list[tuple[int, str]] = []

    def clean_title(self) -> str:
        return checked_title(self.cleaned_data["title"])

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{i}"] for i in range(1, MAX_SEATS + 1)]

    def names(self) -> list[tuple[str, str]]:
        return [
            (f"player_{i}", engine.tidy_name(self.cleaned_data.get(f"player_{i}", "")))
            for i in range(1, MAX_SEATS + 1)
            if engine.tidy_name(self.cleaned_data.get(f"player_{i}", ""))
        ]

    def clean(self) -> dict:
        # The names, then the settings: every refusal is told at once; the game is built only
        # when nothing is refused.
        seen: dict[str, str] = {}
        looks: dict[str, str] = {}  # a name by how it looks (engine.lookalike_key)
        for key, name in self.names():
            problem = check_name(name)[1]
            if problem:
                self.add_error(key, problem)
            elif engine.name_key(name) in seen:
                self.add_error(
                    key,
                    gettext("%(name)s is already playing: give each player a different name")
                    % {"name": name},
                )
            elif engine.lookalike_key(name) in looks:
                self.add_error(key, lookalike_sentence(looks[engine.lookalike_key(name)], name))
            seen[engine.name_key(name)] = key
            looks.setdefault(engine.lookalike_key(name), name)
        data = super().clean()
        if not self.errors:
            self.record = self.build_record(data)
        return data

    def seats(self, data: dict) -> tuple[list[str], str]:
        """Seat order and first dealer: as typed, or by the draw of 000 (ace deals first)."""
        names = [name for _, name in self.names()]
        if data.get("seating") != "draw":
            return names, names[0] if names else ""
        cards = list(range(1, len(names) + 1))
        secrets.SystemRandom().shuffle(cards)
        self.drawn = sorted(zip(cards, names, strict=True))
        seated = [name for _, name in self.drawn]
        return seated, seated[0]

    def build_record(self, data: dict) -> engine.GameRecord | None:
        """The game the form starts; what the engine still refuses (the settings passed) is
        about the whole game, so it is shown above the form."""
        players, dealer = self.seats(data)
        record = {
            "format": "kalooki-game/1",
            "title": data.get("title", ""),
            "rules": {"preset": data["preset"], **self.overrides(data)},
            "stakes": self.stakes_record(data),
            "players": players,
            "first_dealer": dealer,
            "hands": [],
        }
        try:
            return engine.parse_record(record)
        except engine.RecordError as exc:
            self.add_error(None, problem_message(exc.problem))
            return None


# A player's inputs in the hand form are named "<kind>-<seat>"; the kinds that hold what was
# typed for the hand, and each number box's keypad (inputmode, pattern).
TYPED_KINDS = ("value", "cards", "jokers", "adjust", "reason")
TYPED = re.compile(rf"({'|'.join(TYPED_KINDS)})-[0-9]+")
KEYPADS = {
    "value": ("numeric", "[0-9]*"),
    "cards": ("numeric", "[0-9]*"),
    "jokers": ("numeric", "[0-9]*"),
    "adjust": ("numeric", "-?[0-9]*"),
}
# The hand-wide inputs; errors about the hand as a whole are kept under WINNER, "form", "void".
WINNER, KALOOKIE, ACTION = "winner", "kalookie", "action"
TICKED = ("on", "1", "true")
# The engine's problems with a penalty adjustment or its reason, told beside the points.
ADJUSTMENT_PROBLEMS = ("adjustment-range", "reason-alone")
WHOLE = re.compile(r"[0-9]{1,6}")  # ASCII digits only ("²".isdigit() is true), and few
SIGNED = re.compile(r"-?[0-9]{1,6}")


def box_name(kind: str, seat: int) -> str:
    return f"{kind}-{seat}"


def hand_bounds(rules: engine.Rules, players: int, deal: int | None) -> tuple[int, int, int]:
    """The cards a loser may hold in this deal and the least and most their hand is worth."""
    held = rules.cards_held(players, deal)
    low, high = rules.hand_value_bounds(held)
    return held, low, high


@dataclass(frozen=True)
class Box:
    """One input of the hand form: its name (its id too), what it holds, and its keypad."""

    name: str
    value: str = ""
    inputmode: str = ""
    pattern: str = ""


@dataclass(frozen=True)
class PlayerRow:
    """One player's inputs in the hand form and the errors beside them; the row's errors are
    kept under its value box's name (their id), whichever boxes the family shows."""

    name: str
    won: bool
    value: Box
    cards: Box
    jokers: Box
    adjust: Box
    sign: Box
    reason: Box
    challenge: Box
    decision: Box
    errors: list[str]
    adjust_errors: list[str]
    decision_errors: list[str]

    @property
    def takes_off(self) -> bool:
        return self.sign.value == "-"


class HandForm:
    """The hand form: the names of its inputs, what they hold, the errors beside them, and the
    engine's hand read from them. `players`: those in the hand; `seats`: every player's seat
    (the inputs are named by it); `deal`: the fixed-deals deal played; `decisions`: whether
    the form shows the buy-in decisions after the hand (the edit page does)."""

    @property
    def challenge_reason(self) -> str:
        return str(CHALLENGE_REASON)

    def __init__(
        self,
        players: list[str],
        seats: dict[str, int],
        rules: engine.Rules,
        deal: int | None = None,
        typed: dict[str, str] | None = None,
        decisions: bool = False,
    ) -> None:
        self.players = list(players)
        self.seats = seats
        self.rules = rules
        self.decisions = decisions
        self.family = engine.family_of(rules.family)
        self.held, self.low, self.high = hand_bounds(rules, len(seats), deal)
        self.typed: dict[str, str] = dict(typed or {})
        self.errors: dict[str, list[str]] = {}
        self.hand: engine.Hand | None = None

    @property
    def challenge_points(self) -> int:
        """What a lost challenge adds; the box is offered only where the rules have challenges."""
        return self.rules.lost_challenge

    # What this family's hands take, for the template to show only those inputs.
    @property
    def takes_counts(self) -> bool:
        return self.family.takes_counts()

    @property
    def takes_adjustments(self) -> bool:
        return self.family.takes_adjustments()

    @property
    def kalookie_word(self) -> str:
        return gettext(self.family.kalookie_word)  # the engine's English, marked where written

    @property
    def offers_kalookie(self) -> bool:
        """A fixed-deals game offers the box only where bending the table doubles."""
        return not self.family.plays_deals or self.rules.kalookie_doubles_penalties

    @property
    def kalookie_label(self) -> str:
        means = gettext(self.family.kalookie_means) % {"held": self.held}
        return gettext("%(word)s (%(means)s)") % {"word": self.kalookie_word, "means": means}

    def box(self, kind: str, name: str) -> Box:
        key = box_name(kind, self.seats[name])
        inputmode, pattern = KEYPADS.get(kind, ("", ""))
        return Box(key, self.typed.get(key, ""), inputmode, pattern)

    def row_key(self, name: str) -> str:
        return box_name("value", self.seats[name])

    def adjust_key(self, name: str) -> str:
        # Beside the penalty points, in their own section: the winner's value box is hidden.
        return box_name("adjust", self.seats[name])

    def add(self, where: str, message: str) -> None:
        self.errors.setdefault(where, []).append(message)
        self._changed()

    def _changed(self) -> None:
        self.__dict__.pop("rows", None)  # built again when next asked

    # ------------------------------------------------------------------ reading a post

    def read(self, post: Mapping[str, str]) -> engine.Hand | None:
        """The hand in a posted form; bad numbers are errors beside their player, not guesses."""
        self.typed = {key: post.get(key, "") for key in post if key != "csrfmiddlewaretoken"}
        self.errors, self.hand = {}, None
        self._changed()
        if self.typed.get(ACTION) == "void":
            self.hand = engine.Hand(void=True)
            return self.hand
        winner = self.typed.get(WINNER, "")
        if winner not in self.players:
            self.add(
                WINNER,
                gettext(
                    "choose who won the hand (or press “Void hand” if the stock ran out twice)"
                ),
            )
            winner = ""
        penalties: dict[str, int] = {}
        counts: dict[str, engine.CardCount] = {}
        adjustments: dict[str, int] = {}
        reasons: dict[str, str] = {}
        for name in self.players:
            if self.takes_adjustments:
                self._read_adjustment(name, adjustments, reasons)
            if name == winner:
                continue
            if self.takes_counts:
                self._read_count(name, bool(winner), counts)
            else:
                self._read_value(name, bool(winner), penalties)
        decisions = {}
        if self.family.takes_buy_ins():
            for name in self.players:
                choice = self.box("decision", name).value
                if choice in ("in", "out"):
                    decisions[name] = choice == "in"
        if winner:
            self.hand = engine.Hand(
                winner=winner,
                kalookie=self.typed.get(KALOOKIE) in TICKED,
                penalties=penalties,
                counts=counts,
                adjustments=adjustments,
                reasons=reasons,
                buy_ins=decisions,
            )
        return self.hand

    def _number(self, name: str, raw: str, refusal: str, **bounds: int) -> int | None:
        """`raw` as a whole number, or `refusal` (worded with %(typed)s and the bounds) beside
        the player's row."""
        if not WHOLE.fullmatch(raw):
            self.add(self.row_key(name), refusal % {"typed": raw, **bounds})
            return None
        return int(raw)

    def _read_value(self, name: str, won: bool, penalties: dict[str, int]) -> None:
        raw = self.box("value", name).value.strip()
        low, high = self.low, self.high
        if not raw:
            if won:
                self.add(
                    self.row_key(name),
                    gettext("enter what %(name)s held: a number from %(low)s to %(high)s")
                    % {"name": name, "low": low, "high": high},
                )
            return
        value = self._number(
            name,
            raw,
            gettext(
                "“%(typed)s” is not a hand value: enter a whole number from %(low)s to %(high)s"
            ),
            low=low,
            high=high,
        )
        if value is not None:
            penalties[name] = value

    def _read_count(self, name: str, won: bool, counts: dict[str, engine.CardCount]) -> None:
        cards = self.box("cards", name).value.strip()
        jokers = self.box("jokers", name).value.strip() or "0"
        if not cards:
            if won:
                self.add(
                    self.row_key(name),
                    gettext("enter how many cards %(name)s held: 1 to %(most)s")
                    % {"name": name, "most": self.held},
                )
            return
        n = self._number(
            name,
            cards,
            gettext(
                "“%(typed)s” is not a number of cards: enter a whole number from 1 to %(most)s"
            ),
            most=self.held,
        )
        j = self._number(
            name,
            jokers,
            gettext(
                "“%(typed)s” is not a number of jokers: enter a whole number from 0 to %(most)s"
            ),
            most=self.rules.jokers,
        )
        if n is not None and j is not None:
            counts[name] = engine.CardCount(n, j)

    def _read_adjustment(
        self, name: str, adjustments: dict[str, int], reasons: dict[str, str]
    ) -> None:
        """A fixed-deals penalty adjustment and its reason; the challenge box fills in both."""
        typed = raw = self.box("adjust", name).value.strip()
        reason = self.box("reason", name).value.strip()
        if self.box("sign", name).value == "-" and raw and not raw.startswith("-"):
            raw = f"-{raw}"  # "takes off": a phone's number keypad may have no minus sign
        if self.challenge_points and self.box("challenge", name).value in TICKED:
            raw = raw or str(self.challenge_points)
            reason = reason or self.challenge_reason
        if raw:
            if not SIGNED.fullmatch(raw):
                self.add(
                    self.adjust_key(name),
                    gettext(
                        "“%(typed)s” is not a number of penalty points: enter a whole number "
                        "from 0 to 1000"
                    )
                    % {"typed": typed},
                )
                return
            adjustments[name] = int(raw)
        if len(reason) > REASON_MAX or control_character(reason):
            self.add(
                self.adjust_key(name),
                gettext(
                    "a reason is up to %(most)s letters, digits, spaces and punctuation, such "
                    "as “%(example)s”"
                )
                % {"most": REASON_MAX, "example": self.challenge_reason},
            )
        elif reason:
            reasons[name] = reason

    def holds_values(self) -> bool:
        """Whether anything is typed that a void hand would throw away."""
        return any(TYPED.fullmatch(k) and v.strip() for k, v in self.typed.items())

    def add_problems(self, problems: tuple[engine.Problem, ...]) -> None:
        """Puts each engine problem beside the input its player and field name, or above the
        form. A player whose input could not be read is left out: the engine finds it missing,
        and every problem is told once."""
        flagged = {name for name in self.players if self.row_key(name) in self.errors}
        adjusted = {name for name in self.players if self.adjust_key(name) in self.errors}
        for problem in problems:
            player = problem.player
            if player in self.players and problem.code in ADJUSTMENT_PROBLEMS:
                if player not in adjusted:
                    self.add(self.adjust_key(player), beside_text(problem))
                continue
            if player in flagged:
                continue
            if player is None:
                self.add(WINNER, problem_text(problem))
            elif player not in self.players:
                self.add("form", problem_text(problem))
            elif problem.field == "buy_ins" and self.decisions:
                self.add(box_name("decision", self.seats[player]), problem_text(problem))
            else:
                # Beside a player's own field their name is already on the label.
                self.add(self.row_key(player), beside_text(problem))

    def problems(self) -> tuple[engine.Problem, ...]:
        """The errors as the engine's problems, each naming its player and input."""
        owners = {self.row_key(name): name for name in self.players}
        owners |= {box_name("decision", self.seats[name]): name for name in self.players}
        owners |= {self.adjust_key(name): name for name in self.players}
        return tuple(
            engine.Problem(message, player=owners.get(key), field=key)
            for key, messages in self.errors.items()
            for message in messages
        )

    # ------------------------------------------------------------------ a recorded hand

    def fill(self, hand: engine.Hand) -> "HandForm":
        """The form as it would hold a recorded hand, typed in again; a card list the engine
        refuses leaves its box empty (its problem is shown above the form)."""
        typed: dict[str, str] = {}
        values = {**hand.penalties, **counted_cards(hand, self.rules, self.held)}
        for name, value in values.items():
            typed[self.row_key(name)] = str(value)
        typed[WINNER] = hand.winner or ""
        if hand.kalookie:
            typed[KALOOKIE] = "on"
        for name, decision in hand.buy_ins.items():
            typed[box_name("decision", self.seats[name])] = "in" if decision else "out"
        for name, count in hand.counts.items():
            typed[box_name("cards", self.seats[name])] = str(count.cards)
            typed[box_name("jokers", self.seats[name])] = str(count.jokers)
        for name, points in hand.adjustments.items():
            typed[box_name("adjust", self.seats[name])] = str(abs(points))
            if points < 0:
                typed[box_name("sign", self.seats[name])] = "-"
        for name, reason in hand.reasons.items():
            typed[box_name("reason", self.seats[name])] = reason
        self.typed = typed
        self._changed()
        return self

    # ------------------------------------------------------------------ for the template

    @cached_property
    def rows(self) -> list[PlayerRow]:
        """One row per player, built once for the template's several loops over them."""
        kinds = ("value", "cards", "jokers", "adjust", "sign", "reason", "challenge", "decision")
        return [
            PlayerRow(
                name=name,
                won=self.typed.get(WINNER) == name,
                errors=self.errors.get(self.row_key(name), []),
                adjust_errors=self.errors.get(self.adjust_key(name), []),
                decision_errors=self.errors.get(box_name("decision", self.seats[name]), []),
                **{kind: self.box(kind, name) for kind in kinds},
            )
            for name in self.players
        ]

    @property
    def winner(self) -> Box:
        return Box(WINNER, self.typed.get(WINNER, ""))

    @property
    def kalookie(self) -> Box:
        return Box(KALOOKIE, self.typed.get(KALOOKIE, ""))

    @property
    def winner_errors(self) -> list[str]:
        return self.errors.get(WINNER, [])

    @property
    def form_errors(self) -> list[str]:
        return self.errors.get("form", [])

    @property
    def void_asked(self) -> list[str]:
        return self.errors.get("void", [])

    @property
    def decision_errors(self) -> bool:
        return any(key.startswith("decision-") for key in self.errors)

    @property
    def adjustments_open(self) -> bool:
        """The penalty points section opens on anything typed in it or wrong with it."""
        kinds = ("adjust", "reason", "challenge")
        typed = any(self.box(kind, name).value for kind in kinds for name in self.players)
        return typed or any(key.startswith("adjust-") for key in self.errors)


def counted_cards(hand: engine.Hand, rules: engine.Rules, held: int) -> dict[str, int]:
    """What each loser's card list counts to, with `held` the most cards a loser holds in the
    hand's deal; a list the engine refuses is left out (its problem is shown instead)."""
    counted = {}
    for name, cards in hand.cards.items():
        try:
            counted[name] = engine.cards_value(cards, rules, held)
        except ValueError:
            continue
    return counted


def keep_counted_cards(
    hand: engine.Hand, before: engine.Hand, rules: engine.Rules, held: int
) -> engine.Hand:
    """An edited hand keeps each loser's card list where the value in the form is still what
    those cards count to, so correcting one player leaves the others' cards as they were."""
    kept = {
        name: before.cards[name]
        for name, value in counted_cards(before, rules, held).items()
        if name != hand.winner and hand.penalties.get(name) == value
    }
    if not kept:
        return hand
    penalties = {name: v for name, v in hand.penalties.items() if name not in kept}
    return replace(hand, penalties=penalties, cards={**hand.cards, **kept})


def settings_initial(preset: str, overrides: dict[str, Any], stakes: dict[str, str]) -> dict:
    """The settings form's fields for stored house rules (the reverse of `overrides`)."""
    initial: dict[str, Any] = {"preset": preset, **stakes}
    for key in ("limit", "joker_value", "target", "deals", "out_at", "buy_in_needs_remaining"):
        if overrides.get(key) is not None:
            initial[key] = overrides[key]
    if "max_buy_ins" in overrides:
        value = overrides["max_buy_ins"]
        initial["max_buy_ins"] = "none" if value is None else str(value)
    if "kalookie_doubles_penalties" in overrides:
        initial["kalookie_doubles"] = "yes" if overrides["kalookie_doubles_penalties"] else "no"
    if "winner_bonus" in overrides:
        initial["bonus_call_up"] = overrides["winner_bonus"]["call_up"]
        initial["bonus_kalookie"] = overrides["winner_bonus"]["kalookie"]
    return initial


class HouseRulesForm(SettingsForm):
    """A table's own rules: a preset with every setting it may change, a name, and notes."""

    name = forms.CharField(max_length=80, label=gettext_lazy("Name of your house rules"))
    notes = forms.CharField(
        max_length=1000,
        required=False,
        label=gettext_lazy("Play notes (on the rules card only, e.g. “first meld 40”)"),
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def clean_name(self) -> str:
        name, problem = check_name(self.cleaned_data["name"], gettext("a name for house rules"), 80)
        if problem:
            raise forms.ValidationError(problem)
        return name
