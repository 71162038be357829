"""The 'expert' bot against 'standard': points per hand with a 95% confidence interval.

A tournament (``el.tournament.match``) over seeded deals, each played both ways round with
the dealer rotating, on every core. The expert bids with the Monte-Carlo advisor and plays
by perfect-information sampling with the double-dummy solver, so it is slow: ``make bench``
plays a short match of 24 hands (a wide interval, a couple of minutes; 200 hands with
``EUCHRE_BENCH_FULL=1``, or ``--hands``); the full comparison is

    python -m benchmarks.bench_expert --hands 2000

This is a benchmark, not a test: it measures strength, it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import time

from euchre_learn import tournament

from ._table import Table


def run(rounds: int = 1, hands: int | None = None, seed: int = 2024, processes: int | None = None) -> Table:
    del rounds  # one match: its confidence interval says how precise it is
    if hands is None:
        hands = 200 if os.environ.get("EUCHRE_BENCH_FULL") else 24
    start = time.perf_counter()
    result = tournament.match("expert", "standard", hands=hands, seed=seed, processes=processes, progress=None)
    seconds = time.perf_counter() - start
    table = Table(
        f"'expert' against 'standard': {result.hands} hands ({result.deals} deals, each played both ways round)",
        ["", "expert", "standard"],
    )
    a, b = result.side_a, result.side_b
    table.add("points per hand", f"{a.points_per_hand:.3f}", f"{b.points_per_hand:.3f}")
    table.add("makes trump, per hand", f"{a.calls_per_hand:.1%}", f"{b.calls_per_hand:.1%}")
    table.add("makes it when calling", f"{a.make_rate:.1%}", f"{b.make_rate:.1%}")
    table.add("goes alone, per hand", f"{a.alone_per_hand:.1%}", f"{b.alone_per_hand:.1%}")
    low, high = result.margin_interval
    table.notes += [
        f"margin: expert {result.margin:+.3f} points per hand, 95% CI {low:+.3f} to {high:+.3f}",
        f"mirrored deals won by expert: {result.win_rate:.1%} ± {result.win_rate_ci:.1%} (ties count half)",
        f"{seconds:.0f} s on all cores ({seconds / result.hands:.2f} s per hand), seed {seed}",
    ]
    return table


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands to play (even: each deal twice)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--processes", type=int, default=None)
    args = parser.parse_args()
    print(run(hands=args.hands, seed=args.seed, processes=args.processes))
