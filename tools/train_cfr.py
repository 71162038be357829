"""Train the CFR bidding policy (:mod:`euchre_learn.analysis.cfr_bidding`) and write it.

    python tools/train_cfr.py --iterations 600000 --processes 2 --seed 1

Each process runs its own external-sampling MCCFR from its own seed (``seed``, ``seed + 1``, ...);
their regret and strategy sums are added (independent samples of the same sums), and the average
strategy is written to ``euchre_learn/analysis/data/cfr_bidding.json``. The same arguments give
the same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from euchre_learn.analysis.cfr_bidding import DATA, Trainer  # noqa: E402

OUT = ROOT / "euchre_learn" / "analysis" / "data" / DATA


def _train(seed: int, iterations: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    trainer = Trainer(seed=seed)
    step = max(1, iterations // 20)
    trainer.run(iterations, lambda n: print(f"  seed {seed}: {n:,}", flush=True) if n % step == 0 else None)
    return trainer.regret, trainer.average


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=600_000, help="deals per process")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    merged = Trainer(seed=args.seed)
    seeds = [args.seed + k for k in range(args.processes)]
    with ProcessPoolExecutor(args.processes) as pool:
        for regret, average in pool.map(_train, seeds, [args.iterations] * len(seeds)):
            for table, part in ((merged.regret, regret), (merged.average, average)):
                for key, xs in part.items():
                    row = table.setdefault(key, [0.0, 0.0, 0.0])
                    for i in range(3):
                        row[i] += xs[i]
    merged.iterations = args.iterations * len(seeds)
    seconds = time.perf_counter() - start
    merged.save(args.out)
    print(f"{merged.iterations:,} deals in {seconds:.0f} s: {len(merged.strategy())} keys -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
