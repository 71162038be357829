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
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.drawing import PALETTE, bars, chart, new_figure
from euchre_learn.engine import act
from euchre_learn.engine.core import OVER, PLAY_PHASE, State
from euchre_learn.engine.errors import quote
from euchre_learn.engine.rules import Rules, score_hand
from euchre_learn.engine.trump import EFFECTIVE

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["CallOutcome", "call_outcomes", "loner_success", "make_rate_by_trumps", "right_bower_value"]


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
    from euchre_learn.analysis.search import makers_tricks

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
                state.apply(act.PASS)  # round 1: everyone passes, the upcard is turned down (R3.4)
            state.apply((act.CALL_ALONE if alone else act.CALL) + trump)  # West, eldest, calls in round 2
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


@chart("Make rate by number of trumps held")
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
    fig, ax = new_figure(7.0, 4.2)
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
        bars(ax, xs, [s[0] for s in stats], [s[1] for s in stats], width, colour, hatch, label)
    ax.set_xticks(ks, [str(k) for k in ks])
    ax.set_xlabel("trumps in the caller’s hand")
    ax.set_ylabel("share of calls")
    _percent_axis(ax)
    ax.legend(loc="upper left")
    ax.set_title("Make rate by number of trumps held")
    fig.suptitle(f"West calls trump in round 2, partner helping; {samples} deals per bar, {_how(policy)}", fontsize=9)
    return fig


@chart("What the right bower is worth")
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
    fig, (ax1, ax2) = new_figure(10.0, 4.2, ncols=2)
    width = 0.38
    series = (
        ("with the right bower", with_rb, PALETTE["blue"], ""),
        ("without it", without, PALETTE["vermillion"], "//"),
    )
    for offset, (label, rows, colour, hatch) in enumerate(series):
        xs = [k + (offset - 0.5) * width for k in ks]
        made = [_rate([r for r in rows if r.trumps == k], lambda r: r.tricks >= 3) for k in ks]
        bars(ax1, xs, [s[0] for s in made], [s[1] for s in made], width, colour, hatch, label)
        pts = [_mean([r for r in rows if r.trumps == k]) for k in ks]
        bars(ax2, xs, [s[0] for s in pts], [s[1] for s in pts], width, colour, hatch, label)
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


@chart("How often a loner marches, and how often it is euchred")
def loner_success(
    samples: int = 120, seed: Any = 0, rules: Rules | str | None = None, policy: str = "solver"
) -> Figure:
    """How often a loner marches (4 points) and how often it is euchred, by the trumps in
    hand and how many of them are bowers (0, 1 or 2).

    >>> [len(ax.patches) for ax in loner_success(samples=2).axes]     # 3 bower counts x 4 trump counts
    [12, 12]
    """
    ks = (2, 3, 4, 5)
    fig, (ax1, ax2) = new_figure(10.0, 4.2, ncols=2)
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
        bars(ax1, xs, [s[0] for s in march], [s[1] for s in march], width, colour, hatch, label, capsize=2)
        bars(ax2, xs, [s[0] for s in euch], [s[1] for s in euch], width, colour, hatch, label, capsize=2)
    for ax, title in ((ax1, "Loner marches (4 points)"), (ax2, "Loner euchred (2 points to the other side)")):
        ax.set_xticks(list(ks), [str(k) for k in ks])
        ax.set_xlabel("trumps in the loner’s hand")
        _percent_axis(ax)
        ax.set_title(title)
        ax.legend(loc="upper left" if ax is ax1 else "upper right", fontsize=8)
    ax1.set_ylabel("share of loners")
    fig.suptitle(f"West calls trump alone in round 2; {samples} deals per bar, {_how(policy)}", fontsize=9)
    return fig
