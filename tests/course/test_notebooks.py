"""The course as a newcomer meets it (issue 11): the core path and its minutes, the navigation,
the contents page, the glossary links, the strategy boxes, and the lessons' rough edges."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

from euchre_learn.teaching.glossary import TERMS, anchor

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

_spec = importlib.util.spec_from_file_location("notebooks_tool", ROOT / "tools" / "notebooks.py")
assert _spec is not None and _spec.loader is not None
tool = importlib.util.module_from_spec(_spec)
sys.modules["notebooks_tool"] = tool
_spec.loader.exec_module(tool)

LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
OWNED_ELSEWHERE = {"11"}  # lesson 11 is rewritten by another engineer: only its navigation is generated here


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def text_of(path: Path, outputs: bool = True) -> str:
    parts = []
    for cell in read(path).cells:
        parts.append(cell.source)
        if outputs and cell.cell_type == "code":
            parts.append(tool._output_text(cell))
    return "\n".join(parts)


def lesson(number: str) -> Path:
    return next(p for p in LESSONS if p.name.startswith(number))


# ---- the path and its minutes ----------------------------------------------------------------


def test_navigation_contents_page_and_minutes_table_are_as_the_tool_writes_them() -> None:
    assert tool.stale() == [], "run: python tools/notebooks.py nav"


def test_the_core_path_takes_at_most_two_hours_by_the_stated_estimate() -> None:
    """Issue 34: the core path, strategy quizzes and one whole game (lesson 00's guided game)
    included, takes at most two hours; the contents page states the estimate."""
    core = tool.core_path()
    assert [tool.number(p) for p in core] == list(tool.CORE)
    total = sum(tool.exact_minutes(p) for p in core)
    assert 100 <= total <= 120, f"the core path is estimated at {total:.1f} minutes"
    assert tool.core_minutes() == int(total + 0.5)
    assert {"10", "13"} <= {tool.number(p) for p in core}, "the core path ends with the table and the closing lesson"
    games = [tool.estimate(read(p)).games for p in core]
    assert games == [1] + [0] * (len(core) - 1), "one whole game is counted: lesson 00's guided game"


def test_lesson_00_starts_a_guided_game_before_its_quizzes_and_lesson_10_introduces_training_mode() -> None:
    cells = read(lesson("00")).cells
    game = next(i for i, c in enumerate(cells) if c.cell_type == "code" and "table.play(guided=True" in c.source)
    quiz = next(i for i, c in enumerate(cells) if c.cell_type == "code" and "widgets.quiz(" in c.source)
    assert game < quiz, "the guided game comes before the quizzes: the quiz asks what the game taught"
    shown = cells[game].outputs
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in shown), "the game is drawn"
    ten = read(lesson("10")).cells
    prose = "\n".join(c.source for c in ten if c.cell_type == "markdown")
    assert "## Training mode" in prose and "training=True" in prose
    demo = next(c for c in ten if c.cell_type == "code" and "training=True" in c.source and "Table(" in c.source)
    said = tool._output_text(demo)
    assert said.startswith("Wait: your pass is") and "Try again" in said, said
    table = next(c for c in ten if c.cell_type == "code" and "table.play(" in c.source)
    assert "training=True" in table.source and tool.EXTRA in table.metadata.get("tags", [])


def test_the_guided_games_notes_are_counted_as_measured() -> None:
    """GUIDED_NOTES_WORDS is the median words of the notes over whole guided games played by a
    scripted newcomer (the standard bot's choices at South, lesson 00's dealer): measured again here."""
    import statistics

    from euchre_learn.interactive.table.guide import Guide
    from euchre_learn.interactive.table.model import Table

    counts = []
    for seed in range(9):
        t, g = Table(humans="S", seed=seed, dealer="E"), Guide()
        while True:
            t.run_bots()
            g.update(t)
            if t.game_over:
                break
            if t.hand_over:
                t.next_hand()
                continue
            t.act(t.hint_bot.choose(t.game)[0])
        shown = (
            f"{n.title}. {n.text} Why it matters: {n.why} (Rule {n.rule} · lesson {n.topic.lesson_title} for more)"
            for n in g.notes
        )
        counts.append(sum(tool._words(text) for text in shown))  # the words the view shows (guide_widget.note_html)
    assert abs(statistics.median(counts) - tool.GUIDED_NOTES_WORDS) <= 0.15 * tool.GUIDED_NOTES_WORDS, counts


def test_the_estimate_is_words_at_a_reading_pace_plus_cells_and_quizzes() -> None:
    nb = nbformat.v4.new_notebook()
    nav = nbformat.v4.new_markdown_cell("word " * 500, metadata={"tags": [tool.TAG]})
    prose = nbformat.v4.new_markdown_cell(
        "# Title\n\n" + "word " * (tool.READING_WPM - 1) + "[a link](x.ipynb#far/away)"
    )
    quiz = nbformat.v4.new_code_cell("widgets.quiz('scoring', seed=1)")
    practice = nbformat.v4.new_code_cell("widgets.practice('scoring', seed=1)")
    box = nbformat.v4.new_code_cell("good_play('loner')", metadata={"tags": ["read"]})
    box.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "word " * tool.READING_WPM})]
    nb.cells = [nav, prose, quiz, practice, box]
    e = tool.estimate(nb)
    # "Title" and the 179 words, "a link" (not its address), the box's output; not the navigation
    assert (e.words, e.code_cells, e.quizzes) == (2 * tool.READING_WPM + 2, 3, 1)
    assert e.minutes == pytest.approx(2 + 2 / tool.READING_WPM + 3 * tool.CODE_CELL_MINUTES + tool.QUIZ_MINUTES)
    # a guided game: a game and its notes; a game tagged extra: a code cell only
    guided = nbformat.v4.new_code_cell("table.play(guided=True, seed=55, dealer='E')")
    extra = nbformat.v4.new_code_cell("table.play(rules, training=True)", metadata={"tags": [tool.EXTRA]})
    nb.cells = [guided, extra]
    e = tool.estimate(nb)
    assert (e.words, e.code_cells, e.games) == (tool.GUIDED_NOTES_WORDS, 2, 1)
    assert e.minutes == pytest.approx(
        tool.GUIDED_NOTES_WORDS / tool.READING_WPM + 2 * tool.CODE_CELL_MINUTES + tool.GAME_MINUTES
    )


def test_the_contents_page_shows_the_core_path_then_the_deeper_lessons_with_minutes() -> None:
    index = read(NOTEBOOKS / "index.ipynb").cells[0].source
    core_at, deeper_at = index.index("## The core path"), index.index("## Going deeper")
    assert f"about {tool.core_minutes()} minutes" in index
    for p in LESSONS:
        entry = re.search(rf"\[[^]]+\]\({re.escape(p.name)}\) · \*\*(\d+) min\*\*", index)
        assert entry, f"{p.name} is not listed with its minutes"
        assert int(entry.group(1)) == tool.minutes(p)
        assert (entry.start() < deeper_at) == (tool.number(p) in tool.CORE), p.name
        assert entry.start() > core_at
    for link in ("cheat_sheet.ipynb", "../docs/glossary.md", "../docs/rules.md", "../docs/teaching.md"):
        assert f"]({link}" in index, link


def test_core_lessons_link_along_the_core_path_and_deeper_ones_by_number() -> None:
    def nav(number: str) -> str:
        return read(lesson(number)).cells[0].source

    assert "(10_play_against_bots.ipynb) >" in nav("08")
    assert "(13_whats_next.ipynb) >" in nav("10") and "< [08 Scoring]" in nav("10")
    assert "(10_play_against_bots.ipynb) >" in nav("09") and "< [08 Scoring]" in nav("09")
    assert "(12_variants.ipynb) >" in nav("11") and "< [10 Play" in nav("11")
    assert "[Contents](index.ipynb)" == read(NOTEBOOKS / "cheat_sheet.ipynb").cells[0].source


def test_docs_teaching_states_the_method_and_shows_the_table() -> None:
    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    assert f"**{tool.READING_WPM} words a minute**" in text and "15 seconds for each code cell" in text
    assert tool.minutes_table() in text


# ---- glossary, cheat sheet, closing lesson ---------------------------------------------------


def test_every_lesson_links_the_glossary() -> None:
    for p in LESSONS:
        if tool.number(p) in OWNED_ELSEWHERE:
            continue
        assert "](../docs/glossary.md" in text_of(p, outputs=False), f"{p.name} does not link the glossary"


def test_the_glossary_has_an_anchor_for_every_term_and_every_link_lands() -> None:
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([\w-]+)"></a>', glossary))
    assert {anchor(t) for t in TERMS} <= anchors
    needed = "maker eldest next void march euchre barn bower right-bower left-bower upcard kitty assist loner renege"
    needed += " order-up take-it-up trump trick lead follow-suit dealer partner stick-the-dealer throw-in throw-off"
    assert set(needed.split()) <= anchors
    for path in [*LESSONS, NOTEBOOKS / "index.ipynb", NOTEBOOKS / "cheat_sheet.ipynb"]:
        for name in re.findall(r"glossary\.md#([\w-]+)", text_of(path)):
            assert name in anchors, f"{path.name} links glossary.md#{name}, which is not an anchor"
    for name in re.findall(r"\]\(#([\w-]+)\)", glossary):
        assert name in anchors, f"docs/glossary.md links #{name}, which is not an anchor"


def test_the_contents_page_and_the_last_lesson_link_the_cheat_sheet() -> None:
    assert "cheat_sheet.ipynb" in text_of(NOTEBOOKS / "index.ipynb")
    last = text_of(lesson("13"))
    assert "cheat_sheet.ipynb" in last and "cheat-sheet --out" in last
    assert "J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥" in last, "the closing lesson shows the cheat sheet, run"


def test_the_closing_lesson_covers_practice_and_the_customs_of_a_real_table() -> None:
    words = text_of(lesson("13"), outputs=False)
    for needed in ("el.review", "el.puzzles", "table.play", "renege", "a **5** and a **6**", "No table talk"):
        assert needed in words, needed
    code = "\n".join(c.source for c in read(lesson("13")).cells if c.cell_type == "code")
    assert "review(" not in code and "puzzles" not in code, "reviews and puzzles are named, not run"


# ---- strategy boxes --------------------------------------------------------------------------


@pytest.mark.parametrize(("number", "rules"), [("03", 2), ("04", 1), ("06", 3), ("07", 1)])
def test_bidding_and_play_lessons_end_with_a_what_good_players_do_box(number: str, rules: int) -> None:
    cells = read(lesson(number)).cells
    at = next(i for i, c in enumerate(cells) if c.cell_type == "code" and "good_play(" in c.source)
    box = cells[at]
    assert "read" in box.metadata.get("tags", []), "the box's text counts in the minutes"
    shown = tool._output_text(box)
    assert (
        shown.startswith("What good players do") and shown.count("[checked]") + shown.count("[NOT CONFIRMED]") == rules
    )
    heads = [i for i, c in enumerate(cells) if c.cell_type == "markdown"]
    in_short = next(i for i in heads if cells[i].source.startswith("## In short"))
    check = next(i for i in heads if cells[i].source.startswith("## Check your understanding"))
    assert in_short < at < check


# ---- the rough edges of issue 11 -------------------------------------------------------------

BIDDING_WORDS = re.compile(r"\b(assists?|takes it up|take it up|orders it up|order it up)\b", re.IGNORECASE)


def test_lesson_00_uses_no_bidding_words_and_lesson_02_defines_them_before_its_quizzes() -> None:
    assert not BIDDING_WORDS.search(text_of(lesson("00"), outputs=False))
    from euchre_learn import quiz

    for topic_name, seed in re.findall(
        r"widgets\.quiz\('([\w-]+)', seed=(\d+)\)", text_of(lesson("00"), outputs=False)
    ):
        assert not BIDDING_WORDS.search(quiz.generate(topic_name, int(seed)).prompt), (
            "lesson 00's quiz uses bidding words"
        )
    cells = read(lesson("02")).cells
    first_quiz = next(i for i, c in enumerate(cells) if "widgets.quiz(" in c.source)
    before = "\n".join(c.source for c in cells[:first_quiz] if c.cell_type == "markdown")
    for word in ("**orders it up**", "**assists**", "**takes it up**"):
        assert word in before


def test_no_quiz_is_asked_twice_across_the_lessons() -> None:
    seen: dict[str, str] = {}
    for p in LESSONS:
        for cell in read(p).cells:
            for call in re.findall(r"widgets\.quiz\(([^)]*)\)", cell.source):
                key = re.sub(r"\s+", "", call)
                assert key not in seen, f"{p.name} repeats {seen.get(key)}'s quiz {call}"
                seen[key] = p.name


def test_lesson_09_opens_without_code_identifiers() -> None:
    shown = text_of(lesson("09"))
    for bad in ("lone_defender_points[", "RULES §", "*next*"):
        assert bad not in shown, bad


def test_discard_means_only_the_dealer_s_discard() -> None:
    for number in ("05", "06", "09", "10"):
        shown = text_of(lesson(number))
        assert "is a discard" not in shown and "A discard," not in shown, number
    assert "is thrown off" in text_of(lesson("06"))


def test_lesson_10_walks_through_another_deal_than_the_live_table() -> None:
    cells = read(lesson("10")).cells
    live = next(c.source for c in cells if "table.play(rules, humans='S'" in c.source)
    walk = next(c.source for c in cells if c.source.startswith("t = Table(rules, humans='S'"))

    def deal(src: str) -> tuple[str, str]:
        got = re.search(r"seed=(\d+)", src), re.search(r"dealer='(\w)'", src)
        assert got[0] and got[1]
        return got[0].group(1), got[1].group(1)

    assert deal(live) != deal(walk)


def test_house_rules_left_the_core_lessons_for_lesson_12() -> None:
    for number in ("07", "08"):
        words = text_of(lesson(number), outputs=False)
        for rule in ("railroad'", "defend-alone'", "seed-000", "super-euchre'", "left_of_dealer"):
            assert rule not in words, f"lesson {number} still teaches {rule}"
    twelve = text_of(lesson("12"), outputs=False)
    for rid in ("R5.4", "R5.5", "R7.2", "R7.3", "R7.4", "set_house_rules"):
        assert rid in twelve
