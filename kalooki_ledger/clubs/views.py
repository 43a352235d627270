"""Club pages: thin views that load, ask the engine (through stats and tournaments), and render."""

import random

from django.contrib import messages
from django.db import IntegrityError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from kalooki_ledger.games import answers, commands, present
from kalooki_ledger.games.forms import preset_values
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present import paylinks
from kalooki_ledger.rules import PRESETS, TOURNAMENT_PRESET, RecordError
from kalooki_ledger.rules.record import build_rules
from kalooki_ledger.sheets.blank import blank_file_name, blank_sheet, blank_sheet_pdf

from . import board, charts, stats, tournaments
from .access import club_view, signed_in
from .filing import add_players, file_game, start_game
from .forms import (
    AddMemberForm,
    ClubForm,
    ClubSheetForm,
    FileGameForm,
    NewGameForm,
    PlayerForm,
    RoleForm,
    SettingsForm,
    TournamentForm,
    is_id,
)
from .models import ClubPlayer, Membership, SeatPerson, Tournament, TournamentTable

ORGANISER, SCORER = Membership.ORGANISER, Membership.SCORER


@signed_in
def home(request):
    form = ClubForm(request.POST or None)
    refused = 0

    def make() -> str:
        club = form.save()
        Membership.objects.create(club=club, user=request.user, role=ORGANISER)
        return club.slug

    step = commands.Step(f"user:{request.user.pk}", "NewClub", request.POST, make)
    # Sent again, the club's slug is taken (by itself): the receipt answers before the form.
    outcome = commands.made_before(_sent(request), step) if request.POST else None
    if outcome is None and request.method == "POST" and form.is_valid():
        outcome = commands.apply(None, _sent(request), step)
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
    season = [p for p in played if not club.season_start or p.date >= club.season_start]
    at_tables = stats.tournament_game_ids(club)
    if not club.tournament_tables_count:
        season = [p for p in season if p.game.pk not in at_tables]
    money = stats.tournament_lines(club, since=club.season_start)
    table = stats.season_table(season, money, club.season_order)
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


@club_view()
def person(request, club, membership, pk: int):
    who = get_object_or_404(ClubPlayer, club=club, pk=pk)
    lines = stats.history(who, stats.club_games(club, since=club.season_start))
    money = stats.tournament_lines(club, since=club.season_start).get(who.pk, [])
    running = stats.running_net(lines, money)
    fmt = club.money(*(line.net for line, _ in running), *(total for _, total in running))
    day = _("d M")  # a date format: Swedish writes the month in small letters
    chart = charts.net_chart(
        [
            f"{date_format(line.date, day)} {line.tournament}"
            if isinstance(line, stats.TournamentLine)
            else f"{date_format(line.played.date, day)} {line.played.game}"
            for line, _ in running
        ],
        [total for _, total in running],
        fmt,
        present.currency_unit(club.currency),
    )
    summary = stats.summary(who, lines, money)
    context = {
        "club": club,
        "membership": membership,
        "person": who,
        "running": [
            (line, fmt(line.net, signed=True), fmt(total, signed=True))
            for line, total in reversed(running)
        ],
        "chart": mark_safe(chart),  # built from escaped text by charts.py
        "summary": summary,
        "net": fmt(summary.net, signed=True),
        "tournament_net": fmt(summary.tournament_net, signed=True),
        # The payment handle form: for those who start games (who else should read it?)
        "pay_services": paylinks.SERVICES.values() if membership.can_score else (),
        "pay_service_name": getattr(paylinks.SERVICES.get(who.pay_service), "name", ""),
    }
    return render(request, "clubs/person.html", context)


@require_POST
@club_view(SCORER)
def person_handle(request, club, membership, pk: int):
    """Sets or removes a regular's payment handle; each club game they sit down at from now
    on has it, where the service takes that game's currency."""
    who = get_object_or_404(ClubPlayer, club=club, pk=pk)
    service = "" if request.POST.get("action") == "remove" else request.POST.get("service", "")
    found = paylinks.SERVICES.get(service)
    handle = paylinks.clean(service, request.POST.get("handle", "")) if found else ""
    if service and not handle:
        told = found.rule if found else _("Choose one of the services listed.")
        messages.error(request, f"{told} " + _("Nothing was changed."))
        return redirect(who)
    who.pay_service, who.pay_handle = service, handle
    who.save(update_fields=["pay_service", "pay_handle"])
    if service:
        said = _("%(name)s's payment handle is kept: %(service)s.")
        messages.info(request, said % {"name": who.name, "service": found.name})
    else:
        messages.info(request, _("%(name)s's payment handle is removed.") % {"name": who.name})
    return redirect(who)


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
@club_view(ORGANISER)
def delete_game(request, club, membership, pk: int):
    """A club game started by mistake, with no hand recorded, deleted by an organiser: it leaves
    no trace in the season. A game with hands, or a tournament's table, is kept."""
    if not Game.objects.filter(pk=pk, club_link__club=club).exists():
        raise Http404(_("No such game in this club"))
    step = commands.Step(f"club:{club.pk}", "DeleteGame", {"game": pk}, lambda: _delete(club, pk))
    outcome = commands.apply(None, _sent(request), step)
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


@club_view(SCORER)
def new_game(request, club, membership):
    form = NewGameForm(request.POST or None, club=club)
    refused = 0
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
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
                sent=_sent(request),
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


@club_view(SCORER)
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
    outcome = commands.made_before(_sent(request), step) if request.POST else None
    if outcome is None and request.method == "POST" and form.is_valid():
        try:
            outcome = commands.apply(None, _sent(request), step)
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


@club_view(ORGANISER)
def members(request, club, membership):
    refused = 0
    add_member = AddMemberForm(club=club, prefix="member")
    add_player = PlayerForm(club=club, prefix="player")
    settings = SettingsForm(instance=club, prefix="settings")
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "add-member":
            add_member = AddMemberForm(request.POST, club=club, prefix="member")
            if add_member.is_valid():
                Membership.objects.create(
                    club=club, user=add_member.user, role=add_member.cleaned_data["role"]
                )
                messages.success(
                    request,
                    _("%(user)s has joined the club.") % {"user": add_member.user.username},
                )
                return redirect("clubs:members", club.slug)
        elif action == "add-player":
            add_player = PlayerForm(request.POST, club=club, prefix="player")
            if add_player.is_valid():
                added = add_players(club, add_player.cleaned_data["name"])
                skipped = add_player.skipped
                said = ngettext(
                    "%(n)s new regular: %(names)s.", "%(n)s new regulars: %(names)s.", len(added)
                ) % {"n": len(added), "names": ", ".join(added)}
                if skipped:
                    said += " " + _("Already regulars: %(names)s.") % {"names": ", ".join(skipped)}
                if add_player.repeated:
                    said += " " + _("Given twice in the list, added once: %(names)s.") % {
                        "names": present.joined(add_player.repeated)
                    }
                messages.success(request, said)
                return redirect("clubs:members", club.slug)
        elif action == "settings":
            settings = SettingsForm(request.POST, instance=club, prefix="settings")
            if settings.is_valid():
                step = commands.Step(
                    f"club:{club.pk}",
                    "ClubSettings",
                    settings.cleaned_data,
                    lambda: settings.save().slug,
                )
                outcome = commands.apply(None, _sent(request), step)
                if outcome.done:
                    messages.success(request, _("Settings saved."))
                    return redirect("clubs:members", club.slug)
                settings.add_error(None, outcome.notice)
                refused = answers.status(outcome)
        else:
            messages.error(request, _("Unknown action: use one of the forms on this page."))
    context = {
        "club": club,
        "membership": membership,
        "memberships": club.memberships.select_related("user"),
        "players": club.players.all(),
        "add_member": add_member,
        "add_player": add_player,
        "settings_form": settings,
        "presets": preset_values(),
        "roles": list(Membership.ROLE_NAMES.items()),
    }
    status = refused or (400 if request.POST else 200)
    return render(request, "clubs/members.html", context, status=status)


@require_POST
@club_view(ORGANISER)
def member_role(request, club, membership, pk: int):
    target = get_object_or_404(Membership.objects.select_related("user"), club=club, pk=pk)
    form = RoleForm(request.POST)
    if request.POST.get("remove") and not request.POST.get("confirmed"):
        context = {"club": club, "membership": membership, "target": target}
        return render(request, "clubs/remove_member.html", context)
    if request.POST.get("remove"):
        if _last_organiser(club, target):
            messages.error(request, _("The club needs an organiser: make someone else one first."))
        else:
            target.delete()
            messages.success(
                request, _("%(user)s has left the club.") % {"user": target.user.username}
            )
    elif not form.is_valid():
        messages.error(request, _("Choose a role: organiser, scorer or member."))
    elif form.cleaned_data["role"] != ORGANISER and _last_organiser(club, target):
        messages.error(request, _("The club needs an organiser: make someone else one first."))
    else:
        target.role = form.cleaned_data["role"]
        target.save(update_fields=["role"])
        messages.success(
            request,
            _("%(user)s is now a %(role)s.")
            % {"user": target.user.username, "role": target.role_name},
        )
    return redirect("clubs:members", club.slug)


def _sent(request) -> commands.Sent:
    """The key a club form carries (none if it isn't one) and who sent it."""
    key = request.POST.get("key", "")
    return commands.Sent(None, key if commands.KEY.fullmatch(key) else "", request.user.username)


def _int(value: str | None) -> int:
    """A posted id, or 0 (which matches nothing) unless it is a plain id the database can hold."""
    return int(value) if value and is_id(value) else 0


def _last_organiser(club, target: Membership) -> bool:
    organisers = club.memberships.filter(role=ORGANISER)
    return target.role == ORGANISER and organisers.count() == 1


@club_view(ORGANISER)
def new_tournament(request, club, membership):
    form = TournamentForm(request.POST or None, club=club)
    refused = 0
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        asked = {**data, "players": sorted(p.pk for p in data["players"])}

        def make() -> str:
            tournament = form.save(commit=False)
            tournament.club = club
            tournament.save()
            tournaments.draw(tournament, data["players"])
            return str(tournament.pk)

        step = commands.Step(f"club:{club.pk}", "NewTournament", asked, make)
        try:
            outcome = commands.apply(None, _sent(request), step)
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


@club_view(SCORER)
def table_link(request, club, membership, pk: int, table: int):
    """A table's scoring link as a QR code, for the phone that will score that table."""
    found = get_object_or_404(
        TournamentTable.objects.select_related("game", "tournament__club"),
        tournament__club=club,
        tournament__pk=pk,
        pk=table,
    )
    url = request.build_absolute_uri(found.game.get_absolute_url())
    context = {"club": club, "table": found, "url": url, "qr": charts.qr_code(url, found.label)}
    return render(request, "clubs/table_link.html", context)


@require_POST
@club_view(SCORER)
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
        outcome = commands.apply(None, _sent(request), step)
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


def _tournament_step(club, found: Tournament, asked: dict[str, str]) -> str:
    """Takes one step at the desk; says what was done (TournamentError: why nothing was)."""
    action = asked["action"]
    if action == "buy-in":
        person = ClubPlayer.objects.filter(club=club, pk=_int(asked["person"])).first()
        table = TournamentTable.objects.filter(tournament=found, pk=_int(asked["table"])).first()
        if person is None or table is None:
            raise tournaments.TournamentError(_("choose a player who is out at a table"))
        opened = tournaments.buy_in(found, person, table)
        said = _("%(person)s bought in and waits for a new table.") % {"person": person}
        if opened:
            said += " " + _("%(table)s starts now.") % {"table": opened.label}
        return said
    if action == "cancel-buy-in":
        cancelled = tournaments.cancel_buy_in(found, _int(asked["buy_in"]))
        return _(
            "%(person)s's buy-in is cancelled; they are out at %(table)s and may still buy in."
        ) % {"person": cancelled.person, "table": cancelled.from_table.label}
    if action == "settled":
        ticked = asked["settled"] == "yes"
        entrant = tournaments.tick_settled(found, _int(asked["person"]), ticked)
        said = (
            _("%(person)s is settled with the desk.")
            if ticked
            else _("%(person)s is not settled after all.")
        )
        return said % {"person": entrant.person}
    if action == "start-semis":
        tournaments.start_semis(found)
        return _("Buying in has closed; the next round is seated.")
    if action == "start-final":
        tournaments.start_final(found)
        return _("The final table is seated.")
    raise tournaments.TournamentError(_("unknown action"))


def _pdf(data: bytes, name: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@club_view()
def sheet(request, club, membership):
    """A blank score sheet with the club's name, rules and stakes, and the players' names."""
    form = ClubSheetForm(request.GET or None, club=club)
    if not request.GET or not form.is_valid():
        context = {"club": club, "membership": membership, "form": form}
        return render(request, "clubs/sheet.html", context, status=400 if request.GET else 200)
    names = tuple(p.name for p in form.cleaned_data["people"])
    seats = len(names) or form.cleaned_data["seats"]
    paper = blank_sheet(
        seats,
        club.preset,
        club.name,
        stakes=club.stakes(),
        rules=build_rules(club.preset, club.rule_changes(club.preset))[0],
        names=names,
    )
    pdf = blank_sheet_pdf(paper, form.cleaned_data["paper"])
    return _pdf(pdf, blank_file_name(club.slug, seats))


@club_view()
def table_sheet(request, club, membership, pk: int, table: int):
    """A tournament table's own sheet: its players' names, points only, no money."""
    found = get_object_or_404(
        TournamentTable.objects.select_related("game", "tournament"),
        tournament__club=club,
        tournament__pk=pk,
        pk=table,
    )
    names = tuple(seat.name for seat in found.game.seats.all())
    t = found.tournament
    fmt = t.money()
    limit = PRESETS[TOURNAMENT_PRESET].rules.limit
    out = (
        _("Out over %(limit)s: see the organiser to buy in (%(buy_in)s) to a new table.")
        % {"limit": limit, "buy_in": fmt(t.buy_in)}
        if found.round == TournamentTable.HEAT
        else _("Out over %(limit)s: out of the tournament.") % {"limit": limit}
    )
    paper = blank_sheet(
        len(names),
        TOURNAMENT_PRESET,
        club.name,
        rows=15,
        names=names,
        tournament=f"{t} · {found.label}",
        out_note=out,
    )
    return _pdf(blank_sheet_pdf(paper), f"{club.slug}-{t.pk}-{found.pk}-table-sheet.pdf")
