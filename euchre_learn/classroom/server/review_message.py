"""The coach's review of one seat's decisions in a finished hand, as the message the class
server sends that seat (:func:`review_hand`): a plain function of plain data, so that it runs in
a process pool."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import euchre_learn as el

__all__ = ["review_hand"]


def review_hand(
    record: dict[str, Any], seat: str, seed: str, worlds: int | None, by_bot: Collection[int] = ()
) -> dict[str, Any]:
    """The coach's review of ``seat``'s decisions in a finished hand, as the message the
    learner gets: accuracy, every decision of this seat (never another's), the flagged ones.
    Each decision carries what the learner's side files and retries it with: its situation
    (key, name, family), every option's value and grade, and ``by_bot`` (the indices in
    ``by_bot``: the table's bot played the seat then, while the learner was away). The coach
    judged each on what the seat knew, so none of it names a card the seat did not see.

    A plain function of plain data, so that it runs in a process pool."""
    from euchre_learn.analysis.situation import situation

    rev = el.review(record, seat=seat, worlds=worlds, seed=seed)
    coach_flags = getattr(rev, "flagged", None)  # the coach's own choice, where it has one (API.md)
    shown = {d.index for d in coach_flags()} if callable(coach_flags) else None
    decisions = []
    for d in rev.decisions:
        if str(d.seat) != seat:  # the review is of this seat alone; never pass on another's
            continue
        if shown is not None:
            flagged = d.index in shown
        else:  # graded inaccuracy or worse, never a forced move
            flagged = d.grade in ("inaccuracy", "mistake", "blunder") and not d.forced
        sit = d.situation or situation(d.position)
        decisions.append(
            {
                "index": d.index,
                "phase": d.phase.name,
                "action": str(d.action),
                "best": str(d.best),
                "grade": d.grade,
                "loss": round(float(d.loss), 3),
                "win_loss": None if d.win_loss is None else round(float(d.win_loss), 6),
                "explanation": d.explanation,
                "note": d.note,
                "forced": bool(d.forced),
                "sure": bool(d.sure),
                "flagged": flagged,
                "convention": getattr(d, "convention", None),
                "by_bot": d.index in by_bot,
                "worlds": d.worlds,
                "situation": {"key": sit.key, "name": sit.name, "family": sit.family},
                "options": [
                    {
                        "action": str(o.action),
                        "expected_points": round(float(o.expected_points), 4),
                        "win_probability": None if o.win_probability is None else round(float(o.win_probability), 4),
                        "grade": d.grade_of(o.action),
                    }
                    for o in d.options
                ],
            }
        )
    accuracy = rev.accuracy
    return {
        "type": "review",
        "seat": seat,
        "accuracy": None if accuracy is None else round(float(accuracy), 1),
        "decisions": decisions,
        "flagged": sum(1 for d in decisions if d["flagged"]),
    }
