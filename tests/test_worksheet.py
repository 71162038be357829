"""Printable worksheets (euchre_learn.classroom.worksheet): the same seed gives the same sheet, every
question and its cards are on it, the answer key with explanations starts on a new page, and
the PDF printed by headless Chromium has the questions first and the key after."""

from __future__ import annotations

import html
import re
import unicodedata
from pathlib import Path

import pytest

from euchre_learn import quiz
from euchre_learn.classroom.worksheet import (
    GROUPS,
    WorksheetError,
    find_chromium,
    questions,
    resolve_topics,
    worksheet,
    write_worksheet,
)


def test_topics_accept_names_groups_and_all() -> None:
    assert resolve_topics("scoring") == ("scoring",)
    assert resolve_topics("bowers,scoring") == (*GROUPS["bowers"], "scoring")
    assert resolve_topics(" Legal_Plays , play ") == ("legal-plays", "who-leads", "trick-winner")
    assert resolve_topics("all") == quiz.TOPICS
    for names in GROUPS.values():  # every group names real topics
        assert set(names) <= set(quiz.TOPICS)


def test_an_unknown_topic_is_refused_with_the_list() -> None:
    with pytest.raises(WorksheetError) as err:
        resolve_topics("bowers,trumps")
    message = str(err.value)
    assert "'trumps'" in message
    for name in (*quiz.TOPICS, *GROUPS):
        assert name in message
    with pytest.raises(WorksheetError, match="no topics"):
        resolve_topics(" , ")


@pytest.mark.parametrize("count", [0, -1, 10_000, 2.5, True])
def test_a_bad_count_is_refused(count: object) -> None:
    with pytest.raises(WorksheetError, match="count must be"):
        questions("scoring", count, seed=1)  # type: ignore[arg-type]


def test_questions_take_the_topics_in_turn_without_repeats() -> None:
    qs = questions("left-bower,scoring,legal-plays", count=9, seed=5)
    assert [q.topic for q in qs] == ["left-bower", "scoring", "legal-plays"] * 3
    assert len({q.prompt for q in qs}) == 9
    # each question is the engine's: generating it again from its seed gives it back
    for q in qs:
        assert quiz.generate(q.topic, q.seed) == q


def test_the_same_seed_gives_the_same_sheet_byte_for_byte(tmp_path: Path) -> None:
    a = write_worksheet(tmp_path / "a.html", "bowers,scoring", 20, 7)[0].read_bytes()
    b = write_worksheet(tmp_path / "b.html", "bowers,scoring", 20, 7)[0].read_bytes()
    c = write_worksheet(tmp_path / "c.html", "bowers,scoring", 20, 8)[0].read_bytes()
    assert a == b
    assert a != c


def _squash(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def test_the_sheet_has_every_question_its_cards_and_a_key_after_them() -> None:
    qs = questions("bowers,scoring", 12, 3)
    page = worksheet("bowers,scoring", 12, 3)
    assert "<script" not in page and "jupyter-widgets" not in page  # paper: no code, no widgets
    questions_part, key_part = page.split('<section class="key">')
    items = re.findall(r'<li class="q" id="q(\d+)".*?</li>\n', questions_part, re.S)
    assert items == [str(i) for i in range(1, 13)]
    blocks = re.split(r'<li class="q" id="q\d+"', questions_part)[1:]
    for q, block in zip(qs, blocks, strict=True):
        assert html.escape(q.prompt) in block
        for card in q.cards:  # the cards the question is about are drawn
            assert f'data-card="{card}"' in block
        if q.kind == "number":
            assert "Answer:" in block
        else:
            for choice in q.choices:
                assert html.escape(choice) in block
        assert html.escape(q.explanation) not in block  # no answers on the question pages
    answers = re.findall(r'<li class="a" value="(\d+)">(.*?)</li>', key_part, re.S)
    assert [n for n, _ in answers] == [str(i) for i in range(1, 13)]
    for q, (_, text) in zip(qs, answers, strict=True):
        assert html.escape(q.explanation) in text
        answer = q.answer if not isinstance(q.answer, tuple) else (q.answer[0] if q.answer else "none of them")
        assert html.escape(str(answer)) in text
    # the key starts on a new page, and a question is never split across pages
    assert re.search(r"\.key\s*\{[^}]*break-before:\s*page", page)
    assert re.search(r"li\.q[^{]*\{[^}]*break-inside:\s*avoid", page)


def test_house_rules_reach_the_questions() -> None:
    page = worksheet("benny", 2, 1, rules="uk")
    assert "rules uk" in page
    assert all(q.house_rules == "uk" for q in questions("benny", 2, 1, rules="uk"))


needs_chromium = pytest.mark.skipif(
    find_chromium() is None,
    reason="NO CHROMIUM: the worksheet PDF is printed by headless Chromium (tools/ensure_chromium.sh installs it)",
)


@needs_chromium
def test_the_pdf_has_the_questions_then_the_answer_key(tmp_path: Path) -> None:
    from pypdf import PdfReader

    qs = questions("bowers,scoring", 20, 7)
    files = write_worksheet(tmp_path / "sheet.pdf", "bowers,scoring", 20, 7)
    assert [f.name for f in files] == ["sheet.html", "sheet.pdf"]
    pages = [_squash(p.extract_text()) for p in PdfReader(files[1]).pages]
    assert len(pages) >= 2
    key_page = next(i for i, text in enumerate(pages) if "Answer key" in text)
    assert key_page >= 1
    # the key page begins with the key: nothing of the questions shares its page
    assert not any(_squash(q.prompt)[:40] in pages[key_page] for q in qs)
    before = " ".join(pages[:key_page])
    after = " ".join(pages[key_page:])
    for q in qs:
        assert _squash(q.prompt)[:40] in before, q.prompt
        assert _squash(q.explanation)[:40] in after, q.explanation
        assert _squash(q.explanation)[:40] not in before
    assert f"page 1 of {len(pages)}" in pages[0]  # page numbers from the sheet's own CSS


def test_no_chromium_gives_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CHROMIUM", raising=False)
    with pytest.raises(WorksheetError, match="needs Chromium"):
        write_worksheet(tmp_path / "s.pdf", "scoring", 2, 1)
    assert (tmp_path / "s.html").exists()  # the HTML is still written, to print from a browser
