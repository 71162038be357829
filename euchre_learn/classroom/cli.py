"""The ``euchre-learn`` command: the course from the command line (worksheets, the Voilà apps,
links for a JupyterHub class, the lessons, nbgrader, the class server, real games in EGN).

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
    euchre-learn nbgrader audit ~/course         # flag submissions that reach into the grading
    euchre-learn cheat-sheet --out cheat-sheet.pdf   # the rules on one page (PDF via Chromium)
    euchre-learn egn final.egn --seat N          # a real game (EGN): deal by deal, the score, the review
    euchre-learn egn final.egn --no-review --save    # ... kept in the saved games
    euchre-learn egn-export GAME_ID --out game.egn   # a saved game as EGN

The apps themselves, and the options they read from the page's address, are in
:mod:`euchre_learn.classroom.apps`.

>>> main(['hub-link', '--hub', 'https://hub.example.edu', '--repo', 'https://github.com/org/euchre_learn',
...       '--path', 'notebooks/00_how_to_use.ipynb'])
https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Forg%2Feuchre_learn&urlpath=lab%2Ftree%2Feuchre_learn%2Fnotebooks%2F00_how_to_use.ipynb&branch=main
0
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from euchre_learn.classroom.apps import app_path, hub_link, voila_command, write_app_notebooks
from euchre_learn.classroom.class_commands import Subparsers, add_class, add_progress, class_server, progress
from euchre_learn.classroom.cli_egn import add_egn, add_egn_export, egn_command, egn_export_command

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


# --- each command: a function that adds its subparser, and one that runs it ----------------------
def _add_worksheet(sub: Subparsers[Any], name: str) -> None:
    w = sub.add_parser(
        name, help="write a printable worksheet and its answer key, two files (HTML, or PDF with Chromium)"
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


def _worksheet(args: argparse.Namespace) -> int:
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


def _add_topics(sub: Subparsers[Any], name: str) -> None:
    sub.add_parser(name, help="list the quiz topics and the topic groups")


def _topics(args: argparse.Namespace) -> int:
    from euchre_learn.classroom.worksheet import GROUPS
    from euchre_learn.teaching.quiz import topics

    for t in topics():
        print(f"{t.name:18} {t.title}")
    print()
    for g, names in GROUPS.items():
        print(f"{g:18} {', '.join(names)}")
    print(f"{'all':18} every topic")
    return 0


def _add_app(sub: Subparsers[Any], name: str) -> None:
    what = {"practice": "the practice quizzes", "play": "the table against the bots"}[name]
    a = sub.add_parser(name, help=f"serve {what} as a Voilà app (code hidden)")
    a.add_argument("--port", type=int, default=8866, help="the port (default 8866)")
    a.add_argument("--ip", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)")
    a.add_argument("--no-browser", action="store_true", help="do not open a browser")


def _app(args: argparse.Namespace) -> int:
    return _serve(args.command, args)


def _add_hub_link(sub: Subparsers[Any], name: str) -> None:
    h = sub.add_parser(name, help="print an nbgitpuller link that opens a lesson on a JupyterHub")
    h.add_argument("--hub", required=True, help="the hub's address, e.g. https://hub.example.edu")
    h.add_argument("--repo", required=True, help="the git repository with the lessons")
    h.add_argument("--branch", default="main", help="the branch (default main)")
    h.add_argument("--path", default="", help="the file or folder to open, inside the repository")
    h.add_argument("--app", default="lab", choices=("lab", "notebook", "voila"), help="open in (default lab)")
    h.add_argument("--targetpath", help="the folder the repository lands in (default: its name)")


def _hub_link(args: argparse.Namespace) -> int:
    print(hub_link(args.hub, args.repo, args.path, branch=args.branch, app=args.app, targetpath=args.targetpath))
    return 0


def _add_app_notebooks(sub: Subparsers[Any], name: str) -> None:
    n = sub.add_parser(name, help="write the Voilà app notebooks (practice, play) into a folder")
    n.add_argument("folder", nargs="?", default="apps")


def _app_notebooks(args: argparse.Namespace) -> int:
    for p in write_app_notebooks(args.folder):
        print(f"wrote {p}")
    return 0


def _add_voila_template(sub: Subparsers[Any], name: str) -> None:
    vt = sub.add_parser(name, help="install the apps' Voilà template (no CDN requests) into a Jupyter data folder")
    vt.add_argument(
        "folder",
        nargs="?",
        default=str(Path(sys.prefix) / "share" / "jupyter"),
        help="a folder on Jupyter's data path (default: this Python's, sys.prefix/share/jupyter)",
    )


def _voila_template(args: argparse.Namespace) -> int:
    import json

    from euchre_learn.classroom.voila_template import TEMPLATE, VOILA_SETTINGS, write_template

    root = write_template(args.folder)
    print(f"wrote {root / 'voila' / 'templates' / TEMPLATE}")
    print(f"serve with: voila --template={TEMPLATE}, or in voila.json: {json.dumps(VOILA_SETTINGS)}")
    return 0


def _add_lessons(sub: Subparsers[Any], name: str) -> None:
    c = sub.add_parser(
        name, help="write the lessons, exercises, docs and apps of this version into a folder (keeps your edits)"
    )
    c.add_argument("folder", metavar="DIR", help="the folder to write the course into (created if missing)")
    c.add_argument("--force", action="store_true", help="also replace the files you changed")
    c.add_argument(
        "--without-solutions",
        action="store_true",
        help="leave out exercises/solutions/ and the '# %%load solutions/...' hints (for a class)",
    )


def _lessons(args: argparse.Namespace) -> int:
    from euchre_learn.classroom.course import copy_course

    for line in copy_course(args.folder, force=args.force, solutions=not args.without_solutions).lines():
        print(line)
    return 0


def _add_nbgrader(sub: Subparsers[Any], name: str) -> None:
    g = sub.add_parser(
        name,
        help="write nbgrader source assignments of the exercise sheets into a course folder "
        "('nbgrader audit DIR': flag submissions that reach into the grading)",
        epilog="euchre-learn nbgrader audit DIR reads the submissions of a course folder and flags those "
        "that reach into the grading (a course folder named audit: ./audit)",
    )
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
        default="student",
        help="questions of their own: sheets 01-02 with suits and seats renamed, for each student by the "
        "course id and the student's id (default 'student'), one renaming for the class chosen by the course "
        "id ('course'), or one of black-turn, red-turn, black-red-turn, ...; 'published' for the questions "
        "of exercises/",
    )


def _nbgrader(args: argparse.Namespace) -> int:
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


def _audit(argv: list[str]) -> int:
    """``euchre-learn nbgrader audit DIR``: 1 when a submission is flagged, 0 when none is."""
    parser = _Parser(
        prog="euchre-learn nbgrader audit",
        description="Flag the submissions of an nbgrader course folder that reach into the grading "
        "(IPython's history, sys.modules, input transformers, the checker's insides, ...): docs/teaching.md",
    )
    parser.add_argument(
        "folder", metavar="DIR", help="the nbgrader course folder (its submitted/), or a folder of notebooks"
    )
    args = parser.parse_args(argv)
    from euchre_learn.classroom.audit import AuditError, audit

    try:
        report = audit(args.folder)
    except AuditError as err:
        print(f"euchre-learn: {err}", file=sys.stderr)
        return 2
    for line in report.lines():
        print(line)
    return 1 if report.flagged or report.unreadable else 0


def _add_cheat_sheet(sub: Subparsers[Any], name: str) -> None:
    cs = sub.add_parser(name, help="write the one-page cheat sheet (HTML, or PDF with Chromium)")
    cs.add_argument("--out", default="cheat-sheet.html", help="the file to write: .html, or .pdf for a PDF as well")
    cs.add_argument("--rules", help="a rules preset (default: the standard rules)")


def _cheat_sheet(args: argparse.Namespace) -> int:
    from euchre_learn.classroom.cheatsheet import write_cheat_sheet

    for f in write_cheat_sheet(args.out, rules=args.rules):
        print(f"wrote {f}")
    return 0


_COMMANDS: dict[str, tuple[Callable[[Subparsers[Any], str], None], Callable[[argparse.Namespace], int]]] = {
    "worksheet": (_add_worksheet, _worksheet),
    "topics": (_add_topics, _topics),
    "practice": (_add_app, _app),
    "play": (_add_app, _app),
    "hub-link": (_add_hub_link, _hub_link),
    "app-notebooks": (_add_app_notebooks, _app_notebooks),
    "voila-template": (_add_voila_template, _voila_template),
    "progress": (add_progress, progress),
    "lessons": (_add_lessons, _lessons),
    "nbgrader": (_add_nbgrader, _nbgrader),
    "class": (add_class, class_server),
    "egn": (add_egn, egn_command),
    "egn-export": (add_egn_export, egn_export_command),
    "cheat-sheet": (_add_cheat_sheet, _cheat_sheet),
}
"""Each command of ``euchre-learn``, in the order ``--help`` lists them: the function that adds its
subparser (given the subparsers and the command's name) and the one that runs it (given the parsed
arguments, returning the exit status). A new command is a line here and its two functions."""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="euchre-learn",
        description="The Euchre course from the command line: the lessons, worksheets and the cheat sheet, "
        "the Voilà apps, nbgrader, the class server, progress exports, and real games in Euchre Game Notation.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    for name, (add, _run) in _COMMANDS.items():
        add(sub, name)
    return parser


def _written(args: argparse.Namespace) -> tuple[str, str]:
    """What the command writes, and what to do when it cannot, for :func:`_os_problem`."""
    if args.command in ("worksheet", "cheat-sheet"):
        return args.out, "give --out a file in a folder you can write to"
    if args.command in ("app-notebooks", "voila-template"):
        return args.folder, "choose a folder you can write to"
    if args.command == "class" and args.class_command == "roster":
        return args.links, "give OUT.csv a file in a folder you can write to"
    if args.command == "egn-export" and args.out:
        return args.out, "give --out a file in a folder you can write to"
    if args.command == "progress" and args.progress_command == "summary" and args.csv not in (None, "-"):
        return args.csv, "give --csv a file in a folder you can write to"
    return "", "choose a file you can write to"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``euchre-learn`` command; returns the exit status (0 on success, 2 on bad input;
    ``progress summary``: 1 when it skipped a file it could not read and summed the others;
    ``nbgrader audit``: 1 when it flagged a submission).
    Every failure ends in one line on stderr, ``euchre-learn: <what went wrong, and what to do>``,
    with exit status 2 (never a traceback).

    >>> main(['worksheet', '--topics', 'trumps', '--out', '/dev/null'])  # the error goes to stderr
    2
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:2] == ["nbgrader", "audit"]:
        return _audit(argv[2:])
    args = _parser().parse_args(argv)
    target, advice = _written(args)
    try:
        return _COMMANDS[args.command][1](args)
    except ValueError as err:
        print(f"euchre-learn: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"euchre-learn: {_os_problem(err, target, advice)}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
