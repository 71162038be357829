"""Printable worksheets (euchre_learn.classroom.worksheet): the same seed gives the same sheet, every
question and its cards are on it, the answer key with explanations is a file of its own (or,
in one file, starts on a new page), versions ask the same topics with other deals, the command printed under the title makes the
same sheet and key again (rules and paper included), and the PDFs printed by headless Chromium
have every question number whole and inside the page, on Letter or A4."""

from __future__ import annotations

import html
import re
import shlex
import unicodedata
from pathlib import Path

import pytest

from euchre_learn import quiz
from euchre_learn.classroom.pdf import find_chromium
from euchre_learn.classroom.worksheet import (
    GROUPS,
    WorksheetError,
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


def _numbers(pdf: Path) -> list[tuple[int, str, float]]:
    """The question numbers printed in ``pdf``: (page, text, x of its left edge in points)."""
    from pypdf import PdfReader

    found: list[tuple[int, str, float]] = []
    for i, page in enumerate(PdfReader(pdf).pages):

        def visit(text: str, cm: list[float], tm: list[float], font: object, size: object, i: int = i) -> None:
            if re.fullmatch(r"\s*\d+\.\s*", text):
                found.append((i, text.strip(), cm[0] * tm[4] + cm[2] * tm[5] + cm[4]))

        page.extract_text(visitor_text=visit)
    return found


LEFT_MARGIN_PT = 15 / 25.4 * 72  # the sheet's @page margin: anything left of it is cut off


@needs_chromium
def test_the_pdfs_are_the_student_copy_and_the_key_with_numbers_whole(tmp_path: Path) -> None:
    from pypdf import PdfReader

    qs = questions("bowers,scoring", 20, 7)
    files = write_worksheet(tmp_path / "sheet.pdf", "bowers,scoring", 20, 7)
    assert [f.name for f in files] == ["sheet.html", "sheet-key.html", "sheet.pdf", "sheet-key.pdf"]
    student = [_squash(p.extract_text()) for p in PdfReader(files[2]).pages]
    key = [_squash(p.extract_text()) for p in PdfReader(files[3]).pages]
    assert len(student) >= 2 and key
    questions_text, key_text = " ".join(student), " ".join(key)
    assert "Answer key" in key_text and "Answer key" not in questions_text
    for n, q in enumerate(qs, 1):
        # the number, whole, then the question: "10. North deals…" (it printed as "l0." once)
        assert f"{n}. {_squash(q.prompt)[:40]}" in questions_text, (n, q.prompt)
        assert f"{n}. Answer:" in key_text, n
        assert _squash(q.explanation)[:40] in key_text, q.explanation
        assert _squash(q.explanation)[:40] not in questions_text  # the student copy has no answers
        assert _squash(q.prompt)[:40] not in key_text
    for pdf, pages in ((files[2], student), (files[3], key)):
        numbers = _numbers(pdf)
        assert sorted(int(t.rstrip(".")) for _, t, _ in numbers) == list(range(1, 21))
        for page, text, x in numbers:  # inside the printed area, not clipped by the page margin
            assert x >= LEFT_MARGIN_PT - 0.5, (pdf.name, page, text, x)
        assert f"page 1 of {len(pages)}" in pages[0]  # page numbers from the sheet's own CSS


@needs_chromium
def test_a_key_only_pdf_of_version_b(tmp_path: Path) -> None:
    from pypdf import PdfReader

    files = write_worksheet(tmp_path / "w.pdf", "scoring", 12, 3, versions="B", key_only=True)
    assert [f.name for f in files] == ["w-B-key.html", "w-B-key.pdf"]
    text = _squash(" ".join(p.extract_text() for p in PdfReader(files[1]).pages))
    assert "Answer key" in text and "Version B" in text and "10. Answer:" in text
    qs = questions("scoring", 12, 3, version="B")
    assert all(_squash(q.explanation)[:40] in text for q in qs)


def test_versions_have_the_same_topics_and_other_deals(tmp_path: Path) -> None:
    a = questions("bowers,play,scoring", 16, 4, version="A")
    b = questions("bowers,play,scoring", 16, 4, version="B")
    c = questions("bowers,play,scoring", 16, 4, version="c")
    assert [q.prompt for q in a] == [q.prompt for q in questions("bowers,play,scoring", 16, 4)]  # A is the plain sheet
    assert [q.topic for q in a] == [q.topic for q in b] == [q.topic for q in c]
    assert not {q.prompt for q in a} & {q.prompt for q in b}
    assert not {q.prompt for q in c} & ({q.prompt for q in a} | {q.prompt for q in b})
    assert [q.prompt for q in b] == [q.prompt for q in questions("bowers,play,scoring", 16, 4, version="B")]

    files = write_worksheet(tmp_path / "t.html", "bowers,play,scoring", 16, 4, versions="A,B")
    assert [f.name for f in files] == ["t-A.html", "t-A-key.html", "t-B.html", "t-B-key.html"]
    sheet_b = files[2].read_text(encoding="utf-8")
    assert "Version B" in sheet_b and "--versions B" in sheet_b
    assert all(html.escape(q.prompt) in sheet_b for q in b)
    assert not any(html.escape(q.prompt) in sheet_b for q in a)
    key_b = files[3].read_text(encoding="utf-8")
    assert all(html.escape(q.explanation) in key_b for q in b) and 'class="q"' not in key_b


@pytest.mark.parametrize(
    ("spec", "words"), [("A,AB", "'AB' is not a single letter"), ("A,a", "named twice"), ("1", "'1' is not")]
)
def test_bad_versions_are_refused_and_nothing_is_written(tmp_path: Path, spec: str, words: str) -> None:
    with pytest.raises(WorksheetError, match=words):
        write_worksheet(tmp_path / "v.html", "scoring", 2, 1, versions=spec)
    assert list(tmp_path.iterdir()) == []


def test_the_numbers_are_text_not_list_markers() -> None:
    page = worksheet("scoring", 12, 1, part="questions")
    assert re.search(r"ol\.sheet\s*\{[^}]*list-style:\s*none", page)
    assert '<span class="n">10.</span>' in page and '<span class="n">12.</span>' in page


def test_no_chromium_gives_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CHROMIUM", raising=False)
    with pytest.raises(WorksheetError, match="needs Chromium"):
        write_worksheet(tmp_path / "s.pdf", "scoring", 2, 1)
    assert (tmp_path / "s.html").exists()  # the HTML is still written, to print from a browser


def _printed_command(page: str) -> list[str]:
    [command] = re.findall(r"<code>(euchre-learn worksheet [^<]*)</code> makes this sheet again", page)
    return shlex.split(html.unescape(command))


@pytest.mark.parametrize(
    "options",
    [
        {"rules": "uk"},
        {"rules": {"points_to_win": 5, "stick_the_dealer": True}, "title": 'Week 3\'s "sheet" <b>'},
        {"rules": "stick-the-dealer", "paper": "a4", "versions": "B"},
    ],
)
def test_the_printed_command_makes_the_same_sheet_and_key(tmp_path: Path, options: dict) -> None:
    """Run the command a sheet prints under its title: the same student copy and the same key,
    byte for byte (it once left out --rules, and gave another key)."""
    from euchre_learn.classroom.cli import main

    topics = "bidding,game" if "stick-the-dealer" in str(options["rules"]) else "benny,scoring"
    first = write_worksheet(tmp_path / "one" / "s.html", topics, 6, 11, **options)
    argv = _printed_command(first[0].read_text(encoding="utf-8"))
    assert argv[:2] == ["euchre-learn", "worksheet"] and "--rules" in argv
    assert main([*argv[1:], "--out", str(tmp_path / "two" / "s.html")]) == 0
    again = sorted((tmp_path / "two").iterdir())
    assert [p.name for p in again] == sorted(p.name for p in first)
    for a, b in zip(sorted(first), again, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
    # and without those options, the key differs: the rules are part of the answer
    plain = worksheet(topics, 6, 11, part="key", version=options.get("versions"))
    assert plain != first[-1].read_text(encoding="utf-8")


def test_paper_a4_or_letter() -> None:
    assert "@page { size: letter; }" in worksheet("scoring", 2, 1)
    a4 = worksheet("scoring", 2, 1, paper="a4")
    assert "@page { size: A4; }" in a4 and "--paper a4</code>" in a4
    with pytest.raises(WorksheetError, match="paper 'legal' is not one of letter, a4"):
        worksheet("scoring", 2, 1, paper="legal")


@needs_chromium
@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_the_pdf_is_printed_on_the_paper_asked(tmp_path: Path, paper: str, size: tuple[int, int]) -> None:
    from pypdf import PdfReader

    files = write_worksheet(tmp_path / "s.pdf", "scoring", 4, 1, paper=paper, key_only=True)
    box = PdfReader(files[-1]).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
