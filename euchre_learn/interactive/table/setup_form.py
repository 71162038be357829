"""The form that sets a table up (``el.table.setup()``): the rules, the preset, the seats, the
bots and the pace chosen up front; "Deal" puts a :class:`~euchre_learn.interactive.table.widget.TableWidget`
in the form's place, with a button back to the form.

>>> form = SetupForm()
>>> form.seats[Seat.N].value = True
>>> w = form.deal()
>>> sorted(w.table.humans)
[<Seat.N: 0>, <Seat.S: 2>]
>>> w.stop()
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from euchre_learn.analysis.bots import names as bot_names
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.rules import Rules
from euchre_learn.interactive.table.model import Table
from euchre_learn.interactive.table.widget import PACES, TableWidget
from euchre_learn.teaching.widget_look import RED, auto_width, style_view

__all__ = ["SetupForm"]


class SetupForm(widgets.VBox):  # type: ignore[misc]
    """Rules, preset, seats, bots and pace chosen up front; "Deal" replaces the form by the table."""

    def __init__(self) -> None:
        self.preset = widgets.Dropdown(
            description="Rules:", options=[(Rules.preset_label(p), p) for p in Rules.menu_presets()], value="standard"
        )
        self.points = widgets.Dropdown(description="Game to:", options=[5, 7, 10], value=10)
        self.seats = {
            s: widgets.Checkbox(
                value=s == Seat.S, description=f"{s.word}", indent=False, layout=widgets.Layout(width="7em")
            )
            for s in Seat
        }
        choices = [n for n in bot_names() if n != "random"] + ["random"]
        self.bots = widgets.Dropdown(description="Bots:", options=choices, value="standard")
        self.partner = widgets.Dropdown(description="Partner:", options=[("as the bots", None), *choices], value=None)
        self.pace = widgets.Dropdown(
            description="Bot pace:", options=[(k, v) for k, v in PACES.items()], value=PACES["normal"]
        )
        self.open_hands = widgets.Checkbox(value=False, description="Show all hands (for teaching)", indent=False)
        self.training = widgets.Checkbox(
            value=False, description="Training mode: a costly choice is asked again", indent=False
        )
        self.seed = widgets.Text(description="Seed:", placeholder="blank: a new deal each time")
        self.start = widgets.Button(description="Deal", button_style="success", icon="play", layout=auto_width())
        self.error = widgets.HTML()
        self.table_widget: TableWidget | None = None
        self.start.on_click(lambda _: self.deal())
        self.preset.observe(self._on_preset, names="value")
        seat_row = widgets.HBox([widgets.HTML("<b>Humans at:</b>&nbsp;"), *self.seats.values()])
        self._form = (
            widgets.HTML("<b>A game of Euchre</b>: choose the rules, who plays, and the pace."),
            self.preset,
            self.points,
            seat_row,
            self.bots,
            self.partner,
            self.pace,
            self.open_hands,
            self.training,
            self.seed,
            self.start,
            self.error,
        )
        self.holder = widgets.VBox(self._form)
        """Shows the form, or (after "Deal") the table and a button back to the form."""
        super().__init__([style_view(), self.holder])
        self.add_class("el-setup")

    def _on_preset(self, change: dict[str, Any]) -> None:
        self.points.value = (
            Rules.preset(change["new"]).points_to_win if Rules.preset(change["new"]).points_to_win in (5, 7, 10) else 10
        )

    def rules(self) -> Rules:
        return Rules.preset(self.preset.value).replace(points_to_win=int(self.points.value))

    def deal(self) -> TableWidget | None:
        """Build the table from the form and show it in place of the form."""
        humans = [s for s, box in self.seats.items() if box.value]
        seed: Any = self.seed.value.strip() or None
        try:
            table = Table(
                self.rules(),
                humans=humans,
                bots=self.bots.value,
                seed=seed,
                open_hands=self.open_hands.value,
                partner=self.partner.value,
                training=self.training.value,
            )
        except ValueError as err:
            self.error.value = f"<span style='color:{RED}'>{html.escape(str(err))}</span>"
            return None
        self.table_widget = TableWidget(table, delay=self.pace.value, review=True)
        back = widgets.Button(description="Change the setup", icon="cog", layout=auto_width())
        back.on_click(lambda _: self._back())
        self.holder.children = (self.table_widget, back)
        return self.table_widget

    def _back(self) -> None:
        if self.table_widget is not None:
            self.table_widget.stop()
        self.holder.children = self._form
