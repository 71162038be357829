"""The fuzz suite's figures (issue 16): inputs tried on every public entry point of API.md,
how many were accepted, how many refused with a clear error of the package's own, and the
leaks (any other exception, a long message, changed state, a temporary file left), which must
be 0. The harness is tests/fuzzkit.py; ``EUCHRE_FUZZ_EXAMPLES`` sets the drawn examples per
target (``make fuzz`` runs ten times the default).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ._table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzzkit


def _area(name: str) -> str:
    """The entry point a target belongs to: 'Hand.from_cards(kitty)' → 'Hand.from_cards'."""
    return name.split("(")[0].split(" ")[0]


def run(rounds: int = 5) -> Table:
    """One fuzz run (``rounds`` does not apply: the figures are counts, not timings)."""
    areas: dict[str, fuzzkit.Stats] = {}
    start = time.perf_counter()
    targets = fuzzkit.targets() + fuzzkit.coach_targets()
    for target in targets:
        areas.setdefault(_area(target.name), fuzzkit.Stats()).add(fuzzkit.fuzz(target))
    seconds = time.perf_counter() - start
    table = Table(
        f"Fuzzing the public API: {len(targets)} targets, {fuzzkit.budget()} drawn inputs each "
        f"+ {len(fuzzkit.SPECIAL)} fixed ones",
        ["entry point", "inputs tried", "accepted", "clear errors", "leaks"],
    )
    total = fuzzkit.Stats()
    for area, stats in areas.items():
        table.add(area, f"{stats.tried:,}", f"{stats.accepted:,}", f"{stats.clear:,}", f"{len(stats.leaks)}")
        total.add(stats)
    table.add("all", f"{total.tried:,}", f"{total.accepted:,}", f"{total.clear:,}", f"{len(total.leaks)}")
    table.notes.append(f"{seconds:.1f} s. A leak is any exception other than the package's own, a message over")
    table.notes.append(f"{fuzzkit.MAX_MESSAGE} characters, a shared hand/game/table/question changed, or a temp file left.")
    for name, value, problem in total.leaks[:10]:
        table.notes.append(f"LEAK {name}({value}): {problem}")
    return table
