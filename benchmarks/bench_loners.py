"""Loners against three defences: the loner's march and euchre rates on the same seeded deals.

The deals: random deals (seeded) in which a seat holds a hand that goes alone with at most
:data:`DEAL_LOSERS` losers by :func:`~euchre_learn.analysis.bots.march_losers` (one more than
the expert's march gate, :func:`euchre_learn.analysis.coach.loners.march_gate`), the first such seat in the bidding ordering
up (or, round 2, calling its best suit) alone. The loner plays as the standard bot plays; its
two defenders play as

* ``standard (before)``: the standard bot of commit 29c2fb0, before issue 33, run from that
  commit's own code (:class:`benchmarks.frozen.FrozenBot`),
* ``standard``: the standard bot's card play now, with its defence against a loner,
* ``expert``: the expert bot's card play (perfect-information Monte Carlo over fitted worlds).

The rates are split by the loner's hand: the ones the standard bot itself goes alone with
(``march_losers`` at most 1) and the thin ones only the expert's gate lets through (2 or 3).
``EUCHRE_BENCH_FULL=1`` plays 300 deals (the figures in issue 33's note); ``make bench`` 40.

Run with ``python -m benchmarks loners``.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Sequence

from euchre_learn import Rules
from euchre_learn.analysis.bots import BIDDING, Bot, best_discard, get, march_losers
from euchre_learn.engine import act
from euchre_learn.engine.core import BID1, BID2, OVER, PLAY_PHASE, State, deal

from ._table import Table, rate_text, ratio_text
from ._table import measure as measure_rates
from .frozen import FrozenBot, playout

DEFENCES = ("standard (before)", "standard", "expert")


def _alone_mask(s: State, seat: int, t: int) -> int:
    """The five cards ``seat`` plays alone with, ``t`` trump (the dealer picks up in round 1)."""
    hand = s.hands[seat]
    if s.phase == BID1 and seat == s.dealer:
        hand |= 1 << s.upcard
        hand &= ~(1 << best_discard(hand, t, 1 << s.upcard))
    return hand


DEAL_LOSERS = 3
"""The most march losers of a loner in the measured deals: one more than the expert's gate
(:data:`~euchre_learn.analysis.cfr_bidding.ALONE_LOSERS`, 2 since issue 35), so the thin loners
the defence must beat are in the set."""


def loner_deal(rules: Rules, seed: int) -> tuple[State, int] | None:
    """The deal of ``seed`` bid up to its first loner through the expert's gate, at the start
    of the play, and the loner's march losers; ``None`` when nobody's hand passes the gate."""
    rng = random.Random(seed)
    s = deal(rules, seed % 4, rng)
    while s.phase in (BID1, BID2):
        seat = s.to_act
        if s.phase == BID1:
            options = [(s.upcard // 6, act.ORDER_UP_ALONE)]
        else:
            options = [(t, act.CALL_ALONE + t) for t in range(4) if act.CALL_ALONE + t in s.legal()]
        scored = [(march_losers(_alone_mask(s, seat, t), t), a) for t, a in options if a in s.legal()]
        best = min(scored, default=None)
        if best is not None and best[0] <= DEAL_LOSERS:
            s.apply(best[1])
            bot = get("standard", seed=seed)
            while s.phase not in (PLAY_PHASE, OVER):  # the dealer's discard
                s.apply(bot.decide(s, rng, None))
            return (s, best[0]) if s.phase == PLAY_PHASE and s.alone else None
        if act.PASS not in s.legal():
            return None  # stuck with no loner
        s.apply(act.PASS)
    return None


def loner_deals(n: int, seed: int = 0, rules: Rules | None = None) -> list[tuple[State, int]]:
    """``n`` loner deals (see :func:`loner_deal`) from consecutive seeds, half of them hands the
    standard bot goes alone with (at most ``BIDDING['alone_losers']`` losers), half thin ones."""
    rules = rules or Rules()
    strong: list[tuple[State, int]] = []
    thin: list[tuple[State, int]] = []
    k = seed * 1_000_003
    while len(strong) < n // 2 or len(thin) < n - n // 2:
        if k > seed * 1_000_003 + 200 * n:
            raise RuntimeError(f"only {len(strong)} strong and {len(thin)} thin loners in {200 * n} deals")
        got = loner_deal(rules, k)
        k += 1
        if got is None:
            continue
        group, size = (strong, n // 2) if got[1] <= BIDDING["alone_losers"] else (thin, n - n // 2)
        if len(group) < size:
            group.append(got)
    return strong + thin


def play_out(s: State, loner: Bot, defender: Bot, seed: int) -> int:
    """The loner's tricks once ``s`` is played out, the loner by ``loner``, the rest by ``defender``."""
    s = s.copy()
    rng = random.Random(seed)
    maker_side = s.maker & 1
    while s.phase != OVER:
        bot = loner if s.to_act & 1 == maker_side else defender
        s.apply(bot.decide(s, rng, None))
    return s.won[maker_side]


def _rate(xs: Sequence[float]) -> str:
    if not xs:
        return "-"
    p = sum(xs) / len(xs)
    se = math.sqrt(p * (1 - p) / len(xs))
    return f"{p:.1%} ± {se:.1%}"


def measure(
    deals: Sequence[tuple[State, int]], defences: Sequence[str] = DEFENCES, seed: int = 0
) -> dict[str, list[tuple[int, int]]]:
    """For each defence: per deal, (the loner's tricks, its march losers)."""
    makers: dict[str, Callable[[int], Bot]] = {
        "standard (before)": lambda k: FrozenBot("standard", seed=k),
        "standard": lambda k: get("standard", seed=k),
        "expert": lambda k: get("expert", seed=k),
    }
    loner = get("standard", seed=seed)
    out: dict[str, list[tuple[int, int]]] = {}
    for name in defences:
        defender = makers[name](seed)
        out[name] = [(play_out(s, loner, defender, seed * 7919 + i), lo) for i, (s, lo) in enumerate(deals)]
    return out


def speed(rounds: int = 5, seed: int = 0) -> Table:
    """The standard bot's card play now against before, in hands played out per second: on
    random deals (few have a loner) and on loner deals (every one), with the ratio."""
    rng = random.Random(seed)
    rules = Rules()
    deals = [deal(rules, i % 4, rng) for i in range(200)]
    loners = [s for s, _lo in loner_deals(200, seed + 1)]
    table = Table(
        "The standard bot's speed, its loner defence against its card play before: hands played out per second",
        ["deals", "before", "now", "now / before"],
    )
    before = FrozenBot("standard", seed=seed)
    now = get("standard", seed=seed)
    for label, states in (("random deals", deals), ("loner deals", loners)):
        works = {
            "before": lambda n, states=states: before.playout(states, n),
            "now": lambda n, states=states: playout(now, states, n),
        }
        rates = measure_rates(works, 400, rounds)
        table.add(
            label,
            rate_text(rates["before"].median),
            rate_text(rates["now"].median),
            ratio_text(rates["before"].median / rates["now"].median),
        )
    table.notes.append("now / before: the time a hand takes now over the time it took before (1.00× = as fast)")
    return table


def run(rounds: int = 1, deals: int | None = None, seed: int = 0) -> list[Table]:
    """The tables for ``python -m benchmarks``."""
    full = bool(os.environ.get("EUCHRE_BENCH_FULL"))
    n = deals or (300 if full else 40)
    found = loner_deals(n, seed)
    table = Table(
        f"Loners against three defences: {n} seeded loner deals (the loner plays as 'standard')",
        ["defenders", "loner's hand", "deals", "march", "euchred", "loner pts/deal", "s/deal"],
    )
    for name in DEFENCES:
        start = time.perf_counter()
        results = measure(found, [name], seed)[name]
        spent = (time.perf_counter() - start) / n
        groups = (
            ("all", lambda lo: True),
            (f"standard's (≤{BIDDING['alone_losers']:.0f} losers)", lambda lo: lo <= BIDDING["alone_losers"]),
            ("thin (2-3 losers)", lambda lo: lo > BIDDING["alone_losers"]),
        )
        for label, keep in groups:
            tricks = [t for t, lo in results if keep(lo)]
            pts = [4.0 if t == 5 else 1.0 if t >= 3 else -2.0 for t in tricks]
            table.add(
                name,
                label,
                str(len(tricks)),
                _rate([1.0 if t == 5 else 0.0 for t in tricks]),
                _rate([1.0 if t < 3 else 0.0 for t in tricks]),
                f"{sum(pts) / max(1, len(pts)):+.2f}",
                f"{spent:.3f}",
            )
    return [table, speed(max(rounds, 3), seed)]


__all__ = ["DEFENCES", "loner_deal", "loner_deals", "measure", "play_out", "run", "speed"]
