"""The flat module paths of euchre_learn 0.1 (``euchre_learn.quiz``, ``euchre_learn.progress``,
``euchre_learn.lesson``, ...) as aliases of the modules' homes on their floors.

Teachers' notebooks written against the old layout keep working, and API.md's
``euchre_learn.progress.Progress`` imports as written there. An alias is the very module
object, not a copy: ``euchre_learn.quiz is euchre_learn.teaching.quiz``.

>>> import euchre_learn.progress, euchre_learn.learner.progress
>>> euchre_learn.progress is euchre_learn.learner.progress
True
>>> euchre_learn.progress.__spec__.name
'euchre_learn.learner.progress'
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

# old flat name (under euchre_learn) -> its home now. Not ``euchre_learn.cards``: importing an
# alias sets it as an attribute of the package, and ``el.cards`` is the function of API.md.
OLD_PATHS = {
    "_core": "engine.core",
    "actions": "engine.actions",
    "errors": "engine.errors",
    "explain": "engine.explain",
    "game": "engine.game",
    "hand": "engine.hand",
    "records": "engine.records",
    "rules": "engine.rules",
    "trump": "engine.trump",
    "progress": "learner.progress",
    "settings": "learner.settings",
    "advisor": "analysis.advisor",
    "bots": "analysis.bots",
    "examples": "analysis.examples",
    "expert": "analysis.expert",
    "plots": "analysis.plots",
    "solver": "analysis.solver",
    "tournament": "analysis.tournament",
    "lesson": "teaching.lesson",
    "quiz": "teaching.quiz",
    "quiz_bank": "teaching.quiz_bank",
    "render": "teaching.render",
    "widgets": "teaching.widgets",
    "stepper": "interactive.stepper",
    "table": "interactive.table",
    "table_widget": "interactive.table_widget",
    "cli": "classroom.cli",
    "exercises": "classroom.exercises",
    "worksheet": "classroom.worksheet",
}
_PREFIX = "euchre_learn."


def target(fullname: str) -> str | None:
    """The module an old path names now, or ``None`` when ``fullname`` is not an old path.

    >>> target('euchre_learn.quiz'), target('euchre_learn.exercises.review'), target('euchre_learn.engine')
    ('euchre_learn.teaching.quiz', 'euchre_learn.classroom.exercises.review', None)
    """
    if not fullname.startswith(_PREFIX):
        return None
    head, dot, rest = fullname[len(_PREFIX) :].partition(".")
    if head not in OLD_PATHS:
        return None
    return _PREFIX + OLD_PATHS[head] + dot + rest


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, real: str) -> None:
        self.real = real
        self.real_spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.real)
        self.real_spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The real module ran when it was imported under its own name; the import system
        has just stamped the alias's spec on it, so give it back its own."""
        module.__spec__ = self.real_spec


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target_module: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        real = target(fullname)
        if real is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(real))


def install() -> None:
    """Put the alias finder first on ``sys.meta_path`` (once), before the path finder that
    would otherwise load a second copy of a submodule through an alias package's ``__path__``."""
    if not any(isinstance(finder, _AliasFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())
