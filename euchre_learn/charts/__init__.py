"""Charts for lessons (``el.plots``), a floor above the analysis they draw: the simulated calls
(:mod:`.calls`) and a game's score (:mod:`.scores`), on the analysis floor's drawing primitives
(:mod:`euchre_learn.analysis.drawing`: the palette, :class:`NoChart`).

>>> import euchre_learn as el
>>> sorted(el.plots.PALETTE)[:3]
['black', 'blue', 'green']
"""

from euchre_learn.analysis.drawing import PALETTE, NoChart
from euchre_learn.charts.calls import CallOutcome, call_outcomes, loner_success, make_rate_by_trumps, right_bower_value
from euchre_learn.charts.scores import BENJAMIN_TIED, score_progress, win_probability_chart

__all__ = [
    "BENJAMIN_TIED",
    "PALETTE",
    "CallOutcome",
    "NoChart",
    "call_outcomes",
    "loner_success",
    "make_rate_by_trumps",
    "right_bower_value",
    "score_progress",
    "win_probability_chart",
]
