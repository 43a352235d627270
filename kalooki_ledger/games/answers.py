"""A command's verdict said in HTTP: written once for the pages and the API."""

from .commands import Outcome, Verdict

STATUS = {
    Verdict.APPLIED: 200,
    Verdict.REPLAYED: 200,
    Verdict.UNCHANGED: 200,
    Verdict.STALE: 409,
    Verdict.REFUSED: 422,
    Verdict.MISSING: 404,
    Verdict.DAMAGED: 400,
}


def status(outcome: Outcome) -> int:
    return STATUS[outcome.verdict]
