"""The site's session store: Django's database sessions, read through SQL written once."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from kalooki_ledger.session_store import SessionStore

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]


def saved(**values) -> str:
    store = SessionStore()
    store.update(values)
    store.save()
    return store.session_key


def test_a_saved_session_reads_back_as_djangos_own_store_reads_it():
    key = saved(games=["tok-1", "tok-2"], _auth_user_id="7")
    assert SessionStore(key).load() == {"games": ["tok-1", "tok-2"], "_auth_user_id": "7"}
    assert SessionStore(key).load() == db.SessionStore(key).load()


def test_an_expired_session_reads_empty_and_its_key_is_not_taken_again():
    key = saved(games=["tok-1"])
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(1))
    store = SessionStore(key)
    assert store.load() == {} and store.session_key is None
    store["games"] = ["tok-2"]
    store.save()
    assert store.session_key != key


def test_an_unknown_key_reads_empty_and_a_save_makes_a_new_one():
    store = SessionStore("x" * 32)
    assert store.load() == {} and store.session_key is None
    store["games"] = ["tok-3"]
    store.save()
    assert store.session_key != "x" * 32
    assert SessionStore(store.session_key).load() == {"games": ["tok-3"]}


def test_a_change_saved_by_another_request_is_read_by_the_next():
    key = saved(games=["tok-1"])
    first = SessionStore(key)
    first["games"] = ["tok-9"]
    first.save()
    assert SessionStore(key).load() == {"games": ["tok-9"]}


def test_the_site_uses_it(settings):
    assert settings.SESSION_ENGINE == "kalooki_ledger.session_store"
