"""Bots against each other: points per hand, with seats mirrored to cancel the luck of the deal.

Each deal is played twice with the same cards: bot A in North-South and bot B in East-West,
then the other way round; the dealer rotates from deal to deal. The margin of a deal is A's
points minus B's, averaged over the two plays, and the table gives its mean with a 95%
confidence interval (normal approximation; the deals are independent).

Run with ``python -m benchmarks`` (all benchmarks) or ``python -m benchmarks.bench_bots``.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

from euchre_learn import Rules, bots
from euchre_learn.engine import core

from ._table import Table, rate_text

PAIRINGS = (("standard", "beginner"), ("beginner", "random"), ("standard", "random"))


def play_pairing(a: str, b: str, deals: int, rules: Rules, seed: int = 0) -> dict[str, float]:
    """Play ``deals`` mirrored deals of bot ``a`` against bot ``b``; return the statistics."""
    bot_a, bot_b = bots.get(a, seed=seed), bots.get(b, seed=seed + 1)
    margins = []
    points_a = points_b = 0
    made = [0, 0]
    calls = [0, 0]
    for i in range(deals):
        deal = core.deal(rules, i % 4, random.Random(f"{seed}/deal {i}"))
        margin = 0
        for mirror in (0, 1):
            seats = [bot_a, bot_b, bot_a, bot_b] if mirror == 0 else [bot_b, bot_a, bot_b, bot_a]
            team_a = mirror  # the team index (0 NS, 1 EW) that bot a plays
            state = bots.play_hand(deal.copy(), seats, random.Random(f"{seed}/play {i}/{mirror}"))
            if state.score is None:
                continue  # thrown in
            makers = state.maker & 1
            pts = [0, 0]
            pts[makers], pts[1 - makers] = state.score.makers, state.score.defenders
            margin += pts[team_a] - pts[1 - team_a]
            points_a += pts[team_a]
            points_b += pts[1 - team_a]
            who = 0 if makers == team_a else 1
            calls[who] += 1
            made[who] += state.score.makers > 0
        margins.append(margin / 2)
    n = len(margins)
    mean = sum(margins) / n
    var = sum((m - mean) ** 2 for m in margins) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return {
        "deals": n,
        "a_pph": points_a / (2 * n),
        "b_pph": points_b / (2 * n),
        "margin": mean,
        "lo": mean - half,
        "hi": mean + half,
        "a_make": made[0] / calls[0] if calls[0] else 0.0,
        "b_make": made[1] / calls[1] if calls[1] else 0.0,
    }


def run(rounds: int = 1, deals: int = 2000, preset: str = "standard", seed: int = 0) -> Table:
    """The table for ``python -m benchmarks`` (``rounds`` is for timings; the deals here are
    fixed by ``seed``, so one round is the measurement)."""
    rules = Rules.preset(preset)
    table = Table(
        f"Bots head to head, rules {preset!r}: {deals:,} deals per pairing, each played twice with seats swapped",
        ["A", "B", "A pts/hand", "B pts/hand", "A - B per hand", "95% CI", "A makes", "B makes", "hands/s"],
    )
    for a, b in PAIRINGS:
        t0 = time.perf_counter()
        r = play_pairing(a, b, deals, rules, seed)
        secs = time.perf_counter() - t0
        table.add(
            a,
            b,
            f"{r['a_pph']:.3f}",
            f"{r['b_pph']:.3f}",
            f"{r['margin']:+.3f}",
            f"[{r['lo']:+.3f}, {r['hi']:+.3f}]",
            f"{r['a_make']:.0%}",
            f"{r['b_make']:.0%}",
            rate_text(2 * deals / secs),
        )
    table.notes.append(
        "pts/hand: points a side scores per hand played; A - B: the mean margin per deal, with a 95% "
        "normal-approximation interval over the deals. 'makes': how often a side that made trump scored."
    )
    return table


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--preset", default="standard")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    print(run(deals=args.deals, preset=args.preset, seed=args.seed))


if __name__ == "__main__":
    main()
