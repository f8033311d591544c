from django.urls import path

from . import views

app_name = "offline"

urlpatterns = [
    path("hors-ligne/", views.offline_page, name="page"),
    path("hors-ligne/arbitre.zip", views.browser_package, name="package"),
    path("hors-ligne/worker.js", views.search_worker, name="worker"),
    path("hors-ligne/runtime.json", views.runtime_view, name="runtime"),
    path("api/rules/export/", views.rules_export_view, name="export"),
    # at the site's root: a service worker serves only the addresses under its own
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
]
