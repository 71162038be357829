"""The review panel on screen: a thin ipywidgets view of a
:class:`~euchre_learn.interactive.review_panel.ReviewPanel` (the model decides what is flagged, what a
retry asks and what a game's turning points are; this only lays them out), put below the table by
the table widget.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.coach.grades import cost_label
from euchre_learn.analysis.review import Decision
from euchre_learn.analysis.review.drill import Retry
from euchre_learn.analysis.review.report import REVIEW_CSS
from euchre_learn.engine.actions import Action
from euchre_learn.interactive.retry_question import choice_label
from euchre_learn.interactive.review_panel import HandReview, ReviewPanel

if TYPE_CHECKING:
    import ipywidgets  # type: ignore[import-untyped]

    from euchre_learn.interactive.table.model import Table

__all__ = ["ReviewPanelView", "flagged_html", "review_panel_view"]


_GRADE_MARKS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def flagged_html(d: Decision) -> str:
    """One row of the panel: the grade (a word and a mark), what was chosen, the better choice
    and its cost when there is one, the explanation, then the convention broken, if any: its
    sentence, and where the choice cost nothing or little in this deal, that said plainly.

    >>> import euchre_learn as el
    >>> rev = el.review(el.examples.hand('left-bower-trap'), seat='N', worlds=4, seed=1)
    >>> 'you chose' in flagged_html(rev.decisions[0])
    True
    """
    chose = html.escape(choice_label(d.position, d.action))
    head = (
        f"<span class='el-grade el-g-{d.grade}'>{_GRADE_MARKS[d.grade]} {d.grade}</span> "
        f"{html.escape(d.seat.word)}, {html.escape(d.phase.value)}: you chose <b>{chose}</b>"
    )
    if d.action != d.best and d.grade != "best":
        lost = cost_label(d.loss, d.win_loss)
        head += f"; better: <b>{html.escape(choice_label(d.position, d.best))}</b> ({html.escape(lost)})"
    rule = ""
    if d.convention is not None and d.convention not in d.explanation:  # said once
        rule = f"<br><small><b>Rule of thumb:</b> {html.escape(d.convention)}"
        if d.grade == "best":
            rule += " In this deal it cost nothing."
        elif d.grade == "good":
            rule += " Here it cost little."
        rule += "</small>"
    return (
        "<div class='el-review-item' style='line-height:1.4'>"
        f"{head}.<br><small>{html.escape(d.explanation)}</small>{rule}</div>"
    )


class ReviewPanelView:
    """A thin ipywidgets view of a :class:`ReviewPanel` (hidden until a hand ends): a progress
    bar while the review runs, then the flagged decisions worst first, each with a "Try it again"
    button that opens the retry below (the table's own "Back to:" menu, which rewinds the hand
    in play, is another thing); after a game, its accuracy and turning points. A retry belongs
    to its hand: the next hand's review closes it.

    ``widget`` is the box to put on screen (the table widget puts it below the table).
    """

    def __init__(self, panel: ReviewPanel) -> None:
        import ipywidgets as W

        self.panel = panel
        self.title = W.HTML()
        self.bar = W.IntProgress(min=0, max=1, value=0, layout=W.Layout(width="16em"))
        self.bar_text = W.HTML()
        self.items = W.VBox()
        self.summary = W.HTML()
        self.retry_box = W.VBox()
        self.retry: Retry | None = None
        self.retry_job: HandReview | None = None
        """The hand whose decision the open retry replays."""
        self.back_buttons: list[W.Button] = []
        self.retry_buttons: list[W.Button] = []
        self._shown: tuple[Any, ...] | None = None
        self.widget = W.VBox(
            [self.title, W.HBox([self.bar, self.bar_text]), self.items, self.retry_box, self.summary],
            layout=W.Layout(display="none", border="1px solid #ccc", padding="0.4em", margin="0.6em 0 0 0"),
        )
        self.widget.add_class("el-review-panel")
        panel.listeners.append(lambda _p: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        import ipywidgets as W

        p = self.panel
        job = p.latest
        if job is None:
            self.widget.layout.display = "none"
            return
        self.widget.layout.display = ""
        self.title.value = f"{REVIEW_CSS}<b>Review of your decisions: hand {job.number + 1}</b>"
        self.bar.max = max(1, job.total)
        self.bar.value = job.done
        self.bar.layout.display = "none" if job.finished else ""
        self.bar_text.value = html.escape(job.progress_text)
        key = (id(job), job.state)
        if key == self._shown:
            return
        self._shown = key
        if self.retry_job is not None and self.retry_job is not job:
            self.retry_box.children = ()  # another hand's retry: it does not belong under this review
            self.retry, self.retry_job = None, None
        if job.state != "done" or job.review is None:
            self.items.children = ()
            self.summary.value = ""
            return
        rows: list[Any] = []
        self.back_buttons = []
        flagged = p.flagged(job)
        if not flagged:
            acc = job.review.accuracy
            acc_text = f"{acc:.0f}" if isinstance(acc, float) else ", ".join(f"{s} {a:.0f}" for s, a in acc.items())
            rows.append(
                W.HTML(
                    f"Every decision was best or good, and no rule of thumb broken (accuracy {html.escape(acc_text)}). Well played."
                )
            )
        for d in flagged:
            text = W.HTML(flagged_html(d), layout=W.Layout(flex="1 1 auto"))
            # one width for the button and the empty place of a row without one: the text in one column
            place = W.Layout(width="9em", flex="0 0 auto", margin="0 0.6em 0 0")
            if d.grade == "best":
                # a convention broken at no cost in this deal: nothing better to find,
                # so no retry; an empty place keeps the rows' text in one column
                rows.append(
                    W.HBox([W.Box(layout=place), text], layout=W.Layout(align_items="flex-start", margin="0.3em 0"))
                )
                continue
            b = W.Button(
                description="Try it again",
                icon="undo",
                tooltip="Replay this decision from the same position: find a better action",
                layout=place,
            )
            b.on_click(lambda _b, d=d: self.open_retry(d))
            self.back_buttons.append(b)
            rows.append(W.HBox([b, text], layout=W.Layout(align_items="flex-start", margin="0.3em 0")))
        self.items.children = tuple(rows)
        self._summary()

    def _summary(self) -> None:
        p = self.panel
        if not p.table.game_over:
            self.summary.value = ""
            return
        rev = p.game_review()
        if rev is None:
            self.summary.value = "<i>The game's review will show when every hand is graded.</i>"
            return
        acc = rev.accuracy
        acc_text = f"{acc:.0f}" if isinstance(acc, float) else ", ".join(f"{s} {a:.0f}" for s, a in acc.items())
        points = "".join(f"<li>{html.escape(str(tp))}</li>" for tp in p.turning_points())
        self.summary.value = (
            f"<p><b>The game: accuracy {html.escape(acc_text)}</b> over {len(rev.decisions)} decisions.</p>"
            + (f"<p>Turning points:</p><ol>{points}</ol>" if points else "")
        )

    def open_retry(self, decision: Decision) -> Retry:
        import ipywidgets as W

        from euchre_learn.display import hand_html

        retry = self.panel.back_to(decision)
        self.retry, self.retry_job = retry, self.panel.latest
        pos = retry.position
        board = W.HTML(hand_html(pos, show=frozenset((decision.seat,)), text=False))
        prompt = W.HTML(f"<div style='line-height:1.4'><b>{html.escape(retry.prompt)}</b></div>")
        feedback = W.HTML(layout=W.Layout(max_width="60em"))
        self.retry_buttons = []
        for a in pos.legal_actions():
            b = W.Button(description=choice_label(pos, a), layout=W.Layout(width="auto", min_width="4em"))

            def click(_b: Any, a: Action = a) -> None:
                if retry.finished:
                    return
                fb = retry.attempt(a)
                feedback.value = f"<div style='line-height:1.4' role='status'>{html.escape(fb.message)}</div>"
                if retry.finished:
                    for other in self.retry_buttons:
                        other.disabled = True

            b.on_click(click)
            self.retry_buttons.append(b)
        self.retry_feedback = feedback
        self.retry_box.children = (
            W.HTML("<hr style='margin:0.5em 0'><b>Try again</b>"),
            prompt,
            board,
            W.HBox(self.retry_buttons, layout=W.Layout(flex_flow="row wrap")),
            feedback,
        )
        return retry


def review_panel_view(table: Table, **kwargs: Any) -> ipywidgets.VBox:
    """A review panel for ``table`` on screen (the table widget calls this)."""
    return ReviewPanelView(ReviewPanel(table, **kwargs)).widget
