"""A night and a group in the JSON API (/api/v1/nights/…, /api/v1/groups/…): read with an ETag
(the row's version), changed by the same commands as the pages with `If-Match` and an
`Idempotency-Key`: 409 with the night as it is when stale, 422 for a key used for another
request, as a game's API does (games/api.py, whose helpers these are)."""

from decimal import Decimal

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.csrf import csrf_exempt

from kalooki_ledger import rules as engine
from kalooki_ledger.games import answers, commands, present
from kalooki_ledger.games.api import (
    BadRequest,
    Precondition,
    Unprocessable,
    error,
    headless,
    not_allowed,
    read_body,
    sent,
)
from kalooki_ledger.games.models import Game
from kalooki_ledger.rules.night import payment_amount

from .commands import AddGame, AddRegular, CarryOver, RecordPayment, TakeOutGame, WriteOff
from .models import Group, Night
from .record import group_json, night_json

NO_NIGHT = gettext_lazy("There is no night at this link.")


def _etag(row) -> str:
    return f'"{row.version}"'


def _json(row, body: dict, status: int = 200, **headers: str) -> JsonResponse:
    response = JsonResponse(body, status=status, json_dumps_params={"indent": 2})
    response["ETag"] = _etag(row)
    response["Cache-Control"] = "no-store"
    for name, value in headers.items():
        response[name] = value
    return response


def _endpoint(model, what: str, show, writes: bool = True):
    """An API view on a night or a group found by either link; writes need its scoring link.
    Every address reads (GET, HEAD); those that take a change take POST; others are 405."""
    allowed = ["GET", "HEAD", *(["POST"] if writes else [])]

    def decorate(view):
        @csrf_exempt
        def wrapper(request: HttpRequest, token: str) -> HttpResponse:
            if request.method not in allowed:
                return not_allowed(request, allowed)
            row = model.objects.filter(edit_token=token).first()
            can_write = row is not None
            if row is None:
                row = model.objects.filter(share_token=token).first()
            if row is None:
                return headless(request, error(404, str(what)))
            if request.method in ("GET", "HEAD"):
                if _etag(row) in request.headers.get("If-None-Match", ""):
                    response = HttpResponse(status=304)
                    response["ETag"] = _etag(row)
                    return response
                return headless(request, _json(row, show(row)))
            if not can_write:
                return error(403, gettext("This is a watch link: it can read, never change."))
            try:
                command = view(request, row, read_body(request))
                made = sent(request, row, needs_version=True)
            except BadRequest as bad:
                return error(bad.status, str(bad))
            except Precondition:
                return error(
                    428,
                    gettext("Send If-Match with the ETag you read, so a stale change is refused."),
                )
            outcome = commands.apply(row, made, command)
            row.refresh_from_db()
            if outcome.done:
                headers = {"Idempotent-Replayed": "true"} if outcome.replayed else {}
                return _json(row, show(row), 200, **headers)
            if outcome.verdict is commands.Verdict.STALE:
                return _json(row, {"error": outcome.notice, "now": show(row)}, 409)
            return error(answers.status(outcome), outcome.notice)

        return wrapper

    return decorate


def _amount(body: dict, night: Night) -> Decimal:
    """The payment's amount in the canonical form ("2.50" or 2): the engine's one reading."""
    try:
        return payment_amount(body.get("amount"), night.currency, exact=True)
    except engine.RecordError as refused:
        raise Unprocessable(capfirst(present.problem_text(refused.problem))) from None


def _only(body: dict, *keys: str) -> None:
    """Unknown keys are refused, never ignored: a typo must not pass for the default."""
    extra = sorted(set(body) - set(keys))
    if extra:
        raise Unprocessable(
            gettext("Unknown keys: %(extra)s. This address takes %(keys)s.")
            % {"extra": ", ".join(extra)[:200], "keys": ", ".join(keys)}
        )


def _choice(body: dict, name: str, allowed: tuple[str, ...]) -> str:
    """`body[name]`, one of `allowed` (the first when it is left out); anything else is 422."""
    value = body.get(name, allowed[0])
    if value not in allowed:
        raise Unprocessable(
            gettext("%(name)s is one of %(allowed)s.")
            % {"name": name, "allowed": ", ".join(f'"{a}"' for a in allowed)}
        )
    return value


def _text(body: dict, name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str):
        raise Unprocessable(gettext("%(name)s is a string.") % {"name": name})
    return value


@_endpoint(Night, NO_NIGHT, night_json)
def night_payments(request, night: Night, body: dict):
    _only(body, "from", "to", "amount", "transfer")
    transfer = body.get("transfer", True)
    if not isinstance(transfer, bool):
        raise Unprocessable(gettext("transfer is true or false."))
    return RecordPayment(
        _text(body, "from"), _text(body, "to"), _amount(body, night), ticked=transfer
    )


@_endpoint(Night, NO_NIGHT, night_json, writes=False)
def night(request, night: Night, body: dict):
    raise AssertionError("a read-only address")  # never called: it takes no change


@_endpoint(Night, NO_NIGHT, night_json)
def night_games(request, night: Night, body: dict):
    _only(body, "game", "action")
    action = _choice(body, "action", ("add", "remove"))
    game = Game.objects.filter(edit_token=str(body.get("game", ""))).first()
    if game is None:
        raise BadRequest(gettext("Name the game by its scoring link's token."))
    return TakeOutGame(game.pk) if action == "remove" else AddGame(game.pk)


@_endpoint(Night, NO_NIGHT, night_json)
def night_close(request, night: Night, body: dict):
    _only(body, "how")
    how = _choice(body, "how", ("carry", "write-off"))
    return WriteOff() if how == "write-off" else CarryOver()


@_endpoint(Group, gettext_lazy("There is no group at this link."), group_json)
def group(request, group: Group, body: dict):
    _only(body, "regular")
    return AddRegular(_text(body, "regular"))
