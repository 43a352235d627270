"""An engine problem in the reader's language. The engine gives each problem a code and its
params and keeps the English template beside the code (rules/messages.py); here the template is
translated and filled, so the words follow the page's language and the names and numbers stay
the engine's."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.messages import MESSAGES
from kalooki_ledger.rules.names import A_PLAYERS_NAME, MAX_NAME

from .words import joined

# Codes whose message reads on from the player's name ("Frank was not offered a buy-in…").
AFTER_NAME = frozenset(
    {
        "winner-out",
        "winner-has-value",
        "out-has-value",
        "decision-missing",
        "not-offered-already-out",
        "not-offered-within",
        "not-offered-game-over",
        "not-offered-too-few",
        "not-offered-none-allowed",
        "not-offered-used-all",
    }
)
# Of those, the ones still worded with the name beside the player's own input, where the label
# already names them: a message that says "was" or "is" reads wrong without its subject.
NAMED_BESIDE = AFTER_NAME - {"winner-has-value"}
# A problem a form made itself has no code: its message is already in the reader's words.
_ENGLISH_AFTER_NAME = ("was ", "is ", "won ")


def _param(key: str, value: Any) -> Any:
    if isinstance(value, tuple):  # names joined as a sentence joins them
        return joined(value)
    if key == "what":  # the kind of name, English where the engine chose it
        return gettext(value)
    return value


def problem_message(problem: engine.Problem) -> str:
    """The problem's message in the active language, with its names and numbers in place."""
    if not problem.code:
        return problem.message
    params: Mapping[str, Any] = {k: _param(k, v) for k, v in problem.params.items()}
    return gettext(MESSAGES[problem.code]) % params


def _after_name(problem: engine.Problem, codes: frozenset[str], english: tuple[str, ...]) -> bool:
    if problem.code:
        return problem.code in codes
    return problem.message.startswith(english)


def problem_text(problem: engine.Problem) -> str:
    """An engine problem as a sentence: "Frank is out of the game after hand 2 …"."""
    message = problem_message(problem)
    if not problem.player:
        return message
    if _after_name(problem, AFTER_NAME, _ENGLISH_AFTER_NAME):
        return f"{problem.player} {message}"
    return f"{problem.player}: {message}"


def beside_text(problem: engine.Problem) -> str:
    """A problem shown beside its player's own input, where the label names them: the message
    alone, or the sentence with the name where the message reads on from it."""
    if _after_name(problem, NAMED_BESIDE, ("was ", "is ")):
        return problem_text(problem)
    return problem_message(problem)


def located_text(problem: engine.Problem) -> str:
    """The problem as the engine's str() writes it, with where it is ("Hand 3, Bob: …"), in
    the active language: for the import page, where the hand is not on screen."""
    where = []
    if problem.hand is not None:
        where.append(gettext("Hand %(number)s") % {"number": problem.hand})
    if problem.player is not None:
        where.append(problem.player)
    message = problem_message(problem)
    return f"{', '.join(where)}: {message}" if where else message


def lookalike_sentence(one: str, other: str) -> str:
    """Two different names that look the same (engine.first_lookalike), as a sentence naming
    both, for a form's field."""
    text = problem_message(engine.problem("players-lookalike", one=one, other=other))
    return f"{text[0].upper()}{text[1:]}."


def check_name(text: str, what: str = A_PLAYERS_NAME, limit: int = MAX_NAME) -> tuple[str, str]:
    """The engine's check_name worded in the active language: the tidy name, and "" when it
    may be used or else what a name may hold, beginning with `what`."""
    name, found = engine.name_problem(text, what, limit)
    return name, problem_message(found) if found else ""
