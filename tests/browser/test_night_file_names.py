"""A night's files saved by Chromium under the group's own name, å/ä/ö kept (RFC 6266)."""

import pytest

from tests.nights.factories import finished, group, night

pytestmark = pytest.mark.browser


def test_a_night_of_fredagsgänget_is_saved_under_its_name(phone):
    n = night(group("Fredagsgänget"), finished())
    page = phone
    page.goto(n.get_absolute_url())
    with page.expect_download() as csv:
        page.get_by_role("link", name="CSV", exact=True).click()
    assert csv.value.suggested_filename == "Fredagsgänget-1.csv"
    with page.expect_download() as record:
        page.get_by_role("link", name="JSON", exact=True).click()
    assert record.value.suggested_filename == "Fredagsgänget-1.json"
