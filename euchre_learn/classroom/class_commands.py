"""The ``euchre-learn`` commands of a class, for :mod:`.cli`: ``progress`` (a learner's export,
import, joining and leaving a class server; a teacher's summary of a folder of exports) and
``class`` (the class server, and a roster of students added with their links). Each command is
a function that adds its subparser (``add_progress``, ``add_class``) and one that runs it
(``progress``, ``class_server``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["Subparsers", "add_class", "add_progress", "class_server", "progress"]

Subparsers = argparse._SubParsersAction
"""What ``add_subparsers()`` returns, for each command's function that adds its subparser (argparse
names the type only with an underscore)."""


def add_progress(sub: Subparsers[Any], name: str) -> None:
    """``progress export|import|join-class|leave-class|summary``."""
    g = sub.add_parser(name, help="export or import a learner's progress; sum up a class's exports")
    gsub = g.add_subparsers(dest="progress_command", required=True, metavar="ACTION")
    ge = gsub.add_parser("export", help="write this learner's progress as JSON (to stdout, or --out)")
    ge.add_argument("--out", help="the file to write (default: print it)")
    ge.add_argument(
        "--learner",
        help="your name as your teacher knows you, kept for every later export (asked once if not given; "
        "on a hub, the hub user)",
    )
    ge.add_argument("--store", help="the learner's store (default: their own)")
    gi = gsub.add_parser("import", help="add the answers of an export to this learner's store")
    gi.add_argument("file")
    gi.add_argument("--store", help="the learner's store (default: their own)")
    gj = gsub.add_parser(
        "join-class",
        help="send this learner's answers to the class server as they happen (and now, what it has not got)",
    )
    gj.add_argument(
        "--server", help="the class server's address (default $EUCHRE_LEARN_CLASS_SERVER; on a hub, its service)"
    )
    gj.add_argument(
        "--token", help="your token from your teacher (default $EUCHRE_LEARN_CLASS_TOKEN; on a hub, your own)"
    )
    gj.add_argument("--store", help="the learner's store (default: their own)")
    gl = gsub.add_parser("leave-class", help="stop sending this learner's answers to the class (they stay kept)")
    gl.add_argument("--store", help="the learner's store (default: their own)")
    gs = gsub.add_parser(
        "summary",
        help="over a folder of exports (one per learner, the newest): per topic or per student; exit 1 if a "
        "file was skipped",
    )
    gs.add_argument("folder")
    gs.add_argument("--students", action="store_true", help="one line per student instead of per topic")
    gs.add_argument("--csv", metavar="FILE", help="also write a CSV for a gradebook, one row per student (- : print)")
    gs.add_argument("--since", metavar="DATE", help="count only answers from this day on (2026-09-01)")
    gs.add_argument("--until", metavar="DATE", help="count only answers up to this day, included (2026-09-30)")


def add_class(sub: Subparsers[Any], name: str) -> None:
    """``class serve|roster``."""
    k = sub.add_parser(name, help="the class server: learners at shared tables, progress live, a teacher's page")
    ksub = k.add_subparsers(dest="class_command", required=True, metavar="ACTION")
    ks = ksub.add_parser("serve", help="run the class server and print the teacher's link")
    ks.add_argument(
        "--db", help="a database URL (postgresql://...) or a SQLite file (default: class.sqlite3 in the data folder)"
    )
    ks.add_argument("--port", type=int, help="the port (default 8765; as a hub's service, the one the hub gave)")
    ks.add_argument(
        "--host",
        help="the address to listen on (default 127.0.0.1: this machine only; as a hub's service, the hub's choice)",
    )
    ks.add_argument(
        "--hub",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="run as a JupyterHub service: people sign in with the hub, no tokens (default: when the hub "
        "started the server; needs the hub extra, as in pip install '/path/to/euchre_learn[server,hub]')",
    )
    ks.add_argument(
        "--teachers", default="", help="as a hub's service: hub users who are teachers too, comma-separated"
    )
    ks.add_argument(
        "--teacher-group",
        action="append",
        default=[],
        help="as a hub's service: a hub group whose members are teachers (again for more groups)",
    )
    ks.add_argument(
        "--review-executor",
        metavar="WHERE",
        help="where the coach's reviews run: processes (the default: a pool on this machine), processes:N, or "
        "a Dask scheduler's address like tcp://10.0.0.7:8786 (needs the cluster extra; default "
        "$EUCHRE_LEARN_REVIEW_EXECUTOR)",
    )

    kr = ksub.add_parser(
        "roster",
        help="add a class's students from a CSV of names, and write the CSV of their links",
        description="Add every student of IN (a CSV: one name a line, in the first column or under a "
        "'name' header) to the class database, and write OUT: each one's name, token and link (the "
        "server's /join page for them). A bad line stops it with the line's number: nothing is added.",
    )
    kr.add_argument("roster", metavar="IN.csv", help="the names, one a line")
    kr.add_argument("links", metavar="OUT.csv", help="the file to write the links to (keep it private)")
    kr.add_argument(
        "--server",
        required=True,
        help="the class server's address as the learners reach it, like http://192.168.1.20:8765",
    )
    kr.add_argument("--db", help="the class database, as for serve (default: class.sqlite3 in the data folder)")


def _roster(args: argparse.Namespace) -> int:
    """``euchre-learn class roster IN.csv OUT.csv --server URL``: the students of IN added to the
    class database (all, or none: an error names the line), their links written to OUT."""
    from pathlib import Path

    from euchre_learn.classroom.server import Database, database_url
    from euchre_learn.classroom.server.app import ensure_class, new_token
    from euchre_learn.classroom.server.roster import links_csv, read_roster
    from euchre_learn.learner.files import data_dir

    if not args.server.startswith(("http://", "https://")):
        raise ValueError(f"--server: got {args.server!r}: expected the address learners use, like http://10.0.0.5:8765")
    raw = Path(args.roster).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise ValueError(f"{args.roster}: line {line} is not UTF-8 text: save the roster as CSV, UTF-8") from None
    db = Database(database_url(args.db, data_dir()))
    try:
        ensure_class(db, None)
        class_id = db.first_class()
        assert class_id is not None
        try:
            names = read_roster(text, [s["name"] for s in db.students(class_id)])
        except ValueError as err:
            raise ValueError(f"{args.roster}: {err}") from None
        made = [(name, new_token()) for name in names]
        target = Path(args.links)
        part = target.with_name(target.name + ".part")
        part.write_text(
            links_csv(made, args.server), encoding="utf-8"
        )  # first: a file that cannot be written adds nobody
        try:
            db.add_students(class_id, made)
        except Exception:
            part.unlink()
            raise
        part.replace(target)  # the links, once the students they sign in are in the class
    finally:
        db.close()
    print(
        f"added {len(made)} students to the class; their links are in {args.links} (keep it private: a link signs in)"
    )
    return 0


def _learner_name(store: Any, given: str | None) -> str:
    """The name for an export: ``--learner`` (kept in the store for the next ones), else the
    name kept, else asked (at a terminal) and kept, else the hub user, else the login name,
    unless many people share it (``jovyan``): then the learner must give one."""
    import getpass

    from euchre_learn.classroom.class_progress import SHARED_LOGINS, learner_name, set_learner_name

    kept = learner_name(store)
    if given:
        name = set_learner_name(store, given)
        if kept is not None and kept != name:
            print(f"euchre-learn: your name in exports is now {name!r} (was {kept!r})", file=sys.stderr)
        return name
    if kept is not None:
        return kept
    if sys.stdin is not None and sys.stdin.isatty():
        try:
            typed = input("Your name, as your teacher knows you (asked once, kept for every export): ")
        except EOFError:
            typed = ""
        if typed.strip():
            return set_learner_name(store, typed)
    hub = os.environ.get("JUPYTERHUB_USER", "").strip()
    if hub:
        return hub
    login = getpass.getuser()
    if login.strip().lower() in SHARED_LOGINS:
        raise ValueError(
            f"the login name {login!r} is shared by many people, so it cannot tell your teacher who you are: "
            "give your own name once, euchre-learn progress export --learner 'Your Name'"
        )
    return login


def _progress_summary(args: argparse.Namespace) -> int:
    """The teacher's summary of a folder: exit 0, or 1 when a file was skipped (the rest summed)."""
    from euchre_learn.classroom.class_summary import (
        format_students,
        format_summary,
        parse_day,
        read_class,
        students,
        students_csv,
        summarize,
    )

    since = None if args.since is None else parse_day(args.since)
    until = None if args.until is None else parse_day(args.until, end=True)
    if since is not None and until is not None and until <= since:
        raise ValueError(f"--until {args.until} is before --since {args.since}: nothing lies between them")
    found = read_class(args.folder)
    for line in found.notes():
        print(f"euchre-learn: note: {line}", file=sys.stderr)
    for line in found.warnings():
        print(f"euchre-learn: warning: {line}", file=sys.stderr)
    rows = students(found.exports, since=since, until=until)
    if args.students:
        print(format_students(rows))
    else:
        print(format_summary(summarize(found.exports, since=since, until=until)))
    if args.csv == "-":
        print(students_csv(rows), end="")
    elif args.csv:
        Path(args.csv).write_text(students_csv(rows), encoding="utf-8")
        print(f"wrote {args.csv}", file=sys.stderr)
    return 1 if found.skipped else 0


def progress(args: argparse.Namespace) -> int:
    import json

    from euchre_learn.classroom.class_progress import export_progress, import_progress, load_export
    from euchre_learn.learner.settings import write_json
    from euchre_learn.learner.store import Store

    if args.progress_command == "summary":
        return _progress_summary(args)
    store = Store(args.store)
    try:
        if args.progress_command in ("join-class", "leave-class"):
            return _class_link(args, store)
        if args.progress_command == "export":
            data = export_progress(store, learner=_learner_name(store, args.learner))
            if args.out:
                write_json(Path(args.out), data)
                print(f"wrote {args.out} (learner {data['learner']!r})")
            else:
                print(json.dumps(data, ensure_ascii=False, indent=1))
            return 0
        added = import_progress(load_export(args.file), store)
        print(f"imported {added} new answers into {store.path}")
        return 0
    finally:
        store.close()


def _class_link(args: argparse.Namespace, store: Any) -> int:
    import warnings

    from euchre_learn.interactive.seat.remote import hub_class_server
    from euchre_learn.learner import class_link

    if args.progress_command == "leave-class":
        class_link.leave_class(store=store)
        print(f"your answers are no longer sent to a class (they stay in {store.path})")
        return 0
    server = args.server or os.environ.get(class_link.SERVER_VARIABLE, "").strip() or hub_class_server()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", class_link.ClassLinkWarning)  # said below, in one line
        done = class_link.join_class(server, args.token, store=store)
    assert done is not None
    what = {
        "sent": f"{done.added} answers sent now ({done.duplicates} the class had already)",
        "offline": f"the class server cannot be reached just now: {done.waiting} answers wait and go later",
        "refused": "the class server refused your token: ask your teacher for yours and join again",
    }[done.status]
    print(f"joined the class at {server}: {what}; every answer from now on goes to it as it happens")
    return 1 if done.status == "refused" else 0


def class_server(args: argparse.Namespace) -> int:
    """``euchre-learn class serve`` and ``class roster``: 2 when the server extra is missing."""
    import importlib.util

    if any(importlib.util.find_spec(m) is None for m in ("starlette", "uvicorn", "sqlalchemy", "websockets")):
        print(
            "euchre-learn: the class server needs the package's server extra: pip install "
            "'/path/to/euchre_learn[server]' with your copy of the repository (docs/class-server.md)",
            file=sys.stderr,
        )
        return 2
    if args.class_command == "roster":
        return _roster(args)
    from euchre_learn.classroom.server import serve

    return serve(
        args.db,
        args.host,
        args.port,
        hub=args.hub,
        teachers=args.teachers.split(","),
        teacher_groups=args.teacher_group,
        reviews_on=args.review_executor,
    )
