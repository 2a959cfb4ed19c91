"""Settings, read from the environment.

Nothing set gives the embedded mode a club arbiter runs on a laptop: SQLite in
the project folder, Celery tasks run in-process, an in-memory cache and a
secret key generated once into `.secret_key` (kept out of git).

- DATABASE_URL=postgres://...   PostgreSQL through psycopg 3
- REDIS_URL=redis://...         Celery broker and result store, and the cache
- DEBUG=0, SECRET_KEY, ALLOWED_HOSTS   production; `check --deploy` is clean
"""

from __future__ import annotations

import os
import secrets
import tempfile
import warnings
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)  # optional, never committed

DEBUG = env.bool("DEBUG", default=True)


def _local_secret_key() -> str:
    """A key generated once for this installation, kept in a file outside git."""
    path = BASE_DIR / ".secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


if DEBUG:
    SECRET_KEY = env.str("SECRET_KEY", default="") or _local_secret_key()
else:
    SECRET_KEY = env.str("SECRET_KEY")  # required in production

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["*"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",  # {% partialdef %}: pages name the parts htmx swaps
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from here, not from a CDN
    "tournaments",
    "tournaments.jobs",  # app label "pairing": see tournaments/jobs/apps.py
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.security.SecurityHeadersMiddleware",
    "config.security.RequestSizeLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.i18n.ApiInEnglishMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.htmx_messages.HtmxMessagesMiddleware",
    "tournaments.throttle.LoginThrottleMiddleware",
    "config.database_errors.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "config.urls"

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
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# Database: SQLite in the project folder unless DATABASE_URL says otherwise.
DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {})
    # Wait for a concurrent writer rather than failing at once.
    DATABASES["default"]["OPTIONS"].setdefault("timeout", 20)
    DATABASES["default"]["OPTIONS"].setdefault("transaction_mode", "IMMEDIATE")
    # Tests use a file too: an in-memory database shared between threads (the live
    # server, background jobs) fails with "table is locked" instead of waiting.
    # One file per test process, so parallel runs in one checkout never share it.
    DATABASES["default"].setdefault(
        "TEST", {"NAME": os.path.join(tempfile.gettempdir(), f"blossom-test-{os.getpid()}.sqlite3")}
    )
else:
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: cache and Celery when REDIS_URL is set; in-memory and in-process otherwise.
# Test processes under pytest-xdist share one Redis: each keeps its own cache keys.
_TEST_PROCESS = (
    f":{os.environ['PYTEST_XDIST_WORKER']}" if "PYTEST_XDIST_WORKER" in os.environ else ""
)
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            # RedisCache that serves as an empty cache while Redis is unreachable
            # (pages never fail because of the cache; see config/cache.py).
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            # Test processes under pytest-xdist share one Redis: each keeps its own keys.
            "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="blossom")
            + (
                f":{os.environ['PYTEST_XDIST_WORKER']}"
                if "PYTEST_XDIST_WORKER" in os.environ
                else ""
            ),
            "TIMEOUT": 300,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "blossom",
            "TIMEOUT": 300,
        }
    }

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=300)
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=360)
# A task whose worker died unacknowledged is delivered again after this many seconds;
# it must exceed the longest task (the simulation's hard limit, 3660 s), or a running
# task would be delivered a second time. A pairing job need not wait for it: pressing
# "Pair round" again sends a job whose worker is gone once more (pairing/services.py).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=3900),
    "socket_connect_timeout": 5,
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# Seconds the web process waits for the task queue before telling the arbiter that
# background workers are unreachable.
TASK_PUBLISH_TIMEOUT = env.float("TASK_PUBLISH_TIMEOUT", default=2.0)
# PAIRING_INPROCESS_FALLBACK=1: when the task queue is unreachable, pair the round in
# the web process instead of reporting it (fine for small rounds and few arbiters).
PAIRING_INPROCESS_FALLBACK = env.bool("PAIRING_INPROCESS_FALLBACK", default=False)
# A queued pairing job older than this (seconds) is sent again when "Pair round" is
# pressed again (its message may have been lost with a restarted Redis).
PAIRING_JOB_RESEND_AFTER = env.float("PAIRING_JOB_RESEND_AFTER", default=30.0)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "arbiter:event_list"
LOGOUT_REDIRECT_URL = "home"

# The interface's languages (each named in itself, for the switcher). The browser's
# language is the default (Accept-Language), the switcher's choice is kept in a cookie;
# public pages and print sheets speak the event's language; the API speaks English.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("de", "Deutsch"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# In DEBUG, WhiteNoise serves straight from the static folders; no collectstatic needed.
warnings.filterwarnings("ignore", message=r"No directory at: .*staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
# Files browsers ask for at the site's root (/favicon.ico), served by WhiteNoise.
WHITENOISE_ROOT = BASE_DIR / "static" / "root"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Uploads (TRF, CSV, OpenGotha files) are small; refuse anything larger.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=5 * 1024 * 1024)
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE
# Any request body (files included) larger than this is refused with 413 before it is read.
MAX_REQUEST_BYTES = env.int("MAX_REQUEST_BYTES", default=DATA_UPLOAD_MAX_MEMORY_SIZE)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "PAGE_SIZE": 100,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Blossom API",
    "DESCRIPTION": "Events, sections, players, pairings, results and standings.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

# Security. In production (DEBUG=0) these make `check --deploy` clean.
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Sent on every page by config/security.py. htmx needs nothing more: it runs without
# eval (allowEval off) and without its inline indicator styles (templates/base.html).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",  # public section pages set <base> to the section's address
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# Login throttling (tournaments/throttle.py): this many failures per username and
# address within the window (seconds) lock that pair out until the window ends.
LOGIN_THROTTLE_ATTEMPTS = env.int("LOGIN_THROTTLE_ATTEMPTS", default=5)
LOGIN_THROTTLE_WINDOW = env.int("LOGIN_THROTTLE_WINDOW", default=300)
BEHIND_PROXY = env.bool("BEHIND_PROXY", default=False)
if not DEBUG:
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
    if BEHIND_PROXY:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
