"""All settings, from the environment; SQLite in the project folder unless DATABASE_URL is set."""

import os
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("Set SECRET_KEY in the environment when DJANGO_DEBUG is off.")
    SECRET_KEY = "dev-only-not-secret-kalooki-ledger"  # development only: DEBUG off demands one
# The bar of Django's own deploy check (security.W009), made an error: a short or repetitive
# key signs sessions and reset links anyone could forge.
if not DEBUG and (
    len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5 or SECRET_KEY.startswith("django-insecure-")
):
    raise RuntimeError(
        "SECRET_KEY is too weak: use at least 50 random characters, at least 5 of them "
        "different (scripts/secret-key makes one)."
    )

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "kalooki_ledger.games",
    "kalooki_ledger.sheets",
    "kalooki_ledger.clubs",
    "kalooki_ledger.nights",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session (it may read it), before CommonMiddleware (which may redirect).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Inside auth and messages, so its page has the signed-in user as every page does.
    "kalooki_ledger.error_pages.MethodNotAllowedPage",
    "kalooki_ledger.error_pages.SitePageNotFound",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "kalooki_ledger.games.device.DeviceLabelMiddleware",
    "kalooki_ledger.nights.zones.LocalTimeMiddleware",
    "kalooki_ledger.games.handover.HandedOverMiddleware",
    "kalooki_ledger.faults.DatabaseFaultMiddleware",
    # Innermost: a GET's reads in one snapshot, its database faults still answered as such.
    "kalooki_ledger.games.snapshot.OneSnapshotMiddleware",
]

ROOT_URLCONF = "kalooki_ledger.urls"
WSGI_APPLICATION = "kalooki_ledger.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "kalooki_ledger.clubs.links.filed_under",
                "kalooki_ledger.clubs.links.club_sheets",
                "kalooki_ledger.nights.links.in_night",
                "kalooki_ledger.nights.links.phone_nights",
                "kalooki_ledger.languages.language_switch",
            ],
        },
    }
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'kalooki_ledger.sqlite3'}",
        # Each worker keeps its connection: opening one per request costs more than a page.
        # (The development server's thread per request could not keep one.)
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0" if DEBUG else "600")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Many phones write at once: take the write lock up front and let readers run beside it.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# One cache for every worker, a table in the database (login counts are in throttle.py); and
# the games' (games/ledger_cache.py): a game's ledger and what pages derive from it, every key
# holding the game's revision, so never stale. Each worker's own memory unless
# KALOOKI_GAME_CACHE names a folder several servers share (nothing kept holds a request's own).
_GAME_CACHE = os.environ.get("KALOOKI_GAME_CACHE", "")
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "kalooki_cache",
        # It holds the sessions' copies (SESSION_ENGINE): room for every phone, so none is culled.
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    },
    "local": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kalooki-local",
        "TIMEOUT": None,
        # A 1,000-hand game's ledger is about 220 kB, its sheet's rows 300 kB: a few dozen games.
        "OPTIONS": {"MAX_ENTRIES": 300},
    }
    if not _GAME_CACHE
    else {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": _GAME_CACHE,
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 3000},
    },
}

LOGIN_URL = "clubs:login"
LOGIN_REDIRECT_URL = "clubs:home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The phone's language (Accept-Language) unless the footer's switch chose one (a cookie);
# English otherwise. docs/translating.md tells how to add a language.
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("sv", "Svenska")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True  # the server reads it; no script needs to
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# From the root: a relative URL takes the prefix of the request that first reads the storage
# (a SCRIPT_NAME header), and the storage keeps it for every later page of the process.
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files need collectstatic first, so development serves them plain.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Scripts and styles only from files we serve: no inline code, no eval (htmx is told so too).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "worker-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# HTTPS by default once DEBUG is off; DJANGO_HTTPS=0 for a home game served over plain HTTP.
HTTPS = env_flag("DJANGO_HTTPS", not DEBUG)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS and env_flag("DJANGO_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", 31_536_000 if HTTPS else 0))
# Both bind every name under the domain (and preload, browsers' lists for months): opt in only.
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS and env_flag("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = HTTPS and env_flag("DJANGO_HSTS_PRELOAD", False)
# The deploy check's reminders of those two opt-ins (W005, W021) are a choice, not a fault.
SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]
if env_flag("DJANGO_BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    USE_X_FORWARDED_HOST = True
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# Mail (password resets): the console in development, else SMTP (the machine's own by default).
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "kalooki-ledger@localhost")
if DEBUG and not os.environ.get("EMAIL_HOST"):
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
else:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ.get("EMAIL_HOST", "localhost"),
                "port": int(os.environ.get("EMAIL_PORT", "25")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_flag("EMAIL_USE_TLS", False),
            },
        }
    }

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
# Stored in the database, read from a copy in the database's cache: one plain query, where the
# `db` engine's read of the row through the ORM, and its signature, cost a page about a tenth.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
CSRF_FAILURE_VIEW = "kalooki_ledger.error_pages.csrf_failure"
# Files count towards the same 2.5 MB as fields (a game record is at most 2 MB).
FILE_UPLOAD_HANDLERS = [
    "kalooki_ledger.uploads.BodyLimit",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

# The site backup's JSON (manage.py backup): Django's, with times written as they read back.
SERIALIZATION_MODULES = {"backup-json": "kalooki_ledger.games.backup_json"}
