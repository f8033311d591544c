"""Rule sets and rules: the French rules as imported from ``fixtures/rules``.

A rule is identified by (rule set, number): numbers move between official versions of the rules,
so ``2.4.6.c`` of ``fr-1`` need not be ``2.4.6.c`` of a later set. Glossary articles have no number;
they are identified by a slug of their title.
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse

from . import official
from .parser import number_key


class RuleSet(models.Model):
    slug = models.SlugField(unique=True, help_text="Identifiant court, par ex. « fr-1 ».")
    name = models.CharField(max_length=200)
    language = models.CharField(max_length=10, default="fr")
    source = models.TextField(blank=True, help_text="Provenance et licence du texte.")
    imported_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug


class RuleQuerySet(models.QuerySet):
    def numbered(self) -> RuleQuerySet:
        """Rules and section headings that stand in the source (not the implicit levels)."""
        return self.filter(number__isnull=False, implicit=False)

    def articles(self) -> RuleQuerySet:
        return self.filter(kind=Rule.Kind.ARTICLE)

    def in_section(self, number: str) -> RuleQuerySet:
        """The rule ``number`` and everything under it (``2.4`` holds ``2.4.6.c``, not ``2.40``)."""
        return self.filter(models.Q(number=number) | models.Q(number__startswith=number + "."))


class Rule(models.Model):
    class Kind(models.TextChoices):
        SECTION = "section", "Section"
        RULE = "rule", "Règle"
        ARTICLE = "article", "Article du glossaire"

    ruleset = models.ForeignKey(RuleSet, on_delete=models.CASCADE, related_name="rules")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    number = models.CharField(max_length=40, null=True, blank=True)
    slug = models.CharField(max_length=120, help_text="Le numéro, ou le titre simplifié d'un article.")
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="children")
    title = models.CharField(max_length=200, blank=True)
    text = models.TextField(blank=True)
    items = models.JSONField(default=list, blank=True)
    remarks = models.JSONField(default=list, blank=True)
    #: The body in source order: [{"kind": "paragraph"|"item"|"remark"|"heading", "text": …}].
    blocks = models.JSONField(default=list, blank=True)
    starred = models.BooleanField(default=False, help_text="Numéro marqué d'un astérisque dans la source.")
    #: A level the source never states (``4`` and ``4.2`` above ``4.2.5``), made to hold the tree.
    implicit = models.BooleanField(default=False)
    order = models.PositiveIntegerField(default=0)
    source = models.CharField(max_length=300, blank=True, help_text="Fichier et ligne d'origine.")

    objects = RuleQuerySet.as_manager()

    class Meta:
        ordering = ["ruleset", "order"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_rule_slug_per_ruleset"),
        ]
        indexes = [models.Index(fields=["ruleset", "number"])]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """How a judge names it: ``2.4.6.c``, ``2.5 Jetons``, or an article's title."""
        if self.number is None:
            return self.title
        return f"{self.number} {self.title}".strip()

    @property
    def citation(self) -> str:
        if self.number is None:
            return f"{self.title} ({self.ruleset.slug})"
        return f"Règle {self.number} ({self.ruleset.slug})"

    @property
    def depth(self) -> int:
        return self.number.count(".") if self.number else 0

    @property
    def search_text(self) -> str:
        """Everything a keyword search should see of the body, except remarks."""
        return "\n".join(b["text"] for b in self.blocks if b["kind"] != "remark")

    def sort_key(self) -> tuple:
        return number_key(self.number) if self.number else ((2, 0, self.slug),)

    def get_absolute_url(self) -> str:
        if self.number is None:
            return reverse("rules_ref:article", args=[self.ruleset.slug, self.slug])
        return reverse("rules_ref:rule", args=[self.ruleset.slug, self.number])

    def breadcrumb(self) -> list[Rule]:
        chain: list[Rule] = []
        node = self.parent
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain[::-1]


class Citation(models.Model):
    """A rule's text cites another rule by number: ``voir règle 6.1.g``.

    ``target`` is empty when the cited number is missing from the rule set: the page then shows it
    as missing instead of a broken link.
    """

    source = models.ForeignKey(Rule, on_delete=models.CASCADE, related_name="citations")
    number = models.CharField(max_length=40)
    target = models.ForeignKey(Rule, null=True, blank=True, on_delete=models.SET_NULL, related_name="cited_by")

    class Meta:
        ordering = ["source__order", "number"]
        constraints = [models.UniqueConstraint(fields=["source", "number"], name="unique_citation")]


class ConcordanceManager(models.Manager):
    def find_official(self, query: str, ruleset: str) -> official.OfficialMatch | None:
        """The French rules of ``ruleset`` that an official number stands for (``"cr5 4.2.5.d"``), or
        None if ``query`` is not an official number. Never falls back to the French rule that has the
        same number."""
        parsed = official.parse_official(query or "")
        if parsed is None:
            return None
        release, number = parsed
        version = next((v for v in official.VERSIONS.values() if v.label == f"CR {release}"), None)
        return self.match_official(version, number, ruleset, query=query.strip())

    def match_official(
        self, version: official.Version | None, number: str, ruleset: str, query: str = ""
    ) -> official.OfficialMatch:
        """The French rules of ``ruleset`` that the paragraph ``number`` of ``version`` stands for:
        those citing it exactly, else (a section) those under it; never the French rule of the same
        number."""
        match = official.OfficialMatch(
            query=query or f"{version.label if version else '?'} {number}", version=version, number=number
        )
        if version is None:
            return match
        rows = list(
            self.filter(rule__ruleset__slug=ruleset).select_related("rule__ruleset").order_by("rule__order")
        )  # one row per numbered rule of the set: bounded by the rule set
        key = f"{version.key}_numbers"
        exact = [(c.rule, c) for c in rows if number in getattr(c, key)]
        if exact:
            # The rules the paragraph stands for first: FR 4.3.a ([4.2.5.d]) before FR 4.2.5.d, whose
            # remark only is in 4.2.5.d ([3.2.7.c, 3.2.10.b, 4.2.5.d]); then rules order (a stable sort).
            match.rules = sorted(exact, key=lambda pair: getattr(pair[1], key).index(number))
            return match
        prefix = number + "."
        under = [(c.rule, c) for c in rows if any(n.startswith(prefix) for n in getattr(c, key))]
        match.rules, match.exact = under[: official.MAX_RULES], False
        return match


class Concordance(models.Model):
    """Where a French rule stands in the official English rules: its paragraphs in the Complete Rules
    v3.0 and the Comprehensive Rules v5.0, a verdict against each, and a French note of what changed.

    Imported from ``engine/data/concordance/<rule set>.json`` with the rules (``import_rules``).
    """

    class Verdict(models.TextChoices):
        SAME = "same", "inchangée"
        REWORDED = "reworded", "reformulée"
        CHANGED = "changed", "modifiée"
        SPLIT = "split", "scindée"
        MERGED = "merged", "fusionnée"
        ABSENT = "absent", "absente"

    rule = models.OneToOneField(Rule, on_delete=models.CASCADE, related_name="concordance")
    v3_numbers = models.JSONField(default=list, blank=True, help_text="Paragraphes des Complete Rules 3.0.")
    v3_verdict = models.CharField(max_length=10, choices=Verdict.choices)
    v3_partial = models.BooleanField(default=False, help_text="Ces paragraphes ne couvrent la règle qu'en partie.")
    v5_numbers = models.JSONField(default=list, blank=True, help_text="Paragraphes des Comprehensive Rules 5.0.")
    v5_verdict = models.CharField(max_length=10, choices=Verdict.choices)
    v5_partial = models.BooleanField(default=False, help_text="Ces paragraphes ne couvrent la règle qu'en partie.")
    note = models.TextField(blank=True, help_text="Ce qui a changé, en une phrase (rédigée par le projet).")

    objects = ConcordanceManager()

    class Meta:
        ordering = ["rule__ruleset", "rule__order"]

    def __str__(self) -> str:
        return f"{self.rule.number} → CR 5.0 {' + '.join(self.v5_numbers) or '—'} ({self.v5_verdict})"

    @property
    def changed(self) -> bool:
        """The meaning changed by v5.0 (or the rule is gone): the page warns, the table marks it."""
        return self.v5_verdict in (self.Verdict.CHANGED, self.Verdict.ABSENT)

    #: Where the rule stands in the current official rules: ``CR 5.0 2.4.7.d``.
    official_label = property(lambda self: official.official_label(self, official.VERSIONS["v5"]))
    v3_label = property(lambda self: official.official_label(self, official.VERSIONS["v3"]))
    v5_paragraphs = property(lambda self: official.paragraphs(self, official.VERSIONS["v5"]))
    v3_paragraphs = property(lambda self: official.paragraphs(self, official.VERSIONS["v3"]))
