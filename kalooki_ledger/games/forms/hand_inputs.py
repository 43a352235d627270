"""The hand form's inputs: their names and keypads, a player's row, and what the template asks."""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from django.utils.translation import gettext, gettext_lazy

from kalooki_ledger import rules as engine

# The reason a ticked challenge box writes: the scorer's words, kept as if typed.
CHALLENGE_REASON = gettext_lazy("Lost a challenge")
REASON_MAX = 200  # as Entry.reason keeps


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


@dataclass(eq=False)
class HandInputs:
    """The hand form's inputs: their names, what they hold and the errors beside them, as the
    template shows them (`HandForm` reads them into an engine hand). `players`: those in the
    hand; `seated`: every player in seat order (a player's inputs are named by their seat);
    `deal`: the fixed-deals deal played; `typed`: what its inputs hold; `decisions`: whether
    the form shows the buy-in decisions after the hand (the edit page does). Made as a record
    of these; what it shows is worked out when asked."""

    players: list[str]
    seated: Sequence[str]
    rules: engine.Rules
    deal: int | None = None
    typed: dict[str, str] = field(default_factory=dict)
    decisions: bool = False
    errors: dict[str, list[str]] = field(default_factory=dict, init=False)
    hand: engine.Hand | None = field(default=None, init=False)

    @property
    def challenge_reason(self) -> str:
        return str(CHALLENGE_REASON)

    @cached_property
    def seats(self) -> dict[str, int]:
        return {name: seat for seat, name in enumerate(self.seated)}

    @cached_property
    def family(self) -> engine.Family:
        return engine.family_of(self.rules.family)

    @cached_property
    def _bounds(self) -> tuple[int, int, int]:
        return hand_bounds(self.rules, len(self.seats), self.deal)

    @property
    def held(self) -> int:
        """The most cards a loser holds in this deal."""
        return self._bounds[0]

    @property
    def low(self) -> int:
        return self._bounds[1]

    @property
    def high(self) -> int:
        return self._bounds[2]

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
    def touched(self) -> bool:
        """Whether anything was typed in it or found wrong with it: else the ledger alone says
        what it shows (the table page keeps it with the ledger)."""
        return bool(self.typed or self.errors)

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
