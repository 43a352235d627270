"""The one layer every address of the JSON API (/api/v1/) shares, in django-ninja: the API itself
(`build_api`), the body read strictly (JSON, each key once, numbers exact), every refusal in one
shape (`Error`: a message in the request's language and the engine's problems), the token
lookup, the headers a command carries (`Idempotency-Key`, `If-Match`) read into the command's
`Sent`, and the ETag with its conditional GET (Django's own `get_conditional_response`).

A game's ETag names a state that can't come back: its version and its revision (a restore brings
a version back with other hands, never a revision). A night's and a group's name their version
and what they show (a digest of their JSON), so a night's moves when one of its games takes a
hand. The routes are the apps' (`games/api.py`, `nights/api.py`); `urls.py` puts them together,
as the imports run one way."""

import copy
import json
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from functools import cache, wraps
from typing import Annotated, Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern, reverse
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext, gettext_noop
from ninja import Header, NinjaAPI, Path, Schema
from ninja.errors import HttpError, ValidationError
from ninja.parser import Parser
from pydantic import ConfigDict

from kalooki_ledger import rules as engine

from . import commands, device
from .converters import TokenConverter
from .present.problems import problem_message

Json = dict[str, Any]
READS = ("GET", "HEAD")
READ_CONDITIONS = ("HTTP_IF_NONE_MATCH",)
METHOD_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


class Strict(Schema):
    """A request body: unknown keys refused, each value of its own type (no 1.0 for 1, no "1")."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Problem(Schema):
    hand: int | None
    player: str | None
    field: str | None
    message: str


class Error(Schema):
    """Every refusal: what is allowed, in the request's language, and the engine's problems."""

    error: str
    problems: list[Problem]


def responses(record: type, conflict: type) -> tuple[dict[int, Any], dict[int, Any]]:
    """What an address's reads and its writes answer, by status: the record, or a refusal
    (`Error`; 409 the address's `conflict`, which carries the record as it now stands)."""
    read = {200: record, 304: None, 400: Error, 404: Error, 405: Error, 503: Error}
    refusals = {status: Error for status in (400, 403, 404, 405, 413, 422, 428, 503)}
    return read, {200: record, **refusals, 409: conflict}


class ApiError(Exception):
    """A refusal said in the API's shape; nothing was changed."""

    def __init__(
        self,
        status: int,
        message: str,
        problems: Iterable[engine.Problem] = (),
        headers: dict[str, str] | None = None,
        **extra: Any,
    ):
        super().__init__(message)
        self.status, self.message, self.problems = status, message, tuple(problems)
        self.headers, self.extra = headers or {}, extra

    def response(self) -> JsonResponse:
        return error(self.status, self.message, self.problems, self.headers, **self.extra)


def problem_json(problem: engine.Problem) -> Json:
    return {
        "hand": problem.hand,
        "player": problem.player,
        "field": problem.field,
        "message": problem_message(problem),
    }


def error(
    status: int,
    message: str,
    problems: Iterable[engine.Problem] = (),
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> JsonResponse:
    body = {"error": message, "problems": [problem_json(p) for p in problems], **extra}
    response = JsonResponse(body, status=status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def json_response(body: Json, tag: str, status: int = 200, replayed: bool = False) -> JsonResponse:
    """An answer that names the state it shows (ETag) and is never kept by a shared cache."""
    response = JsonResponse(body, status=status, json_dumps_params={"indent": 2})
    response["ETag"] = tag
    response["Cache-Control"] = "no-store"
    if replayed:
        response["Idempotent-Replayed"] = "true"
    return response


def conditional(request: HttpRequest, body: Callable[[], Json], tag: str) -> HttpResponse:
    """A read: 304 when If-None-Match names this state (weakly, as RFC 9110 13.1.2 compares),
    else the body with its ETag. A tag names a state that can't come back, so a discarded
    state's tag is never answered 304."""
    unchanged = json_response({}, tag)
    # A read asks If-None-Match only: If-Match and If-Unmodified-Since guard changes, never a read.
    asked = copy.copy(request)
    asked.META = {
        k: v for k, v in request.META.items() if k in READ_CONDITIONS or k[:8] != "HTTP_IF_"
    }
    answered = get_conditional_response(asked, etag=tag, response=unchanged)
    if answered is not unchanged:
        return answered
    return json_response(body(), tag)


# The token of an address, and an amount as a person writes it in JSON (a canonical decimal
# string, never a JSON number): one definition for every app's routes.
Token = Annotated[
    str,
    Path(
        pattern=f"^{TokenConverter.regex}$",
        description=gettext_noop("The scoring link's token (reads and writes) or the watch token."),
    ),
]
AMOUNT_PATTERN = r"^[0-9]{1,12}(\.[0-9]{1,4})?$"


# The headers of a command. The patterns are the ones read below: the schema says what is taken.
KEY_PATTERN = f"^{commands.KEY.pattern}$"
# A game's tag names its revision (32 hex), a night's or a group's a digest (16): nothing else.
ETAG_PATTERN = r'^"[0-9]{1,12}(\.[0-9a-f]{32})?"$'
ROW_ETAG_PATTERN = r'^"[0-9]{1,12}(\.[0-9a-f]{16})?"$'
IdempotencyKey = Annotated[
    str,
    Header(
        alias="Idempotency-Key",
        pattern=KEY_PATTERN,
        description=gettext_noop(
            "New for each command, the same when it is sent again: a second send "
            "answers as the first did and stores nothing."
        ),
    ),
]
IF_MATCH_WORDS = gettext_noop(
    "The ETag as read: a change made against an older state is refused with 409. A bare "
    'version such as "12" is taken too, and checks the version alone.'
)
# Optional, yet never null in the schema: a header is there or not (its default is None).
IfMatch = Annotated[
    str,
    Header(alias="If-Match", pattern=ETAG_PATTERN, description=IF_MATCH_WORDS),
]
RowIfMatch = Annotated[
    str,
    Header(alias="If-Match", pattern=ROW_ETAG_PATTERN, description=IF_MATCH_WORDS),
]
IfNoneMatch = Annotated[
    str,
    Header(
        alias="If-None-Match",
        description=gettext_noop(
            "ETags of the game as read before, or *: a match, weak or strong, answers 304."
        ),
    ),
]
ETAG = re.compile(r'"([0-9]{1,12})(?:\.([0-9a-f]{1,64}))?"')
GAME_PART, ROW_PART = 32, 16  # the hex digits after the dot: a revision, a digest
NOT_AN_ETAG = gettext_noop(
    'If-Match is the ETag you read, whole (such as "12.4f0c…": the version, a dot and its hex '
    'digits) or a bare version such as "12".'
)


def opened_by_link(
    model: Any, missing: str, watching: str, handed_over: Callable[[str], str | None] | None = None
) -> Callable[[HttpRequest], Any]:
    """The token lookup every address with a link shares, run as django-ninja's auth (before
    the body is read): the row a scoring or watch link opens, a change refused to a watch link
    (403), a link that opens nothing 404 (or 403 with why, where the scoring was handed over)."""

    def opened(request: HttpRequest) -> Any:
        found = request.resolver_match.kwargs if request.resolver_match else {}
        token = str(found.get("token", ""))
        row = model.objects.filter(edit_token=token).first()
        if row is None:
            row = model.objects.filter(share_token=token).first()
            if row is not None and request.method not in READS:
                raise ApiError(403, gettext(watching))
        said = handed_over(token) if row is None and handed_over is not None else None
        if said:
            raise ApiError(403, said)
        if row is None:
            raise ApiError(404, gettext(missing))
        return row

    return opened


def state_in(if_match: str | None, part: int = GAME_PART) -> tuple[int, str | None] | None:
    """The state an If-Match names: its version and the rest of its tag, which is `part` hex
    digits or absent (None: no If-Match); a cut or padded tag is refused, never read as bare."""
    if not if_match:
        return None
    found = ETAG.fullmatch(if_match.strip())
    if found is None or (found.group(2) is not None and len(found.group(2)) != part):
        raise ApiError(400, gettext(NOT_AN_ETAG))
    return int(found.group(1)), found.group(2)


def sent(
    request: HttpRequest,
    key: str,
    if_match: str | None,
    now: int,
    part: int = GAME_PART,
    needs_version: bool = True,
) -> commands.Sent:
    """The command's `Sent`: its key, the state it names (its version and the revision or digest
    after it, or the version as it stands when nothing guards it but a hand's number) and who
    sent it (X-Device, or the scoring phone's label)."""
    state = state_in(if_match, part)
    if state is None and needs_version:
        raise ApiError(
            428,
            gettext(
                "Send If-Match with the ETag of the game you read, so a stale change is refused."
            ),
        )
    version, rest = state if state is not None else (now, None)
    label = request.headers.get("X-Device", "")[: device.MAX_LENGTH].strip()
    if not (label and label.isprintable()):
        # The outbox of a scoring page: its phone's label, as the page's forms would send it.
        label = device.current_label(request) or "API"
    return commands.Sent(version, key, label, rest)


class StrictParser(Parser):
    """A body as a record file is read: JSON, an object, each key once, numbers exact."""

    def parse_body(self, request: HttpRequest) -> Json:
        try:
            body = json.loads(request.body, parse_float=Decimal, object_pairs_hook=_each_key_once)
        except ApiError:
            raise
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise ApiError(400, gettext("The body is not JSON: send a JSON object.")) from None
        if not isinstance(body, dict):
            raise ApiError(400, gettext('The body is a JSON object, such as {"number": 3, ...}.'))
        return body


def _each_key_once(pairs: list[tuple[str, Any]]) -> Json:
    # As a record file: a key given twice is refused, never read as its last value.
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise ApiError(
                400,
                gettext("The body gives %(key)s more than once: give each key once.")
                % {"key": engine.as_json(key)},
            )
        seen.add(key)
    return dict(pairs)


# What each operation says of a body it can't read, by its URL name, and a reader that says it
# in the engine's words where the engine has them (a hand): set by the routes' modules.
SHAPES: dict[str, Any] = {}  # lazy words, said in the request's language
REREADERS: dict[str, Callable[[HttpRequest, Json], ApiError | None]] = {}


def refusal_of(request: HttpRequest, errors: list[dict[str, Any]]) -> ApiError:
    """A request the schema refuses, said as the API says it: what is allowed, never Python."""
    return (
        _header_refusal(errors)
        or _number_refusal(request, errors)
        or _reread(request)
        or _shape_refusal(request, errors)
    )


def _header_refusal(errors: list[dict[str, Any]]) -> ApiError | None:
    """A command's header that isn't one: what an Idempotency-Key or an If-Match is."""
    for err in errors:
        where = [str(part) for part in err.get("loc", ())]
        if where[:1] == ["header"] and "Idempotency-Key" in where:
            return ApiError(
                400,
                gettext(
                    "Send an Idempotency-Key header: 8 to 64 letters, digits, - or _, new for "
                    "each command and the same when you send that command again."
                ),
            )
        if where[:1] == ["header"] and "If-Match" in where:
            return ApiError(400, gettext(NOT_AN_ETAG))
    return None


def _number_refusal(request: HttpRequest, errors: list[dict[str, Any]]) -> ApiError | None:
    """A hand's number that isn't a whole number (400) or is past the hands a game takes (422)."""
    for err in errors:
        if [str(part) for part in err.get("loc", ())][-1:] != ["number"]:
            continue
        if err.get("type") in ("greater_than_equal", "less_than_equal"):
            return ApiError(
                422,
                gettext(
                    "%(name)s is the hand's number: 1 for the first hand, at most %(most)s, "
                    "not %(sent)s."
                )
                % {"name": "number", "most": engine.MAX_HANDS, "sent": given(request, err)},
            )
        return ApiError(
            400,
            gettext("%(name)s is the hand's number, a whole number such as 3.")
            % {"name": "number"},
        )
    return None


def _reread(request: HttpRequest) -> ApiError | None:
    """The body said in the engine's words, where the operation has a reader for it (a hand)."""
    name = request.resolver_match.url_name if request.resolver_match else ""
    reread = REREADERS.get(name)
    body = body_json(request)
    return reread(request, body) if reread is not None and isinstance(body, dict) else None


def _shape_refusal(request: HttpRequest, errors: list[dict[str, Any]]) -> ApiError:
    """What the operation takes: an unknown key named (422), the wrong shape (an object where a
    string goes) 400, a value it doesn't take or one it needs left out 422."""
    name = request.resolver_match.url_name if request.resolver_match else ""
    shape = SHAPES.get(name, gettext("The request is not one this address takes."))
    unknown = [e for e in errors if e.get("type") == "extra_forbidden"]
    if unknown:
        key = engine.as_json(str(unknown[0]["loc"][-1]))
        return ApiError(
            422,
            gettext("%(key)s is not a key this takes. %(shape)s") % {"key": key, "shape": shape},
        )
    typed = ("_type", "model_attributes_type", "dataclass_type")
    malformed = any(str(e.get("type", "")).endswith(typed) for e in errors)
    return ApiError(400 if malformed else 422, shape)


# What each answer means, by the operations' tag and status, written once for the schema and its
# page (which translates them); each app's routes add their own.
SAID: dict[str, dict[int, str]] = {
    "*": {
        200: gettext_noop("The schema"),
        304: gettext_noop("Unchanged since the ETag in If-None-Match."),
        400: gettext_noop("The request is malformed: the message says what is allowed."),
        403: gettext_noop("A watch link can read, never change."),
        404: gettext_noop("Nothing at this link."),
        405: gettext_noop(
            "This address does not take that method: the Allow header lists those it takes."
        ),
        409: gettext_noop("It changed since the state named: nothing was stored."),
        413: gettext_noop("The body is larger than the API takes (2.5 MB): nothing was stored."),
        422: gettext_noop("The engine refuses the command: each problem is named."),
        428: gettext_noop("If-Match is required here."),
        503: gettext_noop(
            "The database can't take the request now: nothing was saved. Try again after "
            "Retry-After seconds."
        ),
    }
}
BUILT: list[NinjaAPI] = []


class LedgerAPI(NinjaAPI):
    """django-ninja's API, its generated document made exact: each answer's meaning in the
    project's words, HEAD as GET without a body, each operation's id its own."""

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        schema = dict(super().get_openapi_schema(*args, **kwargs))
        for methods in schema["paths"].values():
            for method, operation in list(methods.items()):
                operation = methods[method] = json.loads(json.dumps(operation))
                said = {**SAID["*"], **SAID.get((operation.get("tags") or ["*"])[0], {})}
                for code, answer in operation["responses"].items():
                    answer["description"] = said.get(int(code), answer.get("description", ""))
                if method == "head":
                    operation["operationId"] += "_head"
                    operation["summary"] = gettext_noop("GET's headers, without the body")
                    for answer in operation["responses"].values():
                        answer.pop("content", None)
        link(schema["paths"])
        return schema


def link(paths: dict[str, Any]) -> None:
    """The links between operations (OpenAPI's, walked by a stateful client): a row read leads to
    each change of it, under the ETag it answered, and a change back to the read; a hand recorded
    to its correction."""
    reads = {p: m["get"]["operationId"] for p, m in paths.items() if "get" in m and "{token}" in p}
    for path, methods in paths.items():
        base = next((r for r in reads if path.startswith(r)), None)
        if base is None:
            continue
        token = {"token": "$request.path.token"}
        for method, operation in methods.items():
            if method in ("get", "head"):
                continue
            ok = next(c for c in operation["responses"] if c.startswith("2"))
            follows = {"read": {"operationId": reads[base], "parameters": token}}
            if path.endswith("/hands"):
                for verb in ("put", "delete"):
                    follows[f"{verb}_hand"] = {
                        "operationId": paths[f"{path}/{{number}}"][verb]["operationId"],
                        "parameters": {**token, "number": "$request.body#/number"},
                    }
            operation["responses"][ok]["links"] = follows
            read = paths[base]["get"]["responses"]["200"]
            read.setdefault("links", {})[operation["operationId"]] = {
                "operationId": operation["operationId"],
                "parameters": {**token, "header.If-Match": "$response.header.ETag"},
            }


def schema_of(request: HttpRequest) -> dict[str, Any]:
    """The API's OpenAPI document, as generated from its operations (a copy of its own)."""
    return json.loads(schema_text(request))


def schema_text(request: HttpRequest) -> str:
    """The document as JSON, generated once per process and site prefix: it is the code's."""
    return _generated(BUILT[-1], reverse("api:docs"))


@cache
def _generated(api: NinjaAPI, prefix: str) -> str:
    return json.dumps(api.get_openapi_schema(path_prefix=prefix), indent=2)


def body_json(request: HttpRequest) -> Any:
    """The body as JSON, or None where there is none or it isn't JSON (a refusal reads it)."""
    try:
        return json.loads(request.body, parse_float=Decimal) if request.body else None
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


def given(request: HttpRequest, err: dict[str, Any]) -> str:
    """What was sent where a refusal points, as JSON writes it (ninja leaves the input out)."""
    where = tuple(err.get("loc", ()))
    if where[:1] == ("path",) and request.resolver_match:
        return engine.as_json(request.resolver_match.kwargs.get(str(where[-1])))[:20]
    value: Any = body_json(request)
    for part in where[2:]:
        value = value.get(part) if isinstance(value, dict) else None
    return engine.as_json(value)[:20]


def build_api(*routers: Any) -> NinjaAPI:
    """The API: every app's routes under one schema (its OpenAPI document and its page)."""
    api = LedgerAPI(
        title="Kalooki Ledger API",
        version="1",
        description=gettext_noop(
            "Read a game's record and results; record hands and the other changes "
            "of the table. Hands and records are in the kalooki-game/1 format "
            "(docs/record-format.md). Every change is a command: it carries an "
            "Idempotency-Key, and names the version it was made against (If-Match, or a hand's "
            "number)."
        ),
        urls_namespace="api",
        docs_url=None,
        openapi_url=None,
        parser=StrictParser(),
    )

    @api.exception_handler(ApiError)
    def refused(request: HttpRequest, exc: ApiError) -> HttpResponse:
        return exc.response()

    @api.exception_handler(ValidationError)
    def invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        return refusal_of(request, list(exc.errors)).response()

    @api.exception_handler(HttpError)
    def unreadable(request: HttpRequest, exc: HttpError) -> HttpResponse:
        cause = exc.__cause__
        if isinstance(cause, ApiError):  # the body's reader said why (ninja wraps it)
            return cause.response()
        return error(
            exc.status_code, gettext("The request could not be read. Nothing was changed.")
        )

    for router in routers:
        api.add_router("", router)
    BUILT.append(api)
    return api


def urlpatterns(api: NinjaAPI) -> tuple[list[URLPattern], str, str]:
    """The API's URLs, each view answering as every address of the API does: HEAD as GET
    without the body, and a method it does not take 405 in JSON with the
    methods it does (Allow)."""
    patterns, app_name, namespace = api.urls
    # ninja's own root view is the docs page's address, which answers it (schema_of).
    patterns = [p for p in patterns if p.name != "api-root"]
    for pattern in patterns:
        pattern.callback = _answering(pattern.callback)
    return patterns, app_name, namespace


def _answering(view: Callable) -> Callable:
    @wraps(view)
    def answered(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # A read is in one snapshot already, as every GET is (snapshot.OneSnapshotMiddleware).
        response = view(request, *args, **kwargs)
        if response.status_code == 405 and "Allow" in response:
            takes = {m.strip() for m in response["Allow"].split(",")}
            response = not_allowed([m for m in METHOD_ORDER if m in takes])
        return headless(request, response)

    answered.csrf_exempt = True  # type: ignore[attr-defined]  # no cookie carries authority
    return answered


def not_allowed(allowed: list[str]) -> JsonResponse:
    """405 for a method the address does not take, saying which it takes (Allow)."""
    return error(
        405,
        gettext("This address takes %(methods)s.") % {"methods": ", ".join(allowed)},
        headers={"Allow": ", ".join(allowed)},
    )


def headless(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """HEAD answers as GET would, headers and length, without the body (RFC 9110 9.3.2)."""
    if request.method == "HEAD" and not response.streaming:
        response["Content-Length"] = str(len(response.content))
        response.content = b""
    return response
