"""A night on paper and in files: one A4 PDF, CSV in the reader's language, the JSON record
imported back through its page."""

import io
import json
import secrets
from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import RecordPayment
from kalooki_ledger.nights.models import Night
from kalooki_ledger.nights.record import night_json
from tests.helpers import pdf_info, pdf_text

from .factories import finished, night, sent, stopped

pytestmark = pytest.mark.django_db


def paid_night():
    n = night(None, finished(), stopped("split"), finished(["Andy", "Mark", "Sue", "Frank"]))
    commands.apply(n, sent(n.version), RecordPayment("Mark", "John", Decimal(32)))
    return n


def test_the_nights_sheet_is_one_a4_page_with_nets_totals_paid_and_what_is_owed(client):
    n = paid_night()
    response = client.get(f"/nights/file/{n.share_token}/night.pdf")
    assert response["Content-Type"] == "application/pdf"
    info = pdf_info(response.content)
    assert info["Pages"] == "1" and "(A4)" in info["Page size"]
    text = pdf_text(response.content)
    assert "Night total" in text and "Still owed" in text
    assert "Mark paid John 32" in text
    assert "Frank pays Sue 16" in text


def test_the_csv_is_in_the_readers_language(client):
    n = paid_night()
    english = client.get(f"/nights/file/{n.share_token}/night.csv").content.decode()
    assert "Night total,-12,-34,32,-16,30,units" in english
    client.cookies["django_language"] = "sv"
    swedish = client.get(f"/nights/file/{n.share_token}/night.csv").content.decode()
    assert "Kvällens summa;-12;-34;32;-16;30;units" in swedish


def test_the_json_record_imports_back_through_its_page_as_the_same_night(client):
    n = paid_night()
    record = client.get(f"/nights/file/{n.share_token}/night.json").content
    upload = io.BytesIO(record)
    upload.name = "night.json"
    response = client.post(
        "/nights/import/send/", {"record": upload, "key": secrets.token_urlsafe(12)}
    )
    assert response.status_code == 302
    imported = Night.objects.exclude(pk=n.pk).get()
    assert {**night_json(imported), "version": 0} == {**json.loads(record), "version": 0}


def test_a_record_that_is_no_night_or_whose_game_is_damaged_imports_nothing(client):
    n = paid_night()
    data = night_json(n)
    data["games"][0]["hands"][0]["winner"] = "Nobody"
    for body, said in (
        (json.dumps(data), "can&#x27;t be imported: Hand 1"),
        (
            json.dumps({"format": "kalooki-night/1", "payments": [{}]}),
            "be imported: The group&#x27;s name",
        ),
        ("[1, 2]", "not a night"),
    ):
        upload = io.BytesIO(body.encode())
        upload.name = "night.json"
        response = client.post(
            "/nights/import/send/", {"record": upload, "key": secrets.token_urlsafe(12)}
        )
        assert response.status_code == 422
        assert said in response.content.decode()
    assert Night.objects.count() == 1
