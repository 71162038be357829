"""A coach that is sure before it speaks (issue 33): do its grades survive more deals and other
seeds, does it show the real mistakes, and does it ever grade the Hint's own move below 'good'?

* **grade stability**: South's decisions in hands between 'standard' bots, reviewed as a learner
  meets them (``el.review(hand, seat='S')``: every judgement settled, no seed). Each decision
  the review grades inaccuracy or worse is judged again on 360 deals (a bid on three times as
  many) of two fresh streams (seeds no voice uses); it *keeps its grade* when both give the same
  grade, and *stays flagged* when both grade it inaccuracy or worse. The other way round, of the
  decisions that 360 deals on both seeds grade a mistake or worse, the share the review shows
  (inaccuracy or worse). Targets: 90% and 90%.
* **following the Hint**: South follows ``el.hint`` at every decision of whole hands (the other
  seats are 'standard' bots), no seed anywhere; the review of South's moves, graded below 'good'
  (target: none).

Sizes: ``EUCHRE_BENCH_FULL=1`` runs 100 hands each (the issue's figure; an hour or more on one
core), ``EUCHRE_BENCH_SURE_HANDS=N`` N hands, else 6. Two processes share the hands.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor

import euchre_learn as el
from euchre_learn.analysis.coach import judge, scaled_worlds

from ._table import Table
from .bench_review import bot_hands

REFERENCE_WORLDS = 360
FRESH_SEEDS = ("fresh-stream-1", "fresh-stream-2")
FLAGGED = ("inaccuracy", "mistake", "blunder")


def _hands() -> int:
    if os.environ.get("EUCHRE_BENCH_SURE_HANDS"):
        return int(os.environ["EUCHRE_BENCH_SURE_HANDS"])
    return 100 if os.environ.get("EUCHRE_BENCH_FULL") else 6


def stability_of(final: el.Hand) -> list[tuple[str, str, str]]:
    """For each of South's decisions in ``final`` not forced: (review grade, reference grade on
    the first fresh seed, on the second)."""
    rev = el.review(final, seat="S")
    out = []
    for d in rev.decisions:
        if d.forced:
            continue
        refs = [
            judge(d.position, worlds=scaled_worlds(d.position, REFERENCE_WORLDS), seed=s).grade_of(d.action)
            for s in FRESH_SEEDS
        ]
        out.append((d.grade, refs[0], refs[1]))
    return out


def followed(k: int) -> list[str]:
    """South follows the Hint through one hand (no seed anywhere); the review's grades of its moves."""
    bot = el.bots.get("standard", seed=k)
    hand = el.Hand.deal(el.Seat(k % 4), seed=f"bench-sure-follow|{k}")
    while not hand.is_over:
        hand = hand.apply(el.hint(hand).action if hand.to_act == el.Seat.S else bot.act(hand))
    if hand.thrown_in:
        return []
    return [d.grade for d in el.review(hand, seat="S").decisions]


def run(rounds: int = 3) -> list[Table]:
    n = _hands()
    t = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        rows = [r for rs in pool.map(stability_of, bot_hands(n, seed=33)) for r in rs]
        grades = [g for gs in pool.map(followed, range(n)) for g in gs]
    seconds = time.perf_counter() - t
    shown = [r for r in rows if r[0] in FLAGGED]
    kept = sum(1 for g, a, b in shown if g == a == b)
    still = sum(1 for _g, a, b in shown if a in FLAGGED and b in FLAGGED)
    real = [r for r in rows if r[1] in FLAGGED[1:] and r[2] in FLAGGED[1:]]
    caught = sum(1 for g, _a, _b in real if g in FLAGGED)
    table = Table(
        f"A coach sure before it speaks: South's decisions in {n} standard-bot hands, reviewed settled, "
        f"against {REFERENCE_WORLDS} deals (bids 3x) on two fresh seeds",
        ["decisions", "flagged", "keep the grade", "stay flagged", "mistakes at 360", "shown", "target"],
    )

    def share(k: int, of: int) -> str:
        return f"{k}/{of} ({k / of:.0%})" if of else "0/0"

    table.add(
        str(len(rows)),
        str(len(shown)),
        share(kept, len(shown)),
        share(still, len(shown)),
        str(len(real)),
        share(caught, len(real)),
        "≥ 90%, ≥ 90%",
    )
    below = [g for g in grades if g in FLAGGED]
    follow = Table(
        f"Following the Hint through {n} hands, no seed anywhere: the review of South's moves",
        ["moves", "best", "good", "below good", "target"],
    )
    follow.add(str(len(grades)), str(grades.count("best")), str(grades.count("good")), str(len(below)), "0 below good")
    follow.notes.append(f"both tables: {seconds:.0f} s of wall time on two processes")
    return [table, follow]
