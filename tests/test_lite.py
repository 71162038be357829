"""The JupyterLite site (lite/build.py, `make lite`): every lesson and exercise is in it, each
opening with the cell that installs euchre_learn from the site's own package index, which
holds the wheel of this version; the ipywidgets front end and the Pyodide kernel are in it.

The build runs once for this module, from .venv-lite (made by `make test` / `make lite`),
into a temporary folder: about ten seconds.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LITE_PYTHON = ROOT / ".venv-lite" / "bin" / "python"

spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
assert spec is not None and spec.loader is not None
lite_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite_build)


def sources() -> list[Path]:
    return sorted(p for folder in ("notebooks", "exercises") for p in (ROOT / folder).rglob("*.ipynb"))


def test_every_notebook_gets_one_install_cell_first(tmp_path: Path) -> None:
    staged = lite_build.stage(tmp_path)
    assert sorted(p.relative_to(tmp_path) for p in staged) == [p.relative_to(ROOT) for p in sources()]
    for path in staged:
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        tagged = [i for i, c in enumerate(nb.cells) if "lite-install" in c.metadata.get("tags", [])]
        first_code = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
        assert tagged == [first_code], path
        assert "%pip install -q --no-deps euchre_learn" in nb.cells[first_code].source
    again = lite_build.with_install_cell(nbformat.read(staged[0], as_version=4))  # idempotent
    assert sum("lite-install" in c.metadata.get("tags", []) for c in again.cells) == 1
    assert (tmp_path / "docs" / "rules.md").exists()  # the lessons' rule links still resolve


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    if not LITE_PYTHON.exists():
        pytest.skip(
            "NO .venv-lite: the JupyterLite build was NOT checked; `make test` (or `make lite`) creates it "
            "from lite/requirements.txt"
        )
    work = tmp_path_factory.mktemp("lite")
    out = work / "site"
    done = subprocess.run(
        [str(LITE_PYTHON), str(ROOT / "lite" / "build.py"), "--out", str(out), "--work", str(work / "work")],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    yield out


def test_the_site_has_every_lesson_and_exercise(site: Path) -> None:
    for path in sources():
        rel = path.relative_to(ROOT)
        served = site / "files" / rel
        assert served.exists(), f"{rel} is missing from the JupyterLite site"
        nb = nbformat.read(served, as_version=4)
        assert "lite-install" in nb.cells[0].metadata.get("tags", []) + nb.cells[1].metadata.get("tags", [])
    listing = json.loads((site / "api" / "contents" / "notebooks" / "all.json").read_text(encoding="utf-8"))
    listed = {item["name"] for item in listing["content"]}
    assert {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} <= listed
    assert (site / "files" / "docs" / "rules.md").exists()


def test_the_site_has_the_wheel_in_its_package_index(site: Path) -> None:
    manifest = json.loads((site / "euchre-learn-lite.json").read_text(encoding="utf-8"))
    wheel = site / manifest["wheel"]
    assert wheel.exists() and wheel.name.startswith("euchre_learn-")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert {"euchre_learn/__init__.py", "euchre_learn/teaching/quiz/__init__.py", "euchre_learn/teaching/widgets.py"} <= names
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    (release,) = index["euchre-learn"]["releases"].values()
    assert release[0]["filename"] == wheel.name  # piplite finds it: %pip install euchre_learn


def test_the_site_has_the_widgets_front_end_and_the_pyodide_kernel(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert {"@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget"} <= extensions
    assert config["appName"] == "Learn Euchre (JupyterLite)"  # lite/jupyter-lite.json was applied
    assert (site / "lab" / "index.html").exists()


def test_the_site_opens_a_lesson_in_chromium(site: Path, tmp_path: Path) -> None:
    """JupyterLite's JupyterLab boots from the static files and shows a lesson with its install
    cell first. (The Pyodide kernel itself is not started: see docs/teaching.md.)"""
    import functools
    import http.server
    import shutil
    import threading

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("NO CHROMIUM: the Lite site was NOT opened in a browser (tools/ensure_chromium.sh installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"]
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=[*args, "--disable-sync"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{url}/lab/index.html?path=notebooks/05_following_suit.ipynb", wait_until="domcontentloaded")
            first_code = page.locator(".jp-NotebookPanel .jp-CodeCell").first
            first_code.locator(".cm-content", has_text="--no-deps euchre_learn").wait_for(timeout=60_000)
            page.locator(".jp-NotebookPanel .jp-MarkdownCell h1", has_text="Following suit").wait_for(timeout=30_000)
            out = ROOT / "test-artifacts" / "browser"
            out.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out / "lite_lesson_05.png"))
            browser.close()
    finally:
        server.shutdown()
