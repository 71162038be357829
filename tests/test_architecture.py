"""The guards of docs/architecture.md (issue 21): floors that hold, rooms with named seams.

- no import of an ``_underscore`` name (or module) from another module, except inside one
  private package folder (``_src/``, as pgx keeps it);
- no module reads a private attribute (``hand._s``) that another module of ours defines, except
  the engine's modules among themselves (the rest read ``hand.core``, ``hand.history_ids``, ...);
- no function body stands twice: two modules that wrote the same function (names aside) let one
  serve the other;
- no import cycle between modules, type-only and lazy imports included; the only imports
  taken out of the graph are import-linter's ``ignore_imports``: exact module pairs, each one a
  lazy import inside a ``_repr_*_`` method (python-chess's ``_repr_svg_``);
- the import-linter layers name every floor, bottom up as docs/architecture.md draws them;
- ``str()`` of a card, a hand, a trick and a game imports nothing above the engine;
- no module over 600 lines, and no function over 100, except in the solver's search (the reason
  is in docs/architecture.md);
- ``import euchre_learn`` is light: it loads the engine and the learner's settings, nothing else
  of ours and nothing outside the standard library;
- one path per module (no import hook), and every name API.md puts at the root is in ``dir(el)``,
  ``help(el)`` and (through ``if TYPE_CHECKING:`` imports) what a type checker sees;
- the tests mirror the package: every subpackage has its tests folder, and a ``test_<name>.py``
  named for a module (or subpackage) sits in that one's mirrored folder (tests/browser/ and
  tests/course/ test the whole and mirror nothing).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import pkgutil
import pydoc
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import grimp
import pytest
import tomllib

import euchre_learn as el

ROOT = Path(el.__file__).parent
PYPROJECT = ROOT.parent / "pyproject.toml"

FLOORS = (  # bottom up; a floor imports only the floors below it ('|': side by side, independent)
    "euchre_learn.engine",
    "euchre_learn.display",
    "euchre_learn.analysis | euchre_learn.learner",
    "euchre_learn.charts",
    "euchre_learn.teaching",
    "euchre_learn.interactive",
    "euchre_learn.classroom",
)
MAX_LINES = 600
MAX_FUNCTION_LINES = 100
LONGER = {"euchre_learn.analysis.search"}  # the solver's search: one idea in the hottest loop (docs/architecture.md)


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(el.__path__, "euchre_learn."))


def _path(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    return Path(spec.origin)


@cache
def _tree(module: str) -> ast.Module:
    return ast.parse(_path(module).read_text(encoding="utf-8"), filename=str(_path(module)))


@cache
def _graph() -> grimp.ImportGraph:
    """Every import between our modules: module level, in functions, and under TYPE_CHECKING."""
    return grimp.build_graph("euchre_learn", exclude_type_checking_imports=False)


def _importlinter() -> dict[str, object]:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    return data["tool"]["importlinter"]  # type: ignore[no-any-return]


def _layers_contract() -> dict[str, object]:
    (layers,) = [c for c in _importlinter()["contracts"] if c["type"] == "layers"]  # type: ignore[attr-defined]
    return layers  # type: ignore[no-any-return]


def _ignore_entries() -> list[str]:
    return list(_layers_contract().get("ignore_imports", []))  # type: ignore[attr-defined]


def _pair(entry: str) -> tuple[str, str]:
    importer, arrow, imported = entry.partition(" -> ")
    assert (
        arrow and re.fullmatch(r"euchre_learn(\.\w+)+", importer) and re.fullmatch(r"euchre_learn(\.\w+)+", imported)
    ), f"ignore_imports names exact module pairs 'a.b -> c.d', no wildcards: {entry!r}"
    return importer, imported


def _ignored_pairs() -> list[tuple[str, str]]:
    return [_pair(entry) for entry in _ignore_entries()]


def test_ignore_imports_are_exact_module_pairs() -> None:
    for entry in _ignore_entries():
        importer, imported = _pair(entry)
        assert _is_module(importer) and _is_module(imported), entry
    with pytest.raises(AssertionError):
        _pair("euchre_learn.engine.* -> euchre_learn.display.html")


# ---- seams: no _underscore import across modules -------------------------------------------------


def _private_parts(dotted: str) -> list[int]:
    """The indexes of the private parts of a dotted name (``_x``, not ``__init__``-style dunders)."""
    return [i for i, part in enumerate(dotted.split(".")) if part.startswith("_") and not part.startswith("__")]


def _inside_private_package(importer: str, owner: str) -> bool:
    """Both modules sit in one private package folder (``a._src.x`` and ``a._src.y``)."""
    shared = []
    for a, b in zip(importer.split("."), owner.split("."), strict=False):
        if a != b:
            break
        shared.append(a)
    return any(part.startswith("_") and not part.startswith("__") for part in shared)


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = importer.split(".")
    base = package if is_package else package[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _crossings(module: str, tree: ast.Module, is_package: bool = False) -> list[str]:
    """The ``_underscore`` names (and private modules) ``module`` takes from another module:
    by name (``from m import _x``, relative too), as a private module, or as an attribute of a
    module of ours it imported (``advisor._Worlds``); lazy and type-only imports included."""
    out = []
    bound: dict[str, str] = {}  # local name -> the module of ours it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("euchre_learn"):
                    bound[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else "euchre_learn"
                    for i in _private_parts(alias.name):
                        owner = ".".join(alias.name.split(".")[:i])
                        if not module.startswith(owner + ".") and not _inside_private_package(module, alias.name):
                            out.append(f"line {node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(module, is_package, node)
            if not source.startswith("euchre_learn"):
                continue
            for alias in node.names:
                full = f"{source}.{alias.name}"
                if _is_module(full):
                    bound[alias.asname or alias.name] = full
                for i in _private_parts(full):
                    parts = full.split(".")
                    if i == len(parts) - 1 and not _is_module(full):  # a private name of module `source`
                        ok = source == module or _inside_private_package(module, source)
                    else:  # a private module: only its own package (or a private package folder) imports it
                        owner = ".".join(parts[:i])
                        ok = module.startswith(owner + ".") or _inside_private_package(module, full)
                    if not ok:
                        out.append(f"line {node.lineno}: from {source} import {alias.name}")
    for node in ast.walk(tree):  # `advisor._Worlds` after `from euchre_learn.analysis import advisor`
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            owner = bound[node.value.id]
            if owner != module and not _inside_private_package(module, owner):
                out.append(f"line {node.lineno}: {node.value.id}.{node.attr} ({owner})")
    return out


@cache
def _is_module(dotted: str) -> bool:
    try:
        return importlib.util.find_spec(dotted) is not None
    except ModuleNotFoundError:
        return False


def test_no_module_imports_an_underscore_name_of_another() -> None:
    found = {}
    for m in _modules():
        if crossings := _crossings(m, _tree(m), _path(m).name == "__init__.py"):
            found[m] = crossings
    assert not found, "give these seams a public name (or a module):\n" + "\n".join(
        f"{m}: {c}" for m, c in sorted(found.items())
    )


def test_the_underscore_guard_catches_a_crossing() -> None:
    """The guard above can fail: it sees a private name taken by name, relatively, as an
    attribute, and a private module; not a module's own names, nor a private package's."""
    probe = ast.parse(
        "from euchre_learn.engine.trump import _nothing\n"
        "from .trump import _relative\n"
        "from euchre_learn.engine import trump\n"
        "def f():\n    return trump._secret\n"
        "import euchre_learn.analysis._private\n"
        "from euchre_learn.engine.probe import _mine\n"
    )
    assert len(_crossings("euchre_learn.engine.probe", probe)) == 4
    inside = ast.parse("from euchre_learn.engine._src.b import _shared\nfrom . import _c\n")
    assert _crossings("euchre_learn.engine._src.a", inside) == []


# ---- private attributes: no module reads another module's ------------------------------------------

ENGINE = "euchre_learn.engine"


def _private_attribute(name: str) -> bool:
    """``_x``: one leading underscore; not a dunder (``__eq__``), nor a name of IPython's display
    protocol (``_repr_html_``, ``_render_traceback_``), which others are meant to call."""
    return name.startswith("_") and not name.startswith("__") and not (len(name) > 2 and name.endswith("_"))


def _defined_attributes(tree: ast.Module) -> set[str]:
    """The private attribute names a module defines: its classes' methods, properties and class
    attributes (``__slots__`` entries too), and what its code sets on ``self`` or ``cls``."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    out.add(item.name)
                targets = (
                    item.targets
                    if isinstance(item, ast.Assign)
                    else [item.target]
                    if isinstance(item, ast.AnnAssign)
                    else []
                )
                for target in targets:
                    if isinstance(target, ast.Name):
                        out.add(target.id)
                        if target.id == "__slots__" and isinstance(item, ast.Assign):
                            out |= {
                                c.value
                                for c in ast.walk(item.value)
                                if isinstance(c, ast.Constant) and isinstance(c.value, str)
                            }
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            out.add(node.attr)
    return {name for name in out if _private_attribute(name)}


@cache
def _attribute_owners() -> dict[str, frozenset[str]]:
    """Each private attribute name of ours -> the modules that define it."""
    owners: dict[str, set[str]] = {}
    for m in _modules():
        for name in _defined_attributes(_tree(m)):
            owners.setdefault(name, set()).add(m)
    return {name: frozenset(ms) for name, ms in owners.items()}


def _in_engine(module: str) -> bool:
    return module == ENGINE or module.startswith(ENGINE + ".")


def _attribute_crossings(module: str, tree: ast.Module, owners: dict[str, frozenset[str]]) -> list[str]:
    """The private attributes ``module`` reads (or sets) on something that is not its own ``self``,
    ``cls`` or ``super()``, where the name is defined by another module of ours and not by ``module``.

    The rule, as docs/architecture.md states it: a class's private attributes are read by the module
    that defines it; the engine's modules may read each other's (they are one machine: ``Hand``
    builds itself from ``core.play``'s tuples); a name no module of ours defines is a library's
    (namedtuple's ``_replace``, SQLAlchemy's ``Row._mapping``, ipywidgets' ``_view_count``) and out
    of this guard's reach. Everything else reads the public face (``hand.core``, ``hand.history_ids``,
    ``hand.deal_masks``; docs/architecture.md)."""
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and _private_attribute(node.attr)):
            continue
        value = node.value
        if isinstance(value, ast.Name) and value.id in ("self", "cls"):
            continue
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super":
            continue
        defined_by = owners.get(node.attr, frozenset())
        if not defined_by or module in defined_by:
            continue
        if _in_engine(module) and any(_in_engine(m) for m in defined_by):
            continue
        out.append(f"line {node.lineno}: {ast.unparse(node)} ({', '.join(sorted(defined_by))})")
    return out


def test_no_module_reads_a_private_attribute_of_another() -> None:
    owners = _attribute_owners()
    found = {m: c for m in _modules() if (c := _attribute_crossings(m, _tree(m), owners))}
    count = sum(len(c) for c in found.values())
    assert count == 0, f"{count} private attribute reads across modules: read the public face instead:\n" + "\n".join(
        f"{m}: {c}" for m, c in sorted(found.items())
    )


def test_the_attribute_guard_catches_a_private_read() -> None:
    """The guard above can fail: a read of another module's ``_s`` on a hand, on an attribute chain
    and through a call counts; ``self``, ``super()``, the module's own names, a library's names,
    IPython's ``_repr_html_`` and the engine's modules among themselves do not."""
    owners = {"_s": frozenset({"euchre_learn.engine.hand"}), "_own": frozenset({"euchre_learn.analysis.probe"})}
    probe = ast.parse(
        "def f(hand, j, row):\n"
        "    a = hand._s\n"
        "    b = j.position._s.to_act\n"
        "    c = make()._s\n"
        "    hand._s = None\n"
        "    ok = (self._s, super()._s, hand._own, row._mapping, hand._repr_html_(), hand.__class__)\n"
    )
    assert len(_attribute_crossings("euchre_learn.analysis.probe", probe, owners)) == 4
    engine = _attribute_crossings("euchre_learn.engine.explain", probe, owners)  # the engine's own _s is allowed there
    assert len(engine) == 1 and "hand._own" in engine[0]
    assert _defined_attributes(
        ast.parse("class A:\n    __slots__ = ('_x',)\n    _y: int\n    def _z(self):\n        self._w = 1\n")
    ) == {"_x", "_y", "_z", "_w"}


# ---- twins: one function body in one place --------------------------------------------------------

TWIN_NODES = 12
"""A body counts from this many AST nodes on (docstring out): more than returning an attribute or one
call (``return self.progress.warnings`` may stand in two classes; a copied computation may not)."""


class _Placeholders(ast.NodeTransformer):
    """Names the function binds (its parameters, then its locals as first bound) become ``v0``, ``v1``,
    ...; annotations go: two bodies that differ only there are one body."""

    def __init__(self, names: list[str]) -> None:
        self.names = {name: f"v{i}" for i, name in enumerate(names)}

    def visit_Name(self, node: ast.Name) -> ast.Name:
        node.id = self.names.get(node.id, node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.arg, node.annotation = self.names.get(node.arg, node.arg), None
        return node


def _body_key(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The function's body normalised (docstring out, its own names as placeholders), or ``None`` when
    it is a protocol method (``__eq__``, ``_repr_pretty_``: the protocol writes their body) or too small."""
    if fn.name.startswith("__") or re.fullmatch(r"_repr_\w+_", fn.name):
        return None
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    a = fn.args
    names = [x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs, *filter(None, (a.vararg, a.kwarg)))]
    copy = ast.parse(ast.unparse(ast.Module(body=body, type_ignores=[])))
    for node in ast.walk(copy):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id not in names:
            names.append(node.id)
    normal = _Placeholders(names).visit(copy)
    if sum(1 for _ in ast.walk(normal)) < TWIN_NODES:
        return None
    return ast.dump(normal, annotate_fields=False)


def _twins(trees: dict[str, ast.Module]) -> list[list[str]]:
    """Groups of functions, in two modules or more, whose normalised bodies are one (each as
    ``module:function:line``)."""
    places: dict[str, list[tuple[str, str]]] = {}
    for module, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (key := _body_key(node)) is not None:
                places.setdefault(key, []).append((module, f"{module}:{node.name}:{node.lineno}"))
    return [sorted(p for _, p in group) for group in places.values() if len({m for m, _ in group}) > 1]


def test_no_function_body_stands_twice_in_two_modules() -> None:
    twins = _twins({m: _tree(m) for m in _modules()})
    assert not twins, f"{len(twins)} function bodies stand in two modules or more: let one serve:\n" + "\n".join(
        " = ".join(group) for group in twins
    )


def test_the_twin_guard_catches_a_copied_body() -> None:
    """The guard above can fail: a body copied under other names (the function's, its parameters',
    its locals', its annotations') counts; the same body in one module, a protocol method's, a body
    too small to be an idea of its own, and a body that differs in one constant do not."""
    shared = "    n = 0\n    for c in cards:\n        n += c.rank > limit\n    return n\n"
    a = ast.parse(f"def count_high(cards: list, limit: int) -> int:\n    \"\"\"Doc.\"\"\"\n{shared}")
    b = ast.parse(
        "def _highs(hand, bar):\n    total = 0\n    for card in hand:\n        total += card.rank > bar\n    return total\n"
        "def __eq__(self, other):\n    return self.rank == other.rank and self.suit == other.suit\n"
        "def small(self):\n    return self.progress.warnings\n"
    )
    c = ast.parse(
        "def __eq__(self, other):\n    return self.rank == other.rank and self.suit == other.suit\n"
        "def small(self):\n    return self.progress.warnings\n"
        "def near(cards, limit):\n    n = 1\n    for c in cards:\n        n += c.rank > limit\n    return n\n"
    )
    found = _twins({"euchre_learn.x": a, "euchre_learn.y": b, "euchre_learn.z": c})
    assert found == [["euchre_learn.x:count_high:1", "euchre_learn.y:_highs:1"]]
    assert _twins({"euchre_learn.x": ast.parse(f"def f(cards, limit):\n{shared}def g(cards, limit):\n{shared}")}) == []


# ---- loops --------------------------------------------------------------------------------------


def _loops(graph: grimp.ImportGraph) -> list[tuple[str, ...]]:
    loops = set()
    for importer in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported != importer and graph.chain_exists(importer=imported, imported=importer):
                chain = graph.find_shortest_chain(importer=imported, imported=importer)
                assert chain is not None
                loops.add(tuple(chain))
    return sorted(loops)


def test_no_import_loop_between_modules() -> None:
    """Type-only and lazy imports count; only the listed ``_repr_*_`` climbs are taken out, as exact pairs."""
    graph = grimp.build_graph("euchre_learn", exclude_type_checking_imports=False)
    for importer, imported in _ignored_pairs():
        graph.remove_import(importer=importer, imported=imported)
    loops = _loops(graph)
    assert not loops, "import loops (move the idea that both sides need into its own room):\n" + "\n".join(
        " -> ".join(loop) for loop in loops
    )


def test_the_loop_guard_catches_a_loop() -> None:
    graph = grimp.ImportGraph()
    for a, b in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")):
        graph.add_import(importer=a, imported=b)
    assert len(_loops(graph)) == 3


# ---- the floors and their one allowed climb --------------------------------------------------------


def test_the_layers_contract_names_every_floor() -> None:
    contract = _layers_contract()
    assert list(reversed(contract["layers"])) == list(FLOORS)  # type: ignore[call-overload]
    floors = {m for layer in FLOORS for m in layer.split(" | ")}
    top = {f"euchre_learn.{m.name}" for m in pkgutil.iter_modules(el.__path__)}
    assert top == floors, "every module of the package lives on a floor (the root is __init__.py alone)"


def _in_repr_method(module: str, line: int) -> bool:
    for node in ast.walk(_tree(module)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and re.fullmatch(r"_repr_\w+_", node.name):
            end = node.end_lineno or node.lineno
            if node.lineno <= line <= end:
                return True
    return False


@pytest.mark.parametrize("entry", _ignore_entries())
def test_each_allowed_climb_is_a_lazy_import_inside_a_repr_method(entry: str) -> None:
    importer, imported = _pair(entry)
    details = _graph().get_import_details(importer=importer, imported=imported)
    assert details, f"{importer} no longer imports {imported}: take the pair out of ignore_imports"
    for d in details:
        assert _in_repr_method(importer, d["line_number"]), (
            f"{importer} line {d['line_number']} ({d['line_contents']}) climbs to {imported} outside a _repr_*_ method"
        )


def test_the_repr_guard_sees_a_module_level_import() -> None:
    """The check above can fail: line 1 of any module is not inside a method."""
    assert not _in_repr_method("euchre_learn.engine.cards", 1)


def test_the_engine_imports_no_widgets_charts_or_ipython() -> None:
    (forbidden,) = [c for c in _importlinter()["contracts"] if c["type"] == "forbidden"]  # type: ignore[attr-defined]
    assert forbidden["source_modules"] == ["euchre_learn.engine"]
    assert {"ipywidgets", "matplotlib", "IPython"} <= set(forbidden["forbidden_modules"])


# ---- text stays in the engine --------------------------------------------------------------------

_STR = """
import sys, json
import euchre_learn as el
before = set(sys.modules)
hand = el.Hand.deal('S', seed=1)
while hand.current_trick is None or not hand.current_trick.cards:  # order up, discard, lead
    actions = hand.legal_actions()
    hand = hand.apply(actions[1] if hand.phase == el.Phase.ROUND_1 else actions[0])
game = el.Game(seed=2, dealer='N')
texts = [str(el.Card.parse('J♠')), str(el.cards('J♠ A♥')), repr(el.cards('9♦')), str(hand), repr(hand),
         str(hand.current_trick), str(hand.legal_actions()), str(game), repr(game), str(el.Rules()),
         str(hand.legal_actions()[0])]
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_str_of_a_card_a_hand_a_trick_and_a_game_imports_nothing_above_the_engine() -> None:
    out = subprocess.run([sys.executable, "-c", _STR], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    above = [m for m in loaded if m.startswith("euchre_learn") and not m.startswith("euchre_learn.engine")]
    assert not above, f"str() left the engine: {above}"


# ---- size ---------------------------------------------------------------------------------------


def test_no_module_is_over_600_lines_but_the_solvers_search() -> None:
    sizes = {m: len(_path(m).read_text(encoding="utf-8").splitlines()) for m in _modules()}
    long = {m: n for m, n in sizes.items() if n > MAX_LINES and m not in LONGER}
    assert not long, f"look for the second idea inside: {long}"
    assert all(m in sizes for m in LONGER), "the exception names a module that no longer exists"


def _long_functions(tree: ast.Module) -> list[str]:
    """Each function (or method, nested ones too) of ``tree`` over :data:`MAX_FUNCTION_LINES`
    lines, from its ``def`` to its last line: ``'name (line N): M lines'``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MAX_FUNCTION_LINES:
                out.append(f"{node.name} (line {node.lineno}): {lines} lines")
    return out


def test_no_function_is_over_100_lines_but_in_the_solvers_search() -> None:
    found = {m: f for m in _modules() if m not in LONGER and (f := _long_functions(_tree(m)))}
    assert not found, "a function over 100 lines does more than one thing: give each part its name:\n" + "\n".join(
        f"{m}: {', '.join(f)}" for m, f in sorted(found.items())
    )


def test_the_function_guard_catches_a_long_function() -> None:
    """The guard above can fail: a function of 101 lines counts, at module level, as a method and
    nested in another (the outer one then counts too); one of exactly 100 lines does not."""

    def source(name: str, lines: int, indent: str = "") -> str:
        return f"{indent}def {name}():\n" + f"{indent}    x = 1\n" * (lines - 1)

    assert _long_functions(ast.parse(source("ok", MAX_FUNCTION_LINES))) == []
    assert _long_functions(ast.parse(source("long", 101))) == ["long (line 1): 101 lines"]
    method = "class A:\n" + source("long", 101, "    ")
    assert _long_functions(ast.parse(method)) == ["long (line 2): 101 lines"]
    nested = "async def outer():\n" + source("inner", 101, "    ")
    assert sorted(_long_functions(ast.parse(nested))) == ["inner (line 2): 101 lines", "outer (line 1): 102 lines"]


# ---- a light root, one path per module, every API name seen -------------------------------------

_LIGHT = "import sys, json; before = set(sys.modules); import euchre_learn; print(json.dumps(sorted(set(sys.modules) - before)))"


def test_import_euchre_learn_stays_light() -> None:
    """Asserted by what it loads, not by a clock: the engine and the learner's settings, and the
    standard library; no ipywidgets, matplotlib, IPython, numpy, nothing else of ours."""
    out = subprocess.run([sys.executable, "-c", _LIGHT], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    ours = {m for m in loaded if m.split(".")[0] == "euchre_learn"}
    heavy = {m for m in ours if m != "euchre_learn" and m.split(".")[1] not in ("engine", "learner")}
    assert not heavy, f"import euchre_learn loads {sorted(heavy)}"
    outside = {m.split(".")[0] for m in loaded} - set(sys.stdlib_module_names) - {"euchre_learn"}
    assert not outside, f"import euchre_learn loads {sorted(outside)}"


def test_the_tables_model_is_light() -> None:
    """``el.table.Table`` is a model: importing the table package loads no widget library (the
    widget is imported when a table goes on screen)."""
    code = (
        "import sys, json, euchre_learn as el; el.table.Table(humans='S', seed=1); print(json.dumps(list(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {m.split(".")[0] for m in json.loads(out.stdout)}
    assert not loaded & {"ipywidgets", "anywidget", "matplotlib", "IPython"}


@pytest.mark.parametrize("name", _modules())
def test_every_module_imports(name: str) -> None:
    importlib.import_module(name)


@pytest.mark.parametrize("old", ["quiz", "progress", "lesson", "render", "table", "exercises", "hand", "solver"])
def test_an_old_flat_path_is_gone(old: str) -> None:
    """One path per module: no import hook keeps 0.1's flat paths alive (``el.quiz`` is the
    root's name for the module, not a module ``euchre_learn.quiz``)."""
    assert not any(type(finder).__module__.startswith("euchre_learn") for finder in sys.meta_path)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"euchre_learn.{old}")


def test_every_lazy_name_of_the_root_resolves() -> None:
    for name in (*el._SUBMODULES, *el._FUNCTIONS):
        assert getattr(el, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        el.nonsense  # noqa: B018


API_ROOT = """Suit Rank Card InvalidCardError cards deck Seat Team right_bower left_bower effective_suit
is_trump legal_plays trick_winner score_hand HandScore Rules Hand Action IllegalActionError replay RecordError
Game choose_first_dealer quiz solve advise bots review situation puzzles tournament table""".split()
"""The names /work/shared/API.md puts at the root."""


def test_dir_and_all_list_every_name_of_the_root_the_lazy_ones_too() -> None:
    lazy = {*el._SUBMODULES, *el._FUNCTIONS}
    assert lazy <= set(dir(el))
    assert lazy <= set(el.__all__)
    assert set(API_ROOT) <= set(dir(el)) and set(API_ROOT) <= set(el.__all__)


def test_help_lists_the_functions_imported_on_first_use() -> None:
    text = pydoc.render_doc(el, renderer=pydoc.plaintext)
    functions = text.split("FUNCTIONS", 1)[1].split("DATA", 1)[0]
    for name in ("advise", "review", "solve", "cards", "replay"):
        assert re.search(rf"^    {name}\(", functions, re.M), name
    for name in el._SUBMODULES:
        assert f"el.{name}" in text, name


def test_type_checkers_see_every_lazy_name_bound_to_what_getattr_gives() -> None:
    """``if TYPE_CHECKING:`` imports, at the root, name the same objects as ``__getattr__``."""
    tree = ast.parse((ROOT / "__init__.py").read_text(encoding="utf-8"))
    (block,) = [n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
    seen = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names:
            source = importlib.import_module(node.module)
            seen[alias.asname or alias.name] = (
                getattr(source, alias.name)
                if hasattr(source, alias.name)
                else importlib.import_module(f"{node.module}.{alias.name}")
            )
    assert set(seen) == {*el._SUBMODULES, *el._FUNCTIONS}
    for name, value in seen.items():
        assert value is getattr(el, name), name


TESTS = ROOT.parent / "tests"
NOT_MIRRORS = {"browser", "course"}
"""The folders of tests/ that test the whole, not one subpackage: the real browser, and the course
(notebooks, the site, Lite, the wheel). Every other folder mirrors euchre_learn/."""


def _mirror_breaks(package: Path, tests: Path) -> list[str]:
    """How ``tests`` fails to mirror ``package``: a subpackage with no tests folder (holding an
    ``__init__.py``, as every tests folder does: pytest names a test module by its folders), and a
    ``test_<name>.py`` named for a module (or subpackage) that sits outside that one's folder."""
    breaks: list[str] = []
    homes: dict[str, set[str]] = {}  # a module's or subpackage's name -> the tests folders it mirrors to
    for init in sorted(package.rglob("__init__.py")):
        folder = init.parent.relative_to(package)
        if folder.parts:
            homes.setdefault(folder.name, set()).add(folder.as_posix())
            if not (tests / folder / "__init__.py").is_file():
                breaks.append(
                    f"{package.name}/{folder.as_posix()}/ has no tests/{folder.as_posix()}/ with an __init__.py: "
                    "make the folder and the empty file, and put the subpackage's tests there"
                )
        for module in init.parent.glob("*.py"):
            if module.name != "__init__.py":
                homes.setdefault(module.stem, set()).add(folder.as_posix())
    for test in sorted(tests.rglob("test_*.py")):
        where = test.parent.relative_to(tests)
        if where.parts and where.parts[0] in NOT_MIRRORS:
            continue
        name = test.stem.removeprefix("test_")
        if name in homes and where.as_posix() not in homes[name]:
            places = " or ".join(f"tests/{home}/".replace("tests/./", "tests/") for home in sorted(homes[name]))
            breaks.append(
                f"tests/{test.relative_to(tests).as_posix()} is named for {package.name}'s {name!r}: "
                f"git mv it to {places}, or name it for what it covers if it tests a feature"
            )
    return breaks


def test_the_tests_mirror_the_package() -> None:
    """Issue 31 item 8: ``tests/<path>/test_<module>.py`` tests ``euchre_learn/<path>/<module>.py``,
    and every subpackage has its tests folder (feature tests sit beside them under plain names)."""
    assert _mirror_breaks(ROOT, TESTS) == []


def test_the_mirror_guard_catches_a_misplaced_test_and_a_missing_folder(tmp_path: Path) -> None:
    package, tests = tmp_path / "euchre_learn", tmp_path / "tests"
    for path in (
        "euchre_learn/__init__.py",
        "euchre_learn/engine/__init__.py",
        "euchre_learn/engine/trump.py",
        "euchre_learn/engine/core/__init__.py",
        "euchre_learn/engine/core/play.py",
        "tests/__init__.py",
        "tests/engine/__init__.py",
        "tests/engine/test_trump.py",
        "tests/engine/test_play_rules.py",  # a feature test: a plain name, no module's
        "tests/engine/core/__init__.py",
        "tests/engine/core/test_play.py",
        "tests/engine/core/test_core.py",  # the subpackage's own folder
        "tests/browser/test_trump.py",  # the real browser's folder is no mirror
    ):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).touch()
    assert _mirror_breaks(package, tests) == []
    (tests / "engine" / "test_trump.py").rename(tests / "test_trump.py")
    (tests / "engine" / "core" / "__init__.py").unlink()
    assert _mirror_breaks(package, tests) == [
        "euchre_learn/engine/core/ has no tests/engine/core/ with an __init__.py: "
        "make the folder and the empty file, and put the subpackage's tests there",
        "tests/test_trump.py is named for euchre_learn's 'trump': git mv it to tests/engine/, "
        "or name it for what it covers if it tests a feature",
    ]
    (tests / "engine" / "core" / "__init__.py").touch()
    (tests / "test_trump.py").rename(tests / "engine" / "test_trump.py")
    (tests / "engine" / "core" / "test_play.py").rename(tests / "engine" / "test_play.py")
    assert _mirror_breaks(package, tests) == [
        "tests/engine/test_play.py is named for euchre_learn's 'play': git mv it to tests/engine/core/, "
        "or name it for what it covers if it tests a feature",
    ]
