from rest_framework import serializers

import engine

from . import runner
from .models import Scenario
from .runner import UNTIL


class TagsField(serializers.ListField):
    """Tags by name: written as a list of strings, read from the scenario's Tag rows."""

    child = serializers.CharField(max_length=60)

    def to_representation(self, value):
        return [tag.name for tag in value.all()]


def _user(field: serializers.Field):
    request = field.context.get("request")
    return getattr(request, "user", None)


class ScenarioField(serializers.SlugRelatedField):
    """A scenario by uuid, scoped to the caller: accepts only what they may read (a scenario they
    cannot read and a made-up uuid get the same answer: no existence oracle), offers in HTML forms
    only what they would see listed, and shows a linked scenario's uuid only to those who see it
    listed or may edit the scenario holding the link (a link-shared uuid is not handed out)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("slug_field", "uuid")
        kwargs.setdefault("queryset", Scenario.objects.none())
        super().__init__(**kwargs)

    def get_queryset(self):
        return Scenario.objects.readable_by(_user(self))

    def get_choices(self, cutoff=None):
        queryset = Scenario.objects.visible_to(_user(self)).only("uuid", "title")
        if cutoff is not None:
            queryset = queryset[:cutoff]
        return {str(item.uuid): self.display_value(item) for item in queryset}

    def get_attribute(self, instance):
        linked = super().get_attribute(instance)
        user = _user(self)
        if linked is not None and not linked.is_listed_for(user) and not instance.can_edit(user):
            return None
        return linked


class ScenarioSerializer(serializers.ModelSerializer):
    author = serializers.CharField(source="author.username", read_only=True)
    tags = TagsField(required=False, max_length=20)
    url = serializers.CharField(source="get_absolute_url", read_only=True)
    forked_from = ScenarioField(required=False, allow_null=True)
    draft = serializers.BooleanField(
        write_only=True,
        required=False,
        default=False,
        help_text="Enregistrer un brouillon même si le plateau a des problèmes (reste privé).",
    )

    class Meta:
        model = Scenario
        fields = [
            "uuid",
            "title",
            "description",
            "tags",
            "visibility",
            "document",
            "problems",
            "author",
            "created",
            "updated",
            "url",
            "source",
            "forked_from",
            "draft",
            "version",
        ]
        read_only_fields = ["uuid", "problems", "author", "created", "updated", "source", "version"]

    def validate_document(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError("Le document doit être un objet JSON (format arbitre-scenario/1).")
        return value

    def validate(self, attrs):
        document = attrs.get("document", getattr(self.instance, "document", None))
        draft = attrs.pop("draft", False)
        problems = engine.check(document)
        visibility = attrs.get("visibility", getattr(self.instance, "visibility", Scenario.Visibility.PRIVATE))
        if problems and not draft:
            raise serializers.ValidationError({"document": problems})
        if problems and visibility != Scenario.Visibility.PRIVATE:
            raise serializers.ValidationError(
                {"visibility": ["Un brouillon qui a des problèmes reste privé : corrigez-le avant de le partager."]}
            )
        return attrs

    # No transaction here: save_document runs the engine first, then writes in its own transaction.
    def create(self, validated_data):
        tags = validated_data.pop("tags", [])
        validated_data.pop("expected_version", None)
        budget = validated_data.pop("budget", None)
        scenario = Scenario(**validated_data)
        scenario.save_document(tags=tags, editor=self._editor(), budget=budget)
        return scenario

    def update(self, instance, validated_data):
        # A PATCH changes what it names; the rest is the stored row's at the time of writing.
        fields = set(validated_data) - {"tags", "expected_version", "budget"} if self.partial else None
        tags = validated_data.pop("tags", None)
        expected = validated_data.pop("expected_version", None)
        budget = validated_data.pop("budget", None)
        for key, value in validated_data.items():
            setattr(instance, key, value)
        instance.save_document(
            tags=tags, editor=self._editor(), expected_version=expected, budget=budget, fields=fields
        )
        return instance

    def _editor(self):
        request = self.context.get("request")
        user = getattr(request, "user", None)
        return user if user is not None and user.is_authenticated else None


class ScenarioSummarySerializer(ScenarioSerializer):
    """A scenario in the API's list: no document nor problems (a document may be 500 KB, and a page
    lists 50), but whether it plays and the rule set it is played by; ``url`` and the detail
    (``GET /api/scenarios/<uuid>/``) give the rest."""

    playable = serializers.BooleanField(read_only=True)
    rules = serializers.CharField(source="ruleset", read_only=True)

    class Meta(ScenarioSerializer.Meta):
        fields = [f for f in ScenarioSerializer.Meta.fields if f not in ("document", "problems", "draft")]
        fields += ["playable", "rules"]


class RunRequestSerializer(serializers.Serializer):
    until = serializers.ChoiceField(choices=UNTIL, default="end")
    decisions = serializers.ListField(child=serializers.DictField(), required=False, default=list)
    steps = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=5000, default=None)
    adapt = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Les décisions viennent de l'autre jeu de règles : traduites là où les deux posent le même "
        "choix autrement (cibles d'un Sort), le déroulé s'arrête là où elles divergent (« diverged »).",
    )
    at_day = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=1000, default=None)
    at_phase = serializers.ChoiceField(
        choices=["setup", "morning", "noon", "afternoon", "dusk", "night"],
        required=False,
        allow_null=True,
        default=None,
        help_text="Avec at_day : s'arrêter avant la première étape qui dépasse ce moment de la partie.",
    )


class DocumentRunRequestSerializer(RunRequestSerializer):
    document = serializers.JSONField()


class CheckRequestSerializer(serializers.Serializer):
    document = serializers.JSONField()


class ProblemSerializer(serializers.Serializer):
    path = serializers.CharField()
    message = serializers.CharField()
    code = serializers.CharField(required=False)  # the problem's kind (engine/scenario/problems.py)
    rules = serializers.ListField(child=serializers.CharField(), required=False)  # in the document's rule set


class ProblemsSerializer(serializers.Serializer):
    problems = ProblemSerializer(many=True)


class RunOutputSerializer(serializers.Serializer):
    state = serializers.DictField()
    log = serializers.ListField(child=serializers.DictField())
    pending = serializers.DictField(allow_null=True)
    winner = serializers.CharField(allow_null=True)
    steps = serializers.IntegerField()
    last = serializers.ListField(child=serializers.IntegerField())
    legal_decisions = serializers.ListField(child=serializers.DictField())


class StepRequestSerializer(serializers.Serializer):
    """The stepper: either land at a position (``scenario`` or ``document``, ``steps``, ``decisions``:
    replayed once) or go on from ``state`` (a previous answer's state) by ``action``."""

    state = serializers.JSONField(
        required=False, help_text="L'état d'où repartir (document de scénario avec `progress`)."
    )
    action = serializers.ChoiceField(choices=runner.STEP_ACTIONS, default="step")
    decision = serializers.DictField(required=False, allow_null=True, default=None)
    scenario = serializers.UUIDField(required=False, allow_null=True, default=None)
    document = serializers.JSONField(required=False)
    decisions = serializers.ListField(child=serializers.DictField(), required=False, default=list, max_length=2000)
    steps = serializers.IntegerField(required=False, min_value=0, max_value=1_000_000, default=0)
    seq = serializers.IntegerField(required=False, min_value=0, max_value=100_000_000, default=0)
    hold = serializers.BooleanField(
        required=False,
        default=False,
        help_text="En arrivant à une étape : la montrer jusqu'à la fin de sa phase quand elle commence aussi la suivante.",
    )

    def validate(self, attrs):
        sources = [k for k in ("state", "scenario", "document") if attrs.get(k) is not None]
        if len(sources) != 1:
            raise serializers.ValidationError(
                "Donnez exactement l'un de « state » (repartir d'un état), « scenario » ou « document » (aller à une étape)."
            )
        if "state" in sources and not isinstance(attrs["state"], dict):
            raise serializers.ValidationError({"state": "L'état doit être un objet JSON (format arbitre-scenario/1)."})
        return attrs
