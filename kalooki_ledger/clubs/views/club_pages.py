"""The clubs' home (a person's clubs, and making one) and a club's page with its season."""

from django.shortcuts import redirect, render

from kalooki_ledger.games import answers, commands, season

from .. import board, stats
from ..access import club_view, signed_in
from ..forms import ClubForm
from ..models import Membership
from .posted import sent


@signed_in
def home(request):
    form = ClubForm(request.POST or None)
    refused = 0

    def make() -> str:
        club = form.save()
        Membership.objects.create(club=club, user=request.user, role=Membership.ORGANISER)
        return club.slug

    step = commands.Step(f"user:{request.user.pk}", "NewClub", request.POST, make)
    # Sent again, the club's slug is taken (by itself): the receipt answers before the form.
    outcome = commands.made_before(sent(request), step) if request.POST else None
    if outcome is None and request.method == "POST" and form.is_valid():
        outcome = commands.apply(None, sent(request), step)
    if outcome is not None and outcome.done:
        return redirect("clubs:club", outcome.made)
    if outcome is not None:
        form.is_valid()  # the form's own errors too, beside the refusal
        form.add_error(None, outcome.notice)
        refused = answers.status(outcome)
    memberships = request.user.memberships.select_related("club").order_by("club__name")
    context = {"memberships": memberships, "form": form}
    status = refused or (400 if form.errors else 200)
    return render(request, "clubs/home.html", context, status=status)


@club_view()
def club(request, club, membership):
    played = stats.club_games(club)
    in_season = [p for p in played if not club.season_start or p.date >= club.season_start]
    at_tables = stats.tournament_game_ids(club)
    if not club.tournament_tables_count:
        in_season = [p for p in in_season if p.game.pk not in at_tables]
    money = stats.tournament_lines(club, since=club.season_start)
    table = season.season_table(in_season, money, club.season_order)
    fmt = club.money(*(row.net for row in table))
    games = [p for p in reversed(played) if p.game.pk not in at_tables]
    context = {
        "club": club,
        "membership": membership,
        "table": [(row, fmt(row.net, signed=True)) for row in table],
        "order": club.get_season_order_display(),
        "playing": [p for p in games if not p.counted],
        "recent": [p for p in games if p.counted][:20],
        # With each tournament's board for the room, which only an organiser is shown.
        "tournaments": [
            (t, stage, board.board_url("tournament", t.pk) if membership.can_organise else "")
            for t, stage in stats.tournament_rows(club, played)
        ],
    }
    if membership.can_organise:
        context["board_url"] = board.board_url("club", club.pk)
    return render(request, "clubs/club.html", context)
