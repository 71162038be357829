"""The review panel of the table: after each hand, the learner's flagged decisions, worst first.

The model, with no widgets (:class:`~euchre_learn.interactive.review_panel_view.ReviewPanelView`
only shows it). A
:class:`ReviewPanel` listens to a :class:`~euchre_learn.interactive.table.model.Table`: as each
hand ends it takes the hand's record (with the game score before it) and reviews the
learners' decisions with :func:`euchre_learn.review` **in a background thread**, so the table
never waits; :attr:`HandReview.done` / :attr:`HandReview.total` count the decisions graded so
far. When a review is in:

- :meth:`ReviewPanel.flagged` lists what the panel shows (:meth:`Review.flagged
  <euchre_learn.analysis.review.Review.flagged>`): the decisions graded inaccuracy or worse, or
  breaking a strong players' convention whatever they cost, worst first, never a forced move;
  each with its grade, the better action, the explanation and the convention's sentence;
- :meth:`ReviewPanel.back_to` opens one as a :class:`~euchre_learn.analysis.review.drill.Retry`: the
  position just before it, to find a better action (a first miss asks again, a second shows
  the answer). A finished retry is kept in the learner's store as a quiz question and
  scheduled, so Today's practice (:mod:`euchre_learn.teaching.today`) serves it again later;
- each learner decision graded (not a forced one) is kept in the store with its situation, grade
  and loss (:func:`~euchre_learn.interactive.table.saver.save_decisions`);
- after the game, :meth:`ReviewPanel.game_review` is the whole game's review (its accuracy)
  and :meth:`ReviewPanel.turning_points` the hands that moved the chance to win the most.

>>> from euchre_learn.interactive.table.model import Table
>>> t = Table(humans='S', bots='standard', seed=5, dealer='N')
>>> panel = ReviewPanel(t, worlds=4)
>>> while not t.hand_over:
...     _ = t.run_bots()
...     if t.is_human_turn:
...         t.act(t.legal_actions()[0])
>>> job = panel.wait()                   # the review ran in the background
>>> job.state, job.done == job.total, panel.seats
('done', True, (<Seat.S: 2>,))
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.review import Decision, Review, review, win_probability
from euchre_learn.analysis.review.drill import Retry, RetryResult
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.explain import score_reason
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rulings import action_words
from euchre_learn.interactive.retry_question import RETRY_TOPIC, file_retry, retry_question
from euchre_learn.interactive.table.saver import save_decisions
from euchre_learn.learner.saved_games import hand_record

if TYPE_CHECKING:

    from euchre_learn.interactive.table.model import Table
    from euchre_learn.learner.progress import Progress

__all__ = [
    "RETRY_TOPIC",
    "HandReview",
    "ReviewPanel",
    "TurningPoint",
    "retry_question",
    "turning_points",
]

ReviewFn = Callable[..., Review]


@dataclass
class HandReview:
    """The review of one hand of the table, in the background: ``state`` is 'waiting',
    'running', 'done' or 'failed' (with ``error``); ``done`` of ``total`` decisions graded."""

    game: int
    number: int
    record: dict[str, Any]
    total: int
    done: int = 0
    state: str = "waiting"
    review: Review | None = None
    error: str | None = None
    future: Future[Any] | None = field(default=None, repr=False, compare=False)

    @property
    def finished(self) -> bool:
        return self.state in ("done", "failed")

    @property
    def progress_text(self) -> str:
        if self.state == "failed":
            return f"The review of hand {self.number + 1} failed: {self.error}"
        if self.state == "done":
            return f"Hand {self.number + 1} reviewed: {self.total} decision{'s' if self.total != 1 else ''} graded."
        return f"Reviewing hand {self.number + 1}: {self.done} of {self.total} decisions graded…"


@dataclass(frozen=True)
class TurningPoint:
    """A hand that moved the learner's chance to win the game: from ``before`` to ``after``,
    what happened (``text``), and the learner's costliest decision in it (if any was costly)."""

    hand_number: int
    before: float
    after: float
    text: str
    decision: Decision | None

    @property
    def swing(self) -> float:
        return self.after - self.before

    def __str__(self) -> str:
        head = f"Hand {self.hand_number + 1}: your chance to win went from {self.before:.0%} to {self.after:.0%}. {self.text}"
        if self.decision is not None:
            d = self.decision
            said, better = _said(d.position, d.action), _said(d.position, d.best)
            head += f" Your costliest decision: {said} ({d.grade}); {better} was better."
        return head


class ReviewPanel:
    """The review panel's model for ``table`` (see the module docs).

    ``seats``: whose decisions are reviewed (default the table's humans). ``worlds`` and
    ``seed`` are passed to :func:`euchre_learn.review` (the seed of hand ``n`` of game ``g`` is
    ``f"{seed}/{g}/{n}"``, by default from the table's seed). ``progress``: where retries are
    recorded (a :class:`~euchre_learn.learner.progress.Progress`, a path, or ``None`` for the
    learner's own store). ``executor`` runs the reviews (default one background thread);
    ``review_fn`` is the reviewer (tests slow it down). ``on_change(panel)`` is called, from
    the review's thread too, whenever something new is to be shown.
    """

    def __init__(
        self,
        table: Table,
        seats: Sequence[Seat | str] | None = None,
        *,
        worlds: int | None = None,
        seed: Any = None,
        progress: Progress | str | None = None,
        executor: Executor | None = None,
        review_fn: ReviewFn = review,
    ) -> None:
        self.table = table
        chosen = sorted(table.humans) if seats is None else sorted({Seat.parse(s) for s in seats})
        self.seats: tuple[Seat, ...] = tuple(chosen)
        self.worlds = worlds
        self.seed = table.seed if seed is None else seed
        self._progress_spec = progress
        self._progress: Progress | None = None
        self._own_executor = executor is None
        self._executor: Executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="euchre-review")
        self._review_fn = review_fn
        self._lock = threading.RLock()
        self.jobs: dict[tuple[int, int], HandReview] = {}
        """Every hand's review, by (game at the table, hand number)."""
        self.listeners: list[Callable[[ReviewPanel], object]] = []
        self.retries: list[Retry] = []
        """The retries opened with :meth:`back_to`, latest last."""
        self.retry_results: list[RetryResult] = []
        table.on_hand_end.append(self.hand_ended)

    # --- the background reviews -----------------------------------------------------------
    def hand_ended(self, table: Table) -> None:
        """What the table calls as a hand ends: queue the hand's review and return at once."""
        if not self.seats:
            return
        game = table.game_number
        record = hand_record(table.game, humans=table.humans)
        number = record["game"]["number"]
        hand = table.game.hands[number]
        total = sum(1 for s, _a in hand.history_ids if Seat(s) in self.seats)
        job = HandReview(game, number, record, total)
        with self._lock:
            self.jobs[(game, number)] = job  # a hand played again after an undo replaces the first
        try:
            job.future = self._executor.submit(self._run, job)
        except RuntimeError:  # no threads here (JupyterLite's Pyodide): review now, the table waits this once
            self._run(job)
            return
        self._changed()

    def _run(self, job: HandReview) -> None:
        job.state = "running"
        self._changed()
        reviews = []
        done_before = 0
        try:
            for seat in self.seats:

                def tick(done: int, _total: int, base: int = done_before) -> None:
                    job.done = base + done
                    self._changed()

                rev = self._review_fn(
                    job.record,
                    seat=seat,
                    worlds=self.worlds,
                    seed=f"{self.seed}/{job.game}/{job.number}",
                    progress=tick,
                )
                reviews.append(rev)
                done_before += len(rev.decisions)
            job.review = _merge(reviews, None if len(self.seats) > 1 else self.seats[0])
            save_decisions(self.table, job.game, job.number, job.review, self.progress.store)  # each with its situation
            job.done = job.total
            job.state = "done"
        except Exception as err:  # shown in the panel; the table plays on
            job.error = f"{type(err).__name__}: {err}"
            job.state = "failed"
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def wait(self, timeout: float | None = 60.0) -> HandReview | None:
        """Wait for every queued review (tests, and notebooks whose outputs are stored); the
        latest hand's review."""
        for job in list(self.jobs.values()):
            if job.future is not None:
                job.future.result(timeout=timeout)
        return self.latest

    def close(self) -> None:
        """Stop the background thread (reviews not started are dropped)."""
        if self._own_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)
        if self.hand_ended in self.table.on_hand_end:
            self.table.on_hand_end.remove(self.hand_ended)

    # --- what the panel shows ---------------------------------------------------------------
    @property
    def latest(self) -> HandReview | None:
        """The review of the last hand that ended (running or done)."""
        with self._lock:
            return self.jobs[max(self.jobs)] if self.jobs else None

    @property
    def busy(self) -> bool:
        with self._lock:
            return any(not j.finished for j in self.jobs.values())

    def costly(self, job: HandReview | None = None) -> tuple[Decision, ...]:
        """The decisions of a hand (default the latest) not graded best or good, worst first."""
        job = job or self.latest
        if job is None or job.review is None:
            return ()
        return job.review.costly()

    def flagged(self, job: HandReview | None = None) -> tuple[Decision, ...]:
        """What the panel lists for a hand (default the latest): :meth:`Review.flagged
        <euchre_learn.analysis.review.Review.flagged>`, the decisions graded inaccuracy or worse
        or breaking a strong players' convention, worst first; never a forced move."""
        job = job or self.latest
        if job is None or job.review is None:
            return ()
        return tuple(d for d in job.review.flagged() if not d.forced)

    def back_to(self, decision: Decision) -> Retry:
        """The position before ``decision``, to try again (recorded in the store when finished)."""

        def record(result: RetryResult) -> None:
            self.retry_results.append(result)
            self._record_retry(decision, result)

        retry = Retry(decision, recorder=record)
        self.retries.append(retry)
        self._changed()
        return retry

    @property
    def progress(self) -> Progress:
        """Where retries are recorded (opened on first use)."""
        if self._progress is None:
            from euchre_learn.learner.progress import Progress

            spec = self._progress_spec
            self._progress = spec if isinstance(spec, Progress) else Progress(spec)
        return self._progress

    def _record_retry(self, decision: Decision, result: RetryResult) -> None:
        """Keep the retry as a quiz question, and count the attempt as a review of it: a miss
        brings it back soon, a first-try success later (the FSRS schedule)."""
        file_retry(self.progress, decision, result)

    # --- after a game -------------------------------------------------------------------------
    def game_jobs(self, game: int | None = None) -> list[HandReview]:
        """The reviews of one game at the table (default the current one), by hand."""
        g = self.table.game_number if game is None else game
        with self._lock:
            return [self.jobs[k] for k in sorted(self.jobs) if k[0] == g]

    def game_review(self, game: int | None = None) -> Review | None:
        """The whole game's review (its ``.accuracy``, ``.hand_accuracy``), once every hand's is in."""
        jobs = self.game_jobs(game)
        if not jobs or any(j.review is None for j in jobs):
            return None
        numbers = [j.number for j in jobs]
        if numbers != list(range(len(jobs))):
            return None
        reviews = [j.review for j in jobs if j.review is not None]
        return _merge(reviews, reviews[0].seat)

    def turning_points(self, game: int | None = None, count: int = 3) -> list[TurningPoint]:
        """The hands that moved the learners' side's chance to win the game the most, biggest first."""
        rev = self.game_review(game)
        if rev is None or not self.seats:
            return []
        return turning_points(rev, self.seats[0], count)

    def __repr__(self) -> str:
        seats = " ".join(str(s) for s in self.seats) or "none"
        return f"<ReviewPanel seats={seats}: {len(self.jobs)} hands, {'busy' if self.busy else 'idle'}>"


def turning_points(rev: Review, seat: Seat | str, count: int = 3) -> list[TurningPoint]:
    """The hands of a game's review that moved ``seat``'s side's chance to win the most,
    biggest swing first: the chance at the start of the hand and after it (from
    :func:`~euchre_learn.analysis.win_table.win_probability`), the result, and the side's
    costliest decision in that hand."""
    team = Seat.parse(seat).team
    out = []
    for i, (hand, score) in enumerate(zip(rev.hands, rev.scores, strict=True)):
        if score is None:
            raise ValueError("turning points need the game score before each hand: review a game or saved game")
        target = hand.rules.points_to_win
        mine, theirs = (score[0], score[1]) if team == Team.NS else (score[1], score[0])
        before = win_probability(mine, theirs, hand.dealer.team == team, target)
        pts = hand.points
        after = win_probability(mine + pts[team], theirs + pts[team.other], hand.dealer.left.team == team, target)
        costly = [d for d in rev.costly() if d.hand_number == i and d.seat.team == team]
        out.append(TurningPoint(i, before, after, _hand_result(hand), costly[0] if costly else None))
    out.sort(key=lambda tp: (-abs(tp.swing), tp.hand_number))
    return out[:count]


def _said(position: Hand, action: Action) -> str:
    """An action in the table's words for the seat that took it: 'assist' for the dealer's partner
    (R3.1), 'call ♥ hearts', 'play J♠'."""
    if action.card is not None:
        return str(action)
    s = position.state
    return action_words(s, s.to_act, action.id)


def _merge(reviews: Sequence[Review], seat: Seat | None) -> Review:
    """One review from the reviews of consecutive hands (or of several seats of one hand)."""
    if len(reviews) == 1:
        return reviews[0]
    hands: list[Hand] = []
    scores: list[tuple[int, int] | None] = []
    decisions: list[Decision] = []
    for rev in reviews:
        same_hand = bool(hands) and rev.hands[0] == hands[-1]
        if not same_hand:
            hands.extend(rev.hands)
            scores.extend(rev.scores)
        n = len(hands) - 1
        decisions.extend(replace(d, hand_number=n) for d in rev.decisions)
    decisions.sort(key=lambda d: (d.hand_number, d.index))
    return Review(tuple(decisions), seat, tuple(hands), tuple(scores), reviews[0].worlds, reviews[0].seed)


def _hand_result(hand: Hand) -> str:
    return score_reason(hand)
