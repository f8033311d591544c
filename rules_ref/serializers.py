from rest_framework import serializers

from .models import Rule


class RuleSerializer(serializers.ModelSerializer):
    ruleset = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    parent = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    cites = serializers.SerializerMethodField()

    class Meta:
        model = Rule
        fields = ["ruleset", "number", "slug", "kind", "title", "text", "items", "remarks", "starred",
                  "parent", "order", "url", "cites"]

    def get_parent(self, rule: Rule) -> str | None:
        parent = rule.parent
        return parent.number if parent is not None else None

    def get_url(self, rule: Rule) -> str:
        return rule.get_absolute_url()

    def get_cites(self, rule: Rule) -> list[str]:
        return [c.number for c in rule.citations.all()]


class SearchHitSerializer(serializers.Serializer):
    number = serializers.CharField(allow_null=True, help_text="Numéro de la règle ; null pour un article du glossaire.")
    slug = serializers.CharField()
    kind = serializers.CharField()
    title = serializers.CharField()
    text = serializers.CharField()
    snippet = serializers.CharField(help_text="HTML : texte échappé, mots trouvés entre <mark>.")
    score = serializers.FloatField()
    url = serializers.CharField()


class SearchResultsSerializer(serializers.Serializer):
    query = serializers.CharField()
    kind = serializers.ChoiceField(choices=["number", "keywords", "empty"])
    corrected = serializers.CharField(allow_null=True)
    suggestion = serializers.CharField(allow_null=True)
    missing_number = serializers.CharField(allow_null=True)
    results = SearchHitSerializer(many=True, source="hits")
