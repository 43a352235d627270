"""Problems a scorer can act on: which hand, which player, what is wrong and what is allowed.

A problem is data: a stable `code`, its `params` (names, numbers, plain text) and the English
`message` made from the code's template (messages.py); the web layer words it in the reader's
language from the same code and params."""

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .messages import MESSAGES


@dataclass(frozen=True)
class Problem:
    message: str
    hand: int | None = None
    player: str | None = None
    field: str | None = None
    code: str = ""
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        where = []
        if self.hand is not None:
            where.append(f"Hand {self.hand}")
        if self.player is not None:
            where.append(self.player)
        return f"{', '.join(where)}: {self.message}" if where else self.message


def english(template: str, params: Mapping[str, Any]) -> str:
    """A template filled in as the engine writes it: lists of names joined with "and"."""
    return template % {k: " and ".join(v) if isinstance(v, tuple) else v for k, v in params.items()}


def problem(
    code: str,
    hand: int | None = None,
    player: str | None = None,
    field: str | None = None,
    **params: Any,
) -> Problem:
    """The problem `code` with its params, its English message made from the code's template."""
    return Problem(english(MESSAGES[code], params), hand, player, field, code, params)


class RecordError(ValueError):
    """Raised for a game or hand that cannot be scored; carries the first problem found."""

    def __init__(self, problem: Problem | str, *more: Problem) -> None:
        self.problem = problem if isinstance(problem, Problem) else Problem(problem)
        self.problems = (self.problem, *more)
        super().__init__(str(self.problem))
