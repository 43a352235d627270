"""The forms of a club's tables: a new club game, a tournament's draw, a game played elsewhere
filed under the club, and the club's blank sheet."""

import re
from decimal import Decimal
from urllib.parse import urlsplit

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from kalooki_ledger import rules as engine
from kalooki_ledger.games import present
from kalooki_ledger.games.converters import TokenConverter
from kalooki_ledger.games.forms import SettingsForm as GameSettingsForm
from kalooki_ledger.games.forms import checked_title, too_many_places
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present.problems import lookalike_sentence
from kalooki_ledger.games.typed_numbers import MoneyField
from kalooki_ledger.rules.money import minor_digits
from kalooki_ledger.sheets.forms import PAPER_CHOICES

from .forms import NAME_MAX, NamedModelForm, PeopleField, checked_name, club_table
from .models import Club, ClubGame, ClubPlayer, Tournament
from .tournaments import MAX_ENTRANTS, MIN_ENTRANTS


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
        # As initial values, so that the site's form writes "units" in the page's language.
        kwargs["initial"] = {**kwargs.get("initial", {}), **table}
        super().__init__(data, *args, **kwargs)
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
        choices=PAPER_CHOICES,
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
