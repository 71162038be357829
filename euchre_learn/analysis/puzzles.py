"""Puzzles: positions from bot-against-bot games where one action is clearly best.

Each puzzle is a moment of a hand where the side to act gains at least 0.3 expected points
by one action over every other, **on what that seat knew**. ``tools/mine_puzzles.py`` found
them and checked each again with twice the worlds and a fresh seed; its ``recheck`` then judged
each with the coach settled, as the Hint judges it, and kept only those whose answer is the
Hint's, clear of the noise. They ship as package data in
``euchre_learn/analysis/data/puzzles.json``, with the settled judgement's numbers, so a puzzle's
feedback and the Hint at its position say the same (:func:`evaluate`, which the miner calls,
asks the coach, :func:`euchre_learn.analysis.coach.judge`). The feedback's words are the coach's
(:func:`euchre_learn.analysis.coach.words.reasons`): trumps held and still out, who is winning
the trick, next and green, the numbers second.

Each puzzle's theme (:data:`THEMES`, with the idea it practises in :data:`IDEAS`) comes from the
situation of its position as :func:`euchre_learn.situation` names it, read by
:func:`euchre_learn.analysis.puzzle_themes.classify`; the situation's key is stored beside it. For
two themes the games gave no puzzle (the stuck dealer's call, leading against a loner), so
``tools/mine_puzzles.py generate`` dealt positions of those situations and kept the ones whose
best is clear by the same standard (their ``source`` says ``generated``).

>>> import euchre_learn as el
>>> p = el.puzzles.all()[0]
>>> p.hand.to_act is not None and p.hand.is_legal(p.answer)
True
>>> p.check(p.answer).correct
True
>>> el.puzzles.daily('2026-12-01') == el.puzzles.daily('2026-12-01')
True
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from euchre_learn.analysis.puzzle_themes import IDEAS, THEMES, classify
from euchre_learn.analysis.situation import Situation, situation
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.errors import quote
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import replay
from euchre_learn.engine.rulings import action_words

__all__ = [
    "IDEAS",
    "MIN_GAP",
    "THEMES",
    "Evaluation",
    "Feedback",
    "Puzzle",
    "all",
    "classify",
    "daily",
    "evaluate",
    "get",
]

MIN_GAP = 0.3
"""The expected points by which a puzzle's answer beats every other action."""

# ---- evaluation (the coach's judgement) ----------------------------------------------------------


@dataclass(frozen=True)
class Evaluation:
    """The options of one position as the coach values them (see :func:`evaluate`).

    ``options`` are ``(action, expected points at the table, standard error, game-win chance or
    None)``, best first (by the coach's ranking: game-win chance when the score is known, else
    points); ``gap`` is the best's expected points minus the next best by points (negative when
    the best by win chance is not the best by points); ``close`` whether the best two are within
    noise (the coach's :attr:`~euchre_learn.analysis.coach.Judgement.close`); ``worlds`` the deals
    used; ``explanation`` the coach's reason for the best.
    """

    options: tuple[tuple[Action, float, float, float | None], ...]
    gap: float
    close: bool
    worlds: int
    forced: bool
    explanation: str

    @property
    def best(self) -> Action:
        return self.options[0][0]

    @property
    def runner_up(self) -> Action:
        return max(self.options[1:], key=lambda o: (o[1], -o[0].id))[0]


def evaluate(position: Hand, worlds: int | None, seed: Any, score: tuple[int, int] | None = None) -> Evaluation:
    """Ask the coach (:func:`euchre_learn.analysis.coach.judge`) about every legal action of the
    seat to act in ``position``, over ``worlds`` deals of the cards it cannot see (a bid gets
    proportionally more, as in the review), without stopping early. Deterministic for a ``seed``.
    ``worlds=None``: the coach's settled judgement, the Hint's (the seed is then not used).

    >>> import euchre_learn as el
    >>> e = evaluate(el.examples.hand('left-bower-trap', after=2), 8, seed=1)
    >>> e.best == e.options[0][0], e.worlds, e.gap >= 0
    (True, 8, True)
    """
    from euchre_learn.analysis.coach import judge, scaled_worlds

    if position.to_act is None or len(position.legal_actions()) < 2:
        raise ValueError("a puzzle needs a position with a seat to act and at least two legal actions")
    j = judge(position, score=score, worlds=scaled_worlds(position, worlds), seed=f"puzzle|{seed}")
    rows = j.options
    best = rows[0]
    runner = max(rows[1:], key=lambda o: (o.table_points, -o.action.id))
    return Evaluation(
        options=tuple((o.action, o.table_points, o.points_se, o.win) for o in rows),
        gap=best.table_points - runner.table_points,
        close=j.close,
        worlds=j.worlds,
        forced=j.forced,
        explanation=j.reason,
    )


# ---- the puzzles --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    """What :meth:`Puzzle.check` says: ``correct``, and ``message`` (why, with the numbers)."""

    correct: bool
    message: str

    def __str__(self) -> str:
        return self.message


class Puzzle:
    """One puzzle: ``id`` (stable), ``theme`` (from the situation of its position,
    :func:`~euchre_learn.analysis.puzzle_themes.classify`), ``situation`` (that situation, as
    :func:`euchre_learn.situation` names it), ``hand`` (the position; ``hand.to_act`` is the
    solver), ``answer`` (the one best :class:`~euchre_learn.Action`), ``options`` (each legal
    action with its expected points for the side to act), ``gap``, ``worlds``, ``score`` (the
    game score before the hand, when known) and ``explanation``. :meth:`check` grades an answer.
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self.id: str = data["id"]
        self.theme: str = data["theme"]
        self.answer = Action.parse(data["answer"])
        self.options: tuple[tuple[Action, float], ...] = tuple(
            (Action.parse(o["action"]), float(o["points"])) for o in data["options"]
        )
        self.gap: float = float(data["gap"])
        self.worlds: int = int(data["worlds"])
        self.better: int | None = data.get("better")
        self.worse: int | None = data.get("worse")
        """In the mining check, the deals in which the answer did better / worse than the runner-up
        (the shipped set has them; puzzles mined with the coach, which judges noise by its own
        standard error, do not: ``None``)."""
        sc = data["record"].get("score")
        self.score: tuple[int, int] | None = None if sc is None else (int(sc["NS"]), int(sc["EW"]))

    @property
    def runner_up(self) -> Action:
        """The next best action by the coach's values."""
        return Action.parse(self._data["runner_up"])

    @functools.cached_property
    def situation(self) -> Situation:
        """The situation of the position, as :func:`euchre_learn.situation` names it (its key is
        stored with the puzzle, beside the theme it gives)."""
        return situation(self.hand)

    def classified(self) -> str:
        """The theme :func:`~euchre_learn.analysis.puzzle_themes.classify` gives this puzzle now,
        from its situation and the coach's values of its options (the shipped ``theme`` is this,
        as the last ``tools/mine_puzzles.py retheme`` stored it)."""
        return classify(self.hand, self.answer, self.runner_up, self.score, points=dict(self.options))

    @functools.cached_property
    def hand(self) -> Hand:
        """The position (replayed from the record each time it is first asked for)."""
        record = {k: v for k, v in self._data["record"].items() if k != "score"}
        return replay(record)

    @property
    def record(self) -> dict[str, Any]:
        """The position as a hand record (with the game ``"score"`` when known)."""
        out: dict[str, Any] = json.loads(json.dumps(self._data["record"]))
        return out

    @property
    def seat(self) -> Seat:
        to_act = self.hand.to_act
        assert to_act is not None
        return to_act

    @property
    def question(self) -> str:
        """The question in words: who is to act, in what phase, what is known, at what score."""
        h = self.hand
        seat = self.seat
        parts = [f"You are {seat.word} ({h.phase.value}); {h.dealer.word} dealt"]
        if h.trump is not None:
            maker = h.maker
            who = "" if maker is None else f", made by {'your side' if maker.team == seat.team else 'the other side'}"
            parts.append(f"{h.trump.plural} are trump{who}{' (alone)' if h.alone else ''}")
        else:
            parts.append(f"the upcard is the {h.upcard}")
            if h.turned_down is not None:
                parts.append(f"{h.turned_down.plural} were turned down")
        trick = h.current_trick
        if trick is not None and trick.cards:
            played = ", ".join(f"{s.word} the {c}" for s, c in zip(trick.seats, trick.cards, strict=False))
            parts.append(f"this trick so far: {played}")
        won = h.tricks_won
        if h.phase == Phase.PLAY and won[seat.team] + won[seat.team.other]:
            mine, theirs = won[seat.team], won[seat.team.other]
            parts.append(f"tricks: your side {mine}, the other side {theirs}")
        if self.score is not None:
            us, them = self.score[seat.team], self.score[seat.team.other]
            parts.append(f"the game stands {us} to {them} (you first)")
        what = "card to play" if h.phase == Phase.PLAY else "choice"
        return "; ".join(parts) + f". What is the best {what}?"

    def points(self, action: Action | str) -> float:
        """The expected points for the side to act after ``action`` (from the mining check)."""
        a = Action.parse(action)
        for option, pts in self.options:
            if option == a:
                return pts
        raise ValueError(
            f"{str(a)[:30]} is not a legal choice in puzzle {self.id}: choose one of "
            + ", ".join(str(o) for o, _ in self.options)
        )

    def words(self, action: Action | str) -> str:
        """An action as the seat to act says it at the table: accepting the upcard is 'order it
        up', 'assist' or 'take it up' by the seat's place (R3.1), as the table's buttons say it;
        any other action as it parses ('pass', 'call ♥', 'play J♠').

        >>> p = next(p for p in all() if p.hand.phase == Phase.ROUND_1 and p.seat == p.hand.dealer.partner)
        >>> p.words('order up'), p.words('order up alone'), p.words('pass')
        ('assist', 'assist alone', 'pass')
        """
        a = Action.parse(action)
        if a.id in (act.ORDER_UP, act.ORDER_UP_ALONE):
            s = self.hand.state
            return action_words(s, s.to_act, a.id)
        return str(a)

    def verdict(self, action: Action | str) -> str:
        """The first part of :meth:`check`'s message: right or not, with the points of both."""
        a = Action.parse(action)
        mine = self.points(a)
        team = self.seat.team.word
        best = self.points(self.answer)
        deals = f"over {self.worlds} deals of the cards {self.seat.word} could not see"
        if a == self.answer:
            runner = max((o for o in self.options if o[0] != a), key=lambda o: o[1])
            return (
                f"Right: {self.words(self.answer)} gives {best:+.2f} points for {team} {deals}; the next best, "
                f"{self.words(runner[0])}, gives {runner[1]:+.2f}, {round(best, 2) - round(runner[1], 2):.2f} less."
            )
        return (
            f"Not this time: {self.words(self.answer)} was best, {best:+.2f} points for {team} against {mine:+.2f} "
            f"for {self.words(a)} {deals} ({round(best, 2) - round(mine, 2):.2f} points better)."
        )

    @functools.cached_property
    def explanation(self) -> str:
        """Why the answer beats the runner-up, in the coach's Euchre words
        (:func:`euchre_learn.analysis.coach.words.reasons`: trumps out, who is winning, next, …),
        then the numbers of the mining check in one clause."""
        from euchre_learn.analysis.coach.words import name, reasons

        h = self.hand
        runner = self.runner_up
        why = reasons(h, self.answer, runner)
        answer = name(h, self.answer)
        head = f"{answer[:1].upper()}{answer[1:]} beats {name(h, runner)}"
        rows = {Action.parse(o["action"]): o for o in self._data["options"]}
        b, r = rows[self.answer], rows[runner]
        win = (
            f"{b['win']:.0%} to win the game against {r['win']:.0%}; "
            if b.get("win") is not None and r.get("win") is not None
            else ""
        )
        numbers = (
            f"({win}{float(b['points']):+.2f} points against {float(r['points']):+.2f}, "
            f"over {self.worlds} deals of the cards you can't see.)"
        )
        return f"{head}: {why}. {numbers}" if why else f"{head}. {numbers}"

    @property
    def why(self) -> str:
        """Why the answer wins, in plain words with the numbers (:attr:`explanation`), and the idea
        the puzzle's theme practises."""
        return f"{self.explanation} The idea ({self.theme}): {IDEAS[self.theme]}"

    def check(self, action: Action | str) -> Feedback:
        """Is ``action`` the answer? The message says why the answer wins, with the numbers.

        An action that is not legal here raises ``ValueError`` naming the legal choices.
        """
        a = Action.parse(action)
        return Feedback(a == self.answer, self.verdict(a) + " " + self.why)

    def __repr__(self) -> str:
        return f"<Puzzle {self.id} {self.theme!r}: {self.seat} {self.answer}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def _repr_html_(self) -> str:
        from euchre_learn import display as render

        return render.hand_html(self.hand, show=self.seat, mark_legal=True)


def puzzle_id(record: dict[str, Any]) -> str:
    """A stable id: a hash of the position's record (without the score)."""
    key = json.dumps({k: v for k, v in record.items()}, sort_keys=True, ensure_ascii=False)
    return "p" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:9]


@functools.cache
def _load() -> tuple[Puzzle, ...]:
    text = resources.files(__package__).joinpath("data", "puzzles.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return tuple(Puzzle(d) for d in sorted(data["puzzles"], key=lambda d: d["id"]))


def all(theme: str | None = None) -> tuple[Puzzle, ...]:
    """Every puzzle, sorted by id; with ``theme``, those of that theme (one of :data:`THEMES`)."""
    puzzles = _load()
    if theme is None:
        return puzzles
    if theme not in THEMES:
        raise ValueError(f"{quote(theme)} is not a puzzle theme: choose one of {', '.join(map(repr, THEMES))}")
    return tuple(p for p in puzzles if p.theme == theme)


def get(puzzle_id: str) -> Puzzle:
    """The puzzle with this id."""
    for p in _load():
        if p.id == puzzle_id:
            return p
    raise ValueError(f"{quote(puzzle_id)} is not a puzzle id (ids look like {_load()[0].id!r})")


def themes() -> dict[str, int]:
    """How many puzzles each theme has (themes with none left out)."""
    counts: dict[str, int] = {}
    for p in _load():
        counts[p.theme] = counts.get(p.theme, 0) + 1
    return {t: counts[t] for t in THEMES if t in counts}


def daily(date: _dt.date | str | None = None) -> Puzzle:
    """The puzzle of the day: the same for everyone on a date (a class can compare). A hash of
    the ISO date (default today) picks one of the ids in sorted order."""
    if date is None:
        date = _dt.date.today()
    if isinstance(date, str):
        text = date
        try:
            date = _dt.date.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{text[:20]!r} is not a date: expected YYYY-MM-DD, e.g. '2026-12-01'") from None
    if isinstance(date, _dt.datetime):
        date = date.date()
    if not isinstance(date, _dt.date):
        raise ValueError(f"daily() takes a date or 'YYYY-MM-DD', not {type(date).__name__}")
    puzzles = _load()
    k = int.from_bytes(hashlib.sha256(date.isoformat().encode()).digest()[:8], "big") % len(puzzles)
    return puzzles[k]
