"""Reviewing hands, quality: are the default worlds enough, and does accuracy rank the bots?

* **Stability**: a fixed set of decisions (at least 500 with a real choice) taken from
  games between 'standard' bots. Each is reviewed settled (the coach's own judgement) and
  on the cap's deals, 160 (a bid 480), with no early stop (seed 2: other deals). Among the decisions where the
  reference's two best options are more than 0.1 points apart, how often do both find the same
  best action? Target: at least 95%.
* **Accuracy by bot**: the same deals played by four 'random', four 'standard' or four
  'expert' bots, every seat reviewed; the mean accuracy per hand with a 95% interval. A random
  player should score far below the standard bot, and the standard bot below the expert.

Slow: 129 decisions and 2 deals took 7 minutes of wall time on two busy shared cores. So by
default (what ``make bench`` runs) it takes a small sample, evenly spread over the fixed set so
that bids are in it too: ``EUCHRE_BENCH_QUALITY_DECISIONS`` decisions (default 24) and
``EUCHRE_BENCH_QUALITY_DEALS`` deals per bot (default 3), a couple of minutes; its figures have
wide intervals and say so. ``EUCHRE_BENCH_QUALITY=full`` runs the whole measure (500 decisions,
30 deals: half an hour or more), as do ``--decisions 500 --deals 30`` when run as a script:
``EUCHRE_BENCH_QUALITY=full python -m benchmarks review_quality``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics

import euchre_learn as el
from euchre_learn.analysis.review import review_decision

from ._table import Table
from .bench_review import bot_hands, positions

REFERENCE = 160
"""Deals of a card decision in the reference judgement (a bid: 3x), the settled judgement's cap."""

Z95 = 1.959964


FULL_DECISIONS, FULL_DEALS = 500, 30
QUICK_DECISIONS, QUICK_DEALS = 24, 3


def sample_size() -> tuple[int, int]:
    """(decisions, deals per bot) for ``make bench``: small by default, the full measure with
    ``EUCHRE_BENCH_QUALITY=full`` (or ``EUCHRE_BENCH_FULL=1``); ``EUCHRE_BENCH_QUALITY_DECISIONS``/``_DEALS``
    set either."""
    full = os.environ.get("EUCHRE_BENCH_QUALITY", "").strip().lower() == "full" or bool(os.environ.get("EUCHRE_BENCH_FULL"))
    decisions = FULL_DECISIONS if full else QUICK_DECISIONS
    deals = FULL_DEALS if full else QUICK_DEALS
    decisions = int(os.environ.get("EUCHRE_BENCH_QUALITY_DECISIONS", decisions))
    deals = int(os.environ.get("EUCHRE_BENCH_QUALITY_DEALS", deals))
    if decisions < 1 or deals < 2:
        raise SystemExit("EUCHRE_BENCH_QUALITY_DECISIONS must be at least 1 and EUCHRE_BENCH_QUALITY_DEALS at least 2")
    return decisions, deals


def spread(total: int, wanted: int) -> list[int]:
    """``wanted`` indices spread evenly over ``range(total)`` (all of them when it is not more):
    a small sample of the fixed set then holds cards and bids alike.

    >>> spread(10, 4), spread(3, 5)
    ([0, 2, 5, 7], [0, 1, 2])
    """
    if wanted >= total:
        return list(range(total))
    return [i * total // wanted for i in range(wanted)]


def _stability(task: tuple[int, list[int]]) -> list[tuple[bool, float, bool]]:
    """For the decisions ``picked`` of the fixed set: (is a bid, reference gap, same best)."""
    count, picked = task
    cards, bids = positions(bot_hands(count))
    every = cards + bids
    out = []
    for pos, action in (every[i] for i in picked):
        quick = review_decision(pos, action, seed=1)
        ref = review_decision(pos, action, worlds=REFERENCE, seed=2)
        metric = [o.expected_points for o in ref.options]
        gap = metric[0] - metric[1] if len(metric) > 1 else 0.0
        same = ref.option(quick.best).expected_points >= metric[0] - 1e-9  # the same, or tied in the reference
        out.append((pos.phase != el.Phase.PLAY, gap, same))
    return out


def _accuracy(task: tuple[str, int]) -> tuple[float, list[float]]:
    """The mean accuracy of the four seats in deal ``k`` played by four copies of ``bot``, and
    the points lost in each of their decisions that had a choice."""
    name, k = task
    bot = el.bots.get(name, seed=k)
    hand = el.Hand.deal(el.Seat(k % 4), seed=f"review-quality|{k}")
    while not hand.is_over:
        hand = hand.apply(bot.act(hand))
    rev = el.review(hand, worlds=24, seed=k)
    acc = rev.accuracy
    losses = [d.loss for d in rev.decisions if not d.forced]
    return (float(statistics.mean(acc.values())) if acc else 100.0), losses


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    return m, Z95 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf


def run(rounds: int = 1, decisions: int | None = None, deals: int | None = None, processes: int = 2) -> list[Table]:
    quick_decisions, quick_deals = sample_size()
    decisions = quick_decisions if decisions is None else decisions
    deals = quick_deals if deals is None else deals
    count = 8
    while True:  # the fixed set: the first hands with at least FULL_DECISIONS decisions
        cards, bids = positions(bot_hands(count))
        if len(cards) + len(bids) >= FULL_DECISIONS:
            break
        count += 8
    picked = spread(len(cards) + len(bids), decisions)
    total = len(picked)
    step = 25 if total >= 100 else max(1, -(-total // processes))
    tasks = [(count, picked[s : s + step]) for s in range(0, total, step)]
    with multiprocessing.Pool(processes) as pool:
        rows = [r for batch in pool.map(_stability, tasks) for r in batch]
        accs = {
            name: pool.map(_accuracy, [(name, k) for k in range(deals)]) for name in ("random", "standard", "expert")
        }
    stable = Table(
        f"Review stability: default worlds against {REFERENCE} (cards; bids get 3x those), {total} decisions "
        f"spread over the {len(cards) + len(bids)} of {count} standard-bot hands",
        ["decisions", "with reference gap > 0.1", "same best", "share"],
    )
    for label, pick in (("cards", False), ("bids", True), ("all", None)):
        sel = [r for r in rows if (pick is None or r[0] == pick) and r[1] > 0.1]
        n = sum(1 for r in rows if pick is None or r[0] == pick)
        same = sum(r[2] for r in sel)
        stable.add(label, str(len(sel)) + f" of {n}", str(same), f"{same / len(sel):.1%}" if sel else "—")
    stable.notes.append("Target: the same best action in at least 95% of the decisions with a gap over 0.1 points.")
    if total < FULL_DECISIONS:
        stable.notes.append(
            f"A sample of {total} decisions (the target asks for {FULL_DECISIONS}): EUCHRE_BENCH_QUALITY=full for all."
        )
    bots = Table(
        f"Accuracy by bot: {deals} deals, each played by four copies of the bot, every seat reviewed (24 worlds)",
        ["bot", "mean accuracy", "95% interval", "decisions", "mean points lost", "lost 0.2+", "lost 1+"],
    )
    for name, results in accs.items():
        m, h = _mean_ci([a for a, _ in results])
        lost = [x for _, ls in results for x in ls]
        n = max(1, len(lost))
        bots.add(
            name,
            f"{m:.1f}",
            f"{m - h:.1f}-{m + h:.1f}",
            str(len(lost)),
            f"{sum(lost) / n:.3f}",
            f"{sum(x >= 0.2 for x in lost) / n:.0%}",
            f"{sum(x >= 1.0 for x in lost) / n:.0%}",
        )
    bots.notes.append(
        "The accuracy formula and why: docs/review.md (over 60 deals: random 77.7, standard 95.0, expert 97.3)."
    )
    return [stable, bots]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=FULL_DECISIONS)
    parser.add_argument("--deals", type=int, default=FULL_DEALS)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    for table in run(decisions=args.decisions, deals=args.deals, processes=args.processes):
        print(table)
