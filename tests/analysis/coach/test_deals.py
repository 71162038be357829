"""A coach sure before it speaks (issue 33): its grades hold on more deals and other seeds, and
following its Hint is never graded below 'good'. The full measure is ``python -m benchmarks
sure`` (``benchmarks/bench_sure.py``); these are small samples of it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import euchre_learn as el
from euchre_learn.analysis.coach import judge, scaled_worlds
from euchre_learn.analysis.coach.deals import CAP, FLOOR, Z, settled

from ..review.test_review import LONER
from .test_coach import ASSIST, ASSIST_BIDS, _position

FRESH = ("a fresh stream", "another fresh stream")
"""Seeds no voice uses: the reference judgements draw deals of their own."""


def _loner_lead() -> tuple[el.Hand, str]:
    """South's lead of the A♣ in the review's loner hand: a blunder (tests/analysis/review)."""
    d = next(d for d in el.review(LONER, seat="S").decisions if str(d.action) == "play A♣")
    return d.position, "play A♣"


def _wasted_ruff() -> tuple[el.Hand, str]:
    """South, void, last to play, throws the 9♠ where any trump wins: a mistake or worse."""
    return _position("S", ASSIST, "A♥", "10♦ J♦ J♠", [*ASSIST_BIDS, "play A♦", "play 9♦", "play K♦"]), "play 9♠"


@pytest.mark.parametrize("case", [_loner_lead, _wasted_ruff])
def test_a_flagged_grade_holds_on_360_deals_and_two_fresh_seeds(case: Callable[[], tuple[el.Hand, str]]) -> None:
    hand, chosen = case()
    j = judge(hand)
    grade = j.grade_of(chosen)
    assert grade in ("mistake", "blunder") and j.sure(chosen)
    for seed in FRESH:
        again = judge(hand, worlds=scaled_worlds(hand, 360), seed=seed)
        assert again.grade_of(chosen) == grade, (seed, again)


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
