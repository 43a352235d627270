"""Schemathesis, a client no one here wrote, walks the API's generated schema against a live
server with real tokens for a game, a night and a group: the examples, the coverage of every
parameter and body (values at the edges, and each way of being wrong), random fuzzing and the
stateful phase along the schema's links. Every failure of the checks the API promises is
reported, with how to reproduce it."""

import copy
from collections import Counter

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events

from tests.api.document import document
from tests.games.web import stored_game, worked_hands
from tests.nights.factories import finished, group, night

pytestmark = [
    pytest.mark.slow,
    pytest.mark.db_agnostic(
        "it proves the API's HTTP, the same on either database; run by hand on PostgreSQL "
        "(docs/commands.md gives the figure)"
    ),
]

CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "response_headers_conformance",
    "negative_data_rejection",
    "unsupported_method",
)
# Bounded by counts, never by time, so every machine runs the same cases within the budget:
# examples per operation and phase, and the stateful phase's steps.
EXAMPLES = 20
STEPS = 150
# The phases that must run and pass (the examples phase runs where the schema has examples).
PHASES = ("coverage", "fuzzing", "stateful")


def with_tokens(schema: dict, tokens: dict[str, list[str]]) -> dict:
    """The schema with each address's token one of the real ones (a scoring and a watch link):
    a random token only ever finds nothing (404)."""
    walked = copy.deepcopy(schema)
    for path, methods in walked["paths"].items():
        kind = next((k for k in tokens if f"/{k}/" in path), None)
        for operation in methods.values():
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "token" and kind:
                    parameter["schema"] = {"type": "string", "enum": tokens[kind]}
    return walked


def test_schemathesis_finds_no_failure_of_the_checks_the_api_promises(live_server):
    game = stored_game(hands=worked_hands()[:2])
    n = night(group(), finished())
    g = group("Tuesday friends")
    tokens = {
        "games": [game.edit_token, game.share_token],
        "nights": [n.edit_token, n.share_token],
        "groups": [g.edit_token, g.share_token],
    }
    config = SchemathesisConfig.from_dict(
        {
            "seed": 40,
            "base-url": live_server.url,
            "checks": {"enabled": False, **{name: {"enabled": True} for name in CHECKS}},
            "generation": {"max-examples": EXAMPLES, "database": "none"},
            "phases": {"stateful": {"enabled": True, "max-steps": STEPS}},
        }
    )
    schema = schemathesis.openapi.from_dict(with_tokens(document(), tokens), config=config)
    failures, checked, phases = [], Counter(), {}
    for event in schemathesis.engine.from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished | events.FuzzScenarioFinished):
            for nodes in event.recorder.checks.values():
                for node in nodes:
                    checked[node.name] += 1
                    if node.failure_info is not None:
                        failures.append(failure(event.recorder, node))
        elif isinstance(event, events.PhaseFinished):
            phases[event.phase.name.value] = event.status.name
        elif isinstance(event, events.NonFatalError):
            failures.append(f"{event.label}: {event.info.message}")
        elif isinstance(event, events.FatalError):
            failures.append(f"fatal: {event.exception!r}")
    print(dict(checked), phases)  # how much was asked, shown with -s
    assert set(checked) == set(CHECKS), checked
    assert {name: phases.get(name) for name in PHASES} == dict.fromkeys(PHASES, "SUCCESS")
    assert sorted(set(failures)) == []


def failure(recorder, node) -> str:
    info = node.failure_info
    return f"{recorder.label}: {node.name}: {info.failure.title} | {info.code_sample}"[:900]
