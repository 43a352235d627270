"""A game's row by its token, and its paid transfers, through queries whose SQL is written once
per process (`kalooki_ledger.kept_queries`): every game page and post loads the row."""

from decimal import Decimal

from django.db import router

from kalooki_ledger.kept_queries import KeptQuery

from .models import Game, PaidTransfer

TOKEN_FIELDS = ("edit_token", "share_token")
_TOKEN = "token"  # stands for the token while the SQL is written
_GAME_ID = -25  # stands for the game's id likewise
_ATTNAMES = [field.attname for field in Game._meta.concrete_fields]


def _game_by(field: str) -> KeptQuery:
    """The game whose `field` is the parameter; unordered and limited, as `get` asks (the token
    is unique: the database stops at the one row)."""
    return KeptQuery(
        lambda token: Game.objects.filter(**{field: token}).order_by()[:1], _TOKEN, _ATTNAMES
    )


_by_token = {field: _game_by(field) for field in TOKEN_FIELDS}
_paid = KeptQuery(
    lambda game_id: PaidTransfer.objects.filter(game_id=game_id).values_list(
        "payer", "payee", "amount"
    ),
    _GAME_ID,
)


def game_by_token(field: str, token: str) -> Game:
    """The game whose `field` ("edit_token" or "share_token") is `token`, as `Game.objects.get`
    gives it; Game.DoesNotExist when none is."""
    alias = router.db_for_read(Game)
    found = _by_token[field].rows(alias, token)
    if not found:
        raise Game.DoesNotExist(f"{Game._meta.object_name} matching query does not exist.")
    return Game.from_db(alias, _ATTNAMES, found[0])


def paid_set(game: Game) -> set[tuple[str, str, Decimal]]:
    """The transfers of `game` ticked as paid: (payer, payee, amount), amounts as Decimals."""
    alias = router.db_for_read(PaidTransfer, instance=game)
    return {(payer, payee, amount) for payer, payee, amount in _paid.rows(alias, game.pk)}
