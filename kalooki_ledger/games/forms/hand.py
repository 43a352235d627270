"""The hand form: reads a post into an engine hand and puts each engine problem beside its input;
a recorded hand put back into it, and the cards an edit keeps."""

from collections.abc import Mapping
from dataclasses import replace

from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.record import control_character

from ..present import beside_text, problem_text
from .hand_inputs import (
    ACTION,
    ADJUSTMENT_PROBLEMS,
    KALOOKIE,
    REASON_MAX,
    SIGNED,
    TICKED,
    TYPED,
    WHOLE,
    WINNER,
    HandInputs,
    box_name,
)


def in_hand(ledger: engine.Ledger, number: int) -> list[str]:
    """Players still in the game when hand `number` was dealt."""
    return [s.name for s in ledger.standings if s.out_after is None or s.out_after >= number]


class HandForm(HandInputs):
    """The hand form: its inputs (`HandInputs`) and the engine's hand read from them."""

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


def edit_form(ledger: engine.Ledger, number: int) -> HandForm:
    """The edit form of hand `number`: the players then in the game, its deal, its decisions."""
    rules, deal = ledger.game.rules, ledger.hands[number - 1].deal
    return HandForm(in_hand(ledger, number), ledger.game.players, rules, deal, decisions=True)


def read_edited(post: Mapping[str, str], ledger: engine.Ledger, number: int) -> HandForm:
    """The edit form of hand `number` as posted, its hand (`form.hand`) kept as cards where its
    values still count to them."""
    form = edit_form(ledger, number)
    hand = form.read(post)
    if hand is not None:
        before = ledger.game.hands[number - 1]
        form.hand = keep_counted_cards(hand, before, ledger.game.rules, form.held)
    return form
