"""House rules chosen once, for every lesson (lesson 00), and where euchre_learn keeps files.

The learner's files live in one folder: ``$EUCHRE_LEARN_HOME`` if set, else
``<Jupyter data dir>/euchre_learn`` (on JupyterHub, inside each user's own home, so nothing
is shared between students). A teacher can also fix the rules for a whole class with the
environment variable ``EUCHRE_LEARN_RULES`` (a preset name, or JSON of ``Rules`` fields).
"""

from __future__ import annotations

import json
import os
import time
import warnings
from pathlib import Path
from typing import Any

from euchre_learn.engine.rules import Rules

__all__ = ["data_dir", "house_rules", "move_aside", "read_json", "reset_house_rules", "set_house_rules", "write_json"]

SETTINGS_FILE = "settings.json"


def data_dir() -> Path:
    """The folder for progress and settings (created on first write, not here).

    >>> isinstance(data_dir(), Path)
    True
    """
    home = os.environ.get("EUCHRE_LEARN_HOME")
    if home:
        return Path(home)
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "euchre_learn"


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


def move_aside(path: Path) -> str:
    """Rename a damaged file to ``<name>.corrupt-<time>`` (never over an earlier one) and
    say where it went, for the warning."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, aside)
    except OSError as err:
        return f"it could not be moved aside ({err.strerror})"
    return f"it was moved aside to {aside.name}"


def read_json(path: Path, what: str) -> tuple[Any, str | None]:
    """Read a JSON file that a learner's session wrote: ``(data, warning)``.

    A missing file gives ``(None, None)``. A corrupt or unreadable one is moved aside to
    ``<name>.corrupt-<time>`` and gives ``(None, warning)`` saying so; nothing else is lost.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except OSError as err:
        return None, f"Could not read your {what} file {path} ({err.strerror}); starting afresh for this session."
    try:
        return json.loads(text), None
    except json.JSONDecodeError as err:
        moved = move_aside(path)
        return None, (
            f"Your {what} file {path} was damaged ({err.msg} at line {err.lineno}); {moved} "
            f"and a fresh one will be started."
        )


def house_rules() -> Rules:
    """The rules lessons use: ``EUCHRE_LEARN_RULES``, else what :func:`set_house_rules` saved,
    else the standard rules. A broken setting warns and falls back to the standard rules.

    >>> reset_house_rules(); house_rules() == Rules()
    True
    """
    env = os.environ.get("EUCHRE_LEARN_RULES")
    if env:
        try:
            return Rules.from_value(json.loads(env) if env.lstrip().startswith("{") else env)
        except (ValueError, TypeError) as err:
            warnings.warn(f"EUCHRE_LEARN_RULES={env!r} is not usable ({err}); using the standard rules", stacklevel=2)
            return Rules()
    data, problem = read_json(data_dir() / SETTINGS_FILE, "settings")
    if problem:
        warnings.warn(problem, stacklevel=2)
    if isinstance(data, dict) and "rules" in data:
        try:
            return Rules.from_value(data["rules"])
        except (ValueError, TypeError) as err:
            warnings.warn(f"the saved house rules are not usable ({err}); using the standard rules", stacklevel=2)
    return Rules()


def set_house_rules(rules: Rules | str | dict[str, Any]) -> Rules:
    """Save the rules every lesson will use from now on (a :class:`Rules`, a preset name or fields).

    >>> set_house_rules('stick-the-dealer').stick_the_dealer
    True
    >>> reset_house_rules()
    """
    chosen = Rules.from_value(rules)
    value: Any = chosen.name or {k: list(v) if isinstance(v, tuple) else v for k, v in chosen.changes().items()}
    path = data_dir() / SETTINGS_FILE
    data, _ = read_json(path, "settings")
    data = data if isinstance(data, dict) else {}
    data["rules"] = value
    write_json(path, data)
    return chosen


def reset_house_rules() -> None:
    """Go back to the standard rules."""
    path = data_dir() / SETTINGS_FILE
    data, _ = read_json(path, "settings")
    if isinstance(data, dict) and "rules" in data:
        del data["rules"]
        write_json(path, data)
