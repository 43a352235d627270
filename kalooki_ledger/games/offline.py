"""The service worker, served from the site's root so that its scope is the whole site.

A file under /static/ could only control /static/, and its name changes with every deploy (the
manifest storage hashes it), so the worker is a template rendered here: it lists the static
files to keep by their current URLs, and its bytes change whenever one of them does, which is
how a browser learns that there is a new worker. See docs/offline.md.
"""

import hashlib

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

# Everything a table page needs, kept on the phone when the worker installs.
KEPT = [
    "css/app.css",
    "css/print.css",
    "js/app.js",
    "js/offline.js",
    "js/outbox.js",
    "django_htmx/htmx-2.min.js",
    "manifest.webmanifest",
    "icons/icon-192.png",
]


def kept_urls() -> list[str]:
    # The print stylesheet is written by another change; keep it only once it exists. The
    # scripts' words in the phone's language too (English has no catalogue file).
    paths = [*KEPT, f"js/i18n/{get_language()}.js"]
    return [static(path) for path in paths if finders.find(path) is not None]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    urls = kept_urls()
    version = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]
    body = render_to_string("sw.js", {"urls": urls, "version": version})
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # Always asked for again: a stale worker would keep serving stale pages.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
