"""A coach that is sure before it speaks (issue 33): do its grades survive more deals and other
seeds, does it show the real mistakes, and does it ever grade the Hint's own move below 'good'?

* **grade stability**: South's decisions in hands where South plays as the 'casual' level (a
  learner's slips: see ``el.bots.levels()``) and the others as 'standard', reviewed as a learner
  meets them (``el.review(hand, seat='S')``: every judgement settled, no seed). Each decision is
  judged again on 360 deals (a bid on three times as many) of two fresh streams (seeds no voice
  uses), graded there by its loss as measured (the point estimate, as the issue measured it).
  Of the decisions the review grades inaccuracy or worse, one *keeps its grade* when both fresh
  judgements grade it the same or worse (*exactly*: the same), and *stays flagged* when both grade
  it inaccuracy or worse. The other way round, of the decisions both fresh judgements grade a
  mistake or worse, the share the review shows (inaccuracy or worse). Targets: 90% and 90%.
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
from euchre_learn.analysis.coach import Judgement, judge, scaled_worlds
from euchre_learn.analysis.coach.grades import GRADES, grade_for

from ._table import Table

REFERENCE_WORLDS = 360
FRESH_SEEDS = ("fresh-stream-1", "fresh-stream-2")
FLAGGED = ("inaccuracy", "mistake", "blunder")


def _hands() -> int:
    if os.environ.get("EUCHRE_BENCH_SURE_HANDS"):
        return int(os.environ["EUCHRE_BENCH_SURE_HANDS"])
    return 100 if os.environ.get("EUCHRE_BENCH_FULL") else 6


def _hand(k: int) -> el.Hand:
    """A finished hand: South plays as the 'casual' level, the others as 'standard'."""
    south, others = el.bots.get("casual", seed=k), el.bots.get("standard", seed=k)
    hand = el.Hand.deal(el.Seat(k % 4), seed=f"bench-sure|{k}")
    while not hand.is_over:
        hand = hand.apply((south if hand.to_act == el.Seat.S else others).act(hand))
    return hand


def _measured(j: Judgement, action: el.Action) -> str:
    """The grade of ``action`` by its loss as measured (the point estimate), at least 'good'."""
    if j.grade_of(action) == "best":
        return "best"
    grade = grade_for(j.loss_of(action), j.game)
    return "good" if grade == "best" else grade


def stability_of(k: int) -> list[tuple[str, str, str]]:
    """For each of South's decisions in hand ``k`` not forced: (review grade, measured grade on
    360 deals of the first fresh seed, of the second)."""
    final = _hand(k)
    if final.thrown_in:
        return []
    out = []
    for d in el.review(final, seat="S").decisions:
        if d.forced:
            continue
        refs = [
            _measured(judge(d.position, worlds=scaled_worlds(d.position, REFERENCE_WORLDS), seed=s), d.action)
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
        rows = [r for rs in pool.map(stability_of, range(n)) for r in rs]
        grades = [g for gs in pool.map(followed, range(n)) for g in gs]
    seconds = time.perf_counter() - t
    shown = [r for r in rows if r[0] in FLAGGED]
    kept = sum(1 for g, a, b in shown if GRADES.index(a) >= GRADES.index(g) <= GRADES.index(b))
    exact = sum(1 for g, a, b in shown if g == a == b)
    still = sum(1 for _g, a, b in shown if a in FLAGGED and b in FLAGGED)
    real = [r for r in rows if r[1] in FLAGGED[1:] and r[2] in FLAGGED[1:]]
    caught = sum(1 for g, _a, _b in real if g in FLAGGED)
    table = Table(
        f"A coach sure before it speaks: South's decisions (the 'casual' level) in {n} hands, reviewed settled, "
        f"against {REFERENCE_WORLDS} deals (bids 3x) on two fresh seeds",
        ["decisions", "flagged", "keep the grade", "exactly", "stay flagged", "mistakes at 360", "shown", "target"],
    )

    def share(k: int, of: int) -> str:
        return f"{k}/{of} ({k / of:.0%})" if of else "0/0"

    table.add(
        str(len(rows)),
        str(len(shown)),
        share(kept, len(shown)),
        share(exact, len(shown)),
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
