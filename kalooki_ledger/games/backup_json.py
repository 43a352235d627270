"""The backup's JSON: Django's own serializer, with each time written as it reads back.

Django writes times to the millisecond, but a time 1-999 microseconds past a second comes out
as "…:32.000Z" and reads back as "…:32Z"; here it is written "…:32Z" from the start, so a
backup of a restored site is the same file, byte for byte."""

from datetime import datetime

from django.core.serializers.json import (
    Deserializer,  # noqa: F401 (read back as Django reads JSON)
    DjangoJSONEncoder,
)
from django.core.serializers.json import Serializer as JSONSerializer


class Encoder(DjangoJSONEncoder):
    def default(self, o):
        if isinstance(o, datetime):
            o = o.replace(microsecond=o.microsecond // 1000 * 1000)  # what the file keeps
        return super().default(o)


class Serializer(JSONSerializer):
    def _init_options(self):
        super()._init_options()
        self.json_kwargs["cls"] = Encoder
