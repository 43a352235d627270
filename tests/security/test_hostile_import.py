"""The JSON import: what it accepts exports back identically; what it refuses stores nothing.

Mutated copies of valid records (the worked example of source 000 and small games) carry wrong
types at every key, deleted keys, extra keys, huge and negative numbers, floats and nested junk.
"""

import copy
import io
import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_ledger.games.models import Game
from kalooki_ledger.games.store import import_record
from kalooki_ledger.rules import RecordError
from kalooki_ledger.sheets.forms import MAX_UPLOAD
from tests.helpers import record, worked_example

from .factories import FAST, MARKUP, as_json_bytes, hostile_text, no_nul, snapshot, worked_record

pytestmark = pytest.mark.django_db


def seeds() -> list[dict]:
    return [
        worked_example(),
        worked_record(),
        record(["Andy", "Mark"], [{"void": True}], rules={"preset": "british", "limit": 100}),
        record(
            ["Andy", "Mark", "John"],
            [
                {
                    "winner": "Andy",
                    "cards": {"Mark": ["Joker", "AS", "10H"], "John": ["7", "7"]},
                    "buy_ins": {},
                }
            ],
            stakes={"currency": "JPY", "call_up": "10", "initial": "50"},
            played_on="2026-11-20",
            stopped={"settle": "refund"},
        ),
    ]


# Text without NUL for records that must import: a NUL is refused (the tests below).
safe_text = hostile_text.filter(no_nul)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 148, 149, 150, 10_000, 2**31, 2**63, -(2**63) - 1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=False, allow_infinity=False, places=3),
    safe_text,
)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(safe_text, inner, max_size=3)
    ),
    max_leaves=6,
)


def paths(node, prefix=()):
    """Every place in a JSON tree: (path to the container, key or index)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (prefix, key)
            yield from paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield (prefix, index)
            yield from paths(value, (*prefix, index))


def containers(node, prefix=()):
    if isinstance(node, dict | list):
        yield prefix
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            yield from containers(value, (*prefix, key))


def at(node, path):
    for step in path:
        node = node[step]
    return node


@st.composite
def mutated_records(draw):
    data = copy.deepcopy(draw(st.sampled_from(seeds())))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        kind = draw(st.sampled_from(["replace", "delete", "add"]))
        if kind == "add":
            where = at(data, draw(st.sampled_from(list(containers(data)))))
            if isinstance(where, dict):
                where[draw(safe_text)] = draw(junk)
            else:
                where.insert(draw(st.integers(0, len(where))), draw(junk))
            continue
        places = list(paths(data))
        if not places:
            break
        parent_path, key = draw(st.sampled_from(places))
        parent = at(data, parent_path)
        if kind == "delete":
            del parent[key]
        else:
            parent[key] = draw(junk)
    return data


def export_of(game: Game) -> dict:
    return json.loads(json.dumps(Game.objects.loaded().get(pk=game.pk).to_json()))


@settings(FAST, max_examples=60)
@given(data=mutated_records())
def test_a_record_the_import_accepts_round_trips_and_one_it_refuses_stores_nothing(data):
    before = snapshot()
    try:
        game = import_record(data)
    except RecordError as refused:
        assert str(refused)
        assert snapshot() == before
        return
    first = export_of(game)
    again = export_of(import_record(first))
    assert again == first


@FAST
@given(data=mutated_records())
def test_uploading_a_mutated_record_is_stored_or_refused_with_a_message(client, data):
    before = snapshot()
    try:
        body = as_json_bytes(data)
    except ValueError:  # a float nan or inf inside a Decimal: json can't write it
        return
    response = client.post("/sheets/import/", {"record": SimpleUploadedFile("g.json", body)})
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert snapshot() == before
        shown = response.content.decode()
        assert "Nothing was imported" in shown or "That file" in shown
        assert MARKUP not in shown
    else:
        game = Game.objects.order_by("-pk").first()
        assert response["Location"] == game.get_absolute_url()


@FAST
@given(body=st.one_of(st.binary(max_size=300), safe_text.map(str.encode)))
def test_uploading_random_bytes_is_refused_and_stores_nothing(client, body):
    before = snapshot()
    response = client.post("/sheets/import/", {"record": SimpleUploadedFile("g.json", body)})
    assert response.status_code == 400
    assert snapshot() == before


@pytest.mark.parametrize(
    ("size", "status", "message"),
    [
        (MAX_UPLOAD + 1, 400, "a game record can be at most 2 MB"),
        # Past the 2.5 MB a request may carry, the body is refused before it is read.
        (3 * MAX_UPLOAD, 413, "an upload (a game record) at most 2 MB"),
    ],
)
def test_an_oversized_upload_is_refused_with_its_size(client, size, status, message):
    data = worked_example()
    data["title"] = "x"
    body = as_json_bytes(data)
    body = body[:-1] + b', "pad": "' + b"p" * (size - len(body) - 10) + b'"}'
    assert len(body) > MAX_UPLOAD
    before = snapshot()
    response = client.post("/sheets/import/", {"record": SimpleUploadedFile("g.json", body)})
    assert response.status_code == status
    assert message in response.content.decode()
    assert snapshot() == before


def test_a_record_with_no_file_is_refused(client):
    response = client.post("/sheets/import/", {})
    assert response.status_code == 400
    assert "Choose a game record file" in response.content.decode()


def test_a_backup_list_is_refused_here(client):
    body = as_json_bytes([worked_example(), worked_example()])
    before = snapshot()
    response = client.post("/sheets/import/", {"record": SimpleUploadedFile("g.json", body)})
    assert response.status_code == 400
    assert "list of 2 games" in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("penalty", 2**70),
        ("penalty", -1),
        ("penalty", 1.5),
        ("penalty", Decimal("42")),
        ("penalty", "42"),
        ("stake", "1e400"),
        ("stake", "-0.10"),
        ("stake", 0.1),
        ("title", "t" * 201),
        ("name", "n" * 41),
        ("played_on", "2026-02-30"),
        ("played_on", 20261120),
    ],
)
def test_each_bad_value_is_a_record_error_that_stores_nothing(where, value):
    data = worked_example()
    if where == "penalty":
        data["hands"][0]["penalties"]["Andy"] = value
    elif where == "stake":
        data["stakes"]["call_up"] = value
    elif where == "name":
        data["players"][0] = value
    else:
        data[where] = value
    before = snapshot()
    with pytest.raises(RecordError):
        import_record(data)
    assert snapshot() == before


def test_markup_in_names_and_title_round_trips_exactly():
    data = record([MARKUP, "Mark"], [{"winner": "Mark", "penalties": {MARKUP: 40}}], title=MARKUP)
    first = export_of(import_record(data))
    assert first["players"] == [MARKUP, "Mark"] and first["title"] == MARKUP
    assert export_of(import_record(first)) == first


def test_a_five_thousand_digit_number_in_an_upload_is_refused(client):
    body = b'{"format": "kalooki-game/1", "title": ' + b"9" * 5000 + b"}"
    before = snapshot()
    response = client.post("/sheets/import/", {"record": SimpleUploadedFile("g.json", body)})
    assert response.status_code == 400
    assert snapshot() == before


def test_deeply_nested_json_in_an_upload_is_refused(client):
    body = b"[" * 100_000 + b"]" * 100_000
    before = snapshot()
    response = client.post("/sheets/import/", {"record": SimpleUploadedFile("g.json", body)})
    assert response.status_code == 400
    assert snapshot() == before


@pytest.mark.parametrize("where", ["name", "title", "reason"])
def test_a_nul_in_an_uploaded_name_or_title_is_refused_with_a_message(client, where):
    data = worked_example()
    if where == "name":
        data = record(["An\x00dy", "Mark"], [])
    elif where == "title":
        data["title"] = "Friday\x00"
    else:
        hand = {"winner": "Andy", "penalties": {"Mark": 40}, "adjustments": {"Mark": 50}}
        hand["reason"] = {"Mark": "late\x00"}
        data = record(["Andy", "Mark"], [hand], rules={"preset": "jamaica"})
    before = snapshot()
    response = client.post(
        "/sheets/import/", {"record": SimpleUploadedFile("g.json", as_json_bytes(data))}
    )
    assert response.status_code == 400
    assert "Nothing was imported" in response.content.decode()
    assert snapshot() == before


def test_a_nul_in_a_name_is_a_record_error():
    before = snapshot()
    with pytest.raises(RecordError):
        import_record(record(["An\x00dy", "Mark"], []))
    assert snapshot() == before


@pytest.mark.parametrize("index", range(len(seeds())))
def test_every_seed_record_is_accepted_and_round_trips(index):
    first = export_of(import_record(seeds()[index]))
    assert export_of(import_record(first)) == first


@settings(FAST, max_examples=20)
@given(data=mutated_records())
def test_the_import_command_refuses_with_a_command_error_and_stores_nothing(tmp_path_factory, data):
    from django.core.management import CommandError, call_command

    path = tmp_path_factory.mktemp("records") / "game.json"
    try:
        path.write_bytes(as_json_bytes([worked_example(), data]))
    except ValueError:
        return
    before = snapshot()
    try:
        call_command("import_game", str(path), stdout=io.StringIO())
    except CommandError as refused:
        assert "nothing was imported" in str(refused) or "not a JSON game record" in str(refused)
        assert snapshot() == before  # the good first record is not kept either
    else:
        assert Game.objects.count() == before["counts"]["games.Game"] + 2


def upload_bytes(client, body: bytes):
    return client.post("/sheets/import/", {"record": SimpleUploadedFile("g.json", body)})


def test_a_key_given_twice_is_refused_naming_it_instead_of_keeping_the_last(client):
    body = as_json_bytes(worked_record()).replace(
        b'"winner": "John"', b'"winner": "Bob", "winner": "John"', 1
    )
    before = snapshot()
    response = upload_bytes(client, body)
    assert response.status_code == 400
    assert "The key &quot;winner&quot; appears twice in one object" in response.content.decode()
    assert snapshot() == before


def test_an_unknown_top_level_key_is_refused_naming_it(client):
    response = upload_bytes(client, as_json_bytes({**worked_record(), "padding": "x" * 1000}))
    assert response.status_code == 400
    assert "Unknown key &quot;padding&quot;: a record has format" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_file_with_a_byte_order_mark_imports(client):
    response = upload_bytes(client, b"\xef\xbb\xbf" + as_json_bytes(worked_record()))
    assert response.status_code == 302
    assert Game.objects.get().title == "Friday at Mark's"


def test_a_stake_written_as_a_json_number_is_refused(client):
    data = worked_record()
    body = as_json_bytes(data).replace(b'"call_up": "0.10"', b'"call_up": 0.1')
    response = upload_bytes(client, body)
    assert response.status_code == 400
    assert "The call_up stake must be written as a decimal string such as" in (
        response.content.decode().replace("&quot;", '"')
    )
    assert Game.objects.count() == 0
