"""The hand forms' posts, read for the commands: a command is handed engine hands, never a form.

A hand form is read against the ledger the command decides on (the players in that hand, their
seats, the rules, the deal), so the view hands the command a reader; the command calls it while
deciding and hands the form back, with its errors, when the hand can't be stored.
"""

from dataclasses import dataclass, field
from typing import Any

from kalooki_ledger import rules as engine

from . import commands
from .forms import HandForm, keep_counted_cards


@dataclass
class PostedHand:
    """The hand form (or, `editing`, the edit form of a recorded hand) as posted."""

    post: Any
    editing: bool = False
    _form: HandForm | None = field(default=None, repr=False, compare=False)
    _hand: engine.Hand | None = field(default=None, repr=False, compare=False)

    def read(self, ledger: engine.Ledger, number: int) -> engine.Hand | None:
        rules, seats = ledger.game.rules, commands.seat_order(ledger)
        if self.editing:
            players = commands.in_hand(ledger, number)
            deal = ledger.hands[number - 1].deal
            form = HandForm(players, seats, rules, deal, decisions=True)
        else:
            form = HandForm(list(ledger.in_game()), seats, rules, ledger.next_deal)
        self._form, hand = form, form.read(self.post)
        if not self.editing and self.post.get("action") == "void" and form.holds_values():
            form.add("void", commands.void_ask(number))
            hand = None
        elif hand is not None and self.editing:
            # Kept as cards where its values still count to them.
            before = ledger.game.hands[number - 1]
            hand = form.hand = keep_counted_cards(hand, before, rules, form.held)
        self._hand = hand
        return hand

    def refused(self, problems: tuple[engine.Problem, ...]) -> HandForm | None:
        form = self._form
        if form is None:
            return None
        if problems:
            form.add_problems(problems)
        return form if form.errors or self._hand is None else None


def record_hand(post: Any) -> commands.RecordHand:
    """The table's hand form as a command: the hand number it shows and the hand it holds (a
    void hand outright when its "void anyway" button was pressed)."""
    number = hand_number(post.get("number"))
    if post.get("action") == "void-anyway":
        return commands.RecordHand(number, hand=engine.Hand(void=True))
    return commands.RecordHand(number, reader=PostedHand(post))


def edit_hand(number: int, post: Any) -> commands.EditHand:
    return commands.EditHand(number, reader=PostedHand(post, editing=True))


def hand_number(value: str | None) -> int:
    """A hand number a form sends, or 0 (no hand) when it isn't one."""
    try:
        return int(value or "")
    except ValueError:
        return 0
