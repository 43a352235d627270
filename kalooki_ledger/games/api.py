"""A game in the JSON API (/api/v1/games/…): the record to read, the write model's commands to
send, each a typed operation whose schema the OpenAPI document is generated from. What every
address shares (the body read, refusals, headers, ETags) is `api_layer.py`. A game's link is its
capability, as on the pages: a scoring link reads and writes, a watch link only reads."""

import datetime
from typing import Annotated, Any, Literal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from ninja import Field, Path, Router, Schema
from pydantic import ConfigDict, StrictBool, StrictInt, StrictStr

from kalooki_ledger import rules as engine

from . import answers, commands, handover
from .api_layer import (
    AMOUNT_PATTERN,
    REREADERS,
    SAID,
    SHAPES,
    ApiError,
    Error,
    IdempotencyKey,
    IfMatch,
    IfNoneMatch,
    Json,
    Strict,
    Token,
    conditional,
    json_response,
    opened_by_link,
    responses,
    schema_of,
    schema_text,
    sent,
)
from .models import Game
from .present.problems import located_text

Number = Annotated[StrictInt, Field(ge=1, le=engine.MAX_HANDS)]
HandNumber = Annotated[
    int,
    Path(
        ge=1, le=engine.MAX_HANDS, description=gettext_noop("The hand's number, 1 for the first.")
    ),
]


class Counted(Strict):
    cards: StrictInt
    jokers: StrictInt = 0


class Hand(Strict):
    """A hand as the record writes it: void, or a winner and the others' values, cards or
    counts (docs/record-format.md)."""

    void: StrictBool = False
    winner: StrictStr = ""
    kalookie: StrictBool = False
    penalties: dict[str, StrictInt] = {}
    cards: dict[str, list[StrictStr]] = {}
    counts: dict[str, Counted] = {}
    adjustments: dict[str, StrictInt] = {}
    reason: dict[str, StrictStr] = {}
    buy_ins: dict[str, StrictBool] = {}


class NextHand(Hand):
    number: Number


class GameRecord(Schema):
    """The kalooki-game/1 record with `results` added, exactly as export_game prints it."""

    model_config = ConfigDict(extra="allow")
    format: Literal["kalooki-game/1"]
    players: list[str]
    hands: list[dict[str, Any]]
    results: dict[str, Any]


class Conflict(Error):
    game: GameRecord


class UndoSent(Strict):
    number: Number


class BuyInSent(Strict):
    number: Number
    player: StrictStr
    bought_in: StrictBool


class StopSent(Strict):
    settle: Literal["refund", "split", "leader"] | None


class DateSent(Strict):
    played_on: Annotated[StrictStr, Field(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]


class Transfer(Strict):
    from_: Annotated[StrictStr, Field(alias="from")]
    to: StrictStr
    amount: Annotated[StrictStr, Field(pattern=AMOUNT_PATTERN)]
    paid: StrictBool

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class PaidSent(Strict):
    transfers: Annotated[list[Transfer], Field(min_length=1)]


# What a game's answers mean (the rest are every address's: `api_layer.SAID`).
SAID["games"] = {
    200: gettext_noop("The game record with its results, as export_game prints it."),
    201: gettext_noop("The game record with its results, as export_game prints it."),
    403: gettext_noop("A watch link can read the game, never change it."),
    404: gettext_noop("No game at this link (or no such hand)."),
    409: gettext_noop("The game changed since the version named: nothing was stored."),
}
READ, WRITE = responses(GameRecord, Conflict)


def handed_over(token: str) -> str | None:
    return handover.refusal() if handover.handed_over(token) is not None else None


# A game's link opens it: looked up before anything else is read (api_layer.opened_by_link).
GAME_LINK = opened_by_link(
    Game,
    gettext_noop("There is no game at this link."),
    gettext_noop("This is a watch link: it can read the game, never change it."),
    handed_over,
)
router = Router(tags=["games"], auth=GAME_LINK)


def etag(game: Game) -> str:
    """The state the game is in: its version and its revision (one no restore brings back)."""
    return f'"{game.version}.{game.revision}"'


def record_response(game: Game, status: int = 200, replayed: bool = False) -> HttpResponse:
    """The game record with its results, exactly as export_game prints it."""
    return json_response(game.to_json(), etag(game), status, replayed)


def answer(game: Game, outcome: commands.Outcome, created: bool = False) -> HttpResponse:
    """A command's outcome: the record as it now stands, or the reason nothing was stored."""
    if outcome.done:
        now = Game.objects.get(pk=game.pk)
        return record_response(now, 201 if created else 200, outcome.replayed)
    if outcome.verdict is commands.Verdict.STALE:
        now = Game.objects.get(pk=game.pk)
        raise ApiError(
            409, outcome.notice, headers={"ETag": etag(now)}, game=now.to_json()
        )  # the ETag to send a change against, once it is seen
    problems = outcome.entry.problems() if outcome.entry is not None else outcome.problems
    raise ApiError(
        answers.status(outcome), outcome.notice or gettext("That can't be recorded."), problems
    )


def apply(
    request: HttpRequest,
    game: Game,
    command: Any,
    key: str,
    if_match: str | None,
    needs_version: bool = True,
    created: bool = False,
) -> HttpResponse:
    made = sent(request, key, if_match, game.version, needs_version=needs_version)
    return answer(game, commands.apply(game, made, command), created)


def read_hand(game: Game, body: Json, number: int) -> engine.Hand:
    """A hand the schema took, read by the engine (who is at the table, which cards there are)."""
    hand = {k: v for k, v in body.items() if k != "number"}
    players = tuple(game.seats.values_list("name", flat=True))
    try:
        return engine.record.parse_hand(hand, players, number)
    except engine.RecordError as exc:
        raise ApiError(422, located_text(exc.problem), exc.problems) from None


def sent_hand(hand: Hand) -> Json:
    """The keys a client sent, as it sent them (a default the schema fills is not sent)."""
    return hand.model_dump(include=hand.model_fields_set, exclude={"number"})


def reread_hand(request: HttpRequest, body: Json) -> ApiError | None:
    """A hand the schema refuses, said in the engine's words where the engine has them: which
    hand, which player, what was sent (`"5"` is not a hand value) and what is allowed."""
    token = (request.resolver_match.kwargs if request.resolver_match else {}).get("token", "")
    game = Game.objects.filter(edit_token=token).first()
    number = body.get("number")
    if request.resolver_match and "number" in request.resolver_match.kwargs:
        number = request.resolver_match.kwargs["number"]
    if game is None or not isinstance(number, int) or isinstance(number, bool):
        return None
    try:
        read_hand(game, body, number)
    except ApiError as said:
        return said
    return None


SHAPES.update(
    {
        "hands": gettext_lazy(
            "A hand is a JSON object as the record writes it (docs/record-format.md)."
        ),
        "hand": gettext_lazy(
            "A hand is a JSON object as the record writes it (docs/record-format.md)."
        ),
        "undo": gettext_lazy('Undo names the last hand: {"number": 3}.'),
        "buy_in": gettext_lazy('A buy-in is {"number": 4, "player": "Mark", "bought_in": true}.'),
        "stop": gettext_lazy(
            'settle is "refund", "split", "leader" (where the family has a leader), or null '
            "to take the stop back."
        ),
        "date": gettext_lazy('played_on is a date such as "2026-11-20".'),
        "paid": gettext_lazy(
            'transfers is a list such as [{"from": "Mark", "to": "John", "amount": "1.60", '
            '"paid": true}], the transfers as results list them.'
        ),
    }
)
REREADERS.update({"hands": reread_hand, "hand": reread_hand})


@router.api_operation(
    ["GET", "HEAD"],
    "/games/{token:token}",
    response=READ,
    url_name="game",
    summary=gettext_noop("The game record with its results"),
)
def game(request: HttpRequest, token: Token, if_none_match: IfNoneMatch = None):
    found = request.auth
    return conditional(request, found.to_json, etag(found))


@router.post(
    "/games/{token:token}/hands",
    response={201: GameRecord, **{k: v for k, v in WRITE.items() if k not in (200, 428)}},
    url_name="hands",
    summary=gettext_noop("Record the next hand"),
)
def hands(
    request: HttpRequest,
    token: Token,
    body: NextHand,
    idempotency_key: IdempotencyKey,
    if_match: IfMatch = None,
):
    found = request.auth
    hand = read_hand(found, sent_hand(body), body.number)
    command = commands.RecordHand(body.number, hand)
    return apply(request, found, command, idempotency_key, if_match, False, created=True)


@router.put(
    "/games/{token:token}/hands/{int:number}",
    response=WRITE,
    url_name="hand",
    summary=gettext_noop("Correct a recorded hand"),
)
def edit_hand(
    request: HttpRequest,
    token: Token,
    number: HandNumber,
    body: Hand,
    idempotency_key: IdempotencyKey,
    if_match: IfMatch = None,
):
    found = request.auth
    edited = read_hand(found, sent_hand(body), number)
    return apply(request, found, commands.EditHand(number, hand=edited), idempotency_key, if_match)


@router.delete(
    "/games/{token:token}/hands/{int:number}",
    response={k: v for k, v in WRITE.items() if k != 413},
    url_name="hand",
    summary=gettext_noop("Delete a hand; later hands move up one"),
)
def delete_hand(
    request: HttpRequest,
    token: Token,
    number: HandNumber,
    idempotency_key: IdempotencyKey,
    if_match: IfMatch = None,
):
    found = request.auth
    return apply(request, found, commands.DeleteHand(number), idempotency_key, if_match)


@router.post(
    "/games/{token:token}/undo",
    response={k: v for k, v in WRITE.items() if k != 428},
    url_name="undo",
    summary=gettext_noop("Take back the last hand"),
)
def undo(
    request: HttpRequest,
    token: Token,
    body: UndoSent,
    idempotency_key: IdempotencyKey,
    if_match: IfMatch = None,
):
    found = request.auth
    command = commands.Undo(body.number)
    return apply(request, found, command, idempotency_key, if_match, needs_version=False)


@router.post(
    "/games/{token:token}/buy-ins",
    response={k: v for k, v in WRITE.items() if k != 428},
    url_name="buy_in",
    summary=gettext_noop("Answer the buy-in offer after the last hand"),
)
def buy_in(
    request: HttpRequest,
    token: Token,
    body: BuyInSent,
    idempotency_key: IdempotencyKey,
    if_match: IfMatch = None,
):
    found = request.auth
    command = commands.BuyIn(body.player, body.number, body.bought_in)
    return apply(request, found, command, idempotency_key, if_match, needs_version=False)


@router.post(
    "/games/{token:token}/stop",
    response=WRITE,
    url_name="stop",
    summary=gettext_noop("Stop the game early, or take the stop back (null)"),
)
def stop(
    request: HttpRequest,
    token: Token,
    body: StopSent,
    idempotency_key: IdempotencyKey,
    if_match: IfMatch = None,
):
    found = request.auth
    return apply(request, found, commands.Stop(body.settle or ""), idempotency_key, if_match)


@router.post(
    "/games/{token:token}/date",
    response=WRITE,
    url_name="date",
    summary=gettext_noop("Set the date the game was played"),
)
def played_on(
    request: HttpRequest,
    token: Token,
    body: DateSent,
    idempotency_key: IdempotencyKey,
    if_match: IfMatch = None,
):
    found = request.auth
    try:
        day = datetime.date.fromisoformat(body.played_on)
    except ValueError:
        day = None  # the command says what a date is
    command = commands.SetDate(day, timezone.localdate())
    return apply(request, found, command, idempotency_key, if_match)


@router.post(
    "/games/{token:token}/paid",
    response={k: v for k, v in WRITE.items() if k != 428},
    url_name="paid",
    summary=gettext_noop("Tick settling-up transfers as paid, or untick them"),
)
def paid(
    request: HttpRequest,
    token: Token,
    body: PaidSent,
    idempotency_key: IdempotencyKey,
    if_match: IfMatch = None,
):
    found = request.auth
    ticked, unpaid = set(), set()
    for t in body.transfers:
        (ticked if t.paid else unpaid).add(f"{t.from_}>{t.to}>{t.amount}")
    # Only what is named changes: a transfer said paid is ticked, one said unpaid unticked.
    command = commands.MarkPaid(found, ticked, unpaid)
    return apply(request, found, command, idempotency_key, if_match, needs_version=False)


# The schema and its page: operations of the API too, so the document describes every address.
@router.api_operation(
    ["GET", "HEAD"],
    "/openapi.json",
    response={200: dict[str, Any], 405: Error},
    url_name="openapi",
    auth=None,
    summary=gettext_noop("This schema (OpenAPI 3.1)"),
)
def openapi(request: HttpRequest):
    return HttpResponse(schema_text(request), content_type="application/json")


@router.api_operation(
    ["GET", "HEAD"],
    "/",
    response={200: str, 405: Error},
    url_name="docs",
    auth=None,
    summary=gettext_noop("This page: every operation of the schema, in the reader's language"),
    openapi_extra={
        "responses": {"200": {"content": {"text/html": {"schema": {"type": "string"}}}}}
    },
)
def docs(request: HttpRequest):
    schema = schema_of(request)
    operations = [
        {"method": method.upper(), "path": path, **operation}
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    ]
    return render(request, "games/api_docs.html", {"schema": schema, "operations": operations})
