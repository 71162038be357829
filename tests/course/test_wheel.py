"""The course from a built wheel, as a teacher gets it with ``pip install``: the sdist and the
wheel are built from a copy of this checkout (``python -m build``, the wheel from the sdist),
the wheel is installed into a fresh venv outside the checkout, every module of the package is
imported from there, ``euchre-learn lessons DIR`` copies the course out, and a lesson and an
exercise sheet run in that copy with no error output.

The fresh venv sees the test venv's installed dependencies (a ``.pth`` line: JupyterLab,
ipywidgets, matplotlib…, so nothing is downloaded), but euchre_learn itself only from the
wheel, which the tests check. About 30 s; ``-m "not wheel"`` leaves it out.
"""

from __future__ import annotations

import json
import os
import pkgutil
import shutil
import site
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import euchre_learn

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parents[2]


def _sources(dest: Path) -> None:
    """Copy what git would commit (tracked and new files, not ignored ones) into ``dest``."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if listed.returncode == 0 and listed.stdout:
        for rel in listed.stdout.decode().split("\0"):
            src = ROOT / rel
            if rel and src.is_file():
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dest / rel)
        return
    ignore = shutil.ignore_patterns(".*", "build", "dist", "*.egg-info", "__pycache__", "test-artifacts")
    shutil.copytree(ROOT, dest, ignore=ignore, dirs_exist_ok=True)


def _run(cmd: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: float = 120) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done.stdout


class Installed:
    def __init__(self, base: Path) -> None:
        self.base = base
        self.venv = base / "venv"
        self.python = self.venv / "bin" / "python"
        self.env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        self.env.update(
            PATH=f"{self.venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
            VIRTUAL_ENV=str(self.venv),
            JUPYTER_PATH=str(base / "share" / "jupyter"),
            JUPYTER_DATA_DIR=str(base / "jupyter-data"),
            EUCHRE_LEARN_HOME=str(base / "learner"),
            EUCHRE_LEARN_PROGRESS=str(base / "learner" / "progress.json"),
            MPLBACKEND="Agg",
        )

    def run(self, *args: str | Path, timeout: float = 120) -> str:
        return _run([str(a) for a in args], cwd=self.base, env=self.env, timeout=timeout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    assert not base.resolve().is_relative_to(ROOT.resolve())
    src, dist = base / "src", base / "dist"
    _sources(src)
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(src)], cwd=base, timeout=300)
    (wheel,) = dist.glob("euchre_learn-*.whl")
    (sdist,) = dist.glob("euchre_learn-*.tar.gz")
    assert sdist.stat().st_size > 0

    inst = Installed(base)
    _run([sys.executable, "-m", "venv", "--without-pip", str(inst.venv)], cwd=base)
    (purelib,) = inst.venv.glob("lib/python*/site-packages")
    # the test venv's packages (not its euchre_learn: an editable install is a finder that a
    # plain path line does not run, and the venv's own site-packages comes first)
    (purelib / "test-venv-packages.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(inst.python),
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        cwd=base,
        # without PYTHONPATH: a checkout on it (PYTHONPATH=$PWD, a git worktree's run) is an
        # euchre_learn 0.1.0 pip counts as installed, and it then installs nothing
        env=inst.env,
        timeout=300,
    )
    # a kernel that is the new venv's Python, whatever kernels the machine has installed
    kernel = base / "share" / "jupyter" / "kernels" / "wheel-venv"
    kernel.mkdir(parents=True)
    spec = {
        "argv": [str(inst.python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "euchre_learn from the wheel",
        "language": "python",
    }
    (kernel / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
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
