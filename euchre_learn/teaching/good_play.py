"""The lessons' "What good players do" boxes: rules of thumb in plain words, each with the
engine's numbers under it (:mod:`euchre_learn.analysis.strategy`), so a box never says more
than the numbers support: a rule the numbers do not confirm is shown as *not confirmed*.

>>> box = good_play('partner-winner')
>>> print(str(box).splitlines()[0])
What good players do (checked by the engine: 600 deals per row, played out by the standard bot)
>>> 'the numbers back this' in str(box).casefold()
True
"""

from __future__ import annotations

from euchre_learn.analysis.findings import Finding, Group
from euchre_learn.analysis.strategy import finding
from euchre_learn.display.style import escape
from euchre_learn.teaching.lesson import Shown

__all__ = ["good_play"]

_BOX = (
    "border:2px solid #0072B2;border-radius:6px;padding:.5em .9em;margin:.4em 0;max-width:60em;"
    "background:var(--jp-layout-color1,transparent);color:var(--jp-ui-font-color1,inherit);font-size:14px"
)
_ROW = "margin:.15em 0 .15em 1.2em"


def _row_words(g: Group) -> str:
    if g.gain.mean >= 0:
        better, low, high = g.choice, g.gain.low, g.gain.high
    else:
        better, low, high = g.versus, -g.gain.high, -g.gain.low
    line = f"{g.label}: {better} better by {abs(g.gain.mean):.2f} points a hand (95% interval {low:.2f} to {high:.2f})"
    if g.make_rate is not None:
        line += f"; {g.choice} made it {100 * g.make_rate.mean:.0f}% of the time"
    return line


def _mark(g: Group) -> tuple[str, str]:
    if g.claim == 0:
        return "·", "for comparison"
    return ("✓", "as the rule says") if g.holds else ("✗", "not as the rule says")


def _finding_html(f: Finding) -> str:
    head = "✓ checked" if f.supported else "⚠ not confirmed"
    colour = "#007a5a" if f.supported else "#b35900"
    rows = []
    for g in f.groups:
        mark, word = _mark(g)
        rows.append(
            f'<div style="{_ROW}"><span aria-hidden="true">{mark}</span> '
            f'<span class="el-sr" style="position:absolute;left:-9999px">{escape(word)}: </span>{escape(_row_words(g))}</div>'
        )
    return (
        f'<div style="margin:.45em 0"><b>{escape(f.advice)}</b> '
        f'<span style="color:{colour};font-weight:600;white-space:nowrap">{head}</span>'
        f'<div style="margin:.1em 0 .2em 0;opacity:.85">{escape(f.why)}</div>'
        + "".join(rows)
        + f'<div style="{_ROW};font-style:italic">{escape(f.verdict())}</div></div>'
    )


def _finding_text(f: Finding) -> list[str]:
    lines = [f"- {f.advice} [{'checked' if f.supported else 'NOT CONFIRMED'}]", f"  {f.why}"]
    for g in f.groups:
        lines.append(f"  {_mark(g)[0]} {_row_words(g)}")
    lines.append(f"  {f.verdict()}")
    return lines


def good_play(*rules: str) -> Shown:
    """A "What good players do" box for the rules of thumb named (see
    :data:`euchre_learn.analysis.strategy.RULES`), each with its numbers and verdict."""
    if not rules:
        raise ValueError("name at least one rule of thumb, e.g. good_play('order-up')")
    found = [finding(r) for r in rules]
    samples = sorted({f.samples for f in found})
    deals = " or ".join(str(n) for n in samples)
    title = f"What good players do (checked by the engine: {deals} deals per row, played out by the standard bot)"
    note = "Points for your side per hand, standard rules, both choices tried on the same deals. Lesson 11 shows how."
    body = "".join(_finding_html(f) for f in found)
    box = (
        f'<div class="el-root el-good-play" role="note" style="{_BOX}">'
        f'<div style="font-weight:700;font-size:1.05em">What good players do '
        f'<span style="font-weight:400;opacity:.8">(checked by the engine: {escape(deals)} deals per row, '
        "played out by the standard bot)</span></div>"
        f'{body}<div style="font-size:.9em;opacity:.8;margin-top:.3em">{escape(note)}</div></div>'
    )
    text = [title, *(line for f in found for line in _finding_text(f)), note]
    return Shown(box, "\n".join(text))
