"""Accounts: sign up, log in (rate-limited), log out, and reset a password by e-mail."""

import logging
import smtplib
from functools import wraps

from django.contrib import admin, messages
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.mail import EmailMultiAlternatives
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kalooki_ledger import throttle

from . import ratelimit
from .forms import SignupForm

logger = logging.getLogger(__name__)


def _next(request) -> str:
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return reverse("clubs:home")


def login_view(request):
    form = AuthenticationForm(request, data=request.POST or None)
    context = {"form": form, "next": _next(request)}
    if request.method == "POST":
        username = request.POST.get("username", "")
        taken = ratelimit.attempt(request, username)
        if taken is None:
            context["blocked"] = True
            return render(request, "registration/login.html", context, status=429)
        if form.is_valid():
            ratelimit.succeeded(request, username, taken)
            login(request, form.get_user())
            return redirect(context["next"])
    return render(request, "registration/login.html", context)


@require_POST
def logout_view(request):
    logout(request)
    messages.info(request, _("You have logged out."))
    return redirect("clubs:login")


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": _next(request)})


def throttled(view):
    """The same login limit for a login view we don't own, such as the admin's: a redirect
    after a POST is a success, anything else a failure."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        username = request.POST.get("username", "")
        taken = ratelimit.attempt(request, username)
        if taken is None:
            context = {"form": AuthenticationForm(request), "blocked": True, "next": ""}
            return render(request, "registration/login.html", context, status=429)
        response = view(request, *args, **kwargs)
        if response.status_code in (301, 302, 303):
            ratelimit.succeeded(request, username, taken)
        return response

    return wrapper


# For the project's urls.py, before admin/: path("admin/login/", admin_login).
admin_login = throttled(admin.site.login)

RESETS_PER_ADDRESS = 5  # an hour, from one address
RESETS_PER_EMAIL = 3  # an hour, to one e-mail address
RESET_WINDOW = 60 * 60


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's form, except that a mail the server refuses raises instead of being logged
    and forgotten, so the page can say that no link is on its way."""

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ):
        subject = " ".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        EmailMultiAlternatives(subject, body, from_email, [to_email]).send()


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset, limited per address and per e-mail, and saying so when the mail can't
    be sent instead of claiming it was."""

    form_class = PasswordResetForm
    success_url = reverse_lazy("clubs:password_reset_done")
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form):
        email = form.cleaned_data["email"].strip().casefold()
        taken = throttle.take_all(
            [
                (
                    f"reset:ip:{throttle.client_address(self.request)}",
                    RESETS_PER_ADDRESS,
                    RESET_WINDOW,
                ),
                (f"reset:email:{email}", RESETS_PER_EMAIL, RESET_WINDOW),
            ]
        )
        if taken is None:
            form.add_error(
                None,
                _(
                    "Too many reset requests from here or for this address: wait an hour, then "
                    "ask again. No e-mail was sent."
                ),
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        try:
            return super().form_valid(form)
        except (smtplib.SMTPException, OSError):
            logger.exception("password reset mail could not be sent")
            form.add_error(
                None,
                _(
                    "The e-mail could not be sent just now, so no link is on its way: try again "
                    "later, or ask your club's organiser to set a new password for you."
                ),
            )
            return self.render_to_response(self.get_context_data(form=form), status=503)


password_reset = PasswordResetView.as_view()
password_reset_done = auth_views.PasswordResetDoneView.as_view()
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    success_url=reverse_lazy("clubs:password_reset_complete")
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view()
