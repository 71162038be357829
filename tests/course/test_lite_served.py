"""What the JupyterLite site serves (lite/build.py's choice of files), checked on the staged
contents, without building the site: no worked solution, no hint pointing at one, and of
docs/ only the pages the lessons link to (the rule book, the glossary, ...), not the
developer docs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

spec = importlib.util.spec_from_file_location("lite_build_served", ROOT / "lite" / "build.py")
assert spec is not None and spec.loader is not None
lite_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite_build)


def test_the_site_serves_no_solution_and_no_developer_doc(tmp_path: Path) -> None:
    lite_build.stage(tmp_path)
    files = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert not any("solutions" in f for f in files)
    assert (ROOT / "exercises" / "solutions").is_dir()  # they exist, and are left out
    for name in ("01_cards_and_bidding", "02_play_and_scoring", "03_hands_strategy_variants", "index"):
        text = (tmp_path / "exercises" / f"{name}.ipynb").read_text(encoding="utf-8")
        assert "%load" not in text and "solutions/" not in text and "Stuck?" not in text, name
    docs = {f.split("/", 1)[1] for f in files if f.startswith("docs/")}
    assert {"rules.md", "glossary.md"} <= docs
    for developer in ("architecture.md", "coverage.md", "ladder.md", "studies.md", "hub-requirements.txt"):
        assert developer not in docs
    # every page of docs/ a lesson or an exercise sheet links to is there
    for path in [*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb")]:
        for name in lite_build.re.findall(r"\.\./docs/([A-Za-z0-9_-]+\.md)", path.read_text(encoding="utf-8")):
            assert name in docs, (path.name, name)
