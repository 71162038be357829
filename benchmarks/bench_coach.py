"""The coach's judgement (issue 22): how long a card decision, a bid, the Hint and a whole hand
for one seat take, each beside the review's time on the same positions in the same run (the
review asks the coach, so its column is the coach plus the words, the situation and the
conventions), and the one-voice check over 1,000 random positions.

* **card**: :func:`euchre_learn.analysis.coach.judge` at its defaults (at most ``CARD_WORLDS``
  worlds, adaptive), against ``review_decision`` (the same worlds). Target 100 ms.
* **bid**: ``judge`` (at most ``BID_WORLDS``) against ``review_decision``. Target 500 ms.
* **Hint**: :func:`euchre_learn.analysis.coach.hint` over card and bidding positions alike,
  against ``review_decision`` on the same positions. Target 300 ms.
* **whole hand, one seat** (the maker): ``judge_hand`` against ``el.review(hand, seat)``. Target 3 s.
* **one voice**: over :data:`VOICE_POSITIONS` random positions (bot-played prefixes of seeded
  deals, every phase, a game score in about a third), ``hint(pos, seed=s).action`` against
  ``review_decision(pos, <a legal action>, seed=s).best`` wherever the coach's margin between
  its best and second option is over 0.1 points (``tests/analysis/review/test_coach_mistakes.py`` runs
  200 of them); a few worlds each (:data:`VOICE_WORLDS`), the same for both.

Positions come from games between 'standard' bots (seeded, as in ``bench_review``). Run with
``python -m benchmarks coach``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import euchre_learn as el
from euchre_learn.analysis.bots.drive import random_positions
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
    return [table, one_voice()]


VOICE_POSITIONS = 1000
VOICE_WORLDS = 2


def one_voice(count: int = VOICE_POSITIONS) -> Table:
    """The Hint's suggestion against the review's best over ``count`` random positions."""
    table = Table(
        f"One voice: the Hint's suggestion is the review's best (≤ {VOICE_WORLDS} worlds a card, same seed)",
        ["positions", "margin > 0.1 points", "agree", "disagree", "seconds"],
    )
    t = time.perf_counter()
    checked = agree = 0
    for s, (pos, score) in enumerate(random_positions(count, 11)):
        h = hint(pos, score=score, seed=s, worlds=VOICE_WORLDS)
        legal = pos.legal_actions()
        d = review_decision(pos, legal[s % len(legal)], worlds=VOICE_WORLDS, seed=s, score=score)
        j = h.judgement
        if len(j.options) > 1 and j.loss_of(j.options[1].action) * (100 / 7 if j.game else 1.0) > 0.1:
            checked += 1
            agree += h.action == d.best
    table.add(str(count), str(checked), str(agree), str(checked - agree), f"{time.perf_counter() - t:.0f}")
    return table


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for t in run(args.rounds):
        print(t)
