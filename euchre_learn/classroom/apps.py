"""The Voilà apps: the practice quizzes and the table against the bots, code hidden.

``apps/practice.ipynb`` and ``apps/play.ipynb`` are written from :data:`APP_CELLS` (a test keeps
the files in step); each calls :func:`practice_app` or :func:`play_app`, which read their options
from the page's address (Voilà hands the query string to the kernel): ``?topic=legal-plays&seed=7``
for practice, ``?seed=3&rules=uk&pace=quick&open=1`` for the table. A teacher can so give a class
the same questions in the same order, or a seat at a class table (``?join=K7QBX&server=...&class_token=...``,
the seat view of ``el.table.join``). :func:`voila_command` is how they are served
(``euchre-learn practice``, ``make app``), and :func:`hub_link` makes an nbgitpuller link for a
JupyterHub class.

>>> hub_link('https://hub.example.edu', 'https://github.com/org/euchre_learn', 'notebooks/00_how_to_use.ipynb')
'https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Forg%2Feuchre_learn&urlpath=lab%2Ftree%2Feuchre_learn%2Fnotebooks%2F00_how_to_use.ipynb&branch=main'
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

__all__ = [
    "APP_CELLS",
    "app_notebook",
    "app_path",
    "hub_link",
    "join_problems",
    "play_app",
    "practice_app",
    "query_options",
    "voila_command",
    "write_app_notebooks",
]

APP_CELLS: dict[str, list[tuple[str, str]]] = {
    "practice": [
        (
            "markdown",
            "# Euchre practice\n\n"
            "Questions dealt by the rules engine, without end. Pick a topic (or keep them all mixed), "
            "choose your answer and press **Check**: the feedback explains the rule either way. "
            "**Next question** deals another. Your score is kept in your own progress file.",
        ),
        ("code", "from euchre_learn.classroom.apps import practice_app\n\npractice_app()"),
    ],
    "play": [
        (
            "markdown",
            "# Play Euchre against the bots\n\n"
            "You sit South; your partner North and the opponents East and West are bots. "
            "Click a button to bid and a card to play it: greyed cards may not be played now "
            "(hover over one to see why). **Hint** suggests a move, **Why?** explains the last "
            "trick, **Undo** takes back your last action.\n\n"
            "With a class table's link from your teacher (`?join=CODE&server=...&class_token=...`) "
            "you sit with your classmates instead, and after each hand the coach reviews your own decisions.",
        ),
        ("code", "from euchre_learn.classroom.apps import play_app\n\nplay_app()"),
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
    if not (value.isascii() and value.isdigit()):
        raise ValueError(f"seed={value[:40]!r} in the address is not a whole number (e.g. seed=7)")
    return int(value)


_VOILA_OPTIONS = ("template", "theme", "token")  # read by Voilà or the hub, not by the apps


def _unknown(options: dict[str, str], known: tuple[str, ...]) -> list[str]:
    """A problem for each option in the address that the app does not read (a typo like ``sed=3``)."""
    return [
        f"{name[:40]!r} is not an option of this app: the options are {', '.join(known)}"
        for name in options
        if name not in known and name not in _VOILA_OPTIONS
    ]


def _sentence(problems: list[str], then: str) -> str:
    """The problems, one after another, then what the app does instead: each ends in one full stop."""
    return " ".join(p.rstrip(" .") + "." for p in problems) + " " + then


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
    problems = _unknown(options, ("topic", "topics", "seed"))
    instead = []
    topics = None
    spec = options.get("topic") or options.get("topics")
    try:
        topics = resolve_topics(spec) if spec else None
    except ValueError as err:
        problems.append(str(err))
        instead.append("every topic")
    try:
        seed = _seed(options)
    except ValueError as err:
        problems.append(str(err))
        instead.append("new questions each time")
        seed = None
    app = widgets.practice(topics, seed=seed, rules=rules)
    if not problems:
        return app
    then = f"Showing {' and '.join(instead)} instead." if instead else "It is ignored."
    return _ipywidgets().VBox([_problem(_sentence(problems, then)), app])


_PLAY_OPTIONS = ("rules", "seed", "pace", "bots", "opponents", "open", "training")
_JOIN_OPTIONS = ("join", "server", "class_token", "seat")


def play_app(query: str | None = None) -> Any:
    """The play app's widget: a table (South is you) with the rules, seed, pace and bots from
    the address (``?rules=uk&seed=3&pace=quick&bots=expert&open=1``); ``opponents=club`` sets
    East and West apart, and ``opponents=match`` gives the level closest to the learner's recent
    accuracy (:mod:`euchre_learn.interactive.table.matching`); ``training=1`` turns on training
    mode (:mod:`euchre_learn.interactive.table.training`: a costly decision is asked again).

    ``?join=CODE&server=URL&class_token=T`` (and ``seat=N``, optional) takes a seat at a class
    table instead (``euchre-learn class serve``, docs/class-server.md): the same seat view as
    ``el.table.join(CODE, server=URL, token=T, seat=...)`` in a notebook, with its errors shown
    above the app. The learner's token is ``class_token``, not ``token``: in a Voilà address
    ``token`` is the app server's own sign-in. ``server`` and ``class_token`` may be left out
    when ``$EUCHRE_LEARN_CLASS_SERVER`` and ``$EUCHRE_LEARN_CLASS_TOKEN`` hold them."""
    options = query_options(query)
    if "join" in options:
        return _class_table(options)
    from euchre_learn.analysis.bots import names as bot_names
    from euchre_learn.engine.rules import Rules
    from euchre_learn.interactive.table import play
    from euchre_learn.interactive.table.matching import spec_error
    from euchre_learn.interactive.table.widget import PACES  # the paces the table's own menu offers
    from euchre_learn.learner.settings import house_rules

    problems = _unknown(options, _PLAY_OPTIONS + _JOIN_OPTIONS)
    problems += [
        f"{name}= is for a class table: give the table's code as join=CODE too"
        for name in _JOIN_OPTIONS
        if name in options
    ]
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
    opponents = options.get("opponents")
    wrong = None if opponents is None else spec_error("opponents", opponents)
    if wrong is not None:
        problems.append(str(wrong))
        opponents = None
    try:
        seed = _seed(options)
    except ValueError as err:
        problems.append(str(err))
        seed = None
    if options.get("open", "0") not in ("0", "1", "true", "false", "yes", "no"):
        problems.append(f"open={options['open'][:40]!r} is not one of 1, 0 (all hands face up, or not)")
    if options.get("training", "0") not in ("0", "1", "true", "false", "yes", "no"):
        problems.append(f"training={options['training'][:40]!r} is not one of 1, 0 (training mode, or not)")
    table = play(
        rules,
        seed=seed,
        bots=bots,
        opponents=opponents,
        delay=PACES[pace],
        open_hands=options.get("open", "") in ("1", "true", "yes"),
        training=options.get("training", "") in ("1", "true", "yes"),
    )
    if not problems:
        return table
    return _ipywidgets().VBox([_problem(_sentence(problems, "Using the defaults for those.")), table])


_CODE = re.compile(r"[A-Za-z0-9]{3,12}")


def join_problems(options: dict[str, str]) -> tuple[dict[str, str | None], list[str], list[str]]:
    """What ``?join=CODE&server=...&class_token=...&seat=...`` asks for: the arguments of
    ``el.table.join`` (``code``, ``server``, ``token``, ``seat``), the problems that stop the
    join (each naming its option), and the ones that do not (an option ignored at a class table).

    >>> args, stop, ignored = join_problems({'join': 'k7qbx', 'server': 'http://10.0.0.5:8765',
    ...                                      'class_token': 'abc', 'seat': 'n', 'pace': 'quick'})
    >>> args, stop
    ({'code': 'K7QBX', 'server': 'http://10.0.0.5:8765', 'token': 'abc', 'seat': 'N'}, [])
    >>> ignored
    ["pace= does not apply at a class table (the teacher's table sets the game): it is ignored"]
    >>> join_problems({'join': 'K7 QB', 'server': 'ftp://x', 'class_token': 'abc'})[1][:2]
    ["join='K7 QB' is not a table's code: give the short code your teacher shows, like join=K7QBX", "server='ftp://x' is not a class server's address: give the one your teacher gave you, like server=http://192.168.1.20:8765"]
    """
    from euchre_learn.engine.cards import Seat
    from euchre_learn.interactive.table import SERVER_VARIABLE, TOKEN_VARIABLE

    stop: list[str] = []
    code = options.get("join", "").strip()
    if not _CODE.fullmatch(code):
        stop.append(
            f"join={code[:40]!r} is not a table's code: give the short code your teacher shows, like join=K7QBX"
        )
    server = options.get("server", "").strip() or os.environ.get(SERVER_VARIABLE, "").strip()
    parts = urlsplit(server)
    if not server:
        stop.append(
            "server= is needed with join=: the class server's address your teacher gave you, "
            f"like server=http://192.168.1.20:8765 (or ${SERVER_VARIABLE} set for you)"
        )
    elif parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        stop.append(
            f"server={server[:80]!r} is not a class server's address: give the one your teacher gave you, "
            "like server=http://192.168.1.20:8765"
        )
    token = options.get("class_token", "").strip() or os.environ.get(TOKEN_VARIABLE, "").strip()
    if not token:
        why = (
            " (token= in the address is the app server's own sign-in, not your class token)"
            if "token" in options
            else ""
        )
        stop.append(f"class_token= is needed with join=: the token your teacher gave you{why}")
    elif len(token) > 200 or not token.isprintable():
        stop.append("class_token= is not a class token: copy the token your teacher gave you")
    ignored = [
        f"{name}= does not apply at a class table (the teacher's table sets the game): it is ignored"
        for name in _PLAY_OPTIONS
        if name in options
    ]
    seat: str | None = None
    if options.get("seat", "").strip():
        try:
            seat = str(Seat.parse(options["seat"].strip()))
        except ValueError:
            ignored.append(
                f"seat={options['seat'][:40]!r} is not one of N, E, S, W: the first free seat is taken instead"
            )
    ignored += _unknown(options, _PLAY_OPTIONS + _JOIN_OPTIONS)
    return {"code": code.upper(), "server": server, "token": token, "seat": seat}, stop, ignored


def _class_table(options: dict[str, str]) -> Any:
    """The seat view of ``el.table.join`` for ``?join=CODE&...``; what went wrong above it, or
    alone when there is no seat to show (a bad option, the server's refusal, no server)."""
    import html

    from euchre_learn.interactive.table import join

    args, stop, ignored = join_problems(options)
    if stop:
        return _problem(_sentence(stop + ignored, "Not joining the class table: fix the address and open it again."))
    code, server = str(args["code"]), str(args["server"])
    try:
        seat = join(code, server=server, token=args["token"], seat=args["seat"])
    except ValueError as err:  # refused: an unknown token, no such table, the seat taken
        return _problem(
            _sentence([str(err), *ignored], "Check join=, class_token= and seat= in the address your teacher gave you.")
        )
    except ConnectionError as err:
        return _problem(_sentence([f"server={server}: {err}", *ignored], "Open the page again once it is up."))
    widgets = _ipywidgets()
    model = seat.seat
    caption = widgets.HTML(
        f"<p class='el-class-table'>Class table <b>{html.escape(code)}</b>: you sit "
        f"<b>{html.escape(model.seat.word)}</b> as {html.escape(model.name)}. The server deals; "
        "your classmates and the table's bots play the other seats.</p>"
    )
    parts = [caption, seat]
    if ignored:
        parts.insert(0, _problem(_sentence(ignored, "").strip()))
    return widgets.VBox(parts)


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


def voila_command(
    path: str | os.PathLike[str], *, port: int, ip: str, browser: bool
) -> tuple[list[str], dict[str, str]]:
    """The command and environment that serve ``path`` (an app notebook, or a folder of them) with
    Voilà as the apps are served: code hidden, the template with no CDN request, only the
    front-end extensions the apps use (:mod:`euchre_learn.classroom.voila_template`)."""
    from euchre_learn.classroom.voila_template import voila_arguments, write_template

    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(path),
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--strip_sources=True",
        *voila_arguments(),
    ]
    if not browser:
        cmd.append("--no-browser")
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(write_template()), env.get("JUPYTER_PATH", "")) if p)
    return cmd, env


def main(argv: list[str] | None = None) -> int:
    """``python -m euchre_learn.classroom.apps`` (what ``make app`` runs): both apps, served from
    one folder by :func:`voila_command` (code hidden, no CDN request), on loopback."""
    import argparse
    import subprocess

    parser = argparse.ArgumentParser(prog="python -m euchre_learn.classroom.apps", description=main.__doc__)
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args(argv)
    folder = app_path("practice").parent
    cmd, env = voila_command(folder, port=args.port, ip=args.ip, browser=not args.no_browser)
    print(f"euchre-learn: serving the apps of {folder} at http://{args.ip}:{args.port}/ (Ctrl+C to stop)", flush=True)
    try:
        return subprocess.call(cmd, env=env)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
