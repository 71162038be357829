"""The floors of docs/architecture.md hold: no import loops, a light ``import euchre_learn``,
the old flat module paths as aliases of the same modules, and every API.md name at the root."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import grimp
import pytest

import euchre_learn as el
from euchre_learn import _compat

RENDER = "euchre_learn.teaching.render"  # the one sanctioned climb: a lazy import in _repr_html_


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(el.__path__, "euchre_learn."))


def test_no_module_imports_itself_through_a_loop() -> None:
    graph = grimp.build_graph("euchre_learn", exclude_type_checking_imports=True)
    graph.remove_module(RENDER)  # engine -> render -> engine is the _repr_html_ climb
    loops = []
    for importer in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported != importer and graph.chain_exists(importer=imported, imported=importer):
                loops.append(graph.find_shortest_chain(importer=imported, imported=importer))
    assert not loops, f"import loops: {loops}"


def test_the_engine_imports_nothing_above_it_at_module_level() -> None:
    graph = grimp.build_graph("euchre_learn", exclude_type_checking_imports=True)
    for module in sorted(m for m in graph.modules if m.startswith("euchre_learn.engine")):
        for imported in graph.find_modules_directly_imported_by(module):
            if imported.startswith("euchre_learn") and not imported.startswith("euchre_learn.engine"):
                details = graph.get_import_details(importer=module, imported=imported)
                assert imported == RENDER, f"{module} imports {imported}: {details}"


def test_the_root_holds_only_a_handful_of_modules_beside_the_floors() -> None:
    floors = {"engine", "learner", "analysis", "teaching", "interactive", "classroom"}
    top = {m.name for m in pkgutil.iter_modules(el.__path__)}
    assert floors <= top
    assert top - floors == {"_compat"}


@pytest.mark.parametrize("name", _modules())
def test_every_module_imports(name: str) -> None:
    importlib.import_module(name)


def test_import_euchre_learn_stays_light() -> None:
    code = (
        "import sys, time; t = time.perf_counter(); import euchre_learn; t = time.perf_counter() - t; "
        "print(any(m.split('.')[0] in ('ipywidgets', 'matplotlib') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("old", sorted(_compat.OLD_PATHS))
def test_an_old_flat_path_is_the_same_module(old: str) -> None:
    alias = importlib.import_module(f"euchre_learn.{old}")
    real = importlib.import_module(f"euchre_learn.{_compat.OLD_PATHS[old]}")
    assert alias is real
    assert real.__spec__ is not None and real.__spec__.name == real.__name__
    # importing an alias must not replace a name of the API at the root
    for name in el.__all__:
        assert not isinstance(getattr(el, name), type(sys)), name


def test_a_submodule_through_an_old_package_path_is_not_a_second_copy() -> None:
    alias = importlib.import_module("euchre_learn.exercises.review")
    assert alias is importlib.import_module("euchre_learn.classroom.exercises.review")


def test_every_lazy_name_of_the_root_resolves() -> None:
    for name in (*el._SUBMODULES, *el._FUNCTIONS):
        assert getattr(el, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        el.nonsense  # noqa: B018
