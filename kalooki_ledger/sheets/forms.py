"""The two forms of the sheets app: uploading a game record, and asking for blank club sheets."""

from django import forms
from django.utils.text import capfirst

from kalooki_ledger import rules as engine
from kalooki_ledger.games.present.problems import located_text
from kalooki_ledger.rules import PRESETS

from .pdf import PAPERS

MAX_UPLOAD = 2 * 1024 * 1024
MIN_ROWS, MAX_ROWS, DEFAULT_ROWS = 5, 60, 22


class ImportForm(forms.Form):
    record = forms.FileField(
        label="Game record (.json)",
        error_messages={
            "required": "Choose a game record file (.json) to import.",
            "empty": "That file is empty: choose a game record file (.json).",
        },
    )

    def clean_record(self) -> object:
        """The parsed JSON of the upload; the engine checks the record itself."""
        upload = self.cleaned_data["record"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(
                f"That file is {upload.size / 1024 / 1024:.1f} MB: a game record can be at most "
                "2 MB."
            )
        try:
            data = engine.read_record_json(upload.read())
        except engine.RecordError as exc:
            raise forms.ValidationError(capfirst(f"{located_text(exc.problem)}.")) from None
        if isinstance(data, list):
            raise forms.ValidationError(
                f"That file holds a list of {len(data)} games (a backup): upload one game's "
                "record here, or restore a backup with manage.py import_game."
            )
        return data


def preset_choices() -> list[tuple[str, str]]:
    return [(key, preset.name) for key, preset in PRESETS.items()]


class BlankSheetForm(forms.Form):
    players = forms.TypedChoiceField(
        label="Players",
        choices=[(n, str(n)) for n in range(2, 7)],
        coerce=int,
        initial=4,
        widget=forms.RadioSelect,
        error_messages=dict.fromkeys(("required", "invalid_choice"), "Choose from 2 to 6 players."),
    )
    preset = forms.ChoiceField(
        label="House rules",
        choices=preset_choices,
        initial="british",
        error_messages=dict.fromkeys(
            ("required", "invalid_choice"),
            "Choose one of the house rules listed (British club, Swedish, …).",
        ),
    )
    club = forms.CharField(
        label="Club name (optional)",
        max_length=80,
        required=False,
        error_messages={"max_length": "A club name has at most 80 characters."},
    )
    rows = forms.IntegerField(
        label="Rows for hands",
        min_value=MIN_ROWS,
        max_value=MAX_ROWS,
        initial=DEFAULT_ROWS,
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"),
            f"Rows is a whole number from {MIN_ROWS} to {MAX_ROWS}.",
        ),
    )
    paper = forms.ChoiceField(
        label="Paper",
        choices=[(key, size if key == "a4" else "US Letter") for key, size in PAPERS.items()],
        initial="a4",
        widget=forms.RadioSelect,
        error_messages=dict.fromkeys(
            ("required", "invalid_choice"), "Choose A4 or US Letter paper."
        ),
    )
