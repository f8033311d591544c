from django.urls import path

from . import views as training_views

app_name = "training"

urlpatterns = [
    path("", training_views.home, name="home"),
    path("exercice/<uuid:uuid>/", training_views.exercise, name="exercise"),
    path("nouveau/<uuid:uuid>/", training_views.new, name="new"),
]
