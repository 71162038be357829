"""Charts for lessons, drawn with matplotlib (imported inside each function, so that
``import euchre_learn`` never pulls it in). Colours come from the Okabe-Ito palette, which
readers with any common colour-vision deficiency can tell apart, and every series is also
labelled or hatched, so colour is never the only cue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .advisor import Advice

__all__ = ["PALETTE", "advice_figure"]

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


def _figure(width: float = 7.0, height: float = 4.0, ncols: int = 1) -> tuple[Figure, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, ncols)
    return fig, axes


def advice_figure(advice: Advice) -> Figure:
    """The chart behind :meth:`euchre_learn.advisor.Advice.plot`."""
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
    for y, m in zip(ys, means, strict=True):
        ax1.annotate(
            f"{m:+.2f}",
            (m, y),
            xytext=(4 if m >= 0 else -4, 0),
            textcoords="offset points",
            ha="left" if m >= 0 else "right",
            va="center",
            fontsize=8,
        )
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
    ax2.legend(loc="lower right", fontsize=8)
    fig.suptitle(f"{advice.seat.word} to act, {advice.hand.phase.value}: {advice.worlds} deals")
    return fig
