"""The API's OpenAPI 3.1 schema, kept by hand beside the views in `api.py` (a test checks that
every route is described and every described route answers). The words the API docs page
shows are marked `gettext_noop`: the schema stays English, the page translates them."""

from typing import Any

from django.utils.translation import gettext_noop

from kalooki_ledger import rules as engine

# A hand number: 1 to the most hands a game may have (more is refused, 422).
HAND_NUMBER = {"type": "integer", "minimum": 1, "maximum": engine.MAX_HANDS}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


TOKEN = {
    "name": "token",
    "in": "path",
    "required": True,
    "description": gettext_noop(
        "The game's scoring link token (reads and writes) or watch token (reads)."
    ),
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"},
}
NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "description": gettext_noop("The hand's number, 1 for the first."),
    "schema": HAND_NUMBER,
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": True,
    "description": gettext_noop(
        "New for each command, the same when it is sent again: a second send "
        "answers as the first did and stores nothing."
    ),
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$"},
}


def _if_match(required: bool) -> dict[str, Any]:
    return {
        "name": "If-Match",
        "in": "header",
        "required": required,
        "description": gettext_noop(
            "The ETag of the game as read: a change made against an older version "
            "is refused with 409."
        ),
        "schema": {"type": "string", "examples": ['"12"']},
    }


# What any address may answer besides its own: a method it doesn't take (Allow lists those it
# does), and a database that can't be reached or written.
NOT_ALLOWED = _json(
    _ref("Error"),
    gettext_noop("This address does not take that method: the Allow header lists those it takes."),
)
UNAVAILABLE = _json(
    _ref("Error"),
    gettext_noop(
        "The database can't take the request now: nothing was saved. Try again after "
        "Retry-After seconds."
    ),
)
TOO_LARGE = _json(
    _ref("Error"),
    gettext_noop("The body is larger than the API takes (2.5 MB): nothing was stored."),
)
ERRORS = {
    "400": _json(
        _ref("Error"), gettext_noop("The request is malformed: the message says what is allowed.")
    ),
    "403": _json(_ref("Error"), gettext_noop("A watch link can read the game, never change it.")),
    "404": _json(_ref("Error"), gettext_noop("No game at this link (or no such hand).")),
    "409": _json(
        _ref("Conflict"),
        gettext_noop("The game changed since the version named: nothing was stored."),
    ),
    "405": NOT_ALLOWED,
    "413": TOO_LARGE,
    "422": _json(
        _ref("Error"), gettext_noop("The engine refuses the command: each problem is named.")
    ),
    "503": UNAVAILABLE,
}
RECORD = _json(
    _ref("GameRecord"), gettext_noop("The game record with its results, as export_game prints it.")
)


def _command(summary: str, body: dict | None, version_required: bool, created: bool = False):
    responses = {"201" if created else "200": RECORD, **ERRORS}
    operation: dict[str, Any] = {
        "summary": summary,
        "parameters": [TOKEN, IDEMPOTENCY_KEY, _if_match(version_required)],
    }
    if version_required:
        responses["428"] = _json(_ref("Error"), gettext_noop("If-Match is required here."))
    if body is None:  # nothing is read, so no body is too large
        del responses["413"]
    else:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": body}},
        }
    operation["responses"] = dict(sorted(responses.items()))
    return operation


def _head(get: dict[str, Any]) -> dict[str, Any]:
    """HEAD answers as GET does, without a body."""
    responses = {code: {"description": r["description"]} for code, r in get["responses"].items()}
    return {
        **get,
        "summary": gettext_noop("GET's headers, without the body"),
        "responses": responses,
    }


IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": gettext_noop(
        "ETags of the game as read before, or *: a match, weak or strong, answers 304."
    ),
    "schema": {"type": "string", "examples": ['"12"', 'W/"12"', '"11", "12"']},
}
GAME_GET = {
    "summary": gettext_noop("The game record with its results"),
    "parameters": [TOKEN, IF_NONE_MATCH],
    "responses": {
        "200": RECORD,
        "304": {"description": gettext_noop("Unchanged since the ETag in If-None-Match.")},
        "404": ERRORS["404"],
        "405": NOT_ALLOWED,
        "503": UNAVAILABLE,
    },
}
SCHEMA_GET = {
    "summary": gettext_noop("This schema (OpenAPI 3.1)"),
    "responses": {
        "200": {
            "description": gettext_noop("The schema"),
            "content": {"application/json": {"schema": {"type": "object"}}},
        },
        "405": NOT_ALLOWED,
    },
}

SCHEMA: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Kalooki Ledger API",
        "version": "1",
        "description": gettext_noop(
            "Read a game's record and results; record hands and the other changes "
            "of the table. Hands and records are in the kalooki-game/1 format "
            "(docs/record-format.md). Every change is a command: it carries an "
            "Idempotency-Key, and names the version it was made against (If-Match, or a hand's "
            "number)."
        ),
    },
    "paths": {
        "/api/v1/openapi.json": {"get": SCHEMA_GET, "head": _head(SCHEMA_GET)},
        "/api/v1/games/{token}": {"get": GAME_GET, "head": _head(GAME_GET)},
        "/api/v1/games/{token}/hands": {
            "post": _command(
                gettext_noop("Record the next hand"),
                {"allOf": [_ref("Hand"), {"required": ["number"]}]},
                False,
                created=True,
            )
        },
        "/api/v1/games/{token}/hands/{number}": {
            "put": {
                **_command(gettext_noop("Correct a recorded hand"), _ref("Hand"), True),
                "parameters": [TOKEN, NUMBER, IDEMPOTENCY_KEY, _if_match(True)],
            },
            "delete": {
                **_command(gettext_noop("Delete a hand; later hands move up one"), None, True),
                "parameters": [TOKEN, NUMBER, IDEMPOTENCY_KEY, _if_match(True)],
            },
        },
        "/api/v1/games/{token}/undo": {
            "post": _command(
                gettext_noop("Take back the last hand"),
                {
                    "type": "object",
                    "required": ["number"],
                    "properties": {"number": HAND_NUMBER},
                },
                False,
            )
        },
        "/api/v1/games/{token}/buy-ins": {
            "post": _command(
                gettext_noop("Answer the buy-in offer after the last hand"),
                {
                    "type": "object",
                    "required": ["number", "player", "bought_in"],
                    "properties": {
                        "number": HAND_NUMBER,
                        "player": {"type": "string"},
                        "bought_in": {"type": "boolean"},
                    },
                },
                False,
            )
        },
        "/api/v1/games/{token}/stop": {
            "post": _command(
                gettext_noop("Stop the game early, or take the stop back (null)"),
                {
                    "type": "object",
                    "required": ["settle"],
                    "properties": {"settle": {"enum": ["refund", "split", "leader", None]}},
                },
                True,
            )
        },
        "/api/v1/games/{token}/date": {
            "post": _command(
                gettext_noop("Set the date the game was played"),
                {
                    "type": "object",
                    "required": ["played_on"],
                    "properties": {"played_on": {"type": "string", "format": "date"}},
                },
                True,
            )
        },
        "/api/v1/games/{token}/paid": {
            "post": _command(
                gettext_noop("Tick settling-up transfers as paid, or untick them"),
                {
                    "type": "object",
                    "required": ["transfers"],
                    "properties": {
                        "transfers": {
                            "type": "array",
                            "minItems": 1,
                            "items": {
                                "type": "object",
                                "required": ["from", "to", "amount", "paid"],
                                "properties": {
                                    "from": {"type": "string"},
                                    "to": {"type": "string"},
                                    "amount": {"type": "string"},
                                    "paid": {"type": "boolean"},
                                },
                            },
                        }
                    },
                },
                False,
            )
        },
    },
    "components": {
        "schemas": {
            "Hand": {
                "type": "object",
                "description": "A hand as the record writes it: void, or a winner and the "
                "others' values, cards or counts (see docs/record-format.md).",
                "properties": {
                    "number": HAND_NUMBER,
                    "void": {"type": "boolean"},
                    "winner": {"type": "string"},
                    "kalookie": {"type": "boolean"},
                    "penalties": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "cards": {
                        "type": "object",
                        "additionalProperties": {"type": "array", "items": {"type": "string"}},
                    },
                    "counts": {"type": "object"},
                    "adjustments": {
                        "type": "object",
                        "additionalProperties": {"type": "integer"},
                    },
                    "reason": {"type": "object", "additionalProperties": {"type": "string"}},
                    "buy_ins": {"type": "object", "additionalProperties": {"type": "boolean"}},
                },
            },
            "GameRecord": {
                "type": "object",
                "description": "The kalooki-game/1 record with `results` added.",
                "required": ["format", "players", "hands", "results"],
                "properties": {
                    "format": {"const": "kalooki-game/1"},
                    "title": {"type": "string"},
                    "players": {"type": "array", "items": {"type": "string"}},
                    "hands": {"type": "array", "items": _ref("Hand")},
                    "results": {"type": "object"},
                },
            },
            "Problem": {
                "type": "object",
                "properties": {
                    "hand": {"type": ["integer", "null"]},
                    "player": {"type": ["string", "null"]},
                    "field": {"type": ["string", "null"]},
                    "message": {"type": "string"},
                },
            },
            "Error": {
                "type": "object",
                "required": ["error", "problems"],
                "properties": {
                    "error": {"type": "string"},
                    "problems": {"type": "array", "items": _ref("Problem")},
                },
            },
            "Conflict": {
                "allOf": [
                    _ref("Error"),
                    {"properties": {"game": _ref("GameRecord")}, "required": ["game"]},
                ]
            },
        }
    },
}
