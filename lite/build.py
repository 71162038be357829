"""Build the JupyterLite site: the lessons, exercises and rule book, run in the browser by Pyodide.

    make lite                                   # sets up .venv-lite, then runs this
    .venv-lite/bin/python lite/build.py [--out build/lite] [--pyodide PATH_OR_URL]

Steps:
1. the euchre_learn wheel (``pip wheel --no-deps .``), put in the site's own package index
   (``pypi/``) so that ``%pip install euchre_learn`` in the browser installs this version;
2. copies of ``notebooks/``, ``exercises/`` and ``docs/`` (relative links such as
   ``../docs/rules.md#R3.2`` keep working), each notebook opening with one install cell
   (tagged ``lite-install``): every notebook in JupyterLite has its own in-browser Python,
   which starts without euchre_learn;
3. ``jupyter lite build`` with the config in ``lite/`` (``jupyter_lite_config.json``,
   ``jupyter-lite.json``). ``--pyodide`` points the build at a local Pyodide distribution (a
   ``pyodide-*.tar.bz2`` or its folder) for a site that works with no internet; without it
   the kernel loads Pyodide from its CDN on first use (docs/teaching.md).

Serve the result with any static web server: ``python -m http.server -d build/lite``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
FOLDERS = ("notebooks", "exercises", "docs")
INSTALL_TAG = "lite-install"
INSTALL_SOURCE = (
    "# JupyterLite: install euchre_learn into this notebook's in-browser Python (once per notebook).\n"
    "%pip install -q ipywidgets anywidget\n"
    "%pip install -q --no-deps euchre_learn"
)


def install_cell() -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(INSTALL_SOURCE, metadata={"tags": [INSTALL_TAG]})
    cell.id = "lite-install"
    return cell


def with_install_cell(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook with the install cell first (after a leading navigation cell), once."""
    cells = [c for c in nb.cells if INSTALL_TAG not in c.get("metadata", {}).get("tags", [])]
    at = 1 if cells and "navigation" in cells[0].get("metadata", {}).get("tags", []) else 0
    nb.cells = [*cells[:at], install_cell(), *cells[at:]]
    return nb


def stage(dest: Path) -> list[Path]:
    """Copy the folders the site serves into ``dest``; returns the notebooks staged."""
    if dest.exists():
        shutil.rmtree(dest)
    notebooks = []
    for folder in FOLDERS:
        src = ROOT / folder
        if not src.is_dir():
            continue
        for path in sorted(src.rglob("*")):
            if any(part.startswith(".") or part == "__pycache__" for part in path.relative_to(src).parts):
                continue
            target = dest / folder / path.relative_to(src)
            if path.is_dir():
                target.mkdir(parents=True, exist_ok=True)
            elif path.suffix == ".ipynb":
                target.parent.mkdir(parents=True, exist_ok=True)
                nb = with_install_cell(nbformat.read(path, as_version=4))
                nbformat.write(nb, target)
                notebooks.append(target)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
    return notebooks


def build_wheel(dest: Path) -> Path:
    """``pip wheel --no-deps .`` into ``dest``; returns the wheel."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", str(ROOT), "-w", str(dest)],
        check=True,
    )
    (wheel,) = dest.glob("euchre_learn-*.whl")
    return wheel


def build(out: Path, work: Path, pyodide: str | None = None) -> dict[str, object]:
    """Build the site into ``out`` (``work`` holds the staged copies and the wheel)."""
    wheel = build_wheel(work / "wheels")
    staged = stage(work / "contents")
    if out.exists():
        shutil.rmtree(out)
    cmd = [
        str(Path(sys.executable).parent / "jupyter-lite"),
        "build",
        "--lite-dir",
        str(LITE),
        "--contents",
        str(work / "contents"),
        "--piplite-wheels",
        str(wheel),
        "--output-dir",
        str(out),
    ]
    if pyodide:
        cmd += ["--pyodide", pyodide]
    subprocess.run(cmd, check=True, cwd=work)
    manifest = {
        "wheel": f"pypi/{wheel.name}",
        "notebooks": [str(p.relative_to(work / "contents")) for p in staged],
        "pyodide": pyodide or "CDN (online)",
    }
    (out / "euchre-learn-lite.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "lite"), help="the site's folder (default build/lite)")
    parser.add_argument("--work", default=str(ROOT / "build" / "lite-work"), help="scratch folder")
    parser.add_argument("--pyodide", help="a local Pyodide distribution (tar.bz2 or folder) for an offline site")
    args = parser.parse_args(argv)
    manifest = build(Path(args.out).resolve(), Path(args.work).resolve(), args.pyodide)
    print(f"JupyterLite site in {args.out}: {len(manifest['notebooks'])} notebooks, {manifest['wheel']}")  # type: ignore[arg-type]
    print(f"serve it with: python -m http.server -d {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
