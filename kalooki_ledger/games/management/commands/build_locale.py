"""Builds what the translations need at run time from the committed catalogues (locale/*.po):
the compiled .mo files and, for each language, static/js/i18n/<language>.js, the JavaScript
catalogue served as a plain static file (the CSP allows no inline script). `make run`, `make test`
and `make serve-prod` run it; docs/translating.md explains."""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand
from django.test import RequestFactory
from django.utils import translation
from django.utils.translation.trans_real import DjangoTranslation, to_locale
from django.views.i18n import JavaScriptCatalog

JS_CATALOGUES = Path(settings.BASE_DIR) / "static" / "js" / "i18n"


def compile_catalogues(locale_dir: Path) -> list[Path]:
    """Every .po under locale_dir compiled beside it. polib, not GNU msgfmt, so that `make run`
    works on a machine without gettext; untranslated and fuzzy entries are left out as msgfmt
    leaves them, so English shows."""
    written = []
    for po_path in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        written.append(mo_path)
    return written


class StaticCatalogue(JavaScriptCatalog):
    """Django's JavaScript catalogue of this project's own strings only (not the admin's), without
    the date and number formats that no script here reads."""

    def get(self, request, *args, **kwargs):
        locale_dirs = [str(path) for path in settings.LOCALE_PATHS]
        self.translation = DjangoTranslation(
            translation.get_language(), domain=self.domain, localedirs=locale_dirs
        )
        return self.render_to_response(self.get_context_data(**kwargs))

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "formats": {}}


def write_js_catalogues(locale_dir: Path, out_dir: Path) -> list[Path]:
    """static/js/i18n/<language>.js for each language that has a djangojs catalogue; a language
    without one gets no file, and the scripts then speak English."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for code, _name in settings.LANGUAGES:
        out = out_dir / f"{code}.js"
        if not (locale_dir / to_locale(code) / "LC_MESSAGES" / "djangojs.mo").exists():
            out.unlink(missing_ok=True)
            continue
        with translation.override(code):
            response = StaticCatalogue.as_view()(RequestFactory().get("/"))
        out.write_bytes(response.content)
        written.append(out)
    return written


class Command(BaseCommand):
    help = "Compiles locale/*.po into .mo files and writes static/js/i18n/<language>.js."

    def handle(self, *args, **options) -> None:
        locale_dir = Path(settings.LOCALE_PATHS[0])
        for path in compile_catalogues(locale_dir) + write_js_catalogues(locale_dir, JS_CATALOGUES):
            if options["verbosity"] >= 1:
                self.stdout.write(f"wrote {path.relative_to(settings.BASE_DIR)}")
