"""The one-page cheat sheet (euchre_learn.classroom.cheatsheet) and `euchre-learn cheat-sheet`."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre_learn import Suit, trump_order
from euchre_learn.classroom import cli
from euchre_learn.classroom.cheatsheet import cheat_sheet, cheat_sheet_page, write_cheat_sheet
from euchre_learn.classroom.pdf import find_chromium


def test_the_sheet_has_the_trump_order_of_every_suit_from_the_engine() -> None:
    text = str(cheat_sheet())
    for t in Suit:
        assert f"{t.symbol} {t.plural} trump: {trump_order(t)}" in text
    assert "next, diamonds: A♦ K♦ Q♦ 10♦ 9♦" in text


def test_the_sheet_has_the_bidding_the_follow_suit_rule_and_the_scores() -> None:
    text = str(cheat_sheet())
    for needed in (
        "Round 1",
        "Round 2",
        "orders it up",
        "assists",
        "takes it up",
        "Follow suit if you can",
        "left bower",
    ):
        assert needed in text, needed
    assert "makers take 5: march, with partner makers 2, alone makers 4" in text
    assert "makers take 0, 1 or 2: euchred, with partner defenders 2" in text
    assert "first side to 10 points" in text


def test_the_sheet_follows_the_rules_it_is_made_for() -> None:
    text = str(cheat_sheet("super-euchre"))
    assert "makers take 0: super euchre, with partner defenders 4" in text and "makers take 1 or 2" in text
    assert "first side to 5 points" in str(cheat_sheet("short-game"))
    assert "Benny" in str(cheat_sheet("uk"))


def test_the_page_prints_on_one_sheet_of_paper() -> None:
    page = cheat_sheet_page()
    assert page.startswith("<!DOCTYPE html>") and "@page { size: A4" in page and "<script" not in page


def test_the_command_writes_the_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["cheat-sheet", "--out", str(tmp_path / "sheet.html")]) == 0
    assert "wrote" in capsys.readouterr().out
    assert "Euchre on one page" in (tmp_path / "sheet.html").read_text(encoding="utf-8")
    assert cli.main(["cheat-sheet", "--rules", "nonsense", "--out", str(tmp_path / "x.html")]) == 2
    assert capsys.readouterr().err.startswith("euchre-learn: 'nonsense' is not a preset")


@pytest.mark.skipif(
    find_chromium() is None,
    reason="NO CHROMIUM: the cheat sheet PDF is printed by headless Chromium (tools/ensure_chromium.sh installs it)",
)
def test_the_pdf_is_one_page(tmp_path: Path) -> None:
    files = write_cheat_sheet(tmp_path / "sheet.pdf")
    pdf = files[-1].read_bytes()
    assert (
        pdf.startswith(b"%PDF")
        and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page>") + pdf.count(b"/Type/Page") >= 1
    )
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pages == 1, f"the cheat sheet runs to {pages} pages"
