from rest_framework import serializers

from .models import Rule


class RuleSerializer(serializers.ModelSerializer):
    ruleset = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    parent = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    cites = serializers.SerializerMethodField()
    official = serializers.SerializerMethodField(
        help_text="Règles officielles (EN) : paragraphes et verdict pour cr-3.0 et cr-5.0, changed, note ; null sans correspondance."
    )

    class Meta:
        model = Rule
        fields = [
            "ruleset",
            "number",
            "slug",
            "kind",
            "title",
            "text",
            "items",
            "remarks",
            "starred",
            "parent",
            "order",
            "url",
            "cites",
            "official",
        ]

    def get_parent(self, rule: Rule) -> str | None:
        parent = rule.parent
        return parent.number if parent is not None else None

    def get_url(self, rule: Rule) -> str:
        return rule.get_absolute_url()

    def get_cites(self, rule: Rule) -> list[str]:
        return [c.number for c in rule.citations.all()]

    def get_official(self, rule: Rule) -> dict | None:
        from .concordance import as_data

        try:
            return as_data(rule.concordance)
        except Rule.concordance.RelatedObjectDoesNotExist:
            return None


class SearchHitSerializer(serializers.Serializer):
    number = serializers.CharField(allow_null=True, help_text="Numéro de la règle ; null pour un article du glossaire.")
    slug = serializers.CharField()
    kind = serializers.CharField()
    title = serializers.CharField()
    text = serializers.CharField()
    snippet = serializers.CharField(help_text="HTML : texte échappé, mots trouvés entre <mark>.")
    score = serializers.FloatField()
    url = serializers.CharField()


class VocabularyUsageSerializer(serializers.Serializer):
    """A word of the query read through the judges' and players' vocabulary (``bibli`` → Deck)."""

    typed = serializers.CharField(help_text="Les mots tels que tapés (« bibli »).")
    means = serializers.CharField(help_text="Les mots des règles cherchés à leur place (« deck »).")

    def to_representation(self, instance):
        typed, means = instance
        return {"typed": typed, "means": means}


class SituationSerializer(serializers.Serializer):
    """A circumstance the query tells, from the judge's situation index, and the rule that decides it."""

    rule = serializers.CharField(help_text="La règle qui tranche le cas (« 3.2.2.d »).")
    case = serializers.CharField(help_text="Le cas dit avec les mots d'un juge.")


class SearchResultsSerializer(serializers.Serializer):
    query = serializers.CharField()
    kind = serializers.ChoiceField(choices=["number", "keywords", "empty", "official"])
    corrected = serializers.CharField(allow_null=True)
    suggestion = serializers.CharField(allow_null=True)
    missing_number = serializers.CharField(allow_null=True)
    cited_by = serializers.ListField(
        child=serializers.CharField(),
        help_text="Pour un numéro absent : les règles qui le citent (« 6.1.g » → 4.2.5.c) ; sinon vide.",
    )
    parent = serializers.CharField(
        allow_null=True, help_text="Pour un numéro absent : sa section existante la plus proche (« 2.4.6.z » → 2.4.6)."
    )
    nearest = serializers.CharField(
        allow_null=True, help_text="Pour un numéro absent : la règle existante la plus proche à son niveau (→ 2.4.6.f)."
    )
    vocabulary = VocabularyUsageSerializer(
        many=True,
        help_text="Mots lus dans le vocabulaire des juges et des joueurs (lexique), dans l'ordre de la requête.",
    )
    situations = SituationSerializer(
        many=True,
        required=False,
        help_text="Situations de l'index du juge que la requête raconte, avec la règle qui tranche chacune, "
        "dans l'ordre des résultats (au plus trois).",
    )
    official = serializers.DictField(
        required=False, help_text="Seulement pour kind « official » (« cr5 4.2.5.d ») : version, number, exact, notice."
    )
    results = SearchHitSerializer(many=True, source="hits")
