"""Keep the lessons and exercises in shape: navigation cells, the contents page, execution.

    python tools/notebooks.py nav          # rewrite navigation cells and notebooks/index.ipynb
    python tools/notebooks.py check        # exit 1 if any navigation cell is stale (the tests run this)
    python tools/notebooks.py run [NB...]  # execute notebooks in place, seeded, with outputs stored

Navigation cells (previous · contents · next) are generated here, never edited by hand, as the
Python Data Science Handbook does with tools/add_navigation.py. They are markdown cells
tagged ``navigation``: one at the top of each notebook and one at the bottom.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"notebooks": "Contents", "exercises": "Exercises"}
TAG = "navigation"
INDEX = "index.ipynb"


def numbered(folder: Path) -> list[Path]:
    """The numbered notebooks of a folder, in order (``00_…``, ``01_…``)."""
    return sorted(p for p in folder.glob("[0-9][0-9]_*.ipynb"))


def title_and_summary(path: Path) -> tuple[str, str]:
    """The H1 title and the first sentence after it, from the first non-navigation markdown cell."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown" and TAG not in cell.metadata.get("tags", []):
            lines = [ln.strip() for ln in cell.source.splitlines() if ln.strip()]
            title = lines[0].lstrip("#").strip() if lines else path.stem
            summary = next((ln for ln in lines[1:] if not ln.startswith("#")), "")
            return title, summary
    return path.stem, ""


def nav_source(prev: Path | None, nxt: Path | None, contents_title: str) -> str:
    parts = []
    if prev is not None:
        parts.append(f"< [{title_and_summary(prev)[0]}]({prev.name})")
    parts.append(f"[{contents_title}]({INDEX})")
    if nxt is not None:
        parts.append(f"[{title_and_summary(nxt)[0]}]({nxt.name}) >")
    return " | ".join(parts)


def nav_cell(source: str, where: str) -> nbformat.NotebookNode:
    """A navigation cell with a fixed id, so regenerating it changes nothing that is the same."""
    cell = nbformat.v4.new_markdown_cell(source, metadata={"tags": [TAG]})
    cell["id"] = f"nav-{where}"
    return cell


def with_navigation(nb: nbformat.NotebookNode, source: str) -> nbformat.NotebookNode:
    cells = [c for c in nb.cells if TAG not in c.metadata.get("tags", [])]
    nb.cells = [nav_cell(source, "top"), *cells, nav_cell(source, "bottom")]
    return nb


def index_notebook(folder: Path, contents_title: str) -> nbformat.NotebookNode:
    intro = {
        "notebooks": (
            "# Learn Euchre: the lessons\n\n"
            "Work through these in order: they take you from the 24-card deck to a whole game "
            "against the bots. Each lesson ends with quizzes to check your understanding; the "
            "exercises in `../exercises/` practise the same rules."
        ),
        "exercises": (
            "# Euchre exercises\n\n"
            "One notebook per group of lessons. Answer in place and run `check(...)` for feedback; "
            "solutions are in `solutions/`."
        ),
    }[folder.name]
    lines = [intro, ""]
    for p in numbered(folder):
        title, summary = title_and_summary(p)
        lines.append(f"- [{title}]({p.name}) — {summary}" if summary else f"- [{title}]({p.name})")
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_markdown_cell("\n".join(lines))
    cell["id"] = "contents"
    nb.cells = [cell]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def expected() -> dict[Path, nbformat.NotebookNode]:
    """Every notebook as it should be, navigation included."""
    out: dict[Path, nbformat.NotebookNode] = {}
    for name, contents_title in FOLDERS.items():
        folder = ROOT / name
        books = numbered(folder)
        if not books:
            continue
        out[folder / INDEX] = index_notebook(folder, contents_title)
        for i, path in enumerate(books):
            prev = books[i - 1] if i > 0 else None
            nxt = books[i + 1] if i + 1 < len(books) else None
            nb = nbformat.read(path, as_version=4)
            out[path] = with_navigation(nb, nav_source(prev, nxt, contents_title))
    return out


def _nav_of(nb: nbformat.NotebookNode) -> list[str]:
    return [c.source for c in nb.cells if TAG in c.metadata.get("tags", [])]


def stale() -> list[str]:
    """The notebooks whose navigation (or contents page) is out of date."""
    problems = []
    for path, want in expected().items():
        if not path.exists():
            problems.append(f"{path.relative_to(ROOT)} is missing")
            continue
        have = nbformat.read(path, as_version=4)
        if path.name == INDEX:
            if [c.source for c in have.cells] != [c.source for c in want.cells]:
                problems.append(f"{path.relative_to(ROOT)} does not list the lessons as they are")
        elif (
            _nav_of(have) != _nav_of(want)
            or have.cells[0].source != want.cells[0].source
            or have.cells[-1].source != want.cells[-1].source
        ):
            problems.append(f"{path.relative_to(ROOT)} has stale navigation cells")
    return problems


def write_nav() -> None:
    """Rewrite only the notebooks whose navigation or contents changed."""
    for path, nb in expected().items():
        if path.exists() and nbformat.read(path, as_version=4) == nb:
            continue
        nbformat.write(nb, path)


def run(paths: list[Path]) -> None:
    """Execute notebooks in place with a private settings folder, so outputs are reproducible."""
    from nbclient import NotebookClient

    with tempfile.TemporaryDirectory() as home:
        os.environ["EUCHRE_LEARN_HOME"] = home
        os.environ["EUCHRE_LEARN_PROGRESS_BARS"] = "off"  # no bar that depends on the machine's speed
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            if not any(c.cell_type == "code" for c in nb.cells):
                continue
            for cell in nb.cells:  # timings differ on every run: keep them out of the diff
                cell.metadata.pop("execution", None)
            print(f"running {path.relative_to(ROOT)}", flush=True)
            client = NotebookClient(
                nb, timeout=600, kernel_name="python3", record_timing=False, resources={"metadata": {"path": str(path.parent)}}
            )
            client.execute()
            nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "nav":
        write_nav()
        return 0
    if command == "check":
        problems = stale()
        for p in problems:
            print(p)
        if problems:
            print("Run: python tools/notebooks.py nav")
        return 1 if problems else 0
    if command == "run":
        targets = [Path(a).resolve() for a in argv[1:]] or [p for f in FOLDERS for p in numbered(ROOT / f)]
        write_nav()
        run(targets)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
