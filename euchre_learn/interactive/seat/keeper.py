"""What a class table leaves in the learner's own store: the game, the decisions, the retries.

At a class table (``el.table.join``, :mod:`.seat`) the server deals and reviews; this room keeps
the learner's copy, on the learner's machine, the way the bot table does (:mod:`.saver`,
:mod:`~euchre_learn.interactive.review_panel`):

- **the game**: as each hand ends, the server sends the seat a ``record`` of it: the hand as that
  seat saw it and the cards it was dealt, never another seat's hidden cards, not even after the
  hand. :meth:`SeatKeeper.take_record` makes it whole with stand-ins for the cards the seat never
  saw (another seat's discard, a hand that sat out, the kitty; listed in the record's
  ``"stand_ins"``, :mod:`.stand_ins`) and saves it under the table's game id, with the score
  before it and the learner's seat, so ``el.table.saved_games()`` lists the game as one of the
  learner's own, and ``el.review(game.records, seat=game.learner)`` reviews it again (the coach
  judges each decision on what the seat knew, so the stand-ins change nothing);
- **the decisions**: :meth:`SeatKeeper.take_review` files each decision of the server's review
  (the learner's own; not a forced move, not one the table's bot played while the learner was
  away) with its situation, grade and loss (:class:`~euchre_learn.learner.store.AddDecision`), so
  the situation schedule brings a flagged one back in Today's practice;
- **the retry**: :meth:`SeatKeeper.retry` opens a flagged decision again from the learner's own
  position (the record before it), graded with the coach's values the review sent, with no round
  trip to the server, and files the finished retry as the bot table's review panel does
  (:func:`~euchre_learn.interactive.retry_question.file_retry`).

Nothing is filed twice: a hand is one row per (game, hand), a decision one row per (game, hand,
index, seat, action), so the same message taken again (a reconnect asks the server for every
record and review again) changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import euchre_learn.learner.class_link  # noqa: F401  (decisions kept here go to a joined class)
from euchre_learn.analysis.review import Decision, ReviewOption
from euchre_learn.analysis.review.drill import Retry, RetryResult
from euchre_learn.analysis.situation import situation
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import replay
from euchre_learn.engine.rules import Rules
from euchre_learn.interactive.retry_question import file_retry
from euchre_learn.interactive.seat.stand_ins import stand_in_record
from euchre_learn.learner.store import AddDecision, SaveHand, Store

if TYPE_CHECKING:
    from euchre_learn.learner.progress import Progress

__all__ = ["SeatKeeper", "retryable"]


def retryable(d: Mapping[str, Any]) -> bool:
    """Whether a decision of a class table's review is offered again: flagged, the learner's own
    (not the bot's, playing for them while away), and with something better to find."""
    return bool(d.get("flagged")) and not d.get("by_bot") and d.get("grade") != "best" and bool(d.get("options"))


class SeatKeeper:
    """The learner's store side of one seat at a class table (see the module docs).

    ``progress``: where everything goes: a :class:`~euchre_learn.learner.progress.Progress`, a
    path, or ``None`` for the learner's own store. :attr:`records` holds each finished hand's
    record by hand number (1 for the first), :attr:`problems` what could not be kept and why.
    """

    def __init__(self, progress: Progress | str | None = None) -> None:
        self._spec = progress
        self._progress: Progress | None = None
        self.records: dict[int, dict[str, Any]] = {}
        self.game_id: str | None = None
        self.problems: list[str] = []
        self.retry_results: list[RetryResult] = []

    @property
    def progress(self) -> Progress:
        """The learner's progress (opened on first use)."""
        if self._progress is None:
            from euchre_learn.learner.progress import Progress

            spec = self._spec
            self._progress = spec if isinstance(spec, Progress) else Progress(spec)
        return self._progress

    @property
    def store(self) -> Store:
        return self.progress.store

    # --- the game -----------------------------------------------------------------------------
    def take_record(self, msg: Mapping[str, Any]) -> bool:
        """Save one finished hand (a ``record`` message: the hand as the seat saw it) as one of
        the learner's games, completed with stand-ins (:func:`.stand_ins.stand_in_record`);
        ``True`` when it was new to the store."""
        game, number = msg.get("game"), msg.get("hand")
        if not (isinstance(game, str) and game and isinstance(number, int) and number >= 1):
            self.problems.append(f"a hand record from the server made no sense: {str(msg)[:120]}")
            return False
        try:
            seat = Seat.parse(msg["seat"])
            rules = Rules.preset(str(msg.get("preset") or "standard"))
            if msg.get("points_to_win") is not None:
                rules = Rules.from_value(replace(rules, points_to_win=int(msg["points_to_win"])))
            record = stand_in_record(msg["view"], msg["dealt"], seat, rules)
            if record is None or not replay(record).is_over:
                raise ValueError("what the seat saw does not make a whole, finished hand")
            score = msg.get("score") or {"NS": 0, "EW": 0}
            info = msg.get("info")
            info = dict(info) if isinstance(info, Mapping) else {}
            record = {**record, "score": {"NS": int(score["NS"]), "EW": int(score["EW"])}}
            record["game"] = {**info, "number": number - 1, "humans": [str(seat)]}
        except (KeyError, TypeError, ValueError) as err:
            self.problems.append(f"hand {number} of {game} could not be kept: {err}")
            return False
        self.game_id = game
        self.records[number] = record
        saved = {n: r for _g, n, r in self.store.hands(game)}
        if saved.get(number - 1) == record:
            return False
        self.store.write(SaveHand(game, number - 1, record, time.time()))
        return True

    # --- the decisions ------------------------------------------------------------------------
    def take_review(self, review: Mapping[str, Any]) -> int:
        """File each decision of a ``review`` message (the learner's own, not forced, not the
        bot's) with its situation, grade and loss; returns how many were written (a decision
        already in the store is left as it was)."""
        game, number, seat = review.get("game"), review.get("hand"), review.get("seat")
        if not (isinstance(game, str) and isinstance(number, int) and isinstance(seat, str)):
            return 0  # a review from an older server: nothing to file it under
        ops = []
        for d in review.get("decisions", []):
            if d.get("forced") or d.get("by_bot"):
                continue
            sit = d.get("situation")
            if isinstance(sit, Mapping):
                key, family = str(sit["key"]), str(sit["family"])
            else:
                position = self.position(number, int(d["index"]))
                if position is None:
                    continue
                found = situation(position)
                key, family = found.key, found.family
            ops.append(
                AddDecision(
                    game,
                    number - 1,
                    int(d["index"]),
                    seat,
                    key,
                    family,
                    str(d["action"]),
                    str(d["best"]),
                    str(d["grade"]),
                    float(d.get("loss") or 0.0),
                    convention=str(d.get("convention") or ""),
                )
            )
        before = len(self.store.decisions())
        if ops:
            self.store.write(*ops)
        return len(self.store.decisions()) - before

    # --- the retry ----------------------------------------------------------------------------
    def position(self, hand: int, index: int) -> Hand | None:
        """The learner's position before action ``index`` of hand ``hand`` (from 1), from the
        hand's record; ``None`` before the record came."""
        record = self.records.get(hand)
        if record is None:
            return None
        return replay({**record, "actions": list(record["actions"])[:index]})

    def decision(self, review: Mapping[str, Any], d: Mapping[str, Any]) -> Decision:
        """A decision of a ``review`` message as the review's :class:`Decision`, at the learner's
        own position: what a :class:`~euchre_learn.analysis.review.drill.Retry` replays."""
        number = int(review["hand"])
        position = self.position(number, int(d["index"]))
        if position is None:
            raise ValueError(f"hand {number}'s record has not come from the server yet: try again in a moment")
        if not d.get("options"):
            raise ValueError("this review came from an older class server: it has no options to try again")
        options = tuple(
            ReviewOption(
                Action.parse(o["action"]), float(o["expected_points"]), 0.0, o.get("win_probability"), 0.0, 0.0, 0.0
            )
            for o in d["options"]
        )
        return Decision(
            seat=Seat.parse(review["seat"]),
            phase=Phase[str(d["phase"])],
            index=int(d["index"]),
            action=Action.parse(d["action"]),
            best=Action.parse(d["best"]),
            options=options,
            loss=float(d.get("loss") or 0.0),
            win_loss=d.get("win_loss"),
            grade=str(d["grade"]),
            explanation=str(d.get("explanation", "")),
            note=str(d.get("note") or ""),
            worlds=int(d.get("worlds") or 0),
            forced=bool(d.get("forced")),
            hand_number=number - 1,
            position=position,
            convention=d.get("convention"),
            grades=tuple(str(o["grade"]) for o in d["options"]),
        )

    def retry(self, review: Mapping[str, Any], d: Mapping[str, Any]) -> Retry:
        """Decision ``d`` of ``review`` to try again; the finished retry is filed in the store as
        the bot table's are (a quiz question Today's practice asks again)."""
        decision = self.decision(review, d)

        def record(result: RetryResult) -> None:
            self.retry_results.append(result)
            file_retry(
                self.progress, decision, result, note=f"{decision.grade} at class table {review.get('table', '')}"
            )

        return Retry(decision, recorder=record)

    def __repr__(self) -> str:
        return f"<SeatKeeper {self.game_id or 'no game yet'}: {len(self.records)} hands>"
