"""What no grader can stop inside a student's kernel, found in the notebooks handed in:
``euchre-learn nbgrader audit DIR``.

nbgrader runs a student's code in the kernel that runs the hidden tests. The course's grader
(:class:`~euchre_learn.classroom.nbgrader_hooks.GradeOutsideTheKernel`) decides every point in
nbgrader's own process, from the one key line each hidden test prints, so a kernel that is made
to lie scores nothing: it does not hold the right answers to lie with. What remains is a student
whose code *works the right answers out* from the installed package (its checker, its renaming)
or from the kernel, or who reaches into the grading some other way. That cannot be prevented
from inside the kernel; it can be seen in the notebook. :func:`audit` reads each submitted
notebook: every cell a student wrote or changed (the answer cells, any cell they added, any
read-only cell whose text differs from the release) is parsed with :mod:`ast` (after IPython's
own rewriting of ``%magics`` and ``!shell`` lines) and flagged when it

- reads IPython's machinery or the kernel's insides: ``_ih``, ``In``, ``Out``, ``get_ipython``
  (input transformers, event hooks, ``user_ns``), frames (``sys._getframe``, ``f_back``,
  ``f_globals``, ``inspect``), ``gc``, ``globals()``, ``vars()``;
- imports anything but the engine's side of ``euchre_learn`` and a few plain modules (``math``,
  ``itertools``, ``collections``...): ``sys`` (``sys.modules``), ``builtins``, ``importlib``,
  ``os`` (``os._exit``), ``base64``, ``ctypes``, ``euchre_learn.classroom`` (the grading);
- runs text as code (``exec``, ``eval``, ``compile``, ``__import__``), reaches attributes by name
  (``getattr``, ``setattr``) or through dunders (``__class__``, ``__globals__``, a ``'__...'``
  string), or uses a private name (``_exit``, ``_answer_key``);
- rebinds a name the sheet's read-only cells define (``check``, ``checker``, ``Card``...), a
  builtin (``print``, ``repr``, ``AssertionError``), or sets an attribute of a module;
- asks the checker for more than a verdict (``check.grade``, ``check.exercise``, ``check.relabel``),
  or uses its verdict (``check(...)`` in a loop, a condition, a value: answers found by trying);
- makes answers that answer for themselves: a class with ``__eq__``, ``__str__``, ``__hash__``...,
  or a subclass of ``str``, ``int``, ``list``...

and each submission's nbgrader metadata is compared with the release's: a cell removed, a
read-only cell changed (nbgrader puts it back), a grade id, points or lock changed, a cell added
with grading metadata. The findings are for a person to read: a flag is a reason to look at a
copy, not a verdict.

>>> for f in audit_source("import sys\\nanswer = sys.modules\\ncheck('q1', answer)", "answer-q1"):
...     print(f.cell, f.line, f.why)
answer-q1 1 imports sys, outside the sheet's plain modules
answer-q1 2 reaches .modules: the table of imported modules
"""

from __future__ import annotations

import ast
import builtins
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["AuditError", "AuditReport", "Finding", "audit", "audit_source"]


class AuditError(ValueError):
    """A folder that holds no notebooks to audit."""


@dataclass(frozen=True)
class Finding:
    """One reason to look at a submission: where (``cell``, the cell's grade id or position,
    and ``line`` in it, 0 for the whole cell) and ``why``."""

    cell: str
    line: int
    why: str


@dataclass
class AuditReport:
    """The findings of every notebook audited (by path relative to ``folder``), and the
    notebooks that could not be read."""

    folder: Path
    notebooks: dict[str, list[Finding]] = field(default_factory=dict)
    unreadable: dict[str, str] = field(default_factory=dict)

    @property
    def flagged(self) -> list[str]:
        return [nb for nb, found in self.notebooks.items() if found]

    def lines(self) -> list[str]:
        """The report as the command prints it: one line per finding, then a count."""
        out = []
        for nb, found in self.notebooks.items():
            for f in found:
                where = f"{f.cell} line {f.line}" if f.line else f.cell
                out.append(f"{nb}: {where}: {f.why}")
        for nb, why in self.unreadable.items():
            out.append(f"{nb}: cannot be read: {why}")
        out.append(
            f"{len(self.flagged)} of {len(self.notebooks)} notebook(s) flagged"
            + (": look at these copies before you trust their grades" if self.flagged else "")
        )
        return out


_PLAIN_MODULES = frozenset(
    "math cmath itertools functools collections fractions decimal statistics random dataclasses typing "
    "re string enum operator copy heapq bisect numbers textwrap pprint".split()
)
_EUCHRE_OPEN = re.compile(r"euchre_learn(\.(engine|analysis|teaching|display|charts|interactive|learner)(\..*)?)?")
_SHEET_MODULE = re.compile(r"euchre_learn\.classroom\.exercises(\.[a-z_]+)?")
_SHEET_NAMES = frozenset({"checker", "barn_question", "final_question", "advisor_hand", "lesson10_table"})
"""What the exercise sheets' setup cells import from the grading's side of the package (the
checker, and the deals a sheet shows): a student's cell may import these too."""
_KERNEL_NAMES = {
    "_ih": "IPython's record of the cells run (the hidden tests' own text)",
    "_oh": "IPython's record of the outputs",
    "In": "IPython's record of the cells run (the hidden tests' own text)",
    "Out": "IPython's record of the outputs",
    "_i": "IPython's record of the cells run",
    "_ii": "IPython's record of the cells run",
    "_iii": "IPython's record of the cells run",
    "_dh": "IPython's record of the folders",
    "get_ipython": "the kernel's shell (input transformers, event hooks, the namespace)",
    "__builtins__": "the builtins every cell runs with",
    "__import__": "the import machinery",
    "globals": "the namespace the hidden tests run in",
    "locals": "the namespace the hidden tests run in",
    "vars": "an object's namespace",
    "exec": "text run as code",
    "eval": "text run as code",
    "compile": "text made into code",
    "getattr": "attributes reached by name",
    "setattr": "attributes set by name",
    "delattr": "attributes deleted by name",
    "breakpoint": "the debugger",
    "open": "files (the notebook, the gradebook)",
    "memoryview": "raw memory",
}
_KERNEL_ATTRIBUTES = {
    "input_transformers_cleanup": "IPython's input transformers (they rewrite the hidden tests)",
    "input_transformers_post": "IPython's input transformers (they rewrite the hidden tests)",
    "input_transformer_manager": "IPython's input transformers (they rewrite the hidden tests)",
    "ast_transformers": "IPython's AST transformers (they rewrite the hidden tests)",
    "events": "IPython's event hooks (code run around every cell)",
    "user_ns": "the namespace the hidden tests run in",
    "user_global_ns": "the namespace the hidden tests run in",
    "set_custom_exc": "IPython's handler of errors (a failed test)",
    "showtraceback": "IPython's display of errors (a failed test)",
    "run_cell": "the kernel running cells",
    "transform_cell": "IPython's rewriting of cells",
    "f_back": "a caller's frame",
    "f_globals": "a frame's namespace",
    "f_locals": "a frame's namespace",
    "f_code": "a frame's code",
    "co_consts": "the constants of code (a test's own data)",
    "gi_frame": "a generator's frame",
    "tb_frame": "a traceback's frame",
    "cell_contents": "a closure's contents",
    "modules": "the table of imported modules",
    "meta_path": "the import machinery",
    "path_hooks": "the import machinery",
    "excepthook": "the display of errors",
    "settrace": "tracing every line run",
    "setprofile": "tracing every call",
}
_CHECK_ASKS = frozenset({"grade", "exercise", "exercises", "relabel", "prompt", "qids", "feedback", "name"})
_SELF_ANSWERING = frozenset(
    "__eq__ __ne__ __lt__ __le__ __gt__ __ge__ __hash__ __str__ __repr__ __format__ __bool__ __len__ "
    "__iter__ __contains__ __getattr__ __getattribute__ __class__ __instancecheck__ __subclasscheck__ "
    "__del__ __index__ __int__ __float__ __call__ __init_subclass__ __set_name__ __get__".split()
)
_BUILTIN_TYPES = frozenset({"str", "int", "float", "bool", "list", "tuple", "dict", "set", "frozenset", "bytes"})
_HISTORY = re.compile(r"_i\d+|_\d+|_o\d+|__|___")
_BUILTINS = frozenset(dir(builtins)) - {"_", "__name__", "__doc__"}


def _python(source: str) -> str:
    """The cell as IPython runs it: ``%magics`` and ``!shell`` lines turned into Python."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:  # no IPython here: read the cell as plain Python
        return source
    try:
        text: str = TransformerManager().transform_cell(source)  # type: ignore[no-untyped-call]
    except Exception:  # IPython cannot rewrite it: Python's parser says what is wrong below
        return source
    return text


class _Reader(ast.NodeVisitor):
    def __init__(self, cell: str, protected: frozenset[str]) -> None:
        self.cell = cell
        self.protected = protected
        self.modules: set[str] = set()
        self.found: list[Finding] = []
        self.depth = 0  # inside a function or a class, a name bound is its own, not the notebook's
        self.plain_checks: set[int] = set()  # check(...) calls that stand alone at the top level

    def flag(self, node: ast.AST, why: str) -> None:
        self.found.append(Finding(self.cell, getattr(node, "lineno", 0), why))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._module(node, alias.name)
            self.modules.add((alias.asname or alias.name).split(".")[0])
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if node.level == 0 and _SHEET_MODULE.fullmatch(module) and {a.name for a in node.names} <= _SHEET_NAMES:
            self.generic_visit(node)  # what the sheets' own setup cells import
            return
        self._module(node, "." * node.level + module)
        for alias in node.names:
            if alias.name.startswith("_"):
                self.flag(node, f"imports {alias.name}, a private name of {module}")
        self.generic_visit(node)

    def _module(self, node: ast.AST, name: str) -> None:
        top = name.split(".")[0]
        if top in _PLAIN_MODULES or _EUCHRE_OPEN.fullmatch(name):
            return
        if top == "euchre_learn":
            self.flag(node, f"imports {name}: the grading's side of the package, not the engine's")
        else:
            self.flag(node, f"imports {name}, outside the sheet's plain modules")

    def visit_Name(self, node: ast.Name) -> None:
        name = node.id
        if name in _KERNEL_NAMES:
            self.flag(node, f"uses {name}: {_KERNEL_NAMES[name]}")
        elif _HISTORY.fullmatch(name):
            self.flag(node, f"uses {name}: IPython's record of the cells and outputs")
        elif isinstance(node.ctx, (ast.Store, ast.Del)) and self.depth == 0:
            if name in self.protected:
                self.flag(node, f"rebinds {name}, which the sheet's read-only cells define")
            elif name in _BUILTINS:
                self.flag(node, f"rebinds the builtin {name}")
            elif name.startswith("_") and name != "_":
                self.flag(node, f"binds the private name {name}")
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        attr = node.attr
        if attr.startswith("__") and attr.endswith("__"):
            self.flag(node, f"reaches .{attr}, the insides of an object")
        elif attr in _KERNEL_ATTRIBUTES:
            self.flag(node, f"reaches .{attr}: {_KERNEL_ATTRIBUTES[attr]}")
        elif attr.startswith("_"):
            self.flag(node, f"reaches the private .{attr}")
        root = node.value
        while isinstance(root, (ast.Attribute, ast.Subscript, ast.Call)):
            root = root.func if isinstance(root, ast.Call) else root.value
        if isinstance(root, ast.Name):
            if root.id == "check" and attr in _CHECK_ASKS:
                self.flag(node, f"asks the checker for check.{attr}, more than its verdict")
            if isinstance(node.ctx, (ast.Store, ast.Del)) and (root.id in self.modules or root.id in self.protected):
                self.flag(node, f"changes {root.id}.{attr}, part of the package or of the sheet")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id == "check" and id(node) not in self.plain_checks:
            self.flag(node, "uses what check(...) says (in a loop, a condition, a value): answers found by trying")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        root = node.value
        if isinstance(node.ctx, (ast.Store, ast.Del)) and isinstance(root, ast.Name) and root.id in self.protected:
            self.flag(node, f"changes an item of {root.id}, which the sheet's read-only cells define")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and "__" in node.value:
            self.flag(node, "holds a '__' name as text (an attribute reached by name, or code to run)")
        elif isinstance(node.value, (str, bytes)) and re.fullmatch(rb"[A-Za-z0-9+/=_-]{24,}", _bytes(node.value)):
            self.flag(node, "holds an encoded string (base64 or the like): code hidden from a reader")
        self.generic_visit(node)

    def _inside(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if self.depth == 0 and node.name in self.protected | _BUILTINS:
            self.flag(node, f"rebinds {node.name} with a function of its own")
        self._inside(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._inside(node)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._inside(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for base in node.bases:
            if isinstance(base, ast.Name) and base.id in _BUILTIN_TYPES:
                self.flag(node, f"subclasses {base.id}: an answer that can say what it likes about itself")
        for item in node.body:
            targets = [item.name] if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
            if isinstance(item, ast.Assign):
                targets = [t.id for t in item.targets if isinstance(t, ast.Name)]
            for name in targets:
                if name in _SELF_ANSWERING:
                    self.flag(item, f"defines {name}: an answer that decides how it compares or reads")
        if self.depth == 0 and node.name in self.protected | _BUILTINS:
            self.flag(node, f"rebinds {node.name} with a class of its own")
        self._inside(node)

    def visit_Global(self, node: ast.Global) -> None:
        for name in node.names:
            if name in self.protected:
                self.flag(node, f"rebinds {name} from inside a function (global)")
        self.generic_visit(node)


def _bytes(value: str | bytes) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8", "replace")


_HIDDEN_REGION = re.compile(r"### BEGIN HIDDEN TESTS.*?### END HIDDEN TESTS", re.S)


def audit_source(source: str, cell: str = "cell", protected: Iterable[str] | None = None) -> list[Finding]:
    """The findings in one cell's source (see the module's text); ``protected``: the names the
    sheet's read-only cells define, which the cell must not rebind (by default ``check`` and
    ``checker``)."""
    try:
        tree = ast.parse(_python(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError) as err:
        why = err.msg if isinstance(err, SyntaxError) else f"{type(err).__name__}: {str(err)[:80]}"
        return [Finding(cell, getattr(err, "lineno", 0) or 0, f"cannot be read as Python ({why})")]
    reader = _Reader(cell, frozenset({"check", "checker"} if protected is None else protected))
    reader.plain_checks = {id(stmt.value) for stmt in tree.body if isinstance(stmt, ast.Expr)}
    try:
        reader.visit(tree)
    except RecursionError:  # nested past what a person writes: a reason to look in itself
        reader.found.append(Finding(cell, 0, "nested too deep to read (code made to hide from a reader)"))
    return reader.found


def _source(cell: dict[str, Any]) -> str:
    text = cell.get("source", "")
    return "".join(str(t) for t in text) if isinstance(text, list) else str(text)


def _nbgrader(cell: Any) -> dict[str, Any]:
    meta = cell.get("metadata", {}) if isinstance(cell, dict) else {}
    found = meta.get("nbgrader", {}) if isinstance(meta, dict) else {}
    return found if isinstance(found, dict) else {}


def _bound(source: str) -> set[str]:
    """The names a read-only cell binds (its imports, assignments, definitions)."""
    try:
        tree = ast.parse(_python(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def _released(released: dict[str, Any] | None) -> tuple[dict[str, dict[str, Any]], frozenset[str]]:
    """The release's cells by grade id, and the names its read-only code cells bind."""
    if released is None:
        return {}, frozenset()
    cells = {
        str(_nbgrader(c)["grade_id"]): c
        for c in released.get("cells", [])
        if isinstance(c, dict) and _nbgrader(c).get("grade_id")
    }
    names: set[str] = set()
    for c in cells.values():
        if c.get("cell_type") == "code" and _nbgrader(c).get("locked"):
            names |= _bound(_source(c))
    return cells, frozenset(names)


_META_KEYS = ("grade", "solution", "locked", "points", "grade_id")


def audit_notebook(nb: dict[str, Any], released: dict[str, Any] | None = None) -> list[Finding]:
    """The findings in one submitted notebook (nbformat 4 JSON), compared with its release when
    given (without it, every code cell is read and no metadata compared)."""
    cells = nb.get("cells")
    if not isinstance(cells, list):
        raise AuditError("not a notebook: it has no list of cells")
    by_id, protected = _released(released)
    found: list[Finding] = []
    seen: set[str] = set()
    for i, cell in enumerate(cells):
        if not isinstance(cell, dict):
            found.append(Finding(f"cell {i + 1}", 0, "is not a cell"))
            continue
        meta = _nbgrader(cell)
        gid = str(meta.get("grade_id", ""))
        name = gid or f"cell {i + 1} (added, no nbgrader id)"
        source = _source(cell)
        if gid:
            seen.add(gid)
        original = by_id.get(gid) if gid else None
        if released is not None and gid and original is None:
            found.append(
                Finding(name, 0, "has nbgrader metadata the release does not have (a cell added to be graded)")
            )
        if original is not None:
            was = _nbgrader(original)
            for key in _META_KEYS:
                if meta.get(key) != was.get(key):
                    changed = f"nbgrader's {key!r} changed from {was.get(key)!r} to {meta.get(key)!r}"
                    found.append(Finding(name, 0, changed))
            if cell.get("cell_type") != original.get("cell_type"):
                found.append(Finding(name, 0, f"turned from {original.get('cell_type')} into {cell.get('cell_type')}"))
            same = source.strip() == _source(original).strip()
            if was.get("locked") and not same:
                found.append(Finding(name, 0, "read-only cell changed (nbgrader puts it back when it grades)"))
            if was.get("locked") and same:
                continue  # as released: nothing the student wrote
        if cell.get("cell_type") == "code" and released is None and meta.get("locked"):
            # no release to compare with: a read-only cell is read as nbgrader runs it (it puts the
            # cell back, hidden tests included), without the rule on the names it defines
            found.extend(audit_source(_HIDDEN_REGION.sub("", source), name, ()))
        elif cell.get("cell_type") == "code":
            found.extend(audit_source(source, name, protected | {"check", "checker"}))
    for gid, original in by_id.items():
        if gid not in seen:
            found.append(Finding(gid, 0, f"{original.get('cell_type', 'cell')} cell of the release removed"))
    return found


def _notebooks(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*.ipynb")):
        if ".ipynb_checkpoints" not in path.parts:
            yield path


def _release_of(root: Path, path: Path) -> dict[str, Any] | None:
    """The release a submission answers, when ``root`` is an nbgrader course folder
    (``submitted/<student>/<assignment>/<notebook>.ipynb`` beside ``release/<assignment>/``)."""
    rel = path.relative_to(root).parts
    if len(rel) >= 4 and rel[0] in ("submitted", "autograded"):
        release = root / "release" / rel[2] / rel[-1]
        if release.is_file():
            loaded: dict[str, Any] = json.loads(release.read_text(encoding="utf-8"))
            return loaded
    return None


def audit(folder: str | Path) -> AuditReport:
    """Audit every submission in an nbgrader course folder (``submitted/``, each compared with
    its ``release/``), or every notebook in any other folder.

    Raises :class:`AuditError` for a folder with no notebook in it."""
    root = Path(folder).expanduser()
    if not root.is_dir():
        raise AuditError(
            f"{str(root)[:80]!r} is not a folder: give the nbgrader course folder (or a folder of notebooks)"
        )
    scope = root / "submitted" if (root / "submitted").is_dir() else root
    report = AuditReport(root)
    for path in _notebooks(scope):
        rel = str(path.relative_to(root))
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(nb, dict):
                raise AuditError("not a notebook: not a JSON object")
            report.notebooks[rel] = audit_notebook(nb, _release_of(root, path))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, AuditError) as err:
            report.unreadable[rel] = str(err)[:200]
    if not report.notebooks and not report.unreadable:
        raise AuditError(f"{str(root)[:80]!r} holds no notebook (.ipynb) to audit: give the nbgrader course folder")
    return report
