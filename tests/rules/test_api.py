"""The rules API and the search command line."""

import io
import json

import pytest
from django.core.management import call_command


def test_rule_list_filters_by_ruleset_and_section(client, rules):
    data = client.get("/api/rules/?ruleset=fr-1&section=2.4.6&limit=100").json()
    assert [r["number"] for r in data["results"]] == ["2.4.6"] + [f"2.4.6.{x}" for x in "abcdef"]
    assert data["count"] == 7


def test_rule_detail(client, rules):
    data = client.get("/api/rules/fr-1/4.2.5.c/").json()
    assert data["number"] == "4.2.5.c" and data["parent"] == "4.2.5" and data["cites"] == ["6.1.g"]
    assert data["remarks"][0].startswith("Le premier joueur doit")
    assert client.get("/api/rules/fr-1/9.9/").status_code == 404
    article = client.get("/api/rules/fr-1/card-advantage/").json()
    assert article["number"] is None and article["kind"] == "article"


def test_search_api_returns_ranked_results(client, rules):
    data = client.get("/api/search/", {"q": "fugace"}).json()
    first = data["results"][0]
    assert set(first) >= {"number", "title", "text", "snippet", "score", "url"}
    assert first["number"] == "2.4.6" and first["url"] == "/regles/fr-1/2.4.6/"
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)


def test_search_api_says_what_stands_for_a_missing_number(client, rules):
    data = client.get("/api/search/", {"q": "2.4.6.z"}).json()
    assert (data["missing_number"], data["parent"], data["nearest"]) == ("2.4.6.z", "2.4.6", "2.4.6.f")
    assert data["cited_by"] == [] and [r["number"] for r in data["results"][:2]] == ["2.4.6", "2.4.6.f"]
    # 4.2.5.c's remark cites 6.1.g, which the French text lacks
    data = client.get("/api/search/", {"q": "6.1.g"}).json()
    assert data["missing_number"] == "6.1.g" and data["cited_by"] == ["4.2.5.c"]
    # an existing number: nothing stands in for it
    data = client.get("/api/search/", {"q": "2.4.6.c"}).json()
    assert (data["missing_number"], data["parent"], data["nearest"], data["cited_by"]) == (None, None, None, [])


def test_search_api_says_which_words_it_read_in_the_vocabulary(client, rules):
    data = client.get("/api/search/", {"q": "bibli"}).json()
    assert data["vocabulary"] == [{"typed": "bibli", "means": "deck"}]
    # the Deck's heading has no text of its own: the rule defining it first (« Le Deck est … »)
    assert [r["number"] for r in data["results"][:2]] == ["3.2.2.a", "3.2.2"]
    assert client.get("/api/search/", {"q": "fugace"}).json()["vocabulary"] == []


def test_search_api_article_has_null_number(client, rules):
    data = client.get("/api/search/", {"q": "card advantage"}).json()
    assert data["results"][0]["number"] is None


@pytest.mark.parametrize("q", ['"AND OR (', "x" * 2000, "?!.;"])
def test_search_api_bad_queries(client, rules, q):
    response = client.get("/api/search/", {"q": q})
    assert response.status_code == 200


def test_search_api_refuses_bad_limit(client, rules):
    response = client.get("/api/search/", {"q": "fugace", "limit": "abc"})
    assert response.status_code == 400 and "limit" in response.json()


def test_schema_and_docs(client, rules):
    assert client.get("/api/schema/").status_code == 200
    assert b"swagger" in client.get("/api/docs/").content.lower()


def test_search_rules_command_json(rules):
    out = io.StringIO()
    call_command("search_rules", "2.4.6.c", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert rows[0]["number"] == "2.4.6.c"


def test_search_rules_command_reads_stdin(rules, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("fugace\n4.2.5\n\n"))
    out = io.StringIO()
    call_command("search_rules", "-", "--json", stdout=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    assert json.loads(lines[0])[0]["number"] == "2.4.6"
    assert json.loads(lines[1])[0]["number"] == "4.2.5"
    assert json.loads(lines[2]) == []


def test_search_api_shape_is_the_documented_serializer(client, rules):
    from rules_ref.search import search
    from rules_ref.serializers import SearchResultsSerializer

    for q in ("fugase", "4.2.5", "9.9.9", "card advantage", "2.4.6.z", "6.1.g", "bibli", "main max"):
        documented = SearchResultsSerializer(search(q)).data
        assert client.get("/api/search/", {"q": q}).json() == json.loads(json.dumps(documented))


def test_suggest_api_shape_is_the_documented_serializer(client, rules):
    from rules_ref.search import suggest
    from rules_ref.serializers import SearchHitSerializer

    for q in ("fuga", "flee", "3.2.9 f", "zzqx"):
        documented = SearchHitSerializer(suggest(q, limit=10), many=True).data
        assert client.get("/api/suggest/", {"q": q}).json() == json.loads(json.dumps(documented))
