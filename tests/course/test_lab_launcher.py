"""tools/lab.py, the launcher behind `make lab`: the Makefile runs it, it serves the project
root and opens the contents page, it trusts the project's own notebooks, and its settings turn
JupyterLab's news pop-up off with a setting this JupyterLab has. (The real-browser test of the
same script is tests/browser/test_make_lab.py.)"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _launcher() -> ModuleType:
    spec = importlib.util.spec_from_file_location("euchre_learn_lab_launcher", ROOT / "tools" / "lab.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lab = _launcher()


def test_the_makefile_lab_target_runs_the_launcher() -> None:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^lab:.*\n((?:\t.*\n)+)", text, re.MULTILINE)
    assert recipe is not None, "the Makefile has no lab target"
    assert recipe.group(1).strip() == "$(BIN)/python tools/lab.py"


def test_it_serves_the_project_root_and_opens_the_contents_page() -> None:
    opts = dict(o.lstrip("-").split("=", 1) for o in lab.options())
    assert Path(opts["ServerApp.root_dir"]) == ROOT
    assert opts["LabApp.default_url"] == "/lab/tree/notebooks/index.ipynb"
    assert (ROOT / lab.CONTENTS).is_file()
    assert opts["LabApp.news_url"] == ""  # nothing fetched from the internet
    assert Path(opts["LabApp.app_settings_dir"]) == ROOT / "tools" / "lab-settings"


def test_the_news_setting_is_one_this_jupyterlab_knows() -> None:
    """A renamed plugin or setting would silently bring the pop-up back: check the schema."""
    overrides = json.loads((lab.SETTINGS / "overrides.json").read_text(encoding="utf-8"))
    schemas = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"
    if not schemas.is_dir():
        pytest.skip(f"JupyterLab's schemas are not installed in {sys.prefix}")
    for plugin, values in overrides.items():
        package, name = plugin.split(":")
        schema = json.loads((schemas / package / f"{name}.json").read_text(encoding="utf-8"))
        for key, value in values.items():
            prop = schema["properties"][key]
            allowed = [o["const"] for o in prop.get("oneOf", [])] or None
            assert allowed is None or value in allowed, (plugin, key, value, allowed)
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


def test_the_project_notebooks_are_the_ones_trusted() -> None:
    found = {p.relative_to(ROOT).as_posix() for p in lab.notebooks()}
    assert {"notebooks/index.ipynb", "exercises/01_cards_and_bidding.ipynb", "apps/play.ipynb"} <= found
    assert all(re.fullmatch(r"(notebooks|exercises|apps)/[^/]+\.ipynb", p) for p in found)


def test_trust_signs_once_and_skips_a_damaged_notebook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(lab, "ROOT", tmp_path)
    good = tmp_path / "good.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1", outputs=[])])
    nb.cells[0].outputs = [nbformat.v4.new_output("display_data", {"text/html": "<b>J♦</b>"})]
    nbformat.write(nb, good)
    bad = tmp_path / "bad.ipynb"
    bad.write_text("{ not json", encoding="utf-8")
    assert lab.trust([good, bad]) == 1
    assert "could not read bad.ipynb" in capsys.readouterr().err
    from nbformat.sign import NotebookNotary

    assert NotebookNotary().check_signature(nbformat.read(good, as_version=4))
    assert lab.trust([good]) == 0  # already trusted: nothing to sign
