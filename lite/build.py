"""Build the JupyterLite site: the lessons, exercises and rule book, run in the browser by
Pyodide, with no internet at all once built.

    make lite                                   # sets up .venv-lite, then runs this
    .venv-lite/bin/python lite/build.py [--out build/lite] [--pyodide FOLDER_OR_TAR_BZ2]

Steps:
1. the euchre_learn wheel (``pip wheel --no-deps .``) and the pure-Python wheels the lessons
   need that Pyodide does not ship (``lite/site-wheels.txt``: ipywidgets, comm,
   jupyterlab_widgets, jupyter_core, platformdirs), put in the site's own package index
   (``pypi/``), so the install cell's ``%pip install`` finds them in the site itself;
2. Pyodide, served by the site (``static/pyodide/``; the kernel's ``pyodideUrl`` points there):
   by default the npm package ``pyodide`` at the version the installed
   jupyterlite-pyodide-kernel expects (``npm pack``: the interpreter and the standard
   library), with the pure-Python wheels of its lock file that the kernel and the lessons
   load (micropip, packaging, IPython and its dependencies, jedi, tqdm) downloaded from PyPI
   at the lock's versions; the lock is cut down to those packages, with their file names and
   sha256 hashes rewritten to the files served. ``--pyodide`` takes a full Pyodide
   distribution instead (a ``pyodide-*.tar.bz2`` release archive, or its unpacked folder),
   served as it is: that one has numpy and matplotlib too, so the lessons' charts draw;
3. copies of ``notebooks/``, ``exercises/`` and the pages of ``docs/`` the lessons link to
   (relative links such as ``../docs/rules.md#R3.2`` keep working; the developer docs and
   ``exercises/solutions/`` are left out, and so are the exercise sheets' ``# %load
   solutions/...`` hints), each notebook opening with one install cell (tagged
   ``lite-install``): every notebook in JupyterLite has its own in-browser Python, which
   starts without euchre_learn; before a cell that raises on purpose (tagged
   ``raises-exception``), where JupyterLite's Run All stops, a note says how to go on;
4. ``jupyter lite build`` in a lite folder staged afresh under ``--work`` (config from
   ``lite/``, the wheels, Pyodide), so no state of an earlier build (jupyterlite's
   ``.jupyterlite.doit.db`` and ``.cache``) can leak into this one; file times are those of
   the last commit (``SOURCE_DATE_EPOCH``), so two builds of one checkout give the same site.

Downloads (npm, PyPI) happen here, at build time, once: they are kept in
``lite/.cache/offline/`` (ignored by git) and reused. The site itself never downloads: the
kernel's PyPI fallback is off (``disablePyPIFallback``).

Serve the result with any static web server: ``python -m http.server -d build/lite``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from importlib import metadata
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
CACHE = LITE / ".cache" / "offline"
FOLDERS = ("notebooks", "exercises", "docs")
CONFIG_FILES = ("jupyter-lite.json", "jupyter_lite_config.json")
SITE_WHEELS = LITE / "site-wheels.txt"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
INSTALL_TAG = "lite-install"
INSTALL_SOURCE = (
    "# JupyterLite: install euchre_learn into this notebook's in-browser Python (once per notebook).\n"
    "%pip install -q ipywidgets anywidget fsrs tqdm jupyter_core\n"
    "%pip install -q --no-deps euchre_learn\n"
    "import os  # no progress bars: Python in the browser has no threads, which tqdm's need\n"
    "os.environ['TQDM_DISABLE'] = '1'\n"
    "import tqdm\n"
    "tqdm.tqdm.monitor_interval = 0"
)
# The packages of Pyodide's lock that the site serves, with everything they depend on: what
# the kernel loads at start (micropip; then piplite installs ipython and jedi) and what
# euchre_learn needs at run time (tqdm: the advisor's progress bar). numpy, matplotlib and
# jsonschema (through rpds-py) are compiled for WebAssembly by Pyodide and are not on PyPI.
LOCK_ROOTS = ("micropip", "packaging", "ipython", "jedi", "tqdm")
# Pyodide files a site does not need (type stubs, source maps, the demo consoles).
NPM_SKIP_SUFFIXES = (".map", ".d.ts", ".html", ".md")


class BuildError(Exception):
    """The site cannot be built as asked (a download failed, a distribution is not one)."""


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


RUN_ALL_TAG = "lite-run-all-note"
RUN_ALL_NOTE = (
    "**In this offline version, Run All stops at the next cell, on purpose.** It shows an error you "
    "are meant to see (JupyterLab runs on past it; JupyterLite stops). Read it, then click in the cell "
    "after it and choose **Run › Run Selected Cell and All Below** (or press Shift+Enter, cell by cell)."
)


def with_run_all_notes(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook with a note before each cell that raises on purpose (tagged
    ``raises-exception``): JupyterLab's Run All runs past such a cell, JupyterLite's stops there,
    so the note says what to do next. Once per cell, however often this runs."""
    cells = [c for c in nb.cells if RUN_ALL_TAG not in c.get("metadata", {}).get("tags", [])]
    out = []
    for cell in cells:
        if cell.cell_type == "code" and "raises-exception" in cell.get("metadata", {}).get("tags", []):
            note = nbformat.v4.new_markdown_cell(RUN_ALL_NOTE, metadata={"tags": [RUN_ALL_TAG]})
            note.id = f"lite-run-all-{sum(RUN_ALL_TAG in c.metadata.get('tags', []) for c in out) + 1}"
            out.append(note)
        out.append(cell)
    nb.cells = out
    return nb


# The rule book and the glossary (the quizzes' feedback links there); every other page of docs/
# only when a lesson or an exercise sheet links to it (../docs/NAME.md). The developer docs
# (architecture, coverage, the ladder, the studies) stay out of a site for learners.
ALWAYS_DOCS = ("rules.md", "glossary.md")
LEFT_OUT = ("exercises/solutions",)


def served_docs() -> set[str]:
    """The pages of ``docs/`` the site serves (file names)."""
    names = set(ALWAYS_DOCS)
    for folder in ("notebooks", "exercises"):
        for path in (ROOT / folder).glob("*.ipynb"):
            names.update(re.findall(r"\.\./docs/([A-Za-z0-9_-]+\.md)", path.read_text(encoding="utf-8")))
    return {n for n in names if (ROOT / "docs" / n).is_file()}


def without_solution_hints(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook without the lines that point at ``exercises/solutions/`` (not served)."""
    for cell in nb.cells:
        lines = cell.source.split("\n")
        kept = [line for line in lines if "%load" not in line and not line.startswith("- Stuck?")]
        cell.source = "\n".join(kept).replace("; solutions are in `solutions/`", "")
    return nb


def _served(folder: str, rel: Path, docs: set[str]) -> bool:
    if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
        return False
    if any(f"{folder}/{rel.as_posix()}".startswith(prefix) for prefix in LEFT_OUT):
        return False
    return folder != "docs" or rel.as_posix() in docs


def stage(dest: Path) -> list[Path]:
    """Copy the files the site serves into ``dest``; returns the notebooks staged."""
    if dest.exists():
        shutil.rmtree(dest)
    notebooks = []
    docs = served_docs()
    for folder in FOLDERS:
        src = ROOT / folder
        if not src.is_dir():
            continue
        for path in sorted(src.rglob("*")):
            if not _served(folder, path.relative_to(src), docs) or path.is_dir():
                continue
            target = dest / folder / path.relative_to(src)
            if path.suffix == ".ipynb":
                target.parent.mkdir(parents=True, exist_ok=True)
                nb = with_run_all_notes(with_install_cell(nbformat.read(path, as_version=4)))
                if folder == "exercises":
                    nb = without_solution_hints(nb)
                nbformat.write(nb, target)
                shutil.copystat(path, target)  # the lesson's own time, not the build's
                notebooks.append(target)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
    return notebooks


def source_date_epoch() -> str:
    """The time of the last commit (what ``SOURCE_DATE_EPOCH`` means for a checkout), or the
    one already set; with neither, a fixed date."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    done = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True, check=False
    )
    stamp = done.stdout.strip()
    return stamp if done.returncode == 0 and stamp.isdigit() else "1700000000"


def build_wheel(dest: Path, env: dict[str, str]) -> Path:
    """``pip wheel --no-deps .`` into ``dest``; returns the wheel."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", str(ROOT), "-w", str(dest)],
        check=True,
        env=env,
    )
    (wheel,) = dest.glob("euchre_learn-*.whl")
    return wheel


# --- downloads, at build time only, cached in lite/.cache/offline ----------------------------


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def normalize(name: str) -> str:
    """A project name as PEP 503 compares them (``Prompt_Toolkit`` -> ``prompt-toolkit``)."""
    return "-".join(name.replace("_", "-").replace(".", "-").lower().split("-"))


def pypi_wheel(name: str, version: str, cache: Path) -> Path:
    """The pure-Python wheel ``name==version`` from PyPI (``pip download --no-deps``), from the
    cache when it was fetched before."""
    folder = cache / "pypi" / f"{normalize(name)}-{version}"
    found = sorted(folder.glob("*.whl")) if folder.is_dir() else []
    if found:
        return found[0]
    tmp = folder.with_name(folder.name + ".part")
    shutil.rmtree(tmp, ignore_errors=True)
    cmd = [
        sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
        "--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any",
        "-d", str(tmp), f"{name}=={version}",
    ]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wheels = sorted(tmp.glob("*.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError(
            f"no pure-Python wheel of {name}=={version} could be downloaded from PyPI "
            f"(pip download said: {(done.stderr or done.stdout).strip()[-600:]})"
        )
    shutil.rmtree(folder, ignore_errors=True)
    tmp.rename(folder)
    return folder / wheels[0].name


def npm_pack(name: str, version: str, folder: Path, hint: str = "") -> Path:
    """The npm package ``name@version`` as its .tgz in ``folder`` (``npm pack``, which checks the
    registry's integrity hash), from there when it was fetched before. The course site's build
    (tools/site.py) takes its widget packages this way too."""
    tgz = folder / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if tgz.exists():
        return tgz
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"npm is not installed, so the npm package {name}@{version} cannot be fetched; install npm "
            f"(Debian: apt-get install npm; tools/ensure_npm.sh does it as root){hint}"
        )
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".pack-{os.getpid()}-{tgz.stem}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    done = subprocess.run(
        [npm, "pack", f"{name}@{version}", "--pack-destination", str(tmp), "--silent"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    packed = tmp / tgz.name
    if done.returncode != 0 or not packed.exists():
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError(f"npm pack {name}@{version} failed: {(done.stderr or done.stdout).strip()[-600:]}")
    packed.rename(tgz)
    shutil.rmtree(tmp, ignore_errors=True)
    return tgz


def npm_pyodide(version: str, cache: Path) -> Path:
    """The npm package ``pyodide@version``, from the cache when it was fetched before."""
    return npm_pack("pyodide", version, cache / "npm", hint=", or pass --pyodide with a Pyodide distribution")


# --- Pyodide, served by the site ---------------------------------------------------------------


def kernel_pyodide_version() -> tuple[str, str]:
    """(Pyodide version, Python version) that the installed jupyterlite-pyodide-kernel expects."""
    from jupyterlite_pyodide_kernel import constants

    return constants.PYODIDE_VERSION, constants.PYODIDE_PYTHON_VERSION


def lock_closure(lock: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    """The lock's package names reachable from ``roots`` through their ``depends``, sorted."""
    packages = lock["packages"]
    seen: set[str] = set()
    todo = [normalize(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise BuildError(f"Pyodide's lock file has no package {name!r} (needed by the site)")
        seen.add(name)
        todo.extend(normalize(d) for d in packages[name].get("depends", []))
    return sorted(seen)


def is_pure(file_name: str) -> bool:
    return file_name.endswith("-none-any.whl")


def offline_lock(lock: dict[str, Any], roots: tuple[str, ...], fetch: Any) -> tuple[dict[str, Any], list[Path]]:
    """Pyodide's lock cut down to ``roots`` and their dependencies, each a pure-Python wheel
    that ``fetch(name, version)`` returns as a local file; the entries name those files and
    their sha256. Returns (the new lock, the wheels to serve beside it)."""
    names = lock_closure(lock, roots)
    compiled = [n for n in names if not is_pure(lock["packages"][n]["file_name"])]
    if compiled:
        raise BuildError(
            f"these packages are compiled for WebAssembly and have no wheel on PyPI: {', '.join(compiled)}; "
            "pass --pyodide with a full Pyodide distribution"
        )
    out = {key: value for key, value in lock.items() if key != "packages"}
    out["packages"] = {}
    wheels = []
    for name in names:
        entry = dict(lock["packages"][name])
        wheel = Path(fetch(entry["name"], entry["version"]))
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256(wheel)
        out["packages"][name] = entry
        wheels.append(wheel)
    return out, wheels


def stage_npm_pyodide(dest: Path, cache: Path) -> dict[str, Any]:
    """Pyodide from npm, with the lock's pure-Python wheels from PyPI, into ``dest``."""
    version, _ = kernel_pyodide_version()
    tgz = npm_pyodide(version, cache)
    dest.mkdir(parents=True)
    with tarfile.open(tgz, "r:gz") as tar:
        for member in tar.getmembers():
            rel = Path(member.name).relative_to("package")
            if not member.isfile() or len(rel.parts) != 1 or rel.name.endswith(NPM_SKIP_SUFFIXES):
                continue
            if rel.name == "package.json":
                continue
            extracted = tar.extractfile(member)
            assert extracted is not None
            (dest / rel.name).write_bytes(extracted.read())
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    new_lock, wheels = offline_lock(lock, LOCK_ROOTS, lambda n, v: pypi_wheel(n, v, cache))
    for wheel in wheels:
        shutil.copy2(wheel, dest / wheel.name)
    lock_path.write_text(json.dumps(new_lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return {"source": f"npm pyodide@{version}", "packages": sorted(new_lock["packages"])}


def stage_pyodide_distribution(src: Path, dest: Path, work: Path) -> dict[str, Any]:
    """A full Pyodide distribution (a release ``.tar.bz2`` or its unpacked folder) into ``dest``."""
    if not src.exists():
        raise BuildError(f"--pyodide {str(src)[:80]!r}: no such file or folder")
    if src.is_file():
        if not src.name.endswith(".tar.bz2"):
            raise BuildError(f"--pyodide {src.name[:80]!r}: expected a pyodide-*.tar.bz2 archive or a folder")
        unpacked = work / "pyodide-archive"
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(src, "r:bz2") as tar:
            tar.extractall(unpacked, filter="data")
        src = unpacked
    candidates = [src, src / "pyodide"]
    folder = next(
        (c for c in candidates if (c / "pyodide.mjs").is_file() and (c / "pyodide-lock.json").is_file()), None
    )
    if folder is None:
        raise BuildError(
            f"--pyodide {str(src)[:80]!r}: not a Pyodide distribution (no pyodide.mjs and pyodide-lock.json in it "
            "or in its pyodide/ folder)"
        )
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    _, python = kernel_pyodide_version()
    found = str(lock.get("info", {}).get("python", ""))
    if not (found == python or found.startswith(python + ".")):
        raise BuildError(
            f"--pyodide {str(src)[:80]!r} is built for Python {found or '?'}, but the installed "
            f"jupyterlite-pyodide-kernel runs Python {python}: use the Pyodide release it expects "
            f"({kernel_pyodide_version()[0]})"
        )
    shutil.copytree(folder, dest, ignore=shutil.ignore_patterns("*.map"))
    return {"source": f"distribution {folder.name}", "packages": sorted(lock.get("packages", {}))}


def site_wheels(cache: Path) -> list[Path]:
    """The wheels of ``lite/site-wheels.txt``, and jupyterlab_widgets at the front end's version."""
    pins = [("jupyterlab_widgets", metadata.version("jupyterlab_widgets"))]
    for line in SITE_WHEELS.read_text(encoding="utf-8").splitlines():
        spec = line.split("#", 1)[0].strip()
        if not spec:
            continue
        name, sep, version = spec.partition("==")
        if not sep:
            raise BuildError(f"{SITE_WHEELS.name}: {spec[:40]!r} must pin one version (name==version)")
        pins.append((name.strip(), version.strip()))
    return [pypi_wheel(name, version, cache) for name, version in pins]


def stage_lite_dir(lite_dir: Path, wheels: list[Path]) -> None:
    """A fresh lite folder: the config of ``lite/`` (the kernel's PyPI fallback turned off) and
    the site's wheels in ``pypi/``."""
    if lite_dir.exists():
        shutil.rmtree(lite_dir)
    (lite_dir / "pypi").mkdir(parents=True)
    for name in CONFIG_FILES:
        shutil.copy2(LITE / name, lite_dir / name)
    config_path = lite_dir / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    plugins = config.setdefault("jupyter-config-data", {}).setdefault("litePluginSettings", {})
    plugins.setdefault(KERNEL_PLUGIN, {})["disablePyPIFallback"] = True
    config_path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    for wheel in wheels:
        shutil.copy2(wheel, lite_dir / "pypi" / wheel.name)


def build(out: Path, work: Path, pyodide: str | None = None, cache: Path = CACHE) -> dict[str, object]:
    """Build the site into ``out`` (``work`` holds the staged lite folder, copies and wheel)."""
    env = dict(os.environ, SOURCE_DATE_EPOCH=source_date_epoch())
    work.mkdir(parents=True, exist_ok=True)
    pyodide_dir = work / "pyodide"  # first, so a wrong --pyodide stops the build at once
    shutil.rmtree(pyodide_dir, ignore_errors=True)
    if pyodide:
        served = stage_pyodide_distribution(Path(pyodide).expanduser().resolve(), pyodide_dir, work)
    else:
        served = stage_npm_pyodide(pyodide_dir, cache)
    wheel = build_wheel(work / "wheels", env)
    lite_dir = work / "lite-dir"
    stage_lite_dir(lite_dir, [wheel, *site_wheels(cache)])
    (lite_dir / "static").mkdir()
    pyodide_dir.rename(lite_dir / "static" / "pyodide")  # where jupyterlite serves Pyodide from
    staged = stage(work / "contents")
    if out.exists():
        shutil.rmtree(out)
    cmd = [
        str(Path(sys.executable).parent / "jupyter-lite"),
        "build",
        "--lite-dir",
        str(lite_dir),
        "--contents",
        str(work / "contents"),
        "--output-dir",
        str(out),
    ]
    subprocess.run(cmd, check=True, cwd=lite_dir, env=env)
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    url = config.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {}).get("pyodideUrl", "")
    if url != "./static/pyodide/pyodide.mjs" or not (out / "static" / "pyodide" / "pyodide.mjs").is_file():
        raise BuildError(f"the site does not load Pyodide from itself (pyodideUrl {url!r})")
    manifest = {
        "wheel": f"pypi/{wheel.name}",
        "site_wheels": sorted(p.name for p in (out / "pypi").glob("*.whl")),
        "notebooks": [str(p.relative_to(work / "contents")) for p in staged],
        "pyodide": served["source"],
        "pyodide_packages": served["packages"],
    }
    (out / "euchre-learn-lite.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "lite"), help="the site's folder (default build/lite)")
    parser.add_argument("--work", default=str(ROOT / "build" / "lite-work"), help="scratch folder")
    parser.add_argument(
        "--pyodide",
        help="a full Pyodide distribution (its pyodide-*.tar.bz2 or unpacked folder) instead of the npm package",
    )
    args = parser.parse_args(argv)
    try:
        manifest = build(Path(args.out).resolve(), Path(args.work).resolve(), args.pyodide)
    except BuildError as err:
        print(f"lite/build.py: {err}", file=sys.stderr)
        return 1
    print(
        f"JupyterLite site in {args.out}: {len(manifest['notebooks'])} notebooks, {manifest['wheel']}, "  # type: ignore[arg-type]
        f"Pyodide from {manifest['pyodide']} (served by the site: no internet needed)"
    )
    print(f"serve it with: python -m http.server -d {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
