"""Cards imported from a card database export (``manage.py import_cards``): one row per printed
version (common and rare versions of one card differ: a name is not a card), its abilities with
their reference and typed parts, the encodings judges confirmed per ability reference, and which
scenarios use which card.

Arbitre ships no card data: the tables stay empty until the operator imports a local export, and
every page and the builder behave exactly as before while they are."""

from __future__ import annotations

import re

from django.conf import settings
from django.db import models
from django.utils import timezone

from judge.scenarios.models import Scenario, fold

#: The card types of the export, as the engine's CARD types (a token is a character with ``token``).
ENGINE_TYPES = {
    "CHARACTER": "character",
    "TOKEN": "character",
    "SPELL": "spell",
    "PERMANENT": "permanent",
    "LANDMARK_PERMANENT": "permanent",
    "EXPEDITION_PERMANENT": "permanent",
    "HERO": "hero",
}
RARITY_FR = {"COMMON": "Commune", "RARE": "Rare", "UNIQUE": "Unique", "EXALTED": "Exaltée"}
TYPE_FR = {
    "CHARACTER": "Personnage",
    "TOKEN": "Jeton Personnage",
    "SPELL": "Sort",
    "PERMANENT": "Permanent",
    "LANDMARK_PERMANENT": "Permanent (Repère)",
    "EXPEDITION_PERMANENT": "Permanent d'Expédition",
    "HERO": "Héros",
}
FACTION_FR = {"AX": "Axiom", "BR": "Bravos", "LY": "Lyra", "MU": "Muna", "OR": "Ordis", "YZ": "Yzmir", "NE": "Neutre"}
#: Keywords of the export the engine plays, as its ``keywords`` (2.4.6.e: a fleeting spell).
ENGINE_KEYWORDS = {"FLEETING": "fleeting"}
#: The longest query the suggestions look at.
MAX_QUERY = 80


#: What a suggestion shows (the rest of a row, its texts above all, is not read for it).
SUGGESTION_FIELDS = ("reference", "name_fr", "name_en", "rarity", "set_code", "faction", "card_type", "engine_type")


class CardQuerySet(models.QuerySet):
    def suggest(self, q: str, limit: int = 12) -> list[Card]:
        """Versions whose French or English name contains every word of ``q`` (accents and case
        aside): names starting with the query first, then by name, the common before the rares.
        The names are matched in memory (:mod:`judge.cards.names`), the rows read by key."""
        from .names import matching

        pks = matching(q, limit, MAX_QUERY)
        if not pks:
            return []
        found = {c.pk: c for c in self.filter(pk__in=pks).only(*SUGGESTION_FIELDS)}
        return [found[pk] for pk in pks if pk in found]


class Card(models.Model):
    """One printed version of a card (``ALT_CORE_B_AX_01_C``), every language of the export joined."""

    reference = models.CharField(max_length=80, unique=True)
    #: The reference without its rarity (``ALT_CORE_B_AX_01``): the versions of one card share it.
    family = models.CharField(max_length=80, db_index=True)
    set_code = models.CharField(max_length=30)
    set_name = models.CharField(max_length=120, blank=True)
    faction = models.CharField(max_length=10, blank=True)
    rarity = models.CharField(max_length=20, blank=True)
    card_type = models.CharField(max_length=40)
    #: The engine's CARD type ("" when the engine has none: the card is stored, never suggested).
    engine_type = models.CharField(max_length=20, blank=True)
    name_fr = models.CharField(max_length=200, blank=True)
    name_en = models.CharField(max_length=200, blank=True)
    #: Every language's name: {"fr": …, "en": …, "de": …}.
    names = models.JSONField(default=dict)
    #: French and English names folded (:func:`fold`), what the suggestions look in.
    search_key = models.CharField(max_length=420, editable=False)
    #: Each name folded alone: a scenario naming the card exactly is linked to it.
    key_fr = models.CharField(max_length=200, db_index=True, editable=False)
    key_en = models.CharField(max_length=200, db_index=True, editable=False)
    hand_cost = models.PositiveIntegerField(null=True, blank=True)
    reserve_cost = models.PositiveIntegerField(null=True, blank=True)
    forest = models.PositiveIntegerField(null=True, blank=True)
    mountain = models.PositiveIntegerField(null=True, blank=True)
    water = models.PositiveIntegerField(null=True, blank=True)
    reserve_limit = models.PositiveIntegerField(null=True, blank=True)
    landmark_limit = models.PositiveIntegerField(null=True, blank=True)
    #: Keyword references of the export (``FLEETING``…).
    keywords = models.JSONField(default=list)
    #: The printed text per language: {"fr": {"main": …, "echo": …}, …}; ``#`` marks what differs
    #: between the versions of the card, as in the export.
    texts = models.JSONField(default=dict)
    languages = models.JSONField(default=list)
    #: A digest of everything above: an import that brings the same card changes nothing.
    digest = models.CharField(max_length=64)
    #: When an import last wrote it (the suggestions' names are read again after an import).
    imported = models.DateTimeField(default=timezone.now, db_index=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        db_table = "cards_card"
        ordering = ["name_fr", "name_en", "reference"]

    def __str__(self) -> str:
        return f"{self.name} ({self.reference})"

    def get_absolute_url(self) -> str:
        from django.urls import reverse

        return reverse("cards:card", kwargs={"reference": self.reference})

    @property
    def name(self) -> str:
        return self.name_fr or self.name_en or self.reference

    @property
    def type_fr(self) -> str:
        return TYPE_FR.get(self.card_type, self.card_type.title())

    @property
    def rarity_fr(self) -> str:
        return RARITY_FR.get(self.rarity, self.rarity.title())

    @property
    def faction_fr(self) -> str:
        return FACTION_FR.get(self.faction, self.faction)

    def text(self, lang: str = "fr") -> dict:
        """The printed text in ``lang`` ({"main", "echo"}), ``#`` markers removed; {} when absent."""
        found = self.texts.get(lang) or {}
        return {part: unmark(value) for part, value in found.items() if value}

    def scenario_card(self, card_id: str = "a1", owner: str = "A") -> dict:
        """This version as a scenario CARD (``arbitre-scenario/1``), abilities left to the judge:
        ``card_ref`` names the version (an unknown key, kept by the engine)."""
        out: dict = {"id": card_id, "name": self.name, "type": self.engine_type or "character", "owner": owner}
        if self.engine_type != "hero":
            out["hand_cost"] = self.hand_cost or 0
            out["reserve_cost"] = 0 if self.card_type == "TOKEN" else self.reserve_cost
            if self.engine_type == "character":
                out["stats"] = {"forest": self.forest or 0, "mountain": self.mountain or 0, "water": self.water or 0}
        keywords = [ENGINE_KEYWORDS[k] for k in self.keywords if k in ENGINE_KEYWORDS]
        if keywords:
            out["keywords"] = keywords
        if self.card_type == "TOKEN":
            out["token"] = True
        out["card_ref"] = self.reference
        return out

    def hero(self) -> dict | None:
        """A hero version as a PLAYER's ``hero`` (its Reserve and Landmark limits, 4.2.5.c)."""
        if self.engine_type != "hero":
            return None
        return {
            "name": self.name,
            "reserve_limit": self.reserve_limit if self.reserve_limit is not None else 2,
            "landmark_limit": self.landmark_limit if self.landmark_limit is not None else 2,
            "card_ref": self.reference,
        }


class Ability(models.Model):
    """One ability printed on a card version: its element (main text or support ability), its
    reference in the export (shared by every card printing it) and its typed parts."""

    class Element(models.TextChoices):
        MAIN = "main", "Texte principal"
        ECHO = "echo", "Capacité de soutien"

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="abilities")
    element = models.CharField(max_length=10, choices=Element.choices)
    sequence = models.PositiveIntegerField(default=0)
    #: The export's ``cardEffect.reference`` (``00416``); for an export without one, ``txt:`` and a
    #: digest of the folded text, so that identical texts still share a confirmed encoding.
    reference = models.CharField(max_length=80, db_index=True)
    #: [{"type": "TRIGGER"|"CONDITION"|"OUTPUT"|"TEXT", "texts": {"fr": …, "en": …}}].
    parts = models.JSONField(default=list)

    class Meta:
        db_table = "cards_ability"
        ordering = ["card", "element", "sequence"]

    def text(self, lang: str = "fr") -> str:
        return " ".join(unmark(p["texts"].get(lang, "")) for p in self.parts if p["texts"].get(lang)).strip()


class ConfirmedEncoding(models.Model):
    """The engine encoding a judge confirmed for an ability reference: offered for every card
    version printing that ability."""

    reference = models.CharField(max_length=80, unique=True)
    #: An ABILITY of the scenario format, or {"effect": [STEP]} for a spell's effect.
    encoding = models.JSONField()
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    confirmed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "cards_confirmedencoding"


class ScenarioCard(models.Model):
    """A scenario uses a card version: named by its ``card_ref``, or by the card's exact name."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="card_links")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="scenario_links")

    class Meta:
        db_table = "cards_scenariocard"
        constraints = [models.UniqueConstraint(fields=["scenario", "card"], name="cards_unique_scenario_card")]


MARK = re.compile(r"#")


def unmark(text: str) -> str:
    """The export's text without its ``#`` markers (they enclose what differs between versions)."""
    return MARK.sub("", text or "")


def document_cards(document) -> tuple[set[str], set[str]]:
    """The ``card_ref`` values and the folded names of every CARD (and hero) of a scenario document."""
    refs: set[str] = set()
    names: set[str] = set()

    def visit(node, depth: int = 0) -> None:
        if depth > 64:  # as the engine's checker: a document nested deeper is refused anyway
            return
        if isinstance(node, dict):
            if isinstance(node.get("card_ref"), str):
                refs.add(node["card_ref"][:80])
            elif isinstance(node.get("name"), str) and ("id" in node or "reserve_limit" in node):
                names.add(fold(node["name"])[:200])
            for value in node.values():
                visit(value, depth + 1)
        elif isinstance(node, list):
            for value in node:
                visit(value, depth + 1)

    players = document.get("players") if isinstance(document, dict) else None
    visit(players)
    visit(document.get("limbo") if isinstance(document, dict) else None)
    return refs, names


def slices(items: list, size: int = 400):
    for start in range(0, len(items), size):
        yield items[start : start + size]


def link_scenario(scenario: Scenario) -> None:
    """Record which imported cards ``scenario`` uses (nothing when no card is imported)."""
    if not Card.objects.exists():
        return
    refs, names = document_cards(scenario.document)
    names.discard("")
    by_ref: set[int] = set()
    by_name: set[int] = set()
    # in slices: a board of thousands of cards stays under the database's limit of query parameters
    for chunk in slices(sorted(refs)):
        by_ref |= set(Card.objects.filter(reference__in=chunk).values_list("pk", flat=True))
    for chunk in slices(sorted(names)):
        by_name |= set(
            Card.objects.exclude(engine_type="")
            .filter(models.Q(key_fr__in=chunk) | models.Q(key_en__in=chunk))
            .values_list("pk", flat=True)
        )
    wanted = by_ref | by_name
    current = set(ScenarioCard.objects.filter(scenario=scenario).values_list("card_id", flat=True))
    if wanted != current:
        ScenarioCard.objects.filter(scenario=scenario, card_id__in=current - wanted).delete()
        ScenarioCard.objects.bulk_create([ScenarioCard(scenario=scenario, card_id=pk) for pk in wanted - current])


def link_all_scenarios() -> int:
    """Re-link every scenario (after an import); returns how many links exist."""
    for scenario in Scenario.all_objects.only("pk", "document").iterator():
        link_scenario(scenario)
    return ScenarioCard.objects.count()
