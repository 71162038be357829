"""The coach's speed (issue 33): the Hint's first answer, the settled judgement, a hand's review
settled, each timed from a cold start (every stream forgotten first, :func:`~euchre_learn.analysis.coach.deals.clear`),
and the one-voice check over 1,000 random positions.

* **Hint, first answer**: ``el.hint(pos, first=True)``, on the floor's deals. Target: median
  300 ms, 90th percentile 1 s, on a free core.
* **Hint, settled**: ``el.hint(pos)``: deals added until every grade is beyond the noise.
* **a hand's review, settled**: ``el.review(hand, seat)`` for the maker's seat. Target: median 5 s.
* **per deal**: the standard error of the best two options' paired difference times the root of
  the deals, on the same deals and rollout seeds for every option (paired), and as it would be
  with each option on deals of its own (unpaired): what the pairing saves.
* **one voice**: over :data:`VOICE_POSITIONS` random positions (bot-played prefixes of seeded
  deals, every phase, a game score in about a third), ``hint(pos, seed=s).action`` against
  ``review_decision(pos, <a legal action>, seed=s).best`` on :data:`VOICE_WORLDS` deals.

Positions come from games between 'standard' bots (seeded, as in ``bench_review``). Run with
``python -m benchmarks coach``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import euchre_learn as el
from euchre_learn.analysis.bots.drive import random_positions
from euchre_learn.analysis.coach import Judgement, hint
from euchre_learn.analysis.coach.deals import clear
from euchre_learn.analysis.review import review, review_decision

from ._table import Table
from .bench_review import bot_hands, positions


def _cold(items: list[tuple[el.Hand, el.Action]], fn: Callable[[el.Hand], object]) -> list[float]:
    out = []
    for pos, _a in items:
        clear()
        t = time.perf_counter()
        fn(pos)
        out.append(time.perf_counter() - t)
    return out


def _spread(j: Judgement) -> tuple[float, float]:
    """The paired and unpaired standard error per deal of the best two options' difference."""
    if len(j.options) < 2 or j.forced:
        return 0.0, 0.0
    a, b = j.options[0], j.options[1]
    paired = b.se * j.worlds**0.5
    unpaired = (a.points_se**2 + b.points_se**2) ** 0.5 * j.worlds**0.5 if not j.game else paired
    return paired, unpaired


def run(rounds: int = 3, hands: int = 8) -> list[Table]:
    finished = bot_hands(hands)
    cards, bids = positions(finished)
    rng = random.Random(1)
    cards = rng.sample(cards, min(len(cards), 12 * max(1, rounds // 3 + 1)))
    bids = rng.sample(bids, min(len(bids), 6))
    mixed = cards + bids
    table = Table(
        "The coach from a cold start: seconds per answer (positions from standard-bot hands)",
        ["what", "median", "90th percentile", "deals (mean)", "target"],
    )
    firsts = _cold(mixed, lambda p: hint(p, first=True))
    used: list[int] = []
    spreads: list[tuple[float, float]] = []

    def settled(p: el.Hand) -> None:
        j = hint(p).judgement
        used.append(j.worlds)
        if not j.game:
            spreads.append(_spread(j))

    settles = _cold(mixed, settled)

    def q90(xs: list[float]) -> float:
        return sorted(xs)[max(0, int(0.9 * len(xs)) - 1)]

    table.add("Hint, first answer", f"{statistics.median(firsts):.2f}", f"{q90(firsts):.2f}", "floor", "≤ 0.3, ≤ 1")
    table.add(
        "Hint, settled", f"{statistics.median(settles):.2f}", f"{q90(settles):.2f}", f"{statistics.mean(used):.0f}", ""
    )
    whole = []
    for final in finished[: max(3, rounds)]:
        seat = final.maker if final.maker is not None else el.Seat.S
        clear()
        t = time.perf_counter()
        review(final, seat=seat)
        whole.append(time.perf_counter() - t)
    table.add("a hand's review, settled (the maker)", f"{statistics.median(whole):.2f}", f"{q90(whole):.2f}", "", "≤ 5")
    table.notes.append(
        f"{len(cards)} card and {len(bids)} bidding positions from {len(finished)} hands; wall time on a shared "
        "machine: read the figures beside the other benchmarks of the same run."
    )
    per_deal = Table(
        "Standard error per deal of the best two options' difference (points, positions without a score)",
        ["positions", "paired (same deals and seeds)", "unpaired", "ratio"],
    )
    if spreads:
        p, u = statistics.mean(s[0] for s in spreads), statistics.mean(s[1] for s in spreads)
        per_deal.add(str(len(spreads)), f"{p:.2f}", f"{u:.2f}", f"{p / u:.2f}" if u else "")
    return [table, per_deal, one_voice()]


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
