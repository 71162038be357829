"""Positions rebuilt from outside sources (tests/analysis/data/outside_positions.json): the Ohio
Euchre quiz and site, Joe Andrews' hints, vegaseuchre, Natty Bumppo's columns, Euchre Universe,
Euchre Strategy, r/euchre threads, swpecht's Euchre AI posts and the TricksterBots issue tracker.
Each names its source, what the source says, the strong players' consensus action(s), the
action(s) they call a mistake, and whether the position is **clear** (strong players agree, not one
voice against the others or the numbers).

* **The book** agrees with a position when no consensus action is left without a clean choice (at
  least one breaks no convention) and every mistaken action breaks one. Where the book and the
  source part ways, the record says so (``book_agrees: false``) and why; the test checks that the
  disagreement is still real, so fixing the book means updating the record.
* **The coach** (:func:`~euchre_learn.analysis.coach.judge`, settled: the judgement every voice
  reads) agrees when it grades a consensus action 'best' or 'good' (tied with its best, or not
  surely 0.2 points worse at the table; 1.5 points of game-win chance with a score): the review
  would not flag the strong players' choice. On a clear position it must agree: nothing excuses it. On a
  position that is not clear it may part ways (``coach_agrees: false``) when docs/conventions.md
  shows the coach's numbers for the hand and says which side the numbers take."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import euchre_learn as el
from euchre_learn.analysis.coach import judge
from euchre_learn.analysis.convention_book import broken

DATA = Path(__file__).parent / "data" / "outside_positions.json"
POSITIONS: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "conventions.md"


def _score(rec: dict[str, Any]) -> tuple[int, int] | None:
    s = rec.get("score")
    return None if s is None else (int(s[0]), int(s[1]))


def test_enough_sourced_positions() -> None:
    assert len(POSITIONS) >= 60
    assert len({r["id"] for r in POSITIONS}) == len(POSITIONS)
    for r in POSITIONS:
        assert r["source"].startswith("http") and r["source_says"], r["id"]
        assert r["consensus"], r["id"]
        assert isinstance(r["clear"], bool), f"{r['id']}: say whether strong players agree (clear: true/false)"
        # a clear position admits no recorded disagreement: the coach must agree there
        assert not (r["clear"] and "coach_agrees" in r), f"{r['id']} is clear: the coach must agree, no coach_agrees"
    assert sum(1 for r in POSITIONS if r["clear"]) >= 40
    assert sum(1 for r in POSITIONS if r.get("book_agrees", True)) >= 20


@pytest.mark.parametrize("rec", POSITIONS, ids=[r["id"] for r in POSITIONS])
def test_the_book_and_the_consensus(rec: dict[str, Any]) -> None:
    hand = el.replay(rec["record"])
    assert str(hand.to_act) == rec["seat"]
    score = _score(rec)
    legal = hand.legal_actions()
    for a in rec["consensus"] + rec["mistaken"]:
        assert a in legal, f"{a} is not legal in {rec['id']}"
    clean = [a for a in rec["consensus"] if not broken(hand, a, score)]
    flagged = [a for a in rec["mistaken"] if broken(hand, a, score)]
    agrees = bool(clean) and len(flagged) == len(rec["mistaken"])
    if rec.get("book_agrees", True):
        assert clean, (
            f"every consensus action breaks a convention: {[(a, [c.id for c in broken(hand, a, score)]) for a in rec['consensus']]}"
        )
        assert flagged == rec["mistaken"], f"mistakes the book does not flag: {set(rec['mistaken']) - set(flagged)}"
    else:
        assert rec["why_not"]
        assert not agrees, "the book now agrees: set book_agrees to true and drop why_not"


def coach_agrees(rec: dict[str, Any]) -> bool:
    """Whether the coach grades one of the consensus actions 'best' or 'good' in ``rec``."""
    j = judge(el.replay(rec["record"]), score=_score(rec))
    return any(j.grade_of(a) in ("best", "good") for a in rec["consensus"])


@pytest.mark.parametrize("rec", POSITIONS, ids=[r["id"] for r in POSITIONS])
def test_the_coach_and_the_consensus(rec: dict[str, Any]) -> None:
    if rec["clear"]:
        assert coach_agrees(rec), (
            f"the coach does not agree with {rec['consensus']} in {rec['id']}, where strong players agree"
        )
    elif rec.get("coach_agrees", True):
        assert coach_agrees(rec), (
            f"the coach no longer agrees with {rec['consensus']} in {rec['id']}: record coach_agrees: false, "
            "coach_says, and the numbers in docs/conventions.md"
        )
    else:
        # a recorded disagreement: the docs show the coach's numbers for the hand and who is right
        assert rec["coach_says"]
        section = DOCS.read_text(encoding="utf-8").split("### Where the coach and the sources part ways", 1)
        assert len(section) == 2 and f"`{rec['id']}`" in section[1], (
            f"docs/conventions.md shows no numbers for the recorded disagreement {rec['id']}"
        )
