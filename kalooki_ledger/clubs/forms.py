import re
from decimal import Decimal
from urllib.parse import urlsplit

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from kalooki_ledger import rules as engine
from kalooki_ledger.games import present
from kalooki_ledger.games.converters import TokenConverter
from kalooki_ledger.games.forms import SettingsForm as GameSettingsForm
from kalooki_ledger.games.forms import (
    checked_title,
    read_currency,
    settings_initial,
    too_many_places,
)
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present.problems import check_name, lookalike_sentence
from kalooki_ledger.games.typed_numbers import MoneyField
from kalooki_ledger.rules.money import format_amount, minor_digits

from .models import STAKE_FIELDS, Club, ClubGame, ClubPlayer, Membership, Tournament
from .tournaments import MAX_ENTRANTS, MIN_ENTRANTS

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


class NewGameForm(GameSettingsForm):
    """A club game: its seats (drawn if asked), a title, and its rules and stakes as the site's
    New game takes them, starting from the club's (a post that leaves one out plays the club's),
    in the club's currency."""

    SEATS = 6

    title = forms.CharField(max_length=200, required=False, label=gettext_lazy("Title"))
    draw = forms.BooleanField(
        required=False,
        label=gettext_lazy("Draw the seats"),
        help_text=gettext_lazy(
            "Shuffle the names into a random seat order; the first drawn deals first."
        ),
    )

    def __init__(self, data=None, *args, club: Club, **kwargs):
        table = club_table(club)
        if data is not None:
            data = data.copy()
            for key, value in table.items():
                data.setdefault(key, value)
        super().__init__(data, *args, **kwargs)
        self.initial.update(table)
        # One currency for all the club's games and tournaments, or its season can't add up.
        self.fields["currency"].disabled = True
        self.fields["currency"].help_text = _(
            "The club's: its games and tournaments keep one currency, so that its season adds "
            "up. An organiser changes it in the settings."
        )
        for number in range(1, self.SEATS + 1):
            self.fields[f"seat_{number}"] = forms.CharField(
                max_length=NAME_MAX,
                required=False,
                label=_("Seat %(number)s (deals first)") % {"number": number}
                if number == 1
                else _("Seat %(number)s") % {"number": number},
                widget=forms.TextInput(attrs={"list": "regulars", "autocomplete": "off"}),
            )

    def clean_title(self) -> str:
        return checked_title(self.cleaned_data["title"])

    def seat_fields(self):
        return [self[f"seat_{n}"] for n in range(1, self.SEATS + 1)]

    def clean(self):
        data = super().clean()  # the rules and stakes, asked of the engine field by field
        names = []
        for n in range(1, self.SEATS + 1):
            if engine.tidy_name(data.get(f"seat_{n}", "")):
                try:
                    names.append(checked_name(data[f"seat_{n}"], _("a player's name"), NAME_MAX))
                except forms.ValidationError as exc:
                    self.add_error(f"seat_{n}", exc)
        if self.errors:
            return data
        if not 2 <= len(names) <= self.SEATS:
            raise forms.ValidationError(
                _("A game has 2 to %(most)s players, in clockwise seat order; you named %(named)s.")
                % {"most": self.SEATS, "named": len(names)}
            )
        if engine.first_repeat(names) is not None:
            raise forms.ValidationError(_("A player can sit in only one seat: each name once."))
        alike = engine.first_lookalike(names)
        if alike is not None:
            raise forms.ValidationError(lookalike_sentence(*alike))
        data["players"] = names
        return data


def club_table(club: Club) -> dict[str, str]:
    """The club's rules and stakes as the settings' and new-game forms' fields hold them."""
    digits = minor_digits(club.currency)
    stakes = {key: format_amount(getattr(club, key), digits) for key in STAKE_FIELDS}
    table = settings_initial(club.preset, club.rule_changes(club.preset), stakes)
    return {key: str(value) for key, value in table.items()} | {"currency": club.currency}


# What a tournament's fee is called in a refusal (the engine's English, translated on show).
FEE_WHAT = {"entry_fee": gettext_noop("the entry fee"), "buy_in": gettext_noop("the buy-in")}


class TournamentForm(NamedModelForm):
    players = PeopleField(
        queryset=ClubPlayer.objects.none(),
        label=gettext_lazy("Players"),
    )

    class Meta:
        model = Tournament
        fields = ["name", "entry_fee", "buy_in"]
        # Typed as the page's language writes money ("7,50" in Swedish), on a decimal keypad.
        localized_fields = ["entry_fee", "buy_in"]
        field_classes = {"entry_fee": MoneyField, "buy_in": MoneyField}
        widgets = {
            field: forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"})
            for field in ("entry_fee", "buy_in")
        }
        labels = {
            "name": gettext_lazy("Name"),
            "entry_fee": gettext_lazy("Entry fee"),
            "buy_in": gettext_lazy("Buy in"),
        }
        help_texts = {
            "entry_fee": gettext_lazy("Each entrant pays this into the pot."),
            "buy_in": gettext_lazy("A player out at a table pays this to move to a new table."),
        }

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club
        self.instance.currency = club.currency  # the club's money, on every page
        self.fields["players"].queryset = club.players.all()
        self.fields["players"].help_text = _("Tick %(least)s to %(most)s entrants.") % {
            "least": MIN_ENTRANTS,
            "most": MAX_ENTRANTS,
        }
        for field in ("entry_fee", "buy_in"):
            self.fields[field].help_text = _("%(help)s In the club's currency (%(currency)s).") % {
                "help": self.fields[field].help_text,
                "currency": present.currency_unit(club.currency),
            }

    def clean_players(self):
        people = list(self.cleaned_data["players"])
        if not MIN_ENTRANTS <= len(people) <= MAX_ENTRANTS:
            raise forms.ValidationError(
                _("A Blackpool tournament takes %(least)s to %(most)s players; you ticked %(n)s.")
                % {"least": MIN_ENTRANTS, "most": MAX_ENTRANTS, "n": len(people)}
            )
        return people

    def clean(self):
        data = super().clean()
        currency = self.instance.currency
        for field in ("entry_fee", "buy_in"):
            typed = data.get(field)
            if typed is not None and typed < Decimal(0):
                self.add_error(field, _("Use 0 or more."))
            elif typed is not None and -int(typed.as_tuple().exponent) > minor_digits(currency):
                self.add_error(field, too_many_places(FEE_WHAT[field], currency))
        return data


TOKEN = TokenConverter.regex  # what a game link's token may be
SCORING_LINK = re.compile(rf"/g/({TOKEN})(?:/|$)")
WATCH_LINK = re.compile(rf"/w/{TOKEN}(?:/|$)")


class FileGameForm(forms.Form):
    """A game played outside the club, found by its scoring link, to file under the club."""

    link = forms.CharField(
        max_length=300,
        label=gettext_lazy("The game's scoring link"),
        help_text=gettext_lazy("The address of its table page, which ends in /g/ and a long code."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "inputmode": "url"}),
    )

    def clean_link(self) -> Game:
        link = self.cleaned_data["link"].strip()
        try:
            path = urlsplit(link).path
        except ValueError:  # such as an unclosed "[" where a host should be
            path = ""
        if WATCH_LINK.search(path):
            raise forms.ValidationError(
                _(
                    "That is a watch link (with /w/): paste the scoring link, with /g/, from the "
                    "phone that scored the game."
                )
            )
        found = SCORING_LINK.search(path)
        token = found.group(1) if found else link if re.fullmatch(TOKEN, link) else None
        game = token and Game.objects.filter(edit_token=token).first()
        if not game:
            raise forms.ValidationError(
                _(
                    "No game has that scoring link: paste the whole address of the game's table "
                    "page."
                )
            )
        filed = ClubGame.objects.filter(game=game).select_related("club").first()
        if filed:
            raise forms.ValidationError(
                _("“%(game)s” is already filed under %(club)s.")
                % {"game": game, "club": filed.club.name}
            )
        return game


class ClubSheetForm(forms.Form):
    """A blank sheet for one of the club's tables: its seats, or the regulars sitting down."""

    people = PeopleField(
        queryset=ClubPlayer.objects.none(),
        required=False,
        label=gettext_lazy("Players (optional)"),
        help_text=gettext_lazy("Tick who sits down to print their names; in the order listed."),
    )
    seats = forms.TypedChoiceField(
        label=gettext_lazy("Seats"),
        choices=[(n, str(n)) for n in range(2, 7)],
        coerce=int,
        initial=4,
        help_text=gettext_lazy("Used when no players are ticked."),
    )
    paper = forms.ChoiceField(
        label=gettext_lazy("Paper"),
        choices=[("a4", "A4"), ("letter", gettext_lazy("US Letter"))],
        initial="a4",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["people"].queryset = club.players.all()

    def clean_people(self):
        people = list(self.cleaned_data["people"])
        if len(people) == 1 or len(people) > 6:
            raise forms.ValidationError(
                _("A table has 2 to 6 players; you ticked %(n)s.") % {"n": len(people)}
            )
        return people
