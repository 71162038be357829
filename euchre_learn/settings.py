"""House rules chosen once, for every lesson (lesson 00), and where euchre_learn keeps files.

The learner's files live in one folder: ``$EUCHRE_LEARN_HOME`` if set, else
``<Jupyter data dir>/euchre_learn`` (on JupyterHub, inside each user's own home, so nothing
is shared between students). The house rules are a setting in the learner's store
(:mod:`euchre_learn.store`); an old ``settings.json`` there is imported once and kept. A
teacher can also fix the rules for a whole class with the environment variable ``EUCHRE_LEARN_RULES`` (a preset name, or JSON of ``Rules`` fields).
"""

from __future__ import annotations

import json
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any

from .rules import Rules

__all__ = ["aside_path", "data_dir", "house_rules", "reset_house_rules", "set_house_rules", "write_json"]


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
    """Write JSON atomically: to a temporary file beside ``path``, then rename over it.
    On an ``OSError`` the temporary file is removed and the error raised; ``path`` is untouched."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


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


def house_rules() -> Rules:
    """The rules lessons use: ``EUCHRE_LEARN_RULES``, else what :func:`set_house_rules` saved
    (in the learner's store), else the standard rules. A broken setting warns and falls back
    to the standard rules.

    >>> reset_house_rules(); house_rules() == Rules()
    True
    """
    env = os.environ.get("EUCHRE_LEARN_RULES")
    if env:
        try:
            return Rules.from_value(json.loads(env) if env.lstrip().startswith("{") else env)
        except (ValueError, TypeError, RecursionError) as err:
            warnings.warn(
                f"EUCHRE_LEARN_RULES={env[:60]!r} is not usable ({err}); using the standard rules", stacklevel=2
            )
            return Rules()
    value = _store_setting(RULES_KEY)
    if value is not None:
        try:
            return Rules.from_value(value)
        except (ValueError, TypeError, RecursionError) as err:
            warnings.warn(f"the saved house rules are not usable ({err}); using the standard rules", stacklevel=2)
    return Rules()


RULES_KEY = "rules"


def _store_setting(key: str) -> Any:
    from .store import Store

    return Store.shared().setting(key)


def _store_set(key: str, value: Any) -> None:
    from .store import SetSetting, Store

    Store.shared().write(SetSetting(key, value))


def set_house_rules(rules: Rules | str | dict[str, Any]) -> Rules:
    """Save the rules every lesson will use from now on (a :class:`Rules`, a preset name or fields).

    >>> set_house_rules('stick-the-dealer').stick_the_dealer
    True
    >>> reset_house_rules()
    """
    chosen = Rules.from_value(rules)
    value: Any = chosen.name or {k: list(v) if isinstance(v, tuple) else v for k, v in chosen.changes().items()}
    _store_set(RULES_KEY, value)
    return chosen


def reset_house_rules() -> None:
    """Go back to the standard rules."""
    _store_set(RULES_KEY, None)
