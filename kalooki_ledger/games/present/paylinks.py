"""Pay links: a player's payment handle, checked per service, and the link (or QR code) that opens
the payer's app with the payee, the exact amount and the game's title filled in.

Pure functions of strings and Decimals: the settle-up, the share text and the printed sheet use
them alike. A service that can't take the game's currency, or an amount it can't write to the
cent, gets no link (the transfer is still shown; nothing is ever rounded).
"""

import re
from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import quote, urlencode

from django.utils.translation import gettext_lazy

SWISH, PAYPAL, REVOLUT, MONZO, VENMO = "swish", "paypal", "revolut", "monzo", "venmo"

# PayPal's currency codes for payments (its "PayPal-supported currencies" reference, from
# memory, not re-read here); HUF, JPY and TWD take no decimals there.
PAYPAL_CURRENCIES = frozenset(
    {
        "AUD",
        "BRL",
        "CAD",
        "CNY",
        "CZK",
        "DKK",
        "EUR",
        "HKD",
        "HUF",
        "ILS",
        "JPY",
        "MYR",
        "MXN",
        "TWD",
        "NZD",
        "NOK",
        "PHP",
        "PLN",
        "GBP",
        "SGD",
        "SEK",
        "CHF",
        "THB",
        "USD",
    }
)
PAYPAL_WHOLE = frozenset({"HUF", "JPY", "TWD"})
# Currencies a Revolut account holds and pays in (Revolut's help lists them; not re-read here).
REVOLUT_CURRENCIES = frozenset(
    {
        "AED",
        "AUD",
        "BGN",
        "CAD",
        "CHF",
        "CZK",
        "DKK",
        "EUR",
        "GBP",
        "HKD",
        "HUF",
        "ILS",
        "JPY",
        "MXN",
        "NOK",
        "NZD",
        "PLN",
        "QAR",
        "RON",
        "SAR",
        "SEK",
        "SGD",
        "THB",
        "TRY",
        "USD",
        "ZAR",
    }
)
REVOLUT_WHOLE = frozenset({"HUF", "JPY"})


@dataclass(frozen=True)
class Service:
    key: str
    name: str
    currencies: frozenset[str]
    whole: frozenset[str]  # currencies the service writes without decimals
    example: str
    pattern: re.Pattern[str]
    rule: str  # what a handle is, in one sentence, for the refusal


SERVICES: dict[str, Service] = {
    s.key: s
    for s in (
        Service(
            SWISH,
            "Swish",
            frozenset({"SEK"}),
            frozenset(),
            "070-123 45 67",
            re.compile(r"07\d{8}"),
            gettext_lazy(
                "A Swish handle is a Swedish mobile number: ten digits starting 07, "
                "such as 070-123 45 67 (or +46 70 123 45 67)."
            ),
        ),
        Service(
            PAYPAL,
            "PayPal.me",
            PAYPAL_CURRENCIES,
            PAYPAL_WHOLE,
            "paypal.me/markjones",
            re.compile(r"[A-Za-z0-9]{1,20}"),
            gettext_lazy(
                "A PayPal.me handle is the name after paypal.me/: up to 20 letters and digits."
            ),
        ),
        Service(
            REVOLUT,
            "Revolut",
            REVOLUT_CURRENCIES,
            REVOLUT_WHOLE,
            "@markjones",
            re.compile(r"[a-z0-9][a-z0-9._-]{2,31}"),
            gettext_lazy(
                "A Revolut handle is the @username after revolut.me/: 3 to 32 letters, "
                "digits, dots, dashes or underscores."
            ),
        ),
        Service(
            MONZO,
            "Monzo",
            frozenset({"GBP"}),
            frozenset(),
            "monzo.me/markjones",
            re.compile(r"[a-z0-9][a-z0-9-]{1,39}"),
            gettext_lazy(
                "A Monzo handle is the name after monzo.me/: 2 to 40 letters, digits or dashes."
            ),
        ),
        Service(
            VENMO,
            "Venmo",
            frozenset({"USD"}),
            frozenset(),
            "@Mark-Jones",
            re.compile(r"[A-Za-z0-9_-]{5,30}"),
            gettext_lazy(
                "A Venmo handle is the @username: 5 to 30 letters, digits, dashes or underscores."
            ),
        ),
    )
}

PREFIXES = {
    PAYPAL: ("https://www.paypal.me/", "https://paypal.me/", "www.paypal.me/", "paypal.me/"),
    REVOLUT: ("https://revolut.me/", "revolut.me/", "@"),
    MONZO: ("https://monzo.me/", "monzo.me/"),
    VENMO: ("https://venmo.com/u/", "https://venmo.com/", "venmo.com/", "@"),
}


def offered(currency: str) -> list[Service]:
    """The services that can take a game's currency, in the order the form lists them."""
    return [s for s in SERVICES.values() if currency in s.currencies]


def clean(service: str, raw: str) -> str:
    """The handle as kept: a service's own prefix and spacing taken off; "" if malformed."""
    found = SERVICES.get(service)
    if found is None:
        return ""
    text = raw.strip()
    for prefix in PREFIXES.get(service, ()):
        if text.lower().startswith(prefix):
            text = text[len(prefix) :]
            break
    text = text.strip("/")
    if service == SWISH:
        text = re.sub(r"[\s-]", "", text)
        if text.startswith("+46"):
            text = "0" + text[3:]
        elif text.startswith("0046"):
            text = "0" + text[4:]
    if service in (REVOLUT, MONZO):
        text = text.lower()
    return text if found.pattern.fullmatch(text) else ""


def shown(service: str, handle: str) -> str:
    """A handle as a person types it into the app, for paper: "Swish 070-123 45 67"."""
    found = SERVICES[service]
    if service == SWISH:
        handle = f"{handle[:3]}-{handle[3:6]} {handle[6:8]} {handle[8:]}"
    elif service in (REVOLUT, VENMO):
        handle = "@" + handle
    elif service == PAYPAL:
        handle = "paypal.me/" + handle
    elif service == MONZO:
        handle = "monzo.me/" + handle
    return f"{found.name} {handle}"


def exact(amount: Decimal, currency: str, service: Service) -> str | None:
    """The amount as the service writes it (12.50, or 1250 where it takes no decimals), or None
    when that would round it."""
    places = 0 if currency in service.whole else 2
    written = amount.quantize(Decimal(1).scaleb(-places))
    if written != amount or amount <= 0:
        return None
    return f"{written:.{places}f}"


def link(service: str, handle: str, amount: Decimal, currency: str, message: str) -> str | None:
    """The service's pay link for this transfer, or None where it can't take it exactly."""
    found = SERVICES.get(service)
    if found is None or currency not in found.currencies or not handle:
        return None
    written = exact(amount, currency, found)
    if written is None:
        return None
    if service == SWISH:
        # Swish's prefilled payment link (developer.swish.nu, "Generate QR codes"): msg ≤ 50.
        query = {"sw": handle, "amt": written, "cur": "SEK", "msg": message[:50], "src": "qr"}
        return "https://app.swish.nu/1/p/sw/?" + urlencode(query, quote_via=quote)
    if service == PAYPAL:
        # PayPal.me: paypal.me/<name>/<amount><currency>, the form PayPal.Me links are shared in.
        return f"https://www.paypal.me/{handle}/{written}{currency}"
    if service == REVOLUT:
        # Revolut.Me: revolut.me/<username>/<amount><currency, lower case>, as links are shared.
        return f"https://revolut.me/{handle}/{written}{currency.lower()}"
    if service == MONZO:
        # Monzo.me: monzo.me/<name>/<amount>?d=<note> (community.monzo.com, "monzo.me"), GBP.
        return f"https://monzo.me/{handle}/{written}?" + urlencode({"d": message}, quote_via=quote)
    # Venmo's web pay link: venmo.com/<user>?txn=pay&amount=&note= (its deep link's web form), USD.
    query = {"txn": "pay", "amount": written, "note": message}
    return f"https://venmo.com/{handle}?" + urlencode(query, quote_via=quote)
