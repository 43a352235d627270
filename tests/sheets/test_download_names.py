"""A downloaded file's name per RFC 6266: the name itself (`filename*=utf-8''…`) and, where it
is not ASCII, an ASCII fallback beside it for a client that reads only `filename`."""

import pytest

from kalooki_ledger.sheets.downloads import disposition, download
from tests.nights.factories import finished, group, night


def test_a_swedish_name_is_sent_with_an_ascii_fallback_and_in_utf_8():
    response = download("a,b\n", "text/csv; charset=utf-8", "Fredagsgänget-1.csv")
    assert response["Content-Disposition"] == (
        "attachment; filename=\"Fredagsganget-1.csv\"; filename*=utf-8''Fredagsg%C3%A4nget-1.csv"
    )


def test_an_inline_pdf_with_accents_keeps_both_names():
    assert disposition("Åsa och Örjan-2.pdf", inline=True) == (
        'inline; filename="Asa och Orjan-2.pdf"; '
        "filename*=utf-8''%C3%85sa%20och%20%C3%96rjan-2.pdf"
    )


def test_characters_with_no_ascii_letter_fall_back_to_underscores():
    header = disposition("Ølstue ß 麻雀-1.csv")
    assert header.startswith("attachment; filename=\"_lstue _ __-1.csv\"; filename*=utf-8''")
    assert header.endswith("%C3%98lstue%20%C3%9F%20%E9%BA%BB%E9%9B%80-1.csv")


def test_a_quote_in_a_non_ascii_name_is_escaped_in_the_fallback():
    assert disposition('Göran "G"-1.csv').startswith('attachment; filename="Goran \\"G\\"-1.csv";')


def test_an_ascii_name_is_written_once_as_before():
    assert disposition("friday-at-marks-7.pdf") == 'attachment; filename="friday-at-marks-7.pdf"'


@pytest.mark.django_db
def test_a_nights_csv_of_fredagsgänget_names_both_forms(client):
    made = night(group("Fredagsgänget"), finished())
    response = client.get(f"/nights/file/{made.share_token}/night.csv")
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="Fredagsganget-{made.number}.csv"; '
        f"filename*=utf-8''Fredagsg%C3%A4nget-{made.number}.csv"
    )
