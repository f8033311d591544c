"""The training API's serializers: an exercise as a trainee sees it, answers, series, progress, themes."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from judge.scenarios.models import Scenario

from .models import Exercise
from .questions import ExerciseError
from .series import MAX_SERIES, SERIES_SIZES


class OptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()


class ExerciseSerializer(serializers.ModelSerializer):
    """An exercise as a trainee sees it; ``answer`` only for those who may edit it."""

    scenario = serializers.SlugRelatedField(slug_field="uuid", queryset=Scenario.objects.all())
    scenario_title = serializers.CharField(source="scenario.title", read_only=True)
    author = serializers.CharField(source="author.username", read_only=True)
    prompt = serializers.SerializerMethodField()
    options = serializers.SerializerMethodField()
    answer = serializers.SerializerMethodField()
    tags = serializers.SerializerMethodField()
    rule = serializers.CharField(
        source="chosen_rule", required=False, allow_blank=True, max_length=40,
        help_text="La règle visée, parmi celles que le moteur cite à cette étape (vide : la première).")
    decisive_rule = serializers.CharField(source="rule", read_only=True)
    author_difficulty = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=3)

    class Meta:
        model = Exercise
        fields = ["uuid", "scenario", "scenario_title", "steps", "kind", "focus", "rule", "decisive_rule",
                  "section", "difficulty", "author_difficulty", "explanation", "prompt", "options", "answer",
                  "tags", "author", "created", "updated"]
        read_only_fields = ["uuid", "section", "difficulty", "author", "created", "updated"]

    def get_prompt(self, obj: Exercise) -> str:
        return obj.question.get("prompt", "")

    @extend_schema_field(OptionSerializer(many=True))
    def get_options(self, obj: Exercise) -> list[dict]:
        return obj.question.get("options", [])

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_answer(self, obj: Exercise) -> str | None:
        request = self.context.get("request")
        return obj.answer if request is not None and obj.can_edit(request.user) else None

    def get_tags(self, obj: Exercise) -> list[str]:
        return [t.name for t in obj.scenario.tags.all()]

    def validate_scenario(self, scenario: Scenario) -> Scenario:
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if not Scenario.objects.readable_by(user).filter(pk=scenario.pk).exists() or not scenario.can_edit(user):
            raise serializers.ValidationError("Seul l'auteur du scénario (ou l'équipe) peut en faire un exercice.")
        if scenario.problems:
            raise serializers.ValidationError("Ce scénario a des problèmes : le moteur ne peut pas le dérouler.")
        return scenario

    def validate(self, attrs):
        exercise = Exercise(**{**self._current(), **attrs})
        try:
            exercise.rebuild()
        except ExerciseError as exc:
            raise serializers.ValidationError({"steps": [f"Impossible de poser cette question : {exc}."]}) from None
        attrs["_built"] = exercise
        return attrs

    def _current(self) -> dict:
        if self.instance is None:
            return {}
        names = ("scenario", "steps", "kind", "focus", "chosen_rule", "explanation", "author_difficulty")
        return {name: getattr(self.instance, name) for name in names}

    def create(self, validated_data):
        built = validated_data.pop("_built")
        built.author = self.context["request"].user
        built.save()
        return built

    def update(self, instance, validated_data):
        built = validated_data.pop("_built")
        for name in ("scenario", "steps", "kind", "focus", "chosen_rule", "explanation", "author_difficulty",
                     "question", "answer", "rule", "section", "difficulty", "built_from"):
            setattr(instance, name, getattr(built, name))
        instance.save()
        return instance


class AnswerRequestSerializer(serializers.Serializer):
    chosen = serializers.CharField(max_length=120, help_text="La clé de l'option choisie.")


class SeriesScoreSerializer(serializers.Serializer):
    id = serializers.CharField()
    total = serializers.IntegerField()
    answered = serializers.IntegerField()
    right = serializers.IntegerField()
    finished = serializers.BooleanField()


class AnswerResultSerializer(serializers.Serializer):
    correct = serializers.BooleanField()
    chosen = serializers.CharField()
    answer = serializers.CharField()
    answer_label = serializers.CharField()
    explanation = serializers.CharField(allow_blank=True)
    rule = serializers.CharField(allow_blank=True)
    section = serializers.CharField(allow_blank=True)
    steps = serializers.IntegerField(help_text="La position de l'exercice : le journal montre l'étape suivante.")
    log = serializers.ListField(child=serializers.DictField(), help_text="Les entrées du journal de cette étape.")
    series = SeriesScoreSerializer(allow_null=True)


class SeriesRequestSerializer(serializers.Serializer):
    section = serializers.CharField(required=False, allow_blank=True, default="", help_text="Section des règles, par ex. 2.4.")
    tag = serializers.CharField(required=False, allow_blank=True, default="", help_text="Étiquette (slug) des scénarios.")
    difficulty = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=3, default=None)
    count = serializers.IntegerField(required=False, min_value=1, max_value=MAX_SERIES, default=SERIES_SIZES[0])


class SeriesSerializer(SeriesScoreSerializer):
    exercises = ExerciseSerializer(many=True)


class ProgressRowSerializer(serializers.Serializer):
    section = serializers.CharField()
    label = serializers.CharField()
    answered = serializers.IntegerField()
    right = serializers.IntegerField()


class ProgressSerializer(serializers.Serializer):
    signed_in = serializers.BooleanField()
    answered = serializers.IntegerField()
    right = serializers.IntegerField()
    sections = ProgressRowSerializer(many=True)


class ThemeSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    count = serializers.IntegerField()


class ThemesSerializer(serializers.Serializer):
    sections = ThemeSerializer(many=True)
    tags = ThemeSerializer(many=True)
