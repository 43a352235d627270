"""Who may see a club: members only. Anyone else gets a 404, so a club's existence doesn't leak."""

from functools import wraps
from urllib.parse import urlencode

from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from kalooki_ledger.error_pages import error_page

from .models import Membership

ROLE_RANK = {Membership.MEMBER: 0, Membership.SCORER: 1, Membership.ORGANISER: 2}
# Whole sentences per role, so that a translation can inflect the role's plural.
ONLY = {
    Membership.SCORER: lambda: _(
        "Only %(club)s's scorers can do this; you are a %(role)s. Ask one of its organisers if "
        "you need to."
    ),
    Membership.ORGANISER: lambda: _(
        "Only %(club)s's organisers can do this; you are a %(role)s. Ask one of its organisers "
        "if you need to."
    ),
}


def login_redirect(request) -> HttpResponseRedirect:
    query = urlencode({"next": request.get_full_path()})
    return HttpResponseRedirect(f"{reverse('clubs:login')}?{query}")


def signed_in(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return login_redirect(request)
        return view(request, *args, **kwargs)

    return wrapper


def club_view(role: str = Membership.MEMBER):
    """Loads the club named by `slug` for a member with at least `role`; 404 for non-members.

    The view gets the club and the membership: `view(request, club, membership, ...)`.
    """

    def decorate(view):
        @wraps(view)
        def wrapper(request, slug: str, *args, **kwargs):
            if not request.user.is_authenticated:
                return login_redirect(request)
            membership = (
                Membership.objects.select_related("club")
                .filter(club__slug=slug, user=request.user)
                .first()
            )
            if membership is None:
                raise Http404(_("No such club"))
            if ROLE_RANK[membership.role] < ROLE_RANK[role]:
                # The site's 403, with a way back to the club the member may still open.
                return error_page(
                    request,
                    403,
                    said=ONLY[role]()
                    % {"club": membership.club.name, "role": membership.role_name},
                    back=membership.club.name,
                    back_url=reverse("clubs:club", args=[slug]),
                )
            return view(request, membership.club, membership, *args, **kwargs)

        return wrapper

    return decorate
