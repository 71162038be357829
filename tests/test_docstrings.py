"""Every public function and method says what it does (issue 31, item 9): the modules below were the
ones that did not. ``inspect.getdoc`` reads an override's words from the method it overrides (each
change of the learner's store names :class:`~euchre_learn.learner.store_tables.Op` as its base)."""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

import pytest

MODULES = (
    "euchre_learn.engine.text",
    "euchre_learn.engine.records",
    "euchre_learn.learner.store_tables",
    "euchre_learn.learner.store_backends",
    "euchre_learn.classroom.server.db",
)


def undocumented(module: ModuleType) -> list[str]:
    """The public functions, classes, methods and properties defined in ``module`` with no docstring."""
    out = []
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(obj) and not inspect.getdoc(obj):
            out.append(name)
        elif inspect.isclass(obj):
            if not obj.__doc__:
                out.append(name)
            for member, value in vars(obj).items():
                if member.startswith("_") or not (inspect.isfunction(value) or isinstance(value, property)):
                    continue
                if not inspect.getdoc(getattr(obj, member) if inspect.isfunction(value) else value):
                    out.append(f"{name}.{member}")
    return out


@pytest.mark.parametrize("name", MODULES)
def test_every_public_function_has_a_docstring(name: str) -> None:
    missing = undocumented(importlib.import_module(name))
    assert not missing, f"{name}: say what these do: {missing}"


def test_the_check_sees_a_missing_docstring() -> None:
    probe = ModuleType("probe")
    exec(
        "class A:\n    '''An A.'''\n    def f(self): pass\n    @property\n    def p(self): return 1\n"
        "    def g(self):\n        '''A g.'''\ndef h(): pass\ndef _private(): pass\n",
        probe.__dict__,
    )
    assert undocumented(probe) == ["A.f", "A.p", "h"]
