from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from judge.cards.urls import api_patterns as cards_api
from judge.health import healthz, ping
from judge.scenarios import api as judge_api
from rules_ref import api as rules_api

router = DefaultRouter()
router.register("scenarios", judge_api.ScenarioViewSet, basename="scenario")

api_patterns = [
    path("rules/", rules_api.RuleList.as_view(), name="api-rules"),
    path("rules/<slug:ruleset>/<str:number>/", rules_api.RuleDetail.as_view(), name="api-rule"),
    path("search/", rules_api.search_view, name="api-search"),
    path("suggest/", rules_api.suggest_view, name="api-suggest"),
    path("run/", judge_api.run_document, name="api-run"),
    path("check/", judge_api.check_document, name="api-check"),
    path("scenario-schema/", judge_api.scenario_schema, name="api-scenario-schema"),
    path("step/", judge_api.step, name="api-step"),
    path("", include("judge.training.api_urls")),
    path("", include(cards_api)),
    path("", include(router.urls)),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz/", healthz, name="healthz"),
    path("", include("judge.offline.urls")),  # /sw.js, /manifest.webmanifest, /hors-ligne/, the rules export
    path("ping/", ping, name="ping"),
    path("api/", include(api_patterns)),
    # Signing in and out, and changing one's password; no reset by mail (the site sends none: an
    # administrator sets a forgotten password).
    path("comptes/login/", auth_views.LoginView.as_view(), name="login"),
    path("comptes/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("comptes/password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("comptes/password_change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("scenarios/", include("judge.scenarios.urls")),
    path("entrainement/", include("judge.training.urls")),
    path("cartes/", include("judge.cards.urls")),
    path("", include("rules_ref.urls")),
]

# French error pages (JSON under /api/) wherever DEBUG is off: judge/errors.py.
handler400 = "judge.errors.bad_request"
handler403 = "judge.errors.permission_denied"
handler404 = "judge.errors.page_not_found"
handler500 = "judge.errors.server_error"
