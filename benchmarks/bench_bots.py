"""Bots against each other in duplicate play: points per deal with a standard error.

Each deal is played at two tables with the same cards: bot A in North-South and bot B in
East-West at the first, the seats swapped at the second; the dealer rotates from deal to deal
(:func:`euchre_learn.tournament.duplicate`). A's points per deal are its side's points minus
the other side's, averaged over the two tables, then over the deals; ``se`` is the standard
error from the spread between deals. Deals grouped into games to 10 give the share of games won.

``make bench`` plays the quick bots (2,000 deals a pair, one process). ``EUCHRE_BENCH_FULL=1``
adds the expert's pairs at 20,000 deals each on a Dask cluster of this machine's cores (hours on
two cores; the same seed gives the same figures on any executor).

Run with ``python -m benchmarks`` (all benchmarks) or ``python -m benchmarks.bench_bots``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor

from euchre_learn import Rules
from euchre_learn.analysis.tournament import duplicate

from ._table import Table, rate_text

PAIRINGS = (("standard", "beginner"), ("beginner", "random"), ("standard", "random"))
FULL_PAIRINGS = (*PAIRINGS, ("expert", "standard"), ("expert", "beginner"))


@contextlib.contextmanager
def _executor(full: bool) -> Iterator[Executor | None]:
    """A Dask cluster of this machine's cores for the full run; none (one process) otherwise."""
    if not full:
        yield None
        return
    import distributed

    with (
        distributed.LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, dashboard_address=None) as cl,
        distributed.Client(cl) as client,
    ):
        yield client.get_executor()


def run(rounds: int = 1, deals: int | None = None, preset: str = "standard", seed: int = 0) -> Table:
    """The table for ``python -m benchmarks`` (``rounds`` is for timings; the deals here are
    fixed by ``seed``, so one run is the measurement)."""
    full = bool(os.environ.get("EUCHRE_BENCH_FULL"))
    n = deals or (20_000 if full else 2_000)
    rules = Rules.preset(preset)
    table = Table(
        f"Duplicate play, rules {preset!r}: {n:,} deals per pair, each at two tables with the seats swapped",
        ["A", "B", "A pts/deal", "± se", "95% CI", "games won by A", "games", "deals/s"],
    )
    with _executor(full) as executor:
        for a, b in FULL_PAIRINGS if full else PAIRINGS:
            t0 = time.perf_counter()
            r = duplicate(a, b, deals=n, seed=seed, rules=rules, executor=executor, progress=False)
            secs = time.perf_counter() - t0
            low, high = r.interval
            table.add(
                a,
                b,
                f"{r.points_per_deal:+.3f}",
                f"{r.se:.3f}",
                f"[{low:+.3f}, {high:+.3f}]",
                f"{r.games_won:.1%} ± {r.games_se:.1%}",
                f"{r.games:,}",
                rate_text(n / secs),
            )
    table.notes.append(
        "pts/deal: A's side's points minus B's, averaged over the deal's two tables; se: the standard error over "
        "the deals. Games: each table's deals taken in order into games to 10 (the bots bid as at 0-0)."
    )
    return table


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--deals", type=int, default=None)
    p.add_argument("--preset", default="standard")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    print(run(deals=args.deals, preset=args.preset, seed=args.seed))


if __name__ == "__main__":
    main()
