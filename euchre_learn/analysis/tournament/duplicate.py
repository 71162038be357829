"""Duplicate matches: the way strong bot makers measure a bot's strength.

Every deal is played at two tables with the same cards: at the first, bot A holds the
North-South seats and bot B the East-West ones; at the second, the seats are swapped. The
luck of the cards cancels out, and what is left is the difference in play. A bot's score is
its **points per deal**: its side's points minus the other side's, averaged over the two
tables of each deal, then over the deals, with its standard error (``se``) from the spread
between deals. Strong published Euchre bots sit within about 2% of each other, so only tens
of thousands of deals, and their standard errors, tell them apart.

Each deal is dealt by the same seat at both tables, so one table has A's side dealing and the
other B's, with the same cards: ``as_dealer`` is each side's points per hand as the dealer's team
(its own points, not net of the defenders': the figure published Euchre bot studies report), and
``as_dealer_se`` the standard error of their difference, deal by deal.

The deals are also grouped into games: at each table, consecutive deals count towards a game
to ``rules.points_to_win`` (the bots play each hand as at 0–0), and ``games_won`` is the share
of the finished games that A's side won.

The work is cut into chunks of a fixed size and runs here, in a process pool, or on any
:class:`concurrent.futures.Executor` (Dask's ``Client.get_executor()`` included): the same
seed gives the same result whichever runs it. With ``checkpoint=PATH`` each finished chunk
is appended to a JSON-lines file, and a run stopped half-way goes on from it.

>>> import euchre_learn as el
>>> result = el.tournament.duplicate('standard', 'random', deals=24, seed=1)
>>> result.deals, result.a, result.b
(24, 'standard', 'random')
>>> result.points_per_deal > 0 and result.se > 0
True
>>> print(result)  # doctest: +ELLIPSIS
standard against random, duplicate: 24 deals, each played at two tables with the seats swapped
standard: +... points per deal (± ... standard error; 95% CI ...)
games to 10 won by standard: ...
points per hand as the dealer's team: standard ..., random ... (difference on the same cards ...)
"""

from __future__ import annotations

import html
import json
import math
import os
import warnings
from collections.abc import Iterator
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from euchre_learn.analysis.bots import Bot
from euchre_learn.analysis.tournament.matches import (
    CHUNK,
    Z95,
    Task,
    bot_name,
    check_executor,
    check_processes,
    mean_ci,
    run_tasks,
)
from euchre_learn.engine.deals import seed_text
from euchre_learn.engine.errors import quote, type_error
from euchre_learn.engine.rules import Rules

__all__ = ["DuplicateResult", "duplicate"]


@dataclass(frozen=True)
class DuplicateResult:
    """The result of :func:`duplicate`, for bot ``a`` against bot ``b``.

    >>> r = duplicate('beginner', 'random', deals=16, seed=2)
    >>> low, high = r.interval
    >>> low < r.points_per_deal < high
    True
    """

    a: str
    b: str
    deals: int
    points_per_deal: float
    """A's side's points minus B's, per deal (the mean of the deal's two tables)."""
    se: float
    """The standard error of ``points_per_deal``, from the spread between deals."""
    games: int
    """Games to ``rules.points_to_win`` finished, both tables counted."""
    games_won: float
    """The share of those games A's side won (0 when none finished)."""
    games_se: float
    as_dealer: tuple[float, float] = (0.0, 0.0)
    """A's side's and B's side's points per hand as the dealer's team (the defenders' points not
    subtracted), each over the table of every deal where its side dealt."""
    as_dealer_se: float = 0.0
    """The standard error of ``as_dealer[0] - as_dealer[1]``, from the spread between deals."""
    seed: Any = None
    rules: Rules = field(default_factory=Rules)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of ``points_per_deal`` (normal approximation)."""
        return (self.points_per_deal - Z95 * self.se, self.points_per_deal + Z95 * self.se)

    def _lines(self) -> list[str]:
        low, high = self.interval
        return [
            f"{self.a} against {self.b}, duplicate: {self.deals} deals, each played at two tables with the seats swapped",
            f"{self.a}: {self.points_per_deal:+.3f} points per deal (± {self.se:.3f} standard error; "
            f"95% CI {low:+.3f} to {high:+.3f})",
            f"games to {self.rules.points_to_win} won by {self.a}: {self.games_won:.1%} ± {self.games_se:.1%} "
            f"of {self.games} games",
            f"points per hand as the dealer's team: {self.a} {self.as_dealer[0]:.3f}, {self.b} "
            f"{self.as_dealer[1]:.3f} (difference on the same cards {self.as_dealer[0] - self.as_dealer[1]:+.3f} "
            f"± {self.as_dealer_se:.3f})",
        ]

    def __str__(self) -> str:
        return "\n".join(self._lines())

    def _repr_html_(self) -> str:
        head, *rest = self._lines()
        return (
            f'<div class="el-duplicate"><p><b>{html.escape(head)}</b></p>'
            + "".join(f"<p>{html.escape(line)}</p>" for line in rest)
            + "</div>"
        )


def duplicate(
    a: str | Bot,
    b: str | Bot,
    *,
    deals: int,
    seed: Any = 0,
    rules: Rules | str | None = None,
    executor: Executor | None = None,
    processes: int | None = 1,
    checkpoint: str | Path | None = None,
    progress: bool | None = None,
) -> DuplicateResult:
    """Bot ``a`` against bot ``b`` (names, or bot objects) over ``deals`` deals, each played
    at two tables with the seats swapped (see the module's text).

    ``executor``: any :class:`concurrent.futures.Executor` to play the chunks on (a process
    pool, Dask's ``Client.get_executor()``); otherwise ``processes`` (1 by default: here, in
    order; ``None``: every core). ``checkpoint``: a JSON-lines file where each finished chunk
    is saved and from which a stopped run resumes; it must belong to the same match (bots,
    seed and rules). The same ``seed`` gives the same result whichever way it runs.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     on_pool = duplicate('standard', 'beginner', deals=24, seed=3, executor=pool)
    >>> on_pool == duplicate('standard', 'beginner', deals=24, seed=3)
    True
    >>> duplicate('standard', 'beginner', deals=0)
    Traceback (most recent call last):
    ...
    ValueError: deals must be a positive whole number (each deal is played at two tables), not 0
    """
    check_executor(executor)
    check_processes(processes)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(
            f"deals must be a positive whole number (each deal is played at two tables), not {quote(deals)}"
        )
    r = Rules.from_value(rules)
    names = (bot_name(a, "a"), bot_name(b, "b"))
    seed_text(seed)  # every deal is seeded by the seed's text: refuse a seed without one
    if checkpoint is not None and not isinstance(checkpoint, (str, os.PathLike)):
        raise type_error("checkpoint", checkpoint, "a file name (text or a Path) for the JSON-lines checkpoint")
    tasks: list[Task] = [(a, b, r, seed, "hands", range(k, min(k + CHUNK, deals))) for k in range(0, deals, CHUNK)]
    store = _Checkpoint(Path(checkpoint), _key(names, seed, r)) if checkpoint is not None else None
    done = store.load() if store is not None else {}
    todo = [t for t in tasks if t[5].start not in done]
    # Play in rounds so that a checkpoint is written as the run goes, not only at its end.
    per_round = len(todo) if store is None else max(1, 4 * (processes or 1))
    for k in range(0, len(todo), per_round):
        part = todo[k : k + per_round]
        for task, rows in zip(part, run_tasks(part, processes, progress, deals, executor), strict=True):
            done[task[5].start] = rows
            if store is not None:
                store.save(task[5].start, rows)
    rows = [row for task in tasks for row in done[task[5].start]]
    return _summarise(names[0], names[1], rows, seed, r)


def _summarise(a: str, b: str, rows: list[Any], seed: Any, rules: Rules) -> DuplicateResult:
    nets = [((t0[0] - t0[1]) + (t1[0] - t1[1])) / 2 for t0, t1 in rows]
    n = len(nets)
    mean = sum(nets) / n
    se = _se(nets)
    won = games = 0
    for table in (0, 1):
        for a_won in _games(((row[table][0], row[table][1]) for row in rows), rules.points_to_win):
            games += 1
            won += a_won
    share = won / games if games else 0.0
    games_se = math.sqrt(share * (1 - share) / games) if games else 0.0
    # hand_stats: [8] whether A's side dealt, [9] A's points when it did, [12] B's points when B's side did
    dealt_a = [sum(t[9] for t in row if t[8]) for row in rows]
    dealt_b = [sum(t[12] for t in row if not t[8]) for row in rows]
    gains = [x - y for x, y in zip(dealt_a, dealt_b, strict=True)]
    return DuplicateResult(
        a,
        b,
        n,
        mean,
        se,
        games,
        share,
        games_se,
        as_dealer=(sum(dealt_a) / n, sum(dealt_b) / n),
        as_dealer_se=_se(gains),
        seed=seed,
        rules=rules,
    )


def _se(xs: list[float]) -> float:
    """The standard error of the mean of ``xs`` (infinite for fewer than two): :func:`mean_ci`'s
    half-width, unscaled."""
    return mean_ci(xs)[1] / Z95


def _games(points: Iterator[tuple[int, int]], target: int) -> Iterator[bool]:
    """Whether A's side won each game, the hands' points (A's, B's) taken in order until one
    side reaches ``target``; an unfinished last game is left out.

    >>> list(_games(iter([(2, 0), (0, 4), (4, 0), (4, 0), (0, 1), (0, 2)]), 10))
    [True]
    """
    score = [0, 0]
    for pa, pb in points:
        score[0] += pa
        score[1] += pb
        if max(score) >= target:
            yield score[0] >= target
            score = [0, 0]


def _key(names: tuple[str, str], seed: Any, rules: Rules) -> str:
    return json.dumps({"a": names[0], "b": names[1], "seed": repr(seed), "rules": repr(rules)}, sort_keys=True)


class _Checkpoint:
    """The chunks of one duplicate match already played, one JSON line per chunk."""

    def __init__(self, path: Path, key: str) -> None:
        self.path, self.key = path, key

    def load(self) -> dict[int, list[Any]]:
        done: dict[int, list[Any]] = {}
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return done
        except OSError as e:
            raise ValueError(f"cannot read the checkpoint {self.path}: {e}") from None
        for number, line in enumerate(lines, 1):
            try:
                block = json.loads(line)
                key, start, rows = block["match"], int(block["start"]), block["rows"]
                rows = [tuple(tuple(table) for table in row) for row in rows]
            except (ValueError, KeyError, TypeError):
                # a line cut short by a stop half-way: that chunk is played again
                warnings.warn(
                    f"checkpoint {self.path}, line {number}: not a saved chunk ({line[:40]!r}); it is played again",
                    stacklevel=4,
                )
                continue
            if key != self.key:
                raise ValueError(
                    f"the checkpoint {self.path} holds another match ({key[:80]}), not {self.key[:80]}: "
                    f"give a new file, or the same bots, seed and rules"
                )
            done[start] = rows
        return done

    def save(self, start: int, rows: list[Any]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"match": self.key, "start": start, "rows": rows}) + "\n")
        except OSError as e:
            raise ValueError(f"cannot write the checkpoint {self.path}: {e}") from None
