"""The receipts of commands: a game's history lines (`Change`, each the receipt of the command
that made it) and the receipts of commands that make something (`Receipt`). Kept apart from
models.py, which imports them so Django registers them in the games app."""

from django.db import models
from django.db.models import Q

from .present.history import history_text


class HistoryLine(models.Model):
    """What every history line keeps (a game's, a night's, a group's): who, when and what was
    done, as data (the action and its values, `details`), and the key of the command it is the
    receipt of, with the version it gave."""

    at = models.DateTimeField(auto_now_add=True)
    who = models.CharField(max_length=60)
    action = models.CharField(max_length=30)
    details = models.JSONField(default=dict, blank=True)
    key = models.CharField(max_length=64, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.who}: {self.text}"


class Change(HistoryLine):
    """One change to a game, as the score sheet's history shows it: who, when, what. It is also
    the command's receipt: the idempotency key it came with and the version it gave the game.
    What was done is kept as data (the action and its values, `details`), written in the
    reader's language when shown (present.history_text); `summary` is the text of a line kept
    from before, shown only when its details are empty."""

    game = models.ForeignKey("games.Game", models.CASCADE, related_name="changes")
    summary = models.CharField(max_length=500, blank=True)
    # The request the key came with (commands.fingerprint): the key again with another is refused.
    fingerprint = models.CharField(max_length=64, blank=True, default="", db_default="")
    # The revision of the state the change was made on: a state a page or an ETag names is one
    # the game had only if it is now or a line was made on it (a restore gives a new revision).
    made_on = models.CharField(max_length=32, blank=True, default="", db_default="")

    class Meta(HistoryLine.Meta):
        constraints = [
            # A command sent twice (a double tap, a retry, an outbox replay) is stored once.
            models.UniqueConstraint(
                fields=["game", "key"], condition=~Q(key=""), name="unique_command_key"
            ),
        ]

    @property
    def text(self) -> str:
        """What was done, in the active language."""
        return history_text(self.action, self.details, self.summary)


class Receipt(models.Model):
    """The receipt of a command that makes something (a game, house rules, a tournament's
    table): claimed by inserting it in the transaction that makes it, so one form sent twice at
    once makes one thing, and the second send finds what the first made."""

    scope = models.CharField(max_length=60)  # what the key is for: "new-game", "club:3", …
    key = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64)
    made = models.CharField(max_length=200, blank=True)  # what it made, for the answer again
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="unique_receipt_key"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}: {self.made}"
