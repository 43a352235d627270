"""An organiser's members page: members and their roles, the regulars, the club's settings.
Each of its forms posts an `action`; the page answers with that form bound."""

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from kalooki_ledger.games import answers, commands, present
from kalooki_ledger.games.forms import preset_values

from ..access import club_view
from ..filing import add_players
from ..forms import AddMemberForm, PlayerForm, RoleForm, SettingsForm
from ..models import Membership
from .posted import sent

ORGANISER = Membership.ORGANISER
# What a posted form did: its page (a redirect when done), or the status to answer it with.
Done = HttpResponse | int


def _add_member(request, club, form: AddMemberForm) -> Done:
    if not form.is_valid():
        return 0
    Membership.objects.create(club=club, user=form.user, role=form.cleaned_data["role"])
    said = _("%(user)s has joined the club.") % {"user": form.user.username}
    messages.success(request, said)
    return redirect("clubs:members", club.slug)


def _add_players(request, club, form: PlayerForm) -> Done:
    if not form.is_valid():
        return 0
    added = add_players(club, form.cleaned_data["name"])
    said = ngettext(
        "%(n)s new regular: %(names)s.", "%(n)s new regulars: %(names)s.", len(added)
    ) % {"n": len(added), "names": ", ".join(added)}
    if form.skipped:
        said += " " + _("Already regulars: %(names)s.") % {"names": ", ".join(form.skipped)}
    if form.repeated:
        said += " " + _("Given twice in the list, added once: %(names)s.") % {
            "names": present.joined(form.repeated)
        }
    messages.success(request, said)
    return redirect("clubs:members", club.slug)


def _save_settings(request, club, form: SettingsForm) -> Done:
    if not form.is_valid():
        return 0
    step = commands.Step(
        f"club:{club.pk}", "ClubSettings", form.cleaned_data, lambda: form.save().slug
    )
    outcome = commands.apply(None, sent(request), step)
    if outcome.done:
        messages.success(request, _("Settings saved."))
        return redirect("clubs:members", club.slug)
    form.add_error(None, outcome.notice)
    return answers.status(outcome)


# action -> the page's name for the form it posts, and what a post of it does
ACTIONS: dict[str, tuple[str, Callable[..., Done]]] = {
    "add-member": ("add_member", _add_member),
    "add-player": ("add_player", _add_players),
    "settings": ("settings_form", _save_settings),
}


def _page_forms(club, action: str = "", data=None) -> dict[str, forms.BaseForm]:
    """The page's forms, the one `action` posted bound to `data`."""

    def posted(name: str):
        return data if name == action else None

    return {
        "add_member": AddMemberForm(posted("add-member"), club=club, prefix="member"),
        "add_player": PlayerForm(posted("add-player"), club=club, prefix="player"),
        "settings_form": SettingsForm(posted("settings"), instance=club, prefix="settings"),
    }


@club_view(ORGANISER)
def members(request, club, membership):
    action = request.POST.get("action", "") if request.method == "POST" else ""
    page_forms = _page_forms(club, action, request.POST)
    done: Done = 0
    if action in ACTIONS:
        name, act = ACTIONS[action]
        done = act(request, club, page_forms[name])
    elif request.method == "POST":
        messages.error(request, _("Unknown action: use one of the forms on this page."))
    if isinstance(done, HttpResponse):
        return done
    context = {
        "club": club,
        "membership": membership,
        "memberships": club.memberships.select_related("user"),
        "players": club.players.all(),
        **page_forms,
        "presets": preset_values(),
        "roles": list(Membership.ROLE_NAMES.items()),
    }
    status = done or (400 if request.POST else 200)
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


def _last_organiser(club, target: Membership) -> bool:
    organisers = club.memberships.filter(role=ORGANISER)
    return target.role == ORGANISER and organisers.count() == 1
