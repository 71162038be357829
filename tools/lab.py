"""`make lab`: JupyterLab on the learner's own copy of the course, opening the contents page.

    python tools/lab.py [more jupyter lab options]      # what `make lab` runs

It is the one way the course is served, so the real-browser tests (tests/browser/test_make_lab.py,
tests/browser/test_lab_restart.py) start the server with this same script, adding only
``--no-browser`` and a free port.

1. **The learner's own copy**: the lessons, exercises, docs and apps are copied into
   ``my-course/`` beside them (ignored by git) by :func:`euchre_learn.classroom.course.copy_course`,
   the copy ``euchre-learn lessons DIR`` makes. Running a lesson saves its outputs there, so the
   checkout's committed notebooks never change (`git status` stays clean). Each start brings the
   copy up to date with the checkout and keeps every file the learner changed, saying which.
2. **Trust the copy's notebooks**, as ``jupyter trust`` does: their stored outputs (rendered
   cards, the table) then show as HTML before the learner has run anything.
3. **Serve the copy's root**, not ``notebooks/``: the lessons link to ``../docs/rules.md#R3.2``
   and to ``../exercises/``, which only exist beside ``notebooks/``. (Jupyter given a file,
   ``jupyter lab notebooks/index.ipynb``, serves that file's folder: every such link was a 404.)
4. **Open the contents page**: the URL Jupyter prints (and opens) is
   ``.../lab/tree/notebooks/index.ipynb?token=...``, not the Launcher.
5. **Widgets that survive a restart, and no news pop-up**: this server's settings defaults
   (``tools/lab-settings/overrides.json``; a learner's own settings still win) save the widgets'
   state with the notebook at every save, so a lesson run, saved and reopened after the server
   restarted shows its widgets instead of "Error displaying widget: model not found"; and they
   turn off JupyterLab's news toast and update check (nothing is fetched).
6. **A saved widget says it is saved, and opening a lesson changes nothing**: at every save the
   widgets written to disk get a note, "Run the cell again (or Run ▸ Run All) to bring this widget
   back" (:mod:`euchre_learn.classroom.saved_widgets`, the server's pre-save hook), since after a
   restart they show but nothing answers them. The widget manager marks a notebook modified each
   time it restores a saved widget, so every lesson opened showed the modified dot and asked
   "Save changes?" when closed untouched: this server's one plugin (``tools/lab-extension/``,
   hand-written, no build step) keeps a notebook clean until its content changes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPY = "my-course"
"""The learner's copy of the course, in the checkout (listed in .gitignore)."""
CONTENTS = "notebooks/index.ipynb"
"""The page the server opens, relative to the project root."""
TRUSTED = ("notebooks", "exercises", "apps")
"""The folders whose notebooks are the project's own: trusted at every start."""
SETTINGS = ROOT / "tools" / "lab-settings"
"""JupyterLab's settings defaults for this server (overrides.json)."""
SAVE_HOOK = "euchre_learn.classroom.saved_widgets.pre_save_hook"
"""Run at every save: each saved widget says how to bring it back once no kernel answers it."""
EXTENSIONS = ROOT / "tools" / "lab-extension"
"""This server's own JupyterLab plugin (``euchre-learn-lab``: opening a lesson never marks it modified)."""


def options(root: Path = ROOT) -> list[str]:
    """The server options: the project root served, the contents page opened, no news."""
    opts = [
        f"--ServerApp.root_dir={root}",
        f"--LabApp.default_url=/lab/tree/{CONTENTS}",
        f"--LabApp.app_settings_dir={SETTINGS}",
        f"--LabApp.extra_labextensions_path={EXTENSIONS}",
        f"--ContentsManager.pre_save_hook={SAVE_HOOK}",
        "--LabApp.news_url=",  # an empty URL: the server never fetches news
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        opts.append("--ServerApp.allow_root=True")  # a container run as root
    return opts


def notebooks(root: Path = ROOT) -> list[Path]:
    """The course's notebooks under ``root``: notebooks/*.ipynb, exercises/*.ipynb, apps/*.ipynb."""
    return sorted(p for folder in TRUSTED for p in (root / folder).glob("*.ipynb"))


def trust(paths: list[Path]) -> int:
    """Sign ``paths`` in this user's notebook trust database (``jupyter trust``); returns how
    many were newly signed. A notebook that cannot be read is reported and skipped."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    signed = 0
    for path in paths:
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception as err:  # a damaged notebook must not keep the course from opening
            print(f"lab: could not read {path} to trust it: {err}", file=sys.stderr)
            continue
        if not notary.check_signature(nb):
            notary.sign(nb)
            signed += 1
    return signed


def learner_copy(root: Path = ROOT) -> Path:
    """Bring the learner's copy of the course (``root/my-course``) up to date and say what
    happened; the learner's own changes are kept."""
    from euchre_learn.classroom.course import CourseError, copy_course

    folder = root / COPY
    try:
        report = copy_course(folder)
    except CourseError as err:
        raise SystemExit(f"lab: cannot make your copy of the course in {folder}: {err}") from None
    fresh = len(report.written) + len(report.updated)
    print(f"lab: your copy of the course is {folder} ({fresh} files written or updated)", flush=True)
    if report.kept:
        print(f"lab: kept {len(report.kept)} file(s) you changed: {', '.join(report.kept[:5])}", flush=True)
    return folder


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    folder = learner_copy()
    paths = notebooks(folder)
    signed = trust(paths)
    print(f"lab: {len(paths)} notebooks of the course trusted ({signed} newly signed)", flush=True)
    print(f"lab: serving {folder}, opening {CONTENTS}", flush=True)
    cmd = [sys.executable, "-m", "jupyterlab", *options(folder), *args]
    os.execv(sys.executable, cmd)


if __name__ == "__main__":
    main()
