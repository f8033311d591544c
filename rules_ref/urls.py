from django.urls import path

from . import concordance_views, views

app_name = "rules_ref"

urlpatterns = [
    path("", views.home, name="home"),
    path("recherche/", views.search_page, name="search"),
    path("regles/lexique/", views.lexicon, name="lexicon"),
    path("regles/", views.toc, name="toc"),
    path("regles/changements/", concordance_views.changes, name="changes"),
    # an official paragraph as the engine cites it under cr-5.0 ("4.2.5.d (CR 5.0)"), never the French rule
    path("regles/cr-5.0/<str:number>/", concordance_views.official_rule, name="official_rule"),
    path("regles/<slug:ruleset>/changements/", concordance_views.changes, name="changes_ruleset"),
    path("regles/<slug:ruleset>/", views.toc, name="toc_ruleset"),
    path("regles/<slug:ruleset>/glossaire/<slug:slug>/", views.article, name="article"),
    path("regles/<slug:ruleset>/<str:number>/", views.rule, name="rule"),
    path("regles/<str:number>/", views.rule_default, name="rule_default"),
]
