"""The Monte-Carlo advisor: seconds for 500 worlds, by decision.

Each row is one ``el.advise(hand, worlds=500)`` call on a fixed position, timed ``rounds``
times (the median kept): every world is dealt (re-dealing until the passes fit the model),
every legal action is played out, and every play phase is solved double-dummy. Round 2
has the most legal actions (up to seven: pass and three suits, each with or without going
alone), so it is the slowest. Target: 500 worlds in at most 2 seconds.

Beside it, the same call with ``adaptive=True`` (issue 12: 500 worlds at most, stopping once the
two best actions are apart by twice their paired standard error): its CPU time, the worlds it
played, the speed-up over the fixed 500 by CPU time, and whether it picks the same best action.

By default (``make bench``) each row is timed once, to keep the whole run to a few minutes;
``EUCHRE_BENCH_FULL=1`` times ``rounds`` runs of each (the median kept).

Run with ``python -m benchmarks advisor`` or ``python -m benchmarks.bench_advisor``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import euchre_learn as el

from ._table import Table

DEAL = {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"}


def positions() -> list[tuple[str, el.Hand]]:
    start = el.Hand.from_cards("S", DEAL, "A♥")
    sticky = el.Hand.from_cards("S", DEAL, "A♥", rules="stick-the-dealer")
    return [
        ("round 1, eldest (3 actions)", start),
        ("round 1, dealer's partner (3 actions)", start.apply("pass")),
        ("round 1, dealer (3 actions)", start.apply("pass").apply("pass").apply("pass")),
        ("dealer's discard (5 actions)", start.apply("pass").apply("order up")),
        ("round 2, eldest (7 actions)", _passes(start, 4)),
        ("round 2, stuck dealer (6 actions)", _passes(sticky, 7)),
    ]


def _passes(hand: el.Hand, n: int) -> el.Hand:
    for _ in range(n):
        hand = hand.apply("pass")
    return hand


def run(rounds: int = 3, worlds: int = 500) -> Table:
    if not os.environ.get("EUCHRE_BENCH_FULL"):
        rounds = 1
    table = Table(
        f"Advisor: {worlds} worlds, double-dummy play (median of {rounds} runs); adaptive: {worlds} at most",
        [
            "decision",
            "seconds",
            "CPU seconds",
            "ms per world",
            "worlds with no fitting deal",
            "adaptive CPU s",
            "adaptive worlds",
            "CPU speed-up",
            "same best",
        ],
    )
    for label, hand in positions():
        walls, cpus, quick_cpus, quick_worlds = [], [], [], []
        advice = quick = None
        same = 0
        for r in range(rounds):
            w0, c0 = time.perf_counter(), time.process_time()
            advice = el.advise(hand, worlds=worlds, seed=r, progress=False)
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
            c0 = time.process_time()
            quick = el.advise(hand, worlds=worlds, seed=r, progress=False)
            quick_cpus.append(time.process_time() - c0)
            quick_worlds.append(quick.worlds)
            same += quick.best.action == advice.best.action
        assert advice is not None and quick is not None
        wall = statistics.median(walls)
        table.add(
            label,
            f"{wall:.2f}",
            f"{statistics.median(cpus):.2f}",
            f"{1e3 * wall / worlds:.2f}",
            f"{advice.loose} loose" if advice.loose else "all fit",
            f"{statistics.median(quick_cpus):.2f}",
            f"{statistics.median(quick_worlds):.0f}",
            f"{statistics.median(cpus) / statistics.median(quick_cpus):.1f}×",
            f"{same} of {rounds}",
        )
    table.notes.append("Target: at most 2 s for 500 worlds.")
    return table


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=500)
    args = parser.parse_args()
    print(run(args.rounds, args.worlds))
