"""The backup's JSON: Django's own serializer, with each time written as it reads back.

Django writes times to the millisecond, but a time 1-999 microseconds past a second comes out
as "…:32.000Z" and reads back as "…:32Z"; here it is written "…:32Z" from the start, so a
backup of a restored site is the same file, byte for byte.

A game's revision and display token (the keys of every cache of it) are left out: read back,
each game gets new ones, which no worker has kept anything under (docs/architecture.md).

Read back, a backup taken at older migrations is loaded into the tables as they were then: the
models are the migration state's (`historical_models`), not today's."""

from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime

from django.apps import apps
from django.core.exceptions import ObjectDoesNotExist
from django.core.serializers.base import DEFER_FIELD, DeserializationError
from django.core.serializers.json import Deserializer as JSONDeserializer
from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.json import Serializer as JSONSerializer

# The models of the migration state a backup is loaded into; None: today's.
_historical = ContextVar("historical_models", default=None)


@contextmanager
def historical_models(state_apps):
    token = _historical.set(state_apps)
    try:
        yield
    finally:
        _historical.reset(token)


class Encoder(DjangoJSONEncoder):
    def default(self, o):
        if isinstance(o, datetime):
            o = o.replace(microsecond=o.microsecond // 1000 * 1000)  # what the file keeps
        return super().default(o)


# Fields a backup leaves out, by model: a restored row gets its default (a new revision).
NOT_BACKED_UP = {"games.game": {"revision", "shown"}}


class Serializer(JSONSerializer):
    def _init_options(self):
        super()._init_options()
        self.json_kwargs["cls"] = Encoder

    def handle_field(self, obj, field):
        if field.name not in NOT_BACKED_UP.get(obj._meta.label_lower, ()):
            super().handle_field(obj, field)


class Deserializer(JSONDeserializer):
    def _get_model_from_node(self, model_identifier):
        state = _historical.get()
        if state is None:
            return super()._get_model_from_node(model_identifier)
        try:
            return state.get_model(model_identifier)
        except (LookupError, TypeError):
            raise DeserializationError(f"Invalid model identifier: {model_identifier}") from None

    def _by_natural_key(self, field, value):
        """A row named by natural key (a user, a permission), found as today's model finds it:
        a migration state's model has no natural key methods."""
        model = apps.get_model(field.remote_field.model._meta.label)
        row = model._default_manager.db_manager(self.using).get_by_natural_key(*value)
        name = getattr(field.remote_field, "field_name", None)  # a many-to-many names no field
        return getattr(row, name) if name else row.pk

    def _handle_fk_field_node(self, field, field_value):
        if _historical.get() is None or not isinstance(field_value, list):
            return super()._handle_fk_field_node(field, field_value)
        try:
            return self._by_natural_key(field, field_value)
        except ObjectDoesNotExist:
            if self.handle_forward_references:
                return DEFER_FIELD
            raise

    def _handle_m2m_field_node(self, field, field_value):
        if _historical.get() is None:
            return super()._handle_m2m_field_node(field, field_value)
        pk = field.remote_field.model._meta.pk
        return [
            self._by_natural_key(field, value) if isinstance(value, list) else pk.to_python(value)
            for value in field_value
        ]
