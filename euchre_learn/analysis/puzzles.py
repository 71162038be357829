"""Puzzles: positions from bot-against-bot games where one action is clearly best.

Each puzzle is a moment of a hand where the side to act gains at least 0.3 expected points
by one action over every other, **on what that seat knew**. ``tools/mine_puzzles.py`` found
them and checked each again with twice the worlds and a fresh seed. They ship as package data
in ``euchre_learn/analysis/data/puzzles.json``, with the numbers of that second check (the ids
and answers are stable: the shipped set was mined with the review's earlier double-dummy
valuation; :func:`evaluate`, which the miner calls, now asks the coach,
:func:`euchre_learn.analysis.coach.judge`). The feedback's words are the coach's
(:func:`euchre_learn.analysis.coach.words.reasons`): trumps held and still out, who is winning
the trick, next and green, the numbers second.

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

import builtins
import datetime as _dt
import functools
import hashlib
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from euchre_learn.engine.actions import CALL, PASS, PLAY, Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.core import BID1, BID2, DISCARD_PHASE, PLAY_PHASE, bits
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import replay
from euchre_learn.engine.trump import EFFECTIVE, POWER, winner_index

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

THEMES = (
    "going alone",
    "leading against a loner",
    "ordering up at 8-9 points",
    "the stuck dealer's call",
    "next in round 2",
    "calling in round 2",
    "passing in round 2",
    "the dealer's pick-up",
    "assisting your partner",
    "ordering up the other side's dealer",
    "the dealer's discard",
    "leading trump when your side made it",
    "leading against the makers",
    "counting trumps",
    "protecting the left bower",
    "saving the boss card",
    "not trumping partner's winner",
    "trumping in",
    "second hand low",
    "third hand high",
    "last to play",
    "throwing off",
    "leading",
    "following suit",
)
"""The themes, in the order of the rules that tag them (:func:`classify`: the first that fits)."""


IDEAS = {
    "going alone": "Going alone scores 4 for a march but only 1 for three or four tricks, and without your partner the euchre comes sooner: go alone when your hand takes the tricks by itself.",
    "leading against a loner": "Against a loner, lead to make the lone hand guess: a trump can pull one of its few trumps, an ace can take a trick before it is ruffed.",
    "ordering up at 8-9 points": "Near the end of the game the score changes the price of a euchre: a side at 8 or 9 needs one or two points, and a euchre gives the other side two.",
    "the stuck dealer's call": "Stuck, the dealer must name a suit: choose the one that gives the most tricks with what is left, not the longest.",
    "next in round 2": "After a suit is turned down, its same-colour suit (next) is the usual call left of the dealer: the dealer's side showed it did not want that colour.",
    "calling in round 2": "In round 2 you call trump knowing the upcard is buried: count the tricks your hand takes in that suit before calling.",
    "passing in round 2": "Passing in round 2 is right when no suit gives your side three tricks: a euchre costs two points.",
    "the dealer's pick-up": "The dealer who picks up gains the upcard and a discard; that is worth it only when the hand then takes three tricks with partner's help.",
    "assisting your partner": "Ordering up your partner gives your own side the upcard, but it is you who must help take three tricks.",
    "ordering up the other side's dealer": "Ordering up when an opponent deals hands that opponent the upcard: order up only when your hand is strong enough to make trump anyway.",
    "the dealer's discard": "The dealer's discard shapes the hand: a void in a plain suit lets you trump it, a lone low card is a loser.",
    "leading trump when your side made it": "When your side made trump, leading trump draws the defenders' trumps so that your side's winners are not ruffed.",
    "leading against the makers": "Against the makers, lead what makes them spend trumps or what your partner can win, not a trump of your own.",
    "counting trumps": "Count the trumps: when you know how many are still out, you know whether your card can still be ruffed or beaten.",
    "protecting the left bower": "The left bower is the second-highest trump: spend a smaller trump now and keep it for a trick it can win later.",
    "saving the boss card": "A boss card, the highest of its suit still out, is a sure trick later: do not throw it away on a trick it cannot win.",
    "not trumping partner's winner": "Your partner is already winning the trick: a trump here is spent for nothing.",
    "trumping in": "When you cannot follow suit and the other side is winning the trick, a trump takes it.",
    "second hand low": "Second to play, play low: your partner still plays after the other side, and your high card is worth more later.",
    "third hand high": "Third to play, play high enough to win: only one player is left to beat you.",
    "last to play": "Last to play you see every card of the trick: win it as cheaply as you can, or throw your least useful card.",
    "throwing off": "When you cannot follow suit or win, throw the card you will need least.",
    "leading": "Leading, choose the card that brings your side the most tricks over the rest of the hand.",
    "following suit": "Following suit, choose which card of the suit to play: the cheapest that does the job.",
}
"""The idea each theme practises, in one sentence (a puzzle's :attr:`Puzzle.why` says it)."""


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


def evaluate(position: Hand, worlds: int, seed: Any, score: tuple[int, int] | None = None) -> Evaluation:
    """Ask the coach (:func:`euchre_learn.analysis.coach.judge`) about every legal action of the
    seat to act in ``position``, over ``worlds`` deals of the cards it cannot see (a bid gets
    proportionally more, as in the review), without stopping early. Deterministic for a ``seed``.

    >>> import euchre_learn as el
    >>> e = evaluate(el.examples.hand('left-bower-trap', after=2), 8, seed=1)
    >>> e.best == e.options[0][0], e.worlds, e.gap >= 0
    (True, 8, True)
    """
    from euchre_learn.analysis.coach import judge, scaled_worlds

    if position.to_act is None or len(position.legal_actions()) < 2:
        raise ValueError("a puzzle needs a position with a seat to act and at least two legal actions")
    j = judge(position, score=score, worlds=scaled_worlds(position, worlds), seed=f"puzzle|{seed}", adaptive=False)
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


# ---- themes ---------------------------------------------------------------------------------------


def _deck(position: Hand) -> int:
    return (1 << 25) - 1 if position.rules.benny else (1 << 24) - 1


def _outstanding_trumps(position: Hand) -> int:
    """Trumps the seat to act cannot place: not in its hand, not played, not in this trick,
    nor its own discard (a dealer who took the upcard knows where that went)."""
    s = position._s
    t = s.trump
    seen = s.played | s.hands[s.to_act] | sum(1 << c for c in s.trick)
    if s.dealer == s.to_act and s.discard >= 0:
        seen |= 1 << s.discard
    eff = EFFECTIVE[t]
    return sum(1 for c in bits(_deck(position) & ~seen) if eff[c] == t)


def _boss(position: Hand, card: int) -> bool:
    """Is ``card`` the highest card of its (effective) suit not yet played?"""
    s = position._s
    eff, power = EFFECTIVE[s.trump], POWER[s.trump]
    gone = s.played | sum(1 << c for c in s.trick)
    suit = eff[card]
    return builtins.all(power[c] < power[card] for c in bits(_deck(position) & ~gone) if c != card and eff[c] == suit)


def _wins(position: Hand, card: int) -> bool:
    """Would ``card`` be winning the trick so far if played now?"""
    s = position._s
    trick = [*s.trick, card]
    return winner_index(trick, s.trump) == len(trick) - 1


def classify(position: Hand, answer: Action, runner_up: Action, score: tuple[int, int] | None = None) -> str:
    """The theme of a puzzle: the first of :data:`THEMES` whose rule fits the position, the
    answer and the runner-up (the next best action). ``score`` is the game score before the hand.

    * bidding: an answer or a runner-up alone is *going alone*; the discard is *the dealer's
      discard*; in round 1 with a side at 8 or 9 points, *ordering up at 8-9 points*, else
      by who deals: *the dealer's pick-up*, *assisting your partner* or *ordering up the other
      side's dealer* (to order up or to pass); in round 2 the dealer under stick-the-dealer
      makes *the stuck dealer's call*, a choice that involves the suit of the turned-down
      card's colour is *next in round 2*, else *calling in round 2* or *passing in round 2*;
    * leading: against a lone maker, *leading against a loner*; a trump when the seat's side
      made it (over a non-trump runner-up), *leading trump when your side made it*;
    * from the third trick on, with at most one trump the seat cannot place and trump against
      non-trump as the choice, *counting trumps*;
    * holding the left bower, when the runner-up plays it and the answer does not, *protecting
      the left bower*; when the runner-up plays a boss card (the highest of its suit still out)
      that does not win this trick, or leads it, and the answer is no boss card, *saving the
      boss card*;
    * following: void with the partner winning, a non-trump over trumping is *not trumping
      partner's winner*; void with an opponent winning, trumping is *trumping in*; second to
      play, a card that does not take the lead over one that does is *second hand low*; third
      to play, taking the lead is *third hand high*; otherwise void: *throwing off*; last to
      play: *last to play*; else *following suit*;
    * any other lead: *leading against the makers* or *leading*.

    >>> import euchre_learn as el
    >>> classify(el.examples.hand('left-bower-trap', after=2), el.Action.parse('play J♥'), el.Action.parse('play A♣'))
    'leading trump when your side made it'
    """
    s = position._s
    seat = s.to_act
    team = seat & 1
    a, r = answer.id, runner_up.id
    if s.phase != PLAY_PHASE:
        if answer.alone or runner_up.alone:
            return "going alone"
        if s.phase == DISCARD_PHASE:
            return "the dealer's discard"
        if s.phase == BID1:
            if score is not None and max(score) >= 8:
                return "ordering up at 8-9 points"
            if seat == s.dealer:
                return "the dealer's pick-up"
            if (seat ^ s.dealer) & 1 == 0:
                return "assisting your partner"
            return "ordering up the other side's dealer"
        if s.phase == BID2:
            if s.rules.stick_the_dealer and seat == s.dealer:
                return "the stuck dealer's call"
            nxt = 3 - s.upcard // 6  # the suit of the same colour (R1.2)
            named = [x - CALL for x in (a, r) if CALL <= x < CALL + 4]
            if nxt in named:
                return "next in round 2"
            return "calling in round 2" if a != PASS else "passing in round 2"
        return "passing in round 2" if a == PASS else "calling in round 2"
    t = s.trump
    eff = EFFECTIVE[t]
    c, rc = a - PLAY, r - PLAY
    mine = s.hands[seat]
    makers = s.maker & 1
    leading = not s.trick
    if leading and s.alone and makers != team:
        return "leading against a loner"
    if leading and makers == team and eff[c] == t and eff[rc] != t:
        return "leading trump when your side made it"
    if len(s.tricks) >= 2 and _outstanding_trumps(position) <= 1 and (eff[c] == t) != (eff[rc] == t):
        return "counting trumps"
    left = (3 - t) * 6 + 2  # the jack of the same colour (R1.3)
    if mine >> left & 1 and rc == left and c != left:
        return "protecting the left bower"
    if _boss(position, rc) and not _boss(position, c) and (leading or not _wins(position, rc)):
        return "saving the boss card"
    if not leading:
        w = winner_index(s.trick, t)
        led = eff[s.trick[0]]
        partner_winning = s.trick_seats[w] == (seat + 2) & 3
        void = not any(eff[x] == led for x in bits(mine))
        if partner_winning and void and led != t and eff[rc] == t and eff[c] != t:
            return "not trumping partner's winner"
        if not partner_winning and void and led != t and eff[c] == t:
            return "trumping in"
        if len(s.trick) == 1 and not _wins(position, c) and _wins(position, rc):
            return "second hand low"
        if len(s.trick) == 2 and _wins(position, c) and not _wins(position, rc):
            return "third hand high"
        if void:
            return "throwing off"
        if len(s.trick) == _players(position) - 1:
            return "last to play"
        return "following suit"
    if makers != team:
        return "leading against the makers"
    return "leading"


def _players(position: Hand) -> int:
    return 4 - len(position.sitting_out)


# ---- the puzzles --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    """What :meth:`Puzzle.check` says: ``correct``, and ``message`` (why, with the numbers)."""

    correct: bool
    message: str

    def __str__(self) -> str:
        return self.message


class Puzzle:
    """One puzzle: ``id`` (stable), ``theme``, ``hand`` (the position; ``hand.to_act`` is the
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
        for act, pts in self.options:
            if act == a:
                return pts
        raise ValueError(
            f"{str(a)[:30]} is not a legal choice in puzzle {self.id}: choose one of "
            + ", ".join(str(o) for o, _ in self.options)
        )

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
                f"Right: {self.answer} gives {best:+.2f} points for {team} {deals}; the next best, "
                f"{runner[0]}, gives {runner[1]:+.2f}, {round(best, 2) - round(runner[1], 2):.2f} less."
            )
        return (
            f"Not this time: {self.answer} was best, {best:+.2f} points for {team} against {mine:+.2f} "
            f"for {a} {deals} ({round(best, 2) - round(mine, 2):.2f} points better)."
        )

    @functools.cached_property
    def explanation(self) -> str:
        """Why the answer beats the runner-up, in the coach's Euchre words
        (:func:`euchre_learn.analysis.coach.words.reasons`: trumps out, who is winning, next, …),
        then the numbers of the mining check in one clause."""
        from euchre_learn.analysis.coach.words import name, reasons

        h = self.hand
        runner = Action.parse(self._data["runner_up"])
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
        raise ValueError(f"{str(theme)[:40]!r} is not a puzzle theme: choose one of {', '.join(map(repr, THEMES))}")
    return tuple(p for p in puzzles if p.theme == theme)


def get(puzzle_id: str) -> Puzzle:
    """The puzzle with this id."""
    for p in _load():
        if p.id == puzzle_id:
            return p
    raise ValueError(f"{str(puzzle_id)[:20]!r} is not a puzzle id (ids look like {_load()[0].id!r})")


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
