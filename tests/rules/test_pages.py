"""The rules pages: home, results, rule page, table of contents, glossary, attribution."""

import html as html_module

import pytest

ATTRIBUTION = "CC BY-NC 4.0"


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/recherche/?q=fugace",
        "/regles/",
        "/regles/fr-1/2.4.6.c/",
        "/regles/fr-1/glossaire/card-advantage/",
        "/recherche/?q=zzzz",
    ],
)
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


def test_lexicon_lists_terms_french_and_english_with_links(client, rules):
    html = client.get("/regles/lexique/").content.decode()
    assert '<tr id="fleeting">' in html
    assert 'href="/regles/fr-1/2.4.6/">2.4.6</a>' in html
    assert 'href="/recherche/?q=Fleeting">Fleeting</a>' in html
    assert 'href="/regles/lexique/"' in client.get("/regles/").content.decode()


def test_rule_page_shows_the_english_term_beside_the_french(client, rules):
    html = client.get("/regles/fr-1/2.4.6/").content.decode()
    assert 'href="/regles/lexique/#fleeting" lang="en">Fleeting</a>' in html
    html = client.get("/regles/fr-1/7.3.16/").content.decode()
    assert ">Resupply</a>" in html


def test_section_page_shows_its_rules_in_full(client, rules):
    html = client.get("/regles/fr-1/4.2.5/").content.decode()
    section = html[html.index('<section class="children">') :]
    assert "Tous les objets non sélectionnés sont défaussés" in section  # 4.2.5.c's text, not only its link
    assert "sont égales à 2" in section  # 4.2.5.d


def test_rule_page_shows_its_section_and_the_rules_beside_it(client, rules):
    html = client.get("/regles/fr-1/4.2.5.c/").content.decode()
    part = html[html.index('<section class="section-of">') :]
    assert 'href="/regles/fr-1/4.2.5/">4.2.5 Nuit</a>' in part
    assert 'href="/regles/fr-1/4.2.5.b/"' in part and 'href="/regles/fr-1/4.2.5.d/"' in part
    assert '<strong aria-current="page">4.2.5.c' in part


def test_source_line_names_the_rule_set_and_credits_it(client, rules):
    html = client.get("/regles/fr-1/2.4.6.c/").content.decode()
    line = html[html.index('<span class="source"') :]
    line = html_module.unescape(line[: line.index("</span>")])
    assert "Règles d'Altered (fr, v1.x) (fr-1)" in line and "Les Hauts Plateaux" in line
    assert ".txt" not in line  # not an import file name


@pytest.mark.parametrize("q, number", [("3.2.9 f", "3.2.9.f"), ("R2.4.6.c", "2.4.6.c"), ("4.1 h", "4.1.h")])
def test_enter_on_a_loose_number_opens_the_rule(client, rules, q, number):
    response = client.get("/recherche/", {"q": q, "go": "1"})
    assert response.status_code == 302 and response["Location"] == f"/regles/fr-1/{number}/"


def test_enter_on_a_missing_number_shows_the_nearest(client, rules):
    response = client.get("/recherche/", {"q": "4.2.5 z", "go": "1"})
    html = response.content.decode()
    assert response.status_code == 200 and "n'existe pas" in html and 'href="/regles/fr-1/4.2.5/"' in html


@pytest.mark.parametrize("url", ["/", "/recherche/?q=fugace", "/regles/", "/regles/fr-1/2.4.6.c/", "/regles/lexique/"])
def test_every_page_has_the_header_search_box_with_suggestions(client, rules, url):
    html = client.get(url).content.decode()
    header = html[html.index('<header class="top">') : html.index("</header>")]
    assert 'class="mini-search"' in header and 'data-suggest-url="/api/suggest/"' in header
    assert 'aria-keyshortcuts="/"' in header and "arbitre/suggest.js" in html


def test_a_rule_without_title_shows_its_section_english_term(client, rules):
    html = client.get("/regles/fr-1/2.4.6.c/").content.decode()
    assert 'lang="en">Fleeting</a>' in html
