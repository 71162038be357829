"""The simulated-learner study (benchmarks/bench_learners.py): its scheduler keeps the same cards as
the situation schedule works out, and its table comes out for a couple of learners."""

from __future__ import annotations

import random
from datetime import timedelta

from benchmarks.bench_learners import START, STRATEGIES, FsrsChooser, items_to_target, run
from euchre_learn.learner.situation_schedule import Attempt, cards_of


def test_the_study_keeps_the_situation_schedules_cards() -> None:
    rng = random.Random(1)
    chooser = FsrsChooser(["a", "b", "c"], random.Random(2))
    attempts = []
    now = START
    for n in range(40):
        now += timedelta(minutes=rng.choice((1, 5, 30, 600, 3000)))
        key = chooser.choose(now)
        right = rng.random() < 0.7
        chooser.record(key, right, now)
        attempts.append(Attempt(key, "f", right, now.timestamp(), f"a{n}"))
    product = cards_of(attempts, now)
    assert set(product) == set(chooser.cards)
    for key, card in product.items():
        mine = chooser.cards[key]
        assert abs(card.due.timestamp() - mine.due) < 1e-3
        assert (card.in_a_row, card.mistake) == (mine.in_a_row, mine.mistake)


def test_every_order_reaches_the_target_for_one_learner_and_the_table_prints() -> None:
    for name in STRATEGIES:
        got = items_to_target(name, seed=0)
        assert got is not None and got > 0
    text = str(run(learners=2))
    assert "situation schedule" in text and "topic schedule minus situation (paired)" in text
