from django.urls import path

from . import views

app_name = "judge"

urlpatterns = [
    path("", views.library, name="library"),
    path("nouveau/", views.new, name="new"),
    path("essai/", views.trial, name="trial"),
    path("corbeille/", views.trash, name="trash"),
    path("<uuid:uuid>/", views.stepper, name="stepper"),
    path("<uuid:uuid>/decision/", views.ruling, name="ruling"),
    path("<uuid:uuid>/decision/<str:token>/", views.shared_ruling, name="shared_ruling"),
    path("<uuid:uuid>/modifier/", views.edit, name="edit"),
    path("<uuid:uuid>/copier/", views.copy, name="copy"),
    path("<uuid:uuid>/supprimer/", views.delete, name="delete"),
    path("<uuid:uuid>/restaurer/", views.restore, name="restore"),
]
