"""The reviews a finished hand owes its learners, and the work that pays them.

When an action ends a hand, the table (:mod:`.tables`) asks :func:`owed_reviews` what each
seated learner is owed (the hand's record, the seat, the decisions the bot took for them while
they were away) and writes those jobs in the same transaction as the action
(:meth:`.db.Database.append_action`). :class:`Reviewer` runs each job off the event loop (a
review takes seconds of CPU: the server's process pool), saves the review and deletes the job in
one transaction, and hands the review to the seat. A server that dies mid-review loses nothing:
the job is still in the database, and :meth:`Reviewer.resume` runs it after the restart. A review
that fails while the server runs (a review process killed, a Dask worker or the whole cluster
lost, :mod:`.executors`) stays owed too, and is tried again after a pause that doubles each time
(2 s, 4 s, ... at most 5 minutes), the failure logged.

Every hand is reviewed, a thrown-in one too: four passes are four decisions, and a pass that
should have ordered up is the learner's mistake all the same.

>>> import euchre_learn as el
>>> game = el.Game(el.Rules.preset('standard'), seed='t34', dealer='N')
>>> for _ in range(8): game = game.apply('pass')
>>> hand = game.hands[0]; hand.thrown_in
True
>>> [(o['hand'], o['seat'], o['job']['by_bot']) for o in owed_reviews(hand, 0, 0, {el.Seat.S: 7}, {3}, 'K7QBX', 'g')]
[(1, 'S', [])]
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Collection, Mapping
from concurrent.futures import Executor
from typing import Any

import sqlalchemy as sa

from euchre_learn import Hand, Seat
from euchre_learn.classroom.server.db import Database
from euchre_learn.classroom.server.review_message import review_hand

__all__ = ["RETRY_FIRST", "RETRY_MOST", "Reviewer", "owed_reviews"]

RETRY_FIRST = 2.0
"""Seconds before a failed review is tried again the first time (then twice as long each time)."""
RETRY_MOST = 300.0
"""The longest pause between two tries of a failed review (seconds)."""

log = logging.getLogger(__name__)


def owed_reviews(
    hand: Hand,
    index: int,
    start: int,
    seated: Mapping[Seat, int],
    bot_acts: Collection[int],
    table: str,
    game_id: str,
    seed: str = "",
) -> list[dict[str, Any]]:
    """The reviews finished hand ``index`` (its first action is the table's number ``start``)
    owes: one per seat a learner holds (``seated``: seat → student id), each with the job
    :func:`.review_message.review_hand` needs. ``bot_acts``: the table's numbers of the actions
    a bot took; those of the learner's seat are marked ``by_bot`` in the review."""
    record = hand.to_record()
    out = []
    for seat, sid in sorted(seated.items(), key=lambda kv: kv[0].value):
        by_bot = [i for i, (s, _a) in enumerate(hand.history) if s == seat and start + i in bot_acts]
        job = {
            "record": record,
            "seat": str(seat),
            "seed": f"{seed}/review {index}/{seat}",
            "by_bot": by_bot,
            "table": table,
            "game": game_id,
            "hand": index + 1,
        }
        out.append({"hand": index + 1, "seat": str(seat), "student_id": sid, "job": job})
    return out


class Reviewer:
    """Runs the reviews owed on ``executor`` (``worlds``: deals of the hidden cards per decision;
    ``None``: the reviewer's default), saves each, and gives it to ``deliver(table_id, seat,
    review)`` to send. A review that fails is tried again (``retry_first`` seconds later, twice
    as long each time up to ``retry_most``); it stays owed meanwhile. ``failures`` counts them."""

    def __init__(
        self,
        db: Database,
        executor: Executor,
        worlds: int | None,
        deliver: Callable[[int, str, dict[str, Any]], Awaitable[None]],
        *,
        retry_first: float = RETRY_FIRST,
        retry_most: float = RETRY_MOST,
    ) -> None:
        self.db = db
        self.executor = executor
        self.worlds = worlds
        self.deliver = deliver
        self.retry_first = retry_first
        self.retry_most = retry_most
        self.failures = 0
        self._tasks: dict[tuple[int, int, str], asyncio.Task[None]] = {}

    def submit(self, table_id: int, owed: Mapping[str, Any]) -> asyncio.Task[None]:
        """Run one job (a row of :func:`owed_reviews`, already in the database), unless it runs;
        returns its task."""
        key = (table_id, int(owed["hand"]), str(owed["seat"]))
        if key in self._tasks:
            return self._tasks[key]
        task = asyncio.ensure_future(self._run(table_id, owed))
        self._tasks[key] = task
        task.add_done_callback(lambda _t: self._tasks.pop(key, None))
        return task

    def resume(self) -> int:
        """Run every job the database still holds (a server stopped or killed mid-review);
        returns how many."""
        jobs = self.db.review_jobs()
        for row in jobs:
            self.submit(row["table_id"], row)
        return len(jobs)

    @property
    def running(self) -> int:
        """The reviews being computed now."""
        return len(self._tasks)

    async def _compute(self, job: Mapping[str, Any]) -> dict[str, Any]:
        """The review of ``job``, computed on the executor, tried until it comes back."""
        loop = asyncio.get_running_loop()
        pause = self.retry_first
        while True:
            try:
                body: dict[str, Any] = await loop.run_in_executor(
                    self.executor, review_hand, job["record"], job["seat"], job["seed"], self.worlds, job["by_bot"]
                )
                return body
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():  # the server stops: the job stays owed
                    raise
                failure: BaseException = asyncio.CancelledError("the executor cancelled the review")
            except Exception as err:  # a review process killed, a worker lost, a cluster gone
                failure = err
            self.failures += 1
            log.warning(
                "euchre-learn: the review of table %s, hand %s, seat %s failed (%s: %s); it stays owed, "
                "tried again in %.0f s",
                job["table"],
                job["hand"],
                job["seat"],
                type(failure).__name__,
                failure,
                pause,
            )
            await asyncio.sleep(pause)
            pause = min(pause * 2, self.retry_most)

    async def _run(self, table_id: int, owed: Mapping[str, Any]) -> None:
        job = owed["job"]
        body = await self._compute(job)
        body = {**body, "table": job["table"], "hand": job["hand"], "game": job["game"]}
        try:
            self.db.save_review(
                table_id,
                job["hand"],
                job["seat"],
                int(owed["student_id"]),
                body["accuracy"],
                body["flagged"],
                json.dumps(body, ensure_ascii=False),
            )
        except sa.exc.IntegrityError:  # the teacher took the student out of the class meanwhile
            return
        await self.deliver(table_id, job["seat"], body)

    async def stop(self) -> None:
        """Stop waiting for the reviews being computed (their jobs stay in the database)."""
        tasks = list(self._tasks.values())
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
