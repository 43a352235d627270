"""The JSON API at /api/v1/: the game record to read, and the write model's commands to send.

Plain `JsonResponse` views over the same commands as the pages, with the schema kept by hand in
`api_schema.py`: the record format is the engine's, so a typed-API library would only describe
it a second time. A game's link is its capability, as on the pages: a scoring link reads and
writes, a watch link only reads. No cookie carries authority, so there is no CSRF to check.
"""

import json
from collections.abc import Callable
from decimal import Decimal
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET

from kalooki_ledger import rules as engine

from . import commands, device, handover
from .api_schema import SCHEMA
from .models import Game

Json = dict[str, Any]


def problem_json(problem: engine.Problem) -> Json:
    return {
        "hand": problem.hand,
        "player": problem.player,
        "field": problem.field,
        "message": problem.message,
    }


def error(status: int, message: str, problems=(), **extra: Any) -> JsonResponse:
    body = {"error": message, "problems": [problem_json(p) for p in problems], **extra}
    return JsonResponse(body, status=status)


def etag(game: Game) -> str:
    return f'"{game.version}"'


def record_response(game: Game, status: int = 200, **headers: str) -> JsonResponse:
    """The game record with its results, exactly as export_game prints it."""
    response = JsonResponse(game.to_json(), status=status, json_dumps_params={"indent": 2})
    response["ETag"] = etag(game)
    response["Cache-Control"] = "no-store"
    for name, value in headers.items():
        response[name] = value
    return response


def _find(token: str) -> tuple[Game | None, bool]:
    """The game a token opens and whether it may write (a scoring link)."""
    game = Game.objects.filter(edit_token=token).first()
    if game is not None:
        return game, True
    return Game.objects.filter(share_token=token).first(), False


def api_view(methods: list[str]) -> Callable:
    """An API view: found by either link, writes refused to a watch link, JSON bodies read."""

    def decorate(view: Callable) -> Callable:
        @csrf_exempt
        @wraps(view)
        def wrapper(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
            if request.method not in methods:
                refused = error(405, f"This address takes {', '.join(methods)}.")
                refused["Allow"] = ", ".join(methods)
                return refused
            game, can_write = _find(token)
            if game is None and handover.handed_over(token) is not None:
                with translation.override("en"):
                    return error(403, handover.refusal())
            if game is None:
                return error(404, "There is no game at this link.")
            if request.method != "GET" and not can_write:
                return error(403, "This is a watch link: it can read the game, never change it.")
            try:
                # Machine-facing: what the web layer words for the API stays English.
                with translation.override("en"):
                    return view(request, game, **kwargs)
            except BadRequest as bad:
                return error(400, str(bad))

        return wrapper

    return decorate


class BadRequest(Exception):
    pass


def _each_key_once(pairs: list[tuple[str, Any]]) -> Json:
    # As a record file: a key given twice is refused, never read as its last value.
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise BadRequest(f"The body gives {key[:40]!r} more than once: give each key once.")
        seen.add(key)
    return dict(pairs)


def read_body(request: HttpRequest) -> Json:
    if not request.body:
        return {}
    try:
        body = json.loads(request.body, parse_float=Decimal, object_pairs_hook=_each_key_once)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequest("The body is not JSON: send a JSON object.") from None
    if not isinstance(body, dict):
        raise BadRequest('The body is a JSON object, such as {"number": 3, ...}.')
    return body


def number_in(body: Json, name: str = "number") -> int:
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{name} is the hand's number, a whole number such as 3.")
    return value


def sent(request: HttpRequest, game: Game, needs_version: bool) -> commands.Sent:
    """The key and the version an API request carries: `Idempotency-Key` (required) and
    `If-Match` with the game's ETag (required where no hand number guards the command)."""
    key = request.headers.get("Idempotency-Key", "")
    if not commands.KEY.fullmatch(key):
        raise BadRequest(
            "Send an Idempotency-Key header: 8 to 64 letters, digits, - or _, new for each "
            "command and the same when you send that command again."
        )
    match = request.headers.get("If-Match", "").strip()
    if match:
        try:
            version = int(match.strip('"').removeprefix("W/").strip('"'))
        except ValueError:
            raise BadRequest('If-Match is the ETag of the game you read, such as "12".') from None
    elif needs_version:
        raise Precondition()
    else:
        version = game.version
    label = request.headers.get("X-Device", "")[: device.MAX_LENGTH].strip()
    if not (label and label.isprintable()):
        # The outbox of a scoring page: its phone's label, as the page's forms would send it.
        label = device.current_label(request) or "API"
    return commands.Sent(version, key, label)


class Precondition(Exception):
    pass


def answer(game: Game, outcome: commands.Outcome, created: bool = False) -> HttpResponse:
    """A command's outcome: the record as it now stands, or the reason nothing was stored."""
    if outcome.status == 200:
        status = 201 if created else 200
        headers = {"Idempotent-Replayed": "true"} if outcome.replayed else {}
        return record_response(Game.objects.get(pk=game.pk), status, **headers)
    if outcome.status == 409:
        current = Game.objects.get(pk=game.pk).to_json()
        return error(409, outcome.notice, game=current)
    problems = outcome.entry.problems() if outcome.entry is not None else outcome.problems
    return error(outcome.status, outcome.notice or "That can't be recorded.", problems)


def apply(request: HttpRequest, game: Game, command, needs_version: bool, created=False):
    try:
        made = sent(request, game, needs_version)
    except Precondition:
        return error(
            428, "Send If-Match with the ETag of the game you read, so a stale change is refused."
        )
    return answer(game, commands.apply(game, made, command), created)


def parse_hand(game: Game, body: Json, number: int) -> engine.Hand:
    hand = {k: v for k, v in body.items() if k != "number"}
    players = tuple(game.seats.values_list("name", flat=True))
    try:
        return engine.record.parse_hand(hand, players, number)
    except engine.RecordError as exc:
        raise HandProblem(exc) from None


class HandProblem(Exception):
    def __init__(self, exc: engine.RecordError):
        self.exc = exc


@api_view(["GET"])
def game(request: HttpRequest, game: Game) -> HttpResponse:
    if request.headers.get("If-None-Match") == etag(game):
        response = HttpResponse(status=304)
        response["ETag"] = etag(game)
        return response
    return record_response(game)


@api_view(["POST"])
def hands(request: HttpRequest, game: Game) -> HttpResponse:
    body = read_body(request)
    number = number_in(body)
    try:
        hand = parse_hand(game, body, number)
    except HandProblem as bad:
        return error(422, str(bad.exc), bad.exc.problems)
    return apply(request, game, commands.RecordHand(number, hand), False, created=True)


@api_view(["PUT", "DELETE"])
def hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    if request.method == "DELETE":
        return apply(request, game, commands.DeleteHand(number), True)
    body = read_body(request)
    try:
        edited = parse_hand(game, body, number)
    except HandProblem as bad:
        return error(422, str(bad.exc), bad.exc.problems)
    return apply(request, game, commands.EditHand(number, hand=edited), True)


@api_view(["POST"])
def undo(request: HttpRequest, game: Game) -> HttpResponse:
    body = read_body(request)
    return apply(request, game, commands.Undo(str(number_in(body))), False)


@api_view(["POST"])
def buy_in(request: HttpRequest, game: Game) -> HttpResponse:
    body = read_body(request)
    player, bought_in = body.get("player"), body.get("bought_in")
    if not isinstance(player, str) or not isinstance(bought_in, bool):
        raise BadRequest('A buy-in is {"number": 4, "player": "Mark", "bought_in": true}.')
    choice = "in" if bought_in else "out"
    command = commands.BuyIn(player, str(number_in(body)), choice)
    return apply(request, game, command, False)


@api_view(["POST"])
def stop(request: HttpRequest, game: Game) -> HttpResponse:
    settle = read_body(request).get("settle")
    if settle not in ("refund", "split", "leader", None):
        raise BadRequest(
            'settle is "refund", "split", "leader" (where the family has a leader), or null to '
            "take the stop back."
        )
    return apply(request, game, commands.Stop(settle or ""), True)


@api_view(["POST"])
def paid(request: HttpRequest, game: Game) -> HttpResponse:
    transfers = read_body(request).get("transfers")
    shape = (
        'transfers is a list such as [{"from": "Mark", "to": "John", "amount": "1.60", '
        '"paid": true}], the transfers as results list them.'
    )
    if not isinstance(transfers, list) or not transfers:
        raise BadRequest(shape)
    ticked, unpaid = set(), set()
    for t in transfers:
        if not isinstance(t, dict) or not isinstance(t.get("paid"), bool):
            raise BadRequest(shape)
        key = f"{t.get('from')}>{t.get('to')}>{t.get('amount')}"
        (ticked if t["paid"] else unpaid).add(key)
    # Only what is named changes: a transfer said paid is ticked, one said unpaid unticked.
    return apply(request, game, commands.MarkPaid(game, ticked, unpaid), False)


@require_GET
def openapi(request: HttpRequest) -> JsonResponse:
    return JsonResponse(SCHEMA, json_dumps_params={"indent": 2})


@require_GET
def docs(request: HttpRequest) -> HttpResponse:
    operations = [
        {"method": method.upper(), "path": path, **operation}
        for path, methods in SCHEMA["paths"].items()
        for method, operation in methods.items()
    ]
    return render(request, "games/api_docs.html", {"schema": SCHEMA, "operations": operations})
