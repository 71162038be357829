"""The course files of the installed version, handed out: ``euchre-learn lessons DIR``.

The wheel and the sdist carry the lessons (``notebooks/``), the exercise sheets with their
index and solutions (``exercises/``), the rule book and teachers' notes (``docs/``) and the
Voilà app notebooks (``apps/``) as package data, in ``euchre_learn/course_files/`` (setup.py
copies them there at build time; git holds them once, at the top of the checkout). Run from a
source checkout, the checkout's own folders are the course.

:func:`copy_course` writes them into a folder with the same layout, so the lessons' links
(``../docs/rules.md#R3.2``, ``../exercises/index.ipynb``) work there too. It never replaces a
file the learner changed: a small record in the folder (``.euchre-learn-course.json``) keeps a
fingerprint of each file as it was written, so a later run (after upgrading the package, say)
updates the files the learner left alone, leaves identical ones quietly, and keeps every file
that differs both from what was written and from what is shipped now, saying so. ``force=True``
(``--force``) replaces those too.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp()) / 'euchre'
>>> report = copy_course(folder)
>>> 'notebooks/01_cards_and_table.ipynb' in report.written and 'docs/rules.md' in report.written
True
>>> lesson = folder / 'notebooks' / '01_cards_and_table.ipynb'
>>> _ = lesson.write_text(lesson.read_text(encoding='utf-8').replace('Euchre', 'EUCHRE'), encoding='utf-8')
>>> again = copy_course(folder)
>>> again.written, again.kept, len(again.unchanged) == len(report.written) - 1
((), ('notebooks/01_cards_and_table.ipynb',), True)
>>> copy_course(folder, force=True).replaced
('notebooks/01_cards_and_table.ipynb',)
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "COURSE_FOLDERS",
    "MANIFEST",
    "SOLUTIONS",
    "CourseError",
    "CourseReport",
    "copy_course",
    "course_files",
    "course_root",
    "without_solutions",
]

COURSE_FOLDERS = ("notebooks", "exercises", "docs", "apps")
"""The folders of the course, each copied with its relative layout."""

MANIFEST = ".euchre-learn-course.json"
"""The record, in the learner's folder, of what :func:`copy_course` wrote there."""

_FORMAT = "euchre-learn/course-1"
_SKIP_DIRS = {".ipynb_checkpoints", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
_SKIP_SUFFIXES = (".pyc", ".pyo")


class CourseError(ValueError):
    """The course could not be found or written: no course files in this installation, a
    target that is not a folder, a file that cannot be written."""


def course_root() -> Path:
    """The folder that holds ``notebooks/``, ``exercises/``, ``docs/`` and ``apps/``: the
    package's ``course_files/`` when installed from a wheel, else the source checkout.

    >>> sorted(p.name for p in course_root().iterdir() if p.name in COURSE_FOLDERS)
    ['apps', 'docs', 'exercises', 'notebooks']
    """
    package = Path(__file__).resolve().parents[1]  # euchre_learn/ (this module is on the classroom floor)
    for root in (package / "course_files", package.parent):
        if all((root / name).is_dir() for name in COURSE_FOLDERS):
            return root
    raise CourseError(
        f"this installation of euchre_learn ({package}) has no course files: neither {package / 'course_files'} "
        "nor a source checkout beside it; reinstall it from a wheel or an sdist built by setup.py"
    )


def _walk(folder: Path) -> Iterator[Path]:
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.is_dir():
            if entry.name not in _SKIP_DIRS:
                yield from _walk(entry)
        elif entry.is_file() and not entry.name.endswith(_SKIP_SUFFIXES):
            yield entry


def course_files(root: Path | None = None) -> dict[str, Path]:
    """Every course file, by its path relative to the course root (``'notebooks/index.ipynb'``),
    in a fixed order; caches and editor checkpoints left out.

    >>> files = course_files()
    >>> 'exercises/solutions/01_cards_and_bidding/q1.py' in files, 'apps/play.ipynb' in files
    (True, True)
    """
    base = course_root() if root is None else root
    out: dict[str, Path] = {}
    for name in COURSE_FOLDERS:
        for path in _walk(base / name):
            out[path.relative_to(base).as_posix()] = path
    return out


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class CourseReport:
    """What :func:`copy_course` did, file by file (paths relative to the folder):
    ``written`` (new files), ``updated`` (files the learner had not changed, replaced by the
    shipped version), ``unchanged`` (already the shipped version), ``kept`` (changed by the
    learner, left alone) and ``replaced`` (changed by the learner, replaced with ``force``)."""

    folder: Path
    written: tuple[str, ...]
    updated: tuple[str, ...]
    unchanged: tuple[str, ...]
    kept: tuple[str, ...]
    replaced: tuple[str, ...]
    version: str

    def lines(self) -> list[str]:
        """The report as the command prints it."""

        def files(names: tuple[str, ...]) -> str:
            return f"{len(names)} file{'' if len(names) == 1 else 's'}"

        out = []
        if self.written:
            out.append(f"wrote {files(self.written)} of the course of euchre_learn {self.version} into {self.folder}")
        if self.updated:
            out.append(f"updated {files(self.updated)} you had not changed to euchre_learn {self.version}")
        if self.replaced:
            out.append(f"replaced {files(self.replaced)} you had changed (--force): {', '.join(self.replaced)}")
        if self.kept:
            out.append(
                f"kept {files(self.kept)} you changed (euchre-learn lessons --force replaces them): "
                + ", ".join(self.kept)
            )
        if not (self.written or self.updated or self.replaced or self.kept):
            out.append(f"{self.folder} already holds the course of euchre_learn {self.version}; nothing to do")
        out.append(f"start with {self.folder / 'notebooks' / 'index.ipynb'} (jupyter lab opens it)")
        return out


def _read_manifest(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or damaged: then every file that differs counts as the learner's
    files = data.get("files") if isinstance(data, dict) and data.get("format") == _FORMAT else None
    if not isinstance(files, dict):
        return {}
    return {str(k): str(v) for k, v in files.items()}


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise CourseError(f"cannot write {path}: {err.strerror or err}") from err


def _place(
    target: Path,
    rel: str,
    data: bytes,
    recorded: dict[str, str],
    record: dict[str, str],
    done: dict[str, list[str]],
    force: bool,
) -> None:
    new = _digest(data)
    dest = target / rel
    if dest.is_dir():
        raise CourseError(f"{dest} is a folder where the course has a file: move it away and run again")
    if not dest.exists():
        _write(dest, data)
        done["written"].append(rel)
    else:
        try:
            have = _digest(dest.read_bytes())
        except OSError as err:
            raise CourseError(f"cannot read {dest}: {err.strerror or err}") from err
        if have == new:
            done["unchanged"].append(rel)
        elif recorded.get(rel) == have:  # as written last time: the learner did not touch it
            _write(dest, data)
            done["updated"].append(rel)
        elif force:
            _write(dest, data)
            done["replaced"].append(rel)
        else:
            done["kept"].append(rel)
            return  # the fingerprint stays the one last written, so it still counts as changed
    record[rel] = new


SOLUTIONS = "exercises/solutions/"
"""Where the worked solutions of the exercise sheets are, in the course."""


def _no_solution_lines(source: Any) -> Any:
    lines = source if isinstance(source, list) else str(source).splitlines(keepends=True)
    kept = [
        line.replace("; solutions are in `solutions/`", "")
        for line in lines
        if "%load" not in line and not line.startswith("- Stuck?")
    ]
    if kept and not isinstance(source, list):
        return "".join(kept)
    if kept and lines and not lines[-1].endswith("\n"):
        kept[-1] = kept[-1].rstrip("\n")
    return kept if isinstance(source, list) else "".join(kept)


def without_solutions(rel: str, data: bytes) -> bytes | None:
    """The course file ``rel`` for a class that must not see the solutions: ``None`` for a
    solution file, an exercise notebook without its ``# %load solutions/...`` hints and its
    "Stuck?" line, any other file as it is.

    >>> without_solutions('exercises/solutions/01_cards_and_bidding/q1.py', b'answer = 24') is None
    True
    >>> nb = course_files()['exercises/01_cards_and_bidding.ipynb'].read_bytes()
    >>> b'%load' in nb, b'%load' in without_solutions('exercises/01_cards_and_bidding.ipynb', nb)
    (True, False)
    """
    if rel.startswith(SOLUTIONS):
        return None
    if not (rel.startswith("exercises/") and rel.endswith(".ipynb")):
        return data
    nb = json.loads(data.decode("utf-8"))
    for cell in nb.get("cells", []):
        cell["source"] = _no_solution_lines(cell.get("source", ""))
    return (json.dumps(nb, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def copy_course(folder: str | os.PathLike[str], *, force: bool = False, solutions: bool = True) -> CourseReport:
    """Write the course files into ``folder`` (created if missing), keeping their layout.
    A file the learner changed is kept unless ``force``; see the module's text. With
    ``solutions=False`` (``--without-solutions``) no solution file and no hint pointing at one
    is written (:func:`without_solutions`); solution files already in the folder are left
    there. Returns a :class:`CourseReport`; raises :class:`CourseError` when ``folder`` is not
    a folder or a file cannot be written."""
    from euchre_learn import __version__

    target = Path(folder).expanduser()
    if target.exists() and not target.is_dir():
        raise CourseError(f"{str(target)[:80]!r} is a file, not a folder: give a folder for the course")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CourseError(f"cannot make the folder {str(target)[:80]!r}: {err.strerror or err}") from err
    recorded = _read_manifest(target)
    record = dict(recorded)
    done: dict[str, list[str]] = {k: [] for k in ("written", "updated", "unchanged", "kept", "replaced")}
    try:
        for rel, source in course_files().items():
            data = source.read_bytes() if solutions else without_solutions(rel, source.read_bytes())
            if data is not None:
                _place(target, rel, data, recorded, record, done, force)
    finally:  # what was written is recorded even when a later file fails
        manifest = {"format": _FORMAT, "version": __version__, "files": dict(sorted(record.items()))}
        _write(target / MANIFEST, (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return CourseReport(
        folder=target,
        written=tuple(done["written"]),
        updated=tuple(done["updated"]),
        unchanged=tuple(done["unchanged"]),
        kept=tuple(done["kept"]),
        replaced=tuple(done["replaced"]),
        version=__version__,
    )
