"""A learner's dashboard: how the practice is going, read from the learner's store. No widgets
here (the view is :mod:`euchre_learn.teaching.dashboard_widget`), so tests read the model; it
prints as plain text (``str``) and shows as HTML in a notebook (:meth:`Dashboard._repr_html_`,
:meth:`Dashboard.to_html`); :meth:`Dashboard.save` writes it as a web page of its own.

- **Accuracy over time**: per day, every answer (lesson quizzes, practice, puzzles) and every
  decision at the table (right unless the review flagged it: inaccuracy or worse, or breaking a
  convention).
- **Per situation family** (bidding round 1, the dealer's discard, leading on defence, ...): the
  answers filed under a situation (:mod:`euchre_learn.learner.situation_schedule`), how many right,
  the points given up at the table, the situations met and mastered, and the lesson that teaches it.
- **The costliest situations**: the most expected points given up at the table, each by its name
  in a player's words (:func:`euchre_learn.analysis.situation.name_of`) and with the lesson to read
  again.
- **Streaks**: days in a row with practice (now and best), right answers in a row (now and best).
- **Mastered situations**: three right in a row, by name.
- **The puzzle rating**: Glicko-2 on the learner and each puzzle, from every puzzle answered
  (:mod:`euchre_learn.learner.rating`), with its 95% interval.

Everything is counted from the store's rows, so a restart (a new process on the same store) shows
the same dashboard, and a damaged store is set aside with a warning (shown here) while practice
goes on.

>>> import tempfile, os
>>> from datetime import datetime, timezone
>>> from euchre_learn.learner.progress import Progress
>>> p = Progress(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> now = datetime(2026, 12, 1, 18, tzinfo=timezone.utc)
>>> p.record('left-bower', True, at=now.timestamp() - 3600)
>>> p.record('puzzle', False, item=('puzzle', 'p1'), situation=('bid1.eldest', 'bid1'), at=now.timestamp() - 60)
>>> d = dashboard(p, now=now)
>>> [(day.day.isoformat(), day.right, day.answered) for day in d.days]
[('2026-12-01', 1, 2)]
>>> d.families[0].family, d.families[0].lesson.notebook, d.streak
('bid1', '03_bidding_round_1.ipynb', 1)
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from euchre_learn.analysis.situation import FAMILIES, name_of
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.rating import PuzzleRatings, puzzle_ratings
from euchre_learn.learner.situation_schedule import SituationCard, SituationSchedule, attempts_of, cards_of

__all__ = ["LESSONS", "Costly", "Dashboard", "Day", "FamilyRow", "Lesson", "dashboard", "lesson_for", "situation_name"]


@dataclass(frozen=True)
class Lesson:
    """A lesson notebook (its file name in ``notebooks/``) and its title."""

    notebook: str
    title: str

    def __str__(self) -> str:
        return f"{self.title} ({self.notebook})"


LESSONS = {
    "bid1": Lesson("03_bidding_round_1.ipynb", "03 Bidding, round 1"),
    "bid2": Lesson("04_bidding_round_2.ipynb", "04 Bidding, round 2"),
    "discard": Lesson("03_bidding_round_1.ipynb", "03 Bidding, round 1: the dealer's pick-up and discard"),
    "lead-makers": Lesson("06_winning_tricks.ipynb", "06 Winning tricks"),
    "lead-defenders": Lesson("06_winning_tricks.ipynb", "06 Winning tricks"),
    "follow-makers": Lesson("05_following_suit.ipynb", "05 Following suit"),
    "follow-defenders": Lesson("05_following_suit.ipynb", "05 Following suit"),
    "loner-extras": Lesson("07_going_alone.ipynb", "07 Going alone"),
}
"""The lesson that teaches each situation family (:data:`euchre_learn.analysis.situation.FAMILIES`)."""

_LONER = Lesson("07_going_alone.ipynb", "07 Going alone")
_VARIANTS = Lesson("12_variants.ipynb", "12 Variants and house rules")
_GENERAL = Lesson("09_a_whole_hand.ipynb", "09 A whole hand, step by step")


def lesson_for(key: str, family: str | None = None) -> Lesson:
    """The lesson to read again for situation ``key`` (of ``family``): the house rules' lesson for
    the stuck dealer, the Benny and the railroad, going alone for a loner's hands, else the family's.

    >>> lesson_for('bid2.dealer.stuck').notebook, lesson_for('play.vs-loner.lead1', 'lead-defenders').notebook
    ('12_variants.ipynb', '07_going_alone.ipynb')
    >>> lesson_for('bid1.eldest', 'bid1').title
    '03 Bidding, round 1'
    """
    parts = key.split(".")
    if key.endswith(".stuck") or parts[0] in ("benny", "railroad") or key == "defend-alone":
        return _VARIANTS
    if len(parts) > 1 and parts[1] in ("loner", "vs-loner", "lone-defender"):
        return _LONER
    return LESSONS.get(family or "", _GENERAL)


@dataclass(frozen=True)
class Day:
    """One day's answers and decisions: how many, how many right."""

    day: date
    answered: int
    right: int

    @property
    def accuracy(self) -> float:
        return self.right / self.answered


@dataclass(frozen=True)
class FamilyRow:
    """One situation family: its words, answers filed under its situations, how many right, the
    points given up at the table, how many situations met and mastered, and the lesson for it."""

    family: str
    name: str
    answered: int
    right: int
    loss: float
    situations: int
    mastered: int
    lesson: Lesson

    @property
    def accuracy(self) -> float:
        return self.right / self.answered


@dataclass(frozen=True)
class Costly:
    """A costly situation: its card (:class:`~euchre_learn.learner.situation_schedule.SituationCard`:
    key, family, answers, points given up, mastery) and the lesson to read again."""

    card: SituationCard
    lesson: Lesson

    @property
    def key(self) -> str:
        return self.card.key

    @property
    def loss(self) -> float:
        return self.card.loss

    @property
    def name(self) -> str:
        """The situation in a player's words (see :func:`situation_name`)."""
        return situation_name(self.card.key)


def situation_name(key: str) -> str:
    """The name of situation ``key`` in a player's words
    (:func:`euchre_learn.analysis.situation.name_of`); a key the classifier no longer knows (kept
    by an older version in the store) is shown as it is.

    >>> situation_name('bid1.dealer'), situation_name('old.key')
    ('Bidding round 1 · the dealer', 'old.key')
    """
    try:
        return name_of(key)
    except ValueError:
        return key


def _pct(right: int, n: int) -> str:
    return f"{100 * right / n:.0f}%" if n else "-"


@dataclass(frozen=True)
class Dashboard:
    """The learner's dashboard (see the module docs): :attr:`days` oldest first, :attr:`families`
    by answers (most first), :attr:`costliest` worst first, :attr:`mastered` most recent first,
    the streaks, the totals and any :attr:`warnings` about the store."""

    now: datetime
    days: tuple[Day, ...]
    families: tuple[FamilyRow, ...]
    costliest: tuple[Costly, ...]
    mastered: tuple[SituationCard, ...]
    streak: int
    best_streak: int
    right_in_a_row: int
    best_right_in_a_row: int
    puzzles: PuzzleRatings | None = None
    """The puzzle ratings (``None`` before any puzzle is answered)."""
    warnings: tuple[str, ...] = ()

    @property
    def answered(self) -> int:
        return sum(d.answered for d in self.days)

    @property
    def right(self) -> int:
        return sum(d.right for d in self.days)

    def __str__(self) -> str:
        lines = [f"Your practice: {self.right} of {self.answered} right ({_pct(self.right, self.answered)})"]
        lines += [f"Warning: {w}" for w in self.warnings]
        lines.append(
            f"Streaks: {self.streak} day{'s' if self.streak != 1 else ''} in a row (best {self.best_streak}); "
            f"{self.right_in_a_row} right in a row (best {self.best_right_in_a_row})"
        )
        if self.puzzles is not None:
            lines.append(self._puzzle_words())
        if self.days:
            lines.append("Accuracy by day:")
            lines += [
                f"  {d.day.isoformat()}  {d.right:>3} of {d.answered:<3} {_pct(d.right, d.answered):>4}"
                for d in self.days
            ]
        if self.families:
            lines.append("By situation family:")
            lines += [
                f"  {f.name}: {f.right} of {f.answered} right ({_pct(f.right, f.answered)}), "
                f"{f.loss:.2f} points given up, {f.mastered} of {f.situations} situations mastered · {f.lesson.title}"
                for f in self.families
            ]
        if self.costliest:
            lines.append("Costliest situations (points given up at the table):")
            lines += [
                f"  {c.loss:.2f}  {c.name} · {c.card.right} of {c.card.answers} right · read again: {c.lesson}"
                for c in self.costliest
            ]
        if self.mastered:
            lines.append("Mastered (three right in a row):")
            lines += [f"  {situation_name(c.key)}" for c in self.mastered]
        if not self.answered and not self.families:
            lines.append(
                "Nothing answered yet: answer a lesson quiz, a puzzle or Today's practice, or play at the table."
            )
        return "\n".join(lines)

    def _puzzle_words(self) -> str:
        assert self.puzzles is not None
        r = self.puzzles.learner
        low, high = r.interval()
        n = self.puzzles.answers
        return f"Puzzle rating: {r.rating:.0f} (95% interval {low:.0f} to {high:.0f}, from {n} puzzle answer{'s' if n != 1 else ''})"

    def to_html(self, link: Callable[[str, str], str] | None = None) -> str:
        """The dashboard as HTML (what a notebook shows; write it to a file for a page of its own).
        ``link(href, text)`` makes a lesson's link (default: a plain ``<a>``; the widget's opens the
        lesson in JupyterLab)."""
        e = html.escape
        link = link or (lambda href, text: f"<a href='{e(href)}'>{e(text)}</a>")
        out = [
            f"<div class='el-dashboard'><h3>Your practice: {self.right} of {self.answered} right "
            f"({_pct(self.right, self.answered)})</h3>"
        ]
        out += [f"<p role='alert'>⚠ {e(w)}</p>" for w in self.warnings]
        out.append(
            f"<p>Streaks: <b>{self.streak}</b> day{'s' if self.streak != 1 else ''} in a row (best {self.best_streak}) · "
            f"<b>{self.right_in_a_row}</b> right in a row (best {self.best_right_in_a_row})</p>"
        )
        if self.puzzles is not None:
            out.append(f"<p>{e(self._puzzle_words())}</p>")
        if self.days:
            out.append(
                "<h4>Accuracy by day</h4><table><tr><th>day</th><th>right</th><th>of</th><th>accuracy</th><th></th></tr>"
            )
            for d in self.days:
                bar = "█" * round(10 * d.accuracy)
                out.append(
                    f"<tr><td>{d.day.isoformat()}</td><td>{d.right}</td><td>{d.answered}</td>"
                    f"<td>{_pct(d.right, d.answered)}</td><td aria-hidden='true'>{bar}</td></tr>"
                )
            out.append("</table>")
        if self.families:
            out.append(
                "<h4>By situation family</h4><table><tr><th>family</th><th>right</th><th>accuracy</th>"
                "<th>points given up</th><th>mastered</th><th>lesson</th></tr>"
            )
            for f in self.families:
                out.append(
                    f"<tr><td>{e(f.name)}</td><td>{f.right} of {f.answered}</td><td>{_pct(f.right, f.answered)}</td>"
                    f"<td>{f.loss:.2f}</td><td>{f.mastered} of {f.situations}</td>"
                    f"<td>{link(f.lesson.notebook, f.lesson.title)}</td></tr>"
                )
            out.append("</table>")
        if self.costliest:
            out.append("<h4>Costliest situations</h4><ol>")
            for c in self.costliest:
                out.append(
                    f"<li><b>{c.loss:.2f}</b> points given up · {e(c.name)} · "
                    f"{c.card.right} of {c.card.answers} right · read again: "
                    f"{link(c.lesson.notebook, c.lesson.title)}</li>"
                )
            out.append("</ol>")
        if self.mastered:
            out.append("<h4>Mastered</h4><ul>")
            out += [f"<li>{e(situation_name(c.key))}</li>" for c in self.mastered]
            out.append("</ul>")
        out.append("</div>")
        return "".join(out)

    def _repr_html_(self) -> str:
        return self.to_html()

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the dashboard as a web page of its own (to keep, print or hand in); returns the path.

        >>> import tempfile, os
        >>> d = dashboard(os.path.join(tempfile.mkdtemp(), 'l.sqlite3'))
        >>> page = d.save(os.path.join(tempfile.mkdtemp(), 'me.html'))
        >>> page.read_text(encoding='utf-8').startswith('<!doctype html>')
        True
        """
        target = Path(path)
        if target.suffix.lower() not in (".html", ".htm"):
            raise ValueError(f"path: got {str(path)!r}: expected a file name ending in .html")
        title = f"Euchre practice on {self.now:%Y-%m-%d}"
        page = (
            f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            "<style>body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
            "table{border-collapse:collapse}td,th{padding:.2em .6em;text-align:left;border-bottom:1px solid #ddd}</style>"
            f"</head><body><h1>{html.escape(title)}</h1>{self.to_html()}</body></html>\n"
        )
        target.write_text(page, encoding="utf-8")
        return target


def _streaks(days: Iterable[date], today: date) -> tuple[int, int]:
    """Days in a row up to today (or yesterday, while today has none yet), and the best run."""
    have = set(days)
    best = run = 0
    prev: date | None = None
    for d in sorted(have):
        run = run + 1 if prev is not None and d - prev == timedelta(days=1) else 1
        best = max(best, run)
        prev = d
    day = today if today in have else today - timedelta(days=1)
    now = 0
    while day in have:
        now += 1
        day -= timedelta(days=1)
    return now, best


def dashboard(
    progress: Progress | str | os.PathLike[str] | None = None,
    *,
    now: datetime | None = None,
    clock: Callable[[], datetime] | None = None,
    top: int = 5,
) -> Dashboard:
    """The learner's dashboard (see the module docs): ``progress`` a
    :class:`~euchre_learn.learner.progress.Progress`, a store's path, or ``None`` for the learner's
    own; days are counted in ``now``'s time zone (default: the clock's now, this machine's time);
    ``top`` costliest situations."""
    if isinstance(top, bool) or not isinstance(top, int) or top < 0:
        raise ValueError(f"top: got {top!r}: expected a whole number of situations, 0 or more")
    p = progress if isinstance(progress, Progress) else Progress(progress)
    sched = SituationSchedule(p, clock=clock)
    moment = sched.now(now)
    tz = moment.tzinfo or timezone.utc
    store = p.store
    # every answer and decision, in time order: (when, right)
    events = [(at, ok) for _t, ok, at, _s in store.answer_log()]
    events += [(d.at, not d.flagged) for d in store.decisions()]
    events.sort(key=lambda e: e[0])
    per_day: dict[date, list[int]] = {}
    run = best_run = 0
    for at, ok in events:
        counts = per_day.setdefault(datetime.fromtimestamp(at, tz).date(), [0, 0])
        counts[0] += 1
        counts[1] += ok
        run = run + 1 if ok else 0
        best_run = max(best_run, run)
    days = tuple(Day(d, n, r) for d, (n, r) in sorted(per_day.items()))
    review_days = {datetime.fromtimestamp(t, tz).date() for t in store.review_times()}
    streak, best_streak = _streaks(set(per_day) | review_days, moment.date())

    attempts = attempts_of(store)
    cards = cards_of(attempts, moment)
    rows: dict[str, list[float]] = {}
    for a in attempts:
        row = rows.setdefault(a.family, [0, 0, 0.0])
        row[0] += 1
        row[1] += a.correct
        row[2] += a.loss
    families = []
    for fam, (n, right, loss) in rows.items():
        fam_cards = [c for c in cards.values() if c.family == fam]
        families.append(
            FamilyRow(
                fam,
                FAMILIES.get(fam, "Other situations"),
                int(n),
                int(right),
                loss,
                len(fam_cards),
                sum(c.mastered for c in fam_cards),
                LESSONS.get(fam, _GENERAL),
            )
        )
    families.sort(key=lambda f: (-f.answered, f.family))
    costly = sorted((c for c in cards.values() if c.loss > 0), key=lambda c: (-c.loss, c.key))[:top]
    rated = puzzle_ratings(store)
    mastered = sorted(
        (c for c in cards.values() if c.mastered), key=lambda c: (c.mastered_at or c.last, c.key), reverse=True
    )
    return Dashboard(
        now=moment,
        days=days,
        families=tuple(families),
        costliest=tuple(Costly(c, lesson_for(c.key, c.family)) for c in costly),
        mastered=tuple(mastered),
        streak=streak,
        best_streak=best_streak,
        right_in_a_row=run,
        best_right_in_a_row=best_run,
        puzzles=rated if rated.answers else None,
        warnings=tuple(p.warnings),
    )
