from django.urls import path

from . import views as training_views

app_name = "training"

urlpatterns = [
    path("", training_views.home, name="home"),
    path("exercice/<uuid:uuid>/", training_views.exercise, name="exercise"),
    path("exercice/<uuid:uuid>/relire/", training_views.review, name="review"),
    path("nouveau/<uuid:uuid>/", training_views.new, name="new"),
]
