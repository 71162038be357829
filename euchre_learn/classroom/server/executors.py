"""Where the class server's reviews run: any :class:`concurrent.futures.Executor`.

:func:`review_executor` reads the teacher's choice (``euchre-learn class serve
--review-executor``, or ``$EUCHRE_LEARN_REVIEW_EXECUTOR``):

- ``processes`` (the default): a pool of processes on this machine, one fewer than its cores
  (``processes:N`` for N). A review process that dies (killed, out of memory) breaks a
  :class:`~concurrent.futures.ProcessPoolExecutor` for good; :class:`ReviewProcesses` starts a
  new pool for the next review instead, so the reviews it owed are paid by the retry
  (:class:`.reviewer.Reviewer`), not at the next restart.
- a Dask scheduler's address (``tcp://10.0.0.7:8786``): the reviews run on that cluster's
  workers, through ``distributed.Client.get_executor()`` (as ``el.tournament`` plays on one). A
  hub that outgrows one machine adds workers, not code. The workers need this package with the
  ``server`` extra (a review is :func:`.review_message.review_hand`, sent by reference), and the
  server needs the ``cluster`` extra (Dask). A scheduler lost for good is connected to again
  (:class:`DaskReviews`).

Whichever it is, the queue's guarantees hold (:mod:`.reviewer`): a job leaves the database only
in the transaction that saves its review, so a crash, a lost worker or a cluster gone away leaves
it owed, and it is tried again.

>>> pool = review_executor("processes:1", server=0)
>>> pool.describe, pool.executor.submit(abs, -2).result()
('reviews run in 1 process on this machine', 2)
>>> pool.close()
>>> review_executor("proceses", server=0)
Traceback (most recent call last):
...
ValueError: --review-executor: got 'proceses': expected processes (a pool on this machine, the default), processes:N (N processes), or a Dask scheduler's address like tcp://10.0.0.7:8786
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

__all__ = [
    "SETTING",
    "DaskReviews",
    "ReviewExecutor",
    "ReviewProcesses",
    "review_executor",
    "review_process",
    "stop_pool",
]

SETTING = "EUCHRE_LEARN_REVIEW_EXECUTOR"
"""The environment variable read when ``--review-executor`` is not given (a hub's service
configuration sets the environment, not the command)."""

CONNECT_TIMEOUT = 20.0
"""Seconds to wait for a Dask scheduler to answer when the server starts."""


@dataclass
class ReviewExecutor:
    """The executor the reviews run on, a line that says where (printed at the start), and how
    to let it go when the server stops."""

    executor: Executor
    describe: str
    close: Callable[[], None]


def review_executor(spec: str | None, server: int | None = None) -> ReviewExecutor:
    """The reviews' executor for ``spec`` (``None`` or ``''``: ``$EUCHRE_LEARN_REVIEW_EXECUTOR``,
    else ``processes``). ``server``: the server's pid, which the review processes watch to end
    with it (default: this process). A Dask address must answer within :data:`CONNECT_TIMEOUT`
    seconds; a bad ``spec`` names itself and what was expected."""
    spec = (spec or os.environ.get(SETTING, "") or "processes").strip()
    server = os.getpid() if server is None else server
    if spec == "processes" or spec.startswith("processes:"):
        workers = _workers(spec)
        pool = ReviewProcesses(workers, server)
        noun = "process" if workers == 1 else "processes"
        return ReviewExecutor(pool, f"reviews run in {workers} {noun} on this machine", pool.shutdown)
    if "://" in spec:
        return _dask(spec)
    raise ValueError(
        f"--review-executor: got {spec!r}: expected processes (a pool on this machine, the default), "
        "processes:N (N processes), or a Dask scheduler's address like tcp://10.0.0.7:8786"
    )


def _workers(spec: str) -> int:
    if spec == "processes":
        return max(1, (os.cpu_count() or 2) - 1)
    text = spec.removeprefix("processes:")
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"--review-executor: got {spec!r}: expected processes:N with N a whole number, 1 or more")
    return int(text)


def _dask(address: str) -> ReviewExecutor:
    """A client of the Dask scheduler at ``address`` and its executor."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ValueError(
            f"--review-executor {address}: a Dask scheduler needs the cluster extra: pip install "
            "'/path/to/euchre_learn[server,cluster]' (docs/class-server.md)"
        ) from None
    try:
        pool = DaskReviews(address)
    except (OSError, TimeoutError) as err:
        raise ValueError(
            f"--review-executor {address}: no Dask scheduler answered there in {CONNECT_TIMEOUT:.0f} s "
            f"({type(err).__name__}): start one (dask scheduler, then dask worker {address} on each "
            "machine) or check the address"
        ) from None
    workers = pool.workers()
    noun = "worker" if workers == 1 else "workers"
    describe = f"reviews run on the Dask cluster at {address} ({workers} {noun} now)"
    return ReviewExecutor(pool, describe, pool.shutdown)


def _connect(address: str) -> Any:
    from distributed import Client

    return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]


class DaskReviews(Executor):
    """The reviews on the Dask cluster whose scheduler is at ``address``, through a
    ``distributed.Client``'s executor (``Client.get_executor()``). A client that lost its
    scheduler for longer than :data:`CONNECT_TIMEOUT` closes itself for good; then each review
    submitted fails at once (it stays owed, and the reviewer tries it again later) while a
    background thread connects again, and once the scheduler answers, the reviews go to it.
    Connecting never blocks the caller (the server's event loop)."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.connections = 1
        """How many clients were made (1, plus one for each time the scheduler was lost)."""
        self._client = _connect(address)
        self._executor: Executor = self._client.get_executor(pure=False)
        self._lock = threading.Lock()
        self._connecting: threading.Thread | None = None
        self._closed = False

    def workers(self) -> int:
        """The workers the scheduler has now."""
        return len(self._client.scheduler_info().get("workers", {}))

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Send ``fn(*args, **kwargs)`` to the cluster; a future failed with :class:`ConnectionError`
        while the scheduler is lost."""
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            client, executor = self._client, self._executor
            if client.status not in ("closing", "closed"):
                try:
                    return executor.submit(fn, *args, **kwargs)
                except Exception:  # closed between the look and the send
                    pass
            if self._connecting is None:
                self._connecting = threading.Thread(target=self._reconnect, name="euchre-dask-connect", daemon=True)
                self._connecting.start()
        lost: Future[Any] = Future()
        lost.set_exception(ConnectionError(f"the Dask scheduler at {self.address} is not answering; connecting again"))
        return lost

    def _reconnect(self) -> None:
        try:
            client = _connect(self.address)
        except Exception:  # still gone: the next review submitted tries again
            client = None
        with self._lock:
            self._connecting = None
            if client is None:
                return
            if self._closed:
                client.close()
                return
            old, self._client = self._client, client
            self._executor = client.get_executor(pure=False)
            self.connections += 1
        old.close()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Let the cluster go: the reviews it computes for this server are dropped (their jobs
        stay owed)."""
        with self._lock:
            self._closed = True
            client = self._client
        client.close()


class ReviewProcesses(Executor):
    """A process pool of ``workers`` processes ("spawn": forking a process that already runs
    threads, uvicorn's and SQLAlchemy's, can deadlock) that starts a new pool when one of its
    processes died: a broken :class:`~concurrent.futures.ProcessPoolExecutor` refuses all work
    for good. Each process ends by itself when the server ``server`` is gone (:func:`review_process`).

    >>> pool = ReviewProcesses(1, server=0)
    >>> pool.submit(pow, 2, 5).result(), pool.pools
    (32, 1)
    >>> pool.shutdown()
    """

    def __init__(self, workers: int, server: int) -> None:
        self.workers = workers
        self.server = server
        self.pools = 0
        """How many pools were started (1, plus one for each that broke)."""
        self._lock = threading.Lock()
        self._pool = self._new()

    def _new(self) -> ProcessPoolExecutor:
        self.pools += 1
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=review_process,
            initargs=(self.server,),
        )

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` in a review process (in a new pool if the last one broke)."""
        with self._lock:
            try:
                return self._pool.submit(fn, *args, **kwargs)
            except BrokenProcessPool:
                stop_pool(self._pool)
                self._pool = self._new()
                return self._pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """End the pool and its processes (:func:`stop_pool`); ``wait`` and ``cancel_futures`` are
        as for any executor (the reviews being computed end, their jobs stay owed)."""
        with self._lock:
            stop_pool(self._pool)


def review_process(server: int, every: float = 0.5) -> None:
    """The start of each review process: it ends when the server ``server`` (its parent's pid)
    is gone, even killed with SIGKILL (a review process blocked on the pool's queue would
    otherwise wait for work forever). A daemon thread looks every ``every`` seconds. ``server``
    0: watch nothing (a pool not started by the server, as in the examples)."""
    if not server:
        return

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="euchre-server-watch", daemon=True).start()


def stop_pool(pool: ProcessPoolExecutor, wait: float = 5.0) -> None:
    """Shut the review pool down and end its processes, leaving no child behind: a review still
    being computed is ended too (its job stays in the database, and the next start finishes it).

    >>> before = set(multiprocessing.active_children())
    >>> pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    >>> pool.submit(abs, -1).result()
    1
    >>> mine = set(multiprocessing.active_children()) - before
    >>> stop_pool(pool); [p for p in mine if p.is_alive()]
    []
    """
    pool.shutdown(wait=False, cancel_futures=True)
    _end(multiprocessing.active_children(), wait)
    # the pool's own thread reaps its workers too: wait for it, so that it has finished with
    # them before anyone asks whether they are alive (once, in CI, one was still seen so); then
    # end any child still there (twice more in CI, one was seen after all this)
    pool.shutdown(wait=True)
    _end(multiprocessing.active_children(), wait)


def _end(children: list[multiprocessing.process.BaseProcess], wait: float) -> None:
    """Terminate ``children``, then kill any that has not ended within ``wait`` seconds."""
    for child in children:
        child.terminate()
    for child in children:
        child.join(wait)
        if child.is_alive():
            child.kill()
            child.join(wait)
