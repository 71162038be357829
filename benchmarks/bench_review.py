"""Reviewing hands: how long one decision and one hand take, beside a plain re-use of the
solver and the advisor; then whether the default worlds find the same best action as four
times as many, and how the bots' accuracies compare.

* **Speed**: positions from games between 'standard' bots (seeded). A card decision is
  ``review_decision`` on :data:`PLAIN` deals; the plain re-use is the expert bot's
  ``play_worlds`` over as many deals (voids only, no bids checked). A bidding decision is
  ``review_decision`` on three times as many; the plain re-use
  is ``el.advise`` at its default 500 worlds and at 120. A whole hand is ``el.review(hand, seat)``.
  Targets: a card at most 100 ms, a bid at most 1 s, a hand at most 3 s (medians).
* **Settled reviews**: their speed is in ``bench_coach.py``, their stability in ``bench_sure.py``.

Run with ``python -m benchmarks review`` or ``python -m benchmarks.bench_review``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import euchre_learn as el
from euchre_learn.analysis.coach import scaled_worlds
from euchre_learn.analysis.review import review_decision
from euchre_learn.analysis.sampling import play_worlds

from ._table import Table

PLAIN = 40
"""Deals of a card decision in the rows that set the review beside plain re-uses (a bid: 3x)."""


def bot_hands(count: int, seed: int = 7) -> list[el.Hand]:
    """Finished hands between four 'standard' bots (thrown-in hands skipped)."""
    bot = el.bots.get("standard", seed=seed)
    out: list[el.Hand] = []
    k = 0
    while len(out) < count:
        hand = el.Hand.deal(el.Seat(k % 4), seed=f"bench-review|{seed}|{k}")
        k += 1
        while not hand.is_over:
            hand = hand.apply(bot.act(hand))
        if not hand.thrown_in:
            out.append(hand)
    return out


def positions(hands: list[el.Hand]) -> tuple[list[tuple[el.Hand, el.Action]], list[tuple[el.Hand, el.Action]]]:
    """(card decisions with a real choice, bidding decisions) taken in those hands."""
    cards: list[tuple[el.Hand, el.Action]] = []
    bids: list[tuple[el.Hand, el.Action]] = []
    for final in hands:
        rec = final.to_record()
        pos = el.replay({**rec, "actions": []})
        for _seat, action in final.history:
            if len(pos.legal_actions()) > 1:
                (cards if pos.phase == el.Phase.PLAY else bids).append((pos, action))
            pos = pos.apply(action)
    return cards, bids


def seconds_each(items: list[tuple[el.Hand, el.Action]], fn: Callable[[el.Hand, el.Action], object]) -> list[float]:
    """The seconds ``fn(position, action)`` takes for each item, in order."""
    out = []
    for pos, action in items:
        t = time.perf_counter()
        fn(pos, action)
        out.append(time.perf_counter() - t)
    return out


def run(rounds: int = 3, hands: int = 8) -> list[Table]:
    finished = bot_hands(hands)
    cards, bids = positions(finished)
    rng = random.Random(1)
    cards = rng.sample(cards, min(len(cards), 12 * max(1, rounds // 3 + 1)))
    bids = rng.sample(bids, min(len(bids), 6))
    speed = Table(
        "Reviewing: seconds per decision (median over positions from standard-bot hands; the slowest in brackets)",
        ["what", "median ms", "slowest ms", "worlds used (mean)", "target"],
    )

    def row(label: str, ts: list[float], worlds: str, target: str) -> None:
        speed.add(label, f"{1e3 * statistics.median(ts):.0f}", f"{1e3 * max(ts):.0f}", worlds, target)

    used: list[int] = []

    def reviewed(pos: el.Hand, a: el.Action) -> None:
        used.append(review_decision(pos, a, worlds=PLAIN, seed=1).worlds)

    row(f"card: review_decision, {PLAIN} deals", seconds_each(cards, reviewed), f"{statistics.mean(used):.0f}", "≤ 100")
    row(
        f"card: plain play_worlds, {PLAIN} deals",
        seconds_each(cards, lambda p, a: play_worlds(p.state, PLAIN, random.Random(1))),
        f"{PLAIN}",
        "",
    )
    used.clear()
    row(f"bid: review_decision, {3 * PLAIN} deals", seconds_each(bids, reviewed), f"{statistics.mean(used):.0f}", "≤ 1000")
    most = scaled_worlds(bids[0][0], PLAIN) or PLAIN
    row(
        f"bid: plain advise, {most} worlds",
        seconds_each(bids, lambda p, a: el.advise(p, most, seed=1, progress=False)),
        f"{most}",
        "",
    )
    row(
        "bid: plain advise, 500 worlds",
        seconds_each(bids, lambda p, a: el.advise(p, 500, seed=1, progress=False)),
        "500",
        "",
    )
    hand_times = []
    for final in finished[: max(3, rounds)]:
        seat = final.maker if final.maker is not None else el.Seat.S
        t = time.perf_counter()
        el.review(final, seat=seat, worlds=PLAIN, seed=1)
        hand_times.append(time.perf_counter() - t)
    speed.add(
        f"whole hand, one seat (the maker), {PLAIN} deals",
        f"{1e3 * statistics.median(hand_times):.0f}",
        f"{1e3 * max(hand_times):.0f}",
        "",
        "≤ 3000",
    )
    speed.notes.append(
        f"{len(cards)} card and {len(bids)} bidding positions from {len(finished)} hands; "
        "the plain rows re-use today's expert sampler and advisor with a fixed number of worlds."
    )
    return [speed]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for table in run(args.rounds):
        print(table)
