"""The JSON API at /api/v1/: the game record to read, and the write model's commands to send.

Plain `JsonResponse` views over the same commands as the pages, with the schema kept by hand in
`api_schema.py`: the record format is the engine's, so a typed-API library would only describe
it a second time. A game's link is its capability, as on the pages: a scoring link reads and
writes, a watch link only reads. No cookie carries authority, so there is no CSRF to check.
"""

import datetime
import json
from collections.abc import Callable
from decimal import Decimal
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.http import parse_etags
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from kalooki_ledger import rules as engine

from . import answers, commands, device, handover
from .api_schema import SCHEMA
from .models import Game
from .present.problems import located_text, problem_message
from .snapshot import one_snapshot

Json = dict[str, Any]


def problem_json(problem: engine.Problem) -> Json:
    return {
        "hand": problem.hand,
        "player": problem.player,
        "field": problem.field,
        "message": problem_message(problem),
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


READS = ("GET", "HEAD")


def headless(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """HEAD answers as GET would, headers and length, without the body (RFC 9110 9.3.2)."""
    if request.method == "HEAD" and not response.streaming:
        response["Content-Length"] = str(len(response.content))
        response.content = b""
    return response


def not_allowed(request: HttpRequest, allowed: list[str]) -> HttpResponse:
    """405 for a method the address does not take, saying which it takes (Allow)."""
    refused = error(
        405, gettext("This address takes %(methods)s.") % {"methods": ", ".join(allowed)}
    )
    refused["Allow"] = ", ".join(allowed)
    return headless(request, refused)


def api_view(methods: list[str]) -> Callable:
    """An API view: found by either link, writes refused to a watch link, JSON bodies read.
    HEAD is answered wherever GET is."""
    allowed = [*methods, "HEAD"] if "GET" in methods else methods

    def decorate(view: Callable) -> Callable:
        @csrf_exempt
        @wraps(view)
        def wrapper(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
            if request.method in READS:  # the row and its hands read in one snapshot
                with one_snapshot():
                    return answered(request, token, **kwargs)
            return answered(request, token, **kwargs)

        def answered(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
            if request.method not in allowed:
                return not_allowed(request, allowed)
            game, can_write = _find(token)
            if game is None and handover.handed_over(token) is not None:
                return error(403, handover.refusal())
            if game is None:
                return headless(request, error(404, gettext("There is no game at this link.")))
            if request.method not in READS and not can_write:
                return error(
                    403, gettext("This is a watch link: it can read the game, never change it.")
                )
            try:
                # The keys and values are the record's; every message is in the request's language.
                return headless(request, view(request, game, **kwargs))
            except BadRequest as bad:
                return error(bad.status, str(bad))

        return wrapper

    return decorate


class BadRequest(Exception):
    status = 400


class Unprocessable(BadRequest):
    """JSON of the right shape with a value the schema doesn't allow."""

    status = 422


def _each_key_once(pairs: list[tuple[str, Any]]) -> Json:
    # As a record file: a key given twice is refused, never read as its last value.
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise BadRequest(
                gettext("The body gives %(key)s more than once: give each key once.")
                % {"key": engine.as_json(key)}
            )
        seen.add(key)
    return dict(pairs)


def read_body(request: HttpRequest) -> Json:
    if not request.body:
        return {}
    try:
        body = json.loads(request.body, parse_float=Decimal, object_pairs_hook=_each_key_once)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequest(gettext("The body is not JSON: send a JSON object.")) from None
    if not isinstance(body, dict):
        raise BadRequest(gettext('The body is a JSON object, such as {"number": 3, ...}.'))
    return body


def number_in(body: Json, name: str = "number") -> int:
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(
            gettext("%(name)s is the hand's number, a whole number such as 3.") % {"name": name}
        )
    if not 1 <= value <= engine.MAX_HANDS:
        raise Unprocessable(
            gettext(
                "%(name)s is the hand's number: 1 for the first hand, at most %(most)s, "
                "not %(sent)s."
            )
            % {"name": name, "most": engine.MAX_HANDS, "sent": str(value)[:20]}
        )
    return value


def sent(request: HttpRequest, game: Game, needs_version: bool) -> commands.Sent:
    """The key and the version an API request carries: `Idempotency-Key` (required) and
    `If-Match` with the game's ETag (required where no hand number guards the command)."""
    key = request.headers.get("Idempotency-Key", "")
    if not commands.KEY.fullmatch(key):
        raise BadRequest(
            gettext(
                "Send an Idempotency-Key header: 8 to 64 letters, digits, - or _, new for each "
                "command and the same when you send that command again."
            )
        )
    match = request.headers.get("If-Match", "").strip()
    if match:
        try:
            version = int(match.strip('"').removeprefix("W/").strip('"'))
        except ValueError:
            raise BadRequest(
                gettext('If-Match is the ETag of the game you read, such as "12".')
            ) from None
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
    if outcome.done:
        status = 201 if created else 200
        headers = {"Idempotent-Replayed": "true"} if outcome.replayed else {}
        return record_response(Game.objects.get(pk=game.pk), status, **headers)
    if outcome.verdict is commands.Verdict.STALE:
        now = Game.objects.get(pk=game.pk)
        refused = error(409, outcome.notice, game=now.to_json())
        refused["ETag"] = etag(now)  # the version to send a change against, once it is seen
        return refused
    problems = outcome.entry.problems() if outcome.entry is not None else outcome.problems
    return error(
        answers.status(outcome), outcome.notice or gettext("That can't be recorded."), problems
    )


def apply(request: HttpRequest, game: Game, command, needs_version: bool, created=False):
    try:
        made = sent(request, game, needs_version)
    except Precondition:
        return error(
            428,
            gettext(
                "Send If-Match with the ETag of the game you read, so a stale change is refused."
            ),
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


def unchanged(request: HttpRequest, game: Game) -> bool:
    """If-None-Match names the game's version: by the weak comparison of RFC 9110 (13.1.2), so
    W/"2" matches "2", as does any tag of a list, and * matches any game there is."""
    tags = parse_etags(request.headers.get("If-None-Match", ""))
    return tags == ["*"] or etag(game) in (tag.removeprefix("W/") for tag in tags)


@api_view(["GET"])
def game(request: HttpRequest, game: Game) -> HttpResponse:
    if unchanged(request, game):
        response = HttpResponse(status=304)
        response["ETag"] = etag(game)
        response["Cache-Control"] = "no-store"
        return response
    return record_response(game)


@api_view(["POST"])
def hands(request: HttpRequest, game: Game) -> HttpResponse:
    body = read_body(request)
    number = number_in(body)
    try:
        hand = parse_hand(game, body, number)
    except HandProblem as bad:
        return error(422, located_text(bad.exc.problem), bad.exc.problems)
    return apply(request, game, commands.RecordHand(number, hand), False, created=True)


@api_view(["PUT", "DELETE"])
def hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    if request.method == "DELETE":
        return apply(request, game, commands.DeleteHand(number), True)
    body = read_body(request)
    try:
        edited = parse_hand(game, body, number)
    except HandProblem as bad:
        return error(422, located_text(bad.exc.problem), bad.exc.problems)
    return apply(request, game, commands.EditHand(number, hand=edited), True)


@api_view(["POST"])
def undo(request: HttpRequest, game: Game) -> HttpResponse:
    body = read_body(request)
    return apply(request, game, commands.Undo(number_in(body)), False)


@api_view(["POST"])
def buy_in(request: HttpRequest, game: Game) -> HttpResponse:
    body = read_body(request)
    player, bought_in = body.get("player"), body.get("bought_in")
    if not isinstance(player, str) or not isinstance(bought_in, bool):
        raise BadRequest(gettext('A buy-in is {"number": 4, "player": "Mark", "bought_in": true}.'))
    command = commands.BuyIn(player, number_in(body), bought_in)
    return apply(request, game, command, False)


@api_view(["POST"])
def stop(request: HttpRequest, game: Game) -> HttpResponse:
    body = read_body(request)
    if "settle" not in body:
        raise Unprocessable(
            gettext(
                'Say how to stop: {"settle": "refund"}, "split", "leader", or null to take the '
                "stop back."
            )
        )
    settle = body["settle"]
    if settle not in ("refund", "split", "leader", None):
        raise BadRequest(
            gettext(
                'settle is "refund", "split", "leader" (where the family has a leader), or null '
                "to take the stop back."
            )
        )
    return apply(request, game, commands.Stop(settle or ""), True)


@api_view(["POST"])
def played_on(request: HttpRequest, game: Game) -> HttpResponse:
    day = read_body(request).get("played_on")
    try:
        played = datetime.date.fromisoformat(day) if isinstance(day, str) else None
    except ValueError:
        played = None  # the command says what a date is
    return apply(request, game, commands.SetDate(played, timezone.localdate()), True)


@api_view(["POST"])
def paid(request: HttpRequest, game: Game) -> HttpResponse:
    transfers = read_body(request).get("transfers")
    shape = gettext(
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


# A read takes no cookie's authority, so a POST here is refused as a method (405), not as CSRF.
@csrf_exempt
@require_safe
def openapi(request: HttpRequest) -> HttpResponse:
    return headless(request, JsonResponse(SCHEMA, json_dumps_params={"indent": 2}))


@csrf_exempt
@require_safe
def docs(request: HttpRequest) -> HttpResponse:
    operations = [
        {"method": method.upper(), "path": path, **operation}
        for path, methods in SCHEMA["paths"].items()
        for method, operation in methods.items()
    ]
    page = render(request, "games/api_docs.html", {"schema": SCHEMA, "operations": operations})
    return headless(request, page)
