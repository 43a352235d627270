"""The table flow: the scoring page and what it sends (a hand, a buy-in answer, an undo, a stop,
the ticks of what was paid, a pay handle, the hand-over of the scoring)."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from kalooki_ledger import rules as engine

from .. import answers, commands, device, handles, handover, offline, posted
from ..forms.hand import HandForm
from ..models import Game
from ..pages.table_page import card_values, table_page
from ..qr import qr_svg
from ..session import remember
from .base import applied, command, game_of, scoring

# What a hand form posts besides the hand: a refused hand's values are offered again without them.
COMMAND_FIELDS = ("csrfmiddlewaretoken", "key", "version", "revision", "number", "action")


def render_table(
    request: HttpRequest,
    game: Game,
    ledger: engine.Ledger | None = None,
    status: int = 200,
    **extra,
) -> HttpResponse:
    """The scoring page, or its live part for htmx; `ledger`: the one a change derived (else
    the game's, loaded only where something kept is missing); `extra`: the page model's own."""
    request.game = game  # what the context processors above keep by (freshness.kept)
    watch_link = request.build_absolute_uri(game.share_url())
    context = table_page(game, ledger, watch_link, can_edit=True, **extra)
    if not request.htmx:  # the fragment leaves out what only the whole page shows
        if request.GET.get("handover"):  # asked for, past the warning
            scoring_link = request.build_absolute_uri(game.get_absolute_url())
            context["handover"] = qr_svg(scoring_link, gettext("QR code of the scoring link"))
            context["scoring_link"] = scoring_link
        rules = context["now"].rules
        context["card_values"] = lambda: card_values(rules)  # read only where it isn't kept
    template = "games/_table_content.html#live" if request.htmx else "games/table.html"
    return render(request, template, context, status=status)


def _back_to_table(
    request: HttpRequest, game: Game, notice: str, ledger: engine.Ledger | None
) -> HttpResponse:
    """After a change: the fresh table for htmx (`ledger`: the one the change left, if it
    derived one), a redirect for a plain form post."""
    if request.htmx:
        return render_table(request, game, ledger, notice=notice)  # its version moved too
    if notice:
        messages.info(request, notice)
    return redirect("games:table", game.edit_token)


def _table_answer(
    request: HttpRequest, game: Game, outcome: commands.Outcome, typed: dict | None = None
) -> HttpResponse:
    """The table after a command from the table page, as it now stands; a refused hand's
    values (`typed`) stay in the form, as an undone hand's do."""
    if outcome.verdict in commands.DONE:  # stored now or before, or nothing to store
        return _back_to_table(request, game, outcome.notice, outcome.ledger)
    status = answers.status(outcome)
    if outcome.entry is not None:  # the hand form refused: the engine's problems beside it
        outcome.entry.add_problems(outcome.problems)
        return render_table(request, game, status=status, hand_form=outcome.entry)
    return render_table(request, game, status=status, notice=outcome.notice, typed=typed)


@require_GET
@never_cache  # a scoring page: private, never kept by a cache
def table(request: HttpRequest, token: str) -> HttpResponse:
    game = game_of(edit_token=token)
    remember(request, game, scoring=True)
    restore = request.session.pop(_restore_key(game), None)
    return render_table(request, game, **_restored(restore, game))


@require_POST
@scoring
def record_hand(request: HttpRequest, game: Game) -> HttpResponse:
    """Load, parse, apply, render: the hand form is read against the ledger loaded here (the
    command refuses it, under the row's lock, when a change of hands came since)."""
    post, who = request.POST, device.device_label(request)
    before = game.ledger()
    outcome = applied(game, lambda: posted.record_hand(post, before, who))
    if outcome.ledger is not None:  # its offline kit starts from the ledger it grew from
        offline.keep_standing_before(game, outcome.ledger, before)
    typed = {k: v for k, v in post.items() if k not in COMMAND_FIELDS}
    if outcome.verdict is commands.Verdict.STALE and _is_last_hand(game, typed):
        typed = {}  # a repeated tap, or a second phone that scored it the same: not offered again
    return _table_answer(request, game, outcome, typed=typed)


def _is_last_hand(game: Game, typed: dict) -> bool:
    """Whether the form holds the hand the game already ends with (the same winner and values)."""
    ledger = game.ledger()
    if not ledger.game.hands:
        return False
    seated = ledger.game.players
    last = HandForm(list(seated), seated, ledger.game.rules).fill(ledger.game.hands[-1]).typed

    def hand(fields: dict) -> dict:
        kinds = ("value-", "cards-", "jokers-", "adjust-", "winner", "kalookie")
        unset = {"", None}
        return {
            k: v
            for k, v in fields.items()
            if k.startswith(kinds) and v not in unset and not (k.startswith("jokers-") and v == "0")
        }

    return hand(last) == hand(typed)


@require_POST
@scoring
def hand_over(request: HttpRequest, game: Game) -> HttpResponse:
    """Hands the scoring over: the game's new scoring link as a QR code, for the new phone to
    scan; this phone's link only watches from now on (its next request says so)."""
    outcome = command(request, game, handover.HandOver())
    if not outcome.applied:
        return _table_answer(request, game, outcome)
    game.refresh_from_db(fields=["edit_token"])
    link = request.build_absolute_uri(game.get_absolute_url())
    context = {
        "game": game,
        "link": link,
        "code": qr_svg(link, gettext("QR code of the new scoring link")),
        "watch": handover.watch_url(game),
    }
    response = render(request, "games/handed_over.html", context)
    add_never_cache_headers(response)
    return response


@require_POST
@scoring
def buy_in(request: HttpRequest, game: Game) -> HttpResponse:
    post = request.POST
    answer = {"in": True, "out": False}.get(post.get("choice", ""))
    asked = commands.BuyIn(post.get("player", ""), posted.hand_number(post.get("hand")), answer)
    return _table_answer(request, game, command(request, game, asked))


@require_POST
@scoring
def undo(request: HttpRequest, game: Game) -> HttpResponse:
    """Takes back the last hand and puts its values back in the hand form, so a slip is mended
    by changing what was wrong and a mistaken undo by recording it again."""
    outcome = command(request, game, commands.Undo(posted.hand_number(request.POST.get("hand"))))
    if not outcome.done or outcome.undone is None:
        return _table_answer(request, game, outcome)
    ledger = game.ledger()
    typed: dict[str, str] = {}
    if not outcome.undone.void and ledger.can_record_hand:
        seated = ledger.game.players
        form = HandForm(list(seated), seated, ledger.game.rules, ledger.next_deal)
        typed = form.fill(outcome.undone).typed
    if request.htmx:
        return render_table(request, game, typed=typed, restored=outcome.notice)
    restore = {"number": ledger.next_hand_number, "typed": typed, "notice": outcome.notice}
    request.session[_restore_key(game)] = restore
    return redirect(reverse("games:table", args=[game.edit_token]) + "#hand-title")


def _restore_key(game: Game) -> str:
    return f"restore-{game.pk}"


def _restored(restore: dict | None, game: Game) -> dict:
    """An undone hand's values waiting for the table page (once, and only for that hand)."""
    if not restore or restore.get("number") != game.ledger().next_hand_number:
        return {}
    return {"typed": restore["typed"], "restored": restore["notice"]}


@require_POST
@scoring
def stop(request: HttpRequest, game: Game) -> HttpResponse:
    asked = commands.Stop(request.POST.get("settle", ""))
    return _table_answer(request, game, command(request, game, asked))


@require_POST
@scoring
def paid(request: HttpRequest, game: Game) -> HttpResponse:
    post = request.POST
    was = set(post.getlist("was")) if post.get("shown") else None
    asked = commands.MarkPaid(game, set(post.getlist("paid")), was)
    return _table_answer(request, game, command(request, game, asked))


@require_POST
@scoring
def pay_handle(request: HttpRequest, game: Game) -> HttpResponse:
    """Sets or removes a player's payment handle (the service "" removes it)."""
    post = request.POST
    service = "" if post.get("action") == "remove" else post.get("service", "")
    asked = handles.SetHandle(game, post.get("player", ""), service, post.get("handle", ""))
    return _table_answer(request, game, command(request, game, asked))
