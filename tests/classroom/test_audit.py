"""``euchre-learn nbgrader audit DIR`` (euchre_learn.classroom.audit): what it flags in a cell,
what it leaves alone, and the command's answers to a folder it cannot audit.

The attacks through the real nbgrader are in test_grading_attacks.py; these are the rules one by
one, fast, and the honest answers that must not be flagged.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_learn.classroom import cli, grading
from euchre_learn.classroom.audit import audit_notebook, audit_source
from euchre_learn.classroom.exercises import checker

ROOT = Path(__file__).resolve().parents[2]

FLAGGED = [
    ("x = _ih[-1]", "uses _ih"),
    ("x = In[3]", "uses In"),
    ("x = _i7", "IPython's record"),
    ("get_ipython().input_transformers_post.append(f)", "input_transformers_post"),
    ("ip = get_ipython()\nip.ast_transformers.append(t)", "ast_transformers"),
    ("get_ipython().events.register('pre_run_cell', f)", ".events"),
    ("%time answer = 3", "get_ipython"),  # a magic, read as IPython runs it
    ("!rm -rf ~", "get_ipython"),
    ("import sys\nsys.modules['x'] = 1", "imports sys"),
    ("from importlib import reload", "imports importlib"),
    ("import builtins", "imports builtins"),
    ("import gc", "imports gc"),
    ("import inspect", "imports inspect"),
    ("import os\nos._exit(0)", "._exit"),
    ("import sqlite3", "imports sqlite3"),
    ("from euchre_learn.classroom.exercises import answer_key", "the grading's side"),
    ("import euchre_learn.classroom.grading as g", "the grading's side"),
    ("from euchre_learn.engine import _private", "private name"),
    ("exec('x = 1')", "uses exec"),
    ("eval('1')", "uses eval"),
    ("compile('1', 'f', 'eval')", "uses compile"),
    ("__import__('os')", "uses __import__"),
    ("getattr(check, 'grade')", "uses getattr"),
    ("x = getattr(__builtins__, 'ex' + 'ec')", "uses __builtins__"),
    ("x = ().__class__.__bases__[0].__subclasses__()", "reaches .__class__"),
    ("x = '{0.__globals__}'.format(f)", "'__' name as text"),
    ("x = 'aW1wb3J0IG9zOyBvcy5fZXhpdCgwKQ=='", "encoded string"),
    ("x = f.__code__.co_consts", "co_consts"),
    ("x = frame.f_back.f_globals", "f_back"),
    ("x = globals()", "uses globals"),
    ("vars(m)['answer_key'] = f", "uses vars"),
    ("print = lambda *a: None", "rebinds the builtin print"),
    ("AssertionError = Warning", "rebinds the builtin AssertionError"),
    ("check = lambda *a: True", "rebinds check"),
    ("def check(*a):\n    return True", "rebinds check with a function"),
    ("class AssertionError(Warning):\n    pass", "rebinds AssertionError with a class"),
    ("_answer_key = f", "private name _answer_key"),
    ("x = check.exercise('q1').grade.keys", "check.exercise"),
    ("x = check.grade('q1', 'J♠').correct", "check.grade"),
    ("x = check.relabel", "check.relabel"),
    ("for c in ['J♠', 'J♣']:\n    if check('q4', c):\n        answer = c", "answers found by trying"),
    ("answer = [c for c in deck if check('q4', c)][0]", "answers found by trying"),
    ("ok = check('q4', 'J♠')", "answers found by trying"),
    ("import math\nmath.pi = 3", "changes math.pi"),
    ("class A(str):\n    pass", "subclasses str"),
    ("class A:\n    def __eq__(self, o):\n        return True", "defines __eq__"),
    ("class A:\n    __hash__ = None", "defines __hash__"),
    ("def f(:\n", "cannot be read as Python"),
]


@pytest.mark.parametrize(("code", "words"), FLAGGED)
def test_a_cell_that_reaches_into_the_grading_is_flagged(code: str, words: str) -> None:
    found = audit_source(code, "answer-q1")
    assert any(words in f.why for f in found), (code, [f.why for f in found])
    assert all(f.cell == "answer-q1" and f.line >= 0 for f in found)


def test_honest_answers_are_not_flagged() -> None:
    """Every published solution, each renamed sheet's setup, and plain student code: no finding."""
    for name in grading.assignments():
        for path in sorted((ROOT / "exercises" / "solutions" / name).glob("q*.py")):
            assert audit_source(path.read_text(encoding="utf-8"), path.name) == [], path
        for variant in (None, "student") if name in grading.RENAMED else (None,):
            nb = grading.source_notebook(name, "answers", variant, "euchre-101")
            assert audit_notebook(nb, nb) == [], (name, variant)  # handed in exactly as released
            assert audit_notebook(nb) == [], (name, variant)  # and read cell by cell, with no release
    plain = (
        "from euchre_learn import Card, Suit, trump_order\nimport itertools, math\n"
        "def legal(holding, trump, led):\n    same = [c for c in holding if c.suit == led]\n"
        "    return same or list(holding)\n\ndef winner(trick, trump):\n    max = None\n    card = trick[0]\n"
        "    return card\n\nanswer = sorted(trump_order(Suit.HEARTS))[:2]\n"
        'check("q4", legal)'
    )
    assert audit_source(plain) == []


def test_the_notebook_is_compared_with_its_release() -> None:
    release = grading.source_notebook("01_cards_and_bidding")
    nb = json.loads(json.dumps(release))
    setup = next(c for c in nb["cells"] if 'checker("cards-and-bidding")' in "".join(c["source"]))
    setup["source"] = "from euchre_learn.classroom.exercises import checker\ncheck = lambda *a: True"
    tests = [c for c in nb["cells"] if c["metadata"]["nbgrader"]["grade_id"].startswith("test-")]
    tests[0]["metadata"]["nbgrader"]["points"] = 0
    nb["cells"].remove(tests[1])
    nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [], "source": "import sys"})
    why = [f"{f.cell}: {f.why}" for f in audit_notebook(nb, release)]
    assert any("read-only cell changed" in w for w in why), why
    assert any("rebinds check" in w for w in why), why  # the changed read-only cell is read, too
    assert "test-q1: nbgrader's 'points' changed from 1 to 0" in why, why
    assert "test-q2: code cell of the release removed" in why, why
    assert any(w.startswith("cell ") and "(added, no nbgrader id): imports sys" in w for w in why), why


def test_a_notebook_of_odd_shapes_is_read_without_a_traceback() -> None:
    odd = {
        "cells": [
            {"cell_type": "code", "source": ["import sy", "s\n", 7], "metadata": "none"},
            {"cell_type": "code", "source": {"a": 1}, "metadata": {"nbgrader": ["x"]}},
            "not a cell",
            {"cell_type": "code", "source": "x = " + "(" * 5000 + ")" * 5000},
            {"cell_type": "code", "source": "-" * 200 + "1"},
            {"cell_type": "markdown", "source": None},
        ]
    }
    why = [f"{f.cell}: {f.why}" for f in audit_notebook(odd, {"cells": ["x", {"metadata": 3}]})]
    assert any("cell 3: is not a cell" == w for w in why), why
    assert any("cell 4" in w and ("cannot be read" in w or "too deep" in w) for w in why), why
    assert any("imports sys" in w for w in why), why  # the cell's pieces, joined


def test_the_command_answers_a_folder_it_cannot_audit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["nbgrader", "audit", str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre-learn: ") and "is not a folder" in err and "\n" == err[-1]
    assert cli.main(["nbgrader", "audit", str(tmp_path)]) == 2
    assert "holds no notebook (.ipynb) to audit" in capsys.readouterr().err
    # a folder of notebooks (no course): every code cell read
    nb = grading.source_notebook("02_play_and_scoring")
    answers = [c for c in nb["cells"] if c["metadata"]["nbgrader"]["grade_id"].startswith("answer-")]
    answers[0]["source"] = 'answer = "J♦"\ncheck("q1", answer)'
    (tmp_path / "ana.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / ".ipynb_checkpoints" / "ana-checkpoint.ipynb").write_text("{", encoding="utf-8")
    status = cli.main(["nbgrader", "audit", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 0 and "0 of 1 notebook(s) flagged" in out and "checkpoint" not in out, out
    answers[1]["source"] = 'from euchre_learn.classroom.exercises import answer_key\ncheck("q2", "A♦")'
    (tmp_path / "ana.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    assert cli.main(["nbgrader", "audit", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "ana.ipynb: answer-q2 line 1: imports euchre_learn.classroom.exercises" in out, out
    assert "1 of 1 notebook(s) flagged" in out
    (tmp_path / "bob.ipynb").write_text("[1, 2]", encoding="utf-8")
    assert cli.main(["nbgrader", "audit", str(tmp_path)]) == 1
    assert "bob.ipynb: cannot be read: not a notebook" in capsys.readouterr().out
    # the usage names the command
    with pytest.raises(SystemExit):
        cli.main(["nbgrader", "audit"])
    assert "euchre-learn nbgrader audit" in capsys.readouterr().err
    assert checker("cards-and-bidding").qids  # the checker is untouched by any of this
