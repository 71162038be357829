"""The class server: four learners at one table, their progress live, and a teacher's view.

``euchre-learn class serve`` runs it (:func:`serve`); :func:`create_app` builds the ASGI app
(Starlette) for tests and for other servers. The rooms:

- :mod:`.db`: the database (SQLite by default, PostgreSQL by URL) and its migrations;
- :mod:`.view`: what one seat may see (the one function every message to a seat goes through);
- :mod:`.protocol`: the messages, their checks, the errors and the rate limit;
- :mod:`.http_errors`: the answer to a wrong address or method (a JSON error under ``/api/``);
- :mod:`.tables`: the live tables: seats, the engine's checks, bots, reviews;
- :mod:`.reviewer`: the reviews a hand owes, queued in the database, and the work that pays them;
- :mod:`.executors`: where the reviews run (a process pool here, or a Dask cluster);
- :mod:`.pages`: the teacher's page and the CSV export;
- :mod:`.hub`: signing in with a JupyterHub, when the server runs as the hub's service;
- :mod:`.app`: the routes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from euchre_learn.classroom.server.app import create_app, new_token
from euchre_learn.classroom.server.db import Database, database_url
from euchre_learn.classroom.server.executors import review_executor, review_process, stop_pool
from euchre_learn.classroom.server.tables import ServerConfig
from euchre_learn.classroom.server.view import seat_view

__all__ = [
    "Database",
    "ServerConfig",
    "create_app",
    "database_url",
    "review_executor",
    "review_process",
    "seat_view",
    "serve",
    "stop_pool",
]


def _default_folder() -> Any:
    from euchre_learn.learner.files import data_dir

    return data_dir()


def serve(
    db: str | None = None,
    host: str | None = None,
    port: int | None = None,
    *,
    out: Any = None,
    hub: bool | None = None,
    teachers: Iterable[str] = (),
    teacher_groups: Iterable[str] = (),
    reviews_on: str | None = None,
) -> int:
    """Run the class server until Ctrl+C. ``db``: a SQLAlchemy URL or a SQLite file (default
    ``class.sqlite3`` in euchre_learn's data folder). Prints the teacher's link: a new token at
    every start, so an old link stops working when the server restarts.

    ``hub``: run as a JupyterHub service, people signing in with the hub (:mod:`.hub`); by
    default, when the hub started this process (its settings are in the environment). Then the
    address is the one the hub gave (``$JUPYTERHUB_SERVICE_URL``) unless ``host``/``port`` say
    otherwise, and the teachers are the hub's admins, the users ``teachers`` and the members
    of the groups ``teacher_groups``. Otherwise ``host`` 127.0.0.1 and ``port`` 8765.

    ``reviews_on``: where the reviews run (:func:`.executors.review_executor`): ``processes``
    (the default, or ``$EUCHRE_LEARN_REVIEW_EXECUTOR``), ``processes:N``, or a Dask scheduler's
    address (``tcp://10.0.0.7:8786``)."""
    import uvicorn

    from euchre_learn.classroom.server.hub import HubLogin, under_hub

    out = out or sys.stdout
    import sqlalchemy

    if hub is None:
        hub = under_hub()
    login = HubLogin(teachers=teachers, teacher_groups=teacher_groups) if hub else None
    if login is not None:
        given = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
        host = host or given.hostname
        port = port or given.port
    host = host or "127.0.0.1"
    port = port or 8765

    url = database_url(db, _default_folder())
    safe_url = url.split("@")[-1] if "@" in url else url  # no password on the screen
    try:
        database = Database(url)
    except (sqlalchemy.exc.SQLAlchemyError, RuntimeError, ImportError) as err:
        raise ValueError(f"cannot open the class database {safe_url}: {str(err).splitlines()[0]}") from None
    token = new_token()
    # a review takes a good fraction of a second of CPU per seat: off the event loop, on a
    # process pool here or a Dask cluster (executors.py)
    try:
        pool = review_executor(reviews_on)
    except ValueError:
        database.close()
        raise
    app = create_app(database, teacher_token=token, executor=pool.executor, hub=login)
    shown = f"[{host}]" if ":" in host else host
    print(f"euchre-learn: the class server keeps its data in {safe_url}", file=out)
    if login is not None:
        who = ", ".join(
            ["the hub's admins", *sorted(login.teachers), *(f"group {g}" for g in sorted(login.teacher_groups))]
        )
        print(
            f"euchre-learn: the JupyterHub service {login.name!r}: everyone signs in with the hub at "
            f"{login.root}/ (teachers: {who}); learners join with el.table.join(code), no token",
            file=out,
        )
    else:
        print(
            f"euchre-learn: the teacher's link (keep it private): http://{shown}:{port}/teacher?token={token}", file=out
        )
    if host not in ("127.0.0.1", "localhost", "::1"):
        print(f"euchre-learn: listening on {host}: other machines can reach this server", file=out)
    print(f"euchre-learn: {pool.describe}", file=out)
    out.flush()
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536)
    finally:
        pool.close()
    return 0
