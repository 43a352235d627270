"""A page's post read for a command: the version and key every form carries, a hand number, and
the hand form read into an engine hand. A command is handed engine hands, never a form.

A hand form is read against the ledger of the game the view loaded: the players then in the
hand, their seats, the rules, the deal. That is the ledger the command decides on, or one with the
same hands: `apply` refuses a command made against a version that a change of hands has moved
on from, under the game row's lock, before it decides.
"""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from kalooki_ledger import rules as engine

from .commands.base import KEY, REVISION, Refusal, Sent, Verdict
from .commands.hands import EditHand, RecordHand
from .forms.hand import HandForm, read_edited


def parse_sent(post: Any, who: str) -> Sent:
    """The state (version, revision) and key a form carries; a key that isn't one is refused as
    damaged."""
    # The version field may hold a whole state, "12.<revision>": the outbox writes an answer's
    # ETag there, and that state is newer than the revision field beside it.
    shown, _, named = str(post.get("version", "")).partition(".")
    try:
        version = int(shown)
    except ValueError:
        version = None
    revision = named or post.get("revision", "")
    if revision and not REVISION.fullmatch(revision):
        raise Refusal(
            Verdict.DAMAGED, gettext("That form's key is damaged: reload the page and try again.")
        )
    key = post.get("key", "")
    if key and not KEY.fullmatch(key):
        raise Refusal(
            Verdict.DAMAGED, gettext("That form's key is damaged: reload the page and try again.")
        )
    return Sent(version, key, who, revision or None)


@dataclass(frozen=True)
class PostedHand:
    """The hand form (or, `editing`, the edit form of a recorded hand) as posted: what its key
    asked. Its name and fields are what a form's hand has been fingerprinted as, so a hand sent
    again with its key is the same request however the view reads it."""

    post: Any
    editing: bool = False


def record_hand(post: Any, ledger: engine.Ledger, who: str) -> tuple[Sent, RecordHand]:
    """The table's hand form as a command: the hand number it shows and the hand it holds (a
    void hand outright when its "void anyway" button was pressed)."""
    sent = parse_sent(post, who)
    number = hand_number(post.get("number"))
    if post.get("action") == "void-anyway":
        return sent, RecordHand(number, hand=engine.Hand(void=True))
    form = HandForm(
        list(ledger.in_game()), ledger.game.players, ledger.game.rules, ledger.next_deal
    )
    hand = form.read(post)
    if post.get("action") == "void" and form.holds_values():
        form.add("void", void_ask(number))
        hand = None
    return sent, RecordHand(
        number, reader=PostedHand(post), read=hand, misread=bool(form.errors), form=form
    )


def edit_hand(number: int, post: Any, ledger: engine.Ledger, who: str) -> tuple[Sent, EditHand]:
    """The edit form of hand `number` as a command (a hand the game lacks is left unread: the
    command tells what became of it)."""
    sent = parse_sent(post, who)
    if not 1 <= number <= len(ledger.hands):
        return sent, EditHand(number, reader=PostedHand(post, editing=True))
    form = read_edited(post, ledger, number)
    edited = PostedHand(post, editing=True)
    return sent, EditHand(
        number, reader=edited, read=form.hand, misread=bool(form.errors), form=form
    )


def void_ask(number: int) -> str:
    return gettext(
        "Values are typed for hand %(number)s: void it anyway (the stock ran out twice)? "
        "They will be thrown away."
    ) % {"number": number}


def hand_number(value: str | None) -> int:
    """A hand number a form sends, or 0 (no hand) when it isn't one."""
    try:
        return int(value or "")
    except ValueError:
        return 0
