"""The one build step pyproject.toml cannot say: the course files (notebooks/, exercises/,
docs/, apps/) are copied into the package as ``euchre_learn/course_files/`` while the wheel is
built, so ``euchre-learn lessons DIR`` can hand them out from an installed package. Git keeps
them once, at the top of the checkout; MANIFEST.in puts them in the sdist, from which the wheel
is built the same way."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
COURSE_FOLDERS = ("notebooks", "exercises", "docs", "apps")  # as euchre_learn.classroom.course.COURSE_FOLDERS
SKIP = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.pyc", "*.pyo")


class build_py_with_course(build_py):
    """build_py, then the course folders into <build_lib>/euchre_learn/course_files/."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's own folders (euchre_learn.classroom.course.course_root)
        missing = [name for name in COURSE_FOLDERS if not (HERE / name).is_dir()]
        if missing:
            raise SystemExit(f"setup.py: the course folders {', '.join(missing)} are missing from {HERE}")
        target = Path(self.build_lib) / "euchre_learn" / "course_files"
        if target.exists():
            shutil.rmtree(target)  # a stale copy must not outlive a removed lesson
        for name in COURSE_FOLDERS:
            shutil.copytree(HERE / name, target / name, ignore=SKIP)


setup(cmdclass={"build_py": build_py_with_course})
