"""A database that can't be written or reached (a full disk, a read-only file, a server gone)
answers 503 with a page that says nothing was saved, never a bare "Server Error (500)"."""

import sys

from django.db import DatabaseError, IntegrityError, connection, transaction
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from .error_pages import api_refusal
from .error_pages import server_error as plain_server_error

RETRY_AFTER = "5"


def is_fault(exc: BaseException | None) -> bool:
    """A fault of the database itself, not a refusal of what was written (a taken number)."""
    return isinstance(exc, DatabaseError) and not isinstance(exc, IntegrityError)


def fault_response(request: HttpRequest) -> HttpResponse:
    response = api_refusal(request, 503)
    if response is None:
        # No context processors: they would ask the failing database for the session.
        htmx = request.headers.get("HX-Request") == "true"
        response = HttpResponse(render_to_string("503.html", {"htmx": htmx}), status=503)
    response["Retry-After"] = RETRY_AFTER
    response["Cache-Control"] = "no-store"
    return response


class DatabaseFaultMiddleware:
    """Turns a database fault in a view into the 503 page, in debug too."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        return fault_response(request) if is_fault(exc) else None


def server_error(request: HttpRequest) -> HttpResponse:
    """The site's 500 handler: a database fault anywhere (a middleware saving the session
    included) is the 503 page; anything else the plain 500."""
    if is_fault(sys.exc_info()[1]):
        return fault_response(request)
    return plain_server_error(request)


def database_writable() -> str | None:
    """Why the database can't take a write now, or None: a table made and rolled back."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("CREATE TABLE kalooki_write_check (id integer)")
            transaction.set_rollback(True)
    except DatabaseError as exc:
        return str(exc).strip() or exc.__class__.__name__
    return None
