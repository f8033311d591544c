"""The search as judges and players type: rule numbers however typed, missing numbers answered with
what stands for them, the players' vocabulary (read by the search, shown on rule pages and in the
lexicon), questions and negation, far typos; and the search package's layers (no import circle)."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

from rules_ref import glossary, search
from rules_ref.search import memory as memory_module
from rules_ref.search import spelling
from rules_ref.search.query import read_words

ROOT = Path(__file__).resolve().parents[2]


def numbers(results, n=5):
    return [h.number or h.slug for h in results.hits[:n]]


@pytest.mark.parametrize(
    "q, number",
    [
        ("2 4 6 c", "2.4.6.c"),
        ("3,2,9,f", "3.2.9.f"),
        ("7-3-18-a", "7.3.18.a"),
        ("4.2.5c)", "4.2.5.c"),
        ("(2.5.i)", "2.5.i"),
        ("art. 3.1.3.f", "3.1.3.f"),
        ("4. 3. b", "4.3.b"),
        ("regle 4,3,e", "4.3.e"),
        ("règle 2.1 e)", "2.1.e"),
        ("7,3,11", "7.3.11"),
        ("3.2.9.b.", "3.2.9.b"),
        ("4.2.5.c ?", "4.2.5.c"),  # asked
        ("42.5.c", "4.2.5.c"),  # a dot slipped: no rule 42, the digits spell one
        ("4.25.c", "4.2.5.c"),
        ("7.310.a", "7.3.10.a"),  # a dot left out: a level of three digits
        ("7 316 b", "7.3.16.b"),
        ("4;2;5;c", "4.2.5.c"),  # any separator, doubled too
        ("4..2.5.c", "4.2.5.c"),
        ('"4.2.5.d"', "4.2.5.d"),  # quoted, as pasted from a message
        ("« 4.1.c »", "4.1.c"),
        ("41c", "4.1.c"),  # two digits and a letter, run together
        ("#4.2.5.c", "4.2.5.c"),  # as tagged in a chat
        ("*2.4.6.c", "2.4.6.c"),
        ("4.2.5.cc", "4.2.5.c"),  # the letter struck twice
    ],
)
def test_a_rule_number_is_read_however_it_is_typed(rules, q, number):
    assert search.parse_number(q) == number
    assert search.search(q).hits[0].number == number


@pytest.mark.parametrize(
    "q, first",
    [
        ("règle 4.2.5c stp", ["4.2.5.c"]),  # its letter attached, among words
        ("4.2.5c et 4.2.5d", ["4.2.5.c", "4.2.5.d"]),
        ("4.2.5.c/4.2.5.d", ["4.2.5.c", "4.2.5.d"]),  # two numbers, a slash between
        ("la 2.4.6.c, fugace", ["2.4.6.c"]),
    ],
)
def test_rule_numbers_among_words_are_read_however_their_letter_is_attached(rules, q, first):
    assert numbers(search.search(q), len(first)) == first


def test_a_number_of_two_parts_followed_by_de_is_a_quantity_not_a_rule(rules):
    """« 2.5 de force » is a statistic with a decimal part (whole numbers only, 1.1.6.a), not rule
    2.5 (counters); « règle 2.5 des jetons » is the rule."""
    assert numbers(search.search("il a 2.5 de force"), 1) == ["1.1.6.a"]
    assert "1.1.6.a" in numbers(search.search("un perso a 1.5 de force"), 3)
    assert numbers(search.search("règle 2.5 des jetons"), 1) == ["2.5"]


@pytest.mark.parametrize("q", ["2v2", "2 a", "deck de 39 cartes", "3 cartes", "2,", "R", "4.2.5 fugace"])
def test_words_with_digits_are_not_rule_numbers(q):
    assert search.parse_number(q) is None


def test_a_missing_number_is_answered_with_its_section_and_nearest_rule(rules):
    results = search.search("2.4.6.z")
    assert results.missing_number == "2.4.6.z"
    assert (results.parent, results.nearest) == ("2.4.6", "2.4.6.f")
    assert numbers(results, 2) == ["2.4.6", "2.4.6.f"]
    # A level of the rule set with no rule at all: the rules on either side of it.
    results = search.search("3.2.4")
    assert results.parent is None and results.nearest == "3.2.3"
    assert numbers(results, 2) == ["3.2.3", "3.2.5"]
    # A level below a letter, which the French text never has: missing, answered by its rule.
    for typed in ("4.2.5.c.1", "4.2.5.c1", "règle 4.2.5.c.ii"):
        results = search.search(typed)
        assert results.missing_number == f"4.2.5.c.{typed[-1] if typed[-1] == '1' else 'ii'}", typed
        assert results.parent == "4.2.5.c" and numbers(results, 1) == ["4.2.5.c"], typed


def test_a_missing_number_other_rules_cite_is_answered_with_them_first(rules):
    # 4.2.5.c's remark cites 6.1.g, which the French text lacks.
    results = search.search("6.1.g")
    assert results.missing_number == "6.1.g" and results.cited_by == ["4.2.5.c"]
    assert numbers(results, 1) == ["4.2.5.c"]


def test_the_results_page_says_what_stands_for_a_missing_number(client, rules):
    html = client.get("/recherche/", {"q": "2.4.6.z"}).content.decode()
    assert "n'existe pas" in html
    assert 'la plus proche : <a href="/regles/fr-1/2.4.6.f/">2.4.6.f</a>' in html
    assert 'sa section <a href="/regles/fr-1/2.4.6/">2.4.6</a>' in html
    html = client.get("/recherche/", {"q": "6.1.g"}).content.decode()
    assert 'la règle <a href="/regles/fr-1/4.2.5.c/">4.2.5.c</a> la cite' in html


@pytest.mark.parametrize(
    "q, first",
    [
        # a heading with no text of its own comes just after the rule defining it (« Le Deck est … »)
        ("bibli", "3.2.2.a"),
        ("cimetière", "3.2.3.a"),
        ("main max", "4.2.5.c"),
        ("tap", "7.1.4.a"),
        ("mulligan", "4.1.j"),
        ("perso endormi", "2.4.3"),
        ("coéquipier", "multijoueur-2v2-mode-de-jeu"),
    ],
)
def test_players_words_find_the_rules_they_mean(rules, q, first):
    results = search.search(q)
    assert numbers(results, 1) == [first]
    assert results.vocabulary or q == "coéquipier"


def test_an_article_comes_first_only_when_the_query_is_about_it(rules):
    # The phases clarification retells 1.3.2.b; the 2v2 article has its own victory conditions.
    assert numbers(search.search("premier joueur au matin"), 1) == ["1.3.2.b"]
    assert numbers(search.search("mode de jeu à quatre joueurs"), 1) == ["multijoueur-2v2-mode-de-jeu"]


def test_the_rule_that_decides_goes_above_the_summary_retelling_it(rules):
    # 1.3.2.f retells 2.4.6.c among the Night's effects; a question about Fugace wants 2.4.6.c.
    hits = numbers(search.search("fugace défaussé au repos"), 3)
    assert "2.4.6.c" in hits[:2] and hits.index("2.4.6.c") < hits.index("4.2.5.b")
    assert numbers(search.search("personnages envoyés en réserve"), 1) == ["4.2.5.b"]


def test_question_words_and_negation_are_read_not_searched(rules):
    reading = read_words("est-ce qu'on ne peut jamais regarder la main adverse ?", memory_module.memory())
    assert reading.negated and not {"jamais", "est", "ce"} & {w.text for w in reading.words}
    reading = read_words("que se passe-t-il si on divise par zéro ?", memory_module.memory())
    assert reading.conditional and "passe" not in {w.text for w in reading.words}
    assert numbers(search.search("que se passe-t-il si on divise par zéro ?"), 1) == ["1.1.6.c"]
    assert numbers(search.search("peut-on saboter sa propre carte ?"), 1) == ["7.3.18.a"]


def test_a_what_if_whose_case_is_negated_asks_for_the_rule_deciding_the_case(rules):
    mem = memory_module.memory()
    # « ne … plus » inside the case: not a question about what is forbidden, and « plus » is no word
    reading = read_words("que se passe-t-il si une expédition ne peut plus avancer ?", mem)
    assert reading.conditional and not reading.negated
    assert "plus" not in {w.text for w in reading.words}
    # 7.3.11.b-d decide the cases of advancing (« Si …, … »); 7.3.11.a only defines Avancer
    hits = numbers(search.search("que se passe-t-il si une expédition ne peut plus avancer ?"), 3)
    assert hits[0] in {"7.3.11.b", "7.3.11.c", "7.3.11.d"}
    # a question that is not a "what if" keeps its negation, and « plus » closing it is still read
    reading = read_words("un joueur qui a passé ne peut-il plus jouer ?", mem)
    assert reading.negated and "plus" not in {w.text for w in reading.words}
    # « plus » the quantity stays a word
    assert "plus" in {w.text for w in read_words("gagner sur plus de statistiques", mem).words}


def test_an_inflection_of_a_synonyms_word_is_not_corrected_into_another_word(rules):
    # « arrivent » (arriver, synonym of entrer) is not « activent »; « sacrifer » is still corrected
    reading = read_words("les expéditions arrivent dans l'arène", memory_module.memory())
    assert reading.corrected is None and "activent" not in {w.text for w in reading.words}
    assert search.search("sacrifer").corrected == "sacrifier"


def test_a_word_only_the_phases_clarification_holds_does_not_make_the_query_about_it(rules):
    # « transféré » is the clarification's way of saying 1.3.2.b's « devient »: the article retells the
    # rules, so its own wording does not outrank them; the 2v2 mode's own words still do
    assert glossary.retelling_articles() == {"clarification-des-phases-d-une-journee"}
    hits = numbers(search.search("premier joueur transféré au matin"), 2)
    assert hits[0] == "1.3.2.b"
    assert numbers(search.search("coéquipier"), 1) == ["multijoueur-2v2-mode-de-jeu"]


@pytest.mark.parametrize(
    "q, first",
    [
        # 1.3.2.e: the icons of the region types are not in the text; « égalité » is the contrary of
        # « strictement supérieure »
        ("égalité en forêt au crépuscule", "1.3.2.e"),
        # 7.3.19.a: « sac » is the players' abbreviation of sacrifier
        ("sac un objet", "7.3.19.a"),
        # 3.2.3.a: « public » is what the rules call visible
        ("la défausse est publique", "3.2.3.a"),
    ],
)
def test_players_abbreviations_and_the_words_for_symbols_find_the_rules(rules, q, first):
    assert first in numbers(search.search(q), 2)


@pytest.mark.parametrize(
    "q, first",
    [
        # 2.1.d: a token leaving the Expedition zone, wherever it goes, ceases to exist
        ("jeton renvoyé dans la main", "2.1.d"),
        # 4.2.5.d: a player without a Hero has limits of 2 (« sans » alone is a negation, read)
        ("limite de réserve sans héros", "4.2.5.d"),
        # 7.3.11.c: the region opposite its home region
        ("expédition dans la région d'en face doit avancer", "7.3.11.c"),
    ],
)
def test_the_circumstances_of_a_situation_point_to_the_rule_that_decides(rules, q, first):
    results = search.search(q)
    assert numbers(results, 1) == [first]
    assert results.vocabulary


def test_a_situation_is_told_without_a_question_and_favours_rules_that_decide_a_case(rules):
    mem = memory_module.memory()
    assert read_words("jeton renvoyé dans la main de son propriétaire", mem).situation
    assert not read_words("que se passe-t-il si un jeton est renvoyé ?", mem).situation
    assert not read_words("carte tumulte", mem).situation  # two words: a topic, not a case
    # a situation's rules count once and may be outweighed by what else the query asks
    results = search.search("combien coûte un personnage joué depuis la réserve")
    assert "2.2.7.a" in numbers(results, 5)


def test_situations_are_in_the_lexicon_but_not_other_names_of_a_rule(client, rules):
    situations = [u for u in glossary.vocabulary() if u.kind == "situation"]
    assert situations and all(u.rules for u in situations)
    assert not [u for u in glossary.usages_for("2.1.d") if u.kind == "situation"]
    html = client.get("/regles/lexique/", {"filtre": "jeton renvoyé"}).content.decode()
    assert "jeton renvoyé" in html and "2.1.d" in html


def test_a_count_in_a_case_told_is_a_circumstance(rules):
    mem = memory_module.memory()
    (count,) = [w for w in read_words("quatre jetons sur un personnage la nuit", mem).words if w.count]
    assert count.text == "quatre"
    # cards counted in a zone with a limit: the vocabulary's « [nombre] cartes en réserve », any count
    for q in ("quatre cartes dans ma réserve la nuit", "j'ai 5 cartes en réserve"):
        reading = read_words(q, mem)
        assert reading.usages and not [w for w in reading.words if w.count]
        assert set(numbers(search.search(q), 3)) & {"3.2.10.a", "4.2.5.c"}
    assert not [w for w in read_words("combien de cartes pioche-t-on ? deux ?", mem).words if w.count]
    # 3.2.2.e (the position still missing) is the follow-up of 3.2.2.d, not pushed out by « trois »
    hits = numbers(search.search("effet sur la cinquième carte d'un deck qui n'en a que trois"), 5)
    assert hits[0] == "3.2.2.d" and "3.2.2.e" in hits


def test_a_follow_up_the_query_is_about_keeps_its_place_above_the_rule_it_continues(rules):
    # what 3.2.2.e adds (the position still missing after the shuffle: the action does nothing) is
    # asked here; a deck merely empty is 3.2.2.d's case, its follow-up below it
    q = "deck vide, défausse vide aussi : l'action sur cette position ne fait rien ?"
    assert numbers(search.search(q), 2) == ["3.2.2.e", "3.2.2.d"]
    assert numbers(search.search("piocher avec un deck vide"), 1) == ["3.2.2.d"]
    # ... and whenever 3.2.2.d answers, its follow-up comes just after it, not three places down
    for q in ("piocher avec un deck vide", "plus une carte dans ma pioche et je dois en prendre deux"):
        assert numbers(search.search(q), 2) == ["3.2.2.d", "3.2.2.e"]


def test_a_hyphenated_compound_is_found_whole(rules):
    mem = memory_module.memory()
    (word,) = [w for w in read_words("après-midi", mem).words]
    assert len(word.parts) == 2
    # 4.1.j says « Midi », not « après-midi »: it no longer counts as holding the word
    assert "4.1.j" not in numbers(search.search("après-midi passer"), 20)
    assert numbers(search.search("après-midi passer"), 1) == ["1.3.2.d"]


def test_a_word_only_articles_hold_marks_the_mode_the_query_is_about(rules):
    # « coéquipier » is only in the 2v2 article, which says one sacrifices only what one controls
    assert numbers(search.search("sacrifier un personnage de mon coéquipier"), 1) == ["multijoueur-2v2-mode-de-jeu"]


def test_a_denial_defines_what_it_denies(rules):
    # 2.1.i « Les jetons ne sont pas des objets »; 2.1.g's subject is longer: not a definition of zones
    assert numbers(search.search("un jeton est-il un objet ?"), 1) == ["2.1.i"]
    assert numbers(search.search("zones cachées"), 1) != ["2.1.g"]
    assert numbers(search.search("token"), 1) == ["2.1.d"]  # the object, not the counter


def test_a_kind_defined_after_a_colon_is_defined_there(rules):
    from rules_ref.search import statements

    # 5.2.3.c « Certains Sorts sont modaux : … » defines modal spells; 5.2.3.d only uses the word
    assert statements.defined("Certains Sorts ont des étapes facultatives : ils contiennent …")
    assert not statements.defined("Lors du choix des cibles pour un Sort modal, considérez le mode.")
    assert numbers(search.search("sort modal"), 1) == ["5.2.3.c"]


def test_a_how_many_question_favours_rules_that_state_a_number(rules):
    mem = memory_module.memory()
    assert read_words("combien de cartes tumulte ?", mem).quantity
    assert not read_words("cartes tumulte", mem).quantity
    assert read_words("cb de cartes tumulte", mem).quantity  # as texted
    assert read_words("pk mon perso revient en réserve", mem).situation is False  # « pk »: a question
    assert numbers(search.search("combien de cartes pioche-t-on au matin ?"), 1) == ["1.3.2.b"]


def test_a_how_many_question_favours_the_rule_counting_what_it_asks_about(rules):
    from rules_ref.search import statements

    # the number a rule states of the query's word answers it: 1.2.3.b « Il existe dix types de
    # zones » counts zones and says how many there are in all; 1.2.3.f « Trois zones sont
    # cachées … le nombre de cartes » holds « nombre » (combien) but counts only the hidden ones
    assert "zon" in statements.counted("Il existe dix types de zones (Aventure, Deck, …).")
    assert "pioch" in statements.counted("chaque joueur pioche six cartes")  # what is drawn
    assert not statements.counted("Les joueurs peuvent connaître le nombre de cartes.")
    assert read_words("combien il y a de zones en tout ?", memory_module.memory()).total
    assert not read_words("combien de zones sont cachées ?", memory_module.memory()).total
    assert read_words("ya combien de zones", memory_module.memory()).total  # as texted
    assert numbers(search.search("combien il y a de zones en tout ?"), 1)[0] in {"1.2.3.b", "3.1.1.c"}
    assert numbers(search.search("le matin du premier jour on pioche combien"), 1) == ["1.3.1.d"]


def test_one_vocabulary_entry_read_into_several_words_names_its_rules_once(rules):
    # « qui commence » → premier joueur au hasard (4.1.g): three words, one entry, one bonus
    assert "2.5.d" in numbers(search.search("héros qui commence avec des jetons"), 5)


@pytest.mark.parametrize(
    "typo, expected", [("rserve", "3.2.10"), ("épusié", "3.2.9.b"), ("mnaa", "3.2.9"), ("sabtoage", "7.3.18")]
)
def test_transposed_letters_are_one_edit(rules, typo, expected):
    assert expected in numbers(search.search(typo), 3)


def test_a_french_word_the_rules_lack_is_not_turned_into_another(rules):
    reading = read_words("mon perso fugace revient de l'expédition", memory_module.memory())
    assert "restent" not in {w.text for w in reading.words}


@pytest.mark.parametrize("q", ["lexique", "glossaire des termes"])
def test_searching_the_glossary_finds_its_page(client, rules, q):
    assert search.search(q).pages and search.search(q).pages[0][1] == "rules_ref:lexicon"
    html = client.get("/recherche/", {"q": q}).content.decode()
    assert '<ul class="site-pages"><li><a href="/regles/lexique/">' in html


def test_the_vocabulary_is_well_formed_and_names_existing_rules(rules):
    from rules_ref.models import Rule

    known = {r.number or r.slug for r in Rule.objects.filter(ruleset__slug="fr-1", implicit=False)}
    entries = glossary.vocabulary()
    assert len(entries) >= 25
    assert set(glossary.vocabulary_sources()) >= {u.source for u in entries}
    for usage in entries:
        assert set(usage.rules) <= known, usage
        assert usage.note and usage.means, usage
    for summary, retold in glossary.summaries().items():
        assert {summary, *retold} <= known
    forms = [glossary.key(w) for u in entries for w in u.words]
    assert len(forms) == len(set(forms)), "a word is listed in two entries"


def test_a_malformed_vocabulary_is_a_clear_error(settings, tmp_path):
    (tmp_path / "fixtures" / "glossary").mkdir(parents=True)
    path = tmp_path / "fixtures" / "glossary" / "vocabulary.json"
    path.write_text(json.dumps({"sources": {"x": "y"}, "entries": [{"words": ["bibli"], "means": "deck"}]}))
    settings.BASE_DIR = tmp_path
    glossary._vocabulary_file.cache_clear()
    glossary.vocabulary.cache_clear()
    try:
        with pytest.raises(glossary.GlossaryError, match=r"vocabulary\.json: entries\[0\]"):
            glossary.vocabulary()
    finally:
        glossary._vocabulary_file.cache_clear()
        glossary.vocabulary.cache_clear()


def test_rule_pages_show_what_players_also_call_them(client, rules):
    html = client.get("/regles/fr-1/3.2.2/").content.decode()
    assert 'class="also-called"' in html and "« bibli »" in html and 'href="/regles/lexique/#mot-bibli"' in html
    assert 'class="also-called"' not in client.get("/regles/fr-1/1.2.1.a/").content.decode()


def test_the_lexicon_lists_the_players_words_with_sources_and_filters(client, rules):
    html = client.get("/regles/lexique/").content.decode()
    assert '<tr id="mot-bibli">' in html and '<tr id="fleeting">' in html
    assert 'id="mots-des-joueurs"' in html and "Magic: The Gathering" in html
    assert '<label for="filtre">' in html
    html = client.get("/regles/lexique/", {"filtre": "BIBLI"}).content.decode()
    assert '<tr id="mot-bibli">' in html and '<tr id="fleeting">' not in html and '<tr id="mot-tape">' not in html
    html = client.get("/regles/lexique/", {"filtre": "<b>zz"}).content.decode()
    assert "<b>zz" not in html and "Aucun mot des joueurs" in html


def _imports(path: Path, package: str) -> set[str]:
    """Modules of ``package`` a module imports at its top level (not inside functions)."""
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.If):  # "if TYPE_CHECKING:" imports only for type hints
            continue
    return {m for m in found if (ROOT / package / f"{m}.py").exists()}


def _cycles(package: str) -> list[list[str]]:
    graph = {p.stem: _imports(p, package) for p in (ROOT / package).glob("*.py") if p.stem != "__init__"}
    cycles, state = [], {}

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                cycles.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return cycles


@pytest.mark.parametrize("package", ["rules_ref/search", "rules_ref"])
def test_modules_import_each_other_without_circles(package):
    assert _cycles(package) == []


def test_no_module_of_the_search_imports_another_late():
    # A late import ("from . import search" inside a function) is how a circle hides.
    for path in (ROOT / "rules_ref" / "search").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.ImportFrom) and n.level >= 1]
                assert not [n for n in inner if n.level == 1], f"{path.name}: {node.name} imports late"


def test_a_situation_names_its_rules_once_whatever_its_words_glossary_terms_add(rules):
    """« jeton renvoyé » reads into words whose glossary terms add their own rules (« jeton »: 2.5);
    the rule the entry names (2.1.d) has the situation's bonus once, as if no word added any."""
    from dataclasses import replace

    from rules_ref.search.ranking import rank

    mem = memory_module.memory()
    reading = read_words("jeton renvoyé dans la main", mem)
    read = [w for w in reading.words if w.implied]
    assert read and all(w.entry == ("2.1.d",) for w in read)
    assert any(w.definers != w.entry for w in read)  # a glossary term added its rules
    bare = [replace(w, definers=w.entry) if w.implied else w for w in reading.words]
    target = mem.by_number[("fr-1", "2.1.d")]
    scores = dict(rank(mem, reading.words, "fr-1", 60, reading=reading))
    bare_scores = dict(rank(mem, bare, "fr-1", 60, reading=reading))
    assert scores[target] == pytest.approx(bare_scores[target])


def test_a_heading_with_text_of_its_own_goes_below_the_rule_that_decides(rules):
    """7.3.19 (Sacrifier) tells what a Sacrifice is and what it is for; 7.3.19.a decides what a
    player who must sacrifice does: the heading retells it, the rule comes first."""
    top = numbers(search.search("sac une carte adverse"), 3)
    assert top[0] == "7.3.19.a"
    assert "7.3.19" in top


def test_a_situations_first_rule_is_what_its_circumstances_decide_first(rules):
    """« sans héros » names 4.2.5.d (limits of 2 without a Hero) first, 4.1.f (hiding the lack of a
    Hero) second: asked about the Reserve, the first comes first, above the Cleaning it modifies."""
    assert numbers(search.search("adversaire sans héros combien de cartes en réserve"), 1) == ["4.2.5.d"]


def test_a_vocabulary_word_means_each_rule_its_entry_names_however_the_rule_says_it(rules):
    # « égalité » reads as « strictement supérieure » (1.3.2.e's words); 4.3.h decides a tie in the
    # tiebreaks in other words, and the tiebreaks told make it first there, not at the Dusk.
    assert numbers(search.search("égalité pendant les départages"), 1) == ["4.3.h"]
    assert numbers(search.search("tiebreak égalité de stats"), 1) == ["4.3.h"]
    assert numbers(search.search("égalité au crépuscule"), 1) == ["1.3.2.e"]


@pytest.mark.parametrize("q", ["pioche vide", "deck out"])
def test_an_empty_deck_is_first_the_draw_rule_then_resupply(rules, q):
    found = numbers(search.search(q), 5)
    assert found[0] == "3.2.2.d" and found.index("3.2.2.d") < found.index("7.3.16.b")


@pytest.mark.parametrize(
    "q, first",
    [
        ("combien de points de vie", "4.3.a"),  # no life points: the expeditions meeting win
        ("personnage gelé", "2.4.3"),  # Hearthstone's Freeze: the nearest status is Asleep
        ("capacité etb", "1.1.6.e"),  # Magic's « enters the battlefield »
        ("top deck", "3.2.2.b"),
        ("un enchantement en jeu", "3.2.7.a"),  # a Permanent in the Landmark zone
        ("priorité après avoir passé", "1.3.2.d"),
        ("tourné pour payer", "3.2.9.f"),  # Lorcana's « exert »: exhausting Mana Orbs to pay
    ],
)
def test_other_card_games_words_find_the_rules_that_decide_them(rules, q, first):
    assert numbers(search.search(q), 1) == [first]
    assert read_words(q, memory_module.memory()).usages, "read through the vocabulary"


def _osa(a: str, b: str) -> int:
    """Optimal string alignment distance written out (the reference the compiled one must match)."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


@pytest.mark.parametrize(
    "a, b", [("epusie", "epuise"), ("rserve", "reserve"), ("ca", "abc"), ("fugase", "fugace"), ("mnaa", "mana")]
)
def test_the_spelling_distance_is_the_optimal_string_alignment(a, b):
    from rules_ref.search.spelling import distance

    assert distance(a, b, 3) == min(_osa(a, b), 4)
    assert distance(a, b, 0) == (0 if a == b else 1)  # past the bound: bound + 1


@pytest.mark.parametrize(
    "a, b", [("epusie", "epuise"), ("rserve", "reserve"), ("ca", "abc"), ("fugase", "fugace"), ("mnaa", "mana")]
)
def test_the_browsers_spelling_distance_without_rapidfuzz_is_the_same(a, b):
    """The browser's Pyodide ships no rapidfuzz: its Python distance must agree with the compiled one."""
    from rules_ref.search.spelling import _distance

    assert _distance(a, b, 3) == min(_osa(a, b), 4)
    assert _distance(a, b, 0) == (0 if a == b else 1)


def test_the_browsers_corrections_without_rapidfuzz_are_the_servers(rules, monkeypatch):
    """Every word of the relevance queries corrected the same way with rapidfuzz hidden, as in Pyodide."""
    from rules_ref.search import spelling

    mem = memory_module.memory()
    words = set()
    for path in (Path(__file__).resolve().parents[2] / "fixtures" / "relevance").glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for row in doc["queries"] if isinstance(doc, dict) else doc:
            words.update(re.findall(r"[a-zà-ÿ]{4,}", row["q"].lower()))
    words = sorted(words)
    server = [(spelling.correct(mem, w), spelling.nearest(mem, w, 2, 10)) for w in words]
    monkeypatch.setattr(spelling, "process", None)
    monkeypatch.setattr(spelling, "OSA", None)
    browser = [(spelling.correct(mem, w), spelling.nearest(mem, w, 2, 10)) for w in words]
    corrected = [w for w, (fix, near) in zip(words, server) if fix or near]
    assert len(words) > 300 and len(corrected) > 100, (len(words), len(corrected))
    assert browser == server


@pytest.mark.parametrize(
    "q, number", [("7316b", "7.3.16.b"), ("246c", "2.4.6.c"), ("3229f", None), ("2024", None), ("100", None)]
)
def test_a_number_typed_without_separators_is_the_rule_it_can_only_be(rules, q, number):
    from rules_ref.search import parse_number

    assert parse_number(q) == number
    if number:
        assert numbers(search.search(q), 1) == [number]


@pytest.mark.parametrize(
    "q, first_two",
    [
        ("ravitailler", ["7.3.16.a", "7.3.16"]),  # « Ravitailler signifie … »
        ("limbo", ["3.2.8.a", "3.2.8"]),  # « Limbo est une zone partagée, visible. »
        ("sabotage", ["7.3.18.a", "7.3.18"]),  # « Saboter signifie … »: the verb defines the noun
        ("défausser ça veut dire quoi", ["7.3.4.a", "7.3.4"]),  # named among other words
    ],
)
def test_a_heading_with_no_text_comes_just_after_the_rule_defining_it(rules, q, first_two):
    assert numbers(search.search(q), 2) == first_two


def test_a_heading_keeps_its_place_when_its_first_rule_defines_only_part_of_its_title(rules):
    # « Une zone est un ensemble … » defines « zone », not « Propriétés des zones »
    assert numbers(search.search("propriétés des zones"), 1) == ["3.1.1"]


@pytest.mark.parametrize(
    "q",
    [
        "mes deux pions sont sur la meme case",  # « cas »: every article says it once or twice
        "les deux doivent jeter des cartes le soir qui annonce d'abord",  # « d'abord »: the 2v2 mode, once
        "il compte combien j'ai de cartes en main il a le droit",  # « le droit »: the 2v2 mode, once
    ],
)
def test_a_word_an_article_says_in_passing_does_not_put_it_first(rules, q):
    assert search.search(q).hits[0].kind != "article"


@pytest.mark.parametrize("q", ["sacrifier un personnage de mon coéquipier", "deck de 39 cartes"])
def test_a_word_an_article_dwells_on_or_a_number_only_it_states_puts_it_first(rules, q):
    assert numbers(search.search(q), 1) == ["multijoueur-2v2-mode-de-jeu"]


@pytest.mark.parametrize("q", ["défausser ça veut dire quoi", "c'est quoi défausser", "que veut dire défausser"])
def test_a_definition_asked_searches_the_word_alone(rules, q):
    # « dire » is in 1.2.4.d's « c'est-à-dire »: a question's phrase, never searched
    assert [w.text for w in read_words(q, memory_module.memory()).words] == ["defausser"]


@pytest.mark.parametrize(
    "q",
    [
        "comment ça marche défausser",
        "défausser c'est normal ?",
        "défausser que dit la règle",
        "défausser ou pas ?",
        "défausser dans Altered",  # every rule is Altered's
    ],
)
def test_what_a_judge_is_asked_around_the_case_is_not_searched(rules, q):
    # « marche », « normal », « règle » are no words of the case (« comment ça marche la stack »
    # found 1.2.4.d, whose abilities « fonctionnent »)
    assert [w.text for w in read_words(q, memory_module.memory()).words] == ["defausser"]


def test_a_typo_in_a_players_word_is_read_as_the_word(rules):
    """The players' words the index does not hold (« cimetière », « mulligan », « pioche » of
    « pioche vide ») are respelled before the vocabulary reads them; a typo'd query reads as the
    query typed right, circumstances and all."""
    mem = memory_module.memory()
    reading = read_words("cimetèire", mem)
    assert reading.corrected == "cimetiere" and numbers(search.search("cimetèire"), 1)[0].startswith("3.2.3")
    assert numbers(search.search("poiche vide"), 1) == numbers(search.search("pioche vide"), 1)
    assert numbers(search.search("mluligan"), 2) == numbers(search.search("mulligan"), 2)
    typed, meant = read_words("tumutle face cahcee", mem), read_words("tumulte face cachée", mem)
    assert [w.text for w in typed.words] == [w.text for w in meant.words]
    assert typed.situation == meant.situation and numbers(search.search("tumutle face cahcee"), 1) == ["7.3.11.b"]
    # another inflection of a players' word is the word (« détapent »: détaper, Magic's untap)
    assert "preparer|redresser" in {w.text for w in read_words("mes persos se détapent quand", mem).words}
    # the nearest plausible word: « dégagr » is « dégager » (a letter left out), not « dégagé » (one changed)
    assert read_words("dégagr ses cartes", mem).corrected == "degager ses cartes"
    # typed as said: « k » for « qu » or « c »
    assert read_words("un jeton ki kitte l'expé", mem).corrected == "un jeton ki quitte l expe"
    assert numbers(search.search("katre cartes en réserve le soir"), 1) == numbers(
        search.search("quatre cartes en réserve le soir"), 1
    )
    # a misspelling the vocabulary lists is not what the page says it searched
    assert read_words("fugase", mem).corrected == "fugace"
    assert read_words("mluligan", mem).corrected == "mulligan"  # the entry's word, not its listed « muligan »
    # a word of its own, one letter changed from a players' word, is left as typed
    assert "manche" not in {w.text for w in read_words("comment marche la réserve", mem).words}
    assert read_words("perso sorti de la réserve", mem).corrected is None


@pytest.mark.parametrize(
    "typed, meant",
    [
        ("plato", "plateau"),  # « o » for « eau »
        ("otant", "autant"),  # « o » for « au », first letter and all
        ("frase", "phrase"),  # « f » for « ph »
        ("efet", "effet"),  # a consonant single for double
    ],
)
def test_a_word_typed_as_said_is_the_word_that_sounds_so(rules, typed, meant):
    """No word is one or two edits away: one spelling of a sound written for another is."""
    reading = read_words(typed, memory_module.memory())
    assert reading.corrected == meant
    assert numbers(search.search(typed), 3) == numbers(search.search(meant), 3)


def test_a_strangers_query_of_unknown_words_tries_few_of_them_as_said(rules, monkeypatch):
    """Trying a word as said stems some 350 variants of it: a query of 300 characters of words no
    edit reaches tries only the first few (:data:`query.MAX_SOUNDED`), and still answers."""
    from rules_ref.search import query

    tried = []
    sounded = query._sounded
    monkeypatch.setattr(query, "_sounded", lambda mem, raw, known: tried.append(raw) or sounded(mem, raw, known))
    draw = random.Random(3)
    garbage = " ".join("".join(draw.choice("aeiousnrtlcpqfm") for _ in range(12)) for _ in range(40))[:300]
    search.search(garbage)
    assert 0 < len(tried) <= query.MAX_SOUNDED
    tried.clear()
    assert read_words("plato", memory_module.memory()).corrected == "plateau" and tried == ["plato"]


@pytest.mark.parametrize(
    "typed, meant, not_meant",
    [
        ("prase", "phrase", "phase"),  # a letter left out, not one changed for a far key
        ("atant", "autant", "avant"),
        ("toues", "toutes", "tous"),  # a letter left out, not one too many
        ("fuace", "fugace", "face"),
    ],
)
def test_of_corrections_as_near_the_likeliest_slip_is_taken(rules, typed, meant, not_meant):
    """Words one edit away are ordered by the slip each supposes (a letter left out or two swapped,
    a neighbouring key, a letter too many, any other letter) before how often the rules use them."""
    mem = memory_module.memory()
    assert spelling.distance(typed, meant, 1) == spelling.distance(typed, not_meant, 1) == 1
    assert read_words(typed, mem).corrected == meant
    assert spelling.slip(typed, meant) < spelling.slip(typed, not_meant)


def test_a_word_the_situations_read_is_not_corrected_into_an_indexed_one(rules):
    """« dessous » is no typo of « dessus » (the rules' word): the situation index reads it (a
    position), the index holds it nowhere, and it is not turned into its opposite."""
    reading = read_words("ce qu'il y a dessous", memory_module.memory())
    assert reading.corrected is None and "dessus" not in {w.text for w in reading.words}


@pytest.mark.parametrize(
    "typed, right",
    [
        ("cmobien de cartes en réserve le soir", "combien de cartes en réserve le soir"),
        ("pourqoui mon perso fugace va dans la défausse", "pourquoi mon perso fugace va dans la défausse"),
    ],
)
def test_a_typo_of_an_asking_word_still_asks(rules, typed, right):
    """« cmobien » asks how many, as « combien » does: the question is read from the word spelled
    right, and the page says it was corrected."""
    mem = memory_module.memory()
    reading, meant = read_words(typed, mem), read_words(right, mem)
    assert reading.quantity == meant.quantity and reading.conditional == meant.conditional
    assert reading.situation == meant.situation and reading.corrected.split()[0] == right.split()[0]
    assert numbers(search.search(typed), 3) == numbers(search.search(right), 3)


@pytest.mark.parametrize(
    "typed, right",
    [
        ("reculer dans la region dorigine", "reculer dans la region d'origine"),
        ("lexpedition avance dans larene", "l'expédition avance dans l'arène"),
    ],
)
def test_an_elided_word_typed_without_its_apostrophe_is_read_apart(rules, typed, right):
    """« dorigine » is « d'origine » typed on a phone: read as the word after the elision, not
    corrected into another word; a word of the index that starts so (« limite ») is left whole."""
    mem = memory_module.memory()
    forms = [w.all_forms for w in read_words(typed, mem).words]
    assert forms == [w.all_forms for w in read_words(right, mem).words]
    assert numbers(search.search(typed), 3) == numbers(search.search(right), 3)
    assert [w.text for w in read_words("limite", mem).words] == ["limite"]


def test_a_players_word_with_a_neighbouring_key_struck_is_read_as_the_word(rules):
    """A long players' word with one letter changed for a neighbouring key (« fleeting » typed
    « flaeting »: a for e) is respelled; a short one is left (« marche » is no « manche »)."""
    mem = memory_module.memory()
    assert read_words("flaeting", mem).corrected == "fleeting"
    assert numbers(search.search("flaeting"), 3) == numbers(search.search("fleeting"), 3)
    assert "manche" not in {w.text for w in read_words("comment marche la réserve", mem).words}


def test_a_slip_of_a_neighbouring_key_is_likelier_than_of_a_far_one():
    """(Each pair one edit apart, as the corrector asks.)"""
    assert spelling.slip("rserve", "reserve") == spelling.slip("resreve", "reserve") == 0.5  # left out, swapped
    assert spelling.slip("reaerve", "reserve") == 0.6  # a for s: side by side on QWERTY
    assert spelling.slip("rezerve", "reserve") == 0.6  # z for s: one above the other on AZERTY, one sound
    assert spelling.slip("rekerve", "reserve") == 1.0  # k for s: far apart, another sound
    assert spelling.slip("resserve", "reserve") == 0.7  # a letter too many


def test_a_word_with_two_senses_is_read_by_its_neighbours(rules):
    """« marqueurs » on a character are its counters (2.1.i: « des marqueurs placés sur des
    objets »), those of an expedition its markers, and the word alone is the rules' own."""
    mem = memory_module.memory()

    def means(q):
        return [w.text for w in read_words(q, mem).words]

    assert "jeton" in means("l'effet lui enlève 3 marqueurs mais il en a que 2 sur lui")
    assert "jeton" not in means("mes deux marqueurs d'expé se sont dépassés")
    assert "jeton" not in means("marqueur")
    assert numbers(search.search("on doit m'enlever 3 marqueurs et j'en ai que 2"), 1) == ["2.5.f"]
    assert numbers(search.search("marqueurs d'expédition au début de la partie"), 1) == ["1.3.1.b"]


def test_a_sense_needs_single_words_around_it(settings, tmp_path):
    (tmp_path / "fixtures" / "glossary").mkdir(parents=True)
    path = tmp_path / "fixtures" / "glossary" / "vocabulary.json"
    entry = {"words": ["marqueurs"], "means": "jeton", "rules": [], "kind": "abus de langage", "source": "x"}
    entry |= {"note": "n", "with": ["sur lui"]}
    path.write_text(json.dumps({"sources": {"x": "y"}, "entries": [entry]}))
    settings.BASE_DIR = tmp_path
    glossary._vocabulary_file.cache_clear()
    glossary.vocabulary.cache_clear()
    try:
        with pytest.raises(
            glossary.GlossaryError, match=r"vocabulary\.json: entries\[0\]\.with: a list of single words"
        ):
            glossary.vocabulary()
    finally:
        glossary._vocabulary_file.cache_clear()
        glossary.vocabulary.cache_clear()


def test_a_word_only_an_article_says_once_does_not_push_the_rules_down(rules):
    # « tout le monde »: only the 2v2 mode says « monde », once; the rules without it still answer
    assert search.search("board wipe le soir tout le monde rentre").hits[0].kind != "article"


@pytest.mark.parametrize(
    "q, rule",
    [("blink un perso il garde ses buffs", "2.1.c"), ("loyalty retirer des counters pour activer", "2.5.g")],
)
def test_other_games_habits_find_the_rule_deciding_them(rules, q, rule):
    assert numbers(search.search(q), 1) == [rule]


def test_a_missing_number_whose_digits_spell_no_rule_stays_missing(rules):
    assert search.parse_number("3.2.4") == "3.2.4"  # no cut of 324 is a rule: answered as missing
    assert search.search("3.2.4").missing_number == "3.2.4"


def test_a_missing_level_with_rules_under_it_proposes_its_first_rule(rules):
    results = search.search("7.3")
    assert results.missing_number == "7.3" and results.suggestion == "7.3.4"
    assert numbers(results, 2) == ["7.3.4", "7.3.4.a"]


def test_the_verb_sortir_is_not_the_spell(rules):
    """« sorti », « sortie » stem to ``sort``, the Spell (5.2.3): read as the verb, they keep the
    Spells out; a character come out of the Reserve and sent to the Rest is Fleeting (2.4.6.c)."""
    from rules_ref.analysis import stem_forms

    assert "sort" not in stem_forms("sorti") and stem_forms("sort") == ("sort",)
    mem = memory_module.memory()
    assert all("sort" not in w.forms for w in read_words("perso sorti de la réserve", mem).words)
    assert "2.4.6.c" in read_words("perso sorti de la reserve renvoye au repos le soir", mem).cases.rules


def test_a_compound_the_vocabulary_means_needs_both_its_words(rules):
    """« aprem » means « après-midi »: both words, as when typed (« après » alone is in many rules);
    « a|b » is either word."""
    mem = memory_module.memory()
    (afternoon,) = [w for w in read_words("aprem", mem).words]
    assert len(afternoon.parts) == 2
    (tapped,) = [w for w in read_words("tapé", mem).words]
    assert tapped.parts == ()


def test_a_missing_number_among_words_is_answered_with_its_neighbours_saying_so(client, rules):
    results = search.search("regle 2.4.4 statut")
    assert results.missing_number == "2.4.4" and numbers(results, 2) == ["2.4.3", "2.4.6"]
    html = client.get("/recherche/", {"q": "regle 2.4.4 statut"}).content.decode()
    assert "<strong>2.4.4</strong> n'existe pas" in html


def test_a_vocabulary_phrase_typed_with_an_abbreviation_in_it_is_the_phrase(rules):
    # « perso » is the vocabulary's « personnage »: « perso jeton » is the entry « personnage jeton »
    mem = memory_module.memory()
    assert [u for u in read_words("perso jeton", mem).usages] == [("perso jeton", "jeton personnage")]


@pytest.mark.parametrize("q, first", [("c'est quoi un orbe", "3.2.9.c"), ("repère", "3.2.7")])
def test_the_word_a_terms_longer_forms_are_said_with_is_the_term(rules, q, first):
    # « orbe » is how « orbe de mana » is said short, « repère » « point de repère »: the word alone
    # names the term, whose rule defines it (a word the term shares with others, « défausse », does not)
    assert numbers(search.search(q), 1) == [first]


def test_of_two_phrases_that_overlap_the_one_covering_more_of_the_query_is_read(rules):
    # « en main » (the hand) and « main de départ » (the six cards drawn at the setup) share « main »:
    # reading the first one found lost the second, and with it the rules of the setup.
    mem = memory_module.memory()
    q = "combien de cartes en main de départ"
    assert read_words(q, mem).usages == [("main de depart", "piochent six cartes premier jour")]
    assert numbers(search.search(q), 1) == ["4.1.j"]
    # no overlap: the phrase found first is read as before
    assert read_words("ma main", mem).usages == [("ma main", "main ou cachees")]


@pytest.mark.parametrize(
    "q, first",
    [
        ("4.2.5.c-d", ["4.2.5.c", "4.2.5.d"]),
        ("7.3.16 a/b", ["7.3.16.a", "7.3.16.b"]),
        ("4.2.5 c et d", ["4.2.5.c", "4.2.5.d"]),
        ("5.2.3.b à d", ["5.2.3.b", "5.2.3.c", "5.2.3.d"]),
    ],
)
def test_a_range_of_letters_lists_each_rule_of_it(rules, q, first):
    results = search.search(q)
    assert results.kind == "number" and numbers(results, len(first)) == first


@pytest.mark.parametrize("q", ["départage arène", "tie-break arène", "arene des departages"])
def test_the_arena_of_the_tiebreakers_is_where_they_form_it(rules, q):
    """« départage arène »: the Arena is formed when the tiebreakers start (4.3.d) and named so (4.3.e);
    the zones' chapter retelling it (3.2.1.c) comes after them, and « arène » alone is still named by
    its glossary rule."""
    assert numbers(search.search(q), 2) == ["4.3.d", "4.3.e"]
    assert search.search(q).vocabulary
    assert numbers(search.search("arène"), 1) == ["4.3.e"]


def test_the_games_name_among_other_words_is_no_word_of_the_case(rules):
    """« tiebreak altered arène » asks what « tiebreak arène » asks; « altered » alone is still searched."""
    mem = memory_module.memory()
    assert numbers(search.search("tiebreak altered arène"), 3) == numbers(search.search("tiebreak arène"), 3)
    assert "altered" not in {w.text for w in read_words("mulligan altered tcg", mem).words}
    assert [w.text for w in read_words("altered", mem).words] == ["altered"]


def test_the_words_a_vocabulary_phrase_reads_into_weigh_as_one(rules):
    """« mis en mana » reads into five words of the rules (mettre carte main zone mana): they weigh,
    in a rule's coverage, as the rarest of them alone, so the phrase is one thing the query says; a
    phrase read into a term of two words weighs as the term's words do."""
    from rules_ref.search import ranking

    mem = memory_module.memory()
    words = read_words("j'ai mis en mana une carte ce matin", mem).words
    phrase = [i for i, w in enumerate(words) if w.phrase]
    assert len(phrase) > ranking.PHRASE_OWN_WORDS and len({words[i].phrase for i in phrase}) == 1
    typed = [i for i, w in enumerate(words) if not w.phrase]
    weights = [float(i + 1) for i in range(len(words))]
    weighed = ranking._phrases_as_one(words, weights)
    assert sum(weighed[i] for i in phrase) == pytest.approx(max(weights[i] for i in phrase))
    assert [weighed[i] for i in typed] == [weights[i] for i in typed]
    # a phrase read into a term of two words (« base » → région d'origine) weighs word by word
    words = read_words("l'expé revient à la base", mem).words
    assert ranking._phrases_as_one(words, [1.0] * len(words)) == [1.0] * len(words)


@pytest.mark.parametrize(
    "typed, right",
    [("departage arenne", "departage arene"), ("jettons quittent l expedition", "jetons quittent l expedition")],
)
def test_a_letter_struck_twice_is_read_once_though_the_stem_hides_it(rules, typed, right):
    """« arenne » stems as « arène » does, but a phrase of the vocabulary is read as typed: the word is
    spelled with the letter once, and the page says so; a word of the rules written with a double
    letter is left (« personnage »)."""
    mem = memory_module.memory()
    reading = read_words(typed, mem)
    assert reading.corrected == right
    assert numbers(search.search(typed), 3) == numbers(search.search(right), 3)
    assert read_words("personnage", mem).corrected is None


def test_a_slip_of_a_players_word_reads_its_entry_not_only_its_rules_word(rules):
    """« ehemere » is « éphémère » struck once: respelled to the players' word, whose entry names
    Fugace's rules (as typed right), not to the bare « fugace »; « depensaant » is « dépensant »."""
    mem = memory_module.memory()
    reading = read_words("carte ehemere rejouee de la reserve", mem)
    assert reading.corrected.startswith("carte ephemere") and reading.usages
    assert numbers(search.search("carte ehemere rejouee de la reserve"), 1) == numbers(
        search.search("carte éphémère rejouée de la réserve"), 1
    )
    assert read_words("fugase", mem).corrected == "fugace"  # a slip of the rules' word itself
    assert "depensant" in read_words("payer en depensaant 3 jetons", mem).corrected


def test_a_typo_of_a_table_word_the_rules_never_write_is_respelled_to_it(rules):
    """« retirer » is a cue of the situation index the rules never write (they say « retirés »): a
    slip of it (« reitrer ») is respelled to it, as a typo of a vocabulary word is."""
    from rules_ref.search.circumstances import cue_spellings

    mem = memory_module.memory()
    assert "retirer" in cue_spellings() and "retirer" not in mem.postings["words"]
    reading = read_words("il doit reitrer trois jetons d'un perso qui n'en a qu'un", mem)
    assert "retirer" in reading.corrected.split()
    assert (
        reading.cases.rules == read_words("il doit retirer trois jetons d'un perso qui n'en a qu'un", mem).cases.rules
    )


def test_a_heading_run_into_a_rules_text_titles_it(rules):
    """4.2.5.c opens « Nettoyage Chaque joueur choisit… »: « Nettoyage » titles it (the English rules'
    « Clean-up: »), so a question naming the Cleanup finds it above the Night's summary (1.3.2.f);
    but a rule naming in a remark only what the summary states does not go above it (4.2.5.b lists
    Ancré among the statuses modifying the Rest; 1.3.2.f says the Rest removes it)."""
    from rules_ref.search.index import run_in_heading

    assert run_in_heading("Nettoyage Chaque joueur choisit") == "Nettoyage"
    assert run_in_heading("La Zone de Mana est une zone privée") == ""  # an article, no heading
    mem = memory_module.memory()
    assert "nettoyag" in next(d for d in mem.docs if d.number == "4.2.5.c").context
    assert numbers(search.search("au nettoyage qui choisit en premier ce qu'il garde ?"), 1) == ["4.2.5.c"]
    assert numbers(search.search("perso ancré au repos"), 1) == ["1.3.2.f"]


def test_a_players_word_done_again_reads_as_that_word(rules):
    """« relance » is « lance » (played, in players' words) done again, as « rejouer » is « jouer »:
    read through the vocabulary, not dropped."""
    mem = memory_module.memory()
    reading = read_words("sort relance depuis la reserve il finit ou", mem)
    assert ("lance", "jouer") in reading.usages
    assert "2.4.6.f" in numbers(search.search("sort relance depuis la reserve il finit ou"), 5)


def test_a_rule_another_repeats_word_for_word_comes_beside_it(rules):
    """1.1.6.h and 7.1.4.a both say « Le symbole signifie « Épuisez-moi » »: whichever a query finds,
    the other comes right below it (the costs' chapter and the keyword actions' say the same)."""
    mem = memory_module.memory()
    twins = {mem.docs[d].number: {mem.docs[o].number for o in others} for d, others in mem.twins.items()}
    assert twins["1.1.6.h"] == {"7.1.4.a"} and twins["7.1.4.b"] == {"1.1.6.i"}
    found = numbers(search.search("cout exert dans la capa ca veut dire quoi"), 2)
    assert set(found) == {"7.1.4.a", "1.1.6.h"}


def test_the_zones_arena_retells_the_tiebreakers_rules(rules):
    """3.2.1.c (« Pendant les départages, toutes les régions sont remplacées par une seule région
    appelée l'Arène ») retells 4.3.d and 4.3.e: a query naming the end of the game finds them above it."""
    assert glossary.summaries()["3.2.1.c"] == ("4.3.d", "4.3.e")
    found = numbers(search.search("overtime quand on finit tous les deux la course le meme jour"), 3)
    assert "4.3.d" in found and ("3.2.1.c" not in found or found.index("4.3.d") < found.index("3.2.1.c"))
