"""Card pages, the suggestion API for the builder, confirmed encodings, and the cards the site's
search lists (``ARBITRE_CARDS_MATCHING``)."""

from __future__ import annotations

import json

from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

import engine
from judge.scenarios.models import RULE_NUMBER, Scenario, ScenarioCitation

from .models import Card, ConfirmedEncoding, ScenarioCard
from .proposals import ability_proposal
from .serializers import CardSerializer, ConfirmedSerializer, ConfirmSerializer, SuggestionsSerializer

#: The largest encoding a judge may confirm (JSON characters): an ability is a few hundred.
MAX_ENCODING = 20_000
SUGGESTIONS = 12


def suggestion(card: Card) -> dict:
    return {
        "reference": card.reference,
        "name": card.name,
        "name_fr": card.name_fr,
        "name_en": card.name_en,
        "rarity": card.rarity,
        "rarity_fr": card.rarity_fr,
        "set_code": card.set_code,
        "faction": card.faction_fr,
        "type_fr": card.type_fr,
        "engine_type": card.engine_type,
    }


@extend_schema(
    parameters=[OpenApiParameter("q", str, description="début d'un nom français ou anglais")],
    responses=SuggestionsSerializer,
)
@api_view(["GET"])
def suggest(request):
    """Card versions whose French or English name holds the words typed (accents aside): each
    version apart (a name is not a card: common and rare versions differ)."""
    q = request.GET.get("q", "")
    return Response({"results": [suggestion(c) for c in Card.objects.suggest(q, SUGGESTIONS)]})


def card_data(card: Card) -> dict:
    confirmed = {
        e.reference: e
        for e in ConfirmedEncoding.objects.filter(reference__in=[a.reference for a in card.abilities.all()])
    }
    return {
        **suggestion(card),
        "url": card.get_absolute_url(),
        "card_type": card.card_type,
        "set_name": card.set_name,
        "keywords": card.keywords,
        "languages": card.languages,
        "card": card.scenario_card(),
        "hero": card.hero(),
        "texts": {lang: card.texts.get(lang, {}) for lang in ("fr", "en") if lang in card.texts},
        "abilities": [
            {
                "reference": a.reference,
                "element": a.element,
                "texts": {lang: a.text(lang) for lang in ("fr", "en") if a.text(lang)},
                "marked": {lang: " ".join(p["texts"].get(lang, "") for p in a.parts).strip() for lang in ("fr", "en")},
                "parts": [p["type"] for p in a.parts],
                "proposal": ability_proposal(a, card, confirmed),
            }
            # the main text first, then the support ability, as printed
            for a in sorted(card.abilities.all(), key=lambda a: (a.element != "main", a.sequence))
        ],
    }


@extend_schema(responses=CardSerializer)
@api_view(["GET"])
def detail(request, reference: str):
    """One card version: its fields as a scenario CARD, its printed texts, each ability with the
    encoding proposed or confirmed for it."""
    card = get_object_or_404(Card.objects.prefetch_related("abilities"), reference=reference)
    return Response(card_data(card))


def check_encoding(encoding, engine_type: str) -> list[dict]:
    """The engine's problems with ``encoding`` on a card of ``engine_type`` ([] when it plays)."""
    doc = engine.empty_document("1v1")
    card = {"id": "a1", "type": engine_type or "character", "owner": "A"}
    if isinstance(encoding, dict) and set(encoding) == {"effect"}:
        card["effect"] = encoding["effect"]
    else:
        card["abilities"] = [encoding]
    doc["players"]["A"]["hand"] = [card]
    return [{"path": p["path"].replace("players.A.hand[0].", ""), "message": p["message"]} for p in engine.check(doc)]


@extend_schema(request=ConfirmSerializer, responses=ConfirmedSerializer)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def confirm(request):
    """A judge confirms the encoding of an ability reference: ``{"reference", "card", "encoding"}``
    (``card``: the version it was confirmed on, which the engine checks it against)."""
    data = request.data if isinstance(request.data, dict) else {}
    reference, encoding = data.get("reference"), data.get("encoding")
    if not isinstance(reference, str) or not reference or len(reference) > 80:
        return Response({"detail": "référence de capacité attendue (reference)."}, status=status.HTTP_400_BAD_REQUEST)
    card = Card.objects.filter(reference=data.get("card"), abilities__reference=reference).first()
    if card is None:
        return Response(
            {"detail": "aucune carte importée n'imprime cette capacité."}, status=status.HTTP_400_BAD_REQUEST
        )
    if not isinstance(encoding, dict) or len(json.dumps(encoding)) > MAX_ENCODING:
        return Response({"detail": "capacité (objet JSON) attendue (encoding)."}, status=status.HTTP_400_BAD_REQUEST)
    problems = check_encoding(encoding, card.engine_type)
    if problems:
        return Response(
            {"detail": "le moteur ne joue pas cette capacité.", "problems": problems},
            status=status.HTTP_400_BAD_REQUEST,
        )
    with transaction.atomic():
        ConfirmedEncoding.objects.update_or_create(
            reference=reference,
            defaults={"encoding": encoding, "confirmed_by": request.user, "confirmed_at": timezone.now()},
        )
    printing = Card.objects.filter(abilities__reference=reference).distinct().count()
    return Response({"reference": reference, "encoding": encoding, "cards": printing})


def rule_url(ruleset: str, number: str) -> str:
    try:
        if RULE_NUMBER.match(number) and number[0].isdigit():
            return reverse("rules_ref:rule", kwargs={"ruleset": ruleset, "number": number})
        return reverse("rules_ref:article", kwargs={"ruleset": ruleset, "slug": number})
    except NoReverseMatch:
        return ""


def rulings(cards, user, limit: int = 20) -> list[dict]:
    """The scenarios ``user`` may open that use any of ``cards``, each with the rules its run cites."""
    visible = Scenario.objects.visible_to(user)
    scenarios = list(
        visible.filter(card_links__card__in=cards)
        .distinct()
        .only("uuid", "title", "document")
        .order_by("title")[:limit]
    )
    cited: dict[int, list] = {}
    for c in ScenarioCitation.objects.filter(scenario__in=scenarios).order_by("number"):
        cited.setdefault(c.scenario_id, []).append(c)
    out = []
    for s in scenarios:
        rules = [
            {"number": c.number, "ruleset": c.ruleset, "url": rule_url(c.ruleset, c.number)}
            for c in cited.get(s.pk, [])
            if c.ruleset == s.ruleset
        ]
        out.append({"scenario": s, "rules": rules})
    return out


def card_page(request, reference: str):
    card = get_object_or_404(Card.objects.prefetch_related("abilities"), reference=reference)
    versions = Card.objects.filter(family=card.family).exclude(pk=card.pk).order_by("reference")
    data = card_data(card)
    for a in data["abilities"]:
        if a["proposal"]:
            a["proposal"]["encoding_json"] = json.dumps(a["proposal"]["encoding"], ensure_ascii=False)
    return render(
        request,
        "cards/card.html",
        {"card": card, "data": data, "versions": versions, "rulings": rulings([card], request.user)},
    )


class Found(list):
    """Cards found for the site's search, each with ``rulings``."""


def cards_matching(q: str, user=None, limit: int = 5) -> Found:
    """Cards whose name holds every word of ``q`` (the site's search shows them below the rules,
    with the library's scenarios using them and the rules those cite)."""
    found = Found()
    if not Card.objects.exists():
        return found
    for card in Card.objects.suggest(q, limit):
        found.append({"card": card, "rulings": rulings([card], user, limit=5)})
    return found


def scenario_cards(scenario: Scenario) -> list[Card]:
    """The imported cards a scenario uses (its page lists them)."""
    return [
        link.card
        for link in ScenarioCard.objects.filter(scenario=scenario).select_related("card").order_by("card__name_fr")
    ]


def index(request):
    if not Card.objects.exists():
        raise Http404("Aucune carte importée.")
    q = request.GET.get("q", "")[:80]
    cards = Card.objects.suggest(q, 50) if q.strip() else []
    return render(request, "cards/index.html", {"q": q, "cards": cards, "count": Card.objects.count()})


# Counted by the site's default throttles (settings REST_FRAMEWORK): DRF's throttle_scope.
suggest.cls.throttle_scope = "suggest"
detail.cls.throttle_scope = "suggest"
confirm.cls.throttle_scope = "check"
