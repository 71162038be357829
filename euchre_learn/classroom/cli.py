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
    euchre-learn progress export --out me.json   # a learner's progress as JSON (import: back in)
    euchre-learn progress summary exports/       # a class's exports: per topic, who struggles
    euchre-learn lessons ~/euchre                # the installed version's lessons, exercises, docs, apps
    euchre-learn nbgrader ~/course               # nbgrader source assignments of the exercise sheets
    euchre-learn cheat-sheet --out cheat-sheet.pdf   # the rules on one page (PDF via Chromium)

The app notebooks read options from the page's address (Voilà hands the query string to the
kernel): ``?topic=legal-plays&seed=7`` for practice, ``?seed=3&rules=uk&pace=quick&open=1`` for
the table. A teacher can so give a class the same questions in the same order.

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
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import parse_qs, quote, urlsplit

__all__ = [
    "APP_CELLS",
    "app_notebook",
    "app_path",
    "hub_link",
    "main",
    "play_app",
    "practice_app",
    "query_options",
]

# --- the Voilà apps ---------------------------------------------------------------------------

APP_CELLS: dict[str, list[tuple[str, str]]] = {
    "practice": [
        (
            "markdown",
            "# Euchre practice\n\n"
            "Questions dealt by the rules engine, without end. Pick a topic (or keep them all mixed), "
            "choose your answer and press **Check**: the feedback explains the rule either way. "
            "**Next question** deals another. Your score is kept in your own progress file.",
        ),
        ("code", "from euchre_learn.classroom.cli import practice_app\n\npractice_app()"),
    ],
    "play": [
        (
            "markdown",
            "# Play Euchre against the bots\n\n"
            "You sit South; your partner North and the opponents East and West are bots. "
            "Click a button to bid and a card to play it: greyed cards may not be played now "
            "(hover over one to see why). **Hint** suggests a move, **Why?** explains the last "
            "trick, **Undo** takes back your last action.",
        ),
        ("code", "from euchre_learn.classroom.cli import play_app\n\nplay_app()"),
    ],
}
"""The cells of each app notebook: ``apps/<name>.ipynb`` is written from these (and a test
keeps the files in step)."""


def app_notebook(name: str) -> dict[str, Any]:
    """The app notebook ``name`` ('practice' or 'play') as notebook JSON (nbformat 4).

    >>> nb = app_notebook('practice')
    >>> nb['nbformat'], [c['cell_type'] for c in nb['cells']]
    (4, ['markdown', 'code'])
    """
    if name not in APP_CELLS:
        raise ValueError(f"no app called {name!r}: the apps are {', '.join(APP_CELLS)}")
    cells = []
    for i, (kind, source) in enumerate(APP_CELLS[name]):
        cell: dict[str, Any] = {"cell_type": kind, "id": f"{name}-{i}", "metadata": {}, "source": source}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_app_notebooks(folder: str | os.PathLike[str]) -> list[Path]:
    """Write every app notebook into ``folder``; returns the paths."""
    import json

    if not str(os.fspath(folder)).strip():
        raise ValueError("the folder for the app notebooks is empty: give a folder name, e.g. apps")
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in APP_CELLS:
        path = out / f"{name}.ipynb"
        path.write_text(json.dumps(app_notebook(name), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def app_path(name: str) -> Path:
    """The app notebook to serve: ``apps/<name>.ipynb`` of a source checkout, else a copy
    written to a temporary folder (an installed package carries the cells, not the files)."""
    checkout = Path(__file__).resolve().parents[2] / "apps" / f"{name}.ipynb"
    if checkout.exists():
        return checkout
    app_notebook(name)  # a clear error for an unknown name
    folder = Path(tempfile.mkdtemp(prefix="euchre-learn-apps-"))
    return next(p for p in write_app_notebooks(folder) if p.stem == name)


def query_options(query: str | None = None) -> dict[str, str]:
    """The options in the app's address (Voilà passes it as ``$QUERY_STRING``), last value wins.

    >>> query_options('topic=legal-plays&seed=7')
    {'topic': 'legal-plays', 'seed': '7'}
    """
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    return {k: v[-1] for k, v in parse_qs(text, keep_blank_values=False).items()}


def _seed(options: dict[str, str]) -> int | None:
    value = options.get("seed", "").strip()
    if not value:
        return None
    if not value.isdigit():
        raise ValueError(f"seed={value!r} in the address is not a whole number")
    return int(value)


def _ipywidgets() -> Any:
    import importlib

    return importlib.import_module("ipywidgets")  # imported only when an app runs


def _problem(message: str) -> Any:
    import html

    widgets = _ipywidgets()
    return widgets.HTML(
        f'<div role="alert" style="border-left:4px solid #b35900;padding:4px 8px">⚠ {html.escape(message)}</div>'
    )


def practice_app(query: str | None = None) -> Any:
    """The practice app's widget: :func:`euchre_learn.teaching.widgets.practice` with the topic(s) and
    seed from the address (``?topic=bowers,legal-plays&seed=7``); a bad option shows a message
    naming the valid ones instead of a traceback."""
    from euchre_learn.classroom.worksheet import resolve_topics
    from euchre_learn.learner.settings import house_rules
    from euchre_learn.teaching import widgets

    options = query_options(query)
    rules = house_rules()
    try:
        spec = options.get("topic") or options.get("topics")
        topics = resolve_topics(spec) if spec else None
        seed = _seed(options)
    except ValueError as err:
        return _ipywidgets().VBox([_problem(f"{err}. Showing every topic instead."), widgets.practice(rules=rules)])
    return widgets.practice(topics, seed=seed, rules=rules)


PACES = {"instant": 0.0, "quick": 0.3, "normal": 0.7, "slow": 1.4}


def play_app(query: str | None = None) -> Any:
    """The play app's widget: a table (South is you) with the rules, seed, pace and bots from
    the address (``?rules=uk&seed=3&pace=quick&bots=expert&open=1``)."""
    from euchre_learn.analysis.bots import names as bot_names
    from euchre_learn.engine.rules import Rules
    from euchre_learn.interactive.table import play
    from euchre_learn.learner.settings import house_rules

    options = query_options(query)
    problems: list[str] = []
    rules: Rules = house_rules()
    if "rules" in options:
        try:
            rules = Rules.preset(options["rules"])
        except ValueError as err:
            problems.append(str(err))
    pace = options.get("pace", "normal")
    if pace not in PACES:
        problems.append(f"pace={pace!r} is not one of {', '.join(PACES)}")
        pace = "normal"
    bots = options.get("bots", "standard")
    if bots not in bot_names():
        problems.append(f"bots={bots!r} is not one of {', '.join(bot_names())}")
        bots = "standard"
    try:
        seed = _seed(options)
    except ValueError as err:
        problems.append(str(err))
        seed = None
    table = play(
        rules,
        seed=seed,
        bots=bots,
        delay=PACES[pace],
        open_hands=options.get("open", "") in ("1", "true", "yes"),
    )
    if not problems:
        return table
    return _ipywidgets().VBox([_problem("; ".join(problems) + ". Using the defaults."), table])


# --- JupyterHub --------------------------------------------------------------------------------

_URL_SAFE = "-_.!~*'()"  # what JavaScript's encodeURIComponent leaves alone, as nbgitpuller's generator


def _enc(text: str) -> str:
    return quote(text, safe=_URL_SAFE)


def hub_link(
    hub: str,
    repo: str,
    path: str = "",
    *,
    branch: str = "main",
    app: str = "lab",
    targetpath: str | None = None,
) -> str:
    """An nbgitpuller link: opening it on ``hub`` clones (or updates) ``repo`` into the user's
    home and opens ``path`` in JupyterLab (``app='lab'``), the classic notebook
    (``'notebook'``) or Voilà (``'voila'``, the code hidden). Local changes a student made are
    kept (nbgitpuller merges). ``targetpath`` is the folder the repository lands in
    (default: the repository's name).

    >>> hub_link('https://hub.example.edu/', 'https://github.com/org/euchre_learn.git', 'apps/play.ipynb', app='voila')
    'https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Forg%2Feuchre_learn.git&urlpath=voila%2Frender%2Feuchre_learn%2Fapps%2Fplay.ipynb&branch=main'
    """
    parts = urlsplit(hub)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"--hub {hub!r} is not a web address: give the hub's address, like https://hub.example.edu")
    rparts = urlsplit(repo)
    if not (rparts.scheme in ("http", "https", "git", "ssh") and rparts.netloc) and not repo.startswith("git@"):
        raise ValueError(f"--repo {repo!r} is not a git repository address, like https://github.com/org/euchre_learn")
    if not branch.strip():
        raise ValueError("--branch must not be empty")
    prefixes = {"lab": "lab/tree", "notebook": "tree", "voila": "voila/render"}
    if app not in prefixes:
        raise ValueError(f"--app {app!r} is not one of {', '.join(prefixes)}")
    folder = targetpath or repo.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1].removesuffix(".git")
    inside = "/".join(p for p in (folder.strip("/"), path.strip("/")) if p)
    if app == "voila" and not inside.endswith(".ipynb"):
        raise ValueError(f"--app voila needs --path to a notebook (.ipynb), not {path!r}")
    urlpath = f"{prefixes[app]}/{inside}"
    query = f"repo={_enc(repo)}&urlpath={_enc(urlpath)}&branch={_enc(branch)}"
    if targetpath:
        query += f"&targetPath={_enc(targetpath)}"
    return f"{hub.rstrip('/')}/hub/user-redirect/git-pull?{query}"


# --- the command line ----------------------------------------------------------------------------


def _serve(name: str, args: argparse.Namespace) -> int:
    import importlib.util

    if importlib.util.find_spec("voila") is None:
        print(
            "euchre-learn: the apps need Voilà: pip install 'euchre-learn[app]' (or pip install voila)", file=sys.stderr
        )
        return 2
    path = app_path(name)
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(path),
        f"--port={args.port}",
        f"--Voila.ip={args.ip}",
        "--strip_sources=True",
    ]
    if args.no_browser:
        cmd.append("--no-browser")
    print(f"euchre-learn: serving the {name} app at http://{args.ip}:{args.port}/ (Ctrl+C to stop)", flush=True)
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        return 0


class _Parser(argparse.ArgumentParser):
    """argparse, ending every usage error in the command's one line ``euchre-learn: …``."""

    def error(self, message: str) -> NoReturn:
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
    w.add_argument("--rules", help="a rules preset for the questions (default: the standard rules)")
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

    g = sub.add_parser("progress", help="export or import a learner's progress; sum up a class's exports")
    gsub = g.add_subparsers(dest="progress_command", required=True, metavar="ACTION")
    ge = gsub.add_parser("export", help="write this learner's progress as JSON (to stdout, or --out)")
    ge.add_argument("--out", help="the file to write (default: print it)")
    ge.add_argument("--learner", help="the learner's name in the export (default: the hub or login user)")
    ge.add_argument("--store", help="the learner's store (default: their own)")
    gi = gsub.add_parser("import", help="add the answers of an export to this learner's store")
    gi.add_argument("file")
    gi.add_argument("--store", help="the learner's store (default: their own)")
    gs = gsub.add_parser("summary", help="per topic, over a folder of exports: answered, right, learners struggling")
    gs.add_argument("folder")

    c = sub.add_parser(
        "lessons", help="write the lessons, exercises, docs and apps of this version into a folder (keeps your edits)"
    )
    c.add_argument("folder", metavar="DIR", help="the folder to write the course into (created if missing)")
    c.add_argument("--force", action="store_true", help="also replace the files you changed")

    g = sub.add_parser("nbgrader", help="write nbgrader source assignments of the exercise sheets into a course folder")
    g.add_argument("folder", metavar="DIR", help="the nbgrader course folder (created if missing)")
    g.add_argument("--force", action="store_true", help="also replace files that were changed since")

    k = sub.add_parser("class", help="the class server: learners at shared tables, progress live, a teacher's page")
    ksub = k.add_subparsers(dest="class_command", required=True, metavar="ACTION", parser_class=_Parser)
    ks = ksub.add_parser("serve", help="run the class server and print the teacher's link")
    ks.add_argument(
        "--db", help="a database URL (postgresql://...) or a SQLite file (default: class.sqlite3 in the data folder)"
    )
    ks.add_argument("--port", type=int, default=8765, help="the port (default 8765)")
    ks.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)"
    )

    cs = sub.add_parser("cheat-sheet", help="write the one-page cheat sheet (HTML, or PDF with Chromium)")
    cs.add_argument("--out", default="cheat-sheet.html", help="the file to write: .html, or .pdf for a PDF as well")
    cs.add_argument("--rules", help="a rules preset (default: the standard rules)")
    return parser


def _progress(args: argparse.Namespace) -> int:
    import json

    from euchre_learn.classroom.class_progress import (
        export_progress,
        format_summary,
        import_progress,
        load_export,
        summarize_folder,
    )
    from euchre_learn.learner.settings import write_json
    from euchre_learn.learner.store import Store

    if args.progress_command == "summary":
        print(format_summary(summarize_folder(args.folder)))
        return 0
    store = Store(args.store)
    try:
        if args.progress_command == "export":
            data = export_progress(store, learner=args.learner)
            if args.out:
                write_json(Path(args.out), data)
                print(f"wrote {args.out}")
            else:
                print(json.dumps(data, ensure_ascii=False, indent=1))
            return 0
        added = import_progress(load_export(args.file), store)
        print(f"imported {added} new answers into {store.path}")
        return 0
    finally:
        store.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``euchre-learn`` command; returns the exit status (0 on success, 2 on bad input).
    Every failure ends in one line on stderr, ``euchre-learn: <what went wrong, and what to do>``,
    with exit status 2 (never a traceback).

    >>> main(['worksheet', '--topics', 'trumps', '--out', '/dev/null'])  # the error goes to stderr
    2
    """
    args = _parser().parse_args(argv)
    target, advice = "", "choose a file you can write to"
    if args.command in ("worksheet", "cheat-sheet"):
        target, advice = args.out, "give --out a file in a folder you can write to"
    elif args.command == "app-notebooks":
        target, advice = args.folder, "choose a folder you can write to"
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
        if args.command == "lessons":
            from euchre_learn.classroom.course import copy_course

            for line in copy_course(args.folder, force=args.force).lines():
                print(line)
            return 0
        if args.command == "nbgrader":
            from euchre_learn.classroom.grading import write_course

            for line in write_course(args.folder, force=args.force).lines():
                print(line)
            return 0
        if args.command == "class":
            import importlib.util

            if any(importlib.util.find_spec(m) is None for m in ("starlette", "uvicorn", "sqlalchemy", "websockets")):
                print("euchre-learn: the class server needs pip install 'euchre-learn[server]'", file=sys.stderr)
                return 2
            from euchre_learn.classroom.server import serve

            return serve(args.db, args.host, args.port)
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
