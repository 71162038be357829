"""The numbers of a rule-of-thumb experiment (:mod:`euchre_learn.analysis.strategy`): a mean
with its 95% interval, a row's comparison of two choices, and a rule's finding, as the lessons'
"What good players do" boxes show them.

>>> Estimate.of([1.0, 0.0, 1.0, 0.0]).n
4
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Estimate", "Finding", "Group"]


@dataclass(frozen=True)
class Estimate:
    """A mean with the half-width of its 95% interval (1.96 standard errors).

    >>> e = Estimate(0.3, 0.1, 400)
    >>> e.low, e.high, str(e)
    (0.19999999999999998, 0.4, '+0.30 ± 0.10')
    """

    mean: float
    half: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half

    def __str__(self) -> str:
        return f"{self.mean:+.2f} ± {self.half:.2f}"

    def percent(self) -> str:
        """As a rate: ``'76% ± 3%'``."""
        return f"{100 * self.mean:.0f}% ± {100 * self.half:.0f}%"

    @classmethod
    def of(cls, xs: Sequence[float]) -> Estimate:
        n = len(xs)
        if n < 2:
            raise ValueError(f"an estimate needs at least 2 values, not {n}")
        m = sum(xs) / n
        var = sum((x - m) ** 2 for x in xs) / (n - 1)
        return cls(m, 1.96 * math.sqrt(var / n), n)


@dataclass(frozen=True)
class Group:
    """One row of a finding: a situation, the two choices, and what each was worth."""

    label: str
    """The situation, in plain words."""
    choice: str
    versus: str
    claim: int
    """+1: the rule says ``choice`` is better here; -1: worse; 0: shown for comparison only."""
    n: int
    choice_points: Estimate
    versus_points: Estimate
    gain: Estimate
    """``choice`` minus ``versus``, points per hand for the chooser's side (paired on each deal)."""
    make_rate: Estimate | None
    """For a bid: how often the chooser's side took 3 tricks or more after ``choice``, when it made trump."""

    @property
    def holds(self) -> bool:
        """The row says what its claim says: the whole interval on the claimed side of zero."""
        if self.claim > 0:
            return self.gain.low > 0
        if self.claim < 0:
            return self.gain.high < 0
        return True


@dataclass(frozen=True)
class Finding:
    """A rule of thumb and what the engine found."""

    id: str
    advice: str
    """The rule in plain words, as the box states it."""
    why: str
    groups: tuple[Group, ...]
    samples: int
    seed: int

    @property
    def supported(self) -> bool:
        return all(g.holds for g in self.groups)

    def verdict(self) -> str:
        """One sentence: do the numbers back the rule?"""
        if self.supported:
            return "The numbers back this: every row's interval is on the side the rule says."
        bad = [
            f"{g.label}, {g.versus} did better"
            if g.gain.mean * g.claim < 0 and (g.gain.high < 0 or g.gain.low > 0)
            else f"{g.label}, too close to call"
            for g in self.groups
            if not g.holds
        ]
        return "The numbers do not confirm this rule: " + "; ".join(bad) + "."
