"""The course from a built wheel, as a teacher gets it with ``pip install``: the sdist and the
wheel are built from a copy of this checkout (``python -m build``, the wheel from the sdist),
the wheel is installed into a fresh venv outside the checkout, every module of the package is
imported from there, ``euchre-learn lessons DIR`` copies the course out, and a lesson and an
exercise sheet run in that copy with no error output.

The fresh venv sees the test venv's installed dependencies (a ``.pth`` line: JupyterLab,
ipywidgets, matplotlib…, so nothing is downloaded), but euchre_learn itself only from the
wheel, which the tests check (tests/wheelkit.py builds and installs it). About 30 s; ``-m "not wheel"`` leaves it out.
"""

from __future__ import annotations

import json
import pkgutil
import textwrap
from pathlib import Path

import pytest
from wheelkit import Installed, add_kernel, build_and_install

import euchre_learn

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    inst, sdist = build_and_install(tmp_path_factory.mktemp("wheel"))
    assert sdist.stat().st_size > 0
    add_kernel(inst)
    return inst


def _checkout_modules() -> list[str]:
    return sorted(
        m.name for m in pkgutil.walk_packages(euchre_learn.__path__, "euchre_learn.") if "course_files" not in m.name
    )


def test_every_module_imports_from_the_installed_wheel(installed: Installed) -> None:
    script = textwrap.dedent(
        """
        import importlib, json, pkgutil, sys
        import euchre_learn
        names = sorted(m.name for m in pkgutil.walk_packages(euchre_learn.__path__, "euchre_learn."))
        files = {n: importlib.import_module(n).__file__ for n in names}
        files["euchre_learn"] = euchre_learn.__file__
        print(json.dumps(files))
        """
    )
    files: dict[str, str] = json.loads(installed.run(installed.python, "-c", script))
    venv = installed.venv.resolve()
    for name, file in files.items():
        assert Path(file).resolve().is_relative_to(venv), f"{name} came from {file}, not the wheel"
    assert sorted(set(files) - {"euchre_learn"}) == _checkout_modules()  # no subpackage left out of the wheel
    course = installed.venv.glob("lib/python*/site-packages/euchre_learn/course_files/notebooks/*.ipynb")
    assert {p.name for p in course} == {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}


def _execute(installed: Installed, notebook: Path) -> list[dict[str, object]]:
    """Run ``notebook`` in the new venv's kernel, a first cell saying where euchre_learn is
    imported from; returns the executed cells."""
    script = textwrap.dedent(
        """
        import json, sys
        import nbformat
        from nbclient import NotebookClient
        path = sys.argv[1]
        nb = nbformat.read(path, as_version=4)
        nb.cells.insert(0, nbformat.v4.new_code_cell("import euchre_learn, sys; print(euchre_learn.__file__, sys.executable)"))
        NotebookClient(nb, timeout=120, kernel_name="wheel-venv", allow_errors=True,
                       resources={"metadata": {"path": str(__import__("pathlib").Path(path).parent)}}).execute()
        print(json.dumps(nb.cells))
        """
    )
    out = installed.run(installed.python, "-c", script, notebook, timeout=240)
    cells: list[dict[str, object]] = json.loads(out)
    return cells


def _errors(cells: list[dict[str, object]]) -> list[str]:
    found = []
    for cell in cells:
        for output in cell.get("outputs", []) or []:  # type: ignore[union-attr]
            if output.get("output_type") == "error":
                found.append(f"{output.get('ename')}: {output.get('evalue')}\n{''.join(cell['source'])[:200]}")
            elif output.get("name") == "stderr" and "Traceback" in "".join(output.get("text", "")):
                found.append("".join(output["text"])[:400])
    return found


def test_the_installed_command_copies_the_course_and_its_notebooks_run(installed: Installed) -> None:
    course = installed.base / "my course"
    out = installed.run(installed.venv / "bin" / "euchre-learn", "lessons", course)
    assert "wrote" in out and str(course) in out
    assert (course / "docs" / "rules.md").read_bytes() == (ROOT / "docs" / "rules.md").read_bytes()
    assert (course / "exercises" / "solutions" / "01_cards_and_bidding" / "q1.py").is_file()
    assert "nothing to do" in installed.run(installed.venv / "bin" / "euchre-learn", "lessons", course)

    for rel in ("notebooks/01_cards_and_table.ipynb", "exercises/01_cards_and_bidding.ipynb"):
        cells = _execute(installed, course / rel)
        first = "".join(cells[0]["outputs"][0]["text"])  # type: ignore[index]
        module, python = first.split()
        assert Path(module).resolve().is_relative_to(installed.venv.resolve()), first
        assert Path(python).parent == installed.venv / "bin", first
        assert _errors(cells) == [], rel
        ran = [c for c in cells if c["cell_type"] == "code"]
        assert all(c["execution_count"] for c in ran), rel


def test_the_installed_wheel_ships_the_real_game_with_its_licence(installed: Installed) -> None:
    """el.egn.example() from the wheel: the VWEC final, its licence and attribution beside it, and
    the documented command prints it (issue 32)."""
    script = textwrap.dedent(
        """
        import pathlib, euchre_learn as el
        path = pathlib.Path(el.egn.example())
        match = el.egn.read(path)
        notice = (path.parent / "NOTICE.md").read_text(encoding="utf-8")
        licence = (path.parent / "LICENSE").read_text(encoding="utf-8")
        print(len(match.deals), "NextSuit-Labs/euchre-game-notation" in notice, "Apache License" in licence, path)
        """
    )
    deals, notice, licence, path = installed.run(installed.python, "-c", script).split()
    assert (deals, notice, licence) == ("13", "True", "True")
    assert Path(path).resolve().is_relative_to(installed.venv.resolve())
    out = installed.run(installed.venv / "bin" / "euchre-learn", "egn", path, "--no-review")
    assert out.splitlines()[-1] == "Final score: North-South 8, East-West 10."
