"""`make lab`: JupyterLab on the whole project, opening the lessons' contents page.

    python tools/lab.py [more jupyter lab options]      # what `make lab` runs

It is the one way the course is served, so the real-browser test (tests/browser/test_make_lab.py)
starts the server with this same script, adding only ``--no-browser`` and a free port.

1. **Trust the project's own notebooks** (notebooks/, exercises/, apps/), as ``jupyter trust``
   does: their stored outputs (rendered cards, the table) then show as HTML on a fresh clone,
   not as plain text, before the learner has run anything.
2. **Serve the checkout**, not ``notebooks/``: the lessons link to ``../docs/rules.md#R3.2``
   and to ``../exercises/``, which only exist under the project root. (Jupyter given a file,
   ``jupyter lab notebooks/index.ipynb``, serves that file's folder: every such link was a 404.)
3. **Open the contents page**: the URL Jupyter prints (and opens) is
   ``.../lab/tree/notebooks/index.ipynb?token=...``, not the Launcher.
4. **No news pop-up**: JupyterLab's "get notified about official Jupyter news?" toast and its
   update check are turned off for this server (``tools/lab-settings/overrides.json``, the
   defaults of the settings; a learner's own settings still win), and nothing is fetched.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTENTS = "notebooks/index.ipynb"
"""The page the server opens, relative to the project root."""
TRUSTED = ("notebooks", "exercises", "apps")
"""The folders whose notebooks are the project's own: trusted at every start."""
SETTINGS = ROOT / "tools" / "lab-settings"
"""JupyterLab's settings defaults for this server (overrides.json)."""


def options(root: Path = ROOT) -> list[str]:
    """The server options: the project root served, the contents page opened, no news."""
    opts = [
        f"--ServerApp.root_dir={root}",
        f"--LabApp.default_url=/lab/tree/{CONTENTS}",
        f"--LabApp.app_settings_dir={SETTINGS}",
        "--LabApp.news_url=",  # an empty URL: the server never fetches news
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        opts.append("--ServerApp.allow_root=True")  # a container run as root
    return opts


def notebooks(root: Path = ROOT) -> list[Path]:
    """The project's own notebooks: notebooks/*.ipynb, exercises/*.ipynb, apps/*.ipynb."""
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
            print(f"lab: could not read {path.relative_to(ROOT)} to trust it: {err}", file=sys.stderr)
            continue
        if not notary.check_signature(nb):
            notary.sign(nb)
            signed += 1
    return signed


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    paths = notebooks()
    signed = trust(paths)
    print(f"lab: {len(paths)} notebooks of the project trusted ({signed} newly signed)", flush=True)
    print(f"lab: serving {ROOT}, opening {CONTENTS}", flush=True)
    cmd = [sys.executable, "-m", "jupyterlab", *options(), *args]
    os.execv(sys.executable, cmd)


if __name__ == "__main__":
    main()
