"""A night's page reads in one snapshot (every GET does: games/snapshot.py): a payment stored by
another phone while the page is being read, forced between its reads, is the next page's, never
a 500 (issue 41)."""

import threading
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import RecordPayment
from kalooki_ledger.nights.models import Night

from .factories import finished, night, sent

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.db_specific,
    pytest.mark.threads,
]


def another_phone_pays(night_pk: int) -> commands.Outcome:
    """Another phone ticks a payment, in a thread with its own connection, committed."""
    answers = []

    def pay():
        try:
            n = Night.objects.get(pk=night_pk)
            answers.append(
                commands.apply(n, sent(n.version), RecordPayment("Frank", "John", Decimal(7)))
            )
        finally:
            connection.close()

    thread = threading.Thread(target=pay)
    thread.start()
    thread.join(30)
    assert answers, "the other phone's payment never came back"
    return answers[0]


class PaysAfterTheFirstReadOfPayments:
    """A wrapper on the page's connection: the first time the page reads the night's payments,
    another phone's payment is stored and committed before the page reads on."""

    def __init__(self, night_pk: int) -> None:
        self.night_pk, self.paid = night_pk, None

    def __call__(self, execute, sql, params, many, context):
        answer = execute(sql, params, many, context)
        if self.paid is None and "nights_nightpayment" in sql and sql.startswith("SELECT"):
            self.paid = another_phone_pays(self.night_pk)
        return answer


@pytest.mark.parametrize("link", ["scoring", "watching"])
def test_a_payment_stored_while_the_night_page_is_read_is_the_next_pages(link):
    n = night(None, finished())
    commands.apply(n, sent(n.version), RecordPayment("Mark", "John", Decimal(16)))
    url = n.get_absolute_url() if link == "scoring" else n.share_url()
    phone = Client()
    forced = PaysAfterTheFirstReadOfPayments(n.pk)
    with connection.execute_wrapper(forced):
        page = phone.get(url)
    assert forced.paid is not None and forced.paid.applied  # stored between the page's reads
    assert n.night_payments.count() == 2
    html = page.content.decode()
    assert page.status_code == 200
    assert "Mark paid John" in html and "Frank paid John" not in html  # one moment's payments
    assert "Frank paid John" in phone.get(url).content.decode()
