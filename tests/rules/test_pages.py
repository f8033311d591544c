"""The rules pages: home, results, rule page, table of contents, glossary, attribution."""
import pytest

ATTRIBUTION = "CC BY-NC 4.0"


@pytest.mark.parametrize("url", ["/", "/recherche/?q=fugace", "/regles/", "/regles/fr-1/2.4.6.c/",
                                 "/regles/fr-1/glossaire/card-advantage/", "/recherche/?q=zzzz"])
def test_every_page_credits_the_translators(client, rules, url):
    response = client.get(url)
    assert response.status_code == 200
    assert ATTRIBUTION in response.content.decode() and "Les Hauts Plateaux" in response.content.decode()


def test_default_ruleset_permalink_redirects(client, rules):
    response = client.get("/regles/2.4.6.c/")
    assert response.status_code == 302 and response["Location"] == "/regles/fr-1/2.4.6.c/"


def test_rule_page_breadcrumb_children_prev_next_and_citation(client, rules):
    html = client.get("/regles/fr-1/4.2.5/").content.decode()
    assert '<span class="implicit" title="Niveau absent du texte source">4.2</span>' in html
    for child in ("4.2.5.a", "4.2.5.b", "4.2.5.c", "4.2.5.d"):
        assert f'href="/regles/fr-1/{child}/"' in html
    html = client.get("/regles/fr-1/2.4.6.c/").content.decode()
    assert 'data-citation="Règle 2.4.6.c (fr-1)"' in html
    assert 'rel="prev" href="/regles/fr-1/2.4.6.b/"' in html and 'rel="next" href="/regles/fr-1/2.4.6.d/"' in html


def test_cited_rules_are_links_and_missing_ones_are_marked(client, rules):
    html = client.get("/regles/fr-1/2.1.c/").content.decode()
    assert '<a class="cite" href="/regles/fr-1/2.1.e/">2.1.e</a>' in html
    html = client.get("/regles/fr-1/4.2.5.c/").content.decode()
    assert 'class="cite missing"' in html and 'href="/regles/fr-1/6.1.g/"' not in html


def test_cited_by_backlinks(client, rules):
    html = client.get("/regles/fr-1/2.1.e/").content.decode()
    assert "Citée par" in html
    assert 'href="/regles/fr-1/2.1.c/"' in html and 'href="/regles/fr-1/2.1.f/"' in html


def test_lost_icons_are_said_not_invented(client, rules):
    assert "icônes, perdues" in client.get("/regles/fr-1/1.1.6.h/").content.decode()
    assert "icônes, perdues" not in client.get("/regles/fr-1/2.4.6.c/").content.decode()


def test_missing_rule_is_404(client, rules):
    assert client.get("/regles/fr-1/9.9.9/").status_code == 404
    assert client.get("/regles/xx-9/2.5/").status_code == 404


def test_results_page_shows_snippets_corrections_and_missing_numbers(client, rules):
    html = client.get("/recherche/?q=fugase").content.decode()
    assert "Résultats pour « <strong>fugace</strong> »" in html and "<mark" in html
    html = client.get("/recherche/?q=4.2.5.z").content.decode()
    assert "n'existe pas" in html and 'href="/regles/fr-1/4.2.5/"' in html


def test_query_text_is_escaped(client, rules):
    html = client.get("/recherche/?q=<script>alert(1)</script>").content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def test_table_of_contents_and_glossary(client, rules):
    html = client.get("/regles/").content.decode()
    assert 'href="/regles/fr-1/glossaire/multijoueur-2v2-mode-de-jeu/"' in html
    assert html.count('href="/regles/fr-1/') >= 200
    html = client.get("/regles/fr-1/glossaire/multijoueur-2v2-mode-de-jeu/").content.decode()
    assert "<h3>Conditions de victoire</h3>" in html
