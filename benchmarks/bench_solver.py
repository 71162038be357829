"""The double-dummy solver: time per deal from the first lead, and the speed-up over plain minimax.

Deals are dealt with a fixed seed and bid by four 'standard' bots (so trump, maker and
loners are what real bidding produces; throw-ins are skipped), then solved from the
first lead. Three workloads: the exact trick count only (what the advisor and the expert
bot call), ``el.solve(hand)`` (the value of every legal lead), and ``el.solve`` with its
best line. Each deal is timed ``rounds`` times and its median kept; the table gives the
median and the 90th percentile over deals.

The plain minimax is the reference of ``tests/test_solver.py`` on bitmasks (every legal
card tried, no pruning, no table, same ``legal_mask``/``winner_index``): the ratio is its
total time over the solver's on the same positions.

A third table times today's search against the search as it was before issue 12's speed work
(``_solver_reference.py``, kept unchanged) on the same full deals, interleaved in the same run,
by CPU time: the ratio is what changed, whatever else the machine was doing.

Run with ``python -m benchmarks solver`` or ``python -m benchmarks.bench_solver [--deals N]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import euchre_learn as el
from euchre_learn import bots
from euchre_learn.analysis.search import makers_tricks, search_for
from euchre_learn.analysis.solver import solve
from euchre_learn.engine import core
from euchre_learn.engine.core import OVER, PLAY_PHASE, State
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.trump import legal_mask, winner_index

from . import _solver_reference as before
from ._table import Table


def bid_deals(n: int, seed: int = 0) -> list[State]:
    """``n`` deals bid by 'standard' bots into the play phase (first lead), seeded."""
    rng = random.Random(seed)
    players = [bots.get("standard", seed=seed)] * 4
    out: list[State] = []
    i = 0
    while len(out) < n:
        state = core.deal(el.Rules(), i % 4, rng)
        i += 1
        while state.phase not in (PLAY_PHASE, OVER):
            state.apply(players[state.to_act].act_state(state, rng))
        if state.phase == PLAY_PHASE:
            out.append(state)
    return out


def plain_minimax(hands: list[int], trump: int, seats_from: list[tuple[int, ...]], mt: int, leader: int) -> int:
    """Makers' tricks from a trick start: every legal card tried, no pruning, no table."""
    seats = seats_from[leader]
    last = len(seats) - 1

    def ply(k: int, trick: list[int]) -> int:
        seat = seats[k]
        m = legal_mask(hands[seat], trump, trick[0] if trick else -1)
        maxing = seat & 1 == mt
        best = -1 if maxing else 99
        while m:
            low = m & -m
            m ^= low
            hands[seat] ^= low
            after = [*trick, low.bit_length() - 1]
            if k == last:
                w = seats[winner_index(after, trump)]
                v = (w & 1 == mt) + (plain_minimax(hands, trump, seats_from, mt, w) if hands[w] else 0)
            else:
                v = ply(k + 1, after)
            hands[seat] ^= low
            best = max(best, v) if maxing else min(best, v)
        return best

    return ply(0, [])


def _plain(state: State) -> int:
    seats_from: list[tuple[int, ...]] = []
    for lead in range(4):
        seq = [lead]
        x = state.next_active(lead) if not state.out >> lead & 1 else lead
        while x != lead and len(seq) < state.n_active():
            seq.append(x)
            x = state.next_active(x)
        seats_from.append(tuple(seq))
    hands = [0 if state.out >> s & 1 else h for s, h in enumerate(state.hands)]
    return state.won[state.maker & 1] + plain_minimax(hands, state.trump, seats_from, state.maker & 1, state.leader)


def _time_each(states: list[State], work: Callable[[State], object], rounds: int) -> list[float]:
    """Seconds per state: the median of ``rounds`` runs of each."""
    return [w for w, _ in _time_both(states, work, rounds)]


def _time_both(states: list[State], work: Callable[[State], object], rounds: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds per state, each the median of ``rounds`` runs. CPU time is what
    this process used: on a busy machine it stays put while the wall clock stretches."""
    out = []
    for s in states:
        walls, cpus = [], []
        for _ in range(rounds):
            w, c = time.perf_counter(), time.process_time()
            work(s)
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
        out.append((statistics.median(walls), statistics.median(cpus)))
    return out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _advance(state: State, tricks: int, rng: random.Random) -> State:
    s = state.copy()
    while len(s.tricks) < tricks and s.phase == PLAY_PHASE:
        s.apply(rng.choice(s.legal()))
    return s


def run(rounds: int = 5, deals: int | None = None, minimax_deals: int = 2) -> list[Table]:
    if deals is None:  # make bench: 100 deals; EUCHRE_BENCH_FULL=1: 300
        deals = 300 if os.environ.get("EUCHRE_BENCH_FULL") else 100
    states = bid_deals(deals)
    four = sum(1 for s in states if s.n_active() == 4)

    def value_only(s: State) -> int:
        return makers_tricks(s.copy())

    def solve_all(s: State) -> object:
        return solve(Hand._start(s.copy())).values

    def solve_line(s: State) -> object:
        return solve(Hand._start(s.copy())).line

    timing = Table(
        f"Double-dummy solver, full deals from the first lead ({deals} bid deals, {four} with four players)",
        ["workload", "median ms", "p90 ms", "mean ms", "max ms", "CPU median ms", "CPU p90 ms", "median TT nodes"],
    )
    nodes = []
    for s in states:
        search = search_for(s.copy())
        search.exact(s.leader, [])
        nodes.append(search.nodes)
    for name, work in (
        ("trick count only", value_only),
        ("solve(): every lead valued", solve_all),
        ("solve() and its line", solve_line),
    ):
        both = _time_both(states, work, rounds)
        ts = [1e3 * w for w, _ in both]
        cs = [1e3 * c for _, c in both]
        timing.add(
            name,
            f"{statistics.median(ts):.2f}",
            f"{_pct(ts, 0.9):.2f}",
            f"{statistics.mean(ts):.2f}",
            f"{max(ts):.1f}",
            f"{statistics.median(cs):.2f}",
            f"{_pct(cs, 0.9):.2f}",
            str(int(statistics.median(nodes))) if work is value_only else "",
        )
    timing.notes.append("Target: median at most 5 ms per deal for solve().")

    ratio = Table(
        "Solver against a plain unpruned minimax (same positions, exact trick count)",
        ["positions", "count", "plain total s", "solver total s", "speed-up"],
    )
    rng = random.Random(1)
    for label, tricks_done, count in (
        ("3 tricks left", 2, 60),
        ("4 tricks left", 1, 8),
        ("full deals", 0, minimax_deals),
    ):
        sample = [_advance(s, tricks_done, rng) for s in states[:count]]
        sample = [s for s in sample if s.phase == PLAY_PHASE and not s.trick]
        plain_s = sum(_time_each(sample, _plain, 1))
        solver_s = sum(_time_each(sample, value_only, rounds))
        for s in sample:
            assert _plain(s) == makers_tricks(s.copy())  # the same answer, or the ratio means nothing
        ratio.add(label, str(len(sample)), f"{plain_s:.2f}", f"{solver_s:.4f}", f"{plain_s / solver_s:,.0f}×")
    return [timing, ratio, against_before(states[:100], rounds)]


def against_before(states: list[State], rounds: int) -> Table:
    """Today's exact trick count against the pre-issue-12 search on the same full deals, each
    round timing both over all deals (interleaved), the old search's move-ordering caches
    emptied first (today's keeps nothing between searches)."""
    works = {"before (commit 901dc87)": before, "today": None}
    cpu: dict[str, list[float]] = {name: [] for name in works}
    nodes: dict[str, int] = {}
    values: dict[str, list[int]] = {}
    for _ in range(rounds):
        for name, module in works.items():
            for cache in (*before._FOLLOW_CACHE, *before._LEAD_CACHE):  # today's search keeps none
                cache.clear()
            make = module._search_for if module is not None else search_for
            start, count, got = time.process_time(), 0, []
            for s in states:
                search = make(s.copy())
                got.append(search.exact(s.leader, []))
                count += search.nodes
            cpu[name].append(time.process_time() - start)
            nodes[name], values[name] = count, got
    assert values["today"] == values["before (commit 901dc87)"]  # the same value on every deal
    for s in states:  # ... and the same value for every first lead
        assert search_for(s.copy()).play_values(s.leader, []) == before._search_for(s.copy()).play_values(s.leader, [])
    table = Table(
        f"Solver today against the search before issue 12, {len(states)} full deals, exact trick count "
        f"(CPU time, median of {rounds} interleaved rounds)",
        ["search", "CPU ms per deal", "trick-start nodes per deal", "speed-up"],
    )
    base = statistics.median(cpu["before (commit 901dc87)"])
    for name in works:
        mid = statistics.median(cpu[name])
        table.add(name, f"{1e3 * mid / len(states):.2f}", f"{nodes[name] / len(states):.0f}", f"{base / mid:.2f}×")
    table.notes.append("Target (issue 12): at least 2× on full deals, the same values on every position.")
    return table


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--minimax-deals", type=int, default=2, help="full deals for the plain minimax (slow)")
    args = parser.parse_args()
    for table in run(args.rounds, args.deals, args.minimax_deals):
        print(table, end="\n\n")
