"""Tournaments between bots: hands or whole games, with the luck of the deal cancelled.

Every deal is played twice with the same cards: bot A's side North-South and bot B's
East-West, then the other way round (a *mirrored* deal), and the dealer moves round the
table from one deal to the next. A strong bot then cannot win by being dealt better cards.
In games mode, each game's hands are dealt from the same seeds in both mirrors.

The deals are shared among all the machine's cores (``processes=None``), played in this
process (``processes=1``), or handed to any :class:`concurrent.futures.Executor`
(``executor=``: a process pool, Dask's ``distributed.Client.get_executor()``, ...). Whichever
runs them, the same ``seed`` gives the same result: the deals are cut into chunks of a fixed
size (never by the number of workers), and every deal and every decision draws from its own
generator seeded by the deal's number. ``docs/studies.md`` shows a study on a Dask cluster.

>>> import euchre_learn as el
>>> result = el.tournament.match('standard', 'random', hands=40, seed=1, processes=1)
>>> result.hands, result.a, result.b
(40, 'standard', 'random')
>>> result.margin > 0          # points per hand, standard minus random
True
>>> print(result)  # doctest: +ELLIPSIS
standard against random: 40 hands (20 deals, each played both ways round)
...
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from euchre_learn.analysis.bots import Bot, get, play_hand
from euchre_learn.analysis.progressbar import progress_bar
from euchre_learn.engine import core
from euchre_learn.engine.deals import seed_text, seeded_random
from euchre_learn.engine.errors import quote, type_error
from euchre_learn.engine.rules import Rules

__all__ = ["MatchResult", "RoundRobin", "bot_name", "check_executor", "check_processes", "match", "round_robin"]

Z95 = 1.959964


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, Z95 * math.sqrt(var / n)


@dataclass(frozen=True)
class Side:
    """One bot's record in a match (all per hand played).

    >>> side = match('standard', 'random', hands=20, seed=1, processes=1).side_a
    >>> side.name, 0 <= side.make_rate <= 1
    ('standard', True)
    """

    name: str
    points_per_hand: float
    calls_per_hand: float
    """How often this side made trump."""
    make_rate: float
    """Of the hands this side made trump in, the share it made (3 tricks or more)."""
    alone_per_hand: float
    dealer_points_per_hand: float = 0.0
    """Points this side scored per hand on the hands its own side dealt (the dealer's team)."""
    dealer_net_per_hand: float = 0.0
    """The same hands: this side's points minus the other side's, per hand."""


@dataclass(frozen=True)
class MatchResult:
    """The result of :func:`match`: A's margin over B with 95% confidence intervals.

    ``margin`` is A's points minus B's, per hand; ``win_rate`` is the share of games A won
    (games mode) or of mirrored deals A came out ahead on, ties counting half (hands mode).

    >>> result = match('beginner', 'random', games=2, seed=5, processes=1)
    >>> result.mode, result.games, result.margin_interval[0] <= result.margin <= result.margin_interval[1]
    ('games', 4, True)
    """

    a: str
    b: str
    mode: str
    hands: int
    deals: int
    games: int
    margin: float
    margin_ci: float
    win_rate: float
    win_rate_ci: float
    side_a: Side
    side_b: Side
    seed: Any = None
    rules: Rules = field(default_factory=Rules)

    @property
    def margin_interval(self) -> tuple[float, float]:
        return (self.margin - self.margin_ci, self.margin + self.margin_ci)

    def _rows(self) -> list[tuple[str, str, str]]:
        a, b = self.side_a, self.side_b
        rows = [
            ("points per hand", f"{a.points_per_hand:.3f}", f"{b.points_per_hand:.3f}"),
            ("makes trump, per hand", f"{a.calls_per_hand:.1%}", f"{b.calls_per_hand:.1%}"),
            ("makes it when calling", f"{a.make_rate:.1%}", f"{b.make_rate:.1%}"),
            ("goes alone, per hand", f"{a.alone_per_hand:.1%}", f"{b.alone_per_hand:.1%}"),
        ]
        return rows

    def _summary(self) -> list[str]:
        what = "games won" if self.mode == "games" else "mirrored deals won"
        return [
            f"margin: {self.a} {self.margin:+.3f} points per hand (95% CI {self.margin - self.margin_ci:+.3f} "
            f"to {self.margin + self.margin_ci:+.3f})",
            f"{what}: {self.a} {self.win_rate:.1%} ± {self.win_rate_ci:.1%} (95% CI)",
        ]

    def _head(self) -> str:
        if self.mode == "games":
            return f"{self.a} against {self.b}: {self.games} games ({self.hands} hands), each played both ways round"
        return f"{self.a} against {self.b}: {self.hands} hands ({self.deals} deals, each played both ways round)"

    def __str__(self) -> str:
        rows = self._rows()
        w = max(len(r[0]) for r in rows)
        cw = max(len(self.a), len(self.b), 8)
        lines = [self._head(), f"{'':<{w}}  {self.a:>{cw}}  {self.b:>{cw}}"]
        lines += [f"{r[0]:<{w}}  {r[1]:>{cw}}  {r[2]:>{cw}}" for r in rows]
        return "\n".join(lines + self._summary())

    def _repr_html_(self) -> str:
        e = html.escape
        rows = "".join(f"<tr><td>{e(r[0])}</td><td>{e(r[1])}</td><td>{e(r[2])}</td></tr>" for r in self._rows())
        summary = "".join(f"<p>{e(s)}</p>" for s in self._summary())
        return (
            f'<div class="el-match"><p><b>{e(self._head())}</b></p><table><thead><tr><th></th>'
            f"<th>{e(self.a)}</th><th>{e(self.b)}</th></tr></thead><tbody>{rows}</tbody></table>{summary}</div>"
        )


# ---- the work, in any process ----------------------------------------------------------------

Task = tuple[Any, Any, Rules, Any, str, range]


def make_bot(spec: Any, seed: Any) -> Bot:
    return get(spec, seed=seed) if isinstance(spec, str) else spec


STATS = 13
"""(A's points, B's points, A called, A made, A alone, B called, B made, B alone, A dealt,
A's and B's points on the hands A's side dealt, A's and B's points on the hands B's side dealt)."""


def hand_stats(state: core.State, team_a: int) -> tuple[int, ...]:
    """One hand's numbers (see :data:`STATS`), summed over hands by the callers."""
    a_dealt = int(state.dealer & 1 == team_a)
    if state.score is None:
        return (0, 0, 0, 0, 0, 0, 0, 0, a_dealt, 0, 0, 0, 0)
    makers = state.maker & 1
    pts = [0, 0]
    pts[makers], pts[1 - makers] = state.score.makers, state.score.defenders
    made = int(state.score.makers > 0)
    alone = int(state.alone)
    pa, pb = pts[team_a], pts[1 - team_a]
    dealer = (pa, pb, 0, 0) if a_dealt else (0, 0, pa, pb)
    if makers == team_a:
        return (pa, pb, 1, made, alone, 0, 0, 0, a_dealt, *dealer)
    return (pa, pb, 0, 0, 0, 1, made, alone, a_dealt, *dealer)


def play_chunk(task: Task) -> list[tuple[Any, ...]]:
    """Play one chunk of deals (hands mode) or games (games mode); returns one row each."""
    spec_a, spec_b, rules, seed, mode, units = task
    a, b = make_bot(spec_a, f"{seed}/A"), make_bot(spec_b, f"{seed}/B")
    rows = []
    for i in units:
        if mode == "hands":
            deal = core.deal(rules, i % 4, seeded_random(f"{seed}/deal {i}"))
            stats = []
            for mirror in (0, 1):
                seats = [a, b, a, b] if mirror == 0 else [b, a, b, a]
                state = play_hand(deal.copy(), seats, seeded_random(f"{seed}/play {i}/{mirror}"))
                stats.append(hand_stats(state, mirror))
            rows.append(tuple(stats))
        else:
            rows.append(tuple(play_game(a, b, rules, seed, i, mirror) for mirror in (0, 1)))
    return rows


CHUNK = 8
"""Deals (or games) per task sent to a worker. Fixed, never derived from the number of
workers, so that a chunk's bots and deals (hence the result) are the same on any executor."""


def play_game(a: Bot, b: Bot, rules: Rules, seed: Any, g: int, mirror: int) -> tuple[Any, ...]:
    """One game to ``rules.points_to_win``; returns (A won, hands, per-hand stats summed)."""
    seats = [a, b, a, b] if mirror == 0 else [b, a, b, a]
    score = [0, 0]
    dealer = g % 4
    k = 0
    totals = [0] * STATS
    while max(score) < rules.points_to_win:
        deal = core.deal(rules, dealer, seeded_random(f"{seed}/game {g}/hand {k}"))
        state = play_hand(deal, seats, seeded_random(f"{seed}/game {g}/play {k}/{mirror}"), score=tuple(score))
        stats = hand_stats(state, mirror)
        totals = [x + y for x, y in zip(totals, stats, strict=True)]
        score[mirror] += stats[0]
        score[1 - mirror] += stats[1]
        dealer = (dealer + 1) & 3
        k += 1
    return (int(score[mirror] >= rules.points_to_win), k, *totals)


# ---- running and summing up ------------------------------------------------------------------


def run_tasks(
    tasks: list[Task], processes: int | None, progress: bool | None, total: int, executor: Executor | None = None
) -> list[list[tuple[Any, ...]]]:
    bar = progress_bar(total, "tournament", progress)
    n = processes or os.cpu_count() or 1
    out: list[list[tuple[Any, ...]]] = [[] for _ in tasks]
    try:
        if executor is not None:
            try:
                futures = [executor.submit(play_chunk, task) for task in tasks]
            except RuntimeError as err:  # a pool used after its with block: it takes no more work
                raise ValueError(
                    f"the executor refused the work ({err}): a pool shut down (after its with block) takes "
                    "no more; make a new one"
                ) from None
            for k, fut in enumerate(futures):  # in order: the result never depends on who finished first
                out[k] = fut.result()
                if bar is not None:
                    bar.update(len(out[k]))
        elif n <= 1 or len(tasks) <= 1:
            for k, task in enumerate(tasks):
                out[k] = play_chunk(task)
                if bar is not None:
                    bar.update(len(out[k]))
        else:
            import multiprocessing

            ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
            with ctx.Pool(min(n, len(tasks))) as pool:
                for k, rows in enumerate(pool.imap(play_chunk, tasks)):
                    out[k] = rows
                    if bar is not None:
                        bar.update(len(rows))
    finally:
        if bar is not None:
            bar.close()
    return out


def match(
    a: str | Bot,
    b: str | Bot,
    *,
    hands: int | None = None,
    games: int | None = None,
    seed: Any = 0,
    rules: Rules | str | None = None,
    processes: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
) -> MatchResult:
    """Bot ``a`` against bot ``b`` (names, or :class:`~euchre_learn.analysis.bots.Bot` objects) over
    ``hands`` hands (an even number: each deal is played both ways round) or ``games`` games
    (each also played both ways round, so ``2 * games`` are played).

    ``processes=None`` uses every core; ``1`` plays here, in order. ``executor``: any
    :class:`concurrent.futures.Executor` to run the chunks of deals instead (a
    ``ProcessPoolExecutor``, Dask's ``Client.get_executor()``; ``processes`` is then ignored);
    the bots are sent to it by name (or pickled, for bot objects). The same ``seed`` gives the
    same result whichever runs it. ``progress``: ``True`` always shows a progress bar,
    ``False`` never, ``None`` for runs longer than 2 seconds.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     on_pool = match('standard', 'beginner', hands=40, seed=3, executor=pool, progress=False)
    >>> on_pool == match('standard', 'beginner', hands=40, seed=3, processes=1, progress=False)
    True
    """
    check_executor(executor)
    check_processes(processes)
    if (hands is None) == (games is None):
        raise ValueError("match() needs exactly one of hands=N or games=N")
    r = Rules.from_value(rules)
    count = hands if hands is not None else games
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(
            f"{'hands' if hands is not None else 'games'} must be a positive whole number, not {quote(count)}"
        )
    if hands is not None and hands % 2:
        raise ValueError(f"hands={hands}: each deal is played twice (mirrored), so give an even number of hands")
    mode = "hands" if hands is not None else "games"
    units = count // 2 if mode == "hands" else count
    names = (bot_name(a, "a"), bot_name(b, "b"))
    seed_text(seed)  # every deal is seeded by the seed's text: refuse a seed without one
    tasks: list[Task] = [(a, b, r, seed, mode, range(k, min(k + CHUNK, units))) for k in range(0, units, CHUNK)]
    rows = [row for part in run_tasks(tasks, processes, progress, units, executor) for row in part]
    return summarise(names[0], names[1], mode, rows, seed, r)


def check_executor(executor: Any) -> None:
    """Refuse anything but ``None`` or a :class:`concurrent.futures.Executor` (an instance).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> check_executor(ThreadPoolExecutor)
    Traceback (most recent call last):
    ...
    ValueError: executor must be a concurrent.futures.Executor, not the class ThreadPoolExecutor itself: make one, e.g. ThreadPoolExecutor(2)
    """
    if executor is None or isinstance(executor, Executor):
        return
    if isinstance(executor, type) and issubclass(executor, Executor):
        raise ValueError(
            "executor must be a concurrent.futures.Executor, not the class "
            f"{executor.__name__} itself: make one, e.g. {executor.__name__}(2)"
        )
    raise ValueError(
        "executor must be a concurrent.futures.Executor (a process pool, Client.get_executor()), "
        f"not {type(executor).__name__}"
    )


def check_processes(processes: Any) -> None:
    """Refuse anything but ``None`` (every core) or a whole number of processes, at least 1.

    >>> check_processes('2')
    Traceback (most recent call last):
    ...
    ValueError: processes must be a whole number, at least 1 (1: here, in order), or None for every core, not '2'
    """
    if processes is None or (isinstance(processes, int) and not isinstance(processes, bool) and processes >= 1):
        return
    raise ValueError(
        f"processes must be a whole number, at least 1 (1: here, in order), or None for every core, not {quote(processes)}"
    )


def bot_name(bot: Any, argument: str) -> str:
    """The name of a match's player ``bot``: a bot's name (an unknown one fails here, with the list
    of bots) or a :class:`~euchre_learn.analysis.bots.Bot` object.

    >>> bot_name('standard', 'a')
    'standard'
    >>> bot_name(None, 'b')
    Traceback (most recent call last):
    ...
    euchre_learn.engine.errors.EuchreTypeError: b: got None: expected a bot's name (one of el.bots.names()) or a bot (el.bots.get(...))
    """
    if isinstance(bot, str):
        get(bot)
        return bot
    if isinstance(bot, Bot):
        return bot.name
    raise type_error(argument, bot, "a bot's name (one of el.bots.names()) or a bot (el.bots.get(...))")


def summarise(a: str, b: str, mode: str, rows: list[tuple[Any, ...]], seed: Any, rules: Rules) -> MatchResult:
    totals = [0] * STATS
    margins: list[float] = []
    wins: list[float] = []
    n_hands = 0
    for pair in rows:
        if mode == "hands":
            n_hands += 2
            for st in pair:
                totals = [x + y for x, y in zip(totals, st, strict=True)]
            m = (pair[0][0] - pair[0][1]) + (pair[1][0] - pair[1][1])
            margins.append(m / 2)
            wins.append(1.0 if m > 0 else 0.5 if m == 0 else 0.0)
        else:
            hands_here = pair[0][1] + pair[1][1]
            n_hands += hands_here
            for g in pair:
                totals = [x + y for x, y in zip(totals, g[2:], strict=True)]
            m = sum(g[2] - g[3] for g in pair)
            margins.append(m / hands_here)
            wins.append((pair[0][0] + pair[1][0]) / 2)
    margin, margin_ci = mean_ci(margins)
    win, win_ci = mean_ci(wins)
    if mode == "games":  # the margin per hand, weighted by hands rather than by game
        margin = (totals[0] - totals[1]) / n_hands
    h = max(1, n_hands)

    a_dealt, b_dealt = totals[8], n_hands - totals[8]

    def side(name: str, points: int, called: int, made: int, alone: int, dealt: int, mine: int, theirs: int) -> Side:
        d = max(1, dealt)
        return Side(
            name, points / h, called / h, made / called if called else 0.0, alone / h, mine / d, (mine - theirs) / d
        )

    return MatchResult(
        a,
        b,
        mode,
        n_hands,
        len(rows) if mode == "hands" else 0,
        2 * len(rows) if mode == "games" else 0,
        margin,
        margin_ci,
        win,
        win_ci,
        side(a, totals[0], totals[2], totals[3], totals[4], a_dealt, totals[9], totals[10]),
        side(b, totals[1], totals[5], totals[6], totals[7], b_dealt, totals[12], totals[11]),
        seed,
        rules,
    )


@dataclass(frozen=True)
class RoundRobin:
    """Every pair of bots played against each other: see :func:`round_robin`.

    >>> print(round_robin(['random', 'beginner'], hands=20, processes=1))  # doctest: +ELLIPSIS
    Points per hand of the row bot over the column bot (95% CI half-width)
    ...
    """

    names: tuple[str, ...]
    matches: tuple[MatchResult, ...]

    def margin(self, a: str, b: str) -> float:
        """``a``'s points per hand over ``b`` (negative when ``b`` is stronger)."""
        for m in self.matches:
            if (m.a, m.b) == (a, b):
                return m.margin
            if (m.a, m.b) == (b, a):
                return -m.margin
        raise ValueError(f"{quote(a)} and {quote(b)} did not meet in this round robin")

    def __str__(self) -> str:
        w = max(len(n) for n in self.names)
        head = f"{'':<{w}}  " + "  ".join(f"{n:>{max(w, 9)}}" for n in self.names)
        lines = ["Points per hand of the row bot over the column bot (95% CI half-width)", head]
        for a in self.names:
            cells = []
            for b in self.names:
                if a == b:
                    cells.append(f"{'—':>{max(w, 9)}}")
                    continue
                m = next(x for x in self.matches if {x.a, x.b} == {a, b})
                v = m.margin if m.a == a else -m.margin
                cells.append(f"{v:+.2f}±{m.margin_ci:.2f}".rjust(max(w, 9)))
            lines.append(f"{a:<{w}}  " + "  ".join(cells))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(str(self)) + "</pre>"


def round_robin(
    names: Iterable[str],
    *,
    hands: int | None = None,
    games: int | None = None,
    seed: Any = 0,
    rules: Rules | str | None = None,
    processes: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
) -> RoundRobin:
    """Every pair of the named bots in a :func:`match`; the table gives each pair's margin.
    ``processes`` and ``executor`` are as for :func:`match`.

    >>> rr = round_robin(['random', 'beginner'], hands=20, processes=1)
    >>> rr.margin('beginner', 'random') == -rr.margin('random', 'beginner')
    True
    """
    ns = tuple(names)
    out = []
    for i, a in enumerate(ns):
        for b in ns[i + 1 :]:
            out.append(
                match(
                    a,
                    b,
                    hands=hands,
                    games=games,
                    seed=seed,
                    rules=rules,
                    processes=processes,
                    executor=executor,
                    progress=progress,
                )
            )
    return RoundRobin(ns, tuple(out))
