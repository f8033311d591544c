from django.urls import path

from . import views

app_name = "cards"

urlpatterns = [
    path("", views.index, name="index"),
    path("<str:reference>/", views.card_page, name="card"),
]

api_patterns = [
    path("cards/suggest/", views.suggest, name="api-cards-suggest"),
    path("cards/encodings/", views.confirm, name="api-cards-confirm"),
    path("cards/<str:reference>/", views.detail, name="api-card"),
]
