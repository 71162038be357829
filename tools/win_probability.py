"""Make euchre_learn/analysis/data/win_probability.json: the chance to win a game, by score and deal.

    python tools/win_probability.py                      # 40,000 games, seed 1, both cores
    python tools/win_probability.py --games 2000 --out /tmp/wp.json --processes 1

**What is simulated.** Whole games to 10 points under the standard rules (no stick the
dealer, no defending alone), four copies of the 'standard' bot, which bids with the score in
mind (it bids more boldly when the other side needs one point, holds back a loner when a
march is enough). The 'expert' bot would be stronger, but it samples a few hundred deals for
every bid and plays by sampling too: about two seconds a hand, so 40,000 games would take
weeks on this machine; the standard bot plays a game in about 5 ms. Every game ``g`` draws
from its own generator, ``random.Random(f"win-probability|{seed}|{g}")`` (the first dealer, the
deals, the bots' choices), so the result is the same whichever process plays it.

**From games to a table.** Every hand of every game is one transition: the score at its
start, which side dealt, and the points each side scored (a throw-in scores nothing, and the
deal still passes left, R4.2, R2.3). The bots' choices depend on the score only through how
many points each side still needs, counted as 1, 2 or "3 or more" (``bots._threshold`` and
``bots._alone_ok``), so the hands are pooled in those nine classes, for the dealer's side and the
other; within a class every hand is an independent draw of the same distribution of
outcomes. The table is then the exact solution of the game as a Markov chain on
(points my side needs, points their side needs, who deals) with those estimated transitions,
solved from the end backwards (a throw-in returns to the same score with the deal passed, so
each score solves a 2-by-2 system). This gives every cell, also the rare ones (9-0), a small
error; the plain frequency of wins from each score in the same games is stored beside it
(``empirical``, with its count) as a check.

The table is indexed by points still needed (1 to 15), so games to 5, 7, 10, 11 or 15 points
read it alike; ``win_probability(mine, theirs, dealing)`` in :mod:`euchre_learn.analysis.win_table` reads it.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from euchre_learn.analysis.bots import get, play_hand  # noqa: E402
from euchre_learn.engine import core  # noqa: E402
from euchre_learn.engine.rules import Rules  # noqa: E402

TARGET = 10
NEEDS = 15
FORMAT = "euchre-learn/win-probability-1"


def _bucket(need: int) -> int:
    return min(need, 3)


def play_games(task: tuple[int, int, int]) -> list[list[tuple[int, int, int, int, int]]]:
    """Games ``start`` .. ``stop - 1`` of run ``seed``: for each, its hands as
    ``(ns, ew, dealer_team, ns_points, ew_points)``, then one row ``(winner, -1, -1, -1, -1)``."""
    seed, start, stop = task
    rules = Rules()
    out = []
    for g in range(start, stop):
        rng = random.Random(f"win-probability|{seed}|{g}")
        bots = [get("standard", seed=rng.getrandbits(32))] * 4
        dealer = rng.randrange(4)
        score = [0, 0]
        rows: list[tuple[int, int, int, int, int]] = []
        while max(score) < TARGET:
            state = play_hand(core.deal(rules, dealer, rng), bots, rng, (score[0], score[1]))
            pts = [0, 0]
            if state.score is not None:
                mt = state.maker & 1
                pts[mt], pts[1 - mt] = state.score.makers, state.score.defenders
            rows.append((score[0], score[1], dealer & 1, pts[0], pts[1]))
            score[0] += pts[0]
            score[1] += pts[1]
            dealer = (dealer + 1) & 3
        rows.append((0 if score[0] >= TARGET else 1, -1, -1, -1, -1))
        out.append(rows)
    return out


def _chunks(seed: int, games: int, size: int) -> Iterator[tuple[int, int, int]]:
    for start in range(0, games, size):
        yield seed, start, min(games, start + size)


def solve_chain(trans: dict[tuple[int, int], dict[tuple[int, int], float]], needs: int) -> dict[str, list[list[float]]]:
    """P(my side wins) for every (points I need, points they need) in 1..needs and both deals.

    ``trans[(bucket(dealer side's need), bucket(other's need))]`` maps (dealer side's points,
    other side's points) to its probability."""
    # p[d][i][j]: I need i, they need j, d = 1 when my side deals this hand
    p = [[[0.0] * (needs + 1) for _ in range(needs + 1)] for _ in range(2)]

    def value(d: int, i: int, j: int) -> float:
        if i <= 0:
            return 1.0
        if j <= 0:
            return 0.0
        return p[d][i][j]

    for total in range(2, 2 * needs + 1):
        for i in range(1, needs + 1):
            j = total - i
            if not 1 <= j <= needs:
                continue
            # my side deals: outcomes (mine, theirs); the next hand is theirs to deal
            r1 = t1 = 0.0
            for (x, y), q in trans[(_bucket(i), _bucket(j))].items():
                if x == y == 0:
                    t1 += q
                else:
                    r1 += q * value(0, i - x, j - y)
            r0 = t0 = 0.0
            for (y, x), q in trans[(_bucket(j), _bucket(i))].items():  # they deal: (their points, mine)
                if x == y == 0:
                    t0 += q
                else:
                    r0 += q * value(1, i - x, j - y)
            # P1 = r1 + t1 P0 and P0 = r0 + t0 P1
            p1 = (r1 + t1 * r0) / (1 - t1 * t0)
            p[1][i][j] = p1
            p[0][i][j] = r0 + t0 * p1
    return {
        "dealing": [[round(p[1][i][j], 4) for j in range(1, needs + 1)] for i in range(1, needs + 1)],
        "not_dealing": [[round(p[0][i][j], 4) for j in range(1, needs + 1)] for i in range(1, needs + 1)],
    }


def build(games: int, seed: int, processes: int) -> dict[str, object]:
    counts: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
    wins = [[[0] * TARGET for _ in range(TARGET)] for _ in range(2)]  # [dealing][mine][theirs]
    seen = [[[0] * TARGET for _ in range(TARGET)] for _ in range(2)]
    hands = 0
    tasks = list(_chunks(seed, games, 250))
    start = time.perf_counter()
    if processes == 1:
        results: Iterator[list[list[tuple[int, int, int, int, int]]]] = map(play_games, tasks)
    else:
        pool = multiprocessing.Pool(processes)
        results = pool.imap(play_games, tasks)  # in task order: the sums do not depend on the pool
    for batch in results:
        for rows in batch:
            winner = rows[-1][0]
            for ns, ew, dteam, pns, pew in rows[:-1]:
                hands += 1
                sc, pts = (ns, ew), (pns, pew)
                key = (_bucket(TARGET - sc[dteam]), _bucket(TARGET - sc[1 - dteam]))
                out = (pts[dteam], pts[1 - dteam])
                counts.setdefault(key, {})
                counts[key][out] = counts[key].get(out, 0) + 1
                for team in (0, 1):
                    d = 1 if team == dteam else 0
                    seen[d][sc[team]][sc[1 - team]] += 1
                    wins[d][sc[team]][sc[1 - team]] += winner == team
    if processes != 1:
        pool.close()
        pool.join()
    seconds = time.perf_counter() - start
    trans = {k: {o: n / sum(v.values()) for o, n in v.items()} for k, v in counts.items()}
    for k in [(a, b) for a in (1, 2, 3) for b in (1, 2, 3)]:
        if k not in trans:
            raise SystemExit(f"no hand was played with needs {k}: play more games")
    table = solve_chain(trans, NEEDS)
    empirical = {
        "dealing": [
            [round(wins[1][a][b] / seen[1][a][b], 4) if seen[1][a][b] else None for b in range(TARGET)]
            for a in range(TARGET)
        ],
        "not_dealing": [
            [round(wins[0][a][b] / seen[0][a][b], 4) if seen[0][a][b] else None for b in range(TARGET)]
            for a in range(TARGET)
        ],
        "count_dealing": [[seen[1][a][b] for b in range(TARGET)] for a in range(TARGET)],
        "count_not_dealing": [[seen[0][a][b] for b in range(TARGET)] for a in range(TARGET)],
    }
    outcomes = {
        f"{k[0]},{k[1]}": {f"{o[0]},{o[1]}": round(q, 5) for o, q in sorted(v.items())}
        for k, v in sorted(trans.items())
    }
    return {
        "format": FORMAT,
        "description": (
            "P(my side wins the game) at the start of a hand, indexed [points my side needs - 1][points "
            "their side needs - 1], for the hand my side deals ('dealing') and the hand they deal "
            "('not_dealing'). Solved as a Markov chain from the hand outcomes of simulated games; see "
            "tools/win_probability.py."
        ),
        "rules": "standard",
        "bots": "standard (all four seats)",
        "games": games,
        "hands": hands,
        "seed": seed,
        "seconds": round(seconds, 1),
        "needs": NEEDS,
        "table": table,
        "outcomes": outcomes,
        "empirical_target": TARGET,
        "empirical": empirical,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "euchre_learn" / "analysis" / "data" / "win_probability.json")
    args = parser.parse_args(argv)
    data = build(args.games, args.seed, args.processes)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    t = data["table"]
    assert isinstance(t, dict)
    print(f"{data['games']} games, {data['hands']} hands in {data['seconds']} s -> {args.out}")
    for s in (0, 5, 8, 9):
        need = TARGET - s
        print(f"tied {s}-{s}: dealer's side wins {t['dealing'][need - 1][need - 1]:.3f}")
    se = math.sqrt(0.25 / max(1, int(data["games"])))  # type: ignore[call-overload]
    print(f"(one game's win is a coin flip at 0-0: the binomial error of the 0-0 frequency is about {se:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
