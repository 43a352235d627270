"""The live server's database: a file while browser tests run, so each request has its own
connection (tests/conftest.py says why)."""

import pytest
from django.db import connection

pytestmark = pytest.mark.browser


@pytest.mark.django_db
def test_the_database_the_live_server_shares_is_a_file_not_memory():
    if connection.vendor == "sqlite":
        assert not connection.is_in_memory_db()
    assert connection.settings_dict["NAME"]
