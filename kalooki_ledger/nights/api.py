"""A night and a group in the JSON API (/api/v1/nights/…, /api/v1/groups/…): read with an ETag
(the row's version), changed by the same commands as the pages with `If-Match` and an
`Idempotency-Key`: 409 with the night as it is when stale, 422 for a key used for another
request, as a game's API does (games/api.py, whose helpers these are)."""

from decimal import Decimal, InvalidOperation

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.csrf import csrf_exempt

from kalooki_ledger.games import answers, commands
from kalooki_ledger.games.api import (
    BadRequest,
    Precondition,
    error,
    headless,
    not_allowed,
    read_body,
    sent,
)
from kalooki_ledger.games.models import Game

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


def _amount(body: dict) -> Decimal:
    value = body.get("amount")
    try:
        if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
            raise InvalidOperation
        return Decimal(str(value))
    except InvalidOperation:
        raise BadRequest(gettext('An amount is a number in a string, such as "2.50".')) from None


@_endpoint(Night, NO_NIGHT, night_json)
def night_payments(request, night: Night, body: dict):
    return RecordPayment(
        str(body.get("from", "")),
        str(body.get("to", "")),
        _amount(body),
        ticked=bool(body.get("transfer", True)),
    )


@_endpoint(Night, NO_NIGHT, night_json, writes=False)
def night(request, night: Night, body: dict):
    raise AssertionError("a read-only address")  # never called: it takes no change


@_endpoint(Night, NO_NIGHT, night_json)
def night_games(request, night: Night, body: dict):
    game = Game.objects.filter(edit_token=str(body.get("game", ""))).first()
    if game is None:
        raise BadRequest(gettext("Name the game by its scoring link's token."))
    return TakeOutGame(game.pk) if body.get("action") == "remove" else AddGame(game.pk)


@_endpoint(Night, NO_NIGHT, night_json)
def night_close(request, night: Night, body: dict):
    return WriteOff() if body.get("how") == "write-off" else CarryOver()


@_endpoint(Group, gettext_lazy("There is no group at this link."), group_json)
def group(request, group: Group, body: dict):
    return AddRegular(str(body.get("regular", "")))
