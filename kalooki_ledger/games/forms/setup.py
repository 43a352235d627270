"""The forms that set a game up: a new game and a table's house rules."""

import secrets
from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from kalooki_ledger import rules as engine

from ..present import problem_message
from ..present.problems import check_name, lookalike_sentence
from .game_settings import MAX_SEATS, SettingsForm


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
