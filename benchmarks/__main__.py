"""Run the benchmarks and print their tables.

``python -m benchmarks`` runs every ``bench_*.py`` module here; ``python -m benchmarks engine``
runs only ``bench_engine.py``; ``--rounds N`` sets how many timed rounds each takes the median of.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import time
from pathlib import Path

from ._table import Table


def available() -> list[str]:
    """The benchmark names: ``bench_engine.py`` is ``engine``."""
    found = (m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]))
    return sorted(name.removeprefix("bench_") for name in found if name.startswith("bench_"))


def main(argv: list[str] | None = None) -> int:
    names = available()
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description="Print speed tables.")
    parser.add_argument(
        "names", nargs="*", metavar="name", help=f"benchmarks to run (default: all of {', '.join(names)})"
    )
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per measurement; the median is shown")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in names]
    if unknown:
        parser.error(f"no benchmark named {', '.join(unknown)}: choose from {', '.join(names)}")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    for name in args.names or names:
        start = time.perf_counter()
        module = importlib.import_module(f"{__package__}.bench_{name}")
        result = module.run(rounds=args.rounds)
        for table in [result] if isinstance(result, Table) else result:
            print()
            print(table)
        print(f"({name}: {time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
