"""Password resets (issue 16): a mail that can't be sent says so; requests are rate-limited."""

import smtplib

import pytest
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.test import Client

from kalooki_ledger.clubs import accounts

from .factories import make_user

pytestmark = pytest.mark.django_db

RESET = "/clubs/accounts/password-reset/"


def shown(response) -> str:
    return " ".join(response.content.decode().split()).replace("&#x27;", "'")


@pytest.mark.parametrize("error", [smtplib.SMTPException("550"), ConnectionRefusedError(111)])
def test_a_reset_whose_mail_cannot_be_sent_says_it_failed_not_sent(client, monkeypatch, error):
    make_user("fran")

    def fail(self, fail_silently=False):
        raise error

    monkeypatch.setattr(EmailMultiAlternatives, "send", fail)
    response = client.post(RESET, {"email": "fran@example.org"})
    assert response.status_code == 503
    assert "The e-mail could not be sent just now, so no link is on its way" in shown(response)
    assert "Location" not in response


def test_reset_requests_for_one_address_are_limited_and_say_so(client):
    make_user("fran")
    for n in range(accounts.RESETS_PER_EMAIL):
        sender = Client(REMOTE_ADDR=f"10.0.0.{n}")
        assert sender.post(RESET, {"email": "fran@example.org"}).status_code == 302
    response = Client(REMOTE_ADDR="10.0.1.1").post(RESET, {"email": "FRAN@example.org"})
    assert response.status_code == 429
    assert "Too many reset requests" in shown(response)
    assert len(mail.outbox) == accounts.RESETS_PER_EMAIL


def test_reset_requests_from_one_client_are_limited_whatever_the_address_asked(client):
    for n in range(accounts.RESETS_PER_ADDRESS):
        assert client.post(RESET, {"email": f"nobody{n}@example.org"}).status_code == 302
    response = client.post(RESET, {"email": "someone@example.org"})
    assert response.status_code == 429
    assert Client(REMOTE_ADDR="10.9.9.9").post(RESET, {"email": "x@example.org"}).status_code == 302
