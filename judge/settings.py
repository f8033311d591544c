"""Settings for Arbitre: one file, values from the environment where a deployment sets them.

Development defaults (``make dev``) need no environment at all: SQLite and the search index live
under ``var/``. ``make serve`` runs the production settings on loopback (``DJANGO_DEBUG=0``,
``ARBITRE_LOOPBACK=1``); a deployment sets the variables of the README's Production table.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("ARBITRE_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def secret_key_file(path: Path) -> str:
    """The key kept in ``path``, generated there (mode 0600) the first time and reused afterwards.

    Written aside and linked into place, so workers starting together all read the same key.
    """
    if not path.exists():
        aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_urlsafe(50) + "\n")
        try:
            os.link(aside, path)
        except FileExistsError:
            pass  # another process was first: its key wins
        finally:
            aside.unlink()
    key = path.read_text(encoding="utf-8").strip()
    if len(key) < 50:
        raise ImproperlyConfigured(f"{path} holds no usable secret key (50 characters at least): delete it")
    return key


DEBUG = env_bool("DJANGO_DEBUG", True)
# ``make serve``: the production settings on plain HTTP over loopback (no HTTPS redirect, cookies
# without the Secure flag, no HSTS), loopback host names only, the secret key kept in var/.
LOOPBACK = env_bool("ARBITRE_LOOPBACK", False)
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if LOOPBACK:
        SECRET_KEY = secret_key_file(VAR_DIR / "secret_key")
    elif not DEBUG:
        raise RuntimeError("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    else:
        SECRET_KEY = "dev-only-insecure-key-never-used-with-debug-off"
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", ",".join(LOOPBACK_HOSTS)).split(",") if h]
if LOOPBACK and set(ALLOWED_HOSTS) - set(LOOPBACK_HOSTS):
    raise ImproperlyConfigured(
        f"ARBITRE_LOOPBACK=1 serves plain HTTP on loopback only: DJANGO_ALLOWED_HOSTS names {ALLOWED_HOSTS}"
    )
# A demo instance (``make serve``, ``make dev``): the login page shows the demo account's password.
ARBITRE_DEMO = env_bool("ARBITRE_DEMO", False)

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
    "judge.cards",  # imported card database exports (empty until the operator imports one)
    "judge.offline",  # the installable app: manifest, service worker, rules export, Pyodide runtime
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "judge.guard.meter.RefusedAtTheDoorMiddleware",  # an anonymous client refused (429) waits its Retry-After
    "judge.csp.CSPMiddleware",  # django-csp's, see judge/csp.py
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "judge.middleware.BodySizeLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "judge.middleware.NulCharacterMiddleware",  # before any view compares the query with the database
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "judge.guard.meter.EngineMeterMiddleware",  # whose request runs the engine (judge/guard/meter.py)
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
                "judge.context_processors.demo",
                "judge.context_processors.vocabulary",
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
    # Several workers on one SQLite file. WAL: readers never wait for the writer, nor the writer
    # for readers (synchronous=NORMAL is durable in WAL mode except for the last commits on a power
    # cut). IMMEDIATE: a transaction takes the write lock when it opens, so two writers queue instead
    # of deadlocking on an upgrade; the busy timeout (seconds) is how long one waits for the lock,
    # under gunicorn's 30 s worker timeout.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "fr"
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# The offline search's runtime, vendored at set-up (manage.py vendor_offline), served as offline/…
STATICFILES_DIRS = [BASE_DIR / "static", ("offline", VAR_DIR / "offline")]
(VAR_DIR / "offline").mkdir(exist_ok=True)
STATIC_ROOT = Path(os.environ.get("ARBITRE_STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}

# Upload and body limits: a scenario document is small; anything larger is refused early.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024

# The client's address: REMOTE_ADDR, or behind ARBITRE_PROXY_COUNT trusted reverse proxies that each
# append to X-Forwarded-For, the address the outermost proxy saw (judge/guard/client.py). Login
# throttling and DRF's throttles both read it; a client cannot forge it.
ARBITRE_PROXY_COUNT = int(os.environ.get("ARBITRE_PROXY_COUNT", 0))

REST_FRAMEWORK = {
    "NUM_PROXIES": ARBITRE_PROXY_COUNT,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "judge.pagination.Pagination",
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
# DJANGO_SECURE_PROXY_SSL=1 so Django trusts X-Forwarded-Proto. ``make serve`` (ARBITRE_LOOPBACK=1)
# serves plain HTTP on loopback: none of the three there.
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True) and not LOOPBACK
    SESSION_COOKIE_SECURE = not LOOPBACK
    CSRF_COOKIE_SECURE = not LOOPBACK
    SECURE_HSTS_SECONDS = 0 if LOOPBACK else int(os.environ.get("DJANGO_HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
    if env_bool("DJANGO_SECURE_PROXY_SSL", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
CSRF_FAILURE_VIEW = "judge.errors.csrf_failure"

# Content-Security-Policy (django-csp), on every response in every mode: scripts, styles, images,
# fonts and fetches from this site only; no inline script or style, no plugin, no framing, forms
# post here only. The one inline script (the Swagger UI's start-up at /api/docs/) carries the
# request's nonce (templates/drf_spectacular/swagger_ui.html); the nonce appears in the header only
# on the responses that used it. DRF's browsable API keeps its inline styles (judge/csp.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    },
}
# Permissions-Policy (django-permissions-policy): no powerful feature for anyone; the clipboard
# (the rule pages' "Copier la citation") for this site only.
PERMISSIONS_POLICY = {
    "accelerometer": [],
    "camera": [],
    "clipboard-write": ["self"],
    "display-capture": [],
    "geolocation": [],
    "gyroscope": [],
    "interest-cohort": [],
    "magnetometer": [],
    "microphone": [],
    "payment": [],
    "usb": [],
}

# Logging to stderr (gunicorn and systemd/docker collect it), in every mode: a 500 with its
# traceback at ERROR, each 4xx answer at WARNING ("Not Found: /…", "Forbidden: /…", one line each,
# counted with grep), refused hosts and CSRF failures (django.security), login lockouts (axes).
LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name} {process:d} {message}", "style": "{"},
    },
    # A 4xx is one line (Django attaches the PermissionDenied's traceback to a 403's record).
    "filters": {"one_line_4xx": {"()": "judge.errors.OneLineFor4xx"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "plain"},
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # Django's own "django" logger keeps its handlers (runserver's request lines under make dev);
        # its records reach the root handler above.
        "django.request": {"level": "WARNING", "filters": ["one_line_4xx"]},
        "django.security": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
        "judge": {"level": LOG_LEVEL},
        "rules_ref": {"level": LOG_LEVEL},
    },
}

# One in-memory cache per worker process: rule pages and search results (both derived from data
# that only changes at an import or an index rebuild, and keyed by it).
# Throttle counters and each client's engine time in a cache every worker of this machine shares: files
# under var/shared-cache/, no service, no database write (judge/guard/cache.py says why).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 5000},
    },
    "shared": {
        "BACKEND": "judge.guard.cache.SharedFileCache",
        "LOCATION": str(VAR_DIR / "shared-cache"),
        "OPTIONS": {"MAX_ENTRIES": 20000},
    },
}
# Several nodes: REDIS_URL (redis://host:6379/0) puts the shared counters in Redis, through Django's
# own backend, whose add and incr are Redis's atomic SET NX and INCRBY (judge/guard/counters.py).
if os.environ.get("REDIS_URL"):
    CACHES["shared"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
        "KEY_PREFIX": "arbitre",
    }

# The rules reference.
ARBITRE_DEFAULT_RULESET = os.environ.get("ARBITRE_DEFAULT_RULESET", "fr-1")
ARBITRE_SCENARIOS_CITING = "judge.scenarios.views.scenarios_citing"
ARBITRE_SCENARIOS_MATCHING = "judge.scenarios.views.scenarios_matching"  # the search page lists them
ARBITRE_CARDS_MATCHING = "judge.cards.views.cards_matching"  # the search page lists the cards found, with their rulings
# Login throttling (django-axes): after 5 wrong passwords in a row for one username from one IP
# address (someone guessing a judge's password: that username from that address; counted from every
# address, anyone knowing a judge's name could lock her out everywhere), or ARBITRE_LOGIN_IP_FAILURE_LIMIT
# wrong passwords from one address for any usernames (someone trying many names; a higher limit,
# since a tournament's judges may share one venue address), the login is refused, even with the
# right password, for AXES_COOLOFF_TIME after the failures that locked it, and the page says until
# when (judge/guard/login.py). The login form, the admin and the API's HTTP Basic authentication
# all go through authenticate(). A successful login clears that username's failures from that
# address only. The address is the client's (ARBITRE_PROXY_COUNT above), never a header the client
# could forge.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses locked-out attempts; must come first
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
ARBITRE_LOGIN_IP_FAILURE_LIMIT = int(os.environ.get("ARBITRE_LOGIN_IP_FAILURE_LIMIT", 30))
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "judge.guard.login.LoginThrottleHandler"
AXES_LOCKOUT_CALLABLE = "judge.guard.login.lockout_response"
AXES_CLIENT_IP_CALLABLE = "judge.guard.client.client_ip"
AXES_RESET_ON_SUCCESS = True
# Attempts refused during a lock do not push its end further: the time the page shows stays true.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_VERBOSE = False
# Passwords: 10 characters at least, not one of the 20,000 most common, not all digits, not like the
# username (Django's validators, applied to password changes and to the accounts commands make).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Password hashes: Argon2id at OWASP's settings (judge/guard/login.py: a check costs a worker a
# fraction of Django's defaults); earlier PBKDF2 hashes still check, and are made again at login.
PASSWORD_HASHERS = [
    "judge.guard.login.PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "judge:library"
LOGOUT_REDIRECT_URL = "rules_ref:home"
ARBITRE_SEARCH_CACHE = env_bool("ARBITRE_SEARCH_CACHE", True)
ARBITRE_INDEX_DIR = Path(os.environ.get("ARBITRE_INDEX_DIR", VAR_DIR / "index"))

# ---- Hostile use (issue 16): engine budget, throttles, the API's renderers and errors ----------------
# The engine's budget per request (runs, checks, training answers, saves, ruling pages): refused with a
# 422 past it. Wall time, what holds a worker: well under a second, so that no request holds one long
# (a run of a 2,800-step game takes about 0.1 s of it).
ARBITRE_RUN_SECONDS = float(os.environ.get("ARBITRE_RUN_SECONDS", "0.5"))
ARBITRE_RUN_STEPS = int(os.environ.get("ARBITRE_RUN_STEPS", "5000"))
# Across requests (judge/guard/meter.py): at most ARBITRE_ENGINE_SLOTS requests run heavy engine work at
# once (default: one core left to the rest of the site), heavy meaning past a request's first
# ARBITRE_ENGINE_FREE_SECONDS of engine CPU time; a slot is a lock on a file of var/engine-slots/.
ARBITRE_ENGINE_SLOTS = int(os.environ.get("ARBITRE_ENGINE_SLOTS", max(1, len(os.sched_getaffinity(0)) - 1)))
ARBITRE_ENGINE_FREE_SECONDS = float(os.environ.get("ARBITRE_ENGINE_FREE_SECONDS", "0.05"))
ARBITRE_ENGINE_SLOTS_DIR = VAR_DIR / "engine-slots"
# What one author's scenarios may hold, their history and bin included (each save keeps a revision):
# 25 MB is about 5,000 saves of a real board (5 KB), 25 of the largest document accepted (512 KB). Past
# it a save is refused (413, judge/scenarios/models.py); 0 turns it off.
ARBITRE_SAVE_QUOTA_BYTES = int(os.environ.get("ARBITRE_SAVE_QUOTA_BYTES", 25_000_000))
# Requests per DRF throttle_scope, per user (``scope``) and per client IP (``scope-ip``), see
# judge/guard/throttles.py; ARBITRE_THROTTLE_RATES="run=10/min,search-ip=600/min" overrides some of them.
# ``engine`` (the user, or an anonymous caller's network), ``engine-net`` (the network: IPv4 /24, IPv6
# /64) and ``engine-anon`` (every anonymous caller together) are seconds of CPU time of requests that
# ran the engine, not requests: "3/20s" lets a client spend 3 s in any 20 s (judge/guard/meter.py).
ARBITRE_THROTTLE_RATES = {
    "engine": "3/20s",
    "engine-net": "10/20s",
    "engine-anon": "2/20s",
    "run": "60/min",
    "run-ip": "120/min",
    "check": "120/min",
    "check-ip": "240/min",
    "answer": "60/min",
    "answer-ip": "240/min",
    "save": "60/min",
    "save-ip": "600/min",
    "save-bytes": "2000000/min",  # bytes of saves per user: 4 of the largest documents a minute
    "search": "120/min",
    "search-ip": "600/min",
    "suggest": "300/min",
    "suggest-ip": "1200/min",
    "exam-start": "6/h",  # starting an exam, per judge (judge/training/exams.py)
    "exam-start-ip": "30/h",
}
ARBITRE_THROTTLE_RATES.update(
    (key.strip(), rate.strip())
    for key, _, rate in (
        item.partition("=") for item in os.environ.get("ARBITRE_THROTTLE_RATES", "").split(",") if "=" in item
    )
)
# ``engine-ip``, the per-address engine time of earlier versions, is now per network: the same setting.
if "engine-ip" in ARBITRE_THROTTLE_RATES:
    ARBITRE_THROTTLE_RATES["engine-net"] = ARBITRE_THROTTLE_RATES.pop("engine-ip")
REST_FRAMEWORK.update(
    {
        "EXCEPTION_HANDLER": "judge.api_errors.exception_handler",
        # JSON too deep for Python's parser, or not text (a lone surrogate): a 400 (judge/guard/parsers.py).
        "DEFAULT_PARSER_CLASSES": [
            "judge.guard.parsers.JSONParser",
            "rest_framework.parsers.FormParser",
            "rest_framework.parsers.MultiPartParser",
        ],
        # DRF's throttle_scope of each view, counted per user and per address, and the engine time
        # of the engine scopes (judge/guard/throttles.py); rates: ARBITRE_THROTTLE_RATES.
        "DEFAULT_THROTTLE_CLASSES": [
            "judge.guard.throttles.UserScopeThrottle",
            "judge.guard.throttles.AddressScopeThrottle",
            "judge.guard.throttles.SaveBytesThrottle",
            "judge.guard.throttles.EngineTimeThrottle",
        ],
        # The browsable API (HTML forms) in development only: JSON alone in production.
        "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
        + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    }
)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" and os.environ.get("ARBITRE_SQLITE_TIMEOUT"):
    # How long a write waits for SQLite's lock before failing (tests/security/test_concurrency.py sets 1 s).
    DATABASES["default"]["OPTIONS"]["timeout"] = float(os.environ["ARBITRE_SQLITE_TIMEOUT"])
