"""The simulated-learner study (benchmarks/bench_learners.py): its scheduler keeps the same cards as
the situation schedule works out, its rule learner forgets and shows the spacing effect as its
docstring says, and its tables come out for a couple of learners."""

from __future__ import annotations

import math
import random
from datetime import timedelta

from benchmarks.bench_learners import (
    FIRST_STABILITY,
    MODELS,
    START,
    STRATEGIES,
    FsrsChooser,
    RuleLearner,
    items_to_target,
    run,
)
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
        assert (card.in_a_row, card.mistake, card.relearning) == (mine.in_a_row, mine.mistake, mine.relearning)


def _learned_once() -> RuleLearner:
    """A learner who knows situation 0's rule, just learned at day 0, and never guesses right."""
    learner = RuleLearner(guess=[0.0], known=[True])
    learner.stability[0] = FIRST_STABILITY
    return learner


class _Draws(random.Random):
    """A random source that gives the draws it is told, in order."""

    def __init__(self, *draws: float) -> None:
        super().__init__(0)
        self.draws = iter(draws)

    def random(self) -> float:
        return next(self.draws)


def test_the_rule_learner_forgets_and_a_late_check_strengthens_more_than_an_early_one() -> None:
    learner = _learned_once()
    assert learner.kept(0, 0.0) == 1.0
    assert math.isclose(learner.kept(0, FIRST_STABILITY), math.exp(-1))
    assert learner.accuracy(30.0) < learner.accuracy(1.0)

    gains = []
    for day in (0.001, 1.0, 6.0):  # recalled a minute, a day, six days after learning
        learner = _learned_once()
        assert learner.answer(0, day, _Draws(0.0, 0.99))  # recalled, and no slip
        gains.append(learner.stability[0] / FIRST_STABILITY)
    assert 1.0 <= gains[0] < gains[1] < gains[2]


def test_a_wrong_answer_may_teach_the_rule_and_a_forgotten_rule_is_lost() -> None:
    learner = RuleLearner(guess=[0.0], known=[False])
    # never learned, so not recalled; no lucky guess; the coach's explanation lands
    assert not learner.answer(0, 2.0, _Draws(0.5, 0.5, 0.0))
    assert learner.known[0] and learner.last[0] == 2.0 and learner.stability[0] == FIRST_STABILITY
    # long after: not recalled, no lucky guess, and this time the lesson misses
    assert not learner.answer(0, 200.0, _Draws(0.999, 0.5, 0.9))
    assert not learner.known[0] and learner.kept(0, 200.0) == 0.0


def test_the_situation_schedule_brings_a_rule_learner_to_the_target_and_the_tables_print() -> None:
    assert items_to_target("situation schedule", seed=0, model="rule") is not None
    for name in STRATEGIES:  # the chipping learner gets there under every order
        got = items_to_target(name, seed=0, model="chipping")
        assert got is not None and got > 0
    text = "\n".join(str(t) for t in run(learners=2))
    for model in MODELS.values():
        assert model in text
    assert "topic schedule minus situation (paired)" in text
