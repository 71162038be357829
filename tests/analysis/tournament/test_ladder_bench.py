"""The ladder benchmark's checkpoints (``benchmarks/bench_ladder.py --state``): a run stopped
and resumed, or cut short, gives exactly the rows of one uninterrupted match with the same seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import bench_ladder
from euchre_learn import bots, tournament
from euchre_learn.analysis.tournament.matches import summarise
from euchre_learn.engine.rules import Rules


def test_a_resumed_pair_is_the_match_played_in_one_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_ladder, "BLOCK", 8)
    first, _ = bench_ladder._pair_rows("standard", "beginner", 16, 7, tmp_path, True, 1, None)
    assert len((tmp_path / "standard-beginner.jsonl").read_text().splitlines()) == 2  # two blocks saved
    resumed, seconds = bench_ladder._pair_rows("standard", "beginner", 40, 7, tmp_path, True, 1, None)
    assert resumed[:16] == first and len(resumed) == 40 and seconds > 0
    whole = tournament.match("standard", "beginner", hands=80, seed=7, processes=1, progress=False)
    assert summarise("standard", "beginner", "hands", resumed, 7, Rules()) == whole
    short, _ = bench_ladder._pair_rows("standard", "beginner", 24, 7, tmp_path, False, 1, None)
    part = tournament.match("standard", "beginner", hands=48, seed=7, processes=1, progress=False)
    assert summarise("standard", "beginner", "hands", short, 7, Rules()) == part
    nothing, _ = bench_ladder._pair_rows("standard", "random", 24, 7, tmp_path, False, 1, None)
    assert nothing == []  # not played, nothing saved: no rows


def test_a_damaged_checkpoint_is_refused(tmp_path: Path) -> None:
    (tmp_path / "standard-beginner.jsonl").write_text('{"start": 8, "rows": [], "seconds": 1.0}\n')
    with pytest.raises(ValueError, match="starts at deal 8, not 0"):
        bench_ladder._pair_rows("standard", "beginner", 16, 7, tmp_path, True, 1, None)


def test_the_dealer_study_plays_the_same_deals_for_every_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_ladder, "BLOCK", 2)
    monkeypatch.setattr(bench_ladder, "pimc", lambda: bots.get("random", seed="defenders"))  # fast stand-in
    rows = bench_ladder._dealer_rows("beginner", 12, 3, tmp_path, True, None)
    again = bench_ladder._dealer_rows("beginner", 12, 3, None, True, None)
    assert rows == again and len(rows) == 12
    assert bench_ladder._dealer_rows("beginner", 12, 3, tmp_path, False, None) == rows  # read back
    assert all(d >= 0 and o >= 0 and (d == 0 or o == 0) for d, o in rows)  # one side scores a hand
    table = bench_ladder.dealer_table({"beginner": rows, "pimc": rows})
    assert table.rows[0][5].startswith("+0.000 (12 deals)")  # the same rows: a paired difference of 0
