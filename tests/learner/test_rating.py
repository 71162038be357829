"""Glicko-2 puzzle ratings (euchre_learn.learner.rating)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_learn.learner.progress import Progress
from euchre_learn.learner.rating import START, Rating, puzzle_ratings, update
from euchre_learn.learner.store import Store

ratings = st.builds(
    Rating,
    st.floats(min_value=800, max_value=2500),
    st.floats(min_value=30, max_value=350),
    st.floats(min_value=0.03, max_value=0.09),
)


def test_glickmans_worked_example() -> None:
    r = update(Rating(1500, 200), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    # the paper's 1464.06 and 151.52 come from rounded intermediate values
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.deviation == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)


def test_without_games_only_the_deviation_grows_up_to_the_start() -> None:
    r = update(Rating(1600, 100, 0.06), [])
    assert r.rating == 1600 and 100 < r.deviation < 101
    assert update(START, []).deviation == 350


@settings(max_examples=60, deadline=None)
@given(ratings, ratings, ratings)
def test_a_win_raises_a_loss_lowers_and_beating_a_stronger_puzzle_counts_more(me: Rating, a: Rating, b: Rating) -> None:
    win, loss = update(me, [(a, 1.0)]), update(me, [(a, 0.0)])
    assert loss.rating < me.rating < win.rating
    assert update(START, [(a, 1.0)]).deviation < START.deviation  # a first game says much
    weaker, stronger = sorted((a, b), key=lambda r: r.rating)
    if stronger.rating > weaker.rating + 1 and abs(stronger.deviation - weaker.deviation) < 1e-9:
        assert update(me, [(stronger, 1.0)]).rating >= update(me, [(weaker, 1.0)]).rating


def test_puzzle_ratings_come_from_the_store_and_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    p = Progress(path)
    t = 1.8e9
    for n in range(6):  # p-easy solved each time; p-hard missed each time
        p.record("puzzle", True, item=("puzzle", "p-easy"), at=t + 120 * n)
        p.record("puzzle", False, item=("puzzle", "p-hard"), at=t + 120 * n + 60)
    p.record("left-bower", False, at=t)  # a quiz answer is no puzzle game
    r = puzzle_ratings(p.store)
    assert r.answers == 12
    assert r.puzzles["p-easy"].rating < 1500 < r.puzzles["p-hard"].rating
    assert r.learner.deviation < 350
    assert puzzle_ratings(Store(path)) == r
