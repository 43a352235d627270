"""Problems a scorer can act on: which hand, which player, what is wrong and what is allowed."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    message: str
    hand: int | None = None
    player: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = []
        if self.hand is not None:
            where.append(f"Hand {self.hand}")
        if self.player is not None:
            where.append(self.player)
        return f"{', '.join(where)}: {self.message}" if where else self.message


class RecordError(ValueError):
    """Raised for a game or hand that cannot be scored; carries the first problem found."""

    def __init__(self, problem: Problem | str, *more: Problem) -> None:
        self.problem = problem if isinstance(problem, Problem) else Problem(problem)
        self.problems = (self.problem, *more)
        super().__init__(str(self.problem))
