"""Answering the lessons' quiz widgets in the browser, the way a learner does: by clicking.

To know which answer is right, the test builds the same widget in the test process from the
same code (the cell's expression, after the notebook's setup cell), so the same seeded
question comes out (``euchre_learn.teaching.quiz.generate(topic, seed)``), and checks that the browser
shows the same prompt. It then clicks a right or a wrong response and expects the feedback
text that ``question.check(response)`` gives.
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

QUIZ_FUNCS = {"quiz", "practice", "quiz_widget", "today", "puzzles"}
CHOSEN = "●"
"""The mark of a chosen choice's button (euchre_learn.teaching.widgets.CHOSEN): not a verdict."""


@dataclass
class QuizCell:
    """A code cell whose value is a quiz or practice widget, built again in the test process."""

    index: int  # into all cells
    source: str
    widget: Any  # the widget built here (QuizWidget or PracticeWidget)

    @property
    def is_practice(self) -> bool:
        """A widget that asks one question after another (practice, Today's practice, puzzles)."""
        return hasattr(self.widget, "practice") or hasattr(self.widget, "model")

    @property
    def question(self) -> Any:
        return self.widget.current.question if self.is_practice else self.widget.question


@contextlib.contextmanager
def environment(env: dict[str, str]) -> Iterator[None]:
    """Use the test server's private euchre_learn settings while building widgets here, so
    house rules are the same as in the kernel and nothing touches the user's files."""
    keys = ("EUCHRE_LEARN_HOME", "EUCHRE_LEARN_PROGRESS", "EUCHRE_LEARN_RULES", "EUCHRE_LEARN_RULES_URL")
    saved = {k: os.environ.get(k) for k in keys}
    try:
        for k in keys:
            if k in env:
                os.environ[k] = env[k]
            else:
                os.environ.pop(k, None)
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _last_call_name(source: str) -> str | None:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    if not tree.body or not isinstance(tree.body[-1], ast.Expr) or not isinstance(tree.body[-1].value, ast.Call):
        return None
    func = tree.body[-1].value.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


class _Shell:
    """Stands in for IPython in the test process: magics (``%matplotlib inline``) do nothing."""

    def run_line_magic(self, *args: Any, **kwargs: Any) -> None:
        return None

    def run_cell_magic(self, *args: Any, **kwargs: Any) -> None:
        return None

    def system(self, *args: Any, **kwargs: Any) -> None:
        return None


def _python(source: str) -> str:
    """Cell source as plain Python (IPython's own transform turns magics into calls)."""
    from IPython.core.inputtransformer2 import TransformerManager

    return str(TransformerManager().transform_cell(source))


def quiz_cells(path: Path, env: dict[str, str]) -> tuple[list[QuizCell], list[str]]:
    """The quiz cells of a notebook, each with its widget built here; and notes on any quiz
    cell that could not be rebuilt.

    The setup cell runs first; a quiz that needs a name defined later (``rules = ...`` in the
    middle of the lesson) gets the cells before it run too, in order, as the kernel ran them
    (cells tagged ``raises-exception`` may raise; matplotlib draws off screen)."""
    nb = nbformat.read(path, as_version=4)
    code = [
        (i, c.source, "raises-exception" in c.metadata.get("tags", []))
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code"
    ]
    found: list[QuizCell] = []
    notes: list[str] = []
    if not code:
        return found, notes
    os.environ.setdefault("MPLBACKEND", "Agg")
    with environment(env):
        ns: dict[str, Any] = {"get_ipython": _Shell}
        done = 0  # code cells run so far

        def run_upto(k: int) -> None:
            nonlocal done
            while done < k:
                index, source, raises = code[done]
                done += 1
                if _last_call_name(source) in QUIZ_FUNCS:
                    continue
                try:
                    with contextlib.redirect_stdout(io.StringIO()):
                        exec(compile(_python(source), f"{path.name}[{index}]", "exec"), ns)
                except Exception:
                    if not raises:
                        raise

        run_upto(1)  # the one setup cell (STYLE.md)
        for k, (index, source, _raises) in enumerate(code):
            if _last_call_name(source) not in QUIZ_FUNCS:
                continue
            tree = ast.parse(_python(source))
            expr = ast.Expression(tree.body[-1].value)  # type: ignore[attr-defined]
            head = ast.Module(tree.body[:-1], [])
            widget = None
            for attempt in range(2):
                try:
                    exec(compile(head, f"{path.name}[{index}]", "exec"), ns)
                    widget = eval(compile(expr, f"{path.name}[{index}]", "eval"), ns)
                    break
                except NameError as err:
                    if attempt == 0 and done < k:
                        run_upto(k)  # the cells between the setup and this quiz
                        continue
                    notes.append(f"cell {index}: could not rebuild the quiz here ({type(err).__name__}: {err})")
                except Exception as err:
                    notes.append(f"cell {index}: could not rebuild the quiz here ({type(err).__name__}: {err})")
                    break
            if widget is not None:
                found.append(QuizCell(index, source, widget))
    return found, notes


# --- responses -----------------------------------------------------------------------------


def right_response(question: Any) -> Any:
    return question.answer


def wrong_response(question: Any) -> Any:
    """A response that is wrong and complete (so Check grades it at the first press)."""
    kind = question.kind
    if kind == "single":
        accepted = (question.answer, *getattr(question, "accept", ()))  # another name of the answer is right
        return next(c for c in question.choices if c not in accepted)
    if kind == "number":
        return int(question.answer) + 1
    if kind == "order":
        return tuple(reversed(question.answer))
    if kind == "select-all":
        right = set(question.answer)
        first = question.choices[0]
        wrong = right ^ {first}
        if not wrong:  # the answer was just the first choice: pick the second instead
            wrong = {question.choices[1]}
        return tuple(c for c in question.choices if c in wrong)
    raise ValueError(f"unknown question kind {kind!r}")


# --- clicking ------------------------------------------------------------------------------


def _exact(text: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def click_response(quiz: Any, question: Any, response: Any) -> None:
    """Enter ``response`` in the quiz widget ``quiz`` (a Playwright locator of ``.el-quiz``) by
    clicking (typing, for a number)."""
    kind = question.kind
    if kind == "single":  # a toggle button per choice, a card or a text (no radio buttons)
        quiz.locator("button.el-choice", has_text=_exact(response)).click()
        quiz.locator("button.el-chosen", has_text=_exact(f"{CHOSEN} {response}")).wait_for()
    elif kind == "select-all":
        for choice in response:
            quiz.locator("button.el-choice", has_text=_exact(choice)).click()
            quiz.locator("button.el-chosen", has_text=_exact(f"{CHOSEN} {choice}")).wait_for()
    elif kind == "order":
        for k, choice in enumerate(response, 1):
            quiz.locator("button.widget-button", has_text=_exact(choice)).first.click()
            # the kernel places it before the next click: a click on a button being redrawn was
            # once lost under load, and Check then found the order incomplete (no ✓ or ✗)
            quiz.locator(".el-order li").nth(k - 1).filter(has_text=_exact(choice)).wait_for()
    elif kind == "number":
        box = quiz.locator(".widget-text input")
        box.fill(str(response))
        box.dispatch_event("change")
    else:
        raise ValueError(f"unknown question kind {kind!r}")
    quiz.locator("button", has_text=_exact("Check")).click()


def feedback_text(quiz: Any) -> str:
    status = quiz.locator('[role="status"]')
    return str(status.inner_text())


def squash(text: str) -> str:
    return " ".join(text.split())


def expect_feedback(quiz: Any, question: Any, response: Any, timeout: float = 15_000) -> str:
    """Wait for the feedback of ``response`` and check it is the message the engine gives."""
    fb = question.check(response)
    mark = "✓" if fb.correct else "✗"
    status = quiz.locator('[role="status"][aria-live="polite"]')
    status.filter(has_text=mark).wait_for(timeout=timeout)
    shown = squash(status.inner_text())
    expected = squash(fb.message)
    assert expected in shown, f"feedback shown: {shown!r}\nexpected (question.check): {expected!r}"
    assert shown.startswith(mark), f"feedback should start with {mark}: {shown!r}"
    return shown
