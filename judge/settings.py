"""Settings for Arbitre: one file, values from the environment where a deployment sets them.

Development defaults (``make serve``) need no environment at all: SQLite and the search index
live under ``var/``.
"""
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("ARBITRE_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-never-used-with-debug-off"
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",") if h]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",  # login throttling (see AXES_* below)
    "rules_ref",
    "judge",  # the configuration: settings, root URLs, site commands, the migrations that made the tables
    "judge.scenarios",
    "judge.training",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "judge.middleware.BodySizeLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: turns a lockout into its page
]

ROOT_URLCONF = "judge.urls"
WSGI_APPLICATION = "judge.wsgi.application"

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
            ],
        },
    },
]

# DATABASE_URL (postgres://user:pass@host:5432/name) in production; SQLite under var/ by default.
DATABASES = {
    "default": dj_database_url.config(
        default="sqlite:///" + os.environ.get("ARBITRE_SQLITE_PATH", str(VAR_DIR / "db.sqlite3")),
        # Persistent connections in production; none in development and tests (a live server thread
        # holding one would keep the test database from being dropped).
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", 0 if DEBUG else 60)),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several workers on one SQLite file: wait for the write lock instead of failing at once.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "fr"
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("ARBITRE_STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}

# Upload and body limits: a scenario document is small; anything larger is refused early.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Arbitre API",
    "DESCRIPTION": "Règles d'Altered (traduction française communautaire, CC BY-NC 4.0) et moteur de règles.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI served from the sidecar package: the site needs no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Production hardening (DJANGO_DEBUG=0): HTTPS only, secure cookies, HSTS. Behind a TLS proxy, set
# DJANGO_SECURE_PROXY_SSL=1 so Django trusts X-Forwarded-Proto.
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
    if env_bool("DJANGO_SECURE_PROXY_SSL", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]

# One in-memory cache per worker process: rule pages and search results (both derived from data
# that only changes at an import or an index rebuild, and keyed by it).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }
}

# The rules reference.
ARBITRE_DEFAULT_RULESET = os.environ.get("ARBITRE_DEFAULT_RULESET", "fr-1")
ARBITRE_SCENARIOS_CITING = "judge.scenarios.views.scenarios_citing"
# Login throttling (django-axes): after 5 wrong passwords in a row for one username from one IP
# address, that pair is refused for 15 minutes, even with the right password (login form, admin,
# and the API's HTTP Basic authentication, which goes through the same authenticate()). The IP is
# REMOTE_ADDR: X-Forwarded-For is not trusted, so it cannot be spoofed to dodge the lock.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses locked-out attempts; must come first
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "lockout.html"
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "judge:library"
LOGOUT_REDIRECT_URL = "rules_ref:home"
ARBITRE_SEARCH_CACHE = env_bool("ARBITRE_SEARCH_CACHE", True)
ARBITRE_INDEX_DIR = Path(os.environ.get("ARBITRE_INDEX_DIR", VAR_DIR / "index"))

# ---- Hostile use (issue 16): engine budget, throttles, the API's renderers and errors ----------------
# The engine's budget per request (runs, checks, training answers, saves): refused with a 422 past it.
ARBITRE_RUN_SECONDS = float(os.environ.get("ARBITRE_RUN_SECONDS", "2.0"))
ARBITRE_RUN_STEPS = int(os.environ.get("ARBITRE_RUN_STEPS", "5000"))
# Requests per scope, per user (``scope``) and per client IP (``scope-ip``), see judge/throttles.py;
# ARBITRE_THROTTLE_RATES="run=10/min,search-ip=600/min" overrides some of them.
ARBITRE_THROTTLE_RATES = {
    "run": "60/min", "run-ip": "120/min",
    "check": "120/min", "check-ip": "240/min",
    "answer": "60/min", "answer-ip": "240/min",
    "search": "120/min", "search-ip": "600/min",
    "suggest": "300/min", "suggest-ip": "1200/min",
}
ARBITRE_THROTTLE_RATES.update(
    (key.strip(), rate.strip()) for key, _, rate in
    (item.partition("=") for item in os.environ.get("ARBITRE_THROTTLE_RATES", "").split(",") if "=" in item)
)
REST_FRAMEWORK.update({
    "EXCEPTION_HANDLER": "judge.api_errors.exception_handler",
    # The client IP of throttles: REMOTE_ADDR, or the address seen by the last of this many trusted
    # proxies (X-Forwarded-For), the same setting as the login throttling's.
    "NUM_PROXIES": int(os.environ.get("DJANGO_TRUSTED_PROXIES", "0")),
    # The browsable API (HTML forms) in development only: JSON alone in production.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
})
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" and os.environ.get("ARBITRE_SQLITE_TIMEOUT"):
    # How long a write waits for SQLite's lock before failing (tests/security/test_concurrency.py sets 1 s).
    DATABASES["default"]["OPTIONS"]["timeout"] = float(os.environ["ARBITRE_SQLITE_TIMEOUT"])
