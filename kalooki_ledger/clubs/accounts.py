"""Accounts: sign up, log in (rate-limited), log out, and reset a password by e-mail."""

from functools import wraps

from django.contrib import admin, messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from . import ratelimit
from .forms import SignupForm


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
        if ratelimit.blocked(request, username):
            context["blocked"] = True
            return render(request, "registration/login.html", context, status=429)
        if form.is_valid():
            ratelimit.clear(request, username)
            login(request, form.get_user())
            return redirect(context["next"])
        ratelimit.record_failure(request, username)
    return render(request, "registration/login.html", context)


@require_POST
def logout_view(request):
    logout(request)
    messages.info(request, "You have logged out.")
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
        if ratelimit.blocked(request, username):
            context = {"form": AuthenticationForm(request), "blocked": True, "next": ""}
            return render(request, "registration/login.html", context, status=429)
        response = view(request, *args, **kwargs)
        if response.status_code in (301, 302, 303):
            ratelimit.clear(request, username)
        else:
            ratelimit.record_failure(request, username)
        return response

    return wrapper


# For the project's urls.py, before admin/: path("admin/login/", admin_login).
admin_login = throttled(admin.site.login)

password_reset = auth_views.PasswordResetView.as_view(
    success_url=reverse_lazy("clubs:password_reset_done"),
    email_template_name="registration/password_reset_email.txt",
    subject_template_name="registration/password_reset_subject.txt",
)
password_reset_done = auth_views.PasswordResetDoneView.as_view()
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    success_url=reverse_lazy("clubs:password_reset_complete")
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view()
