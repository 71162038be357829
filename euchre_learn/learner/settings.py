"""House rules chosen once, for every lesson (lesson 00).

The learner's files live in one folder (:mod:`.files`): ``$EUCHRE_LEARN_HOME`` if set, else
``<Jupyter data dir>/euchre_learn`` (on JupyterHub, inside each user's own home, so nothing
is shared between students). The house rules are a setting in the learner's store
(:mod:`.store`); an old ``settings.json`` there is imported once and kept. A
teacher can also fix the rules for a whole class with the environment variable ``EUCHRE_LEARN_RULES`` (a preset name, or JSON of ``Rules`` fields).
"""

from __future__ import annotations

import json
import os
import warnings
from typing import Any

from euchre_learn.engine.rules import Rules
from euchre_learn.learner.files import aside_path, data_dir, write_json

__all__ = ["aside_path", "data_dir", "house_rules", "reset_house_rules", "set_house_rules", "write_json"]


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
    from euchre_learn.learner.store import Store

    return Store.shared().setting(key)


def _store_set(key: str, value: Any) -> None:
    from euchre_learn.learner.store import SetSetting, Store

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
