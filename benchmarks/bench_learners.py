"""The simulated-learner study: does scheduling practice by *situation* bring a learner to 90%
accuracy in fewer items than scheduling by quiz topic, or than a random order?

Each simulated learner meets ``SITUATIONS`` situations, grouped ``PER_TOPIC`` to a quiz topic
(as lesson quizzes group them: a topic mixes easy and hard situations). Two models of how a
learner learns are run, because the answer depends on it:

- **the rule learner** (the study's main model). A situation is a rule of play, known or not, as
  in knowledge tracing (Corbett and Anderson, 1995), the usual model of a tutored skill: a known
  rule is answered right but for a slip (``SLIP``), an unknown one only by luck (a guess, 20% to
  50%: a few options, some of them tempting). Some rules are known at the start, the easy ones
  more often. A wrong answer, with the coach's explanation, teaches the rule with chance
  ``LEARN_WRONG``; a lucky right one, with its reason, with chance ``LEARN_RIGHT``. A known rule is
  forgotten as days pass: it is still there after ``t`` days with chance ``exp(-t / S)``, and its
  stability ``S`` grows when the rule is recalled, the more the nearer it was to being forgotten
  (the spacing effect, as in the memory model FSRS itself is built on): a check a minute after
  learning adds nothing, one a week later adds much.
- **the chipping learner** (the first model, kept as the counter-case). Each situation has a
  chance of a mistake (5% to 80%) that every answer chips at: ×``AFTER_WRONG`` after a wrong one,
  ×``AFTER_RIGHT`` after a right one, whenever it comes (no spacing effect); it drifts back towards
  where it started as days pass (slower the more the situation was practised). Nothing is ever
  learned outright, so practice anywhere helps about as much as practice on a missed situation.

The learner's *accuracy* is the share of all situations they would get right now: what the table
asks of them.

Three ways to choose the next item, each ``ITEMS_PER_DAY`` items a day:

- **situation schedule**: the product's own: one FSRS card per situation, rated as
  :mod:`euchre_learn.learner.situation_schedule` rates (wrong Again, right Good, right once
  mastered Easy; ``tests/learner`` checks the cards it works out), served as Today's practice
  serves it: the situations missed and not yet got right three times in a row since, then
  situations never met, then the other checks due (not mastered first, then the weakest), then
  the weakest again;
- **topic schedule**: the same FSRS and order, one card per topic; a topic's item is a random
  situation of it;
- **random**: a situation drawn at random each item;
- **situation schedule, checks before new**: the order Today's practice served before this
  study: everything due (the wrong ones first), then situations never met. The study moved the
  product to the order above.

Printed, for each learner model: the items each order needs to reach 90% accuracy (mean over
learners, with a 95% interval, and how many learners got there within ``MAX_DAYS``; a learner who
did not counts as the whole ``MAX_DAYS``, so such a mean is a lower bound, shown with ≥), every
learner the same for each order (seeded), and the paired differences.

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
from typing import Any, Protocol

import fsrs

from euchre_learn.learner.schedule import AGAIN, EASY, GOOD, retrievability
from euchre_learn.learner.situation_schedule import MASTERY

from ._table import Table

SITUATIONS = 40
PER_TOPIC = 5
ITEMS_PER_DAY = 15
MAX_DAYS = 120
TARGET = 0.90
START = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
"""The scheduler the learner's schedule uses (FSRS's defaults, no fuzzing)."""

# the rule learner
SLIP = 0.05
LEARN_WRONG = 0.5
LEARN_RIGHT = 0.2
FIRST_STABILITY = 4.0
"""Days a rule just learned lasts (it is still known after that many days with chance 1/e)."""
START_STABILITY = 30.0
"""Days a rule known before the course lasts."""
SPACING_GAIN = 3.0
"""A recall at retrievability ``r`` multiplies the stability by ``1 + SPACING_GAIN * (1 - r)``."""

# the chipping learner
AFTER_WRONG = 0.45
AFTER_RIGHT = 0.85
FORGET_DAYS = 4.0
"""Days for a situation practised once to drift ~63% of the way back (times the practice count)."""


class Learner(Protocol):
    def answer(self, s: int, t: float, rng: random.Random) -> bool:
        """Answer situation ``s`` at ``t`` (days), learn from the feedback, say whether it was right."""

    def accuracy(self, t: float) -> float:
        """The share of all situations the learner would get right at ``t``."""


@dataclass
class RuleLearner:
    """Each situation's rule known or not, with its chance of a lucky guess, the stability of the
    knowledge (days) and when it was last recalled or learned."""

    guess: list[float]
    known: list[bool]
    stability: list[float] = field(default_factory=list)
    last: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.stability = [START_STABILITY if k else FIRST_STABILITY for k in self.known]
        self.last = [0.0] * len(self.known)

    def kept(self, s: int, t: float) -> float:
        """The chance the rule of ``s`` is known at ``t`` (0 when it was never learned)."""
        return math.exp(-(t - self.last[s]) / self.stability[s]) if self.known[s] else 0.0

    def answer(self, s: int, t: float, rng: random.Random) -> bool:
        r = self.kept(s, t)
        if rng.random() < r:  # recalled: right unless a slip, and the longer it lasted the stronger
            self.stability[s] *= 1 + SPACING_GAIN * (1 - r)
            self.last[s] = t
            return rng.random() >= SLIP
        right = rng.random() < self.guess[s]
        self.known[s] = rng.random() < (LEARN_RIGHT if right else LEARN_WRONG)
        if self.known[s]:
            self.stability[s], self.last[s] = FIRST_STABILITY, t
        return right

    def accuracy(self, t: float) -> float:
        right = (self.kept(s, t) * (1 - SLIP) + (1 - self.kept(s, t)) * self.guess[s] for s in range(len(self.known)))
        return statistics.fmean(right)


@dataclass
class ChippingLearner:
    """Each situation's chance of a mistake at the start and now, how often it was practised and
    when last."""

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
        p = self.error(s, t)
        right = rng.random() >= p
        self.now[s] = p * (AFTER_RIGHT if right else AFTER_WRONG)
        self.reps[s] += 1
        self.last[s] = t
        return right

    def accuracy(self, t: float) -> float:
        return 1 - sum(self.error(s, t) for s in range(len(self.start))) / len(self.start)


def new_learner(model: str, rng: random.Random) -> Learner:
    """A learner of ``model`` ('rule' or 'chipping'): situations mostly easy, some hard."""
    if model == "rule":
        hard = [rng.betavariate(1.2, 2.2) for _ in range(SITUATIONS)]
        return RuleLearner(
            guess=[0.5 - 0.3 * h for h in hard],  # a hard situation's tempting wrong answer
            known=[rng.random() >= 0.3 + 0.6 * h for h in hard],
        )
    return ChippingLearner([min(0.8, max(0.05, rng.betavariate(1.2, 2.2))) for _ in range(SITUATIONS)])


MODELS = {"rule": "the rule learner (known or not, forgotten, the spacing effect)", "chipping": "the chipping learner"}


@dataclass
class _Card:
    """An item's FSRS card as the situation schedule keeps it (kept up to date answer by answer,
    which is what :func:`cards_of` works out from the whole history)."""

    fsrs: Any
    due: float
    in_a_row: int
    mistake: bool
    relearning: bool
    """Missed, and not yet made good by MASTERY right in a row (SituationCard.relearning)."""


class FsrsChooser:
    """The product's order over FSRS cards of some items (situations or topics): the due ones
    missed and not yet made good (:data:`MASTERY` right in a row since), then items never met in a fixed order, then the other due (not mastered first,
    then the weakest, then the longest overdue), then the weakest; the item just answered waits a
    turn when it can (with ``new_early=False``, everything due comes before what was never met).
    The ratings are the situation schedule's: wrong Again, right Good, right once mastered Easy."""

    def __init__(self, items: list[str], rng: random.Random, *, new_early: bool = True) -> None:
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
                not self.cards[k].relearning,
                self.cards[k].in_a_row >= MASTERY,
                chance(k),
                self.cards[k].due,
                k,
            ),
        )
        new = [k for k in self.items if k not in self.cards]
        if self.new_early:  # the misses not yet made good, then what was never met, then the rest due
            missed = [k for k in due if self.cards[k].relearning]
            order = missed + new + [k for k in due if not self.cards[k].relearning]
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
        in_a_row = in_a_row + 1 if right else 0
        relearning = in_a_row < MASTERY and (not right or (old is not None and old.relearning))
        self.cards[key] = _Card(card, card.due.timestamp(), in_a_row, not right, relearning)
        self.last = key


def _situation_strategy(
    rng: random.Random, *, new_early: bool = True
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
    "situation schedule, checks before new": lambda rng: _situation_strategy(rng, new_early=False),
}


def items_to_target(strategy: str, seed: int, model: str = "rule") -> int | None:
    """Items the ``model`` learner of ``seed`` needs under ``strategy`` to reach :data:`TARGET`
    accuracy (``None``: not within :data:`MAX_DAYS`)."""
    learner = new_learner(model, random.Random(f"learner/{seed}"))
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


def study(model: str, n: int) -> Table:
    """One learner model's table: every order over the same ``n`` learners."""
    cap = MAX_DAYS * ITEMS_PER_DAY
    table = Table(
        f"Simulated learners, {MODELS[model]}: items to reach {TARGET:.0%} accuracy ({n} learners, "
        f"{SITUATIONS} situations in {SITUATIONS // PER_TOPIC} topics, {ITEMS_PER_DAY} items a day, at most {MAX_DAYS} days)",
        ["order", "items (mean)", "95% interval", "reached 90%", "vs situation schedule"],
    )
    results = {name: [items_to_target(name, seed, model) for seed in range(n)] for name in STRATEGIES}
    # a learner who never got there counts as the whole run: the mean is then a lower bound
    items = {name: [cap if x is None else x for x in got] for name, got in results.items()}
    base_mean = statistics.fmean(items["situation schedule"])

    def bound(name: str) -> str:
        return "≥" if None in results[name] else ""

    for name, got in items.items():
        mean, lo, hi = _interval(got)
        reached = sum(x is not None for x in results[name])
        table.add(
            name,
            f"{bound(name)}{mean:.0f}",
            f"{lo:.0f} to {hi:.0f}" if reached else "-",
            f"{reached} of {n}",
            f"{bound(name)}{mean / base_mean:.2f}×",
        )
    # the paired difference, learner by learner (the same learner under each order)
    for name in [k for k in STRATEGIES if k != "situation schedule"]:
        pairs = [b - a for a, b in zip(items["situation schedule"], items[name], strict=True)]
        if len(pairs) > 1:
            mean, lo, hi = _interval(pairs)
            table.add(f"  {name} minus situation (paired)", f"{mean:+.0f}", f"{lo:+.0f} to {hi:+.0f}", f"{n} pairs", "")
    if any(None in got for got in results.values()):
        table.notes.append(f"≥: some learners did not reach {TARGET:.0%} in {MAX_DAYS} days and count as {cap} items.")
    return table


def run(rounds: int = 5, learners: int | None = None) -> list[Table]:
    """The study's tables, one per learner model (``rounds`` is not used: nothing is timed)."""
    n = learners or (200 if os.environ.get("EUCHRE_BENCH_FULL") else 40)
    return [study(model, n) for model in MODELS]


if __name__ == "__main__":
    for table in run():
        print(table, end="\n\n")
