"""The guided first game on screen (``el.table.play(guided=True)``): the table widget with the
guide's notes between the felt and the buttons.

The view only shows what the model says: :class:`~.guide.Guide` decides which rule to introduce
and when; this widget asks it after every redraw, shows the notes since the learner's last action
in a box (each with its *why*, the rule's id linked to ``docs/rules.md`` and a link to its
lesson), and folds the earlier ones into "Rules met so far". Tests drive it without a browser.

>>> from euchre_learn.interactive.table.model import Table
>>> w = GuidedTableWidget(Table(humans='S', seed=1, dealer='N'), delay=0)
>>> [n.key for n in w.guide.current]
['deal', 'first-bid']
>>> 'The deal' in w.guide_panel.value and 'Your first bid' in w.guide_panel.value
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from euchre_learn.engine.actions import Action
from euchre_learn.interactive.table.guide import Guide, Note
from euchre_learn.interactive.table.model import Table
from euchre_learn.interactive.table.widget import TableWidget
from euchre_learn.teaching.quiz.topics import rule_link
from euchre_learn.teaching.widget_look import doc_link

__all__ = ["GuidedTableWidget", "note_html"]

_BOX = "border-left:4px solid #1f6fb2;background:rgba(31,111,178,0.07);padding:4px 10px;margin:6px 0"


def note_html(note: Note) -> str:
    """One note: its title, what it says of this deal, why it matters, the rule and the lesson."""
    t = note.topic
    links = f"Rule {doc_link(rule_link(t.rule), t.rule)} · lesson {doc_link(t.lesson, t.lesson_title)} for more"
    return (
        f"<div class='el-guide-note' data-topic='{html.escape(t.key)}' style='margin:0.3em 0'>"
        f"<b>{html.escape(t.title)}.</b> {html.escape(note.text)}"
        f"<br><i>Why it matters:</i> {html.escape(t.why)} <small>({links})</small></div>"
    )


class GuidedTableWidget(TableWidget):
    """A :class:`~.widget.TableWidget` whose table teaches the rules as they come (:mod:`.guide`).

    ``guide``: the notes' model (default a new :class:`~.guide.Guide` for the table's one learner);
    the other arguments are the table widget's.
    """

    def __init__(self, table: Table, delay: float = 0.6, *, guide: Guide | None = None, **kwargs: Any) -> None:
        self.guide = guide if guide is not None else Guide()
        self.guide.seat(table)  # one learner, or a clear error before anything is drawn
        self.guide_panel = widgets.HTML()
        """The notes: the ones since the learner's last action, then the rules met so far."""
        self.guide_panel.add_class("el-guide")
        super().__init__(table, delay=delay, **kwargs)
        children: list[Any] = list(self.children)  # type: ignore[has-type]
        children.insert(children.index(self.board) + 1, self.guide_panel)
        self.children = tuple(children)

    def refresh(self, keep_message: bool = True) -> None:
        super().refresh(keep_message)
        if hasattr(self, "guide_panel"):
            self.guide.update(self.table)
            self.guide_panel.value = self.panel_html()

    def panel_html(self) -> str:
        """The notes since the learner's last action, in a box, and the earlier ones folded."""
        now = self.guide.current
        earlier = [n for n in self.guide.notes if n not in now]
        out = ""
        if now:
            out += (
                f"<div class='el-guide-now' role='status' aria-live='polite' style='{_BOX}'>"
                + "".join(note_html(n) for n in now)
                + "</div>"
            )
        if earlier:
            out += (
                f"<details class='el-guide-earlier'><summary style='cursor:pointer'>Rules met so far "
                f"({len(earlier)})</summary>" + "".join(note_html(n) for n in earlier) + "</details>"
            )
        return out

    def choose(self, action: Action | str) -> None:
        """The learner acts: the notes shown so far become earlier notes, then the table plays."""
        if self.table.is_human_turn:
            self.guide.turn_over()
        super().choose(action)

    def next_hand(self) -> None:
        self.guide.turn_over()
        super().next_hand()

    def new_game(self) -> None:
        """Another game at this table: every rule has been introduced, so it plays unguided, the
        notes met folded under "Rules met so far"."""
        self.guide.turn_over()
        super().new_game()
