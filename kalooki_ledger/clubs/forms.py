import re
from decimal import Decimal
from urllib.parse import urlsplit

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.text import slugify

from kalooki_ledger import rules as engine
from kalooki_ledger.games.converters import TokenConverter
from kalooki_ledger.games.models import Game

from .models import Club, ClubGame, ClubPlayer, Membership, Tournament
from .tournaments import MAX_ENTRANTS, MIN_ENTRANTS

NAME_MAX = 40


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        required=False, help_text="Optional: needed only to reset a forgotten password."
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


RESERVED_SLUGS = {"accounts"}  # clubs/accounts/... are the log-in pages


def checked_name(text: str, what: str, limit: int) -> str:
    """A name as the engine keeps it, or the engine's message saying what a name may hold."""
    name, problem = engine.check_name(text, what, limit)
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
        what = f"a {self._meta.model._meta.verbose_name}'s name"
        return checked_name(self.cleaned_data["name"], what, limit)


class ClubForm(NamedModelForm):
    slug = forms.CharField(
        max_length=50,
        label="Address",
        help_text="Letters, numbers and hyphens; it goes in the club's web address.",
    )

    class Meta:
        model = Club
        fields = ["name", "slug"]

    def clean_slug(self):
        slug = slugify(self.cleaned_data["slug"])
        if not slug:
            raise forms.ValidationError("Give the address some letters or numbers.")
        if slug in RESERVED_SLUGS:
            raise forms.ValidationError(f"{slug!r} is kept for the site: choose another address.")
        if Club.objects.filter(slug=slug).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError("Another club has this address: choose another.")
        return slug


class SettingsForm(NamedModelForm):
    class Meta:
        model = Club
        fields = ["name", "season_start"]
        widgets = {"season_start": forms.DateInput(attrs={"type": "date"})}


class AddMemberForm(forms.Form):
    username = forms.CharField(max_length=150, help_text="Their account's user name.")
    role = forms.ChoiceField(choices=Membership.ROLE_CHOICES, initial=Membership.MEMBER)

    def __init__(self, *args, club: Club, **kwargs):
        self.club = club
        super().__init__(*args, **kwargs)

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=name).first()
        if user is None:
            raise forms.ValidationError(
                f"No account is called {name!r}: ask them to sign up first."
            )
        if self.club.memberships.filter(user=user).exists():
            raise forms.ValidationError(f"{user.username} is a member already.")
        self.user = user
        return name


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.ROLE_CHOICES)


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX, help_text=f"Up to {NAME_MAX} characters.")

    def __init__(self, *args, club: Club, **kwargs):
        self.club = club
        super().__init__(*args, **kwargs)

    def clean_name(self):
        name = checked_name(self.cleaned_data["name"], "a player's name", NAME_MAX)
        existing = same_name(self.club, name)
        if existing:
            raise forms.ValidationError(f"{existing.name} is one of the club's players already.")
        return name


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
            raise forms.ValidationError("Tick players from the club's list.")
        return super().clean(value)

    def label_from_instance(self, obj):
        return obj.name


class NewGameForm(forms.Form):
    SEATS = 6

    title = forms.CharField(max_length=200, required=False)
    preset = forms.ChoiceField(
        choices=[(key, p.name) for key, p in engine.PRESETS.items()],
        initial=engine.DEFAULT_PRESET,
        label="Rules",
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        for number in range(1, self.SEATS + 1):
            self.fields[f"seat_{number}"] = forms.CharField(
                max_length=NAME_MAX,
                required=False,
                label=f"Seat {number}" + (" (deals first)" if number == 1 else ""),
                widget=forms.TextInput(attrs={"list": "regulars", "autocomplete": "off"}),
            )

    def seat_fields(self):
        return [self[f"seat_{n}"] for n in range(1, self.SEATS + 1)]

    def clean(self):
        data = super().clean()
        names = []
        for n in range(1, self.SEATS + 1):
            if engine.tidy_name(data.get(f"seat_{n}", "")):
                try:
                    names.append(checked_name(data[f"seat_{n}"], "a player's name", NAME_MAX))
                except forms.ValidationError as exc:
                    self.add_error(f"seat_{n}", exc)
        if self.errors:
            return data
        if not 2 <= len(names) <= self.SEATS:
            raise forms.ValidationError(
                f"A game has 2 to {self.SEATS} players, in clockwise seat order; "
                f"you named {len(names)}."
            )
        if engine.first_repeat(names) is not None:
            raise forms.ValidationError("A player can sit in only one seat: each name once.")
        data["players"] = names
        return data


class TournamentForm(NamedModelForm):
    players = PeopleField(
        queryset=ClubPlayer.objects.none(),
        help_text=f"Tick {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants.",
    )

    class Meta:
        model = Tournament
        fields = ["name", "currency", "entry_fee", "buy_in"]
        help_texts = {
            "currency": "An ISO code such as GBP, or units for chips.",
            "entry_fee": "Each entrant pays this into the pot.",
            "buy_in": "A player out at a table pays this to move to a new table.",
        }

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = club.players.all()

    def clean_currency(self):
        currency = self.cleaned_data["currency"].strip()
        if currency != "units" and not (len(currency) == 3 and currency.isalpha()):
            raise forms.ValidationError("Use a three-letter code such as GBP, or units.")
        return currency if currency == "units" else currency.upper()

    def clean_players(self):
        people = list(self.cleaned_data["players"])
        if not MIN_ENTRANTS <= len(people) <= MAX_ENTRANTS:
            raise forms.ValidationError(
                f"A Blackpool tournament takes {MIN_ENTRANTS} to {MAX_ENTRANTS} players; "
                f"you ticked {len(people)}."
            )
        return people

    def clean(self):
        data = super().clean()
        for field in ("entry_fee", "buy_in"):
            if data.get(field) is not None and data[field] < Decimal(0):
                self.add_error(field, "Use 0 or more.")
        return data


TOKEN = TokenConverter.regex  # what a game link's token may be
SCORING_LINK = re.compile(rf"/g/({TOKEN})(?:/|$)")
WATCH_LINK = re.compile(rf"/w/{TOKEN}(?:/|$)")


class FileGameForm(forms.Form):
    """A game played outside the club, found by its scoring link, to file under the club."""

    link = forms.CharField(
        max_length=300,
        label="The game's scoring link",
        help_text="The address of its table page, which ends in /g/ and a long code.",
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
                "That is a watch link (with /w/): paste the scoring link, with /g/, from the "
                "phone that scored the game."
            )
        found = SCORING_LINK.search(path)
        token = found.group(1) if found else link if re.fullmatch(TOKEN, link) else None
        game = token and Game.objects.filter(edit_token=token).first()
        if not game:
            raise forms.ValidationError(
                "No game has that scoring link: paste the whole address of the game's table page."
            )
        filed = ClubGame.objects.filter(game=game).select_related("club").first()
        if filed:
            raise forms.ValidationError(f"“{game}” is already filed under {filed.club.name}.")
        return game
