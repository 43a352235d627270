"""The forms of accounts and a club: its name and address, settings, members and regulars;
the names and ids every club form checks. Its tables' forms are in table_forms.py."""

from decimal import Decimal

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from kalooki_ledger import rules as engine
from kalooki_ledger.games.forms import SettingsForm as GameSettingsForm
from kalooki_ledger.games.forms import read_currency, settings_initial
from kalooki_ledger.games.present.problems import check_name, lookalike_sentence
from kalooki_ledger.rules.money import format_amount, minor_digits

from .models import STAKE_FIELDS, Club, ClubPlayer, Membership

NAME_MAX = 40


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        required=False,
        label=gettext_lazy("Email"),
        help_text=gettext_lazy("Optional: needed only to reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


RESERVED_SLUGS = {"accounts"}  # clubs/accounts/... are the log-in pages


def checked_name(text: str, what: str, limit: int) -> str:
    """A name as the engine keeps it, or the engine's message saying what a name may hold."""
    name, problem = check_name(text, what, limit)
    if problem:
        raise forms.ValidationError(f"{problem[0].upper()}{problem[1:]}.")
    return name


def same_name(club: Club, name: str) -> ClubPlayer | None:
    """The club's regular whose name looks like `name` (engine.name_key), if any."""
    key = engine.name_key(name)
    return next((p for p in club.players.all() if engine.name_key(p.name) == key), None)


class NamedModelForm(forms.ModelForm):
    """A club or tournament form whose `name` is checked as every name is."""

    def clean_name(self):
        limit = self._meta.model._meta.get_field("name").max_length
        what = _("a club's name") if self._meta.model is Club else _("a tournament's name")
        return checked_name(self.cleaned_data["name"], what, limit)


class ClubForm(NamedModelForm):
    slug = forms.CharField(
        max_length=50,
        required=False,
        label=gettext_lazy("Address (optional)"),
        help_text=gettext_lazy(
            "Letters, numbers and hyphens; it goes in the club's web address. Left empty, "
            "it is made from the name (Tuesday Kalooki: tuesday-kalooki)."
        ),
    )

    class Meta:
        model = Club
        fields = ["name", "slug"]
        labels = {"name": gettext_lazy("Name")}

    def clean_slug(self):
        given = self.cleaned_data["slug"].strip()
        if not given:
            return ""  # made from the name in clean()
        slug = slugify(given)
        if not slug:
            raise forms.ValidationError(_("Give the address some letters or numbers."))
        if slug in RESERVED_SLUGS:
            raise forms.ValidationError(
                _("%(slug)r is kept for the site: choose another address.") % {"slug": slug}
            )
        if Club.objects.filter(slug=slug).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(_("Another club has this address: choose another."))
        return slug

    def clean(self):
        data = super().clean()
        if "slug" in data and not data["slug"] and data.get("name"):
            slug = suggest_slug(data["name"])
            if slug:
                data["slug"] = self.instance.slug = slug
            else:
                self.add_error("slug", _("Give the club an address of letters or numbers."))
        return data


def suggest_slug(name: str) -> str:
    """A free address made from the club's name: friday-club, or friday-club-2 if taken."""
    base = slugify(name)[:44].strip("-")
    if not base:
        return ""
    if base in RESERVED_SLUGS:
        base = f"{base}-club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def clean_currency_code(currency: str) -> str:
    currency = read_currency(currency)
    if currency == "units":
        return "units"
    if not (len(currency) == 3 and currency.isascii() and currency.isalpha()):
        raise forms.ValidationError(_("Use a three-letter code such as GBP, or units."))
    return currency.upper()


class SettingsForm(GameSettingsForm):
    """The club's name and season, and the table every club game and tournament starts from:
    its preset with any rule it changes, its currency and stakes, as the site's New game takes
    them and checked by the engine field by field."""

    name = forms.CharField(max_length=100, label=gettext_lazy("Name"))
    season_start = forms.DateField(
        required=False,
        label=gettext_lazy("Season start"),
        help_text=Club._meta.get_field("season_start").help_text,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    season_order = forms.ChoiceField(
        required=False,  # left out: the club's order stands
        label=gettext_lazy("The season table ranks by"),
        choices=Club.ORDER_CHOICES,
        widget=forms.RadioSelect,
    )
    tournament_tables_count = forms.BooleanField(
        required=False,
        label=gettext_lazy("Count a tournament's tables as games"),
        help_text=Club._meta.get_field("tournament_tables_count").help_text,
    )
    field_order = ["name", "season_start", "season_order", "tournament_tables_count"]

    def __init__(self, data=None, *, instance: Club, prefix: str | None = None):
        self.instance = instance
        initial = club_table(instance) | {
            "name": instance.name,
            "season_start": instance.season_start,
            "season_order": instance.season_order,
            "tournament_tables_count": instance.tournament_tables_count,
        }
        super().__init__(data, prefix=prefix, initial=initial)
        self.fields["currency"].help_text = Club._meta.get_field("currency").help_text

    def clean_name(self):
        return checked_name(self.cleaned_data["name"], _("a club's name"), 100)

    def clean_currency(self):
        return clean_currency_code(self.cleaned_data["currency"])

    def save(self) -> Club:
        club, data = self.instance, self.cleaned_data
        overrides = self.overrides(data)
        stakes = self.stakes_record(data)
        club.name, club.season_start, club.preset = (
            data["name"],
            data["season_start"],
            data["preset"],
        )
        club.season_order = data["season_order"] or club.season_order
        club.tournament_tables_count = data["tournament_tables_count"]
        club.limit = overrides.pop("limit", None)
        club.rule_overrides = overrides
        club.currency = stakes["currency"]
        for key in STAKE_FIELDS:
            setattr(club, key, Decimal(stakes.get(key, "0")))
        club.save()
        return club


class AddMemberForm(forms.Form):
    username = forms.CharField(
        max_length=150,
        label=gettext_lazy("Username"),
        help_text=gettext_lazy("Their account's user name."),
    )
    role = forms.ChoiceField(
        label=gettext_lazy("Role"), choices=Membership.ROLE_CHOICES, initial=Membership.MEMBER
    )

    def __init__(self, *args, club: Club, **kwargs):
        self.club = club
        super().__init__(*args, **kwargs)

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=name).first()
        if user is None:
            raise forms.ValidationError(
                _("No account is called %(name)r: ask them to sign up first.") % {"name": name}
            )
        if self.club.memberships.filter(user=user).exists():
            raise forms.ValidationError(
                _("%(user)s is a member already.") % {"user": user.username}
            )
        self.user = user
        return name


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.ROLE_CHOICES)


class PlayerForm(forms.Form):
    """Regular players, one name a line: a whole list pasted at once, or a single name."""

    name = forms.CharField(
        label=gettext_lazy("Names, one a line"),
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off"}),
    )

    def __init__(self, *args, club: Club, **kwargs):
        self.club = club
        super().__init__(*args, **kwargs)
        self.fields["name"].help_text = _(
            "Paste a list or type one name; up to %(limit)s characters each. Names the club has "
            "already are skipped."
        ) % {"limit": NAME_MAX}

    def clean_name(self) -> list[str]:
        """The new names, in the order given, each checked as every name is; `skipped` keeps
        those the club has already (or that look like one of them)."""
        names, seen = [], set()
        self.repeated: list[str] = []  # a name the list gives twice: added once, and said so
        for line in self.cleaned_data["name"].splitlines():
            if not line.strip():
                continue
            name, problem = check_name(line, _("a player's name"), NAME_MAX)
            if problem:  # the line at fault named, since a list holds many
                raise forms.ValidationError(f"{line.strip()[:NAME_MAX]}…: {problem}.")
            if engine.name_key(name) in seen:
                self.repeated.append(name)
                continue
            seen.add(engine.name_key(name))
            names.append(name)
        if not names:
            raise forms.ValidationError(_("Give at least one name."))
        # A name that only looks like another (a Cyrillic A for a Latin A) is refused, not merged.
        alike = engine.first_lookalike(names)
        members = self.club.players.values_list("name", flat=True)
        looks = {engine.lookalike_key(member): member for member in members}
        for name in names:
            member = looks.get(engine.lookalike_key(name))
            if alike is None and member and engine.name_key(member) != engine.name_key(name):
                alike = (member, name)
        if alike is not None:
            raise forms.ValidationError(lookalike_sentence(*alike))
        self.skipped = [n for n in names if same_name(self.club, n)]
        new = [n for n in names if n not in self.skipped]
        if not new:  # nothing to add: say whom each name already is
            have = ", ".join(same_name(self.club, n).name for n in self.skipped)
            raise forms.ValidationError(
                ngettext(
                    "%(names)s is one of the club's players already.",
                    "%(names)s are of the club's players already.",
                    len(self.skipped),
                )
                % {"names": have}
            )
        return new


MAX_ID_DIGITS = 18  # every id up to 10**18 fits a 64-bit database integer


def is_id(value: object) -> bool:
    """A posted value that can be looked up as a primary key without the database failing."""
    text = str(value)
    return text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS


class PeopleField(forms.ModelMultipleChoiceField):
    widget = forms.CheckboxSelectMultiple

    def clean(self, value):
        # Junk ids are refused here: some databases raise on a number too big for a key.
        if value and any(not is_id(v) for v in value):
            raise forms.ValidationError(_("Tick players from the club's list."))
        return super().clean(value)

    def label_from_instance(self, obj):
        return obj.name


def club_table(club: Club) -> dict[str, str]:
    """The club's rules and stakes as the settings' and new-game forms' fields hold them."""
    digits = minor_digits(club.currency)
    stakes = {key: format_amount(getattr(club, key), digits) for key in STAKE_FIELDS}
    table = settings_initial(club.preset, club.rule_changes(club.preset), stakes)
    return {key: str(value) for key, value in table.items()} | {"currency": club.currency}
