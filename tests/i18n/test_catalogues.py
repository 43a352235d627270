"""The Swedish catalogues are complete and well formed, and what the site runs on is built from
them: the compiled .mo files and the scripts' catalogue, a static file."""

import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

from kalooki_ledger.games.management.commands.build_locale import (
    compile_catalogues,
    write_js_catalogues,
)

LOCALE = Path(settings.LOCALE_PATHS[0])
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]")


def same_quoted(found: list[str]) -> list[str]:
    """English quotes a name by repr ('Zed', %(name)r); Swedish sets it in its own quotation
    marks (”%(name)s”): the same placeholder either way."""
    return [p[:-1] + "s" if p.endswith("r") else p for p in found]


def test_swedish_has_both_catalogues():
    assert {p.relative_to(LOCALE).as_posix() for p in CATALOGUES} >= {
        "sv/LC_MESSAGES/django.po",
        "sv/LC_MESSAGES/djangojs.po",
    }


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(LOCALE)))
def test_every_string_has_a_translation_that_is_not_fuzzy(path):
    po = polib.pofile(str(path))
    assert not po.metadata_is_fuzzy
    untranslated = [e.msgid for e in po if not e.obsolete and not e.translated()]
    assert untranslated == [], f"{path}: no translation (or fuzzy) for {untranslated}"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(LOCALE)))
def test_every_translation_keeps_the_placeholders_of_its_english(path):
    for entry in polib.pofile(str(path)):
        wanted = sorted(same_quoted(PLACEHOLDER.findall(entry.msgid)))
        for text in entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]:
            assert sorted(same_quoted(PLACEHOLDER.findall(text))) == wanted, entry.msgid


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(LOCALE)))
def test_gnu_msgfmt_finds_nothing_wrong(path):
    checked = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


def test_the_build_compiles_each_catalogue_and_writes_the_scripts_swedish_words(tmp_path):
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy, ignore=shutil.ignore_patterns("*.mo"))
    compiled = compile_catalogues(copy)
    assert {p.name for p in compiled} == {"django.mo", "djangojs.mo"}
    mo = polib.mofile(str(copy / "sv" / "LC_MESSAGES" / "django.mo"))
    assert mo.find("Log in").msgstr == "Logga in"
    written = write_js_catalogues(copy, tmp_path / "js")
    assert [p.name for p in written] == ["sv.js"]  # English needs none
    script = written[0].read_text()
    assert '"Try again": "F\\u00f6rs\\u00f6k igen"' in script
    assert "django.gettext = function" in script and "interpolate" in script
    assert "DATE_INPUT_FORMATS" not in script  # no formats: no script here reads them


def test_the_swedish_script_catalogue_is_a_static_file_the_site_finds():
    found = finders.find("js/i18n/sv.js")
    assert found, "run `make locale` (manage.py build_locale)"
    assert "Ingen t\\u00e4ckning: de sparas p\\u00e5 telefonen" in Path(found).read_text()
