"""``euchre-learn egn FILE [--seat S]`` and ``euchre-learn egn-export``: the game deal by deal with
the score, the review, saving and exporting, and bad input in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.classroom.cli import main
from euchre_learn.classroom.cli_egn import _progress

CORPUS = Path(__file__).parents[1] / "engine" / "egn" / "data"
SHORT = CORPUS / "Six Points in Two Hands.egn"


def test_the_command_prints_the_match_and_its_score() -> None:
    """The console script itself, as a learner types it."""
    script = Path(sys.executable).parent / "euchre-learn"
    done = subprocess.run(
        [str(script), "egn", el.egn.example(), "--no-review"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    match = el.egn.read(el.egn.example())
    assert lines[0].startswith("VWEC Finals, 2026-05-29T16:30")
    assert lines[1] == "North WWMM, East Llama, South Euchrazy1, West LeftyKnavey"
    deal_lines = [ln for ln in lines if ln[:3].strip().rstrip(".").isdigit()]
    assert len(deal_lines) == len(match.deals)
    for line, deal in zip(deal_lines, match.deals, strict=True):
        after = deal.score_after
        assert line.endswith(f"Score {after[el.Team.NS]}-{after[el.Team.EW]}")
    assert lines[-1] == "Final score: North-South 8, East-West 10."
    assert "Pretty ambitious next call" in done.stdout and "not in the file: the dealer's discard" in done.stdout


def test_the_review_of_one_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["egn", str(SHORT), "--seat", "E", "--worlds", "1"]) == 0
    out = capsys.readouterr().out
    review = out[out.index("Review of East") :]
    assert review.splitlines()[0].startswith("Review of East, 2 hands of a game:")
    assert all(" E " in ln for ln in review.splitlines()[1:] if ln[:2].strip().isdigit())


def test_the_review_by_default_is_the_coachs_settled_one(capsys: pytest.CaptureFixture[str]) -> None:
    # not a few fixed deals: what `el.review` (and so the Hint) says at each of East's decisions
    assert main(["egn", str(SHORT), "--seat", "E"]) == 0
    out = capsys.readouterr().out
    settled = el.review(el.egn.read(SHORT), seat="E")
    assert settled.worlds is None
    assert out.rstrip("\n").endswith(str(settled))


def test_the_progress_line_counts_then_clears(capsys: pytest.CaptureFixture[str]) -> None:
    _progress(1, 3)
    assert capsys.readouterr().err == "\rreviewing: 1 of 3 decisions"
    _progress(3, 3)
    assert capsys.readouterr().err.endswith("3 of 3 decisions\r" + " " * 40 + "\r")


def test_save_then_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "learner.sqlite3")
    assert main(["egn", el.egn.example(), "--no-review", "--save", "--store", store]) == 0
    assert "saved as 'egn-vwec-finals-2026-05-29'" in capsys.readouterr().err
    out = tmp_path / "again.egn"
    assert main(["egn-export", "egn-vwec-finals-2026-05-29", "--store", store, "--out", str(out)]) == 0
    assert el.egn.read(out).score == el.egn.read(el.egn.example()).score


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["egn", "missing.egn"], "euchre-learn: cannot read the EGN file 'missing.egn'"),
        (["egn", str(CORPUS / "validation examples" / "invalid1.json")], "this is not an EGN file"),
        (["egn", str(SHORT), "--seat", "X"], "euchre-learn: "),
        (["egn", str(SHORT), "--worlds", "0"], "--worlds 0: give a whole number of deals"),
        (["egn-export", "no-such-game", "--store", "{store}"], "no saved game 'no-such-game'"),
    ],
)
def test_bad_input_is_one_line(args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = [a.replace("{store}", str(tmp_path / "s.sqlite3")) for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_a_malformed_deal_names_the_file_the_deal_and_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(SHORT.read_text(encoding="utf-8"))
    data["deals"][1]["phases"][0]["calls"][0] = "Raise"
    bad = tmp_path / "bad.egn"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["egn", str(bad), "--no-review"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"euchre-learn: {str(bad)!r}, deal 2 (deals[1].phases[0].calls[0]): 'Raise' is not a call")
