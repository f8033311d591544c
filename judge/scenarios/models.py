"""Saved scenarios: a board in the scenario format, its author, its visibility, the rules its run cites."""

from __future__ import annotations

import json
import logging
import re
import unicodedata
import uuid
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import models, transaction
from django.db.models import Q, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Length
from django.db.models.signals import m2m_changed, post_delete
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.text import slugify

import engine
from engine.versions import RULESETS
from judge.api_errors import QuotaExceeded, VersionConflict
from judge.guard.budget import ENGINE_BUDGET_EXCEEDED, Budget, BudgetExceeded

from . import runner

logger = logging.getLogger(__name__)


#: Letters NFKD does not split: folded by hand so "oeuvre" finds "œuvre".
LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "’": "'"})


def fold(text: str) -> str:
    """Text as the library search compares it: lower case, without accents, spaces collapsed.
    ("Épuisé" and "epuise" fold alike.) The same on SQLite and PostgreSQL, since it is done here."""
    decomposed = unicodedata.normalize("NFKD", str(text).casefold().translate(LIGATURES))
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


#: A rule number as the library's rule filter takes it: 2, 2.4, 2.4.6, 2.4.6.c (a glossary slug also works).
RULE_NUMBER = re.compile(r"^\d+(?:\.\d+)*(?:\.[a-z])?$")


class Tag(models.Model):
    name = models.CharField(max_length=60, unique=True)
    slug = models.SlugField(max_length=60, unique=True)

    class Meta:
        db_table = "judge_tag"  # the tables made when the models lived in ``judge`` (migrations 0001-0002)
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def for_names(cls, names: list[str]) -> list[Tag]:
        tags = []
        for name in names:
            name = " ".join(str(name).split())[:60]
            if name:
                tags.append(cls.objects.get_or_create(slug=slugify(name)[:60] or name, defaults={"name": name})[0])
        return tags


#: The salt of :attr:`Scenario.share_token`: its HMAC signs nothing else.
SHARE_SALT = "arbitre.scenarios.ruling-share"

#: How long a deleted scenario stays in its author's bin ("Corbeille"), restorable.
RESTORE_DAYS = 30


class ScenarioQuerySet(models.QuerySet):
    def summaries(self) -> ScenarioQuerySet:
        """Without their documents and problems (a list: a document may be 500 KB), but with the
        rule set the document names (:attr:`Scenario.ruleset`) and whether it plays (``playable``)."""
        return self.defer("document", "problems").annotate(
            document_rules=KT("document__rules"), playable=Q(problems=[])
        )

    def visible_to(self, user) -> ScenarioQuerySet:
        """What ``user`` may open: public ones, their own, everything for staff.

        Scenarios shared by link are readable by anyone who has the link, but not listed.
        """
        if getattr(user, "is_staff", False):
            return self
        if user is not None and user.is_authenticated:
            return self.filter(Q(visibility=Scenario.Visibility.PUBLIC) | Q(author=user))
        return self.filter(visibility=Scenario.Visibility.PUBLIC)

    def readable_by(self, user) -> ScenarioQuerySet:
        """What ``user`` may read when they know its address (shared-by-link included)."""
        if getattr(user, "is_staff", False):
            return self
        shared = Q(visibility__in=[Scenario.Visibility.PUBLIC, Scenario.Visibility.LINK])
        if user is not None and user.is_authenticated:
            return self.filter(shared | Q(author=user))
        return self.filter(shared)

    def filtered(self, tag: str = "", rule: str = "", q: str = "", ruleset: str = "") -> ScenarioQuerySet:
        """The library's filters (page and API): by tag (slug), by a rule number the run cites or
        any of its sub-rules (``2.4.6`` finds 2.4.6 and 2.4.6.c, never 2.4.60), by words found
        in the title, the description or the tags, accents and case aside (every word must be found),
        and by the rule set the scenario is played under (``fr-1``, ``cr-5.0``: a document without
        ``rules`` is played under the site's default); an unknown rule set finds none."""
        qs = self
        if ruleset:
            if ruleset not in RULESETS:
                return qs.none()
            played = Q(document__rules=ruleset)
            if ruleset == settings.ARBITRE_DEFAULT_RULESET:
                played |= ~Q(document__has_key="rules") | Q(document__rules=None) | Q(document__rules="")
            qs = qs.filter(played)
        if tag:
            qs = qs.filter(tags__slug=tag)
        rule = rule.strip().lower().rstrip(".*")
        if rule:
            cites = Q(number=rule)
            if RULE_NUMBER.match(rule):
                cites |= Q(number__startswith=rule + ".")
            qs = qs.filter(pk__in=ScenarioCitation.objects.filter(cites).values("scenario_id"))
        for word in fold(q).split()[:10]:  # bounded: ten words at most
            qs = qs.filter(search_text__contains=word)
        return qs

    def citing(self, ruleset: str, number: str) -> ScenarioQuerySet:
        return self.filter(citations__ruleset=ruleset, citations__number=number).distinct()

    def restorable_by(self, user) -> ScenarioQuerySet:
        """The bin: deleted scenarios ``user`` may restore (their own, every one for staff), for
        :data:`RESTORE_DAYS` days after the delete. Use on ``Scenario.all_objects``."""
        if user is None or not user.is_authenticated:
            return self.none()
        qs = self.filter(deleted__gte=timezone.now() - timedelta(days=RESTORE_DAYS))
        return qs if user.is_staff else qs.filter(author=user)


class ScenarioManager(models.Manager.from_queryset(ScenarioQuerySet)):
    """``Scenario.objects``: deleted scenarios are hidden from everything (listings, addresses,
    related-object fields, rule pages); ``Scenario.all_objects`` still has them (the bin, the purge)."""

    def get_queryset(self) -> ScenarioQuerySet:
        return super().get_queryset().filter(deleted__isnull=True)


class Scenario(models.Model):
    class Visibility(models.TextChoices):
        PRIVATE = "private", "Brouillon privé"
        LINK = "link", "Partagé par lien"
        PUBLIC = "public", "Public (bibliothèque)"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    title = models.CharField(max_length=200)
    description = models.TextField(blank=True, max_length=5000)
    tags = models.ManyToManyField(Tag, blank=True, related_name="scenarios")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scenarios")
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE)
    #: The scenario document (``arbitre-scenario/1``), possibly a half-built draft.
    document = models.JSONField()
    #: What the engine's checker said of the document when it was saved ([] for a playable board).
    problems = models.JSONField(default=list, blank=True)
    #: Where the library copy came from (``fixtures/scenarios/<file>``), empty for judges' scenarios.
    source = models.CharField(max_length=200, blank=True)
    forked_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks")
    #: Title, description and tag names folded (:func:`fold`), kept up to date on every save and
    #: tag change: what the library's text search looks in.
    search_text = models.TextField(blank=True, default="", editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    #: 1 when created, +1 on every save: the API's ETag and ``If-Match`` (optimistic concurrency).
    version = models.PositiveIntegerField(default=1, db_default=1)
    #: When it was deleted (soft delete: restorable for RESTORE_DAYS days), None while it lives.
    deleted = models.DateTimeField(null=True, blank=True, db_index=True)

    objects = ScenarioManager()
    all_objects = ScenarioQuerySet.as_manager()

    class Meta:
        db_table = "judge_scenario"
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.title

    def save(self, *args, **kwargs):
        tags = [t.name for t in self.tags.all()] if self.pk else []
        self.search_text = searchable(self.title, self.description, tags)
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "search_text"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("judge:stepper", args=[self.uuid])

    @property
    def is_playable(self) -> bool:
        return not self.problems

    @property
    def ruleset(self) -> str:
        if "document" not in self.__dict__ and "document_rules" in self.__dict__:  # a summary
            return self.document_rules or settings.ARBITRE_DEFAULT_RULESET
        return (self.document or {}).get("rules") or settings.ARBITRE_DEFAULT_RULESET

    @property
    def ruleset_label(self) -> str:
        """What the board and the ruling show, e.g. "CR 5.0 (Comprehensive Rules officielles, 2026)" (engine.versions.RULESETS)."""
        return RULESETS.get(self.ruleset, self.ruleset)

    @property
    def ruleset_short(self) -> str:
        """The label without its gloss, for a list: "CR 5.0", "FR v1.x"."""
        return self.ruleset_label.split(" (")[0]

    @property
    def share_token(self) -> str:
        """The key of the link that shows this scenario's rulings to anyone who has it, logged out
        or not, the scenario otherwise keeping its visibility: an HMAC of its uuid under the site's
        secret key (unguessable, nothing stored; it changes only with the secret key)."""
        return signing.Signer(salt=SHARE_SALT).signature(str(self.uuid))

    def shares_with(self, token: str) -> bool:
        return constant_time_compare(token, self.share_token)

    def can_edit(self, user) -> bool:
        return bool(user and user.is_authenticated and (user.is_staff or user.pk == self.author_id))

    def is_listed_for(self, user) -> bool:
        """Whether ``user`` sees it in listings (as :meth:`ScenarioQuerySet.visible_to`), without a query."""
        if self.deleted is not None:
            return False
        return self.visibility == Scenario.Visibility.PUBLIC or self.can_edit(user)

    @property
    def etag(self) -> str:
        return f'"{self.uuid}-{self.version}"'

    def conflict(self, version: int | None = None, updated=None) -> VersionConflict:
        """The refusal of a save based on another version than ``version`` (the stored one)."""
        last = self.revisions.select_related("editor").order_by("-number").first()
        return VersionConflict(
            version or self.version, updated or self.updated, last.editor.username if last and last.editor else None
        )

    def soft_delete(self) -> None:
        """Hide it everywhere; its revisions, exercises and everyone's attempts stay (see :meth:`restore`)."""
        Scenario.all_objects.filter(pk=self.pk).update(deleted=timezone.now())
        self.deleted = timezone.now()
        transaction.on_commit(scenarios_changed)

    def restore(self) -> None:
        Scenario.all_objects.filter(pk=self.pk).update(deleted=None)
        self.deleted = None
        transaction.on_commit(scenarios_changed)

    def copy_for(self, user) -> Scenario:
        """A private draft of this scenario owned by ``user``, remembering where it came from."""
        duplicate = Scenario(
            title=f"{self.title} (copie)"[:200],
            description=self.description,
            author=user,
            visibility=Scenario.Visibility.PRIVATE,
            document=self.document,
            forked_from=self,
        )
        duplicate.save_document(tags=[t.name for t in self.tags.all()], editor=user)
        return duplicate

    def analyse(self, budget: Budget | None = None) -> tuple[list, list[str]]:
        """The checker's problems and, when the board plays, the rule numbers its run cites: the
        engine's work of a save, done before the write transaction opens (see :meth:`save_document`).
        Raises :class:`judge.guard.budget.BudgetExceeded` past the budget."""
        budget = budget or Budget()
        with budget.hard_stop():
            problems = engine.check(self.document)
            budget.check_time()
            numbers = sorted(cited_rules(self.document, budget=budget)) if not problems else []
        budget.check_time()  # however the engine's work ended, past the deadline is a refusal
        return problems, numbers

    def _check_quota(self) -> None:
        """Inside the save's write transaction (saves of one author are counted one after the other)."""
        quota = settings.ARBITRE_SAVE_QUOTA_BYTES
        if not quota:
            return
        # the document once more in its revision, and in the row when it is new or changes
        adding = len(json.dumps(self.document))  # as the JSON field stores it
        adding *= 2 if self.pk is None else 1
        used = stored_bytes(self.author)
        if used + adding > quota:
            raise QuotaExceeded(used, adding, quota)

    def save_document(
        self,
        tags: list[str] | None = None,
        editor=None,
        expected_version: int | None = None,
        budget: Budget | None = None,
        fields: set[str] | None = None,
    ) -> None:
        """Save with fresh problems, citations and a new revision in the history, all or nothing.

        The engine runs first, outside any transaction; the transaction only writes, so a heavy
        board never holds the database's write lock. ``expected_version`` (from ``If-Match``):
        refuse with :class:`judge.api_errors.VersionConflict` when another save came first.
        ``fields``: what this save changes (a PATCH's fields); the others are taken from the stored
        row inside the write transaction, so two saves of different fields both count, and the
        engine runs only when the document changes. None: every field (a creation, a PUT). A
        scenario deleted meanwhile is not brought back: :class:`Scenario.DoesNotExist`.
        """
        analysed = self.analyse(budget) if fields is None or "document" in fields else None
        with transaction.atomic():
            if self.pk is not None:
                row = Scenario.all_objects.select_for_update().filter(pk=self.pk).first()
                if row is None or row.deleted is not None:
                    raise Scenario.DoesNotExist(f"scenario {self.uuid} was deleted")
                if expected_version is not None and row.version != expected_version:
                    raise self.conflict(row.version, row.updated)
                self.version = row.version + 1
                self.deleted = None
                for name in EDITABLE:
                    if fields is not None and name not in fields:
                        attname = self._meta.get_field(name).attname
                        setattr(self, attname, getattr(row, attname))
                if analysed is None:
                    self.problems = row.problems
            if analysed is not None:
                self.problems = analysed[0]
            if editor is not None:  # a person saving (the site's own commands are not counted)
                self._check_quota()
            self.save()
            if tags is not None:
                self.tags.set(Tag.for_names(tags))
            last = self.revisions.order_by("-number").first()
            self.revisions.create(
                number=(last.number + 1) if last else 1,
                editor=editor or self.author,
                title=self.title,
                description=self.description,
                tags=[t.name for t in self.tags.all()],
                visibility=self.visibility,
                document=self.document,
            )
            transaction.on_commit(scenarios_changed)
            if analysed is not None:
                self.citations.all().delete()
                ScenarioCitation.objects.bulk_create(
                    ScenarioCitation(scenario=self, ruleset=self.ruleset, number=n) for n in analysed[1]
                )


def stored_bytes(author) -> int:
    """What ``author``'s scenarios hold: their documents, and every revision's (the bin's included)."""
    size = Length(Cast("document", models.TextField()))
    live = Scenario.all_objects.filter(author=author).aggregate(n=Sum(size))["n"] or 0
    history = ScenarioRevision.objects.filter(scenario__author=author).aggregate(n=Sum(size))["n"] or 0
    return live + history


#: What a save writes from the caller (see :meth:`Scenario.save_document`); never ``deleted``.
EDITABLE = ("title", "description", "visibility", "document", "forked_from", "source")


def searchable(title: str, description: str, tags: list[str]) -> str:
    """The folded text the library search looks in (also used by the data migration)."""
    return fold(" ".join([title or "", description or "", *tags]))


def tags_changed(sender, instance, action, reverse, **kwargs) -> None:
    """Tags set, added or removed: the scenarios' search text follows."""
    if action not in ("post_add", "post_remove", "post_clear") or (reverse and action == "post_clear"):
        return  # (a tag emptied of its scenarios: Django does not say which ones; tags are never cleared so)
    scenarios = [instance] if not reverse else list(Scenario.objects.filter(pk__in=kwargs.get("pk_set") or []))
    for scenario in scenarios:
        text = searchable(scenario.title, scenario.description, [t.name for t in scenario.tags.all()])
        Scenario.objects.filter(pk=scenario.pk).update(search_text=text)
        scenario.search_text = text


def scenarios_changed(**kwargs) -> None:
    """Rule pages cache the scenarios citing them (``rules_ref.views``): a new version shows a save or
    a deletion at once on this worker; other workers notice within their short cache delay."""
    try:
        cache.incr("scenarios-version")
    except ValueError:
        cache.set("scenarios-version", 1, None)


def cited_rules(document: dict, budget: Budget | None = None) -> set[str]:
    """Every rule cited by running the document to its end (or to its first real choice) as the run
    API and the stepper run it (:func:`judge.scenarios.runner.run`: a decision with one legal answer
    played, a run that comes back to a Morning already seen stopped): rule numbers, and the slugs of
    the glossary articles cited by title (the 2v2 article).
    Raises :class:`judge.guard.budget.BudgetExceeded` past ``budget`` (its steps and time)."""
    try:
        out = runner.run(document, "end", budget=budget or Budget())
    except (BudgetExceeded, ENGINE_BUDGET_EXCEEDED):
        raise
    except Exception:  # an engine bug must not lose the judge's save: record it, cite nothing
        logger.exception("engine failed while running a checked scenario")
        return set()
    cited = {number for entry in out["log"] for number in entry["rules"]}
    cited |= {article["slug"] for entry in out["log"] for article in entry.get("articles", []) if article["slug"]}
    return cited


class ScenarioRevision(models.Model):
    """One saved version of a scenario: the history that export/import carries along."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    editor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    saved_at = models.DateTimeField(default=timezone.now)
    title = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    tags = models.JSONField(default=list)
    visibility = models.CharField(max_length=10)
    document = models.JSONField()

    class Meta:
        db_table = "judge_scenariorevision"
        ordering = ["scenario", "number"]
        constraints = [models.UniqueConstraint(fields=["scenario", "number"], name="unique_revision_number")]


class ScenarioCitation(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="citations")
    ruleset = models.CharField(max_length=50)
    number = models.CharField(max_length=40)

    class Meta:
        db_table = "judge_scenariocitation"
        indexes = [models.Index(fields=["ruleset", "number"], name="judge_scena_ruleset_e460c1_idx")]
        constraints = [
            models.UniqueConstraint(fields=["scenario", "ruleset", "number"], name="unique_scenario_citation")
        ]


m2m_changed.connect(tags_changed, sender=Scenario.tags.through, weak=False)
post_delete.connect(lambda **kwargs: transaction.on_commit(scenarios_changed), sender=Scenario, weak=False)
