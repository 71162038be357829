"""Where the class server's reviews run (classroom/server/executors.py): a Dask cluster the
teacher points the server at (``euchre-learn class serve ... --review-executor tcp://...``, the
command docs/class-server.md gives) reviews every seat's hand, and a worker lost with reviews in
hand leaves them owed until another worker does them; a review process that dies is replaced and
its review tried again; a review that fails stays owed until one comes back."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from euchre_learn.classroom.server import Database
from euchre_learn.classroom.server.executors import ReviewProcesses, review_executor
from euchre_learn.classroom.server.reviewer import Reviewer

from .servedkit import children, four_learners_play_a_hand, free_port, served
from .serverkit import Client, bot_script, owed_thrown_in_hand

SEED, DEALER = "reviews-on-dask", "S"
WAIT = 180.0
"""The longest a review may take to arrive (on a shared 2-core machine)."""


def test_a_dask_cluster_reviews_every_seats_hand(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    script = bot_script(SEED, DEALER)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
    ) as cluster:
        address = cluster.scheduler_address
        db = str(tmp_path / "class.sqlite3")
        with served(db, free_port(), ["--review-executor", address]) as srv:
            assert srv.said[2].strip() == f"euchre-learn: reviews run on the Dask cluster at {address} (1 worker now)"
            code, tokens = four_learners_play_a_hand(srv, SEED, DEALER, script)
            for seat, token in tokens.items():
                c = Client(srv.ws_url)
                c.hello(token, code, seat)
                c.send({"type": "reviews"})
                review = c.until(lambda m: m["type"] == "review", timeout=WAIT)
                assert (review["table"], review["hand"], review["seat"]) == (code, 1, seat)
                # every decision of the seat, in order, and none of another seat's
                assert [d["action"] for d in review["decisions"]] == [a for s, a in script if s == seat]
                c.close()
            assert children(srv.proc.pid) == set()  # no review process here: the cluster did the work
        # the cluster's scheduler ran the four reviews (a task per seat-hand, keyed review_hand-...)
        done = cluster.scheduler.task_prefixes["review_hand"].state_counts
        assert sum(done.values()) >= 4 and done.get("erred", 0) == 0, done
    database = Database(f"sqlite:///{db}")
    assert database.review_jobs() == []  # the queue is paid: each job left it with its saved review
    table = next(t for t in database.tables() if t["code"] == code)
    assert sorted(r["seat"] for s in "NESW" for r in database.reviews(table["id"], s)) == list("ENSW")
    database.close()


GATE = threading.Event()
"""Holds the first Dask worker's one thread (the workers are threads of this process)."""


def _hold_the_worker() -> None:
    GATE.wait(WAIT)


def test_reviews_a_lost_dask_worker_held_are_done_by_another(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    import dask

    script = bot_script(SEED, DEALER)
    GATE.clear()
    # every task goes to a worker at once (no queue on the scheduler): the reviews wait on the
    # first worker, behind the task that holds its thread, when that worker is lost
    with (
        dask.config.set({"distributed.scheduler.worker-saturation": float("inf")}),
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=False,
            protocol="tcp://",
            host="127.0.0.1",
            scheduler_port=0,
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as ours,
    ):
        scheduler = cluster.scheduler
        (first,) = scheduler.workers
        held = ours.submit(_hold_the_worker, pure=False)
        db = str(tmp_path / "class.sqlite3")
        with served(db, free_port(), ["--review-executor", cluster.scheduler_address]) as srv:
            code, tokens = four_learners_play_a_hand(srv, SEED, DEALER, script)
            deadline = time.monotonic() + 60
            while len(on_first := _reviews_on(scheduler, first)) < 4:
                assert time.monotonic() < deadline, f"the reviews never reached the worker: {on_first}"
                time.sleep(0.05)
            database = Database(f"sqlite:///{db}")
            assert len(database.review_jobs()) == 4  # owed while the worker holds them
            cluster.sync(_lose, scheduler, first)  # the worker is lost with the four reviews
            GATE.set()
            cluster.scale(2)  # another worker joins (the class's next machine)
            for seat, token in tokens.items():
                c = Client(srv.ws_url)
                c.hello(token, code, seat)
                c.send({"type": "reviews"})
                review = c.until(lambda m: m["type"] == "review", timeout=WAIT)
                assert (review["hand"], review["seat"]) == (1, seat)
                assert [d["action"] for d in review["decisions"]] == [a for s, a in script if s == seat]
                c.close()
        assert first not in scheduler.workers
        held.cancel()  # the task that held the lost worker: nobody waits for it
    assert database.review_jobs() == []  # each job left the queue with its saved review
    database.close()


def _reviews_on(scheduler: Any, worker: str) -> list[str]:
    """The review tasks the scheduler has given ``worker``."""
    ws = scheduler.workers.get(worker)
    return [] if ws is None else [t.key for t in ws.processing if str(t.key).startswith("review_hand")]


async def _lose(scheduler: Any, worker: str) -> None:
    """The scheduler loses ``worker`` as it does a machine that stops answering."""
    done = scheduler.remove_worker(worker, stimulus_id="the machine stopped answering", expected=False)
    if asyncio.iscoroutine(done):
        await done


def test_a_dask_scheduler_lost_for_good_is_connected_to_again(monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip("distributed")
    from euchre_learn.classroom.server import executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 3.0)  # the client gives up on a lost scheduler after 3 s
    port = free_port()
    options = {
        "n_workers": 1,
        "threads_per_worker": 1,
        "processes": False,
        "protocol": "tcp://",
        "host": "127.0.0.1",
        "scheduler_port": port,
        "dashboard_address": None,
    }
    with distributed.LocalCluster(**options) as cluster:
        pool = review_executor(cluster.scheduler_address)
        assert pool.executor.submit(abs, -1).result(timeout=60) == 1
    try:  # the scheduler is gone: reviews fail (and stay owed) until one answers again
        assert _until(pool.executor, ConnectionError) == "ConnectionError"
        with distributed.LocalCluster(**options):  # back, at the same address
            assert _until(pool.executor, int) == "int"
            assert isinstance(pool.executor, executors.DaskReviews) and pool.executor.connections == 2
    finally:
        pool.close()


def _until(executor: Executor, kind: type) -> str:
    """Submit ``abs(-3)`` until it gives ``kind`` (a result or an exception); its name."""
    deadline = time.monotonic() + 90
    while True:
        try:
            got: object = executor.submit(abs, -3).result(timeout=30)
        except BaseException as err:
            got = err
        if isinstance(got, kind):
            return type(got).__name__
        assert time.monotonic() < deadline, f"still {got!r}"
        time.sleep(0.2)


def test_a_bad_review_executor_is_named_and_nothing_starts(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"^--review-executor: got 'dask': expected processes .* tcp://"):
        review_executor("dask")
    with pytest.raises(ValueError, match=r"^--review-executor: got 'processes:0': expected processes:N"):
        review_executor("processes:0")


def test_the_setting_chooses_when_the_command_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EUCHRE_LEARN_REVIEW_EXECUTOR", "processes:2")
    pool = review_executor(None, server=0)
    try:
        assert pool.describe == "reviews run in 2 processes on this machine"
    finally:
        pool.close()


def test_a_review_process_that_dies_is_replaced() -> None:
    pool = ReviewProcesses(1, server=0)
    try:
        assert pool.submit(pow, 2, 3).result(timeout=60) == 8
        (worker,) = multiprocessing.active_children()
        slow = pool.submit(time.sleep, 60)
        os.kill(worker.pid, signal.SIGKILL)  # out of memory, or killed by hand, mid-review
        with pytest.raises(BrokenProcessPool):
            slow.result(timeout=60)
        assert pool.submit(pow, 2, 5).result(timeout=60) == 32  # a new pool takes the next
        assert pool.pools == 2
    finally:
        pool.shutdown()
    deadline = time.monotonic() + 10  # a child reaped a moment late is not one left behind
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert multiprocessing.active_children() == []


class _FailsFirst(Executor):
    """Fails the first ``fails`` submissions as a lost worker would (``error``; ``None``: the
    future cancelled, as Dask's are when the client loses its cluster), then runs in a thread."""

    def __init__(self, fails: int, error: Callable[[], BaseException] | None) -> None:
        self.fails = fails
        self.error = error
        self.pool = ThreadPoolExecutor(1)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if not self.fails:
            return self.pool.submit(fn, *args, **kwargs)
        self.fails -= 1
        f: Future[Any] = Future()
        if self.error is None:
            f.cancel()
        else:
            f.set_exception(self.error())
        return f


@pytest.mark.parametrize(
    "error",
    [BrokenProcessPool, None, lambda: OSError("the scheduler went away")],
    ids=["process-died", "cancelled", "cluster-gone"],
)
def test_a_failed_review_stays_owed_and_is_tried_again(error: Callable[[], BaseException] | None) -> None:
    db = Database("sqlite://")
    tid, _ann = owed_thrown_in_hand(db)
    job = db.review_jobs()[0]
    sent: list[dict[str, Any]] = []
    owed_between: list[int] = []

    async def deliver(table_id: int, seat: str, body: dict[str, Any]) -> None:
        sent.append(body)

    async def run() -> Reviewer:
        executor = _FailsFirst(2, error)
        reviewer = Reviewer(db, executor, 4, deliver, retry_first=0.01)
        task = reviewer.submit(tid, job)
        while reviewer.failures < 1:
            await asyncio.sleep(0.005)
        owed_between.append(len(db.review_jobs()))  # failed once: still owed
        await asyncio.wait_for(task, 60)
        executor.pool.shutdown()
        return reviewer

    reviewer = asyncio.run(run())
    assert reviewer.failures == 2 and owed_between == [1]
    assert [b["seat"] for b in sent] == ["S"] and db.review_jobs() == [] and len(db.reviews(tid, "S")) == 1
    db.close()


def test_a_stopping_server_leaves_the_review_owed_and_does_not_retry() -> None:
    db = Database("sqlite://")
    tid, _ann = owed_thrown_in_hand(db)

    async def deliver(table_id: int, seat: str, body: dict[str, Any]) -> None:
        raise AssertionError("nothing is delivered once the server stops")

    async def run() -> Reviewer:
        with ThreadPoolExecutor(1) as pool:
            reviewer = Reviewer(db, pool, 4, deliver)
            pool.submit(time.sleep, 1.0)  # the one thread is busy: the review waits its turn
            reviewer.resume()
            await asyncio.sleep(0.05)
            await reviewer.stop()
            return reviewer

    reviewer = asyncio.run(run())
    assert reviewer.failures == 0 and len(db.review_jobs()) == 1 and db.reviews(tid, "S") == []
    db.close()
