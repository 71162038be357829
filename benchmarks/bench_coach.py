"""The coach's judgement (issue 22): how long a card decision, a bid, the Hint and a whole hand
for one seat take, each beside the current review's time on the same positions in the same run.

* **card**: :func:`euchre_learn.analysis.coach.judge` at its defaults (at most ``CARD_WORLDS``
  worlds, adaptive), against ``review_decision`` (96 worlds at most, adaptive). Target 100 ms.
* **bid**: ``judge`` (at most ``BID_WORLDS``) against ``review_decision`` (384 at most). Target 500 ms.
* **Hint**: :func:`euchre_learn.analysis.coach.hint` over card and bidding positions alike,
  against ``review_decision`` on the same positions. Target 300 ms.
* **whole hand, one seat** (the maker): ``judge_hand`` against ``el.review(hand, seat)``. Target 3 s.

The coach does more per world than the review (every option played on by the standard bot as
well as double dummy, and worlds checked against every card played, not only the bids), so the
ratios say what that costs. Positions come from games between 'standard' bots (seeded, as in
``bench_review``). Run with ``python -m benchmarks coach``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import euchre_learn as el
from euchre_learn.analysis.coach import BID_WORLDS, CARD_WORLDS, hint, judge, judge_hand
from euchre_learn.analysis.review import review, review_decision

from ._table import Table
from .bench_review import bot_hands, positions, seconds_each


def run(rounds: int = 3, hands: int = 8) -> list[Table]:
    finished = bot_hands(hands)
    cards, bids = positions(finished)
    rng = random.Random(1)
    cards = rng.sample(cards, min(len(cards), 12 * max(1, rounds // 3 + 1)))
    bids = rng.sample(bids, min(len(bids), 6))
    table = Table(
        "The coach: milliseconds per decision (median over positions from standard-bot hands), "
        "against the current review on the same positions",
        ["what", "coach ms", "review ms", "ratio", "worlds (mean)", "fit (mean)", "target"],
    )
    fits: list[float] = []
    used: list[int] = []

    def judged(pos: el.Hand, _a: el.Action) -> None:
        j = judge(pos, seed=1)
        fits.append(j.fit)
        used.append(j.worlds)

    def reviewed(pos: el.Hand, a: el.Action) -> None:
        review_decision(pos, a, seed=1)

    def row(label: str, coach: list[float], review: list[float], target: str) -> None:
        c, r = statistics.median(coach), statistics.median(review)
        table.add(
            label,
            f"{1e3 * c:.0f}",
            f"{1e3 * r:.0f}",
            f"{c / r:.2f}",
            f"{statistics.mean(used):.0f}" if used else "",
            f"{statistics.mean(fits):.2f}" if fits else "",
            target,
        )
        used.clear()
        fits.clear()

    row(f"card: judge (≤ {CARD_WORLDS} worlds)", seconds_each(cards, judged), seconds_each(cards, reviewed), "≤ 100")
    row(f"bid: judge (≤ {BID_WORLDS} worlds)", seconds_each(bids, judged), seconds_each(bids, reviewed), "≤ 500")
    mixed = cards[: len(cards) // 2] + bids
    hint_times = seconds_each(mixed, lambda p, a: hint(p, seed=1))
    row("Hint: coach.hint (cards and bids)", hint_times, seconds_each(mixed, reviewed), "≤ 300")
    coach_hand, review_hand = [], []
    for final in finished[: max(3, rounds)]:
        seat = final.maker if final.maker is not None else el.Seat.S
        t = time.perf_counter()
        judge_hand(final, seat, seed=1)
        coach_hand.append(time.perf_counter() - t)
        t = time.perf_counter()
        review(final, seat=seat, seed=1)
        review_hand.append(time.perf_counter() - t)
    row("whole hand, one seat (the maker)", coach_hand, review_hand, "≤ 3000")
    table.notes.append(
        f"{len(cards)} card and {len(bids)} bidding positions from {len(finished)} hands; the ratio is the "
        "coach's median over the review's, measured in the same run (the machine's load hits both)."
    )
    return [table]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for t in run(args.rounds):
        print(t)
