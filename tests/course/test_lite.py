"""The JupyterLite site (lite/build.py, `make lite`): every lesson and exercise is in it, each
opening with the cell that installs euchre_learn and its pure-Python dependencies from the
site's own package index; Pyodide is served by the site itself, with a lock file cut down to
the wheels beside it, so the site needs no internet (tests/browser/test_lite_offline.py runs
it in Chromium with every request off the machine blocked).

The site is built once per session (tests/conftest.py), from .venv-lite (made by `make test` /
`make lite`); downloads are cached in lite/.cache/offline.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import zipfile
from pathlib import Path
from typing import Any

import nbformat
import pytest
from litekit import LITE_PYTHON, build_lite_site

ROOT = Path(__file__).resolve().parents[2]

spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
assert spec is not None and spec.loader is not None
lite_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite_build)


def sources() -> list[Path]:
    return sorted(p for folder in ("notebooks", "exercises") for p in (ROOT / folder).rglob("*.ipynb"))


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_every_notebook_gets_one_install_cell_first(tmp_path: Path) -> None:
    staged = lite_build.stage(tmp_path)
    assert sorted(p.relative_to(tmp_path) for p in staged) == [p.relative_to(ROOT) for p in sources()]
    for path in staged:
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        tagged = [i for i, c in enumerate(nb.cells) if "lite-install" in c.metadata.get("tags", [])]
        first_code = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
        assert tagged == [first_code], path
        source = nb.cells[first_code].source
        # the real runtime dependencies that exist as pure wheels, then euchre_learn alone (its
        # declared dependencies include JupyterLab and matplotlib, which the browser cannot have)
        assert "%pip install -q ipywidgets anywidget fsrs tqdm jupyter_core\n%pip install -q --no-deps euchre_learn" in source
    again = lite_build.with_install_cell(nbformat.read(staged[0], as_version=4))  # idempotent
    assert sum("lite-install" in c.metadata.get("tags", []) for c in again.cells) == 1
    assert (tmp_path / "docs" / "rules.md").exists()  # the lessons' rule links still resolve


# --- the offline lock, on a made-up lock (no download) ----------------------------------------


def fake_lock() -> dict[str, Any]:
    def pkg(name: str, version: str, file_name: str, depends: list[str]) -> dict[str, Any]:
        return {"name": name, "version": version, "file_name": file_name, "sha256": "0" * 64, "depends": depends}

    return {
        "info": {"python": "3.14.2"},
        "packages": {
            "ipython": pkg("ipython", "9.0", "ipython-9.0-py3-none-any.whl", ["Prompt_Toolkit", "traitlets"]),
            "prompt-toolkit": pkg("prompt_toolkit", "3.0", "prompt_toolkit-3.0-py3-none-any.whl", []),
            "traitlets": pkg("traitlets", "5.0", "traitlets-5.0-py3-none-any.whl", []),
            "numpy": pkg("numpy", "2.4", "numpy-2.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl", []),
            "matplotlib": pkg("matplotlib", "3.10", "matplotlib-3.10-cp314-cp314-pyemscripten.whl", ["numpy"]),
        },
    }


def test_the_offline_lock_holds_the_wheels_served_beside_it(tmp_path: Path) -> None:
    def fetch(name: str, version: str) -> Path:
        wheel = tmp_path / f"{name}-{version}-py3-none-any.whl"
        wheel.write_bytes(f"{name} {version}".encode())
        return wheel

    lock, wheels = lite_build.offline_lock(fake_lock(), ("ipython",), fetch)
    assert sorted(lock["packages"]) == ["ipython", "prompt-toolkit", "traitlets"]  # names normalised
    assert lock["info"] == {"python": "3.14.2"}
    for entry in lock["packages"].values():
        wheel = tmp_path / entry["file_name"]
        assert wheel in wheels and entry["sha256"] == sha(wheel)  # Pyodide checks it on loading


def test_the_offline_lock_refuses_a_compiled_package() -> None:
    with pytest.raises(lite_build.BuildError, match=r"compiled for WebAssembly.*matplotlib, numpy.*--pyodide"):
        lite_build.offline_lock(fake_lock(), ("matplotlib",), lambda n, v: pytest.fail("fetched"))
    with pytest.raises(lite_build.BuildError, match="no package 'tqdm'"):
        lite_build.lock_closure(fake_lock(), ("tqdm",))


def test_pyodide_must_be_a_distribution(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(lite_build.BuildError, match="not a Pyodide distribution"):
        lite_build.stage_pyodide_distribution(tmp_path / "empty", tmp_path / "out", tmp_path)
    with pytest.raises(lite_build.BuildError, match="no such file or folder"):
        lite_build.stage_pyodide_distribution(tmp_path / "missing", tmp_path / "out", tmp_path)
    (tmp_path / "pyodide.zip").write_bytes(b"")
    with pytest.raises(lite_build.BuildError, match=r"expected a pyodide-\*\.tar\.bz2 archive or a folder"):
        lite_build.stage_pyodide_distribution(tmp_path / "pyodide.zip", tmp_path / "out", tmp_path)


# --- the built site ---------------------------------------------------------------------------


def test_the_site_has_every_lesson_and_exercise(lite_site: Path) -> None:
    for path in sources():
        rel = path.relative_to(ROOT)
        served = lite_site / "files" / rel
        assert served.exists(), f"{rel} is missing from the JupyterLite site"
        nb = nbformat.read(served, as_version=4)
        assert "lite-install" in nb.cells[0].metadata.get("tags", []) + nb.cells[1].metadata.get("tags", [])
    listing = json.loads((lite_site / "api" / "contents" / "notebooks" / "all.json").read_text(encoding="utf-8"))
    listed = {item["name"] for item in listing["content"]}
    assert {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} <= listed
    assert (lite_site / "files" / "docs" / "rules.md").exists()


def test_the_site_has_the_wheels_in_its_package_index(lite_site: Path) -> None:
    manifest = json.loads((lite_site / "euchre-learn-lite.json").read_text(encoding="utf-8"))
    wheel = lite_site / manifest["wheel"]
    assert wheel.exists() and wheel.name.startswith("euchre_learn-")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    # every module of the package and its stylesheets, as they are in this checkout
    package = ROOT / "euchre_learn"
    shipped = {p.relative_to(ROOT).as_posix() for p in [*package.rglob("*.py"), *package.rglob("*.css")]}
    missing = {n for n in shipped if "__pycache__" not in n and "course_files" not in n} - names
    assert not missing, sorted(missing)[:10]
    index = json.loads((lite_site / "pypi" / "all.json").read_text(encoding="utf-8"))
    # piplite finds each by name: %pip install euchre_learn / ipywidgets / jupyter_core
    for name in ("euchre-learn", "ipywidgets", "comm", "jupyterlab-widgets", "jupyter-core", "platformdirs", "anywidget", "psygnal", "fsrs"):
        (release,) = index[name]["releases"].values()
        served = lite_site / "pypi" / release[0]["filename"]
        assert served.exists() and release[0]["digests"]["sha256"] == sha(served), name
    assert index["euchre-learn"]["releases"]["0.1.0"][0]["filename"] == wheel.name


def test_the_site_serves_pyodide_itself_and_never_asks_pypi(lite_site: Path) -> None:
    config = json.loads((lite_site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert "cdn.jsdelivr" not in json.dumps(config)
    pyodide = lite_site / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).is_file(), name
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    # what the kernel loads at start, and tqdm for the advisor; no compiled package is promised
    assert {"micropip", "packaging", "ipython", "jedi", "traitlets", "tqdm"} <= set(lock["packages"])
    assert "numpy" not in lock["packages"] and "matplotlib" not in lock["packages"]
    for name, entry in lock["packages"].items():
        wheel = pyodide / entry["file_name"]
        assert wheel.is_file(), f"the lock names {entry['file_name']} ({name}) but the site does not serve it"
        assert entry["sha256"] == sha(wheel), name
    kernel_index = lite_site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    assert (kernel_index / "all.json").is_file()  # piplite, pyodide_kernel, ipykernel: the kernel's own
    assert config["appName"] == "Learn Euchre (JupyterLite)"  # lite/jupyter-lite.json was applied
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert {"@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget"} <= extensions
    assert (lite_site / "lab" / "index.html").exists()


def tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): sha(p) for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_rebuild_from_a_plain_pyodide_folder_gives_the_same_site(lite_site: Path, tmp_path: Path) -> None:
    """`--pyodide FOLDER` (an unpacked distribution) works, and builds are deterministic: the
    site's own Pyodide folder passed back in gives the very same site, file for file, with
    nothing of the first build's state (jupyterlite's doit database, its cache) involved."""
    out = tmp_path / "again"
    done = build_lite_site(out, tmp_path / "work", "--pyodide", str(lite_site / "static" / "pyodide"))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    first, second = tree(lite_site), tree(out)
    manifest = "euchre-learn-lite.json"
    assert {k: v for k, v in first.items() if k != manifest} == {k: v for k, v in second.items() if k != manifest}
    again = json.loads((out / manifest).read_text(encoding="utf-8"))
    assert again["pyodide"] == "distribution pyodide"


def test_a_pyodide_that_is_not_a_distribution_is_refused_in_one_line(tmp_path: Path) -> None:
    if not LITE_PYTHON.exists():
        pytest.skip("NO .venv-lite: `make test` creates it")
    done = build_lite_site(tmp_path / "out", tmp_path / "work", "--pyodide", str(tmp_path))
    assert done.returncode == 1
    assert done.stderr.strip().startswith("lite/build.py: --pyodide")
    assert "not a Pyodide distribution" in done.stderr and "Traceback" not in done.stderr
