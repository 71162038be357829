"""The simulated-learner study: does scheduling practice by *situation* bring a learner to 90%
accuracy in fewer items than scheduling by quiz topic, or than a random order?

Each simulated learner meets ``SITUATIONS`` situations, grouped ``PER_TOPIC`` to a quiz topic
(as lesson quizzes group them). Each situation has its own chance of a mistake, drawn at the
start (some easy, some hard: a topic mixes both). Feedback teaches: after a wrong answer the
chance of that mistake is multiplied by ``AFTER_WRONG``, after a right one by ``AFTER_RIGHT``; and
it drifts back towards where it started as days pass without practice (forgetting, slower the
more the situation has been practised). The learner's *accuracy* is the share of all situations
they would get right now: what the table asks of them.

Three ways to choose the next item, each ``ITEMS_PER_DAY`` items a day:

- **situation schedule**: the product's own: one FSRS card per situation, rated as
  :mod:`euchre_learn.learner.situation_schedule` rates (wrong Again, right Good, right once
  mastered Easy; ``tests/learner`` checks the cards it works out), served as Today's practice serves it: due first (last wrong first, then not
  mastered, then the weakest), then situations never met, then the weakest again;
- **topic schedule**: the same FSRS and order, one card per topic; a topic's item is a random
  situation of it;
- **random**: a situation drawn at random each item.

Printed: the items each needs to reach 90% accuracy (mean over learners, with a 95% interval, and
how many learners got there within ``MAX_DAYS``), every learner the same for the three (seeded).

    python -m benchmarks learners            # 40 learners
    EUCHRE_BENCH_FULL=1 python -m benchmarks learners   # 200 learners

This is a benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import math
import os
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

import fsrs

from euchre_learn.learner.schedule import AGAIN, EASY, GOOD, retrievability
from euchre_learn.learner.situation_schedule import MASTERY

from ._table import Table

SITUATIONS = 40
PER_TOPIC = 5
ITEMS_PER_DAY = 15
MAX_DAYS = 120
TARGET = 0.90
AFTER_WRONG = 0.45
AFTER_RIGHT = 0.85
FORGET_DAYS = 4.0
"""Days for a situation practised once to drift ~63% of the way back (times the practice count)."""
START = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
"""The scheduler the learner's schedule uses (FSRS's defaults, no fuzzing)."""


@dataclass
class Learner:
    """One simulated learner: each situation's chance of a mistake at the start and now, how often
    it was practised and when last."""

    start: list[float]
    now: list[float] = field(default_factory=list)
    reps: list[int] = field(default_factory=list)
    last: list[float | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.now = list(self.start)
        self.reps = [0] * len(self.start)
        self.last = [None] * len(self.start)

    def error(self, s: int, t: float) -> float:
        """The chance of a mistake in situation ``s`` at time ``t`` (days), forgetting included."""
        last = self.last[s]
        if last is None:
            return self.now[s]
        drift = 1 - math.exp(-(t - last) / (FORGET_DAYS * self.reps[s]))
        return self.now[s] + (self.start[s] - self.now[s]) * drift

    def answer(self, s: int, t: float, rng: random.Random) -> bool:
        """Answer situation ``s`` at ``t``, learn from the feedback, and say whether it was right."""
        p = self.error(s, t)
        right = rng.random() >= p
        self.now[s] = p * (AFTER_RIGHT if right else AFTER_WRONG)
        self.reps[s] += 1
        self.last[s] = t
        return right

    def accuracy(self, t: float) -> float:
        return 1 - sum(self.error(s, t) for s in range(len(self.start))) / len(self.start)


def new_learner(rng: random.Random) -> Learner:
    """Situations mostly easy, some hard: a mistake chance from 5% to 80%."""
    return Learner([min(0.8, max(0.05, rng.betavariate(1.2, 2.2))) for _ in range(SITUATIONS)])


@dataclass
class _Card:
    """An item's FSRS card as the situation schedule keeps it (kept up to date answer by answer,
    which is what :func:`cards_of` works out from the whole history)."""

    fsrs: Any
    due: float
    in_a_row: int
    mistake: bool


class FsrsChooser:
    """The product's order over FSRS cards of some items (situations or topics): due first (last
    wrong first, then not mastered, then the weakest, then the longest overdue), then items never
    met in a fixed order, then the weakest; the item just answered waits a turn when it can. The
    ratings are the situation schedule's: wrong Again, right Good, right once mastered Easy."""

    def __init__(self, items: list[str], rng: random.Random, *, new_early: bool = False) -> None:
        self.new_early = new_early
        self.items = list(items)
        rng.shuffle(self.items)
        self.cards: dict[str, _Card] = {}
        self.last: str | None = None

    def choose(self, now: datetime) -> str:
        t = now.timestamp()

        def chance(k: str) -> float:
            return retrievability(self.cards[k].fsrs, now)

        due = sorted(
            (k for k, c in self.cards.items() if c.due <= t),
            key=lambda k: (
                not self.cards[k].mistake,
                self.cards[k].in_a_row >= MASTERY,
                chance(k),
                self.cards[k].due,
                k,
            ),
        )
        new = [k for k in self.items if k not in self.cards]
        if self.new_early:  # the mistakes, then what was never met, then the rest due
            missed = [k for k in due if self.cards[k].mistake]
            order = missed + new + [k for k in due if not self.cards[k].mistake]
        else:
            order = due + new
        if len(order) < 2:
            order += sorted(self.cards, key=lambda k: (chance(k), k))
        fresh = [k for k in order if k != self.last] or order
        return fresh[0]

    def record(self, key: str, right: bool, now: datetime) -> None:
        old = self.cards.get(key)
        in_a_row = 0 if old is None else old.in_a_row
        grade = AGAIN if not right else EASY if in_a_row >= MASTERY else GOOD
        card = fsrs.Card(card_id=1, due=now) if old is None else old.fsrs
        card, _log = SCHEDULER.review_card(card, fsrs.Rating(grade), review_datetime=now)
        self.cards[key] = _Card(card, card.due.timestamp(), in_a_row + 1 if right else 0, not right)
        self.last = key


def _situation_strategy(
    rng: random.Random, *, new_early: bool = False
) -> Callable[[datetime], tuple[int, Callable[[bool], None]]]:
    chooser = FsrsChooser([f"s{i}" for i in range(SITUATIONS)], rng, new_early=new_early)

    def step(now: datetime) -> tuple[int, Callable[[bool], None]]:
        key = chooser.choose(now)
        return int(key[1:]), lambda right: chooser.record(key, right, now)

    return step


def _topic_strategy(rng: random.Random) -> Callable[[datetime], tuple[int, Callable[[bool], None]]]:
    chooser = FsrsChooser([f"t{i}" for i in range(SITUATIONS // PER_TOPIC)], rng)

    def step(now: datetime) -> tuple[int, Callable[[bool], None]]:
        key = chooser.choose(now)
        s = int(key[1:]) * PER_TOPIC + rng.randrange(PER_TOPIC)
        return s, lambda right: chooser.record(key, right, now)

    return step


def _random_strategy(rng: random.Random) -> Callable[[datetime], tuple[int, Callable[[bool], None]]]:
    def step(_now: datetime) -> tuple[int, Callable[[bool], None]]:
        return rng.randrange(SITUATIONS), lambda _right: None

    return step


STRATEGIES = {
    "situation schedule": _situation_strategy,
    "topic schedule": _topic_strategy,
    "random order": _random_strategy,
    "situation schedule, new before checks": lambda rng: _situation_strategy(rng, new_early=True),
}


def items_to_target(strategy: str, seed: int) -> int | None:
    """Items the learner of ``seed`` needs under ``strategy`` to reach :data:`TARGET` accuracy
    (``None``: not within :data:`MAX_DAYS`)."""
    learner = new_learner(random.Random(f"learner/{seed}"))
    step = STRATEGIES[strategy](random.Random(f"order/{strategy}/{seed}"))
    answers = random.Random(f"answers/{seed}")
    items = 0
    for day in range(MAX_DAYS):
        for i in range(ITEMS_PER_DAY):
            now = START + timedelta(days=day, minutes=2 * i)
            t = (now - START).total_seconds() / 86400
            s, record = step(now)
            record(learner.answer(s, t, answers))
            items += 1
            if learner.accuracy(t) >= TARGET:
                return items
    return None


def _interval(xs: list[int]) -> tuple[float, float, float]:
    """The mean and a 95% interval (normal approximation; the spread of the learners)."""
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return mean, mean - half, mean + half


def run(rounds: int = 5, learners: int | None = None) -> Table:
    """The study's table (``rounds`` is not used: nothing is timed)."""
    n = learners or (200 if os.environ.get("EUCHRE_BENCH_FULL") else 40)
    table = Table(
        f"Simulated learners: items to reach {TARGET:.0%} accuracy ({n} learners, {SITUATIONS} situations "
        f"in {SITUATIONS // PER_TOPIC} topics, {ITEMS_PER_DAY} items a day)",
        ["order", "items (mean)", "95% interval", "reached 90%", "vs situation schedule"],
    )
    results = {name: [items_to_target(name, seed) for seed in range(n)] for name in STRATEGIES}
    base = [x for x in results["situation schedule"] if x is not None]
    base_mean = statistics.fmean(base) if base else float("nan")
    for name, got in results.items():
        reached = [x for x in got if x is not None]
        if not reached:
            table.add(name, "-", "-", f"0 of {n}", "-")
            continue
        mean, lo, hi = _interval(reached)
        table.add(name, f"{mean:.0f}", f"{lo:.0f} to {hi:.0f}", f"{len(reached)} of {n}", f"{mean / base_mean:.2f}×")
    # the paired difference, learner by learner (the same learner under each order)
    for name in ("topic schedule", "random order"):
        pairs = [
            b - a
            for a, b in zip(results["situation schedule"], results[name], strict=True)
            if a is not None and b is not None
        ]
        if len(pairs) > 1:
            mean, lo, hi = _interval(pairs)
            table.add(
                f"  {name} minus situation (paired)",
                f"{mean:+.0f}",
                f"{lo:+.0f} to {hi:+.0f}",
                f"{len(pairs)} pairs",
                "",
            )
    return table


if __name__ == "__main__":
    print(run())
