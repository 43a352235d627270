"""A night and a group in the JSON API (/api/v1/nights/…, /api/v1/groups/…), typed operations of
the one API (`games/api_layer.py`): read with an ETag that names their version and what they show
(a night's moves when one of its games takes a hand), changed by the same commands as the pages
with `If-Match` and an `Idempotency-Key`: 409 with the night as it is when stale, 422 for a key
used for another request, as a game's API does."""

from typing import Annotated, Any, Literal

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from ninja import Field, Router, Schema
from pydantic import ConfigDict, StrictBool, StrictStr

from kalooki_ledger import rules as engine
from kalooki_ledger.games import answers, api_layer, commands
from kalooki_ledger.games.api_layer import (
    AMOUNT_PATTERN,
    ROW_PART,
    SAID,
    SHAPES,
    ApiError,
    Error,
    IdempotencyKey,
    IfNoneMatch,
    Json,
    RowIfMatch,
    Strict,
    Token,
    conditional,
    json_response,
    opened_by_link,
    sent,
)
from kalooki_ledger.games.commands.versioned import digest
from kalooki_ledger.games.converters import TokenConverter
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present.problems import located_text
from kalooki_ledger.rules.night import payment_amount

from .commands import (
    AddGame,
    AddRegular,
    CarryOver,
    RecordPayment,
    TakeOutGame,
    WriteOff,
    shown,
)
from .models import Group, Night

router = Router(tags=["nights"])


class NightRecord(Schema):
    """The kalooki-night/1 record: its games' records, its payments and its settle-up."""

    model_config = ConfigDict(extra="allow")
    format: Literal["kalooki-night/1"]
    version: int
    games: list[dict[str, Any]]
    payments: list[dict[str, Any]]
    results: dict[str, Any]


class GroupRecord(Schema):
    model_config = ConfigDict(extra="allow")
    format: Literal["kalooki-group/1"]
    version: int
    regulars: list[str]


class NightConflict(Error):
    now: NightRecord


class GroupConflict(Error):
    now: GroupRecord


class PaymentSent(Strict):
    from_: Annotated[StrictStr, Field(alias="from")]
    to: StrictStr
    amount: Annotated[StrictStr, Field(pattern=AMOUNT_PATTERN)]
    transfer: StrictBool = True

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class GameSent(Strict):
    game: Annotated[StrictStr, Field(pattern=f"^{TokenConverter.regex}$")]
    action: Literal["add", "remove"] = "add"


class CloseSent(Strict):
    how: Literal["carry", "write-off"] = "carry"


class RegularSent(Strict):
    regular: StrictStr


SAID["nights"] = {
    200: gettext_noop("The night or the group as it now stands, with its settle-up."),
    404: gettext_noop("There is no night or group at this link."),
    409: gettext_noop("It changed since the state named: nothing was stored. Here it is now."),
    422: gettext_noop("The command is refused: the message says why."),
}
SHAPES.update(
    {
        "payments": gettext_lazy(
            'A payment is {"from": "Mark", "to": "John", "amount": "2.50"}: the amount a '
            "decimal number in a string."
        ),
        "games": gettext_lazy(
            'Name the game by its scoring link\'s token: {"game": "…", "action": "add"} or '
            '"remove".'
        ),
        "close": gettext_lazy('Close the night with {"how": "carry"} or {"how": "write-off"}.'),
        "group": gettext_lazy('A regular is added with {"regular": "Ann"}.'),
    }
)
NO_NIGHT = gettext_noop("There is no night at this link.")
NO_GROUP = gettext_noop("There is no group at this link.")
READ, WRITE = api_layer.responses(NightRecord, NightConflict)


NIGHT_LINK = opened_by_link(
    Night, NO_NIGHT, gettext_noop("This is a watch link: it can read, never change.")
)
GROUP_LINK = opened_by_link(
    Group, NO_GROUP, gettext_noop("This is a watch link: it can read, never change.")
)


def tagged(row: Night | Group) -> tuple[Json, str]:
    """What the row shows and its ETag: its version and a digest of what it shows, so it moves
    when a game of the night takes a hand (or a restore brings a version back with other facts)."""
    body = shown(row)
    return body, f'"{row.version}.{digest(body)}"'


def change(request: HttpRequest, row: Night | Group, command: Any, key: str, if_match: str | None):
    """The command applied under the state If-Match names (its digest checked on the row as
    locked): the row as it now stands, or why nothing was stored."""
    made = sent(request, key, if_match, row.version, part=ROW_PART)
    outcome = commands.apply(row, made, command)
    row.refresh_from_db()
    body, tag = tagged(row)
    if outcome.done:
        return json_response(body, tag, 200, outcome.replayed)
    if outcome.verdict is commands.Verdict.STALE:
        raise ApiError(409, outcome.notice, headers={"ETag": tag}, now=body)
    raise ApiError(answers.status(outcome), outcome.notice)


@router.api_operation(
    ["GET", "HEAD"],
    "/nights/{token:token}",
    response=READ,
    url_name="night",
    auth=NIGHT_LINK,
    summary=gettext_noop("The night: its games' records, its payments and its settle-up"),
)
def night(request: HttpRequest, token: Token, if_none_match: IfNoneMatch = None) -> HttpResponse:
    body, tag = tagged(request.auth)
    return conditional(request, lambda: body, tag)


@router.post(
    "/nights/{token:token}/payments",
    response=WRITE,
    url_name="payments",
    auth=NIGHT_LINK,
    summary=gettext_noop("Record a payment made at the night"),
)
def night_payments(
    request: HttpRequest,
    token: Token,
    body: PaymentSent,
    idempotency_key: IdempotencyKey,
    if_match: RowIfMatch = None,
):
    row = request.auth
    try:  # the project's one reading of a payment, in the night's currency
        amount = payment_amount(body.amount, row.currency, exact=True)
    except engine.RecordError as exc:
        raise ApiError(422, located_text(exc.problem), exc.problems) from None
    command = RecordPayment(body.from_, body.to, amount, ticked=body.transfer)
    return change(request, row, command, idempotency_key, if_match)


@router.post(
    "/nights/{token:token}/games",
    response=WRITE,
    url_name="games",
    auth=NIGHT_LINK,
    summary=gettext_noop("Take a game into the night, or out of it"),
)
def night_games(
    request: HttpRequest,
    token: Token,
    body: GameSent,
    idempotency_key: IdempotencyKey,
    if_match: RowIfMatch = None,
):
    row = request.auth
    game = Game.objects.filter(edit_token=body.game).first()
    if game is None:
        raise ApiError(422, gettext("Name the game by its scoring link's token."))
    command = TakeOutGame(game.pk) if body.action == "remove" else AddGame(game.pk)
    return change(request, row, command, idempotency_key, if_match)


@router.post(
    "/nights/{token:token}/close",
    response=WRITE,
    url_name="close",
    auth=NIGHT_LINK,
    summary=gettext_noop("Close the night: carry what is owed on, or write it off"),
)
def night_close(
    request: HttpRequest,
    token: Token,
    body: CloseSent,
    idempotency_key: IdempotencyKey,
    if_match: RowIfMatch = None,
):
    row = request.auth
    command = WriteOff() if body.how == "write-off" else CarryOver()
    return change(request, row, command, idempotency_key, if_match)


@router.api_operation(
    ["GET", "HEAD"],
    "/groups/{token:token}",
    response={**READ, 200: GroupRecord},
    url_name="group",
    auth=GROUP_LINK,
    summary=gettext_noop("The group: its regulars, its nights and its balances"),
)
def group(request: HttpRequest, token: Token, if_none_match: IfNoneMatch = None) -> HttpResponse:
    body, tag = tagged(request.auth)
    return conditional(request, lambda: body, tag)


@router.post(
    "/groups/{token:token}",
    response={**WRITE, 200: GroupRecord, 409: GroupConflict},
    url_name="group",
    auth=GROUP_LINK,
    summary=gettext_noop("Add a regular to the group"),
)
def group_regular(
    request: HttpRequest,
    token: Token,
    body: RegularSent,
    idempotency_key: IdempotencyKey,
    if_match: RowIfMatch = None,
):
    row = request.auth
    return change(request, row, AddRegular(body.regular), idempotency_key, if_match)
