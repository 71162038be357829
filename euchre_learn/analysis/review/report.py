"""The :class:`Review` of one or more seats' decisions, as text, as HTML (:func:`review_html`)
and as a chart (:func:`review_figure`, drawn with :mod:`euchre_learn.analysis.drawing`)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.coach.grades import cost_label, loss_text
from euchre_learn.analysis.review.model import GRADES, Decision, mean_accuracy
from euchre_learn.display.style import css, root
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.egn.model import LABEL_WORDS
from euchre_learn.engine.errors import quote
from euchre_learn.engine.hand import Hand

if TYPE_CHECKING:
    from matplotlib.figure import Figure


__all__ = ["GRADE_MARKS", "REVIEW_CSS", "Review", "Skipped", "review_figure", "review_html"]


@dataclass(frozen=True)
class Skipped:
    """A decision the review does not grade, and why: in a game read from EGN, the seat held a
    card the file does not name (``euchre_learn.engine.egn``), so the coach would judge it on a
    stand-in."""

    hand_number: int
    index: int
    seat: Seat
    action: Action
    reason: str
    hidden: bool = False
    """The action's card is one the file does not name (a stand-in): it is never shown."""

    @property
    def words(self) -> str:
        """The action as the learner may read it: a stand-in discarded is not named."""
        return f"{self.action.kind} (a card the file does not name)" if self.hidden else str(self.action)


Notes = dict[tuple[int, int], list[tuple[str | None, str]]]
"""People's annotations of a game read from EGN: ``{(hand number, action index): [(label, text)]}``."""


# ---- the review -------------------------------------------------------------------------------------


class Review:
    """The review of one or more seats' decisions (see :func:`review`).

    ``decisions`` in play order; ``accuracy`` (0-100) for the seat, or ``{Seat: accuracy}``
    when every seat was reviewed; ``hand_accuracy`` per hand. :meth:`mistakes` lists the
    costly decisions worst first, :meth:`retry` gives the position before one, :meth:`plot`
    draws how the expected points moved.
    """

    def __init__(
        self,
        decisions: tuple[Decision, ...],
        seat: Seat | None,
        hands: tuple[Hand, ...],
        scores: tuple[tuple[int, int] | None, ...],
        worlds: int | None,
        seed: Any,
        skipped: tuple[Skipped, ...] = (),
        annotations: Notes | None = None,
    ) -> None:
        self.decisions = decisions
        self.seat = seat
        self.hands = hands
        self.scores = scores
        self.worlds = worlds
        self.seed = seed
        self.skipped = skipped
        """The decisions not graded, each with why (a game read from EGN: see :class:`Skipped`)."""
        self.annotations: Notes = annotations or {}
        """People's words on the decisions, from an EGN file: ``{(hand number, index): [(label, text)]}``."""

    def annotation(self, decision: Decision | Skipped) -> list[tuple[str | None, str]]:
        """The people's annotations of ``decision`` (from an EGN file), ``[]`` when none."""
        return self.annotations.get((decision.hand_number, decision.index), [])

    @property
    def is_game(self) -> bool:
        """True when a game score was known and the grades use the chance to win."""
        return any(s is not None for s in self.scores)

    def _seats(self) -> list[Seat]:
        return [self.seat] if self.seat is not None else sorted({d.seat for d in self.decisions})

    @property
    def accuracy(self) -> Any:
        """The seat's accuracy (0-100), or ``{Seat: accuracy}`` when every seat was reviewed."""
        if self.seat is not None:
            return mean_accuracy(self.decisions)
        return {s: mean_accuracy(d for d in self.decisions if d.seat == s) for s in self._seats()}

    @property
    def hand_accuracy(self) -> list[Any]:
        """The accuracy hand by hand (each like :attr:`accuracy`)."""
        out: list[Any] = []
        for i in range(len(self.hands)):
            ds = [d for d in self.decisions if d.hand_number == i]
            if self.seat is not None:
                out.append(mean_accuracy(ds))
            else:
                out.append({s: mean_accuracy(d for d in ds if d.seat == s) for s in self._seats()})
        return out

    def mistakes(self) -> tuple[Decision, ...]:
        """The decisions graded mistake or blunder, worst first."""
        bad = [d for d in self.decisions if d.grade in ("mistake", "blunder")]
        return tuple(
            sorted(bad, key=lambda d: (-(d.win_loss if d.win_loss is not None else d.loss), d.hand_number, d.index))
        )

    def flagged(self) -> tuple[Decision, ...]:
        """The decisions the learner is shown, worst first: graded inaccuracy or worse, or
        breaking a strong players' convention (:attr:`Decision.convention`) whatever the points;
        never a forced move.

        >>> import euchre_learn as el
        >>> rev = el.review(el.examples.hand('trumping-partners-winner'), seat='S', worlds=8, seed=1)
        >>> all(not d.forced for d in rev.flagged())
        True
        """
        shown = [
            d for d in self.decisions if not d.forced and (d.grade not in ("best", "good") or d.convention is not None)
        ]
        return tuple(
            sorted(shown, key=lambda d: (-(d.win_loss if d.win_loss is not None else d.loss), d.hand_number, d.index))
        )

    def costly(self) -> tuple[Decision, ...]:
        """Every decision not graded best or good, worst first (what a review panel lists)."""
        bad = [d for d in self.decisions if d.grade not in ("best", "good")]
        return tuple(
            sorted(bad, key=lambda d: (-(d.win_loss if d.win_loss is not None else d.loss), d.hand_number, d.index))
        )

    def retry(self, decision: Decision | int) -> Hand:
        """The position just before ``decision`` (a :class:`Decision`, or its number in
        :attr:`decisions`), as a :class:`~euchre_learn.Hand` to try again."""
        if isinstance(decision, int) and not isinstance(decision, bool):
            if not 0 <= decision < len(self.decisions):
                raise ValueError(f"there are {len(self.decisions)} decisions in this review, not a number {decision}")
            decision = self.decisions[decision]
        if not isinstance(decision, Decision):
            raise ValueError(f"retry() takes a Decision of this review or its number, not {quote(decision)}")
        return decision.position

    def counts(self) -> dict[str, int]:
        """How many decisions got each grade."""
        return {g: sum(1 for d in self.decisions if d.grade == g) for g in GRADES}

    def _head(self) -> str:
        who = self.seat.word if self.seat is not None else "every seat"
        what = f"{len(self.hands)} hands of a game" if len(self.hands) > 1 else "one hand"
        acc = self.accuracy
        acc_text = (
            f"accuracy {acc:.0f}"
            if isinstance(acc, float)
            else "accuracy " + ", ".join(f"{s} {a:.0f}" for s, a in acc.items())
        )
        unit = "game-win chance" if self.is_game else "expected points"
        skipped = f", {len(self.skipped)} not graded (cards the file does not name)" if self.skipped else ""
        return f"Review of {who}, {what}: {len(self.decisions)} decisions{skipped}, {acc_text} (graded by {unit})"

    def __str__(self) -> str:
        lines = [self._head()]
        for d in self.decisions:
            lost = f"-{loss_text(d.win_loss, True)}" if d.win_loss is not None else f"-{loss_text(d.loss, False)}"
            lines.append(
                f"{d.hand_number + 1:>2}.{d.index:<3} {d.seat} {d.action!s:<16} {d.grade:<10}"
                + ("" if d.action == d.best else f" best {d.best} ({lost})")
            )
            lines += [f"       {_label_text(label, text)}" for label, text in self.annotation(d)]
        for k in self.skipped:
            lines.append(f"{k.hand_number + 1:>2}.{k.index:<3} {k.seat} {k.words:<16} not graded: {k.reason}")
            lines += [f"       {_label_text(label, text)}" for label, text in self.annotation(k)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Review {self.seat if self.seat is not None else 'all seats'}: {len(self.decisions)} decisions>"

    def _repr_html_(self) -> str:
        return review_html(self)

    def plot(self) -> Figure:
        """A chart of how the expected points for the reviewed side moved, decision by decision:
        the best option's value before each decision and the chosen action's, marked by grade.

        >>> import euchre_learn as el
        >>> fig = el.review(el.examples.hand('left-bower-trap'), seat='N', worlds=4, seed=1).plot()
        >>> fig.axes[0].get_ylabel()
        'expected points for North-South'
        """
        return review_figure(self)


GRADE_MARKS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def _label_text(label: str | None, text: str) -> str:
    """A person's annotation in one line: ``'[??] Crossing the river ...'``."""
    return f"[{label}] {text}" if label else text


REVIEW_CSS = css("review")
"""The review's ``<style>`` block: ``euchre_learn/display/review.css``, package data of the display floor."""


def review_html(rev: Review, *, style: bool = True) -> str:
    """The review as a learner reads it: the accuracy, the grades counted, then every decision
    with a choice to make (forced plays are counted, not listed) with its grade (a word and a
    mark, never colour alone), the better action and why.

    >>> import euchre_learn as el
    >>> html = review_html(el.review(el.examples.hand('left-bower-trap'), seat='N', worlds=4, seed=1))
    >>> 'el-review' in html and 'accuracy' in html and 'best' in html
    True
    """
    shown = [d for d in rev.decisions if not d.forced or rev.annotation(d)]
    counts = {g: sum(1 for d in rev.decisions if not d.forced and d.grade == g) for g in GRADES}
    summary = " · ".join(f"{GRADE_MARKS[g]} {g} {n}" for g, n in counts.items() if n)
    forced = sum(1 for d in rev.decisions if d.forced and not rev.annotation(d))
    if forced:
        summary += f" · {forced} forced {'play' if forced == 1 else 'plays'} not listed (one legal choice, or cards that all do the same)"
    notes = bool(rev.annotations)
    rows = []
    for d in shown:
        lost = ""
        if d.action != d.best:
            lost = cost_label(d.loss, d.win_loss)
        rows.append(
            f"<tr><td>{d.hand_number + 1}</td><td>{html.escape(d.seat.word)}</td><td>{html.escape(d.phase.value)}</td>"
            f"<td>{html.escape(str(d.action))}</td>"
            f'<td><span class="el-grade el-g-{d.grade}">{GRADE_MARKS[d.grade]} {d.grade}</span></td>'
            f"<td>{html.escape(str(d.best)) if d.action != d.best else ''}</td><td>{html.escape(lost)}</td>"
            f'<td class="el-why">{html.escape(d.explanation)}</td>'
            + (f'<td class="el-note">{_notes_html(rev.annotation(d))}</td>' if notes else "")
            + "</tr>"
        )
    skipped = ""
    if rev.skipped:
        items = "".join(
            f"<li>hand {k.hand_number + 1}, {html.escape(k.seat.word)}: {html.escape(k.words)}: "
            f"{html.escape(k.reason)}"
            + (f' <span class="el-note">{_notes_html(rev.annotation(k))}</span>' if rev.annotation(k) else "")
            + "</li>"
            for k in rev.skipped
        )
        skipped = (
            f'<details class="el-skipped"><summary>{len(rev.skipped)} decisions not graded: they depend on '
            f"cards the file does not name</summary><ul>{items}</ul></details>"
        )
    body = (
        (REVIEW_CSS if style else "")
        + f"<p><b>{html.escape(rev._head())}</b></p><p>{html.escape(summary)}</p>"
        + "<table><thead><tr><th>hand</th><th>seat</th><th>phase</th><th>action</th><th>grade</th>"
        + "<th>better</th><th>cost</th><th>why</th>"
        + ("<th>the annotator</th>" if notes else "")
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        + skipped
    )
    return root(body, "review", None, style=style)


def _notes_html(notes: list[tuple[str | None, str]]) -> str:
    """People's annotations, each label as EGN writes it (``[??]``) with its word, then the text."""
    out = []
    for label, text in notes:
        tag = (
            f'<b class="el-label" title="{html.escape(LABEL_WORDS.get(label, ""))}">[{html.escape(label)}] '
            f"{html.escape(LABEL_WORDS.get(label, ''))}</b> "
            if label
            else ""
        )
        out.append(f"<div>{tag}{html.escape(text)}</div>")
    return "".join(out)


def review_figure(rev: Review) -> Figure:
    """The chart behind :meth:`Review.plot` (matplotlib, imported here)."""
    from euchre_learn.analysis.drawing import PALETTE, new_figure

    seats = rev._seats()
    fig, ax = new_figure(8.0, 4.0)
    for k, seat in enumerate(seats):
        ds = [d for d in rev.decisions if d.seat == seat]
        xs = list(range(1, len(ds) + 1))
        before = [d.option(d.best).expected_points for d in ds]
        after = [d.chosen.expected_points for d in ds]
        colour = [PALETTE["blue"], PALETTE["vermillion"], PALETTE["green"], PALETTE["purple"]][k % 4]
        label = "" if len(seats) == 1 else f"{seat.word}: "
        ax.plot(xs, before, color=colour, linestyle=":", marker="^", markersize=4, label=f"{label}best available")
        ax.plot(xs, after, color=colour, linestyle="-", marker="o", markersize=4, label=f"{label}after the choice made")
        for x, d, y in zip(xs, ds, after, strict=True):
            if d.grade in ("inaccuracy", "mistake", "blunder"):
                ax.annotate(GRADE_MARKS[d.grade], (x, y), xytext=(0, -12), textcoords="offset points", ha="center")
        for i in range(1, len(rev.hands)):
            first = next((x for x, d in zip(xs, ds, strict=True) if d.hand_number == i), None)
            if first is not None:
                ax.axvline(first - 0.5, color=PALETTE["black"], linewidth=0.5, linestyle="--")
    ax.axhline(0, color=PALETTE["black"], linewidth=0.6)
    team = seats[0].team.word if len(seats) == 1 else "each seat's side"
    ax.set_ylabel(f"expected points for {team}")
    ax.set_xlabel("decision (the seat's own, in play order; ?! inaccuracy, ? mistake, ?? blunder)")
    ax.grid(alpha=0.3)
    # below the chart, not loc='best': that search can take over a second on a busy machine, and
    # matplotlib then writes a warning into the notebook
    if len(seats) == 1:
        fig.legend(loc="outside lower center", ncols=2, fontsize=8)
    else:
        fig.legend(loc="outside right upper", fontsize=8)
    ax.set_title("How the expected points moved through the hand")
    return fig
