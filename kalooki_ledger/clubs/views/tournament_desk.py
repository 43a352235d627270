"""A club's tournaments: the draw, the organiser's live page (the desk), a table's QR link, and
each step taken at the desk."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kalooki_ledger.games import answers, commands, present
from kalooki_ledger.games.qr import qr_svg
from kalooki_ledger.rules import RecordError

from .. import board, stats, tournaments
from ..access import club_view
from ..models import ClubPlayer, Membership, Tournament, TournamentTable
from ..table_forms import TournamentForm
from .posted import filled, posted_id, sent, tournament_table


@club_view(Membership.ORGANISER)
def new_tournament(request, club, membership):
    form, data = filled(request, TournamentForm, club=club)
    refused = 0
    if data is not None:
        asked = {**data, "players": sorted(p.pk for p in data["players"])}

        def make() -> str:
            tournament = form.save(commit=False)
            tournament.club = club
            tournament.save()
            tournaments.draw(tournament, data["players"])
            return str(tournament.pk)

        step = commands.Step(f"club:{club.pk}", "NewTournament", asked, make)
        try:
            outcome = commands.apply(None, sent(request), step)
        except RecordError as exc:
            # A regular named before names were checked can't sit at a table: say who.
            problem = capfirst(present.located_text(exc.problem))
            form.add_error("players", _("%(problem)s. Rename them first.") % {"problem": problem})
        else:
            if outcome.done:
                return redirect(Tournament.objects.get(club=club, pk=outcome.made))
            form.add_error(None, outcome.notice)
            refused = answers.status(outcome)
    status = refused or (400 if form.errors else 200)
    return render(request, "clubs/new_tournament.html", {"club": club, "form": form}, status=status)


@club_view()
def tournament(request, club, membership, pk: int):
    found = get_object_or_404(Tournament.objects.select_related("club"), club=club, pk=pk)
    return _tournament_page(request, club, membership, found)


def _tournament_page(request, club, membership, found: Tournament, status: int = 200):
    state = tournaments.load(found)
    context = {
        "club": club,
        "membership": membership,
        "state": state,
        "still_seated": stats.still_seated(state, stats.club_games(club)) if state.playing else [],
        "table_size": tournaments.TABLE_SIZE,
        "board_url": board.board_url("tournament", found.pk) if membership.can_organise else "",
    }
    if request.htmx:
        return render(request, "clubs/tournament.html#live", context, status=status)
    return render(request, "clubs/tournament.html", context, status=status)


@club_view(Membership.SCORER)
def table_link(request, club, membership, pk: int, table: int):
    """A table's scoring link as a QR code, for the phone that will score that table."""
    found = tournament_table(club, pk, table, "game", "tournament__club")
    url = request.build_absolute_uri(found.game.get_absolute_url())
    words = _("QR code of %(table)s's scoring link") % {"table": found.label}
    context = {"club": club, "table": found, "url": url, "qr": qr_svg(url, words)}
    return render(request, "clubs/table_link.html", context)


@require_POST
@club_view(Membership.SCORER)
def tournament_action(request, club, membership, pk: int):
    """A step at the tournament desk, once per form: sent twice, even at once, it is done once."""
    found = get_object_or_404(Tournament, club=club, pk=pk)
    post = request.POST
    names = ("action", "person", "table", "buy_in", "settled")
    asked = {name: post.get(name, "").strip() for name in names}
    step = commands.Step(
        f"tournament:{found.pk}",
        "TournamentStep",
        asked,
        lambda: _tournament_step(club, found, asked),
    )
    try:
        outcome = commands.apply(None, sent(request), step)
    except tournaments.TournamentError as exc:
        messages.error(request, _("Nothing changed: %(problem)s.") % {"problem": exc})
        return redirect(found)
    if not outcome.done:  # the key was used for another step: 422, the page
        messages.error(request, outcome.notice)
        return _tournament_page(request, club, membership, found, answers.status(outcome))
    if outcome.replayed:
        messages.info(request, _("That was already done (the form was sent twice)."))
    else:
        messages.success(request, outcome.made)
    return redirect(found)


def _buy_in(club, found: Tournament, asked: dict[str, str]) -> str:
    person = ClubPlayer.objects.filter(club=club, pk=posted_id(asked["person"])).first()
    table = TournamentTable.objects.filter(tournament=found, pk=posted_id(asked["table"])).first()
    if person is None or table is None:
        raise tournaments.TournamentError(_("choose a player who is out at a table"))
    opened = tournaments.buy_in(found, person, table)
    said = _("%(person)s bought in and waits for a new table.") % {"person": person}
    if opened:
        said += " " + _("%(table)s starts now.") % {"table": opened.label}
    return said


def _cancel_buy_in(club, found: Tournament, asked: dict[str, str]) -> str:
    cancelled = tournaments.cancel_buy_in(found, posted_id(asked["buy_in"]))
    return _(
        "%(person)s's buy-in is cancelled; they are out at %(table)s and may still buy in."
    ) % {"person": cancelled.person, "table": cancelled.from_table.label}


def _settled(club, found: Tournament, asked: dict[str, str]) -> str:
    ticked = asked["settled"] == "yes"
    entrant = tournaments.tick_settled(found, posted_id(asked["person"]), ticked)
    said = (
        _("%(person)s is settled with the desk.")
        if ticked
        else _("%(person)s is not settled after all.")
    )
    return said % {"person": entrant.person}


def _start_semis(club, found: Tournament, asked: dict[str, str]) -> str:
    tournaments.start_semis(found)
    return _("Buying in has closed; the next round is seated.")


def _start_final(club, found: Tournament, asked: dict[str, str]) -> str:
    tournaments.start_final(found)
    return _("The final table is seated.")


# The desk's actions, as its forms post them: each says what it did.
STEPS = {
    "buy-in": _buy_in,
    "cancel-buy-in": _cancel_buy_in,
    "settled": _settled,
    "start-semis": _start_semis,
    "start-final": _start_final,
}


def _tournament_step(club, found: Tournament, asked: dict[str, str]) -> str:
    """Takes one step at the desk; says what was done (TournamentError: why nothing was)."""
    step = STEPS.get(asked["action"])
    if step is None:
        raise tournaments.TournamentError(_("unknown action"))
    return step(club, found, asked)
