"""A coach sure before it speaks (issue 33): its grades hold on more deals and other seeds, and
following its Hint is never graded below 'good'. The full measure is ``python -m benchmarks
sure`` (``benchmarks/bench_sure.py``); these are small samples of it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import euchre_learn as el
from euchre_learn.analysis.coach import judge, scaled_worlds
from euchre_learn.analysis.coach.deals import CAP, FLOOR, Z, settled
from euchre_learn.analysis.coach.grades import GRADES, grade_for

from ..review.test_review import LONER
from .test_coach import ASSIST, ASSIST_BIDS, _position

FLAGGED = ("inaccuracy", "mistake", "blunder")
FRESH = ("a fresh stream", "another fresh stream")
"""Seeds no voice uses: the reference judgements draw deals of their own."""


def _loner_lead() -> tuple[el.Hand, str]:
    """South's lead of the A♣ in the review's loner hand: a blunder (tests/analysis/review)."""
    d = next(d for d in el.review(LONER, seat="S").decisions if str(d.action) == "play A♣")
    return d.position, "play A♣"


def _wasted_ruff() -> tuple[el.Hand, str]:
    """South, void, last to play, throws the 9♠ where any trump wins: surely costly."""
    return _position("S", ASSIST, "A♥", "10♦ J♦ J♠", [*ASSIST_BIDS, "play A♦", "play 9♦", "play K♦"]), "play 9♠"


@pytest.mark.parametrize("case", [_loner_lead, _wasted_ruff])
def test_a_flagged_grade_holds_on_360_deals_and_two_fresh_seeds(case: Callable[[], tuple[el.Hand, str]]) -> None:
    hand, chosen = case()
    j = judge(hand)
    grade = j.grade_of(chosen)
    assert grade in FLAGGED and j.sure(chosen)
    for seed in FRESH:
        # on 360 deals of a stream of its own, graded by the loss measured there: as bad or worse
        again = judge(hand, worlds=scaled_worlds(hand, 360), seed=seed)
        measured = grade_for(again.loss_of(chosen), again.game)
        assert GRADES.index(measured) >= GRADES.index(grade), (seed, again)


def test_following_the_hint_is_never_graded_below_good() -> None:
    """South follows el.hint at every decision (no seed anywhere); the review of South's moves."""
    for k in range(2):
        bot = el.bots.get("standard", seed=k)
        hand = el.Hand.deal(el.Seat(k), seed=f"follow-the-hint|{k}")
        while not hand.is_over:
            hand = hand.apply(el.hint(hand).action if hand.to_act == el.Seat.S else bot.act(hand))
        for d in el.review(hand, seat="S").decisions:
            assert d.grade == "best", d


def test_settled_means_every_interval_in_one_band() -> None:
    """A judgement stops adding deals once every option's interval lies in one grade band, or at
    the cap; before the floor it never stops."""
    hand = _position("S", ASSIST, "A♥", "10♦ J♦ J♠", [*ASSIST_BIDS, "play A♦", "play 9♦", "play K♦"])
    j = judge(hand)
    assert FLOOR <= j.worlds <= CAP and j.settling
    for o in j.options:
        low, high = max(0.0, j.loss_of(o.action) - Z * o.se), j.loss_of(o.action) + Z * o.se
        if j.worlds < CAP:
            lines = (0.2, 0.5, 1.0)
            assert sum(low >= x for x in lines) == sum(high >= x for x in lines), o
    assert settled.__doc__


def test_the_api_names_one_judgement() -> None:
    """API.md: el.hint(hand, score=None, seed=None) -> .action, .explanation, .decision, the same
    Decision el.review_decision(hand, .action) gives; worlds=N means exactly N deals (a bid 3N)."""
    hand = el.Hand.deal("E", seed=21)
    h = el.hint(hand, (3, 4), 7)
    assert h.action in hand.legal_actions() and h.explanation == h.judgement.reason
    assert h.decision == el.review_decision(hand, h.action, None, None, (3, 4))
    assert h.decision.grade == "best" and h.decision.sure in (True, False)
    assert el.hint(hand, score=(3, 4)).decision == h.decision  # with or without a seed
    assert el.review_decision(hand, "pass", worlds=10, seed=1).worlds == 30
    play = hand
    while play.phase != el.Phase.PLAY:
        play = play.apply(el.bots.get("standard", seed=1).act(play))
    assert el.review_decision(play, play.legal_actions()[0], worlds=10, seed=1).worlds in (2, 10)  # 2: forced
