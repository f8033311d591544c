"""The training API's serializers: an exercise as a trainee sees it, answers, series, progress, themes."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from judge.scenarios.models import Scenario

from .models import Exercise
from .questions import ExerciseError
from .series import MAX_SERIES, MODES, SERIES_SIZES


class OptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()


#: What a trainee is sent before answering: the question and the board, nothing of the answer (no rule,
#: section, scenario, title, tags, explanation or reading). The rest only to who may edit the exercise.
PUBLIC_FIELDS = ("uuid", "kind", "level", "status", "prompt", "options", "multiple", "board", "cards", "stated")


class ExerciseSerializer(serializers.ModelSerializer):
    """An exercise. A trainee (who may not edit it) gets only :data:`PUBLIC_FIELDS`: nothing that
    states or points to the answer; its author (or staff) gets everything, the answer included."""

    scenario = serializers.SlugRelatedField(slug_field="uuid", queryset=Scenario.objects.all())
    scenario_title = serializers.CharField(source="scenario.title", read_only=True)
    author = serializers.CharField(source="author.username", read_only=True)
    prompt = serializers.SerializerMethodField()
    options = serializers.SerializerMethodField()
    answer = serializers.SerializerMethodField()
    tags = serializers.SerializerMethodField()
    rule = serializers.CharField(
        source="chosen_rule",
        required=False,
        allow_blank=True,
        max_length=40,
        help_text="La règle visée, parmi celles que le moteur cite à cette étape (vide : la première).",
    )
    decisive_rule = serializers.CharField(source="rule", read_only=True)
    author_difficulty = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=3)
    multiple = serializers.BooleanField(read_only=True)
    board = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField()
    stated = serializers.SerializerMethodField()
    exam_only = serializers.BooleanField(
        required=False, help_text="Réservé aux examens (l'équipe seule le fixe) : jamais montré ni corrigé ailleurs."
    )

    class Meta:
        model = Exercise
        fields = [
            "uuid",
            "scenario",
            "scenario_title",
            "steps",
            "kind",
            "focus",
            "rule",
            "decisive_rule",
            "section",
            "difficulty",
            "author_difficulty",
            "level",
            "status",
            "complexity",
            "reading",
            "exam_only",
            "explanation",
            "prompt",
            "options",
            "multiple",
            "board",
            "cards",
            "stated",
            "answer",
            "tags",
            "author",
            "created",
            "updated",
        ]
        read_only_fields = [
            "uuid",
            "section",
            "difficulty",
            "status",
            "complexity",
            "reading",
            "author",
            "created",
            "updated",
        ]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        request = self.context.get("request")
        if request is None or not instance.can_edit(request.user):
            data = {k: v for k, v in data.items() if k in PUBLIC_FIELDS}
        return data

    @extend_schema_field(serializers.DictField())
    def get_board(self, obj: Exercise) -> dict:
        return obj.question.get("board", {})

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_cards(self, obj: Exercise) -> list:
        return obj.question.get("cards", [])

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_stated(self, obj: Exercise) -> list:
        return obj.question.get("stated", [])

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

    def validate_exam_only(self, value: bool) -> bool:
        request = self.context.get("request")
        if not (request is not None and request.user.is_authenticated and request.user.is_staff):
            return self.instance.exam_only if self.instance is not None else False  # only staff set it
        return value

    def validate(self, attrs):
        exam_only = attrs.pop("exam_only", None)
        exercise = Exercise(**{**self._current(), **attrs})
        try:
            exercise.rebuild()
        except ExerciseError as exc:
            raise serializers.ValidationError({"steps": [f"Impossible de poser cette question : {exc}."]}) from None
        attrs["_built"] = exercise
        if exam_only and exercise.scenario.visibility != Scenario.Visibility.PRIVATE:
            raise serializers.ValidationError(
                {
                    "exam_only": [
                        "Une question réservée aux examens vient d'un scénario privé : un scénario public ou "
                        "partagé par lien se déroule pas à pas par qui le lit, et la réponse avec."
                    ]
                }
            )
        if exam_only is not None:
            attrs["_exam_only"] = exam_only
        return attrs

    def _current(self) -> dict:
        if self.instance is None:
            return {}
        names = ("scenario", "steps", "kind", "focus", "chosen_rule", "explanation", "author_difficulty", "level")
        return {name: getattr(self.instance, name) for name in names}

    def create(self, validated_data):
        built = validated_data.pop("_built")
        built.exam_only = validated_data.pop("_exam_only", False)
        built.author = self.context["request"].user
        built.save()
        return built

    def update(self, instance, validated_data):
        built = validated_data.pop("_built")
        changed = any(getattr(instance, n) != getattr(built, n) for n in ("scenario_id", *Exercise.QUESTION_FIELDS))
        for name in ("scenario", *Exercise.BUILT_FIELDS):
            setattr(instance, name, getattr(built, name))
        if "_exam_only" in validated_data:
            instance.exam_only = validated_data.pop("_exam_only")
        if changed and instance.status != Exercise.Status.DRAFT:
            # What was reviewed is no longer what is asked: reviewed again before it is published again.
            instance.status, instance.reviewer = Exercise.Status.DRAFT, None
        instance.save()
        return instance


class AnswerRequestSerializer(serializers.Serializer):
    chosen = serializers.CharField(
        max_length=240, help_text="La clé de l'option choisie (plusieurs : séparées par des virgules)."
    )


class SectionScoreSerializer(serializers.Serializer):
    section = serializers.CharField()
    label = serializers.CharField()
    total = serializers.IntegerField()
    right = serializers.IntegerField()


class UnfilledSerializer(serializers.Serializer):
    section = serializers.CharField()
    label = serializers.CharField()
    wanted = serializers.IntegerField()
    available = serializers.IntegerField()


class SeriesScoreSerializer(serializers.Serializer):
    id = serializers.CharField()
    mode = serializers.ChoiceField(choices=MODES)
    total = serializers.IntegerField()
    answered = serializers.IntegerField()
    right = serializers.IntegerField(allow_null=True, help_text="Nul pendant un examen.")
    finished = serializers.BooleanField()
    time_left = serializers.IntegerField(allow_null=True, help_text="Secondes restantes (examen).")
    template = serializers.CharField(required=False, help_text="Examen : le nom de son modèle.")
    pass_mark = serializers.FloatField(required=False, help_text="Examen : le seuil de son modèle.")
    passed = serializers.BooleanField(required=False)
    sections = SectionScoreSerializer(many=True, required=False)
    unfilled = UnfilledSerializer(
        many=True, required=False, help_text="Examen : les sections du modèle que la banque ne remplit pas."
    )


class ExamAnswerSerializer(serializers.Serializer):
    recorded = serializers.BooleanField()
    series = SeriesScoreSerializer()


class RuleQuoteSerializer(serializers.Serializer):
    number = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    text = serializers.CharField(allow_blank=True)
    items = serializers.ListField(child=serializers.CharField())
    remarks = serializers.ListField(child=serializers.CharField())


class MisreadingSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    why = serializers.CharField(help_text="Ce que lit mal qui choisit cette réponse, selon le texte des règles.")


class AnswerKeySerializer(serializers.Serializer):
    """The answer and what explains it: shown after answering (at the end of an exam)."""

    correct = serializers.BooleanField()
    answer = serializers.CharField()
    answer_label = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)
    section = serializers.CharField(allow_blank=True)
    explanation = serializers.CharField(allow_blank=True)
    reading = serializers.CharField(allow_blank=True, help_text="La lecture du moteur sur laquelle repose la réponse.")
    rule_quote = RuleQuoteSerializer(allow_null=True, help_text="La règle qui décide, citée en entier.")
    misreadings = MisreadingSerializer(many=True)


class AnswerResultSerializer(AnswerKeySerializer):
    counted = serializers.BooleanField(
        help_text="Faux quand ce n'est pas votre première réponse : seule la première compte."
    )
    chosen = serializers.CharField()
    steps = serializers.IntegerField(help_text="La position de l'exercice : le journal montre l'étape suivante.")
    log = serializers.ListField(child=serializers.DictField(), help_text="Les entrées du journal de cette étape.")
    after = serializers.DictField(allow_null=True, help_text="Le plateau après l'étape.")
    series = SeriesScoreSerializer(allow_null=True)


class SeriesRequestSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(
        choices=MODES,
        default="practice",
        help_text="practice (correction à chaque question), exam (chronométré, correction à la fin), review (questions manquées à revoir).",
    )
    section = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Section des règles, par ex. 2.4."
    )
    tag = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Étiquette (slug) des scénarios."
    )
    difficulty = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=3, default=None)
    level = serializers.ChoiceField(choices=Exercise.Level.choices, required=False, allow_blank=True, default="")
    count = serializers.IntegerField(required=False, min_value=1, max_value=MAX_SERIES, default=SERIES_SIZES[0])
    template = serializers.SlugField(
        required=False,
        allow_blank=True,
        default="",
        help_text="Examen : le modèle d'examen (fixé par l'équipe : sections, durée, seuil) ; vide : le premier ouvert.",
    )


class CorrectionSerializer(serializers.Serializer):
    """An exam's question after its end; the exam-only pool's answer, rule and explanation stay null."""

    uuid = serializers.CharField()
    prompt = serializers.CharField()
    section = serializers.CharField(allow_blank=True)
    chosen = serializers.CharField(allow_null=True)
    chosen_label = serializers.CharField(allow_null=True)
    correct = serializers.BooleanField()
    exam_only = serializers.BooleanField()
    answer = serializers.CharField(allow_null=True)
    answer_label = serializers.CharField(allow_null=True)
    rule = serializers.CharField(allow_null=True, allow_blank=True)
    explanation = serializers.CharField(allow_null=True, allow_blank=True)
    reading = serializers.CharField(allow_null=True, allow_blank=True)
    rule_quote = RuleQuoteSerializer(allow_null=True)
    misreadings = MisreadingSerializer(many=True)


class SeriesSerializer(SeriesScoreSerializer):
    exercises = ExerciseSerializer(many=True)
    corrections = CorrectionSerializer(many=True, required=False, help_text="Examen terminé : la correction.")


class ReviewRequestSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Exercise.Status.choices)


class WrongOptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    count = serializers.IntegerField()


class StatisticsSerializer(serializers.Serializer):
    answered = serializers.IntegerField(help_text="Premières réponses.")
    right = serializers.IntegerField()
    share_right = serializers.FloatField(allow_null=True)
    wrong = WrongOptionSerializer(many=True, help_text="Les mauvaises réponses choisies, les plus fréquentes d'abord.")
    complexity = serializers.FloatField(
        allow_null=True, help_text="Part de mauvaises premières réponses, mesurée à partir de 20."
    )


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
    review_due = serializers.IntegerField(help_text="Questions manquées à revoir maintenant.")


class ThemeSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    count = serializers.IntegerField()


class ThemesSerializer(serializers.Serializer):
    sections = ThemeSerializer(many=True)
    tags = ThemeSerializer(many=True)
