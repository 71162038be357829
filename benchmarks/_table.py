"""Shared helpers for the benchmark modules: interleaved timing by median, and a text table.

>>> table = Table("Example", ["what", "per second"])
>>> table.add("counting", rate_text(12345.6))
>>> print(table)
Example
what      per second
--------  ----------
counting      12,346
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

Work = Callable[[int], object]
"""A workload: ``work(n)`` does ``n`` items (hands, searches, ...)."""


class Rate(NamedTuple):
    """Items per second over several rounds: the median, the slowest and the fastest round."""

    median: float
    low: float
    high: float


def measure(works: Mapping[str, Work], count: int, rounds: int) -> dict[str, Rate]:
    """Time each workload on ``count`` items, ``rounds`` times, interleaving the workloads round
    by round (so a busy spell on the machine hits all of them alike); one small warm-up run each."""
    for work in works.values():
        work(max(1, count // 20))
    seen: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(rounds):
        for name, work in works.items():
            start = time.perf_counter()
            work(count)
            seen[name].append(count / (time.perf_counter() - start))
    return {name: Rate(statistics.median(r), min(r), max(r)) for name, r in seen.items()}


def rate_text(x: float) -> str:
    """A rate with thousands separators: ``12,346``."""
    return f"{x:,.0f}"


def spread_text(r: Rate) -> str:
    """The slowest and fastest rounds: ``11,900-12,700``."""
    return f"{r.low:,.0f}-{r.high:,.0f}"


def ratio_text(x: float) -> str:
    """A ratio: ``1.06×``."""
    return f"{x:.2f}×"


@dataclass
class Table:
    """A titled plain-text table; text cells align left, numeric-looking cells right.
    ``notes`` print under it."""

    title: str
    columns: Sequence[str]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, *cells: object) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {self.title!r} needs {len(self.columns)} cells, not {len(cells)}: {cells}")
        self.rows.append(tuple(str(c) for c in cells))

    def __str__(self) -> str:
        widths = [max(len(str(c)), *(len(r[i]) for r in self.rows)) for i, c in enumerate(self.columns)]

        def line(cells: Sequence[str]) -> str:
            out = []
            for cell, width in zip(cells, widths, strict=True):
                numeric = cell[:1].isdigit() or (cell[:1] in "-+≥" and cell[1:2].isdigit())
                out.append(cell.rjust(width) if numeric else cell.ljust(width))
            return "  ".join(out).rstrip()

        body = [line(list(self.columns)), "  ".join("-" * w for w in widths)]
        body += [line(r) for r in self.rows]
        return "\n".join([self.title, *body, *self.notes])

    def markdown(self, drop: Sequence[str] = ()) -> list[str]:
        """The table as markdown lines (header, rule, rows), without the columns named in ``drop``.

        >>> t = Table("T", ["a", "hands/s"]); t.add("x", "9")
        >>> t.markdown(drop=["hands/s"])
        ['| a |', '|---|', '| x |']
        """
        keep = [i for i, c in enumerate(self.columns) if c not in drop]
        lines = ["| " + " | ".join(self.columns[i] for i in keep) + " |", "|" + "---|" * len(keep)]
        return lines + ["| " + " | ".join(r[i] for i in keep) + " |" for r in self.rows]


def replace_sections(doc: str, sections: Sequence[str], owned: Sequence[str], preamble: str = "") -> str:
    """The markdown page ``doc`` with the ``## `` sections a bench writes replaced, and every other
    section kept as it was (two benches write docs/ladder.md, each its own sections).

    ``sections``: the new sections, each starting with its ``## `` heading line. ``owned``: the
    headings (without ``## ``) of every section this bench writes, old names included; the old
    ones all go, and the new ones stand where the first of them stood (at the end if none did).
    ``preamble`` (the title and what precedes the first section) is used only for a new page.

    >>> page = "# P\\n\\nintro\\n\\n## A\\n\\nold a\\n\\n## B\\n\\nb\\n"
    >>> print(replace_sections(page, ["## A\\n\\nnew a\\n"], ["A"]))
    # P
    <BLANKLINE>
    intro
    <BLANKLINE>
    ## A
    <BLANKLINE>
    new a
    <BLANKLINE>
    ## B
    <BLANKLINE>
    b
    <BLANKLINE>
    >>> replace_sections("", ["## C\\n\\nc\\n"], ["C"], preamble="# P\\n")
    '# P\\n\\n## C\\n\\nc\\n'
    """
    parts = doc.split("\n## ")
    head, old = (parts[0], parts[1:]) if not doc.startswith("## ") else ("", [doc[3:], *parts[1:]])
    if not doc.strip():
        head = preamble
    kept: list[str] = []
    at = None
    for body in old:
        if body.split("\n", 1)[0].strip() in owned:
            at = len(kept) if at is None else at
            continue
        kept.append("## " + body.strip("\n") + "\n")
    new = [s.strip("\n") + "\n" for s in sections]
    blocks = kept[:at] + new + kept[at:] if at is not None else kept + new
    return "\n".join([head.strip("\n") + "\n", *blocks]) if head.strip() else "\n".join(blocks)
