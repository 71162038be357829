"""Positions rebuilt from outside sources (tests/analysis/data/outside_positions.json): the Ohio
Euchre quiz and site, Joe Andrews' hints, vegaseuchre and the TricksterBots issue tracker. Each
names its source, what the source says, the strong players' consensus action(s) and the action(s)
they call a mistake. The convention book agrees with a position when no consensus action is left
without a clean choice (at least one breaks no convention) and every mistaken action breaks one.
Where the book and the source part ways, the record says so (``book_agrees: false``) and why; the
test checks that the disagreement is still real, so fixing the book means updating the record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import euchre_learn as el
from euchre_learn.analysis.convention_book import broken

DATA = Path(__file__).parent / "data" / "outside_positions.json"
POSITIONS: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))


def _score(rec: dict[str, Any]) -> tuple[int, int] | None:
    s = rec.get("score")
    return None if s is None else (int(s[0]), int(s[1]))


def test_enough_sourced_positions() -> None:
    assert len(POSITIONS) >= 20
    assert len({r["id"] for r in POSITIONS}) == len(POSITIONS)
    for r in POSITIONS:
        assert r["source"].startswith("http") and r["source_says"], r["id"]
        assert r["consensus"], r["id"]
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
