"""The class server's reviews at class scale: the CPU one seat's review of one hand takes, and
how many tables one core keeps reviewed at a human pace.

The hands are a class table's: games between 'standard' bots (seeded), thrown-in hands included
(the server reviews those too). Each finished hand owes one review per learner's seat, and every
seat is a learner's here (four per hand); each job is built by the server's own
:func:`~euchre_learn.classroom.server.reviewer.owed_reviews` and computed by the function its
review processes (or Dask workers) run, :func:`~euchre_learn.classroom.server.review_message.review_hand`,
at the server's default worlds (``ServerConfig.review_worlds``). The CPU is this process's
(``time.process_time()``, every thread of it), not the wall clock: what a review costs a core
whatever else the machine does. One warm-up review (imports, tables loaded once) is not counted.

**The pace** (``EUCHRE_BENCH_HAND_MINUTES``, default 2): one hand per 2 minutes per table. A hand
is about 26 actions (the mean is measured and printed: the bids, the dealer's discard, 20 cards);
a learner takes some 4-5 seconds per action of their own (reading their cards, the Hint, the
felt), so a hand of four learners takes about two minutes. Experienced players online go faster,
about a minute a hand (a 10-point game of some ten hands in 10-15 minutes): the second row.

Tables per core = the pace / the CPU of a hand's four reviews (the mean, since a core's load is
a sum). Run with ``python -m benchmarks class_reviews``; ``EUCHRE_BENCH_FULL=1`` reviews 100 hands
instead of 12.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

import euchre_learn as el
from euchre_learn.classroom.server.review_message import review_hand
from euchre_learn.classroom.server.reviewer import owed_reviews
from euchre_learn.classroom.server.tables import ServerConfig

from ._table import Table

FAST_MINUTES = 1.0
"""Experienced players' pace, for the second row: a hand a minute."""


def class_hands(count: int, seed: str = "bench-class") -> list[tuple[el.Hand, int, int]]:
    """The first ``count`` finished hands of games between 'standard' bots, each with its index
    in its game and the number of its first action in the table's log."""
    bot = el.bots.get("standard", seed=3)
    out: list[tuple[el.Hand, int, int]] = []
    g = 0
    while len(out) < count:
        game = el.Game(el.Rules.preset("standard"), seed=f"{seed}/{g}", dealer=el.Seat(g % 4))
        g += 1
        while game.winner is None and len(out) < count:
            done = len(game.hands)
            game = game.apply(bot.act(game))
            if len(game.hands) > done:
                start = sum(len(h.history) for h in game.hands[:done])
                out.append((game.hands[done], done, start))
    return out


def review_jobs(hands: list[tuple[el.Hand, int, int]]) -> list[dict[str, Any]]:
    """The jobs the server queues for these hands, a learner in every seat."""
    seated = {seat: k + 1 for k, seat in enumerate(el.Seat)}
    return [
        o["job"]
        for k, (hand, index, start) in enumerate(hands)
        for o in owed_reviews(hand, index, start, seated, set(), f"T{k}", f"game {k}", "bench")
    ]


def cpu_each(jobs: list[dict[str, Any]], worlds: int | None) -> tuple[list[float], list[int]]:
    """The CPU seconds of each job's review, and the decisions it judged."""
    cpu, decisions = [], []
    for job in jobs:
        start = time.process_time()
        body = review_hand(job["record"], job["seat"], job["seed"], worlds, job["by_bot"])
        cpu.append(time.process_time() - start)
        decisions.append(len(body["decisions"]))
    return cpu, decisions


def run(rounds: int = 1, hands: int | None = None) -> list[Table]:
    full = os.environ.get("EUCHRE_BENCH_FULL") == "1"
    count = hands or (100 if full else 12)
    minutes = float(os.environ.get("EUCHRE_BENCH_HAND_MINUTES", "2"))
    worlds = ServerConfig().review_worlds
    warm = review_jobs(class_hands(1, seed="bench-class-warm-up"))
    cpu_each(warm[:1], worlds)
    played = class_hands(count)
    jobs = review_jobs(played)
    cpu, decisions = cpu_each(jobs, worlds)
    per_hand = [sum(cpu[k : k + 4]) for k in range(0, len(cpu), 4)]
    mean_seat = statistics.fmean(cpu)
    mean_hand = statistics.fmean(per_hand)
    actions = statistics.fmean(len(h.history) for h, _i, _s in played)
    cuts = statistics.quantiles(cpu, n=10) if len(cpu) > 1 else [cpu[0]] * 9
    thrown = sum(1 for h, _i, _s in played if h.thrown_in)

    seat_table = Table(
        f"Class reviews: CPU seconds per seat-hand (process time, not wall), {len(cpu)} seat-hands of "
        f"{count} hands ({thrown} thrown in), {statistics.fmean(decisions):.1f} decisions each on average, "
        f"worlds {'the coach default' if worlds is None else worlds}",
        ["what", "CPU s"],
    )
    seat_table.add("mean per seat-hand", f"{mean_seat:.3f}")
    seat_table.add("median per seat-hand", f"{statistics.median(cpu):.3f}")
    seat_table.add("p90 per seat-hand", f"{cuts[8]:.3f}")
    seat_table.add("slowest seat-hand", f"{max(cpu):.3f}")
    seat_table.add("mean per decision", f"{sum(cpu) / max(1, sum(decisions)):.3f}")
    seat_table.add("mean per hand (4 seats)", f"{mean_hand:.3f}")

    pace = Table(
        f"Tables one core keeps reviewed (4 learners a table; a hand is {actions:.1f} actions on average): "
        "the pace / the mean CPU of a hand's four reviews",
        ["pace", "seconds per hand", "core busy per table", "tables per core"],
    )
    for label, m in (
        (f"a class: a hand per {minutes:g} min (assumed)", minutes),
        ("fast players: 1 min", FAST_MINUTES),
    ):
        seconds = 60 * m
        pace.add(label, f"{seconds:.0f}", f"{100 * mean_hand / seconds:.2f}%", f"{seconds / mean_hand:,.0f}")
    return [seat_table, pace]


if __name__ == "__main__":
    for table in run():
        print()
        print(table)
