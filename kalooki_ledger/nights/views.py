"""The nights' and groups' pages: load, parse, apply a command through the games' one `apply`,
render. Links and forms work without JavaScript."""

import dataclasses
import re
from decimal import Decimal

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from kalooki_ledger import rules as engine
from kalooki_ledger.games import answers, commands, device, present
from kalooki_ledger.games.commands.versioned import digest
from kalooki_ledger.games.forms import read_currency
from kalooki_ledger.games.forms.game_settings import UNITS_WORD
from kalooki_ledger.games.house_session import remembered_house_tokens
from kalooki_ledger.games.models import Game, HouseRules
from kalooki_ledger.games.posted import parse_sent
from kalooki_ledger.games.session import remembered_tokens
from kalooki_ledger.games.typed_numbers import example, read_number

from . import pages
from .commands import (
    AddGame,
    AddRegular,
    CarryOver,
    RecordPayment,
    StartGroup,
    StartNight,
    TakeBackPayment,
    TakeOutGame,
    WriteOff,
    shown,
)
from .models import Group, Night
from .session import remember, remember_group
from .settings_views import scoring_page, unknown_action

# A night page's forms name its state "12.<digest>": the version and what the page showed.
SHOWN = re.compile(r"[0-9]{1,12}\.([0-9a-f]{16})")


def _sent(request: HttpRequest) -> commands.Sent:
    """The form's version and key, and the digest of the night it showed, which the command
    checks on the night as locked."""
    state = SHOWN.fullmatch(str(request.POST.get("version", "")))
    if state is None:
        return parse_sent(request.POST, device.device_label(request))
    post = request.POST.copy()
    post["version"] = post["version"].partition(".")[0]
    made = parse_sent(post, device.device_label(request))
    return dataclasses.replace(made, revision=state.group(1))


def _answered(request: HttpRequest, row, command) -> commands.Outcome:
    """The command applied with the form's version and key; what became of it told."""
    try:
        outcome = commands.apply(row, _sent(request), command)
    except commands.Refusal as refusal:
        outcome = refusal.outcome
    if outcome.notice:
        level = messages.SUCCESS if outcome.done else messages.ERROR
        messages.add_message(request, level, outcome.notice)
    return outcome


def _page(request: HttpRequest, template: str, context: dict, outcome=None) -> HttpResponse:
    status = 200 if outcome is None else answers.status(outcome)
    return render(request, template, context, status=status)


def _houses(request: HttpRequest) -> list[HouseRules]:
    """This phone's house rules, newest first: a group may keep one as its rules and stakes."""
    tokens = remembered_house_tokens(request)
    found = {h.token: h for h in HouseRules.objects.filter(token__in=tokens)}
    return [found[t] for t in tokens if t in found]


def group_new(request: HttpRequest) -> HttpResponse:
    errors: list[str] = []
    values = {"name": "", "currency": str(UNITS_WORD), "regulars": "", "house": ""}
    houses = _houses(request)
    if request.method == "POST":
        values = {k: request.POST.get(k, "").strip() for k in values}
        name, problem = engine.name_problem(values["name"], gettext("a group's name"), 80)
        if problem is not None:
            errors.append(commands_problem(problem))
        currency = read_currency(values["currency"] or "units")  # "marker" on a Swedish page
        currency = currency if currency == "units" else currency.upper()
        house = next((h for h in houses if h.token == values["house"]), None)
        if house is not None:
            currency = house.stakes.get("currency", currency)
        if currency != "units" and not (len(currency) == 3 and currency.isalpha()):
            errors.append(gettext("A currency is its three-letter code (GBP, SEK) or units."))
        regulars = [r for r in (engine.tidy_name(r) for r in values["regulars"].splitlines()) if r]
        for regular in regulars:
            _, problem = engine.name_problem(regular)
            if problem is not None:
                errors.append(commands_problem(problem))
        rules = {}
        if house is not None:
            stakes = {k: v for k, v in house.stakes.items() if k != "currency"}
            rules = {
                "preset": house.preset,
                "rule_overrides": house.rule_overrides,
                "stakes": stakes,
            }
        if not errors:
            outcome = commands.apply(
                None,
                _sent(request),
                StartGroup(
                    name, currency=currency, regulars=list(dict.fromkeys(regulars)), **rules
                ),
            )
            if outcome.done:
                return redirect(outcome.made.get_absolute_url())
            errors.append(outcome.notice)
    context = {"values": values, "errors": errors, "houses": houses}
    return render(request, "nights/group_new.html", context, status=422 if errors else 200)


def commands_problem(problem: engine.Problem) -> str:
    return present.problem_text(problem)


def group(request: HttpRequest, token: str) -> HttpResponse:
    found = get_object_or_404(Group, edit_token=token)
    remember_group(request, found.edit_token)
    outcome = None
    if request.method == "POST":
        if request.POST.get("action", "") not in ("", "night"):
            outcome = unknown_action(request)
        elif request.POST.get("action") == "night":
            outcome = _answered(request, None, StartNight(found.pk))
            if outcome.done:
                remember(request, outcome.made.edit_token)
                return redirect(outcome.made.get_absolute_url())
        else:
            outcome = _answered(request, found, AddRegular(request.POST.get("name", "")))
            if outcome.done:
                return redirect(found.get_absolute_url())
    return scoring_page(request, found, outcome)


@require_safe
def group_watch(request: HttpRequest, token: str) -> HttpResponse:
    found = get_object_or_404(Group, share_token=token)
    return render(request, "nights/group.html", pages.group_page(found))


def _night(token: str) -> Night:
    found = Night.objects.select_related("group").filter(edit_token=token).first()
    if found is None:
        raise Http404(gettext("No night at this link"))
    return found


def _night_answer(request: HttpRequest, night: Night, outcome) -> HttpResponse:
    if outcome.done:
        return redirect(night.get_absolute_url())
    night.refresh_from_db()
    return _night_page(request, night, True, outcome)


def _night_page(request, night: Night, scoring: bool, outcome=None) -> HttpResponse:
    watch = request.build_absolute_uri(night.share_url())
    scoring_link = request.build_absolute_uri(night.get_absolute_url()) if scoring else ""
    context = pages.night_page(night, pages.Links(watch, scoring_link))
    context["version"] = night.version
    if scoring:  # the state its forms name: a game's hand since is seen when one is sent
        context["version"] = f"{night.version}.{digest(shown(night))}"
        mine = Game.objects.filter(edit_token__in=remembered_tokens(request)).exclude(
            night_link__night=night
        )
        context["addable"] = [g for g in mine if g.currency == night.currency]
    return _page(request, "nights/night.html", context, outcome)


@require_safe
def night(request: HttpRequest, token: str) -> HttpResponse:
    found = _night(token)
    remember(request, found.edit_token)
    return _night_page(request, found, True)


@require_safe
def night_watch(request: HttpRequest, token: str) -> HttpResponse:
    found = Night.objects.select_related("group").filter(share_token=token).first()
    if found is None:
        raise Http404(gettext("No night at this link"))
    remember(request, found.share_token)
    return _night_page(request, found, False)


def _amount(text: str) -> Decimal | None:
    typed = read_number(text)
    return None if typed is None else Decimal(typed.plain)


def _unknown_action(request: HttpRequest, night: Night) -> HttpResponse:
    """A form's action that none of its buttons sends: refused, never taken for the default."""
    messages.error(request, gettext("That is not one of this form's actions: nothing was changed."))
    return _night_page(request, night, True, commands.Outcome(commands.Verdict.REFUSED))


@require_POST
def night_pay(request: HttpRequest, token: str) -> HttpResponse:
    found = _night(token)
    amount = _amount(request.POST.get("amount", ""))
    if amount is None:  # said in the page's language; the command reads the rest (its bounds)
        typed = gettext("Type an amount in digits, such as %(example)s.")
        messages.error(request, typed % {"example": example()})
        found.refresh_from_db()
        return _night_page(request, found, True, commands.Outcome(commands.Verdict.REFUSED))
    command = RecordPayment(
        request.POST.get("payer", ""),
        request.POST.get("payee", ""),
        amount,
        ticked=request.POST.get("ticked") == "1",
    )
    return _night_answer(request, found, _answered(request, found, command))


@require_POST
def night_unpay(request: HttpRequest, token: str) -> HttpResponse:
    found = _night(token)
    try:
        payment = int(request.POST.get("payment", ""))
    except ValueError:
        raise Http404(gettext("No such payment")) from None
    return _night_answer(request, found, _answered(request, found, TakeBackPayment(payment)))


@require_POST
def night_game(request: HttpRequest, token: str) -> HttpResponse:
    found = _night(token)
    game = Game.objects.filter(edit_token=request.POST.get("game", "")).first()
    if game is None:
        raise Http404(gettext("No game at this link"))
    action = request.POST.get("action", "add")
    if action not in ("add", "out"):
        return _unknown_action(request, found)
    asked = TakeOutGame(game.pk) if action == "out" else AddGame(game.pk)
    return _night_answer(request, found, _answered(request, found, asked))


@require_POST
def night_close(request: HttpRequest, token: str) -> HttpResponse:
    found = _night(token)
    action = request.POST.get("action", "carry")
    if action not in ("carry", "write-off"):
        return _unknown_action(request, found)
    asked = WriteOff() if action == "write-off" else CarryOver()
    outcome = _answered(request, found, asked)
    if outcome.done and isinstance(asked, CarryOver):
        found.refresh_from_db()
        if found.carried_to is not None:
            remember(request, found.carried_to.edit_token)
            return redirect(found.carried_to.get_absolute_url())
    return _night_answer(request, found, outcome)
