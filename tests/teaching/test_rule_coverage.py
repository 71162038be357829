"""docs/coverage.md maps every rule id to the lesson that teaches it, the quiz topic that
practises it and the exercise that checks it, with no gaps (issue 7, "Rules reference and
coverage"). Each claim is checked against the thing it names."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from euchre_learn import quiz
from euchre_learn.classroom.exercises import checker

ROOT = Path(__file__).resolve().parents[2]
RULE_IDS = re.findall(r'<a id="(R\d+\.\d+)"></a>', (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
ROW = re.compile(r"^\|\s*\[?(R\d+\.\d+)\]?[^|]*\|(.*)$")
LINK = re.compile(r"\(([^)]+)\)")


def coverage_rows() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            assert m.group(1) not in rows, f"{m.group(1)} has two rows in coverage.md"
            rows[m.group(1)] = [cell.strip() for cell in m.group(2).rstrip("|").split("|")]
    return rows


def lesson_text(name: str) -> str:
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    return "\n".join(c.source for c in nb.cells)


def test_the_rule_book_has_every_rule_once() -> None:
    assert len(RULE_IDS) == len(set(RULE_IDS)) >= 30


def test_every_rule_has_a_row_and_every_row_a_rule() -> None:
    rows = coverage_rows()
    assert sorted(rows) == sorted(RULE_IDS), (
        f"missing: {set(RULE_IDS) - set(rows)}; unknown: {set(rows) - set(RULE_IDS)}"
    )


@pytest.mark.parametrize("rule", RULE_IDS)
def test_each_claim_is_true(rule: str) -> None:
    row = coverage_rows()[rule]
    assert len(row) == 3, f"{rule}: expected three columns (lesson, quiz topic, exercise), got {row}"
    lesson_cell, topic_cell, exercise_cell = row
    lessons = [p for p in LINK.findall(lesson_cell) if p.endswith(".ipynb")]
    assert lessons, f"{rule}: no lesson linked"
    for link in lessons:
        name = Path(link).name
        assert rule in lesson_text(name), f"{rule}: {name} does not cite {rule}"
    topics = re.findall(r"`([\w-]+)`", topic_cell)
    assert topics, f"{rule}: no quiz topic named"
    for t in topics:
        assert rule in quiz.topic(t).rules, f"{rule}: quiz topic {t!r} does not practise it"
    exercises = re.findall(r"`([\w-]+):(\w+)`", exercise_cell)
    assert exercises, f"{rule}: no exercise named (as `sheet:qid`)"
    for sheet, qid in exercises:
        assert rule in checker(sheet).exercise(qid).rules, f"{rule}: exercise {sheet}:{qid} does not check it"
