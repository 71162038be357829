"""The stepper's widget (``el.stepper.show()``): a :class:`~euchre_learn.interactive.stepper_model.Stepper`
on screen with ⏮ ◀ ▶ ⏭ and a slider, laying out what the model says and nothing more (the model
decides each step and its words; :mod:`euchre_learn.interactive.views` shows the same without buttons
for a lesson's stored output).
"""

from __future__ import annotations

import html

import ipywidgets as widgets  # type: ignore[import-untyped]

from euchre_learn.interactive.stepper_model import Stepper
from euchre_learn.teaching.widget_look import paragraphs, style_view

__all__ = ["StepperWidget"]


class StepperWidget(widgets.VBox):  # type: ignore[misc]
    """A :class:`~euchre_learn.interactive.stepper.Stepper` on screen: ⏮ ◀ ▶ ⏭, a slider over the steps,
    the table drawn at each step, and the step explained.

    >>> import euchre_learn as el
    >>> w = StepperWidget(el.stepper.Stepper(el.Hand.deal('N', seed=2).apply('pass')))
    >>> w.forward_button.click(); w.stepper.position
    1
    """

    def __init__(self, stepper: Stepper, open_hands: bool = True) -> None:
        self.stepper = stepper
        self.title = widgets.HTML()
        self.board = widgets.HTML()
        self.explanation = widgets.HTML()
        self.start_button = widgets.Button(
            description="", icon="fast-backward", tooltip="The deal", layout=widgets.Layout(width="3em")
        )
        self.back_button = widgets.Button(
            description="", icon="step-backward", tooltip="One step back", layout=widgets.Layout(width="3em")
        )
        self.forward_button = widgets.Button(
            description="", icon="step-forward", tooltip="One step forward", layout=widgets.Layout(width="3em")
        )
        self.end_button = widgets.Button(
            description="", icon="fast-forward", tooltip="The end", layout=widgets.Layout(width="3em")
        )
        self.slider = widgets.IntSlider(
            min=0, max=len(stepper), value=stepper.position, description="Step", continuous_update=True, readout=False
        )
        self.open_hands = widgets.Checkbox(value=open_hands, description="Show all hands", indent=False)
        self.counter = widgets.HTML(layout=widgets.Layout(margin="0 1em"))
        self.start_button.on_click(lambda _: self._go(0))
        self.back_button.on_click(lambda _: self._go(self.stepper.position - 1))
        self.forward_button.on_click(lambda _: self._go(self.stepper.position + 1))
        self.end_button.on_click(lambda _: self._go(len(self.stepper)))
        self.slider.observe(lambda ch: self._go(int(ch["new"])), names="value")
        self.open_hands.observe(lambda _: self.refresh(), names="value")
        controls = widgets.HBox(
            [
                self.start_button,
                self.back_button,
                self.forward_button,
                self.end_button,
                self.slider,
                self.counter,
                self.open_hands,
            ]
        )
        super().__init__([style_view(), self.title, controls, self.board, self.explanation])
        self.add_class("el-stepper")
        self.refresh()

    def _go(self, position: int) -> None:
        position = max(0, min(len(self.stepper), position))
        if position != self.stepper.position:
            self.stepper.go(position)
        self.refresh()

    def refresh(self) -> None:
        s = self.stepper
        title = s.title
        notes = s.notes
        self.title.value = (f"<h3 style='margin:0.2em 0'>{html.escape(title)}</h3>" if title else "") + (
            paragraphs(notes) if notes else ""
        )
        if self.slider.value != s.position:
            self.slider.value = s.position
        self.counter.value = f"{s.position} / {len(s)}"
        self.start_button.disabled = self.back_button.disabled = s.position == 0
        self.forward_button.disabled = self.end_button.disabled = s.position == len(s)
        self.board.value = s.html(show_all=self.open_hands.value)
        self.explanation.value = f"<div class='el-step'>{paragraphs(s.explanation())}</div>"
