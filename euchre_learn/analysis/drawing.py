"""Drawing primitives for the analysis floor's charts, on plain numbers: the colour-blind-safe
palette, a new matplotlib figure, and :class:`NoChart` where matplotlib is missing.

:meth:`euchre_learn.analysis.advisor.Advice.plot` and :meth:`euchre_learn.analysis.review.Review.plot`
draw with these, in their own modules, so an analysis object never reaches up to the lessons'
charts (:mod:`euchre_learn.charts`, a floor above, which draws with them too). matplotlib is
imported inside each function, so importing this module costs nothing.
"""

from __future__ import annotations

import functools
import html
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ParamSpec

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["PALETTE", "NoChart", "bars", "chart", "has_matplotlib", "new_figure", "show_figures_in_notebooks"]

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


def has_matplotlib() -> bool:
    """Whether matplotlib can be imported here (it is not, in the offline JupyterLite site)."""
    try:
        return importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):
        return False


def chart(title: str) -> Callable[[Callable[_P, Figure]], Callable[_P, Figure | NoChart]]:
    """A chart function that returns :class:`NoChart` (titled ``title``) when matplotlib is
    missing, checked before the function computes anything."""

    def wrap(fn: Callable[_P, Figure]) -> Callable[_P, Figure | NoChart]:
        @functools.wraps(fn)
        def chart(*args: _P.args, **kwargs: _P.kwargs) -> Figure | NoChart:
            if not has_matplotlib():
                return NoChart(title)
            return fn(*args, **kwargs)

        return chart

    return wrap


def show_figures_in_notebooks() -> None:
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


def new_figure(width: float = 7.0, height: float = 4.0, ncols: int = 1) -> tuple[Figure, Any]:
    from matplotlib.figure import Figure

    show_figures_in_notebooks()
    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, ncols)
    return fig, axes


def bars(
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
