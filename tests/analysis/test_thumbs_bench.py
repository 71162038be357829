"""The rules-of-thumb benchmark (``benchmarks/bench_thumbs.py``) and the box rows it asks about
(:func:`euchre_learn.analysis.strategy.claims`): its positions are ones where each rule speaks, and
its count of agreement follows the coach's judgement."""

from __future__ import annotations

from benchmarks import bench_thumbs
from euchre_learn.analysis.coach import judge
from euchre_learn.analysis.convention_book import convention
from euchre_learn.analysis.strategy import RULES, claims


def test_the_corpus_holds_positions_where_each_rule_speaks() -> None:
    found = bench_thumbs.corpus(hands=24, per_rule=3)
    assert sum(len(v) for v in found.values()) > 40
    for key, positions in found.items():
        assert len(positions) <= 3
        for pos in positions:
            legal = pos.hand.legal_actions()
            if key.startswith("box:"):
                assert key.split(":")[1] in RULES
                assert pos.choice in legal and pos.versus in legal and pos.choice != pos.versus
                assert pos.claim in (1, -1)
            else:
                c = convention(key)
                assert pos.breaks and len(pos.breaks) < len(legal)
                assert all(c.breaks(pos.hand, a, pos.score) == (a in pos.breaks) for a in legal)


def test_every_claim_names_two_legal_choices_and_the_same_hand_gives_the_same_claims() -> None:
    seen = 0
    for _, hand in bench_thumbs.bot_positions(6):
        found = claims(hand)
        assert found == claims(hand)
        for c in found:
            seen += 1
            assert c.rule in RULES and c.claim in (1, -1)
            assert c.choice in hand.legal_actions() and c.versus in hand.legal_actions()
    assert seen > 0


def test_agreement_follows_the_judgement() -> None:
    found = bench_thumbs.corpus(hands=24, per_rule=2, only=frozenset({"no-order-two-small", "win-cheaply"}))
    assert set(found) == {"no-order-two-small", "win-cheaply"}
    for positions in found.values():
        for pos in positions:
            j = judge(pos.hand, score=pos.score, worlds=4, seed=1)
            right, cheap = bench_thumbs.agrees(pos, j)
            assert right == (j.best not in pos.breaks)
            assert cheap >= right  # the coach's best keeping the rule is graded 'best'
