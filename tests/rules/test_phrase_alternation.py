"""The vocabulary's phrases are matched by one trie-shaped pattern: it finds what the plain
alternation of every phrase, longest first, finds."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ref.search.words import PHRASE_GAP, phrase_alternation


def plain(phrases, slots=None):
    slots = slots or {}

    def piece(p):
        out = re.escape(p).replace(r"\ ", PHRASE_GAP)
        for slot, pattern in slots.items():
            out = out.replace(re.escape(slot), pattern)
        return out

    return r"(?<!\w)(" + "|".join(piece(p) for p in sorted(phrases, key=len, reverse=True)) + r")(?!\w)"


def trie(phrases, slots=None):
    return r"(?<!\w)(" + phrase_alternation(phrases, slots) + r")(?!\w)"


def found(pattern, text):
    return [m.group(1) for m in re.finditer(pattern, text)]


def test_the_longest_phrase_at_a_position_and_its_gaps():
    phrases = ["main", "ma main", "ma main pleine", "main max", "apres midi"]
    assert found(trie(phrases), "ma main pleine et main max") == ["ma main pleine", "main max"]
    assert found(trie(phrases), "l'apres-midi, apres  midi") == ["apres-midi", "apres  midi"]
    assert found(trie(phrases), "mains") == []  # whole words only
    slots = {"[nombre]": r"(?:\d+|deux|trois)"}
    assert found(trie(["[nombre] cartes en reserve"], slots), "j'ai 4 cartes en reserve") == ["4 cartes en reserve"]


words = st.text(alphabet="abcde", min_size=1, max_size=4)
phrases = st.lists(st.lists(words, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=30, unique=True)


@settings(max_examples=300, deadline=None)
@given(phrases, st.lists(words, max_size=12).map(" ".join))
def test_it_finds_what_the_plain_alternation_finds(phrases, text):
    assert found(trie(phrases), text) == found(plain(phrases), text)


def test_it_finds_what_the_plain_alternation_finds_in_the_vocabulary(rules):
    from rules_ref.search.query import COUNT_ALTERNATIVE, COUNT_SLOT, _fold_query, _phrases

    meaning = _phrases()[1]
    slots = {COUNT_SLOT: COUNT_ALTERNATIVE}
    # each form told among other words, and two forms run into each other
    forms = sorted(meaning)
    texts = [f"alors {a} puis {b}" for a, b in zip(forms, forms[1:], strict=False)]
    texts += [_fold_query(f"{a} {b}") for a, b in zip(forms, reversed(forms), strict=False)]
    ours, theirs = re.compile(trie(meaning, slots)), re.compile(plain(meaning, slots))
    assert [found(ours, t) for t in texts] == [found(theirs, t) for t in texts]
