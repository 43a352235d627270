"""The two forms of the sheets app: uploading a game record, and asking for blank club sheets."""

from django import forms
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy

from kalooki_ledger import rules as engine
from kalooki_ledger.games.present.problems import located_text
from kalooki_ledger.rules import PRESETS

from .pdf import PAPERS

MAX_UPLOAD = 2 * 1024 * 1024
MIN_ROWS, MAX_ROWS, DEFAULT_ROWS = 5, 60, 22
# The papers a sheet prints on, as every form that offers them names them.
PAPER_CHOICES = [
    (key, size if key == "a4" else gettext_lazy("US Letter")) for key, size in PAPERS.items()
]


class ImportForm(forms.Form):
    record = forms.FileField(
        label=gettext_lazy("Game record (.json)"),
        error_messages={
            "required": gettext_lazy("Choose a game record file (.json) to import."),
            "empty": gettext_lazy("That file is empty: choose a game record file (.json)."),
        },
    )

    def clean_record(self) -> object:
        """The parsed JSON of the upload; the engine checks the record itself."""
        upload = self.cleaned_data["record"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(
                gettext("That file is %(size)s MB: a game record can be at most 2 MB.")
                % {"size": number_format(upload.size / 1024 / 1024, 1)}
            )
        try:
            data = engine.read_record_json(upload.read())
        except engine.RecordError as exc:
            raise forms.ValidationError(capfirst(f"{located_text(exc.problem)}.")) from None
        if isinstance(data, list):
            raise forms.ValidationError(
                gettext(
                    "That file holds a list of %(count)s games (a backup): upload one game's "
                    "record here, or restore a backup with manage.py import_game."
                )
                % {"count": len(data)}
            )
        return data


def preset_choices() -> list[tuple[str, str]]:
    return [(key, gettext(preset.name)) for key, preset in PRESETS.items()]


def _rows_message() -> str:
    return gettext("Rows is a whole number from %(min)s to %(max)s.") % {
        "min": MIN_ROWS,
        "max": MAX_ROWS,
    }


class BlankSheetForm(forms.Form):
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        choices=[(n, str(n)) for n in range(2, 7)],
        coerce=int,
        initial=4,
        widget=forms.RadioSelect,
        error_messages=dict.fromkeys(
            ("required", "invalid_choice"), gettext_lazy("Choose from 2 to 6 players.")
        ),
    )
    preset = forms.ChoiceField(
        label=gettext_lazy("House rules"),
        choices=preset_choices,
        initial=engine.DEFAULT_PRESET,
        error_messages=dict.fromkeys(
            ("required", "invalid_choice"),
            gettext_lazy("Choose one of the house rules listed (British club, Swedish, …)."),
        ),
    )
    club = forms.CharField(
        label=gettext_lazy("Club name (optional)"),
        max_length=80,
        required=False,
        error_messages={"max_length": gettext_lazy("A club name has at most 80 characters.")},
    )
    rows = forms.IntegerField(
        label=gettext_lazy("Rows for hands"),
        min_value=MIN_ROWS,
        max_value=MAX_ROWS,
        initial=DEFAULT_ROWS,
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"),
            lazy(_rows_message, str)(),
        ),
    )
    paper = forms.ChoiceField(
        label=gettext_lazy("Paper"),
        choices=PAPER_CHOICES,
        initial="a4",
        widget=forms.RadioSelect,
        error_messages=dict.fromkeys(
            ("required", "invalid_choice"), gettext_lazy("Choose A4 or US Letter paper.")
        ),
    )
