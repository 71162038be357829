"""tools/lab.py, the launcher behind `make lab`: the Makefile runs it, it serves the learner's
own copy of the course (so the checkout stays clean) and opens the contents page, it trusts the
course's notebooks, and its settings turn JupyterLab's news pop-up off and save widget state
with settings this JupyterLab has. (The real-browser tests of the same script are
tests/browser/test_make_lab.py and tests/browser/test_lab_restart.py.)"""

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


def test_it_serves_the_given_root_and_opens_the_contents_page(tmp_path: Path) -> None:
    opts = dict(o.lstrip("-").split("=", 1) for o in lab.options(tmp_path))
    assert Path(opts["ServerApp.root_dir"]) == tmp_path
    assert opts["LabApp.default_url"] == "/lab/tree/notebooks/index.ipynb"
    assert (ROOT / lab.CONTENTS).is_file()
    assert opts["LabApp.news_url"] == ""  # nothing fetched from the internet
    assert Path(opts["LabApp.app_settings_dir"]) == ROOT / "tools" / "lab-settings"


def test_it_saves_through_the_widget_note_hook_and_serves_its_plugin() -> None:
    """Each saved widget says how to bring it back, and opening a lesson never marks it modified
    (issue 34, item 10): the pre-save hook and the plugin are this server's."""
    from euchre_learn.classroom import saved_widgets

    opts = dict(o.lstrip("-").split("=", 1) for o in lab.options(ROOT))
    hook = opts["ContentsManager.pre_save_hook"]
    assert hook == "euchre_learn.classroom.saved_widgets.pre_save_hook" and callable(saved_widgets.pre_save_hook)
    folder = Path(opts["LabApp.extra_labextensions_path"])
    assert folder == ROOT / "tools" / "lab-extension"
    package = json.loads((folder / "euchre-learn-lab" / "package.json").read_text(encoding="utf-8"))
    load = folder / "euchre-learn-lab" / package["jupyterlab"]["_build"]["load"]
    assert package["jupyterlab"]["_build"]["extension"] == "./extension"
    assert load.is_file() and 'window._JUPYTERLAB["euchre-learn-lab"]' in load.read_text(encoding="utf-8")


def _schema(plugin: str) -> Path:
    """Where this JupyterLab keeps a plugin's settings schema: JupyterLab's own, or an extension's."""
    package, name = plugin.split(":")
    share = Path(sys.prefix) / "share" / "jupyter"
    for folder in (share / "lab" / "schemas", share / "labextensions" / package / "schemas"):
        if (folder / package / f"{name}.json").is_file():
            return folder / package / f"{name}.json"
    raise AssertionError(f"no settings schema for {plugin} in {share}: a renamed plugin?")


def test_the_settings_are_ones_this_jupyterlab_knows() -> None:
    """A renamed plugin or setting would silently bring the pop-up back, or the dead widgets after
    a restart: check every overridden setting against its schema."""
    overrides = json.loads((lab.SETTINGS / "overrides.json").read_text(encoding="utf-8"))
    if not (Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas").is_dir():
        pytest.skip(f"JupyterLab's schemas are not installed in {sys.prefix}")
    for plugin, values in overrides.items():
        schema = json.loads(_schema(plugin).read_text(encoding="utf-8"))
        for key, value in values.items():
            prop = schema["properties"][key]
            allowed = [o["const"] for o in prop.get("oneOf", [])] or None
            assert allowed is None or value in allowed, (plugin, key, value, allowed)
            assert prop.get("type") != "boolean" or isinstance(value, bool), (plugin, key, value)
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True


def test_the_learner_works_in_a_copy_that_keeps_their_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (ROOT / "notebooks" / "00_how_to_use.ipynb").read_bytes()
    folder = lab.learner_copy(tmp_path)
    assert folder == tmp_path / lab.COPY
    assert (folder / lab.CONTENTS).is_file() and (folder / "docs" / "rules.md").is_file()
    assert {p.relative_to(folder).as_posix() for p in lab.notebooks(folder)} >= {
        "notebooks/index.ipynb",
        "exercises/01_cards_and_bidding.ipynb",
    }
    lesson = folder / "notebooks" / "00_how_to_use.ipynb"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("Euchre", "EUCHRE"), encoding="utf-8")
    capsys.readouterr()
    lab.learner_copy(tmp_path)  # the next start: the learner's run lesson is kept
    assert "kept 1 file(s) you changed: notebooks/00_how_to_use.ipynb" in capsys.readouterr().out
    assert "EUCHRE" in lesson.read_text(encoding="utf-8")
    assert (ROOT / "notebooks" / "00_how_to_use.ipynb").read_bytes() == before  # the checkout is untouched


def test_the_copy_is_ignored_by_git() -> None:
    assert f"{lab.COPY}/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_the_course_notebooks_are_the_ones_trusted() -> None:
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
    assert "bad.ipynb to trust it" in capsys.readouterr().err
    from nbformat.sign import NotebookNotary

    assert NotebookNotary().check_signature(nbformat.read(good, as_version=4))
    assert lab.trust([good]) == 0  # already trusted: nothing to sign
