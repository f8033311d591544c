"""No answer of the starter set can be guessed from its options alone.

Over the whole bank, each option is sorted into the kind a trainee would recognise without reading the
board (a zone: Reserve, Discard, Limbo, Mana, « la carte y reste », « cesse d'exister »; for counts, the
place of the number among the four and whether it is the count now; « Aucune », one Expedition or two;
a player, the tiebreakers, nobody; the rule sharing the most words with the question). For each kind,
how often it is right when it is offered: a kind right whenever it shows, or right far more often
than a quarter of the time, gives the answer away and the test fails.

Checked against the options before they were drawn from what a judge could believe: Mana was offered
only when it was the answer (3 of 3), « Aucune » right 7 times in 11, the second smallest count right
12 times in 20: the test failed.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from engine import text as engine_text
from judge.training import questions
from judge.training.questions import kinds
from judge.training.questions.bank import entry_question

ROOT = Path(__file__).resolve().parents[2]
BANK = json.loads((ROOT / "fixtures" / "exercises.json").read_text(encoding="utf-8"))["exercises"]
#: A kind of option offered this often is judged by its share right…
MEASURED = 8
#: …which must stay under this (four options: a blind guess is right a quarter of the time).
MOST = 0.55
#: A kind of option offered at least this often is never right every time…
ALWAYS = 3
#: …and never wrong every time: offered this often and never right, a trainee learns to strike it out.
NEVER = 5


def kinds_of(kind: str, option: dict, question: questions.Question) -> list[str]:
    key = option["key"]
    if kind in ("card_zone", "night_zone"):
        if key in ("gone", "limbo"):
            return [key]
        zone = key.split(".", 1)[1].replace("hero_", "").replace("companion_", "")
        return [zone, *(["stays"] if " y reste)" in option["label"] else [])]  # « la carte » or « le jeton »
    if kind == "expeditions":
        return ["none" if key == "none" else "pair" if "+" in key else "single"]
    if kind == "winner":
        # Each player apart: « A gagne » right five times in six and « B gagne » never was a pattern.
        return [key]
    if kind == "count":
        numbers = sorted(int(o["key"]) for o in question.options)
        place = [f"place {numbers.index(int(key)) + 1}"]
        return place + (["the count now"] if f"(actuellement {key})" in question.prompt else [])
    if kind == "legal":
        return ["none" if key == "none" else "a card"]
    if kind == "rule":
        asked = kinds._words(question.prompt.split(" : ", 1)[-1])
        overlap = {o["key"]: len(asked & kinds._words(o["label"])) for o in question.options}
        return ["shares the most words" if overlap[key] == max(overlap.values()) else "shares fewer words"]
    return []


def shares(bank: list[dict]) -> dict[tuple[str, str], list[int]]:
    """``{(kind of question, kind of option): [offered, right]}`` over ``bank``."""
    table: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for entry in bank:
        doc = json.loads((ROOT / entry["scenario"]).read_text(encoding="utf-8"))
        q = entry_question(entry, doc, checked=False)
        right = set(q.answer.split(","))
        kind = "card_zone" if entry["kind"] == "night_zone" else entry["kind"]
        for option in q.options:
            for name in kinds_of(kind, option, q):
                row = table[(kind, name)]
                row[0] += 1
                row[1] += option["key"] in right
    return dict(table)


def test_no_kind_of_option_gives_the_answer_away(rules):
    table = shares(BANK)
    always = {k: v for k, v in table.items() if v[0] >= ALWAYS and v[0] == v[1]}
    often = {k: v for k, v in table.items() if v[0] >= MEASURED and v[1] / v[0] > MOST}
    never = {k: v for k, v in table.items() if v[0] >= NEVER and v[1] == 0}
    assert (always, often, never) == ({}, {}, {}), sorted(table.items())
    # Every kind of question of the bank is measured, and zones a judge could believe are offered.
    assert {k for k, _ in table} == {"card_zone", "count", "expeditions", "winner", "rule", "legal"}
    assert table[("card_zone", "stays")][0] > table[("card_zone", "stays")][1]
    asked = sum(1 for e in BANK if e["kind"] == "expeditions")
    assert table[("expeditions", "none")][0] == asked  # « Aucune » is offered in every one


# ---- guessers that read only the prompt and the options -------------------------------------------------

#: The words that name a moment of the day (a rule naming another one is a distractor a judge rules out).
PHASE_WORDS = {
    "setup": ("mise en place", "début de la partie", "commencer la partie", "premier jour"),
    "morning": ("matin", "matinée"),
    "noon": ("midi",),
    "afternoon": ("après-midi",),
    "dusk": ("crépuscule", "progression"),
    "night": ("nuit", "repos", "nettoyage"),
}


def phases_named(text: str) -> set[str]:
    """The moments of the day a text names (« après-midi » is not « midi »)."""
    low = text.lower()
    return {p for p, words in PHASE_WORDS.items() if any(re.search(rf"(?<![\w-]){re.escape(w)}", low) for w in words)}


def phase_guess(question: questions.Question) -> list[str]:
    """An option-only guesser for "which rule" questions: the options naming the moment of the prompt
    first (and never one naming only other moments), then those sharing the most words with what the
    prompt says happened. The keys it would pick, ties included."""
    situation, _, asked = question.prompt.rpartition(" : ")
    now = phases_named(situation.split(".")[0])
    words = kinds._words(asked)

    def score(option: dict) -> tuple[int, int]:
        named = phases_named(option["label"].split(" — ", 1)[-1])
        place = 1 if named & now else -1 if named else 0
        return place, len(words & kinds._words(option["label"]))

    best = max(score(o) for o in question.options)
    return [o["key"] for o in question.options if score(o) == best]


def stated_guess(question: questions.Question) -> list[str]:
    """An option-only guesser for "where does this card go" questions: the zones the prompt names (by the
    vocabulary's noun, « Mana », « Défausse »…) before it asks, besides where the card is now (« A met en
    Mana : Graine (a5) » names the answer)."""
    said = question.prompt.rsplit(", où se trouve", 1)[0]
    return [o["key"] for o in question.options if o["key"] != "gone" and _zone_noun(o["key"]) in said]


def _zone_noun(key: str) -> str:
    """``A.mana`` → « Mana », ``A.hero_expedition`` → « Héros », ``limbo`` → « Limbo »."""
    if key == "limbo":
        return "Limbo"
    return engine_text.ZONES[key.split(".", 1)[1]].split()[-1]


def built(bank: list[dict]):
    for entry in bank:
        doc = json.loads((ROOT / entry["scenario"]).read_text(encoding="utf-8"))
        yield entry, entry_question(entry, doc, checked=False)


#: A blind guess is right about once in four (some rule questions offer three): a guesser reading only
#: the prompt and the options must stay near it over the bank.
GUESSER_MOST = 0.4


def test_an_option_only_guesser_cannot_answer_the_rule_questions(rules):
    """Before the bank's rule questions were given distractors a judge could confuse (same phase, same
    keyword, the rule replaced), this guesser was right on 27 of 75 with a unique pick, and on more than
    half of the phase rules (1.3.2.b offered beside 1.3.2.d–f, each naming another phase)."""
    right = asked = 0.0
    alone = []
    for entry, q in built(BANK):
        if entry["kind"] != "rule":
            continue
        picks = phase_guess(q)
        asked += 1
        right += (q.answer in picks) / len(picks)
        if picks == [q.answer]:
            alone.append(entry["key"])
    # The bank's rule questions, after guessable, ill-posed and twin ones were cut: a fifth audit cut three
    # more whose stated outcome picked its rule by its words, a seventh the meeting one (its prompt gave the
    # winner of its mirror twin); the crossing one is left.
    assert asked >= 1
    assert right / asked <= GUESSER_MOST, (round(right / asked, 3), alone)


def test_no_prompt_names_the_zone_its_card_goes_to(rules):
    """« A met en Mana : Graine (a5). […] où se trouve Graine (a5) ? » states its answer: three such
    questions were in the bank."""
    stated = []
    for entry, q in built(BANK):
        if entry["kind"] in ("card_zone", "night_zone") and q.answer in stated_guess(q):
            stated.append(entry["key"])
    assert stated == []


def _stems(text: str) -> set[str]:
    """The words of four letters or more cut to their first five (« Défaussez-moi » and « Défausse »,
    « jetons » and « jeton » are one)."""
    return {w[:5] for w in re.findall(r"[^\W\d_]{4,}", text.lower())}


def _run(a: str, b: str) -> int:
    """The longest run of words two texts share, word for word."""
    x, y = re.findall(r"[^\W\d_]+", a.lower()), re.findall(r"[^\W\d_]+", b.lower())
    best, prev = 0, [0] * (len(y) + 1)
    for i in range(len(x)):
        row = [0] * (len(y) + 1)
        for j in range(len(y)):
            if x[i] == y[j]:
                row[j + 1] = prev[j] + 1
                best = max(best, row[j + 1])
        prev = row
    return best


def echo_guess(question: questions.Question) -> list[str]:
    """An option-only guesser that reads the card texts shown: the option echoing them best. What is being
    resolved (quoted in the prompt) is read first, else the cards' texts. For a zone, the option whose
    noun the text names (« Défaussez-moi » → « La Défausse de A »); for a rule, the one sharing the longest
    run of words, then the most words, with that text (« Lorsque je suis joué depuis la Réserve » is
    1.1.6.g word for word). Its pick, ties included; nothing when no option echoes the text at all."""
    quoted = re.findall(r"il reste à résoudre : « (.+?) »", question.prompt)
    text = " ".join(quoted) or " ".join(t for card in question.cards for t in card.get("text", []))
    if not text:
        return []
    if not any(re.match(r"\d", o["key"]) for o in question.options):  # zones, not rule numbers
        said = _stems(text)
        return [o["key"] for o in question.options if o["key"] != "gone" and _stems(_zone_noun(o["key"])) & said]

    def score(option: dict) -> tuple[int, int]:
        body = option["label"].split(" — ", 1)[-1]
        return _run(body, text), len(_stems(body) & _stems(text))

    best = max(score(o) for o in question.options)
    return [o["key"] for o in question.options if score(o) == best] if best > (1, 0) else []


def echoed(bank: list[dict]) -> list[str]:
    """The questions whose one best echo of the card texts is the answer."""
    return [
        entry["key"]
        for entry, q in built(bank)
        if entry["kind"] in ("card_zone", "night_zone", "rule") and echo_guess(q) == [q.answer]
    ]


def test_no_answer_is_the_option_the_card_text_repeats(rules):
    """« Défaussez-moi : Ravitaillez » on the card and « La Défausse de A » among the zones; « Lorsque je
    suis joué depuis la Réserve » on the card and 1.1.6.g quoting it; « Je gagne 1 jeton Boost » being
    resolved and 2.5.e the one rule about gaining tokens: three questions of the bank read this way
    (soutien-defaussez-moi, reaction-reserve-regle, played-from-reserve-reaction-rule-1), and the test
    failed on them."""
    assert echoed(BANK) == []


def test_the_guessers_catch_what_they_are_meant_to():
    """The guessers above, on questions made to give themselves away."""
    morning = questions.Question(
        prompt="Jour 3, au début du Matin, quand le marqueur Premier joueur passe. Une fois le marqueur "
        "Premier joueur passé : B devient premier joueur. Quelle règle en décide ?",
        options=[
            {"key": "1.3.2.b", "label": "1.3.2.b — Lors de la phase du matin, l'adversaire du premier joueur…"},
            {"key": "1.3.2.e", "label": "1.3.2.e — Lors de la phase du crépuscule, les joueurs additionnent…"},
            {"key": "1.3.2.d", "label": "1.3.2.d — Lors de la phase de l'après-midi, en commençant par…"},
        ],
        answer="1.3.2.b",
        rule="1.3.2.b",
        section="1.3",
        difficulty=1,
    )
    assert phase_guess(morning) == ["1.3.2.b"]
    mana = questions.Question(
        prompt="Jour 2, au Matin. A met en Mana : Graine (a5). Une fois ce choix fait, où se trouve Graine "
        "(a5), actuellement dans la Main de A ?",
        options=[
            {"key": "A.mana", "label": "La Zone de Mana de A"},
            {"key": "A.hand", "label": "La Main de A (la carte y reste)"},
            {"key": "A.discard", "label": "La Défausse de A"},
        ],
        answer="A.mana",
        rule="3.2.9.b",
        section="3.2",
        difficulty=1,
    )
    assert stated_guess(mana) == ["A.mana"]


def test_no_two_questions_of_the_bank_look_the_same_to_the_trainee(rules):
    """Same prompt, same options, same board (its rule set aside: « arene-victoire » under the French
    rules and « cr5-departage-arene » under CR 5.0 were one question twice): an exam could ask it twice."""
    seen: dict[str, str] = {}
    twins = []
    for entry, q in built(BANK):
        board = {k: v for k, v in q.board.items() if k != "rules"}
        face = json.dumps(
            [q.prompt, sorted(o["label"] for o in q.options), board, q.cards], sort_keys=True, ensure_ascii=False
        )
        if face in seen:
            twins.append((seen[face], entry["key"]))
        seen.setdefault(face, entry["key"])
    assert twins == []
