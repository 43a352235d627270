"""Fixtures for every test."""

import pytest

from tests.games.web import FormClient


@pytest.fixture
def client() -> FormClient:
    """A browser that posts each game form with the version its page shows and a fresh key."""
    return FormClient()
