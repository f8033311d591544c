"""The shapes of the card API's answers, for its OpenAPI schema (the views build plain dicts)."""

from rest_framework import serializers


class SuggestionSerializer(serializers.Serializer):
    reference = serializers.CharField()
    name = serializers.CharField()
    name_fr = serializers.CharField()
    name_en = serializers.CharField()
    rarity = serializers.CharField()
    rarity_fr = serializers.CharField()
    set_code = serializers.CharField()
    faction = serializers.CharField()
    type_fr = serializers.CharField()
    engine_type = serializers.CharField()


class SuggestionsSerializer(serializers.Serializer):
    results = SuggestionSerializer(many=True)


class PrintedAbilitySerializer(serializers.Serializer):
    reference = serializers.CharField()
    element = serializers.ChoiceField(choices=["main", "echo"])
    texts = serializers.DictField(child=serializers.CharField())
    marked = serializers.DictField(child=serializers.CharField())
    parts = serializers.ListField(child=serializers.CharField())
    proposal = serializers.JSONField(allow_null=True, help_text='{"encoding", "source": "pattern"|"confirmed"} or null')


class CardSerializer(SuggestionSerializer):
    url = serializers.CharField()
    card_type = serializers.CharField()
    set_name = serializers.CharField()
    keywords = serializers.ListField(child=serializers.CharField())
    languages = serializers.ListField(child=serializers.CharField())
    card = serializers.JSONField(help_text="the version as a scenario CARD")
    hero = serializers.JSONField(allow_null=True, help_text="a hero version as a PLAYER's hero")
    texts = serializers.JSONField()
    abilities = PrintedAbilitySerializer(many=True)


class ConfirmSerializer(serializers.Serializer):
    reference = serializers.CharField(max_length=80)
    card = serializers.CharField(max_length=80)
    encoding = serializers.JSONField()


class ConfirmedSerializer(serializers.Serializer):
    reference = serializers.CharField()
    encoding = serializers.JSONField()
    cards = serializers.IntegerField(help_text="how many imported versions print this ability")
