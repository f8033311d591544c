"""A refused decision cites the rule that decides the refusal, in the rule set being played:
`engine.IllegalDecision.rules` (data, read by the site) and its message name the same rules — no
Reserve cost is 2.2.7.b, not enough ready Orbs 3.2.9.f, an exhausted card in the Reserve under
CR 5.0 2.4.6.c — not the rules of the turn the game waits for (1.3.2.d). Where the refusal has no
rule of its own (a malformed answer), the rules of the decision waited for are cited."""

from __future__ import annotations

import pytest

import engine
from engine.versions import CR5, FR1, cr5, is_summary

from .helpers import board, char, deck

MANA = [{"id": f"ao{i}"} for i in range(2)]
EXHAUST = {"quick": {"exhaust_me": True}, "effect": [{"action": "draw", "player": "self", "count": 1}]}


def afternoon(rules: str, **a: list) -> engine.Game:
    doc = board(
        "afternoon",
        A={"deck": deck("ad", 4), "mana": MANA, **a},
        B={"deck": deck("bd", 4), "hero_expedition": [char("b9", 1)]},
        rules=rules,
    )
    return engine.load(doc)


def refusal(game: engine.Game, decision: dict) -> engine.IllegalDecision:
    before = game.to_doc()
    with pytest.raises(engine.IllegalDecision) as err:
        game.decide(decision)
    assert game.to_doc() == before  # nothing changed
    return err.value


CASES = [
    # (what is played, the board of A, the decision, rules under fr-1, rules under cr-5.0)
    (
        "no Reserve cost",
        {"reserve": [char("a1", reserve_cost=None)]},
        {"play": "a1", "expedition": "hero"},
        ("2.2.7.b",),
        ("2.2.7.b (FR 1)",),  # not played as v5.0 (5.1.2.e differs): the French rule, marked as such
    ),
    (
        "too few ready Orbs, from the Hand",
        {"hand": [char("a1", hand_cost=3)]},
        {"play": "a1", "expedition": "hero"},
        ("3.2.9.f",),
        cr5("3.2.9.f"),
    ),
    (
        "too few ready Orbs, from the Reserve",
        {"reserve": [char("a1", reserve_cost=3)]},
        {"play": "a1", "expedition": "hero"},
        ("3.2.9.f", "2.2.7.a"),
        cr5("3.2.9.f", "2.2.8.a"),
    ),
    (
        "a card neither in Hand nor in Reserve",
        {"discard": [char("a1")]},
        {"play": "a1", "expedition": "hero"},
        ("1.3.2.d",),
        cr5("5.2.a"),  # "from their Hand or their Reserve"
    ),
    (
        "'exhaust me' on an exhausted card",
        {"hero_expedition": [char("a1", statuses=["exhausted"], abilities=[EXHAUST])]},
        {"quick": "a1", "ability": 0},
        ("1.1.6.h", "7.1.4.a"),
        cr5("7.1.4.a"),
    ),
    (
        "a quick action of an object the player does not control",
        {},
        {"quick": "b9", "ability": 0},
        ("1.2.4.c",),
        cr5("5.3.b"),
    ),
    (
        "a Character played with no Expedition named",
        {"hand": [char("a1")]},
        {"play": "a1"},
        ("1.3.2.d",),  # the French text has no rule of its own for it: the turn's
        cr5("5.2.1.a"),
    ),
    (
        "an Orb swap of two ready Orbs",
        {},
        {"swap": ["ao0", "ao1"]},
        ("3.2.9.e",),
        cr5("3.2.9.e"),
    ),
]


@pytest.mark.parametrize("what, zones, decision, fr1, v5", CASES, ids=[c[0] for c in CASES])
def test_a_refusal_cites_the_rule_that_decides_it_in_the_rule_set_played(what, zones, decision, fr1, v5):
    for rules, want in ((FR1, fr1), (CR5, v5)):
        err = refusal(afternoon(rules, **zones), {"player": "A", **decision})
        assert err.rules == want, (rules, str(err))
        assert f"({'règles' if len(want) > 1 else 'règle'} {', '.join(want)})" in str(err)
        assert "1.3.2.d" not in err.rules or want == ("1.3.2.d",)  # not the turn's rule
        if rules == CR5:
            assert not [n for n in err.rules if is_summary(n)]  # no section-1 paragraph (CR 1.1.1.c-d)


def test_an_exhausted_card_in_the_reserve_is_refused_by_cr5_2_4_6_c_and_played_under_fr1():
    zones = {"reserve": [char("a1", reserve_cost=1, statuses=["exhausted"])]}
    err = refusal(afternoon(CR5, **zones), {"player": "A", "play": "a1", "expedition": "hero"})
    assert err.rules == cr5("2.4.6.c") and "épuisé" in str(err)
    game = afternoon(FR1, **zones)
    game.decide({"player": "A", "play": "a1", "expedition": "hero"})
    assert game.state.loc["a1"] == "A.hero_expedition"


def test_a_target_refused_cites_the_targets_rule_of_each_rule_set():
    sabotage = {"id": "s1", "type": "spell", "hand_cost": 0, "effect": [{"action": "discard", "target": "choose"}]}
    fr = afternoon(FR1, hand=[sabotage])
    err = refusal(fr, {"player": "A", "play": "s1", "targets": ["nowhere"]})
    assert err.rules == ("5.2.3.b",) and "cible illégale" in str(err)
    v5 = afternoon(CR5, hand=[sabotage])
    err = refusal(v5, {"player": "A", "play": "s1", "targets": ["b9"]})
    assert err.rules == cr5("6.5.b", "6.5.g")  # CR 5.0: targets are chosen as the step resolves


def test_a_refusal_without_a_rule_of_its_own_cites_the_decision_waited_for():
    """A malformed answer (no key the turn knows): the rules of the turn, in the rule set played."""
    for rules, want in ((FR1, ("1.3.2.d",)), (CR5, cr5("4.2.3.b", "4.2.3.d"))):
        err = refusal(afternoon(rules), {"player": "A", "order": []})
        assert err.rules == want, rules


def test_a_scripted_decision_that_does_not_fit_says_the_same_rule_in_the_pending_reason():
    for rules, want in ((FR1, "(règle 2.2.7.b)"), (CR5, "(règle 2.2.7.b (FR 1))")):
        doc = board(
            "afternoon",
            A={"deck": deck("ad", 4), "mana": MANA, "reserve": [char("a1", reserve_cost=None)]},
            B={"deck": deck("bd", 4)},
            decisions=[{"player": "A", "play": "a1", "expedition": "hero"}],
            rules=rules,
        )
        game = engine.load(doc)
        game.run()
        assert want in game.pending["reason"], game.pending["reason"]


def test_the_rule_contract_rejects_a_refusal_citing_an_undeclared_rule_or_section_1_under_cr5():
    from engine.rules import registry

    before = list(registry.VIOLATIONS)
    registry.check_refusal(FR1, ("9.9.9.z",), ("9.9.9.z",), "un refus")
    registry.check_refusal(CR5, cr5("3.2.9.e"), cr5("1.3.2.d"), "un refus")
    added = registry.VIOLATIONS[len(before) :]
    del registry.VIOLATIONS[len(before) :]
    assert [(source, bad) for source, bad, _ in added] == [
        ("refusal", ("9.9.9.z",)),
        ("section 1 of CR 5.0 (1.1.1.d)", cr5("1.3.2.d")),
    ]
