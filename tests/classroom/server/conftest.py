"""The class server's tests run on both databases it supports: the ``db_url`` fixture (and
``module_db_url``, for a module's shared server) is a SQLite file and a fresh database in a
private PostgreSQL cluster the tests start themselves (pgkit.py), so the same suite passes on both.

When PostgreSQL cannot be had (not installed and ``tools/ensure_postgres.sh`` could not install
it, psycopg missing, the cluster would not start) the PostgreSQL half skips with the reason, and
the end of the pytest run says so in a loud banner and a warning: never a silent pass.
``EUCHRE_LEARN_REQUIRE_POSTGRES=1`` turns that skip into a failure."""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
import reportkit

from .pgkit import Cluster, NoPostgres

BACKENDS = ["sqlite", "postgresql"]
_SKIPPED: list[str] = []


class PostgresTestsSkipped(UserWarning):
    """The class server's tests on PostgreSQL could not run on this machine."""


def _skip_or_fail(reason: str) -> None:
    message = f"POSTGRESQL TESTS NOT RUN: {reason}"
    if not _SKIPPED:
        _SKIPPED.append(reason)
        reportkit.skipped("postgres", reason)  # the banner at the end of the run (tests/reportkit.py)
        warnings.warn(message, PostgresTestsSkipped, stacklevel=2)
    if os.environ.get("EUCHRE_LEARN_REQUIRE_POSTGRES") == "1":
        pytest.fail(message + " (EUCHRE_LEARN_REQUIRE_POSTGRES=1)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """One private PostgreSQL cluster for the session (started on first use, stopped at the end)."""
    if _SKIPPED:
        _skip_or_fail(_SKIPPED[0])
    start = time.monotonic()
    try:
        cluster = Cluster()
    except NoPostgres as err:
        _skip_or_fail(str(err))
    reportkit.POSTGRES.update(version=cluster.version, port=cluster.port, start=time.monotonic() - start)
    try:
        yield cluster
    finally:
        cluster.stop()


def _url(request: pytest.FixtureRequest, kind: str, folder: Any) -> str:
    if kind == "sqlite":
        return f"sqlite:///{folder / 'class.sqlite3'}"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A new, empty class database: a SQLite file, then a PostgreSQL database."""
    return _url(request, request.param, tmp_path)


@pytest.fixture(scope="module", params=BACKENDS)
def module_db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The same, once per module (for a server the module's tests share)."""
    return _url(request, request.param, tmp_path_factory.mktemp(request.param))
