"""Score sheets as files: the PDF, CSV and JSON of a game, uploads of records, blank sheets."""

from django.db.models import Q
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.text import capfirst, slugify
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_GET, require_POST

from kalooki_ledger import rules as engine
from kalooki_ledger import throttle
from kalooki_ledger.error_pages import error_page
from kalooki_ledger.games import answers, commands, posted
from kalooki_ledger.games.device import device_label
from kalooki_ledger.games.importing import IMPORTS_PER_HOUR, import_game
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present.problems import located_text
from kalooki_ledger.games.session import remember

from .blank import blank_file_name, blank_sheet, blank_sheet_pdf
from .downloads import download
from .exports import render_csv, render_json, render_pdf
from .forms import BlankSheetForm, ImportForm
from .pdf import MAX_PDF_HANDS, PAPERS


def _game(token: str) -> Game:
    """The game behind either of its links: scoring and watching may both download."""
    game = Game.objects.loaded().filter(Q(edit_token=token) | Q(share_token=token)).first()
    if game is None:
        raise Http404(gettext("No game at this link"))
    return game


def _file_name(game: Game, extension: str) -> str:
    # An untitled game's file is named in the reader's language: "kalooki-parti-2.pdf".
    name = slugify(game.title) or pgettext("a file name", "kalooki-game")
    return f"{name}-{game.pk}.{extension}"


@require_GET
def pdf(request, token: str):
    paper = request.GET.get("paper", "a4")
    if paper not in PAPERS:
        return error_page(
            request,
            400,
            said=gettext("Paper must be one of: %(papers)s.") % {"papers": ", ".join(PAPERS)},
        )
    game = _game(token)
    hands = game.hands.count()
    if hands > MAX_PDF_HANDS:
        return error_page(
            request,
            400,
            title=gettext("Too long for a PDF"),
            said=gettext(
                "This game has %(hands)s hands, and a score sheet PDF holds at most %(most)s "
                "(three pages)."
            )
            % {"hands": number_format(hands, force_grouping=True), "most": MAX_PDF_HANDS},
            sentence=gettext(
                "Download the hands as CSV or the game as JSON instead: they hold every hand."
            ),
        )
    # The handles only by the scoring link, and only when asked for (?handles=1).
    handles = token == game.edit_token and request.GET.get("handles") == "1"
    pdf = render_pdf(game, paper, handles)
    return download(pdf, "application/pdf", _file_name(game, "pdf"))


@require_GET
def csv(request, token: str):
    game = _game(token)
    return download(render_csv(game), "text/csv; charset=utf-8", _file_name(game, "csv"))


@require_GET
def json_record(request, token: str):
    game = _game(token)
    # The handles only by the scoring link, and only when asked for (?handles=1).
    handles = token == game.edit_token and request.GET.get("handles") == "1"
    return download(render_json(game, handles), "application/json", _file_name(game, "json"))


@require_POST
def import_record(request):
    if not request.user.is_authenticated and (
        throttle.take(f"import:{throttle.client_address(request)}", IMPORTS_PER_HOUR, 3600) is None
    ):
        return error_page(
            request,
            429,
            title=gettext("Too many imports"),
            said=gettext("This address has imported %(count)s games in the last hour.")
            % {"count": IMPORTS_PER_HOUR},
            sentence=gettext("Wait an hour, or log in to import more. Nothing was imported."),
        )
    form = ImportForm(request.POST, request.FILES)
    status = 400
    if form.is_valid():
        try:
            sent = posted.parse_sent(request.POST, device_label(request))
            game = import_game(form.cleaned_data["record"], sent)
        except engine.RecordError as exc:
            form.add_error(
                "record",
                gettext("%(problem)s. Nothing was imported.")
                % {"problem": capfirst(located_text(exc.problem))},
            )
        except commands.Refusal as refusal:  # the form's key, damaged or used for another file
            form.add_error(None, refusal.outcome.notice)
            status = answers.status(refusal.outcome)
        else:
            remember(request, game, scoring=True)
            return redirect(game.get_absolute_url())
    return render(request, "sheets/import_error.html", {"form": form}, status=status)


@require_GET
def blank(request):
    if not request.GET:
        return render(request, "sheets/blank_form.html", {"form": BlankSheetForm()})
    form = BlankSheetForm(request.GET)
    if not form.is_valid():
        return render(request, "sheets/blank_form.html", {"form": form}, status=400)
    data = form.cleaned_data
    sheet = blank_sheet(data["players"], data["preset"], data["club"], data["rows"])
    name = blank_file_name(sheet.club, data["players"])
    return download(blank_sheet_pdf(sheet, data["paper"]), "application/pdf", name)
