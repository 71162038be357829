"""The package as a teacher gets it: the wheel built from a copy of this checkout and installed
into a fresh venv outside it (tests/course/test_wheel.py runs the course from there,
tests/browser/test_apps_from_wheel.py serves the Voilà apps with the installed command).

The fresh venv sees the test venv's installed dependencies (a ``.pth`` line: JupyterLab,
ipywidgets, Voilà…, so nothing is downloaded), but euchre_learn itself only from the wheel.
With ``data_files=True`` it also gets the files those dependencies install under its prefix
(``share/jupyter``: JupyterLab extensions, Voilà's own; ``etc/jupyter``: the server extensions
they turn on), copied from the test venv, as ``pip install`` of the same packages would have
put them there: a ``.pth`` line brings a package's Python code, not its data files, and Jupyter
and Voilà look for those under the running Python's prefix.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def copy_sources(dest: Path) -> None:
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


def run(cmd: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: float = 120) -> str:
    """Run ``cmd``; fail with its output unless it exits 0; return its standard output."""
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done.stdout


class Installed:
    """A fresh venv under ``base`` (``base/venv``) and the environment to run its commands in:
    its ``bin`` first on ``PATH``, no ``PYTHONPATH`` (a checkout on it would shadow the wheel),
    Jupyter's and the learner's folders under ``base``."""

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
        return run([str(a) for a in args], cwd=self.base, env=self.env, timeout=timeout)


def build_and_install(base: Path, extras: str = "", *, data_files: bool = False) -> tuple[Installed, Path]:
    """Build the sdist and the wheel from a copy of the checkout into ``base/dist``, make a fresh
    venv and install the wheel there (``extras`` such as ``"app"``: ``wheel[app]``, its
    dependencies checked against those the venv sees; without extras, the wheel alone). Returns
    the installed venv and the sdist. ``data_files``: see the module's docstring."""
    assert not base.resolve().is_relative_to(ROOT.resolve())
    src, dist = base / "src", base / "dist"
    copy_sources(src)
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(src)], cwd=base, timeout=300)
    (wheel,) = dist.glob("euchre_learn-*.whl")
    (sdist,) = dist.glob("euchre_learn-*.tar.gz")

    inst = Installed(base)
    run([sys.executable, "-m", "venv", "--without-pip", str(inst.venv)], cwd=base)
    (purelib,) = inst.venv.glob("lib/python*/site-packages")
    # the test venv's packages (not its euchre_learn: an editable install is a finder that a
    # plain path line does not run, and the venv's own site-packages comes first)
    (purelib / "test-venv-packages.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    if data_files:  # copies, not links: a command run in the new venv may write there (a template)
        for folder in ("share/jupyter", "etc/jupyter"):
            ignore = shutil.ignore_patterns("nbextensions")  # the classic notebook's, unused
            shutil.copytree(Path(sys.prefix) / folder, inst.venv / folder, ignore=ignore, symlinks=True)
    target = f"{wheel}[{extras}]" if extras else str(wheel)
    run(
        [sys.executable, "-m", "pip", "--python", str(inst.python), "install", "-q", "--no-index"]
        + ([] if extras else ["--no-deps"])
        + [target],
        cwd=base,
        # without PYTHONPATH: a checkout on it (PYTHONPATH=$PWD, a git worktree's run) is an
        # euchre_learn 0.1.0 pip counts as installed, and it then installs nothing
        env=inst.env,
        timeout=300,
    )
    return inst, sdist


def add_kernel(inst: Installed) -> None:
    """A kernel ``wheel-venv`` that is the new venv's Python, whatever kernels the machine has."""
    kernel = inst.base / "share" / "jupyter" / "kernels" / "wheel-venv"
    kernel.mkdir(parents=True)
    spec = {
        "argv": [str(inst.python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "euchre_learn from the wheel",
        "language": "python",
    }
    (kernel / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
