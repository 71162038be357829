"""The table's widget: layout, callbacks and display, nothing more.

Every decision (what is legal, who acts, what a bot does, what undo restores) is made by the
table's model (:mod:`euchre_learn.interactive.table.model`) and its rooms; :class:`TableWidget`
only lays out ipywidgets, calls the model when a button is clicked, and shows what it says (the
form that sets a table up is :mod:`.setup_form`; the stepper's widget is
:mod:`euchre_learn.interactive.stepper_widget`). Tests drive them without a browser by calling
``button.click()`` and reading ``.value``.

>>> from euchre_learn.interactive.table.model import Table
>>> w = TableWidget(Table(humans='S', seed=1, dealer='N'), delay=0)
>>> [b.description for b in w.action_buttons]
['Pass', 'Assist', 'Assist alone']
>>> w.action_buttons[0].click()          # South passes; the bots move at once (delay=0)
>>> w.table.log[1].text
'South passes.'
"""

from __future__ import annotations

import asyncio
import html
import sys
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card
from euchre_learn.engine.hand import IllegalActionError, Trick
from euchre_learn.interactive.table.coach import Hint
from euchre_learn.interactive.table.felt import Felt
from euchre_learn.interactive.table.model import Table
from euchre_learn.teaching.widget_look import RED, auto_width, paragraphs, running_loop, style_view

__all__ = ["PACES", "TableWidget"]

PACES = {"instant": 0.0, "quick": 0.3, "normal": 0.7, "slow": 1.4}
"""Seconds between bot moves, by name."""

LAST_TRICK_PAUSE = 4.0
"""Seconds the felt keeps showing the trick finished last, beside the next one, when the
learner has not acted (:attr:`~euchre_learn.interactive.table.model.Table.last_trick`)."""

def _style_card_button(b: widgets.Button, card: Card, enabled: bool, tooltip: str) -> None:
    b.description = str(card) if not card.is_benny else "Benny"
    b.disabled = not enabled
    b.tooltip = tooltip
    b.style.text_color = RED if card.suit is not None and card.suit.color == "red" else "#1b1b1b"
    # legal cards stand out as white card faces with a blue edge; the others are greyed, on a
    # light face too, so their dark ink still reads on a dark theme
    b.style.button_color = "white" if enabled else "#e6e6e6"
    b.layout.border = "2px solid #1f6fb2" if enabled else "1px solid #bbb"


def _new_card_button() -> widgets.Button:
    # as wide as the card's text ('10♥', 'Benny') and never narrower than a card
    b = widgets.Button(layout=widgets.Layout(width="auto", min_width="3.6em", height="4.6em", padding="0 0.4em"))
    b.style.font_size = "1.15em"
    b.style.font_weight = "bold"
    return b


class TableWidget(widgets.VBox):  # type: ignore[misc]
    """A :class:`~euchre_learn.interactive.table.Table` on screen: the table drawn, the human's
    cards on it clickable (:class:`~euchre_learn.interactive.table.felt.Felt`), the choices also as
    buttons, Hint / Why? / Undo, open hands, the log.

    ``delay`` is the pause between bot moves in seconds; 0 moves them at once (and
    synchronously, as tests need). Paced moves are scheduled on the kernel's event loop
    (never ``time.sleep``), so the kernel stays free; outside a running loop they are instant.
    ``last_trick_pause``: how long the felt keeps the trick finished last beside the next one
    if the learner does not act (``None``: until they act).
    """

    def __init__(
        self, table: Table, delay: float = 0.6, last_trick_pause: float | None = LAST_TRICK_PAUSE, review: bool = False
    ) -> None:
        self.table = table
        self.delay = float(delay)
        self.last_trick_pause = last_trick_pause
        self._generation = 0
        self._pending: asyncio.TimerHandle | None = None
        self._held: tuple[Trick, asyncio.TimerHandle | None] | None = None
        self._hint_shown: Hint | None = None
        self._hint_thread: threading.Thread | None = None
        self.scoreboard = widgets.HTML()
        self.board = Felt(on_pick=self.choose)
        """The table drawn; the seat to act's cards on it are the controls (``board.value``: the HTML)."""
        self.status = widgets.HTML()
        self.status.add_class("el-status")  # whose turn it is, or how the hand ended
        self.action_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.card_label = widgets.HTML()
        self.card_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.message = widgets.HTML()
        self.action_buttons: list[widgets.Button] = []
        """The bidding buttons shown now (exactly the legal actions)."""
        self.card_buttons: list[widgets.Button] = []
        """The card buttons shown now (every card held; the illegal ones disabled)."""
        # Two sets of buttons, used in turn: each decision is drawn on the set not used for the
        # one before, so a click that arrives after the table moved on (a double click at
        # instant pace) lands on a button drawn for a past decision, and does nothing.
        self._action_pools: tuple[list[widgets.Button], list[widgets.Button]] = ([], [])
        self._card_pools: tuple[list[widgets.Button], list[widgets.Button]] = ([], [])
        self._action_slots: tuple[list[Action], list[Action]] = ([], [])
        self._card_slots: tuple[list[Action], list[Action]] = ([], [])
        self._drawn_for: list[Any] = [None, None]  # the game each set of buttons was drawn for
        self._set = 0

        tools, options = self._controls(table)  # Hint, Why?, Undo, Go back; open hands, pace, Next, New game
        log_box = widgets.Accordion(children=[self.log_view], titles=("Log of the hand",))
        log_box.selected_index = 0
        self.review_panel = None  # review=True: the learner's decisions reviewed below the table as each hand ends
        if review:
            from euchre_learn.interactive.review_panel import ReviewPanel
            from euchre_learn.interactive.review_panel_view import ReviewPanelView

            self.review_panel = ReviewPanelView(ReviewPanel(table))
        super().__init__(
            [
                style_view(),
                self.scoreboard,
                self.board,
                self.status,
                self.action_box,
                self.card_label,
                self.card_box,
                tools,
                self.message,
                options,
                log_box,
                *([self.review_panel.widget] if self.review_panel else []),
            ]
        )
        self.add_class("el-tableview")
        self.refresh()
        self._advance()

    def _controls(self, table: Table) -> tuple[widgets.HBox, widgets.HBox]:
        self.hint_button = widgets.Button(
            description="Hint",
            icon="lightbulb-o",
            tooltip="What may I do, and what would a club player do?",
            layout=auto_width(),
        )
        self.why_button = widgets.Button(
            description="Why?",
            icon="question",
            tooltip="Why did the last trick or hand end as it did?",
            layout=auto_width(),
        )
        self.undo_button = widgets.Button(
            description="Undo", icon="undo", tooltip="Take back your last action", layout=auto_width()
        )
        self.undo_to = widgets.Dropdown(description="Back to:", options=[], layout=widgets.Layout(width="24em"))
        self.undo_to_button = widgets.Button(
            description="Go back", tooltip="Return to the chosen point of this hand", layout=auto_width()
        )
        self.open_hands = widgets.Checkbox(value=table.open_hands, description="Show all hands", indent=False)
        self.pace = widgets.Dropdown(
            description="Bots:",
            options=[(f"{k} ({v:g} s)" if v else k, v) for k, v in PACES.items()],
            value=min(PACES.values(), key=lambda v: abs(v - self.delay)),
            layout=widgets.Layout(width="14em"),
        )
        self.next_button = widgets.Button(
            description="Next hand", button_style="success", icon="forward", layout=auto_width()
        )
        self.new_game_button = widgets.Button(description="New game", icon="refresh", layout=auto_width())
        self.log_view = widgets.HTML()

        self.hint_button.on_click(lambda _: self.show_hint())
        self.why_button.on_click(lambda _: self.show_why())
        self.undo_button.on_click(lambda _: self.undo())
        self.undo_to_button.on_click(lambda _: self.go_back())
        self.open_hands.observe(self._on_open_hands, names="value")
        self.pace.observe(self._on_pace, names="value")
        self.next_button.on_click(lambda _: self.next_hand())
        self.new_game_button.on_click(lambda _: self.new_game())

        tools = widgets.HBox(
            [self.hint_button, self.why_button, self.undo_button, self.undo_to, self.undo_to_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        options = widgets.HBox([self.open_hands, self.pace, self.next_button, self.new_game_button])
        return tools, options

    # --- acting ------------------------------------------------------------------------------
    def choose(self, action: Action | str) -> None:
        """What a button does: the human's action, then the bots'. An illegal action changes
        nothing and the message says why."""
        try:
            self.table.act(action)
        except IllegalActionError as err:
            self.message.value = f"<div class='el-illegal' style='color:{RED}'>{html.escape(str(err))}</div>"
            self.refresh(keep_message=True)
            return
        self.message.value = ""
        stop, note = self.table.training_stop, self.table.training_note
        if stop is not None:  # training mode held a costly choice: say why, and ask again
            who = "Your" if not self.table.hot_seat else f"{stop.decision.seat.word}'s"
            self.message.value = f"<div class='el-training el-training-stop'>{paragraphs(stop.text(who))}</div>"
        elif note:  # the retry was played: the coach's choice and why
            self.message.value = f"<div class='el-training el-training-note'>{paragraphs(note)}</div>"
        self._advance()

    def _advance(self) -> None:
        """Let the bots move: at once, or one every ``delay`` seconds on the event loop."""
        self.stop()
        if not self.table.is_bot_turn:
            self._after_moves()
            return
        loop = running_loop() if self.delay > 0 else None
        if loop is None:
            self.table.run_bots()
            self._after_moves()
            return
        self.refresh(keep_message=True)
        generation = self._generation
        self._pending = loop.call_later(self.delay, self._tick, generation)

    def _tick(self, generation: int) -> None:
        if generation != self._generation:
            return  # cancelled by undo or a new game
        self._pending = None
        self.table.bot_step()
        self._after_moves()
        if self.table.is_bot_turn:
            loop = running_loop()
            if loop is None:  # pragma: no cover - the loop is running while its callbacks run
                self.table.run_bots()
                self.refresh(keep_message=True)
            else:
                self._pending = loop.call_later(self.delay, self._tick, generation)

    def _after_moves(self) -> None:
        """Redraw; when the hand has just ended, say why (the last trick and the score)."""
        if self.table.hand_over and not self.message.value:
            self.show_why(coach_word=False)  # the review panel below grades the hand
        self.refresh(keep_message=True)

    def stop(self) -> None:
        """Stop the bots' moves still waiting for their turn at the chosen pace (the setup form
        calls this when it goes back to the form); the table keeps its state."""
        self._generation += 1
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    @property
    def busy(self) -> bool:
        """Paced bot moves are still to come."""
        return self._pending is not None

    # --- tools -------------------------------------------------------------------------------
    def show_hint(self) -> None:
        """The Hint button: the coach's first answer at once (on the fewest deals), then the
        settled one when it is ready (in a background thread; at once where there are no
        threads, as in JupyterLite), the same judgement Why?, training mode and the review read."""
        if self.table.to_act is None:
            self.message.value = paragraphs("Nothing to decide now: the hand is over.")
            return
        try:
            h = self.table.hint(odds=True, first=True)
        except ValueError as err:  # a position the coach does not judge (R3.2's option): it says why
            self.message.value = paragraphs(f"No hint here: {err}.")
            return
        self._render_hint(h)
        position, game = self.table.position, self.table.game

        def settle() -> None:
            settled = self.table.hint(odds=True)
            if self.table.position == position and self.table.game is game and self._hint_shown is h:
                self._render_hint(settled)

        if sys.platform == "emscripten":  # no threads in the browser's Python
            settle()
        else:
            self._hint_thread = threading.Thread(target=settle, name="euchre-hint", daemon=True)
            self._hint_thread.start()

    def wait_hint(self, timeout: float | None = None) -> None:
        """Wait until the Hint shown has settled (tests and scripts)."""
        if self._hint_thread is not None:
            self._hint_thread.join(timeout)

    def _render_hint(self, h: Hint) -> None:
        self._hint_shown = h
        head, *rows = h.odds.split("\n") if h.odds else [""]
        # the coach's numbers, best first: the suggestion is the first row (in bold)
        numbers = (
            f"<br><small>{html.escape(head)}</small><ol class='el-hint-numbers' style='margin:0.1em 0 0.2em 1.4em;padding:0'>"
            + "".join(
                f"<li>{'<b>' if i == 0 else ''}{html.escape(r)}{'</b>' if i == 0 else ''}</li>"
                for i, r in enumerate(rows)
            )
            + "</ol>"
            if rows
            else ""
        )
        self.message.value = (
            f"<div class='el-hint'><b>{html.escape(h.seat.word)} may:</b> {html.escape(', '.join(h.legal))}<br>"
            f"<b>Suggestion: {html.escape(h.label)}.</b> {html.escape(h.reason)}"
            + numbers
            + (("" if numbers else "<br>") + f"<small>{html.escape(h.rules_text)}</small>" if h.rules_text else "")
            + "</div>"
        )

    def show_why(self, coach_word: bool = True) -> None:
        """The Why? button: the last trick or the score, then (``coach_word``) the coach's word on the
        learner's last decision."""
        try:
            said = self.table.why(coach_word=coach_word)
        except ValueError:  # the coach does not judge this position (R3.2's option): the rules' words only
            said = self.table.why(coach_word=False)
        self.message.value = f"<div class='el-why'>{paragraphs(said)}</div>"

    def undo(self) -> None:
        if not self.table.can_undo:
            self.message.value = paragraphs("Nothing to undo yet in this hand.")
            return
        self.stop()
        self.table.undo()
        self.message.value = paragraphs("Taken back.")
        self._advance()

    def go_back(self) -> None:
        if self.undo_to.value is None:
            return
        self.stop()
        self.table.rewind(int(self.undo_to.value))
        self.message.value = ""
        self._advance()

    def next_hand(self) -> None:
        if not self.table.hand_over or self.table.game_over:
            return
        self.table.next_hand()
        self.message.value = ""
        self._advance()

    def new_game(self) -> None:
        self.stop()
        self.table.new_game()
        self.message.value = ""
        self._advance()

    def _on_open_hands(self, change: dict[str, Any]) -> None:
        self.table.open_hands = bool(change["new"])
        self.refresh(keep_message=True)

    def _on_pace(self, change: dict[str, Any]) -> None:
        self.delay = float(change["new"])

    # --- display -----------------------------------------------------------------------------
    def refresh(self, keep_message: bool = True) -> None:
        """Redraw everything from the model."""
        t = self.table
        if not keep_message:
            self.message.value = ""
        self.scoreboard.value = (
            t.scoreboard_html() + f"<div style='margin:0.2em 0'><small>{html.escape(t.players_text())}</small></div>"
        )
        self.status.value = f"<b>{html.escape(t.status())}</b>"
        human = t.is_human_turn
        choices = t.choices() if human else []
        cards = t.card_choices() if human else []
        if human and self._drawn_for[self._set] is not t.game:
            self._set = 1 - self._set  # a new decision: draw it on the other set of buttons
            self._drawn_for[self._set] = t.game
        k = self._set
        action_pool, card_pool = self._action_pools[k], self._card_pools[k]
        verb = {"play": "Play", "discard": "Discard", "give": "Pass"}[cards[0].action.kind] if cards else ""
        self.board.draw(t.html(), t.to_act if cards else None, cards, verb, self._last_trick_html(), t.rules)
        while len(action_pool) < len(choices):
            b = widgets.Button(button_style="primary", layout=auto_width())
            b.on_click(self._slot_clicker(k, self._action_slots[k], len(action_pool)))
            action_pool.append(b)
        while len(card_pool) < len(cards):
            b = _new_card_button()
            b.on_click(self._slot_clicker(k, self._card_slots[k], len(card_pool)))
            card_pool.append(b)
        self._action_slots[k][:] = [c.action for c in choices]
        self._card_slots[k][:] = [c.action for c in cards]
        for b, choice in zip(action_pool, choices, strict=False):
            b.description, b.tooltip, b.disabled = choice.label, choice.tooltip, False
        for b, cc in zip(card_pool, cards, strict=False):
            _style_card_button(b, cc.card, cc.legal, cc.reason)
        self.action_buttons = action_pool[: len(choices)]
        self.card_buttons = card_pool[: len(cards)]
        self.action_box.children = tuple(self.action_buttons)
        self.card_box.children = tuple(self.card_buttons)
        if self.card_buttons:
            seat = t.to_act
            assert seat is not None
            verb = {"play": "play", "discard": "discard", "give": "pass to your partner"}[cards[0].action.kind]
            whose = "Your" if not t.hot_seat else f"{seat.word}'s"
            self.card_label.value = (
                f"{whose} cards: click one on the table, or a button below, to {verb} it (or Tab to it "
                f"and press Enter); greyed cards may not be {verb.split()[0]}ed now: hover for why."
            )
        else:
            self.card_label.value = ""
        self.hint_button.disabled = not human
        self.undo_button.disabled = not t.can_undo
        points = t.undo_points()
        self.undo_to.options = [(label, pos) for pos, label in points]
        if points and self.undo_to.value is None:
            self.undo_to.value = points[-1][0]
        self.undo_to.disabled = self.undo_to_button.disabled = not points
        self.next_button.layout.display = "" if t.hand_over and not t.game_over else "none"
        self.new_game_button.layout.display = "" if t.game_over else "none"
        lines = t.log_lines()
        items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
        self.log_view.value = (
            f"<ol style='margin:0;padding-left:1.6em;max-height:16em;overflow:auto'>{items}</ol>"
            if lines
            else "<i>No action yet.</i>"
        )

    def _last_trick_html(self) -> str:
        """The trick finished last, small, for the felt (while the next one is being played);
        the first time it shows, the pause that ends it starts."""
        t = self.table
        trick = t.last_trick_shown
        if trick is None:
            return ""
        if self._held is None or self._held[0] is not trick:
            if self._held is not None and self._held[1] is not None:
                self._held[1].cancel()
            loop = running_loop() if self.last_trick_pause is not None else None
            timer = loop.call_later(self.last_trick_pause, self._forget_trick, trick) if loop else None  # type: ignore[arg-type]
            self._held = (trick, timer)
        from euchre_learn import display as render

        n = len(t.hand.tricks)  # shown while the next trick is in play: it is the last one finished
        winner = t.name(trick.winner) if trick.winner is not None else "?"
        return (
            f"<div class='el-caption'>Last trick (trick {n}), won by {html.escape(winner)}</div>"
            + render.trick_html(trick, trump=t.hand.trump, rules=t.rules, style=False)
        )

    def _forget_trick(self, trick: Trick) -> None:
        """The pause has passed: the last trick leaves the felt (unless play moved on)."""
        if self.table.last_trick is trick:
            self.table.dismiss_last_trick()
            self.refresh(keep_message=True)

    def _slot_clicker(self, k: int, slots: list[Action], i: int) -> Callable[[Any], None]:
        """Buttons are made once and reused (a kernel never piles up widgets): the ``i``-th
        button of a row of set ``k`` stands for the action in ``slots[i]``, drawn for the
        decision ``self._drawn_for[k]``. A click acts on that action while that decision is
        still the table's, and on nothing once the table has moved on (a second click of a
        double click, after the bots have played at instant pace)."""

        def click(_button: Any) -> None:
            if i < len(slots) and self._drawn_for[k] is self.table.game and self.table.is_human_turn:
                self.choose(slots[i])

        return click
