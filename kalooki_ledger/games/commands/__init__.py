"""The write model: every change to a game is a command, applied by `apply` in one transaction.

A command names the version of the game it was made against (the version the page showed) and
carries an idempotency key made by that page. `apply` stores it when that version still stands
and moves the version on; answers the same receipt, changing nothing, when the key comes again
with the same request (its fingerprint), and refuses the key with another; and refuses it as
stale when the game has changed since, unless the command is still safe to apply (see
`stale_ok`). Each stored command leaves one `Change`: the history line is its receipt. A change
that would change nothing stores no change, only its key's `Receipt` (`keep_no_op`): answered,
the key belongs to that request. Commands that make something (`Making`: a game, house
rules, a club's step) claim a `Receipt` instead. What became of a command is a `Verdict`;
`answers.py` says it in HTTP.

The package by concern: `base` (the protocol, verdicts, fingerprints, receipts), `applying`
(`apply`, a game's side of the locked path), `locked` (the one locked path of every command on
a versioned row), `versioned` (commands on a night or a group, their row's side), `hands` (the
hand commands), `game` (stop, paid, date), `making` (commands that make something). Its
modules import each other, never this package: it only gathers their names.
"""

from .applying import apply, never_had
from .base import (
    CARRIERS,
    DONE,
    KEY,
    BuyInAnswered,
    Command,
    DateChosen,
    Decision,
    HandChosen,
    HandTakenBack,
    Outcome,
    Refusal,
    Sent,
    TicksChanged,
    Verdict,
    fingerprint,
    key_reused,
    receipt,
    refused,
    same_request,
    unchanged,
)
from .game import EARLIEST, SETTLES, MarkPaid, SetDate, Stop, no_transfer
from .hands import (
    BuyIn,
    DeleteHand,
    EditHand,
    RecordHand,
    Undo,
    answered,
    hand_event,
    not_undone,
    number_range,
    race_notice,
    why_no_hand,
)
from .making import (
    Made,
    Making,
    SaveHouseRules,
    StartGame,
    Step,
    apply_making,
    earlier,
    made_before,
    once,
    start_values,
)
from .versioned import Read, Versioned

__all__ = [
    "CARRIERS",
    "DONE",
    "EARLIEST",
    "KEY",
    "SETTLES",
    "BuyIn",
    "BuyInAnswered",
    "Command",
    "DateChosen",
    "Decision",
    "DeleteHand",
    "EditHand",
    "HandChosen",
    "HandTakenBack",
    "Made",
    "Making",
    "MarkPaid",
    "Outcome",
    "Read",
    "RecordHand",
    "Refusal",
    "SaveHouseRules",
    "Sent",
    "SetDate",
    "StartGame",
    "Step",
    "Stop",
    "TicksChanged",
    "Undo",
    "Verdict",
    "Versioned",
    "answered",
    "apply",
    "apply_making",
    "earlier",
    "fingerprint",
    "hand_event",
    "key_reused",
    "made_before",
    "never_had",
    "no_transfer",
    "not_undone",
    "number_range",
    "once",
    "race_notice",
    "receipt",
    "refused",
    "same_request",
    "start_values",
    "unchanged",
    "why_no_hand",
]
