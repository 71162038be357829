"""docs/ladder.md is written by seven benches, each its own sections: a run of one keeps the other's
(bench_ladder's --write once erased bench_levels' section), and a run of some levels keeps the other rows."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from benchmarks import _table, bench_cfr, bench_expert, bench_ladder, bench_levels
from benchmarks._table import Table
from euchre_learn.analysis.tournament.duplicate import DuplicateResult

ROOT = Path(__file__).resolve().parents[3]


def test_replace_sections_keeps_what_it_does_not_own() -> None:
    page = "# P\n\nintro\n\n## A\n\nold a\n\n## Old B\n\nold b\n\n## C\n\nc\n"
    out = _table.replace_sections(page, ["## B\n\nnew b\n", "## B2\n\nb2\n"], ["B", "B2", "Old B"])
    assert out == "# P\n\nintro\n\n## A\n\nold a\n\n## B\n\nnew b\n\n## B2\n\nb2\n\n## C\n\nc\n"
    assert _table.replace_sections(out, [], ["B", "B2"]) == "# P\n\nintro\n\n## A\n\nold a\n\n## C\n\nc\n"
    assert _table.replace_sections(page, ["## D\n\nd\n"], ["D"]).endswith("## C\n\nc\n\n## D\n\nd\n")


def test_bench_ladder_write_keeps_the_levels_sections(tmp_path: Path) -> None:
    page = tmp_path / "ladder.md"
    page.write_text((ROOT / "docs" / "ladder.md").read_text(encoding="utf-8"), encoding="utf-8")
    levels_before = [s for s in page.read_text(encoding="utf-8").split("\n## ") if s.startswith(bench_levels.OWNED)]
    assert len(levels_before) == 2
    table = Table(bench_ladder.SECTIONS[0], ["bot", "Elo", "95% CI", "hands/s"])
    table.add("standard", "+1", "[+0, +2]", "99")
    bench_ladder._write(str(page), [table], "python -m benchmarks.bench_ladder --hands 2")
    text = page.read_text(encoding="utf-8")
    for section in levels_before:
        assert section.strip("\n") in text  # the levels' sections are as they were
    assert "| standard | +1 | [+0, +2] |" in text and "hands/s" not in text
    assert "--hands 2" in text and "--hands 10000" not in text  # the old run's sections of this bench are gone
    assert text.count(f"## {bench_ladder.SECTIONS[0]}") == 1 and "Every pair" not in text
    new = tmp_path / "new.md"
    bench_ladder._write(str(new), [table], "cmd")
    assert new.read_text(encoding="utf-8").startswith(bench_ladder.PREAMBLE)
    # the page's introduction is the one a new page gets: it says which benches write it
    assert (ROOT / "docs" / "ladder.md").read_text(encoding="utf-8").startswith(bench_ladder.PREAMBLE + "\n## ")


def test_bench_levels_writes_its_sections_and_keeps_the_ladders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "ladder.md"
    doc = (ROOT / "docs" / "ladder.md").read_text(encoding="utf-8")
    page.write_text(doc, encoding="utf-8")
    monkeypatch.setattr(bench_levels, "LADDER", page)
    data = json.loads(bench_levels.DATA.read_text(encoding="utf-8"))
    bench_levels.write_ladder(bench_levels.sections(data))
    assert page.read_text(encoding="utf-8") == doc  # the page is what the data file renders
    ladder_sections = [s for s in doc.split("\n## ") if s.startswith(bench_ladder.SECTIONS)]
    data["levels"]["club"]["accuracy"] = 12.3
    bench_levels.write_ladder(bench_levels.sections(data))
    text = page.read_text(encoding="utf-8")
    assert "| club | 88 | 12.3 |" in text
    for section in ladder_sections:
        assert section.strip("\n") in text


def test_the_duplicate_ladder_adds_the_steps_and_says_whether_levels_stand_apart() -> None:
    data = json.loads(bench_levels.DATA.read_text(encoding="utf-8"))
    rows = bench_levels.steps(data)
    assert [r["level"] for r in rows] == list(data["levels"])
    total = sum(d["points_per_deal"] for d in data["duplicate"])
    assert rows[-1]["total"] == pytest.approx(total)
    close = copy.deepcopy(data)
    for d in close["duplicate"]:
        d["se"] = 1.0
    assert "do not overlap" in bench_levels.sections(data)[0]
    assert "does not yet tell them apart" in bench_levels.sections(close)[0]


def test_a_run_of_the_accuracies_alone_keeps_the_duplicates_and_other_rows() -> None:
    old = json.loads(bench_levels.DATA.read_text(encoding="utf-8"))
    row = {"accuracy": 83.0, "interval": [82.0, 84.0], "hands": 40, "worlds": 8, "sd": 3.0}
    new = {"command": "python -m benchmarks.bench_levels --levels novice --hands 40", "seed": old["seed"],
           "levels": {"novice": row}, "duplicate": []}
    merged = bench_levels.merge(copy.deepcopy(old), new)
    assert merged["levels"]["novice"] == row and merged["levels"]["club"]["accuracy"] == old["levels"]["club"]["accuracy"]
    assert merged["duplicate"] == old["duplicate"]
    assert merged["command"].endswith("; " + new["command"])
    assert "| novice | 83 | 83.0 | yes | 82.0–84.0 | 40 | 8 |" in bench_levels.sections(merged)[1]
    other_seed = bench_levels.merge(copy.deepcopy(old), {**new, "seed": old["seed"] + 1})
    assert list(other_seed["levels"]) == ["novice"]  # other deals: the old rows do not belong with it
    # a run that measures every level and plays every pair again is the whole story: its command alone
    whole = {**copy.deepcopy(old), "command": "python -m benchmarks.bench_levels --write"}
    assert bench_levels.merge(copy.deepcopy(old), whole)["command"] == whole["command"]
    far = {**row, "accuracy": 90.0}
    assert "| novice | 83 | 90.0 | no |" in bench_levels.sections({**new, "levels": {"novice": far}})[1]


def test_the_levels_command_lists_only_the_runs_that_still_own_a_row() -> None:
    def level(acc: float) -> dict:
        return {"accuracy": acc, "interval": [acc - 1, acc + 1], "hands": 40, "worlds": 8, "sd": 3.0}

    pair = {"stronger": "casual", "weaker": "novice", "deals": 100, "points_per_deal": 0.1, "se": 0.02}
    first = bench_levels.merge({}, {"command": "run A", "seed": 1, "levels": {"novice": level(83), "casual": level(86)},
                                    "duplicate": [pair]})
    assert first["command"] == "run A" and first["levels"]["casual"]["command"] == "run A"
    second = bench_levels.merge(copy.deepcopy(first), {"command": "run B", "seed": 1, "levels": {"casual": level(87)},
                                                       "duplicate": []})
    assert second["command"] == "run A; run B"  # run A still owns novice and the pair
    third = bench_levels.merge(copy.deepcopy(second), {"command": "run C", "seed": 1, "levels": {"novice": level(84)},
                                                       "duplicate": [{**pair, "points_per_deal": 0.2}]})
    assert third["command"] == "run B; run C"  # every row of run A measured again: it drops out
    assert [third["levels"][n]["command"] for n in ("novice", "casual")] == ["run C", "run B"]
    # rows stored before each said its command belong to every run listed then
    legacy = copy.deepcopy(second)
    legacy["command"] = "run X; run Y"
    for row in [*legacy["levels"].values(), *legacy["duplicate"]]:
        del row["command"]
    assert bench_levels.merge(legacy, {"command": "run Z", "seed": 1, "levels": {"casual": level(88)},
                                       "duplicate": []})["command"] == "run X; run Y; run Z"


def _result(points: float, se: float, deals: int, as_dealer: tuple[float, float] = (0.8, 0.7)) -> DuplicateResult:
    return DuplicateResult("expert", "pimc-uniform", deals, points, se, 0, 0.0, 0.0, as_dealer, 0.01)


@pytest.mark.parametrize(
    ("points", "se", "deals", "reading"),
    [
        (0.035, 0.009, 20_000, "meets it"),
        (0.035, 0.011, 20_000, "below it, within chance"),  # too few deals for the standard error asked
        (0.035, 0.009, 10_000, "below it, within chance"),
        (0.020, 0.008, 20_000, "below it, within chance"),
        (0.005, 0.008, 20_000, "below it, beyond chance"),
    ],
)
def test_bench_expert_reads_its_figures_against_the_issues_targets(points: float, se: float, deals: int, reading: str) -> None:
    table = bench_expert.strength_table(_result(points, se, deals), {"points_per_deal": 0.2, "se": 0.01, "deals": 20_000})
    assert table.rows[0][0].startswith("expert over pimc-uniform") and table.rows[0][-1] == reading
    assert table.rows[1][-1] == "meets it" and "bench_levels" in table.rows[1][0]
    assert table.rows[2][1] == "0.800, 0.700 (+0.100)" and table.rows[2][-1] == "a gain as large"


def test_bench_expert_writes_its_section_and_keeps_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "ladder.md"
    doc = (ROOT / "docs" / "ladder.md").read_text(encoding="utf-8")
    page.write_text(doc, encoding="utf-8")
    monkeypatch.setattr(bench_expert, "LADDER", page)
    others = [s for s in doc.split("\n## ")[1:] if not s.startswith(bench_expert.HEADING)]
    assert len(others) >= 6  # the levels' two sections and the ladder's four
    for n in (2000, 4000):  # written twice: the second replaces the first
        bench_expert.write(bench_expert.strength_table(_result(0.05, 0.02, n), None), f"bench_expert --deals {n} --marker")
    text = page.read_text(encoding="utf-8")
    assert text.count(f"## {bench_expert.HEADING}") == 1 and "--deals 4000 --marker" in text and "--deals 2000 --marker" not in text
    for section in others:
        assert section.strip("\n") in text


def _policy_result(a: str, points: float, se: float) -> DuplicateResult:
    return DuplicateResult(a, a.removeprefix("cfr-").removesuffix("-cfr"), 4000, points, se, 400, 0.5, 0.02)


@pytest.mark.parametrize(
    ("points", "se", "reading"),
    [
        (0.040, 0.010, "the policy's bids are better"),
        (0.010, 0.010, "no difference beyond chance"),
        (-0.010, 0.010, "no difference beyond chance"),
        (-0.040, 0.010, "the policy's bids are worse"),
    ],
)
def test_bench_cfr_reads_each_match_and_writes_its_section(
    points: float, se: float, reading: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = bench_cfr.table([_policy_result("cfr-standard", points, se), _policy_result("expert-cfr", points, se)])
    assert [r[0] for r in table.rows] == ["cfr-standard over standard", "expert-cfr over expert"]
    assert {r[-1] for r in table.rows} == {reading}
    page = tmp_path / "ladder.md"
    doc = (ROOT / "docs" / "ladder.md").read_text(encoding="utf-8")
    page.write_text(doc, encoding="utf-8")
    monkeypatch.setattr(bench_expert, "LADDER", page)
    bench_expert.write(table, "bench_cfr --marker")
    text = page.read_text(encoding="utf-8")
    assert text.count(f"## {bench_cfr.HEADING}") == 1 and "bench_cfr --marker" in text
    for section in doc.split("\n## ")[1:]:
        if not section.startswith(bench_cfr.HEADING):
            assert section.strip("\n") in text
