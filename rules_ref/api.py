"""The rules API: list and read rules, search, suggestions as you type."""

from django.conf import settings
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from . import concordance_views, search
from .models import Rule
from .serializers import RuleSerializer, SearchHitSerializer, SearchResultsSerializer

RULESET = OpenApiParameter("ruleset", OpenApiTypes.STR, description="Jeu de règles (défaut : fr-1).")


@extend_schema(
    parameters=[
        RULESET,
        OpenApiParameter("section", OpenApiTypes.STR, description="Une section et ses sous-règles, par ex. 2.4."),
    ]
)
class RuleList(generics.ListAPIView):
    """Rules in rules order, optionally one rule set and one section."""

    serializer_class = RuleSerializer

    def get_queryset(self):
        qs = (
            Rule.objects.filter(implicit=False)
            .select_related("ruleset", "parent", "concordance")
            .prefetch_related("citations")
        )
        if ruleset := self.request.query_params.get("ruleset"):
            qs = qs.filter(ruleset__slug=ruleset)
        if section := self.request.query_params.get("section"):
            qs = qs.in_section(section.strip())
        return qs.order_by("ruleset__slug", "order")


class RuleDetail(generics.RetrieveAPIView):
    """One rule by rule set and number, or a glossary article by its slug."""

    serializer_class = RuleSerializer

    def get_object(self):
        return get_object_or_404(
            Rule.objects.select_related("ruleset", "parent", "concordance"),
            ruleset__slug=self.kwargs["ruleset"],
            slug=self.kwargs["number"],
            implicit=False,
        )


class SearchQuery(serializers.Serializer):
    q = serializers.CharField(allow_blank=True, required=False, default="", max_length=2000, trim_whitespace=False)
    ruleset = serializers.CharField(required=False, default="")
    limit = serializers.IntegerField(required=False, default=20, min_value=1, max_value=100)


def _params(request) -> dict:
    params = SearchQuery(data={k: v for k, v in request.query_params.items() if k in ("q", "ruleset", "limit")})
    params.is_valid(raise_exception=True)
    return params.validated_data


@extend_schema(parameters=[SearchQuery], responses=SearchResultsSerializer)
@api_view(["GET"])
def search_view(request):
    """Ranked rules for a rule number or French keywords, best first."""
    p = _params(request)
    if (
        official := concordance_views.official_search_data(  # "cr5 4.2.5.d": an official number
            p["q"], p["ruleset"] or settings.ARBITRE_DEFAULT_RULESET, p["limit"]
        )
    ) is not None:
        return Response(official)
    results = search.search(p["q"], ruleset=p["ruleset"] or settings.ARBITRE_DEFAULT_RULESET, limit=p["limit"])
    # The serializer documents the shape (OpenAPI); building the plain dict directly costs a fifth of
    # it on the hottest endpoint of the site. test_api checks both give the same fields.
    return Response(_results_data(results))


# Counted by the site's default throttles (settings REST_FRAMEWORK): DRF's throttle_scope, set on the
# view class api_view made.
search_view.cls.throttle_scope = "search"


HIT_FIELDS = tuple(SearchHitSerializer().fields)
RESULTS_FIELDS = ("query", "kind", "corrected", "suggestion", "missing_number", "cited_by", "parent", "nearest")


def _results_data(results: search.Results) -> dict:
    data = {name: getattr(results, name) for name in RESULTS_FIELDS}
    data["vocabulary"] = [{"typed": typed, "means": means} for typed, means in results.vocabulary]
    data["situations"] = [{"rule": rule, "case": case} for rule, case in results.situations]
    data["results"] = [{name: getattr(hit, name) for name in HIT_FIELDS} for hit in results.hits]
    return data


@extend_schema(parameters=[SearchQuery], responses=SearchHitSerializer(many=True))
@api_view(["GET"])
def suggest_view(request):
    """Rules for a query being typed (the last word counts as a prefix)."""
    p = _params(request)
    if (
        official := concordance_views.official_suggest(  # "cr5 4.2.5.d" being typed: an official number
            p["q"], p["ruleset"] or settings.ARBITRE_DEFAULT_RULESET, min(p["limit"], 10)
        )
    ) is not None:
        return Response(official)
    hits = search.suggest(p["q"], ruleset=p["ruleset"] or None, limit=min(p["limit"], 10))
    # As for search: the plain dicts directly (test_api checks they match the serializer's fields).
    return Response([{name: getattr(hit, name) for name in HIT_FIELDS} for hit in hits])


suggest_view.cls.throttle_scope = "suggest"
