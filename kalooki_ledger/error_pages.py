"""The site's own pages for refusals (templates/400.html, 403, 404, 405, 413, 500): its layout,
a title, a sentence saying what happened and what to do, a way back, and the status. Under
/api/ the same refusals answer in the API's JSON, in the request's language as the API does."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotAllowed,
    JsonResponse,
)
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy, gettext_noop

CSRF_SENTENCE = gettext_lazy(
    "This form was sent without the page's security token, or the page had grown old: go back, "
    "reload the page and send it again. Nothing was changed."
)


def people_words(exception: BaseException | None) -> str:
    """An exception's message where the site wrote it for people (Http404("No game at this
    link")); Django's own messages (the resolver's, with paths and patterns) are not shown."""
    words = exception.args[0] if exception is not None and exception.args else ""
    if not isinstance(words, str) or not words or len(words) > 200:
        return ""
    if any(mark in words for mark in ("{", "/", "<", "Resolver", "matches the given query")):
        return ""
    return words.rstrip(".") + "."


# What a program calling the API is told, in the API's shape ({"error": …, "problems": []}).
API_WORDS = {
    400: gettext_noop("The request could not be read. Nothing was changed."),
    403: gettext_noop("Not allowed. Nothing was changed."),
    404: gettext_noop("There is nothing at this address."),
    405: gettext_noop("This address does not take that method."),
    413: gettext_noop(
        "The body is larger than the API takes (2.5 MB, 1,000 fields). Nothing was changed."
    ),
    500: gettext_noop("The server failed. Nothing was changed; try again."),
    503: gettext_noop(
        "The database can't take a change now: nothing was saved. Try again in a moment."
    ),
}


def api_refusal(request: HttpRequest, status: int, said: str = "") -> JsonResponse | None:
    """The refusal in the API's JSON for a request to /api/; None for the site's pages."""
    if not request.path.startswith("/api/"):
        return None
    return JsonResponse(
        {"error": said or gettext(API_WORDS[status]), "problems": []}, status=status
    )


def error_page(request: HttpRequest, status: int, **context: str) -> HttpResponse:
    refused = api_refusal(request, status, context.get("said", ""))
    return refused or render(request, f"{status}.html", context, status=status)


def bad_request(request: HttpRequest, exception: BaseException) -> HttpResponse:
    # Too many fields or too big a body: 413 says the size, not the content, was refused.
    too_much = isinstance(exception, RequestDataTooBig | TooManyFieldsSent)
    return error_page(request, 413 if too_much else 400)


def permission_denied(request: HttpRequest, exception: BaseException) -> HttpResponse:
    return error_page(request, 403, said=people_words(exception))


def page_not_found(request: HttpRequest, exception: BaseException) -> HttpResponse:
    return error_page(request, 404, said=people_words(exception))


def server_error(request: HttpRequest) -> HttpResponse:
    return error_page(request, 500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return error_page(request, 403, sentence=CSRF_SENTENCE)


class SitePageNotFound:
    """Under DEBUG Django answers a view's Http404 ("No game at this link", a club for members
    only) with its English debug page listing every address: the site's own page is shown
    instead, as in production. An address no view takes still gets Django's debug page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if settings.DEBUG and isinstance(exception, Http404):
            return page_not_found(request, exception)
        return None


class MethodNotAllowedPage:
    """Django answers a method a view doesn't take (a form's address opened or reloaded) with
    an empty 405 and has no handler for it: this gives it the site's page, keeping Allow."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if isinstance(response, HttpResponseNotAllowed) and not response.content:
            page = error_page(request, 405)
            page["Allow"] = response["Allow"]
            return page
        return response
