"""Where the learner's files live: one folder, ``$EUCHRE_LEARN_HOME`` if set, else
``<Jupyter data dir>/euchre_learn`` (on JupyterHub, inside each user's own home), and the
two ways a file is written there (atomically) or set aside (when damaged).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from euchre_learn.engine.jsonfiles import write_text_atomic

__all__ = ["aside_path", "data_dir", "write_json"]


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
