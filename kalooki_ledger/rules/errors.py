"""Problems a scorer can act on: which hand, which player, what is wrong and what is allowed.

A problem is data: a stable `code`, its `params` (names, numbers, plain text) and the English
`message` made from the code's template (messages.py); the web layer words it in the reader's
language from the same code and params."""

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
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


def as_json(value: Any, room: int = 40) -> str:
    """A value read from JSON as the sender wrote it ("5", true, 1E+999, [1, 2]), not as Python
    shows it ('5', True, Decimal('1E+999')): what a problem says was sent, at most `room` long."""
    text = _json_text(value, depth=3)
    return text if len(text) <= room else text[: room - 1] + "…"


def _json_text(value: Any, depth: int) -> str:
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int | float | Decimal):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value[:200], ensure_ascii=False)
    if depth == 0:  # a deep nest is shown as far as a reader needs
        return "…"
    if isinstance(value, Mapping):
        pairs = [f"{_json_text(str(k), 1)}: {_json_text(v, depth - 1)}" for k, v in value.items()]
        return "{" + ", ".join(pairs[:5] + ["…"] * (len(pairs) > 5)) + "}"
    if isinstance(value, list | tuple):
        items = [_json_text(v, depth - 1) for v in value[:6]]
        return "[" + ", ".join(items[:5] + ["…"] * (len(items) > 5)) + "]"
    return json.dumps(str(value)[:200], ensure_ascii=False)


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
