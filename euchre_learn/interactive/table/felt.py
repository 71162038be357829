"""The felt: the table drawn, with the learner's own cards on it as the controls.

An `anywidget <https://anywidget.dev>`_ widget: the model is these traitlets, in Python; the
front end (the ES module below, inline, so nothing is fetched: it works offline, in JupyterLab,
Voilà and JupyterLite) only draws :attr:`Felt.value` and turns the cards of the seat to act
into buttons. Clicking a card, or Enter or Space on a focused one, sets :attr:`Felt.pick` to
``{"card": "J♦", "token": ..., "n": ...}``; Python then acts (``on_pick(action)``). A pick
carries the :attr:`Felt.token` of the drawing it was made on: a click on cards drawn for an
earlier state (a double click, a click while the bots were moving) does nothing.

Tests drive it without a browser, by setting ``pick`` as the front end would:

>>> from euchre_learn.interactive.table.model import Table
>>> t = Table(humans='S', seed=4, dealer='W'); _ = t.run_bots()
>>> felt = Felt(on_pick=lambda action: t.act(action))
>>> felt.draw(t.html(), t.to_act, t.card_choices(), "Play")   # bidding: no cards to click
>>> felt.seat, felt.cards
('', [])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import traitlets

from euchre_learn.display import card_text
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.rules import Rules
from euchre_learn.interactive.table.model import CardChoice

__all__ = ["Felt"]

_ESM = r"""
function draw(model, el, view) {
  const hadFocus = el.contains(document.activeElement);
  el.innerHTML = model.get("value");
  const last = model.get("last_trick");
  const mid = el.querySelector(".el-mid");
  if (last && mid) {
    const box = document.createElement("div");
    box.className = "el-last";
    box.innerHTML = last;
    mid.append(box);
  }
  const seat = model.get("seat");
  const cards = model.get("cards");
  const token = model.get("token");
  const holding = seat ? el.querySelector(".el-seat-" + seat + " .el-holding") : null;
  if (!holding || !cards.length) { if (hadFocus) el.focus(); return; }
  holding.setAttribute("role", "group");
  holding.setAttribute("aria-label", model.get("label"));
  const byCard = new Map(cards.map((c) => [c.card, c]));
  let first = null;
  for (const span of holding.querySelectorAll(".el-card[data-card]")) {
    const c = byCard.get(span.dataset.card);
    if (!c) continue;
    const name = span.getAttribute("aria-label") || c.card;
    span.classList.add("el-pick");
    span.setAttribute("role", "button");
    span.title = c.reason;
    if (!c.legal) {
      span.classList.add("el-pick-off");
      span.setAttribute("aria-disabled", "true");
      span.setAttribute("aria-label", name + ": " + c.reason);
      continue;
    }
    span.tabIndex = 0;
    span.setAttribute("aria-label", c.verb + " the " + name);
    const go = (ev) => {
      ev.preventDefault();
      ev.stopPropagation();
      if (view.sent === token) return;  // one pick per drawing: a double click sends one
      view.sent = token;
      holding.classList.add("el-sent");
      model.set("pick", { card: c.card, token: token, n: Math.random() });
      model.save_changes();
    };
    span.addEventListener("click", go);
    span.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") go(ev);
    });
    if (!first) first = span;
  }
  if (hadFocus) (first || el).focus();  // keyboard play goes on from the new cards
}

export default {
  render({ model, el }) {
    const view = { sent: -1 };
    el.classList.add("el-felt");
    el.tabIndex = -1;
    const redraw = () => draw(model, el, view);
    model.on("change:token", redraw);
    redraw();
    return () => model.off("change:token", redraw);
  },
};
"""

_CSS = r"""
.el-felt { outline: none; }
.el-felt .el-pick { cursor: pointer; transition: transform .08s ease-out; }
.el-felt .el-pick:not(.el-pick-off) { box-shadow: 0 0 0 .16em #1f6fb2, 0 1px 2px rgba(0,0,0,.35); }
.el-felt .el-pick:not(.el-pick-off):hover,
.el-felt .el-pick:not(.el-pick-off):focus-visible {
  transform: translateY(-.45em);
  box-shadow: 0 0 0 .18em var(--el-gold, #ffd95a), 0 .3em .4em rgba(0,0,0,.35);
}
.el-felt .el-pick:focus-visible { outline: 3px solid #1f6fb2; outline-offset: 3px; }
.el-felt .el-pick-off { opacity: .5; filter: grayscale(.5); cursor: not-allowed; }
.el-felt .el-holding[role=group] { padding-top: .5em; }  /* room for a raised card under the seat's badges */
.el-felt .el-sent .el-pick { pointer-events: none; }
.el-felt .el-last { margin-top: .5em; padding: .25em .4em 0; border-top: 1px solid rgba(255,255,255,.35);
  --el-scale: .72; font-size: calc(14px * var(--el-scale)); }
.el-felt .el-last .el-trick { padding-bottom: .9em; }
"""


class Felt(anywidget.AnyWidget):
    """The board (``value``: the table's HTML) with the cards of ``seat`` clickable: ``cards``
    says, per card, whether it is legal and why (the tooltip). ``last_trick``: HTML of the trick
    finished last, shown under the trick in play. ``pick`` is set by the front end."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
    seat = traitlets.Unicode("").tag(sync=True)
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    token = traitlets.Int(0).tag(sync=True)
    last_trick = traitlets.Unicode("").tag(sync=True)
    pick = traitlets.Dict().tag(sync=True)

    def __init__(self, on_pick: Callable[[Action], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_pick = on_pick
        self._actions: dict[str, Action] = {}
        self.observe(self._picked, names="pick")

    def draw(
        self,
        html: str,
        seat: Seat | None,
        cards: Sequence[CardChoice],
        verb: str,
        last_trick: str = "",
        rules: Rules | None = None,
    ) -> None:
        """Show ``html``; the ``cards`` of ``seat`` (``None``: nobody's) become the controls,
        each named "``verb`` the jack of diamonds". Every drawing gets a new :attr:`token`."""
        texts = [card_text(c.card, rules) for c in cards] if seat is not None else []
        with self.hold_sync():
            self._actions = {text: c.action for text, c in zip(texts, cards, strict=True)}
            self.value = html
            self.seat = seat.name if seat is not None and cards else ""
            self.cards = [
                {"card": text, "legal": c.legal, "reason": c.reason, "verb": verb}
                for text, c in zip(texts, cards, strict=True)
            ]
            self.label = f"{seat.word}'s cards: {verb.lower()} one" if seat is not None and cards else ""
            self.last_trick = last_trick
            self.token += 1

    def _picked(self, change: dict[str, Any]) -> None:
        pick = change["new"]
        if not isinstance(pick, dict) or pick.get("token") != self.token:
            return  # drawn for an earlier state: a stale click does nothing
        action = self._actions.get(str(pick.get("card")))
        if action is not None and self.on_pick is not None:
            self.on_pick(action)
