"""A club's games: one game's page, starting one, filing one played elsewhere, deleting one
started by mistake."""

import random

from django.contrib import messages
from django.db import IntegrityError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kalooki_ledger.games import answers, charts, commands, present
from kalooki_ledger.games.forms import preset_values
from kalooki_ledger.games.models import Game
from kalooki_ledger.rules import RecordError

from ..access import club_view
from ..filing import file_game, start_game
from ..models import Membership, SeatPerson, TournamentTable
from ..table_forms import FileGameForm, NewGameForm
from .posted import filled, sent


@club_view()
def game(request, club, membership, pk: int):
    found = Game.objects.loaded().filter(pk=pk, club_link__club=club).first()
    if found is None:
        raise Http404(_("No such game in this club"))
    ledger = found.ledger()
    people = {
        link.seat.name: link.person
        for link in SeatPerson.objects.filter(seat__game=found).select_related("seat", "person")
    }
    chart = charts.totals_chart(ledger.game.players, ledger.hands, ledger.game.rules.limit)
    fmt = present.Money(ledger)
    context = {
        "club": club,
        "membership": membership,
        "game": found,
        "ledger": ledger,
        "status": present.status_text(ledger),
        "hands": len(ledger.hands),
        "pool": fmt(ledger.pool),
        "standings": [(s, fmt(s.net, signed=True)) for s in ledger.standings],
        "people": people,
        "grid": [
            (row, [(row.totals.get(n), n in row.bought_in) for n in ledger.game.players])
            for row in ledger.hands
        ],
        "chart": mark_safe(chart),  # built from escaped text by charts.py
        "watch_url": reverse("games:watch", args=[found.share_token]),
        "finished": ledger.over,
        "bought_in": any(row.bought_in for row in ledger.hands),
        "table": TournamentTable.objects.filter(game=found).select_related("tournament").first(),
    }
    context["deletable"] = membership.can_organise and not ledger.hands and not context["table"]
    return render(request, "clubs/game.html", context)


@require_POST
@club_view(Membership.ORGANISER)
def delete_game(request, club, membership, pk: int):
    """A club game started by mistake, with no hand recorded, deleted by an organiser: it leaves
    no trace in the season. A game with hands, or a tournament's table, is kept."""
    if not Game.objects.filter(pk=pk, club_link__club=club).exists():
        raise Http404(_("No such game in this club"))
    step = commands.Step(f"club:{club.pk}", "DeleteGame", {"game": pk}, lambda: _delete(club, pk))
    outcome = commands.apply(None, sent(request), step)
    if not outcome.done:
        messages.error(request, outcome.notice)
        return redirect("clubs:game", club.slug, pk)
    if not outcome.replayed:
        messages.success(request, _("%(game)s was deleted.") % {"game": outcome.made})
    return redirect("clubs:club", club.slug)


def _delete(club, pk: int) -> str:
    """Deletes the game if it still has no hand, under its row's lock: a hand recorded at the
    same moment either lands first (and the game is kept) or finds the game gone."""
    found = Game.objects.select_for_update().filter(pk=pk, club_link__club=club).first()
    if found is None or found.hands.exists() or TournamentTable.objects.filter(game=found).exists():
        raise commands.Refusal(
            commands.Verdict.REFUSED,
            _(
                "Nothing was deleted: only a game with no hand recorded can be deleted (a "
                "tournament's table never). Stop a game that was played instead."
            ),
        )
    name = str(found)
    found.delete()
    return name


@club_view(Membership.SCORER)
def new_game(request, club, membership):
    form, data = filled(request, NewGameForm, club=club)
    refused = 0
    if data is not None:
        asked = {**data, "players": list(data["players"])}  # the form's values, before the draw
        players = data["players"]
        if data["draw"]:
            random.shuffle(players)
        try:
            started = start_game(
                club,
                players,
                preset=data["preset"],
                title=data["title"],
                stakes=form.stakes_record(data),
                rules=form.overrides(data),
                sent=sent(request),
                asked=asked,
            )
        except RecordError as exc:
            form.add_error(None, capfirst(present.located_text(exc.problem)))
        except commands.Refusal as refusal:
            form.add_error(None, refusal.outcome.notice)
            refused = answers.status(refusal.outcome)
        else:
            return redirect(started)
    context = {
        "club": club,
        "membership": membership,
        "form": form,
        "regulars": club.players.all(),
        "stakes": club.stakes_text(),
        "presets": preset_values(),
    }
    status = refused or (400 if form.errors else 200)
    return render(request, "clubs/new_game.html", context, status=status)


@club_view(Membership.SCORER)
def file_played_game(request, club, membership):
    """Files a game scored from the site's own "New game" page under the club."""
    form = FileGameForm(request.POST or None)
    link = request.POST.get("link", "").strip()
    step = commands.Step(
        f"club:{club.pk}",
        "FileGame",
        link,
        lambda: str(file_game(form.cleaned_data["link"], club).game_id),
    )
    # Sent again, the game is filed (by that first send): the receipt answers before the form.
    outcome = commands.made_before(sent(request), step) if request.POST else None
    if outcome is None and request.method == "POST" and form.is_valid():
        try:
            outcome = commands.apply(None, sent(request), step)
        except IntegrityError:  # filed by someone else a moment ago
            form.add_error(
                "link",
                _("“%(game)s” or its players were filed under a club a moment ago.")
                % {"game": form.cleaned_data["link"]},
            )
    if outcome is not None and outcome.done:
        game = Game.objects.get(pk=outcome.made)
        messages.info(
            request,
            _("“%(game)s” is filed under %(club)s; its players are regulars.")
            % {"game": game, "club": club.name},
        )
        return redirect("clubs:game", club.slug, game.pk)
    if outcome is not None:
        form.is_valid()  # the form's own errors too, beside the refusal
        form.add_error("link", outcome.notice)
    status = 422 if request.method == "POST" else 200
    return render(request, "clubs/file_game.html", {"club": club, "form": form}, status=status)
