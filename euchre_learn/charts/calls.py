"""Charts for lessons, drawn with matplotlib (imported inside each function, so that
``import euchre_learn`` never pulls it in). Colours come from the Okabe-Ito palette, which
readers with any common colour-vision deficiency can tell apart, and every series is also
labelled, hatched or marked, so colour is never the only cue. Each function returns a
:class:`matplotlib.figure.Figure` (a notebook shows it) and the same ``seed`` draws the same chart.
Where matplotlib is not installed (the offline JupyterLite site: Pyodide's matplotlib is not on
PyPI), each returns a :class:`NoChart` instead, before any simulation runs: a notebook shows one
plain sentence saying the chart needs matplotlib, not a traceback.

The three simulation charts share one experiment, :func:`call_outcomes`: West (eldest,
South deals) is dealt a chosen number of trumps, the upcard is turned down, and West calls
trump in round 2, with or without partner; then the hand is played out, double-dummy by
default. Hands are dealt *stratified*: the same number of deals for every number of trumps,
so rare hands (five trumps) are measured as well as common ones.

>>> import euchre_learn as el
>>> fig = el.plots.make_rate_by_trumps(samples=6, seed=1)
>>> fig.axes[0].get_xlabel()
'trumps in the caller’s hand'
"""

from __future__ import annotations

import functools
import html
import importlib.util
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ParamSpec

from euchre_learn.engine.actions import CALL, CALL_ALONE, PASS
from euchre_learn.engine.core import OVER, PLAY_PHASE, State
from euchre_learn.engine.errors import quote
from euchre_learn.engine.rules import Rules, score_hand
from euchre_learn.engine.trump import EFFECTIVE

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from euchre_learn.analysis.advisor import Advice
    from euchre_learn.engine.game import Game

__all__ = [
    "BENJAMIN_TIED",
    "PALETTE",
    "CallOutcome",
    "NoChart",
    "advice_figure",
    "call_outcomes",
    "loner_success",
    "make_rate_by_trumps",
    "right_bower_value",
    "score_progress",
    "win_probability_chart",
]

PALETTE = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "green": "#009E73",
    "vermillion": "#D55E00",
    "sky": "#56B4E9",
    "purple": "#CC79A7",
    "yellow": "#F0E442",
    "black": "#000000",
}
"""Okabe & Ito's colour-blind-safe palette."""


@dataclass(frozen=True)
class NoChart:
    """What a chart function returns where matplotlib is not installed: the chart's title and
    a plain sentence, which a notebook shows in place of the figure.

    >>> NoChart('Score by hand')
    The chart "Score by hand" needs matplotlib, which this Python does not have ...
    """

    title: str

    @property
    def message(self) -> str:
        return (
            f'The chart "{self.title}" needs matplotlib, which this Python does not have (the '
            "offline JupyterLite site has none). The rest of the lesson works; open it in "
            "JupyterLab to see the chart."
        )

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        return f'<p class="el-no-chart"><b>No chart here.</b> {html.escape(self.message)}</p>'


_P = ParamSpec("_P")


def _has_matplotlib() -> bool:
    """Whether matplotlib can be imported here (it is not, in the offline JupyterLite site)."""
    try:
        return importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):
        return False


def _chart(title: str) -> Callable[[Callable[_P, Figure]], Callable[_P, Figure | NoChart]]:
    """A chart function that returns :class:`NoChart` (titled ``title``) when matplotlib is
    missing, checked before the function computes anything."""

    def wrap(fn: Callable[_P, Figure]) -> Callable[_P, Figure | NoChart]:
        @functools.wraps(fn)
        def chart(*args: _P.args, **kwargs: _P.kwargs) -> Figure | NoChart:
            if not _has_matplotlib():
                return NoChart(title)
            return fn(*args, **kwargs)

        return chart

    return wrap


def _show_figures_in_notebooks() -> None:
    """Let a notebook draw a returned ``Figure`` as a picture even when pyplot was never
    imported (these charts do not use pyplot, so they never pile up as open windows)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        return
    shell = get_ipython()
    if shell is None:
        return
    from IPython.core.pylabtools import print_figure
    from matplotlib.figure import Figure

    png = shell.display_formatter.formatters["image/png"]
    png.for_type(Figure, lambda fig: print_figure(fig, "png", bbox_inches="tight"))  # type: ignore[no-untyped-call]


def _figure(width: float = 7.0, height: float = 4.0, ncols: int = 1) -> tuple[Figure, Any]:
    from matplotlib.figure import Figure

    _show_figures_in_notebooks()
    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, ncols)
    return fig, axes


def _bars(
    ax: Any,
    xs: list[float],
    values: list[float],
    errors: list[float],
    width: float,
    colour: str,
    hatch: str,
    label: str,
    capsize: int = 3,
) -> None:
    """One series of bars with error bars, outlined so hatches read in print."""
    ax.bar(
        xs,
        values,
        width,
        yerr=errors,
        color=colour,
        hatch=hatch,
        edgecolor=PALETTE["black"],
        linewidth=0.5,
        capsize=capsize,
        label=label,
    )


@_chart("Expected points and chances of each option")
def advice_figure(advice: Advice) -> Figure:
    """The chart behind :meth:`euchre_learn.analysis.advisor.Advice.plot`."""
    options = list(advice.options)
    labels = [str(o.action) for o in options]
    team = advice.seat.team.word
    fig, (ax1, ax2) = _figure(9.0, 0.5 * len(options) + 2.0, ncols=2)
    ys = list(range(len(options)))[::-1]
    means = [o.expected_points for o in options]
    errs = [1.96 * o.expected_points_se for o in options]
    colours = [PALETTE["blue"] if m >= 0 else PALETTE["vermillion"] for m in means]
    ax1.barh(ys, means, xerr=errs, color=colours, capsize=4, error_kw={"ecolor": PALETTE["black"]})
    ax1.axvline(0, color=PALETTE["black"], linewidth=0.8)
    ax1.set_yticks(ys, labels)
    ax1.set_xlabel("expected points per hand (bars: 95% interval)")
    ax1.set_title(f"Expected points for {team}")
    for y, m, e in zip(ys, means, errs, strict=True):
        end = m + e if m >= 0 else m - e  # beyond the error bar, so the number stays readable
        ax1.annotate(
            f"{m:+.2f}",
            (end, y),
            xytext=(4 if m >= 0 else -4, 0),
            textcoords="offset points",
            ha="left" if m >= 0 else "right",
            va="center",
            fontsize=8,
        )
    low = min([0.0, *(m - e for m, e in zip(means, errs, strict=True))])
    high = max([0.0, *(m + e for m, e in zip(means, errs, strict=True))])
    pad = 0.18 * (high - low or 1.0)
    ax1.set_xlim(low - (pad if low < 0 else 0), high + pad)
    height = 0.26
    series = (
        ("make", [o.p_make for o in options], [o.p_make_se for o in options], PALETTE["green"], ""),
        ("march", [o.p_march for o in options], [o.p_march_se for o in options], PALETTE["sky"], "//"),
        ("euchred", [o.p_euchred for o in options], [o.p_euchred_se for o in options], PALETTE["orange"], ".."),
    )
    for k, (name, ps, ses, colour, hatch) in enumerate(series):
        ax2.barh(
            [y + (1 - k) * height for y in ys],
            ps,
            height=height,
            xerr=[1.96 * e for e in ses],
            color=colour,
            hatch=hatch,
            edgecolor=PALETTE["black"],
            linewidth=0.5,
            capsize=2,
            label=name,
        )
    ax2.set_yticks(ys, labels)
    ax2.set_xlim(0, 1)
    ax2.set_xlabel("chance (bars: 95% interval)")
    ax2.set_title(f"Chances for {team}")
    fig.legend(loc="outside lower center", ncols=3, fontsize=8)
    fig.suptitle(f"{advice.seat.word} to act, {advice.hand.phase.value}: {advice.worlds} deals")
    return fig


# ---- the experiment behind the simulation charts ------------------------------------------------

WEST, SOUTH = 3, 2


@dataclass(frozen=True)
class CallOutcome:
    """One simulated call: what the caller held and what came of it.

    >>> call_outcomes((3,), samples=1, seed=4)[0].trumps
    3
    """

    trumps: int
    right: bool
    left: bool
    alone: bool
    tricks: int
    """The makers' tricks at the end."""
    points: int
    """The makers' points, negative when euchred (the defenders' points)."""


def _deal_with(
    trump: int, trumps: int, right: bool | None, left: bool | None, rules: Rules, rng: random.Random
) -> tuple[list[int], int, int] | None:
    """Hands (West holding exactly ``trumps`` trumps; the right/left bower in or out of them
    when asked), an upcard of another suit (so that ``trump`` may be called in round 2) and the kitty."""
    deck = list(range(25 if rules.benny else 24))
    eff = EFFECTIVE[trump]
    all_trumps = [c for c in deck if eff[c] == trump]
    rb, lb = trump * 6 + 2, (3 - trump) * 6 + 2
    must = [c for c, want in ((rb, right), (lb, left)) if want]
    banned = {c for c, want in ((rb, right), (lb, left)) if want is False}
    pool = [c for c in all_trumps if c not in must and c not in banned]
    if len(must) > trumps or len(pool) < trumps - len(must):
        return None
    west = must + rng.sample(pool, trumps - len(must))
    others = [c for c in deck if eff[c] != trump]
    west += rng.sample(others, 5 - trumps)
    rest = [c for c in deck if c not in west]
    rng.shuffle(rest)
    up = next(c for c in rest if c < 24 and c // 6 != trump)
    rest.remove(up)
    hands = [0, 0, 0, 0]
    hands[WEST] = sum(1 << c for c in west)
    i = 0
    for s in (0, 1, 2):
        hands[s] = sum(1 << c for c in rest[i : i + 5])
        i += 5
    return hands, up, sum(1 << c for c in rest[i:])


@functools.lru_cache(maxsize=32)
def _outcomes(
    groups: tuple[tuple[int, bool | None, bool | None], ...],
    samples: int,
    alone: bool,
    seed: Any,
    rules: Rules,
    policy: str,
) -> tuple[CallOutcome, ...]:
    from euchre_learn.analysis.bots import get
    from euchre_learn.analysis.solver import makers_tricks

    rng = random.Random(f"plots|{seed}|{alone}")
    bidder = get("standard", seed=rng.getrandbits(32))
    player = None if policy == "solver" else get(policy, seed=rng.getrandbits(32))
    out = []
    for trumps, right, left in groups:
        made = 0
        while made < samples:
            trump = rng.randrange(4)
            dealt = _deal_with(trump, trumps, right, left, rules, rng)
            if dealt is None:
                break
            hands, up, kitty = dealt
            state = State.new(rules, SOUTH, hands, up, kitty)  # the upcard is never the Benny here
            for _ in range(4):
                state.apply(PASS)  # round 1: everyone passes, the upcard is turned down (R3.4)
            state.apply((CALL_ALONE if alone else CALL) + trump)  # West, eldest, calls in round 2
            while state.phase not in (PLAY_PHASE, OVER):
                state.apply(bidder.decide(state, rng, None))  # defend alone, railroad...
            if player is None:
                tricks = makers_tricks(state)
            else:
                while state.phase != OVER:
                    state.apply(player.decide(state, rng, None))
                tricks = state.won[WEST & 1]
            sc = score_hand(tricks, alone=alone, lone_defender=state.lone_defender >= 0, rules=rules)
            rb, lb = hands[WEST] >> (trump * 6 + 2) & 1, hands[WEST] >> ((3 - trump) * 6 + 2) & 1
            out.append(CallOutcome(trumps, bool(rb), bool(lb), alone, tricks, sc.makers or -sc.defenders))
            made += 1
    return tuple(out)


def call_outcomes(
    trumps: tuple[int, ...] = (0, 1, 2, 3, 4, 5),
    *,
    samples: int = 200,
    alone: bool = False,
    right: bool | None = None,
    left: bool | None = None,
    seed: Any = 0,
    rules: Rules | str | None = None,
    policy: str = "solver",
) -> tuple[CallOutcome, ...]:
    """``samples`` simulated round-2 calls by West for each number of ``trumps`` in hand
    (``right``/``left``: the bower must be, or must not be, among them; ``None``: as dealt).
    ``policy='solver'`` plays double-dummy; a bot name plays as that bot.

    >>> rows = call_outcomes((5,), samples=3, alone=True, right=True, left=True)
    >>> [(r.trumps, r.right, r.left, r.alone) for r in rows][:1], all(r.tricks >= 3 for r in rows)
    ([(5, True, True, True)], True)
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a positive whole number, not {quote(samples)}")
    for k in trumps:
        if not 0 <= k <= 5:
            raise ValueError(f"trumps must be counts from 0 to 5 (a hand holds five cards), not {quote(k)}")
    groups = tuple((k, right, left) for k in trumps)
    return _outcomes(groups, samples, alone, seed, Rules.from_value(rules), policy)


def _rate(rows: list[CallOutcome], pred: Any) -> tuple[float, float, int]:
    n = len(rows)
    if n == 0:
        return math.nan, 0.0, 0
    p = sum(1 for r in rows if pred(r)) / n
    return p, 1.96 * math.sqrt(p * (1 - p) / n), n


def _mean(rows: list[CallOutcome]) -> tuple[float, float]:
    n = len(rows)
    m = sum(r.points for r in rows) / n
    var = sum((r.points - m) ** 2 for r in rows) / max(1, n - 1)
    return m, 1.96 * math.sqrt(var / n)


def _how(policy: str) -> str:
    return "double-dummy play" if policy == "solver" else f"played by the {policy!r} bot"


def _percent_axis(ax: Axes) -> None:
    from matplotlib.ticker import PercentFormatter

    ax.set_ylim(0, 1.05)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.grid(axis="y", alpha=0.3)


@_chart("Make rate by number of trumps held")
def make_rate_by_trumps(
    samples: int = 200, seed: Any = 0, rules: Rules | str | None = None, policy: str = "solver"
) -> Figure:
    """How often a round-2 call (with partner) makes, and marches, by the trumps in hand.

    Bars: the share of calls made (3 tricks or more), hatched bars the share marched (5),
    each with a 95% interval.

    >>> len(make_rate_by_trumps(samples=2).axes[0].patches)     # made and march, for 0 to 5 trumps
    12
    """
    rows = call_outcomes(samples=samples, seed=seed, rules=rules, policy=policy)
    fig, ax = _figure(7.0, 4.2)
    ks = list(range(6))
    width = 0.38
    for offset, (label, pred, colour, hatch) in enumerate(
        (
            ("made (3+ tricks)", lambda r: r.tricks >= 3, PALETTE["blue"], ""),
            ("march (5 tricks)", lambda r: r.tricks == 5, PALETTE["orange"], "//"),
        )
    ):
        stats = [_rate([r for r in rows if r.trumps == k], pred) for k in ks]
        xs = [k + (offset - 0.5) * width for k in ks]
        _bars(ax, xs, [s[0] for s in stats], [s[1] for s in stats], width, colour, hatch, label)
    ax.set_xticks(ks, [str(k) for k in ks])
    ax.set_xlabel("trumps in the caller’s hand")
    ax.set_ylabel("share of calls")
    _percent_axis(ax)
    ax.legend(loc="upper left")
    ax.set_title("Make rate by number of trumps held")
    fig.suptitle(f"West calls trump in round 2, partner helping; {samples} deals per bar, {_how(policy)}", fontsize=9)
    return fig


@_chart("What the right bower is worth")
def right_bower_value(
    samples: int = 150, seed: Any = 0, rules: Rules | str | None = None, policy: str = "solver"
) -> Figure:
    """What the right bower is worth: the make rate and the expected points of a round-2
    call holding the same number of trumps with and without the right bower.

    >>> [ax.get_title() for ax in right_bower_value(samples=2).axes]
    ['Make rate, with and without the right bower', 'Expected points, with and without the right bower']
    """
    ks = (1, 2, 3, 4, 5)
    with_rb = call_outcomes(ks, samples=samples, right=True, seed=seed, rules=rules, policy=policy)
    without = call_outcomes(ks, samples=samples, right=False, seed=seed, rules=rules, policy=policy)
    fig, (ax1, ax2) = _figure(10.0, 4.2, ncols=2)
    width = 0.38
    series = (
        ("with the right bower", with_rb, PALETTE["blue"], ""),
        ("without it", without, PALETTE["vermillion"], "//"),
    )
    for offset, (label, rows, colour, hatch) in enumerate(series):
        xs = [k + (offset - 0.5) * width for k in ks]
        made = [_rate([r for r in rows if r.trumps == k], lambda r: r.tricks >= 3) for k in ks]
        _bars(ax1, xs, [s[0] for s in made], [s[1] for s in made], width, colour, hatch, label)
        pts = [_mean([r for r in rows if r.trumps == k]) for k in ks]
        _bars(ax2, xs, [s[0] for s in pts], [s[1] for s in pts], width, colour, hatch, label)
    for ax in (ax1, ax2):
        ax.set_xticks(list(ks), [str(k) for k in ks])
        ax.set_xlabel("trumps in the caller’s hand (the right bower counted)")
        ax.legend(loc="upper left", fontsize=8)
    _percent_axis(ax1)
    ax1.set_ylabel("share of calls made")
    ax1.set_title("Make rate, with and without the right bower")
    ax2.axhline(0, color=PALETTE["black"], linewidth=0.8)
    ax2.grid(axis="y", alpha=0.3)
    ax2.set_ylabel("points per call (negative: euchred)")
    ax2.set_title("Expected points, with and without the right bower")
    fig.suptitle(f"West calls trump in round 2; {samples} deals per bar, {_how(policy)}", fontsize=9)
    return fig


@_chart("How often a loner marches, and how often it is euchred")
def loner_success(
    samples: int = 120, seed: Any = 0, rules: Rules | str | None = None, policy: str = "solver"
) -> Figure:
    """How often a loner marches (4 points) and how often it is euchred, by the trumps in
    hand and how many of them are bowers (0, 1 or 2).

    >>> [len(ax.patches) for ax in loner_success(samples=2).axes]     # 3 bower counts x 4 trump counts
    [12, 12]
    """
    ks = (2, 3, 4, 5)
    fig, (ax1, ax2) = _figure(10.0, 4.2, ncols=2)
    styles = (
        (0, "no bower", PALETTE["vermillion"], "", "o"),
        (1, "one bower", PALETTE["orange"], "..", "s"),
        (2, "both bowers", PALETTE["blue"], "//", "^"),
    )
    width = 0.27
    for offset, (bowers, label, colour, hatch, _marker) in enumerate(styles):
        right = left = None
        if bowers == 0:
            right = left = False
        elif bowers == 2:
            right = left = True
        rows = list(
            call_outcomes(
                ks, samples=samples, alone=True, right=right, left=left, seed=seed, rules=rules, policy=policy
            )
        )
        if bowers == 1:  # exactly one of the two
            one = call_outcomes(
                ks, samples=samples, alone=True, right=True, left=False, seed=seed, rules=rules, policy=policy
            )
            other = call_outcomes(
                ks, samples=samples, alone=True, right=False, left=True, seed=seed, rules=rules, policy=policy
            )
            rows = [r for pair in zip(one, other, strict=True) for r in pair]
        xs = [k + (offset - 1) * width for k in ks]
        march = [_rate([r for r in rows if r.trumps == k], lambda r: r.tricks == 5) for k in ks]
        euch = [_rate([r for r in rows if r.trumps == k], lambda r: r.tricks < 3) for k in ks]
        _bars(ax1, xs, [s[0] for s in march], [s[1] for s in march], width, colour, hatch, label, capsize=2)
        _bars(ax2, xs, [s[0] for s in euch], [s[1] for s in euch], width, colour, hatch, label, capsize=2)
    for ax, title in ((ax1, "Loner marches (4 points)"), (ax2, "Loner euchred (2 points to the other side)")):
        ax.set_xticks(list(ks), [str(k) for k in ks])
        ax.set_xlabel("trumps in the loner’s hand")
        _percent_axis(ax)
        ax.set_title(title)
        ax.legend(loc="upper left" if ax is ax1 else "upper right", fontsize=8)
    ax1.set_ylabel("share of loners")
    fig.suptitle(f"West calls trump alone in round 2; {samples} deals per bar, {_how(policy)}", fontsize=9)
    return fig


@_chart("Score by hand")
def score_progress(game: Game) -> Figure:
    """The score of a game after every hand: one step line per side, the target, and a note
    on each hand that scored more than one point (march, euchre, loner).

    >>> import euchre_learn as el
    >>> game = el.Game(seed=3, dealer='N')
    >>> bot = el.bots.get('standard', seed=3)
    >>> while game.winner is None:
    ...     game = game.apply(bot.act(game))
    >>> fig = score_progress(game)
    >>> [line.get_label() for line in fig.axes[0].get_lines()][:2]
    ['North-South', 'East-West']
    """
    from euchre_learn.engine.cards import Team

    fig, ax = _figure(8.0, 4.2)
    target = game.rules.points_to_win
    totals = {Team.NS: [0], Team.EW: [0]}
    notes = []
    for i, hand in enumerate(game.hands, start=1):
        pts = hand.points
        for team in Team:
            totals[team].append(totals[team][-1] + pts[team])
        sc = hand.score
        if sc is not None and max(pts.values()) >= 2:
            who = max(pts, key=lambda t: pts[t])
            what = sc.outcome + (" alone" if hand.alone and sc.outcome == "march" else "")
            notes.append((i, totals[who][-1], f"{who}: {what} +{pts[who]}"))
    xs = list(range(len(game.hands) + 1))
    for team, colour, style, marker in (
        (Team.NS, PALETTE["blue"], "-", "o"),
        (Team.EW, PALETTE["vermillion"], "--", "s"),
    ):
        ax.step(
            xs, totals[team], where="post", color=colour, linestyle=style, marker=marker, markersize=4, label=team.word
        )
    right = max(1, len(game.hands)) + 0.5
    ax.axhline(target, color=PALETTE["black"], linewidth=0.8, linestyle=":")
    ax.annotate(f"target {target}", (0, target), xytext=(3, 3), textcoords="offset points", fontsize=8)
    for x, y, text in notes:
        ax.annotate(
            text,
            (x, y),
            xytext=(-3, 6),
            textcoords="offset points",
            fontsize=7,
            ha="right",
            color=PALETTE["black"],
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.8},
        )
    ax.set_xlabel("hands played")
    ax.set_ylabel("points")
    ax.set_xlim(0, right)
    ax.set_ylim(0, target + 2)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    win = game.winner
    ax.set_title(f"Score by hand: {win.word} win" if win is not None else "Score by hand (game in progress)")
    return fig


BENJAMIN_TIED = {0: 0.51, 1: 0.51, 2: 0.51, 3: 0.51, 4: 0.51, 5: 0.51, 8: 0.54, 9: 0.65}
"""The Fred Benjamin simulator's published chances for the dealer's side at tied scores (51–49
up to 5–5, 54–46 at 8–8, 65–35 at 9–9), drawn beside ours by :func:`win_probability_chart`."""


@_chart("Who wins from each score")
def win_probability_chart(points_to_win: int = 10) -> Figure:
    """The chance that the dealer's side wins the game, from the start of a hand at every score
    (:func:`euchre_learn.analysis.win_table.win_probability`, the table of 40,000 games between
    'standard' bots): a grid of the dealer's side's score against the other side's, and the tied
    scores beside the Fred Benjamin simulator's published figures (:data:`BENJAMIN_TIED`).

    The side that does not deal wins ``1 -`` the other side's chance as dealer, so the grid
    answers both: read the dealer's row and column, and take the rest for the other side.

    >>> fig = win_probability_chart()
    >>> [ax.get_title() for ax in fig.axes[:2]]
    ["The dealer's side's chance to win the game", 'Tied scores: dealing is worth most at the end']
    """
    from euchre_learn.analysis.win_table import _table, win_probability

    if isinstance(points_to_win, bool) or not isinstance(points_to_win, int) or not 2 <= points_to_win <= 15:
        raise ValueError(f"points_to_win must be a whole number from 2 to 15, not {quote(points_to_win)}")
    scores = list(range(points_to_win))
    grid = [[win_probability(me, them, True, points_to_win) for them in scores] for me in scores]
    fig, (ax1, ax2) = _figure(11.0, 4.8, ncols=2)
    image = ax1.imshow(grid, origin="lower", cmap="cividis", vmin=0.0, vmax=1.0, aspect="equal")
    for me in scores:
        for them in scores:
            p = grid[me][them]
            ax1.text(
                them,
                me,
                f"{100 * p:.0f}",
                ha="center",
                va="center",
                fontsize=7,
                color="white" if p < 0.55 else PALETTE["black"],
            )
    ax1.set_xticks(scores, [str(s) for s in scores])
    ax1.set_yticks(scores, [str(s) for s in scores])
    ax1.set_xlabel("the other side's score")
    ax1.set_ylabel("the dealer's side's score")
    ax1.set_title("The dealer's side's chance to win the game")
    bar = fig.colorbar(image, ax=ax1, shrink=0.85)
    bar.set_label("chance to win (%)")
    bar.set_ticks([0, 0.25, 0.5, 0.75, 1.0], labels=["0", "25", "50", "75", "100"])
    tied = [grid[s][s] for s in scores]
    ax2.plot(scores, tied, color=PALETTE["blue"], marker="o", label="dealing (this table)")
    ax2.plot(
        scores, [1 - p for p in tied], color=PALETTE["vermillion"], marker="s", linestyle="--", label="not dealing"
    )
    known = [s for s in sorted(BENJAMIN_TIED) if s < points_to_win]
    if points_to_win == 10:
        ax2.plot(
            known,
            [BENJAMIN_TIED[s] for s in known],
            color=PALETTE["black"],
            marker="^",
            linestyle="none",
            label="dealing (Benjamin, published)",
        )
    ax2.axhline(0.5, color=PALETTE["black"], linewidth=0.8, linestyle=":")
    ax2.set_xticks(scores, [f"{s}–{s}" for s in scores], fontsize=8)
    ax2.set_xlabel("tied score at the start of the hand")
    ax2.set_ylabel("chance to win the game")
    ax2.set_ylim(0.2, 0.8)
    from matplotlib.ticker import PercentFormatter

    ax2.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax2.grid(alpha=0.3)
    ax2.legend(loc="upper left", fontsize=8)
    ax2.set_title("Tied scores: dealing is worth most at the end")
    games = int(_table()["games"])
    fig.suptitle(
        f"Games to {points_to_win} between four 'standard' bots, standard rules ({games:,} simulated games)", fontsize=9
    )
    return fig
