"""A private PostgreSQL cluster for the class server's tests: initdb into a temporary folder,
``pg_ctl start`` on a free port of 127.0.0.1 (and a unix socket in that folder), a fresh
database per test, everything stopped and removed at the end.

The programs are Debian's (``/usr/lib/postgresql/<version>/bin``, newest first; or
``$PG_BINDIR``), installed by ``tools/ensure_postgres.sh`` when missing. initdb refuses to run
as root, so as root the cluster runs as the ``postgres`` system user (the package makes it) or
``nobody``, in a folder that user owns. The cluster is for tests only: no fsync, trust
authentication on loopback."""

from __future__ import annotations

import atexit
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

SUPERUSER = "euchre"


class NoPostgres(Exception):
    """PostgreSQL cannot be had here; the message says why."""


def find_bindir() -> Path:
    """The folder with initdb and pg_ctl, or :class:`NoPostgres`."""
    candidates = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(Path(os.environ["PG_BINDIR"]))
    found = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted((Path(p) for p in found), key=lambda p: _version(p.parent.name), reverse=True)
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).resolve().parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise NoPostgres(
        "PostgreSQL is not installed (no initdb in /usr/lib/postgresql/*/bin, $PG_BINDIR or PATH): "
        "tools/ensure_postgres.sh installs it with `apt-get install postgresql` when run as root"
    )


def _version(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split("."))
    except ValueError:
        return (0,)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A running private cluster: :meth:`new_database` gives a SQLAlchemy URL to an empty database."""

    def __init__(self) -> None:
        try:
            import psycopg
        except ImportError as err:
            raise NoPostgres(
                f"psycopg is not installed ({err}); run `make test`, which installs the test extra (psycopg[binary])"
            ) from None
        self._psycopg = psycopg
        self.bindir = find_bindir()
        self.user: pwd.struct_passwd | None = None
        if os.geteuid() == 0:  # initdb refuses root: run the cluster as an unprivileged system user
            for name in ("postgres", "nobody"):
                try:
                    self.user = pwd.getpwnam(name)
                    break
                except KeyError:
                    continue
            if self.user is None:
                raise NoPostgres("running as root and there is no 'postgres' or 'nobody' user to run PostgreSQL as")
        self.root = Path(tempfile.mkdtemp(prefix="euchre-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._count = itertools.count()
        self.started = False
        if self.user is not None:
            os.chown(self.root, self.user.pw_uid, self.user.pw_gid)
        try:
            self._run(
                [
                    str(self.bindir / "initdb"),
                    "-D",
                    str(self.data),
                    "-U",
                    SUPERUSER,
                    "--auth=trust",
                    "--encoding=UTF8",
                    "--locale=C",
                    "--no-sync",
                ],
                "initdb",
            )
            options = (
                f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            )
            self._run(
                [
                    str(self.bindir / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.root / "server.log"),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    "30",
                    "start",
                ],
                "pg_ctl start",
            )
            self.started = True
            atexit.register(self.stop)  # a run that ends without the fixture's teardown leaves no cluster behind
        except BaseException:
            self.stop()
            raise
        self.version = self._admin("SHOW server_version")

    def _run(self, argv: list[str], what: str) -> None:
        kw: dict[str, Any] = {}
        if self.user is not None:
            kw.update(user=self.user.pw_uid, group=self.user.pw_gid, extra_groups=[])
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PG", "LC_"))}
        env["LANG"] = "C"
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=self.root, env=env, **kw)
        if done.returncode != 0:
            log = ""
            if (self.root / "server.log").exists():
                log = (self.root / "server.log").read_text(errors="replace")[-1500:]
            raise NoPostgres(f"{what} failed ({done.returncode}): {(done.stderr or done.stdout)[-1500:]}{log}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def _admin(self, sql: str) -> Any:
        with self._psycopg.connect(
            host="127.0.0.1", port=self.port, user=SUPERUSER, dbname="postgres", autocommit=True, connect_timeout=10
        ) as conn:
            cur = conn.execute(sql)  # type: ignore[arg-type]
            row = cur.fetchone() if cur.description is not None else None
            return None if row is None else row[0]

    def new_database(self) -> str:
        """A new empty database; its SQLAlchemy URL."""
        name = f"class_{os.getpid()}_{next(self._count)}"
        self._admin(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if self.started:
            try:
                self._run(
                    [str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"], "pg_ctl stop"
                )
            except (NoPostgres, subprocess.TimeoutExpired):
                pass
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)
