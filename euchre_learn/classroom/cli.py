"""The ``euchre-learn`` command: worksheets, the Voilà apps, and links for a JupyterHub class.

::

    euchre-learn worksheet --topics bowers,scoring --count 20 --seed 7 --out sheet.html
    euchre-learn worksheet --topics play --count 12 --seed 3 --out sheet.pdf     # PDF via Chromium
    euchre-learn topics                          # the quiz topics and the groups
    euchre-learn practice                        # the practice quizzes as a Voilà app (no code shown)
    euchre-learn play                            # the table against the bots as a Voilà app
    euchre-learn hub-link --hub https://hub.example.edu --repo https://github.com/org/euchre_learn \\
        --branch main --path notebooks/00_how_to_use.ipynb           # an nbgitpuller link
    euchre-learn app-notebooks apps/             # write the two app notebooks to a folder
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
from typing import Any
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="euchre-learn", description="Worksheets, Voilà apps and JupyterHub links for euchre_learn."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    w = sub.add_parser("worksheet", help="write a printable worksheet (HTML, or PDF with Chromium) with an answer key")
    w.add_argument("--topics", required=True, help="comma-separated topics or groups (see: euchre-learn topics)")
    w.add_argument("--count", type=int, default=20, help="how many questions (default 20)")
    w.add_argument("--seed", type=int, default=0, help="the same seed gives the same sheet (default 0)")
    w.add_argument("--out", default="worksheet.html", help="the file to write: .html, or .pdf for a PDF as well")
    w.add_argument("--pdf", action="store_true", help="also print a PDF beside the HTML (needs Chromium)")
    w.add_argument("--title", help="the heading (default: from the topics)")
    w.add_argument("--rules", help="a rules preset for the questions (default: the standard rules)")

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

    c = sub.add_parser("cheat-sheet", help="write the one-page cheat sheet (HTML, or PDF with Chromium)")
    c.add_argument("--out", default="cheat-sheet.html", help="the file to write: .html, or .pdf for a PDF as well")
    c.add_argument("--rules", help="a rules preset (default: the standard rules)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``euchre-learn`` command; returns the exit status (0 on success, 2 on bad input).

    >>> main(['worksheet', '--topics', 'trumps', '--out', '/dev/null'])  # the error goes to stderr
    2
    """
    args = _parser().parse_args(argv)
    try:
        if args.command == "worksheet":
            from euchre_learn.classroom.worksheet import write_worksheet

            files = write_worksheet(
                args.out, args.topics, args.count, args.seed, pdf=args.pdf, title=args.title, rules=args.rules
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
        if args.command == "app-notebooks":
            for p in write_app_notebooks(args.folder):
                print(f"wrote {p}")
            return 0
        if args.command == "cheat-sheet":
            from euchre_learn.classroom.cheatsheet import write_cheat_sheet

            for f in write_cheat_sheet(args.out, rules=args.rules):
                print(f"wrote {f}")
            return 0
    except ValueError as err:
        print(f"euchre-learn: {err}", file=sys.stderr)
        return 2
    raise AssertionError(args.command)  # pragma: no cover - argparse allows only the commands above


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
