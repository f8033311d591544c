"""The training API's addresses, included under ``/api/`` by the root URL conf (:mod:`judge.urls`)."""

from django.urls import include, path
from rest_framework.routers import SimpleRouter

from .api import ExerciseViewSet, progress_view, series_view, themes_view

router = SimpleRouter()
router.register("exercises", ExerciseViewSet, basename="exercise")

urlpatterns = [
    path("training/series/", series_view, name="api-training-series"),
    path("training/progress/", progress_view, name="api-training-progress"),
    path("training/themes/", themes_view, name="api-training-themes"),
    path("", include(router.urls)),
]
