"""Where the learner's files live: one folder, ``$EUCHRE_LEARN_HOME`` if set, else
``<Jupyter data dir>/euchre_learn`` (on JupyterHub, inside each user's own home), and the
two ways a file is written there (atomically) or set aside (when damaged); the learner's store
(:func:`default_path`) and how a learner's JSON file is read without ever raising (:func:`read_json_file`).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from euchre_learn.engine.jsonfiles import write_text_atomic

__all__ = ["ENV_VAR", "STORE_FILE", "aside_path", "data_dir", "default_path", "old_totals", "read_json_file", "store_path", "write_json"]

STORE_FILE = "learner.sqlite3"
ENV_VAR = "EUCHRE_LEARN_PROGRESS"


def data_dir() -> Path:
    """The folder for progress and settings (created on first write, not here).

    >>> isinstance(data_dir(), Path)
    True
    """
    home = os.environ.get("EUCHRE_LEARN_HOME")
    if home:
        return Path(home)
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:  # JupyterLite's kernel has no jupyter_core: the same folder by its rules
        return _jupyter_data_dir() / "euchre_learn"
    return Path(jupyter_data_dir()) / "euchre_learn"


def _jupyter_data_dir() -> Path:
    """Where jupyter_core would put Jupyter's data (``$JUPYTER_DATA_DIR``, else the platform's
    usual place), for a Python without jupyter_core."""
    env = os.environ.get("JUPYTER_DATA_DIR")
    if env:
        return Path(env)
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Jupyter"
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "jupyter"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "jupyter"


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically (:func:`euchre_learn.engine.jsonfiles.write_text_atomic`): a temporary
    file beside ``path``, then a rename over it. On an error the temporary file is removed and
    the error raised; ``path`` is untouched."""
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))


def aside_path(path: Path) -> Path:
    """A free name for setting ``path`` aside: ``<name>.corrupt-<time>`` (``-1``, ``-2``, ...
    when one of that second exists)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    return aside


def default_path() -> Path:
    """``$EUCHRE_LEARN_PROGRESS`` (``x.json`` meaning ``x.sqlite3``), else ``learner.sqlite3``
    in the data folder.

    >>> default_path().suffix
    '.sqlite3'
    """
    env = os.environ.get(ENV_VAR)
    if env:
        return store_path(env)
    return data_dir() / STORE_FILE


def store_path(path: str | os.PathLike[str]) -> Path:
    """The database a path names: itself, or for an old ``progress.json`` the ``.sqlite3`` beside it.

    >>> store_path('/home/me/progress.json').name
    'progress.sqlite3'
    """
    p = Path(path)
    return p.with_suffix(".sqlite3") if p.suffix.lower() == ".json" else p


def read_json_file(path: Path) -> tuple[Any, str | None]:
    """A learner's JSON file: ``(data, None)``, ``(None, None)`` when there is none, or
    ``(None, why)`` when it cannot be read. Never raises: invalid UTF-8, deep nesting, a
    number too long to convert and a folder in its place all give a reason."""
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None, None
    except OSError as err:
        return None, f"it cannot be read: {err.strerror or err}"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return None, f"it cannot be read: it is not UTF-8 text (byte {err.start})"
    try:
        return json.loads(text), None
    except json.JSONDecodeError as err:
        return None, f"it is not valid JSON: {err.msg} at line {err.lineno}"
    except RecursionError:
        return None, "it is nested too deeply to read"
    except ValueError as err:  # e.g. an integer of thousands of digits
        return None, f"it holds a value that cannot be read ({str(err)[:60]})"


def old_totals(value: Any) -> tuple[int, int, int, int] | None:
    """Old progress-file totals (answered, correct, streak, best streak), or ``None`` when they make no sense."""
    if not isinstance(value, dict):
        return None
    nums = [value.get(f, 0) for f in ("answered", "correct", "streak", "best_streak")]
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**9 for n in nums):
        return None
    answered, correct, streak, best = nums
    if correct > answered or streak > answered or best > answered or streak > correct:
        return None
    return answered, correct, streak, max(best, streak)
