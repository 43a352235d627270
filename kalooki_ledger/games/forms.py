"""The new-game form and the hand form: shapes are checked here, everything else by the engine."""

import re
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from django.http import QueryDict

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.record import build_rules, build_stakes, control_character

from .present import problem_text

MAX_SEATS = 6
STAKE_FIELDS = ("call_up", "kalookie", "initial", "buy_in", "per_point")
STAKE_LABELS = {
    "call_up": "Call-up (each loser pays the winner)",
    "kalookie": "Kalookie (each loser pays the winner)",
    "initial": "Initial stake (into the pool or pot)",
    "buy_in": "Buy-in (into the pool)",
    "per_point": "Per point (each loser pays the winner for each point)",
}
CHALLENGE_POINTS = 50
CHALLENGE_REASON = "Lost a challenge"
REASON_MAX = 200  # as Entry.reason keeps
KEEP = [("", "As the preset")]


def preset_choices() -> list[tuple[str, str]]:
    return [(key, f"{p.name}: {p.description}") for key, p in engine.PRESETS.items()]


class NewGameForm(forms.Form):
    title = forms.CharField(max_length=200, required=False, label="Title")
    preset = forms.ChoiceField(
        choices=preset_choices, initial=engine.DEFAULT_PRESET, widget=forms.RadioSelect
    )
    limit = forms.IntegerField(required=False, min_value=10, max_value=10_000, label="Limit")
    out_at = forms.ChoiceField(
        required=False,
        label="Out when",
        choices=[*KEEP, ("over", "over the limit"), ("reach", "on reaching the limit")],
    )
    max_buy_ins = forms.ChoiceField(
        required=False,
        label="Buy-ins per player",
        choices=[*KEEP, ("0", "none"), ("1", "1"), ("2", "2"), ("3", "3"), ("none", "unlimited")],
    )
    buy_in_needs_remaining = forms.ChoiceField(
        required=False,
        label="Buy-ins need this many players still within",
        choices=[*KEEP, *((str(n), str(n)) for n in range(2, 7))],
    )
    kalookie_doubles = forms.ChoiceField(
        required=False,
        label="A kalookie (or bending the table) doubles the others' points",
        choices=[*KEEP, ("yes", "yes"), ("no", "no")],
    )
    bonus_call_up = forms.IntegerField(
        required=False, min_value=0, max_value=500, label="Points off the winner (call-up)"
    )
    bonus_kalookie = forms.IntegerField(
        required=False, min_value=0, max_value=500, label="Points off the winner (kalookie)"
    )
    joker_value = forms.IntegerField(
        required=False, min_value=1, max_value=100, label="A joker in hand counts"
    )
    target = forms.IntegerField(
        required=False, min_value=1, max_value=100_000, label="Play to a target score"
    )
    deals = forms.IntegerField(
        required=False, min_value=1, max_value=100_000, label="Number of deals"
    )
    currency = forms.CharField(
        max_length=10,
        initial="GBP",
        label="Currency",
        help_text="An ISO code such as GBP, EUR, USD, or “units” for chips or points.",
    )
    call_up = forms.CharField(
        max_length=12, initial="0.10", required=False, label=STAKE_LABELS["call_up"]
    )
    kalookie = forms.CharField(
        max_length=12, initial="0.20", required=False, label=STAKE_LABELS["kalookie"]
    )
    initial = forms.CharField(
        max_length=12, initial="0.50", required=False, label=STAKE_LABELS["initial"]
    )
    buy_in = forms.CharField(
        max_length=12, initial="0.50", required=False, label=STAKE_LABELS["buy_in"]
    )
    per_point = forms.CharField(
        max_length=12, initial="0", required=False, label=STAKE_LABELS["per_point"]
    )
    seating = forms.ChoiceField(
        initial="typed",
        widget=forms.RadioSelect,
        choices=[
            ("typed", "As typed: the first name deals first, the others sit clockwise in order"),
            (
                "draw",
                "Draw for seats: the app deals ace to N; the ace deals first, 2, 3… sit "
                "clockwise from the ace",
            ),
        ],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, MAX_SEATS + 1):
            self.fields[f"player_{i}"] = forms.CharField(
                max_length=40,
                required=i <= 2,
                label=f"Player {i}",
                error_messages={"required": "a game needs at least two players"},
            )
        self.record: engine.GameRecord | None = None
        self.drawn: list[tuple[int, str]] = []
        # Stakes: the decimal keypad; app.js selects the figure on focus, so typing replaces it.
        for name in STAKE_FIELDS:
            self.fields[name].widget.attrs.update(inputmode="decimal", autocomplete="off")
            self.fields[name].widget.attrs["data-select"] = ""

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{i}"] for i in range(1, MAX_SEATS + 1)]

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

    def names(self) -> list[tuple[str, str]]:
        return [
            (f"player_{i}", engine.tidy_name(self.cleaned_data.get(f"player_{i}", "")))
            for i in range(1, MAX_SEATS + 1)
            if engine.tidy_name(self.cleaned_data.get(f"player_{i}", ""))
        ]

    def clean(self) -> dict:
        data = super().clean()
        seen: dict[str, str] = {}
        for key, name in self.names():
            problem = engine.check_name(name)[1]
            if problem:
                self.add_error(key, problem)
            elif engine.name_key(name) in seen:
                self.add_error(key, f"{name} is already playing: give each player a different name")
            seen[engine.name_key(name)] = key
        if self.errors:
            return data
        self.record = self.build_record(data)
        return data

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
            self.add_error(self.field_for(exc.problem.message), exc.problem.message)
            return None

    def stakes_record(self, data: dict) -> dict[str, str]:
        """The stakes in the record's terms: only those the family plays for."""
        currency = data["currency"].strip()
        return {
            "currency": "units" if currency == "UNITS" else currency,
            **{key: (data.get(key) or "0").strip() for key in self.family(data).stakes},
        }

    @staticmethod
    def field_for(message: str) -> str | None:
        """The field an engine message about the set-up belongs beside."""
        for key in STAKE_FIELDS:
            if f"the {key} stake" in message:
                return key
        if message.startswith("currency"):
            return "currency"
        for key in ("limit", "joker_value", "winner_bonus", "target", "deals"):
            if message.startswith(key):
                return "bonus_call_up" if key == "winner_bonus" else key
        return None


@dataclass
class HandEntry:
    """A hand as typed into the form: the engine hand, what was typed, and errors by field."""

    hand: engine.Hand | None
    typed: dict[str, str] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)

    def add(self, where: str, message: str) -> None:
        self.errors.setdefault(where, []).append(message)


def value_key(seat: int) -> str:
    return f"value-{seat}"


def hand_bounds(rules: engine.Rules, players: int, deal: int | None) -> tuple[int, int, int]:
    """The cards a loser may hold in this deal and the least and most their hand is worth."""
    held = rules.cards_held(players, deal)
    low, high = rules.hand_value_bounds(held)
    return held, low, high


WHOLE = re.compile(r"[0-9]{1,6}")  # ASCII digits only ("²".isdigit() is true), and few
SIGNED = re.compile(r"-?[0-9]{1,6}")


def _number(entry: HandEntry, name: str, raw: str, what: str, allowed: str) -> int | None:
    if not WHOLE.fullmatch(raw):
        entry.add(name, f"“{raw}” is not {what}: enter a whole number {allowed}")
        return None
    return int(raw)


def read_hand(
    post: QueryDict,
    players: list[str],
    seats: dict[str, int],
    rules: engine.Rules,
    table: int | None = None,
    deal: int | None = None,
) -> HandEntry:
    """The hand in a posted form, for the players in it; bad numbers are errors, not guesses.
    `table`: players seated (for the cards dealt); `deal`: the fixed-deals deal played."""
    held, low, high = hand_bounds(rules, table or len(players), deal)
    typed = {key: post.get(key, "") for key in post if key != "csrfmiddlewaretoken"}
    entry = HandEntry(None, typed)
    if post.get("action") == "void":
        entry.hand = engine.Hand(void=True)
        return entry
    winner = post.get("winner", "")
    if winner not in players:
        entry.add(
            "winner", "choose who won the hand (or press “Void hand” if the stock ran out twice)"
        )
        winner = ""
    penalties: dict[str, int] = {}
    counts: dict[str, engine.CardCount] = {}
    adjustments: dict[str, int] = {}
    reasons: dict[str, str] = {}
    family = engine.family_of(rules.family)
    per_hand = family.takes_counts()
    for name in players:
        seat = seats[name]
        if family.takes_adjustments():
            _read_adjustment(post, entry, name, seat, adjustments, reasons)
        if name == winner:
            continue
        if per_hand:
            cards = post.get(f"cards-{seat}", "").strip()
            jokers = post.get(f"jokers-{seat}", "").strip() or "0"
            if not cards:
                if winner:
                    entry.add(name, f"enter how many cards {name} held: 1 to {held}")
                continue
            n = _number(entry, name, cards, "a number of cards", f"from 1 to {held}")
            j = _number(entry, name, jokers, "a number of jokers", f"from 0 to {rules.jokers}")
            if n is not None and j is not None:
                counts[name] = engine.CardCount(n, j)
            continue
        raw = post.get(value_key(seat), "").strip()
        if not raw:
            if winner:
                entry.add(name, f"enter what {name} held: a number from {low} to {high}")
            continue
        value = _number(entry, name, raw, "a hand value", f"from {low} to {high}")
        if value is not None:
            penalties[name] = value
    decisions = {}
    if family.takes_buy_ins():
        for name in players:
            choice = post.get(f"decision-{seats[name]}", "")
            if choice in ("in", "out"):
                decisions[name] = choice == "in"
    if winner:
        entry.hand = engine.Hand(
            winner=winner,
            kalookie=post.get("kalookie") in ("on", "1", "true"),
            penalties=penalties,
            counts=counts,
            adjustments=adjustments,
            reasons=reasons,
            buy_ins=decisions,
        )
    return entry


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


def _read_adjustment(
    post: QueryDict,
    entry: HandEntry,
    name: str,
    seat: int,
    adjustments: dict[str, int],
    reasons: dict[str, str],
) -> None:
    """A fixed-deals penalty adjustment and its reason; the challenge box fills in both."""
    raw = post.get(f"adjust-{seat}", "").strip()
    reason = post.get(f"reason-{seat}", "").strip()
    if post.get(f"sign-{seat}") == "-" and raw and not raw.startswith("-"):
        raw = f"-{raw}"  # "takes off": a phone's number keypad may have no minus sign
    if post.get(f"challenge-{seat}") in ("on", "1", "true"):
        raw = raw or str(CHALLENGE_POINTS)
        reason = reason or CHALLENGE_REASON
    if raw:
        if not SIGNED.fullmatch(raw):
            entry.add(
                name,
                f"“{raw}” is not a penalty adjustment: enter a whole number of points "
                "from -1000 to 1000",
            )
            return
        adjustments[name] = int(raw)
    if len(reason) > REASON_MAX or control_character(reason):
        entry.add(
            name,
            f"a reason is up to {REASON_MAX} letters, digits, spaces and punctuation, such as "
            f"“{CHALLENGE_REASON}”",
        )
    elif reason:
        reasons[name] = reason


def add_problems(
    entry: HandEntry, problems: tuple[engine.Problem, ...], players: list[str]
) -> None:
    """Puts each engine problem beside the player it names, or above the form."""
    for problem in problems:
        where = problem.player if problem.player in players else "winner"
        if problem.player and problem.player not in players:
            where = "form"
        # Beside a player's own field their name is already on the label.
        beside = where == problem.player and not problem.message.startswith(("was ", "is "))
        entry.add(where, problem.message if beside else problem_text(problem))


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


class HouseRulesForm(NewGameForm):
    """A table's own rules: a preset with every setting it may change, a name, and notes."""

    title = None
    seating = None
    name = forms.CharField(max_length=80, label="Name of your house rules")

    def clean_name(self) -> str:
        name, problem = engine.check_name(self.cleaned_data["name"], "a name for house rules", 80)
        if problem:
            raise forms.ValidationError(problem)
        return name

    notes = forms.CharField(
        max_length=1000,
        required=False,
        label="Play notes (on the rules card only, e.g. “first meld 40”)",
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, MAX_SEATS + 1):
            del self.fields[f"player_{i}"]
        self.rules: engine.Rules | None = None
        self.stakes: engine.Stakes | None = None
        self.tidy: dict[str, Any] = {}

    def clean(self) -> dict:
        data = forms.Form.clean(self)
        if self.errors:
            return data
        preset = data["preset"]
        try:
            self.rules, self.tidy = build_rules(preset, self.overrides(data))
            self.stakes = build_stakes(preset, self.stakes_record(data))
        except engine.RecordError as exc:
            self.add_error(self.field_for(exc.problem.message), exc.problem.message)
        return data
