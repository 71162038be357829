"""Published figures reproduced (lesson 11): exact fractions where counting answers the question, and
seeded simulations with 95% intervals where the play matters (lesson 11).

Each simulation deals ``hands`` random deals from ``random.Random(seed)``, plays them with
the 'standard' bot in every seat (or with the fixed choice the question asks about), and
returns an :class:`Estimate`: the share, its 95% interval (Wilson's, which behaves near 0 and
1) and the counts. The same seed gives the same numbers.

>>> from euchre_learn.analysis import figures
>>> figures.partner_holds_right_exact()
Fraction(5, 18)
>>> figures.break_even_exact()
Fraction(2, 3)
>>> est = figures.partner_holds_right(hands=2000, seed=1)
>>> est.low < 5 / 18 < est.high
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from euchre_learn.analysis.bots import get, play_hand
from euchre_learn.engine import act, core
from euchre_learn.engine.core import BID1, OVER, State
from euchre_learn.engine.rules import Rules

__all__ = [
    "Estimate",
    "break_even_exact",
    "dealer_scores_with_a_jack_turned",
    "loner_with_a_jack_turned",
    "order_up_results",
    "partner_holds_right",
    "partner_holds_right_exact",
]

Z95 = 1.959964


@dataclass(frozen=True)
class Estimate:
    """A share ``hits / n`` with its 95% Wilson interval ``[low, high]``.

    >>> e = Estimate.of(78, 100)
    >>> round(e.share, 2), round(e.low, 3), round(e.high, 3)
    (0.78, 0.689, 0.85)
    >>> print(e)
    78.0% (95% CI 68.9% to 85.0%; 78 of 100)
    """

    hits: int
    n: int
    share: float
    low: float
    high: float

    @classmethod
    def of(cls, hits: int, n: int) -> Estimate:
        if n <= 0:
            raise ValueError(f"an estimate needs at least one case, not n={n}")
        p = hits / n
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return cls(hits, n, p, max(0.0, centre - half), min(1.0, centre + half))

    def __str__(self) -> str:
        return f"{self.share:.1%} (95% CI {self.low:.1%} to {self.high:.1%}; {self.hits} of {self.n})"


def _check(hands: int) -> None:
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ValueError(f"hands must be a positive whole number, not {hands!r}")


# ---- counting --------------------------------------------------------------------------------


def partner_holds_right_exact() -> Fraction:
    """You hold five cards and see the upcard; the right bower is neither. It is one of the
    other 18 cards, dealt at random: partner's 5 of them, the two opponents' 10 and the kitty's
    3. Partner holds it in C(17, 4) of the C(18, 5) ways partner's hand can be, 5/18.

    >>> partner_holds_right_exact() == Fraction(comb(17, 4), comb(18, 5))
    True
    """
    return Fraction(comb(17, 4), comb(18, 5))


def break_even_exact() -> Fraction:
    """Ordering up scores +1 when you make it and -2 when you are euchred (R7.1), against 0
    for passing (ignoring marches, loners and what the others would have done). It pays when
    p·1 − (1 − p)·2 > 0, that is when p > 2/3.

    >>> p = break_even_exact(); p * 1 - (1 - p) * 2
    Fraction(0, 1)
    """
    made, euchred = 1, 2
    return Fraction(euchred, made + euchred)


# ---- simulations -----------------------------------------------------------------------------


def partner_holds_right(hands: int = 10_000, seed: int = 0) -> Estimate:
    """Deal at random; keep the deals where South lacks the right bower of the upcard's suit
    (and it is not the upcard); count how often North, South's partner, holds it.

    >>> partner_holds_right(hands=500, seed=3).n < 500        # some deals do not qualify
    True
    """
    _check(hands)
    rules = Rules()
    rng = random.Random(f"partner-right/{seed}")
    hits = n = 0
    for i in range(hands):
        st = core.deal(rules, i & 3, rng)
        right = (st.upcard // 6) * 6 + 2
        if st.upcard == right or st.hands[2] >> right & 1:
            continue
        n += 1
        hits += st.hands[0] >> right & 1
    return Estimate.of(hits, n)


def _jack_turned(st: State) -> bool:
    return st.upcard < 24 and st.upcard % 6 == 2


def dealer_scores_with_a_jack_turned(hands: int = 10_000, seed: int = 0) -> Estimate:
    """Deals with a jack turned up (the right bower, if the dealer takes it), played by four
    'standard' bots: how often does the dealer's side score (make trump, or euchre the makers)?
    A hand thrown in scores for nobody.

    >>> e = dealer_scores_with_a_jack_turned(hands=200, seed=1)
    >>> 0.5 < e.share < 1.0
    True
    """
    _check(hands)
    rules = Rules()
    rng = random.Random(f"jack-turned/{seed}")
    bots = [get("standard", seed=f"{seed}/{s}") for s in range(4)]
    hits = n = 0
    while n < hands:
        st = core.deal(rules, n & 3, rng)
        if not _jack_turned(st):
            continue
        n += 1
        play_hand(st, bots, rng)
        if st.score is None:
            continue
        makers = st.maker & 1
        scorer = makers if st.score.makers else 1 - makers
        hits += scorer == st.dealer & 1
    return Estimate.of(hits, n)


@dataclass(frozen=True)
class OrderUps:
    """What happened on the hands a 'standard' bot ordered up (or took up) in round 1."""

    made: Estimate
    """The share the makers made (3 tricks or more)."""
    points: float
    """The makers' points per hand, the other side's counted against them (marches and loners included)."""
    points_ci: float
    simple: float
    """``3·p − 2``: the same hands' worth if every make scored 1 and every euchre cost 2."""


def order_up_results(hands: int = 10_000, seed: int = 0) -> OrderUps:
    """Random deals played by four 'standard' bots; of those where trump was ordered up in
    round 1, the share made and the makers' points per hand, beside ``3·p − 2``.

    >>> r = order_up_results(hands=300, seed=2)
    >>> r.made.share > 2 / 3 and r.points > 0
    True
    """
    _check(hands)
    rules = Rules()
    rng = random.Random(f"order-up/{seed}")
    bots = [get("standard", seed=f"{seed}/{s}") for s in range(4)]
    made = n = 0
    pts: list[int] = []
    for i in range(hands):
        st = play_hand(core.deal(rules, i & 3, rng), bots, rng)
        if st.score is None or st.turned_down >= 0:
            continue
        n += 1
        made += st.score.makers > 0
        pts.append(st.score.makers - st.score.defenders)
    est = Estimate.of(made, n)
    mean = sum(pts) / n
    var = sum((x - mean) ** 2 for x in pts) / max(1, n - 1)
    return OrderUps(est, mean, Z95 * math.sqrt(var / n), 3 * est.share - 2)


def _no_offsuit_ace(st: State, seats: tuple[int, int], trump: int) -> bool:
    aces = [s * 6 + 5 for s in range(4) if s != trump]
    return not any((st.hands[x] >> a) & 1 for x in seats for a in aces)


def loner_with_a_jack_turned(hands: int = 10_000, seed: int = 0) -> Estimate:
    """The dealer takes up a turned-up jack (the right bower) and plays alone, in deals where
    the two defenders hold no off-suit ace (no *off-suit defence*: only trumps can stop the
    loner). Everyone else passes; the defenders play as 'standard' bots. How often does the
    loner march (all five tricks, R7.1)?

    >>> 0 < loner_with_a_jack_turned(hands=100, seed=1).share < 1
    True
    """
    _check(hands)
    rules = Rules()
    rng = random.Random(f"loner/{seed}")
    bot = get("standard", seed=seed)
    hits = n = 0
    while n < hands:
        st = core.deal(rules, n & 3, rng)
        if not _jack_turned(st):
            continue
        t = st.upcard // 6
        defenders = ((st.dealer + 1) & 3, (st.dealer + 3) & 3)
        if not _no_offsuit_ace(st, defenders, t):
            continue
        n += 1
        while st.phase == BID1 and st.to_act != st.dealer:
            st.apply(act.PASS)
        st.apply(act.ORDER_UP_ALONE)
        while st.phase != OVER:
            st.apply(bot.decide(st, rng, None))
        assert st.score is not None
        hits += st.score.outcome == "march"
    return Estimate.of(hits, n)
