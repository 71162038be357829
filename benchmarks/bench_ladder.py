"""The ladder: Elo ratings for every bot from a round robin of mirrored deals, with 95% intervals,
and the dealer's side's points per hand against a plain PIMC baseline.

Every pair of bots plays ``--hands`` hands (``--expert-hands`` for the pairs with the slow
'expert'), each deal twice with the seats swapped (``el.tournament.round_robin``'s matches). A
mirrored deal is *won* by the bot whose side scored more points over its two plays (ties count
half). The ratings are the Bradley-Terry (Elo) fit of those results: a rating difference ``d``
means the higher bot wins ``1 / (1 + 10 ** (-d / 400))`` of the mirrored deals. 'random' is
pinned at 0. The intervals come from a parametric bootstrap: each pair's win rate redrawn
from its normal approximation, the fit redone, 2,000 times.

The published comparison (a CFR bidding policy with PIMC card play scoring 0.77 points per hand
as the dealer's team, against 0.67 for plain PIMC, over 10,000 games) is measured the same way
here: each bot as the dealer's team against ``pimc`` (the expert with every bid sampled by the
advisor with double-dummy play, and PIMC card play: no screening, no conventions).

    python -m benchmarks.bench_ladder                        # print the tables
    python -m benchmarks.bench_ladder --write docs/ladder.md # and write the page
    python -m benchmarks.bench_ladder --scheduler tcp://host:8786   # on a Dask cluster

This is a benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from euchre_learn import tournament
from euchre_learn.analysis.expert import ExpertBot
from euchre_learn.analysis.tournament import MatchResult

from ._table import Table

BOTS = ("random", "beginner", "standard", "expert")
ELO = 400 / math.log(10)


def pimc() -> ExpertBot:
    """The plain PIMC baseline: every bid by the advisor (double-dummy worlds), PIMC play."""
    bot = ExpertBot(seed="pimc", bid_worlds=16, play_worlds=8, screen=False)
    bot.name = "pimc"
    return bot


def fit(names: Sequence[str], results: dict[tuple[str, str], float], anchor: str) -> dict[str, float]:
    """Bradley-Terry ratings (Elo points) from each pair's share of mirrored deals won by the
    first bot, by a few hundred rounds of the minorisation-maximisation update."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(500):
        new = {}
        for i in names:
            wins = games = 0.0
            for (a, b), s in results.items():
                if i not in (a, b):
                    continue
                w = s if i == a else 1 - s
                j = b if i == a else a
                wins += w
                games += 1 / (strength[i] + strength[j])
            new[i] = max(wins, 1e-6) / games
        strength = new
    base = math.log(strength[anchor])
    return {n: ELO * (math.log(strength[n]) - base) for n in names}


def ladder_table(matches: Sequence[MatchResult], names: Sequence[str], seed: int = 0) -> tuple[Table, dict[str, Any]]:
    results = {(m.a, m.b): m.win_rate for m in matches}
    ratings = fit(names, results, names[0])
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(2000):
        redrawn = {
            (m.a, m.b): min(0.999, max(0.001, rng.gauss(m.win_rate, m.win_rate_ci / 1.959964))) for m in matches
        }
        for n, r in fit(names, redrawn, names[0]).items():
            draws[n].append(r)
    table = Table("The ladder: Elo from mirrored deals won ('random' pinned at 0)", ["bot", "Elo", "95% CI"])
    out = {}
    for n in sorted(names, key=lambda n: -ratings[n]):
        d = sorted(draws[n])
        low, high = d[int(0.025 * len(d))], d[int(0.975 * len(d)) - 1]
        table.add(n, f"{ratings[n]:+.0f}", f"[{low:+.0f}, {high:+.0f}]")
        out[n] = (ratings[n], low, high)
    return table, out


def pairs_table(matches: Sequence[MatchResult], seconds: dict[tuple[str, str], float]) -> Table:
    table = Table(
        "Every pair: mirrored deals, each played both ways round",
        ["A", "B", "hands", "A - B points/hand", "95% CI", "deals won by A", "hands/s"],
    )
    for m in matches:
        low, high = m.margin_interval
        table.add(
            m.a,
            m.b,
            f"{m.hands:,}",
            f"{m.margin:+.3f}",
            f"[{low:+.3f}, {high:+.3f}]",
            f"{m.win_rate:.1%} ± {m.win_rate_ci:.1%}",
            f"{m.hands / seconds[(m.a, m.b)]:,.1f}",
        )
    return table


def dealer_table(rows: Sequence[tuple[str, MatchResult]]) -> Table:
    table = Table(
        "Dealer's team points per hand against the plain PIMC baseline (published: CFR+PIMC 0.77, PIMC 0.67)",
        ["dealer's team", "hands dealt", "points/hand as dealer's team", "net of the defenders'"],
    )
    for name, m in rows:
        a = m.side_a
        table.add(name, f"{m.hands // 2:,}", f"{a.dealer_points_per_hand:.3f}", f"{a.dealer_net_per_hand:+.3f}")
    base = dict(rows).get("pimc")
    if base is not None:
        b = base.side_a.dealer_points_per_hand
        for name, m in rows:
            if name != "pimc":
                table.notes.append(
                    f"{name} as the dealer's team: {m.side_a.dealer_points_per_hand - b:+.3f} points per hand over "
                    f"PIMC's own {b:.3f} (published: CFR bidding +0.10 over PIMC's 0.67)"
                )
    table.notes.append(
        "'pimc': every bid by the advisor over 16 double-dummy worlds, card play by PIMC over 8; the "
        "defenders are 'pimc' in every row. A hand's points have a standard deviation near 1.3, so the "
        "rows' standard errors are about 1.3 / sqrt(hands dealt)."
    )
    return table


def run(
    rounds: int = 1,
    hands: int = 10_000,
    expert_hands: int = 400,
    pimc_hands: int = 40,
    seed: int = 2026,
    processes: int | None = None,
    executor: Executor | None = None,
    write: str | None = None,
) -> list[Table]:
    del rounds  # the intervals say how precise each figure is
    matches = []
    seconds: dict[tuple[str, str], float] = {}
    for i, a in enumerate(BOTS):
        for b in BOTS[i + 1 :]:
            n = expert_hands if "expert" in (a, b) else hands
            start = time.perf_counter()
            m = tournament.match(b, a, hands=n, seed=seed, processes=processes, executor=executor, progress=False)
            seconds[(m.a, m.b)] = time.perf_counter() - start
            matches.append(m)
    ladder, _ratings = ladder_table(matches, BOTS)
    tables = [ladder, pairs_table(matches, seconds)]
    dealer_rows = []
    for name in ("standard", "expert", "pimc"):
        bot: Any = pimc() if name == "pimc" else name
        m = tournament.match(bot, pimc(), hands=pimc_hands, seed=seed, processes=processes, executor=executor, progress=False)
        dealer_rows.append((name, m))
    tables.append(dealer_table(dealer_rows))
    tables[0].notes.append(
        f"{hands:,} hands per pair; {expert_hands:,} for the expert's pairs and {pimc_hands:,} against the "
        f"PIMC baseline (the expert is slow); seed {seed}."
    )
    if write:
        _write(write, tables)
    return tables


def _write(path: str, tables: Sequence[Table]) -> None:
    parts = [
        "# The ladder",
        "",
        "Generated by `python -m benchmarks.bench_ladder --write docs/ladder.md` (see the script's",
        "docstring for the method); do not edit by hand.",
        "",
    ]
    for t in tables:
        parts += [f"## {t.title}", "", "| " + " | ".join(t.columns) + " |", "|" + "---|" * len(t.columns)]
        parts += ["| " + " | ".join(r) + " |" for r in t.rows]
        parts += [""] + [n for n in t.notes] + [""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts))


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--hands", type=int, default=10_000, help="hands per pair (even)")
    p.add_argument("--expert-hands", type=int, default=400, help="hands per pair with the expert (even)")
    p.add_argument("--pimc-hands", type=int, default=40, help="hands of each bot against the PIMC baseline")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--processes", type=int, default=None)
    p.add_argument("--scheduler", default=None, help="a Dask scheduler address, e.g. tcp://host:8786")
    p.add_argument("--write", default=None, metavar="PATH", help="also write the tables as markdown")
    args = p.parse_args(argv)
    executor = None
    if args.scheduler:
        from distributed import Client

        executor = Client(args.scheduler).get_executor()
    for t in run(
        hands=args.hands,
        expert_hands=args.expert_hands,
        pimc_hands=args.pimc_hands,
        seed=args.seed,
        processes=args.processes,
        executor=executor,
        write=args.write,
    ):
        print(t)
        print()


if __name__ == "__main__":
    main()
