"""The rules of thumb with numbers (euchre_learn.analysis.strategy), as lesson 11 uses them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from euchre_learn.analysis import figures


def test_the_exact_fractions() -> None:
    assert figures.partner_holds_right_exact() == Fraction(5, 18)
    p = figures.break_even_exact()
    assert p == Fraction(2, 3) and p * 1 - (1 - p) * 2 == 0


def test_the_simulation_agrees_with_the_count() -> None:
    est = figures.partner_holds_right(hands=6000, seed=2)
    assert est.low < 5 / 18 < est.high
    assert 0.6 * 6000 < est.n < 0.85 * 6000  # South lacks the jack, and it is not the upcard


def test_the_published_figures_are_reproduced_within_the_intervals() -> None:
    dealer = figures.dealer_scores_with_a_jack_turned(hands=600, seed=3)
    assert dealer.low < 0.78 < dealer.high
    loner = figures.loner_with_a_jack_turned(hands=500, seed=3)
    assert loner.low < 0.20 and loner.high > 0.17  # overlaps the published 17-20%


def test_order_ups_are_made_more_often_than_break_even() -> None:
    r = figures.order_up_results(hands=800, seed=4)
    assert r.made.low > 2 / 3
    assert r.points > r.simple  # marches score double
    assert r.simple == pytest.approx(3 * r.made.share - 2)


def test_seeded_and_checked() -> None:
    assert figures.partner_holds_right(hands=300, seed=5) == figures.partner_holds_right(hands=300, seed=5)
    with pytest.raises(ValueError, match="positive whole number"):
        figures.dealer_scores_with_a_jack_turned(hands=0)
    with pytest.raises(ValueError, match="at least one case"):
        figures.Estimate.of(0, 0)
