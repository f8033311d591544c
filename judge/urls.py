from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from rules_ref import api as rules_api

api_patterns = [
    path("rules/", rules_api.RuleList.as_view(), name="api-rules"),
    path("rules/<slug:ruleset>/<str:number>/", rules_api.RuleDetail.as_view(), name="api-rule"),
    path("search/", rules_api.search_view, name="api-search"),
    path("suggest/", rules_api.suggest_view, name="api-suggest"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    path("", include("rules_ref.urls")),
]
