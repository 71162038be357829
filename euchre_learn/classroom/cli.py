"""The ``euchre-learn`` command: worksheets, the Voilà apps, and links for a JupyterHub class.

::

    euchre-learn worksheet --topics bowers,scoring --count 20 --seed 7 --out sheet.html
    euchre-learn worksheet --topics play --count 12 --seed 3 --out sheet.pdf     # PDF via Chromium
    euchre-learn worksheet --topics play --count 12 --seed 3 --versions A,B --out week3.pdf  # two versions
    euchre-learn topics                          # the quiz topics and the groups
    euchre-learn practice                        # the practice quizzes as a Voilà app (no code shown)
    euchre-learn play                            # the table against the bots as a Voilà app
    euchre-learn hub-link --hub https://hub.example.edu --repo https://github.com/org/euchre_learn \\
        --branch main --path notebooks/00_how_to_use.ipynb           # an nbgitpuller link
    euchre-learn app-notebooks apps/             # write the two app notebooks to a folder
    euchre-learn voila-template                  # the apps' Voilà template (no CDN) for a hub's Voilà
    euchre-learn progress export --out me.json   # a learner's progress as JSON (import: back in)
    euchre-learn progress join-class --server http://10.0.0.5:8765 --token T  # answers go to the class live
    euchre-learn progress summary exports/       # a class's exports: per topic, who struggles
    euchre-learn progress summary exports/ --students --csv grades.csv --since 2026-09-01
    euchre-learn lessons ~/euchre                # the installed version's lessons, exercises, docs, apps
    euchre-learn nbgrader ~/course               # nbgrader source assignments of the exercise sheets
    euchre-learn cheat-sheet --out cheat-sheet.pdf   # the rules on one page (PDF via Chromium)

The apps themselves, and the options they read from the page's address, are in
:mod:`euchre_learn.classroom.apps`.

>>> main(['hub-link', '--hub', 'https://hub.example.edu', '--repo', 'https://github.com/org/euchre_learn',
...       '--path', 'notebooks/00_how_to_use.ipynb'])
https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Forg%2Feuchre_learn&urlpath=lab%2Ftree%2Feuchre_learn%2Fnotebooks%2F00_how_to_use.ipynb&branch=main
0
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from euchre_learn.classroom.apps import app_path, hub_link, voila_command, write_app_notebooks

__all__ = ["main"]


def _serve(name: str, args: argparse.Namespace) -> int:
    import importlib.util

    if importlib.util.find_spec("voila") is None:
        print("euchre-learn: the apps need Voilà: pip install voila (the package's app extra)", file=sys.stderr)
        return 2
    cmd, env = voila_command(app_path(name), port=args.port, ip=args.ip, browser=not args.no_browser)
    print(f"euchre-learn: serving the {name} app at http://{args.ip}:{args.port}/ (Ctrl+C to stop)", flush=True)
    try:
        return subprocess.call(cmd, env=env)
    except KeyboardInterrupt:
        return 0


class _Parser(argparse.ArgumentParser):
    """argparse, ending every usage error in the command's one line ``euchre-learn: …``; an
    option left without its value because the value begins with ``-`` (argparse takes
    ``--token -x…`` for two options) says how to give it: ``--token=-x…``."""

    def error(self, message: str) -> NoReturn:
        option = message.removeprefix("argument ").split(":")[0].split("/")[0]
        if message.endswith(": expected one argument") and option.startswith("--"):
            message += f" (a value that begins with '-' goes after '=': {option}=VALUE)"
        self.print_usage(sys.stderr)
        self.exit(2, f"euchre-learn: {message}: see {self.prog} --help\n")


def _in_the_way(path: Path) -> Path | None:
    """The nearest part of ``path`` (itself or a parent) that exists but is not a folder."""
    for part in (path, *path.parents):
        if part.exists() or part.is_symlink():
            return None if part.is_dir() else part
    return None


def _os_problem(err: OSError, target: str, advice: str) -> str:
    """What went wrong writing ``target``, and what to do (``advice``), in one line."""
    name = err.filename if isinstance(err.filename, str) else target
    blocker = _in_the_way(Path(name)) or _in_the_way(Path(target))
    if isinstance(err, (FileExistsError, NotADirectoryError)) and blocker is not None:
        why = f"{blocker} is a file, not a folder"
    elif isinstance(err, IsADirectoryError):
        why = f"{name} is a folder"
    elif isinstance(err, PermissionError):
        why = f"no permission to write {name}"
    elif isinstance(err, FileNotFoundError) and Path(name).parent.is_dir():
        why = f"nothing can be made in {Path(name).parent} ({err.strerror})"
    elif isinstance(err, FileNotFoundError):
        why = f"the folder {Path(name).parent} cannot be made ({err.strerror})"
    else:
        why = f"{name}: {err.strerror or err}"
    return f"cannot write {target}: {why}; {advice}"


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="euchre-learn", description="Worksheets, Voilà apps and JupyterHub links for euchre_learn.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    w = sub.add_parser(
        "worksheet", help="write a printable worksheet and its answer key, two files (HTML, or PDF with Chromium)"
    )
    w.add_argument("--topics", required=True, help="comma-separated topics or groups (see: euchre-learn topics)")
    w.add_argument("--count", type=int, default=20, help="how many questions (default 20)")
    w.add_argument("--seed", type=int, default=0, help="the same seed gives the same sheet (default 0)")
    w.add_argument(
        "--out",
        default="worksheet.html",
        help="the student copy: .html, or .pdf for a PDF as well; the key goes beside it as NAME-key",
    )
    w.add_argument("--pdf", action="store_true", help="also print a PDF beside the HTML (needs Chromium)")
    w.add_argument("--title", help="the heading (default: from the topics)")
    w.add_argument(
        "--rules",
        help="a rules preset for the questions, or JSON of Rules fields (default: the standard rules)",
    )
    w.add_argument("--paper", default="letter", choices=("letter", "a4"), help="the page size (default letter)")
    w.add_argument("--key-only", action="store_true", help="write only the answer key (NAME-key)")
    w.add_argument(
        "--versions",
        help="versions with the same topics and other deals, e.g. A,B: writes NAME-A, NAME-A-key, NAME-B, ...",
    )

    sub.add_parser("topics", help="list the quiz topics and the topic groups")

    for name, what in (("practice", "the practice quizzes"), ("play", "the table against the bots")):
        a = sub.add_parser(name, help=f"serve {what} as a Voilà app (code hidden)")
        a.add_argument("--port", type=int, default=8866, help="the port (default 8866)")
        a.add_argument(
            "--ip", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)"
        )
        a.add_argument("--no-browser", action="store_true", help="do not open a browser")

    h = sub.add_parser("hub-link", help="print an nbgitpuller link that opens a lesson on a JupyterHub")
    h.add_argument("--hub", required=True, help="the hub's address, e.g. https://hub.example.edu")
    h.add_argument("--repo", required=True, help="the git repository with the lessons")
    h.add_argument("--branch", default="main", help="the branch (default main)")
    h.add_argument("--path", default="", help="the file or folder to open, inside the repository")
    h.add_argument("--app", default="lab", choices=("lab", "notebook", "voila"), help="open in (default lab)")
    h.add_argument("--targetpath", help="the folder the repository lands in (default: its name)")

    n = sub.add_parser("app-notebooks", help="write the Voilà app notebooks (practice, play) into a folder")
    n.add_argument("folder", nargs="?", default="apps")

    vt = sub.add_parser(
        "voila-template", help="install the apps' Voilà template (no CDN requests) into a Jupyter data folder"
    )
    vt.add_argument(
        "folder",
        nargs="?",
        default=str(Path(sys.prefix) / "share" / "jupyter"),
        help="a folder on Jupyter's data path (default: this Python's, sys.prefix/share/jupyter)",
    )

    g = sub.add_parser("progress", help="export or import a learner's progress; sum up a class's exports")
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

    c = sub.add_parser(
        "lessons", help="write the lessons, exercises, docs and apps of this version into a folder (keeps your edits)"
    )
    c.add_argument("folder", metavar="DIR", help="the folder to write the course into (created if missing)")
    c.add_argument("--force", action="store_true", help="also replace the files you changed")
    c.add_argument(
        "--without-solutions",
        action="store_true",
        help="leave out exercises/solutions/ and the '# %%load solutions/...' hints (for a class)",
    )

    g = sub.add_parser("nbgrader", help="write nbgrader source assignments of the exercise sheets into a course folder")
    g.add_argument("folder", metavar="DIR", help="the nbgrader course folder (created if missing)")
    g.add_argument("--force", action="store_true", help="also replace files that were changed since")
    g.add_argument(
        "--feedback",
        choices=("answers", "right-wrong", "none"),
        default="answers",
        help="what check(...) says in the graded copy: the answers (default), right or wrong only, or nothing",
    )
    g.add_argument("--course-id", default="euchre", help="nbgrader's course id (default euchre)")
    g.add_argument(
        "--exchange", default="/srv/nbgrader/exchange", help="the exchange folder (default /srv/nbgrader/exchange)"
    )
    g.add_argument(
        "--variant",
        default="course",
        help="questions of their own: sheets 01-02 with suits and seats renamed, chosen by the course id "
        "(default 'course'), or one of black-turn, red-turn, black-red-turn, ...; 'published' for the "
        "questions of exercises/",
    )

    k = sub.add_parser("class", help="the class server: learners at shared tables, progress live, a teacher's page")
    ksub = k.add_subparsers(dest="class_command", required=True, metavar="ACTION", parser_class=_Parser)
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

    cs = sub.add_parser("cheat-sheet", help="write the one-page cheat sheet (HTML, or PDF with Chromium)")
    cs.add_argument("--out", default="cheat-sheet.html", help="the file to write: .html, or .pdf for a PDF as well")
    cs.add_argument("--rules", help="a rules preset (default: the standard rules)")
    return parser


def _class_roster(args: argparse.Namespace) -> int:
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


def _progress(args: argparse.Namespace) -> int:
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``euchre-learn`` command; returns the exit status (0 on success, 2 on bad input;
    ``progress summary``: 1 when it skipped a file it could not read and summed the others).
    Every failure ends in one line on stderr, ``euchre-learn: <what went wrong, and what to do>``,
    with exit status 2 (never a traceback).

    >>> main(['worksheet', '--topics', 'trumps', '--out', '/dev/null'])  # the error goes to stderr
    2
    """
    args = _parser().parse_args(argv)
    target, advice = "", "choose a file you can write to"
    if args.command in ("worksheet", "cheat-sheet"):
        target, advice = args.out, "give --out a file in a folder you can write to"
    elif args.command in ("app-notebooks", "voila-template"):
        target, advice = args.folder, "choose a folder you can write to"
    elif args.command == "class" and args.class_command == "roster":
        target, advice = args.links, "give OUT.csv a file in a folder you can write to"
    elif args.command == "progress" and args.progress_command == "summary" and args.csv not in (None, "-"):
        target, advice = args.csv, "give --csv a file in a folder you can write to"
    try:
        if args.command == "worksheet":
            from euchre_learn.classroom.worksheet import write_worksheet

            files = write_worksheet(
                args.out,
                args.topics,
                args.count,
                args.seed,
                pdf=args.pdf,
                title=args.title,
                rules=args.rules,
                key_only=args.key_only,
                versions=args.versions,
                paper=args.paper,
            )
            for f in files:
                print(f"wrote {f}")
            return 0
        if args.command == "topics":
            from euchre_learn.classroom.worksheet import GROUPS
            from euchre_learn.teaching.quiz import topics

            for t in topics():
                print(f"{t.name:18} {t.title}")
            print()
            for g, names in GROUPS.items():
                print(f"{g:18} {', '.join(names)}")
            print(f"{'all':18} every topic")
            return 0
        if args.command in ("practice", "play"):
            return _serve(args.command, args)
        if args.command == "hub-link":
            print(
                hub_link(args.hub, args.repo, args.path, branch=args.branch, app=args.app, targetpath=args.targetpath)
            )
            return 0
        if args.command == "progress":
            return _progress(args)
        if args.command == "app-notebooks":
            for p in write_app_notebooks(args.folder):
                print(f"wrote {p}")
            return 0
        if args.command == "voila-template":
            import json

            from euchre_learn.classroom.voila_template import TEMPLATE, VOILA_SETTINGS, write_template

            root = write_template(args.folder)
            print(f"wrote {root / 'voila' / 'templates' / TEMPLATE}")
            print(f"serve with: voila --template={TEMPLATE}, or in voila.json: {json.dumps(VOILA_SETTINGS)}")
            return 0
        if args.command == "lessons":
            from euchre_learn.classroom.course import copy_course

            for line in copy_course(args.folder, force=args.force, solutions=not args.without_solutions).lines():
                print(line)
            return 0
        if args.command == "nbgrader":
            from euchre_learn.classroom.grading import write_course

            report = write_course(
                args.folder,
                force=args.force,
                feedback=args.feedback,
                course_id=args.course_id,
                exchange=args.exchange,
                variant=args.variant,
            )
            for line in report.lines():
                print(line)
            return 0
        if args.command == "class":
            import importlib.util

            if any(importlib.util.find_spec(m) is None for m in ("starlette", "uvicorn", "sqlalchemy", "websockets")):
                print(
                    "euchre-learn: the class server needs the package's server extra: pip install "
                    "'/path/to/euchre_learn[server]' with your copy of the repository (docs/class-server.md)",
                    file=sys.stderr,
                )
                return 2
            if args.class_command == "roster":
                return _class_roster(args)
            from euchre_learn.classroom.server import serve

            return serve(
                args.db,
                args.host,
                args.port,
                hub=args.hub,
                teachers=args.teachers.split(","),
                teacher_groups=args.teacher_group,
            )
        if args.command == "cheat-sheet":
            from euchre_learn.classroom.cheatsheet import write_cheat_sheet

            for f in write_cheat_sheet(args.out, rules=args.rules):
                print(f"wrote {f}")
            return 0
    except ValueError as err:
        print(f"euchre-learn: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"euchre-learn: {_os_problem(err, target, advice)}", file=sys.stderr)
        return 2
    raise AssertionError(args.command)  # pragma: no cover - argparse allows only the commands above


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
