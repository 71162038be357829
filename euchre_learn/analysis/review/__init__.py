"""The review of a hand or a game: :func:`review` grades every decision, on what the seat knew.

Its rooms: :mod:`.run` (the driver, which asks the coach, :mod:`euchre_learn.analysis.coach`,
about each decision), :mod:`.model` (decisions, grades, accuracy), :mod:`.report` (the
:class:`Review`, its HTML and chart) and :mod:`.drill` (practice of its mistakes).
"""

from euchre_learn.analysis.review.model import (
    GRADES,
    POINT_THRESHOLDS,
    WIN_THRESHOLDS,
    Decision,
    ReviewOption,
    accuracy_score,
)
from euchre_learn.analysis.review.report import Review, review_html
from euchre_learn.analysis.review.run import review, review_decision
from euchre_learn.analysis.win_table import win_probability

__all__ = [
    "GRADES",
    "POINT_THRESHOLDS",
    "WIN_THRESHOLDS",
    "Decision",
    "Review",
    "ReviewOption",
    "accuracy_score",
    "review",
    "review_decision",
    "review_html",
    "win_probability",
]
