"""The one-page cheat sheet: the trump order for each suit, the bidding steps, the follow-suit
rule and the scoring table, as a notebook page and as a printable page (HTML, and a PDF through
the Chromium printer the worksheets use too, :func:`euchre_learn.classroom.pdf.write_pdf`).

Every card order and every score on it is asked of the engine (:func:`~euchre_learn.trump_order`,
:func:`~euchre_learn.trick_winner`, :func:`~euchre_learn.score_hand`), so the sheet follows the
rules it is made for.

    euchre-learn cheat-sheet --out cheat-sheet.pdf

>>> text = str(cheat_sheet())
>>> 'J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥' in text, 'march' in text
(True, True)
>>> page = cheat_sheet_page()
>>> page.startswith('<!DOCTYPE html>'), '@page' in page
(True, True)
"""

from __future__ import annotations

import os
from pathlib import Path

from euchre_learn.display.style import escape
from euchre_learn.engine.cards import Cards, Suit, deck
from euchre_learn.engine.rules import Rules, score_hand
from euchre_learn.engine.trump import effective_suit, trump_order
from euchre_learn.teaching.lesson import Shown
from euchre_learn.teaching.quiz.situations import strength_order

__all__ = ["cheat_sheet", "cheat_sheet_page", "write_cheat_sheet"]

_PAGE_CSS = """
@page { size: A4; margin: 10mm 11mm 10mm 11mm; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9.6pt; color: #111; background: #fff; }
body { max-width: 52em; margin: 0 auto; padding: .6em; line-height: 1.28; }
.el-root { --jp-ui-font-color1: #111; }
@media print { body { padding: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
"""
"""The printed page: A4 (it fits US Letter too), print fonts and colours."""

_SHEET_CSS = """
.el-cheat h1 { font-size: 1.45em; margin: 0 0 .1em 0; }
.el-cheat h2 { font-size: 1.08em; margin: .65em 0 .2em 0; border-bottom: 1.5px solid #0072B2; padding-bottom: .05em; }
.el-cheat .meta { color: #444; font-size: .88em; margin: 0 0 .3em 0; }
.el-cheat table { border-collapse: collapse; margin: .15em 0; }
.el-root.el-cheat td, .el-root.el-cheat th { padding: .12em .55em; border-bottom: 1px solid #ccc; text-align: left; vertical-align: middle; }
.el-cheat ol, .el-cheat ul { margin: .15em 0; padding-left: 1.4em; }
.el-cheat li { margin: .08em 0; }
.el-cheat .cols { display: flex; gap: 1.4em; }
.el-cheat .cols > div { flex: 1; }
.el-cheat .rule { color: #555; font-size: .85em; }
.el-cheat .el-card { font-size: .82em; }
.el-cheat .nowrap td, .el-cheat .nowrap th, .el-cheat td.nowrap { white-space: nowrap; }
"""
"""The sheet itself, scoped to ``.el-cheat``, in a notebook and on paper."""


def _ranked(suit: Suit, trump: Suit, rules: Rules) -> Cards:
    """The cards that play as ``suit`` with ``trump`` trump, strongest first (the engine decides)."""
    if suit == trump:
        return trump_order(trump, benny=rules.benny is not None)
    return Cards(strength_order([c for c in deck(rules) if effective_suit(c, trump) == suit], trump))


_BIDDING = (
    (
        "The deal",
        "Five cards each, in packets of 3 then 2, clockwise from eldest (the dealer's left); "
        "the next card is turned face up: the upcard. The other cards are the kitty.",
        "R2.2",
    ),
    (
        "Round 1",
        "From eldest, clockwise, each player passes or accepts the upcard's suit as trump: an opponent "
        "of the dealer orders it up, the dealer's partner assists, the dealer takes it up. No trump needed.",
        "R3.1",
    ),
    (
        "The pick-up",
        "If anyone accepts, the dealer adds the upcard and discards one card face down "
        "(never the upcard). The first to accept is the maker.",
        "R3.2",
    ),
    (
        "Round 2",
        "If all four pass, the upcard is turned down. From eldest again, each player passes or names "
        "any other suit as trump. No pick-up.",
        "R3.4, R4.1",
    ),
    (
        "Nobody names a suit",
        "The hand is thrown in and the deal passes left (with stick the dealer, the dealer must name a suit).",
        "R4.2, R4.3",
    ),
    ("Going alone", "The maker may say 'alone' with the bid: their partner sits out the hand.", "R5.1"),
)

_FOLLOW = (
    (
        "Lead anything.",
        "The first trick is led by eldest (against a loner, the player on the loner's left); "
        "the winner of each trick leads the next.",
        "R6.1",
    ),
    (
        "Follow suit if you can.",
        "Play a card of the suit led. The left bower belongs to trump, not to the suit printed on it.",
        "R6.2",
    ),
    (
        "If you cannot, play anything.",
        "A trump, or throw off a card of another suit: you never have to trump or to beat a card.",
        "R6.2",
    ),
    ("Who wins.", "The highest trump; if no trump was played, the highest card of the suit led.", "R6.3"),
)


def _score_rows(rules: Rules) -> list[tuple[str, str, str, str]]:
    def points(n: int, alone: bool) -> str:
        s = score_hand(n, alone=alone, rules=rules)
        return f"makers {s.makers}" if s.makers else f"defenders {s.defenders}"

    rows: list[tuple[str, str, str, str]] = []
    for tricks, words in ((5, "5"), (4, "3 or 4"), (2, "0, 1 or 2")):
        outcome = score_hand(tricks, rules=rules).outcome
        rows.append((words, outcome, points(tricks, False), points(tricks, True)))
    if score_hand(0, rules=rules).outcome != score_hand(2, rules=rules).outcome:
        rows.append(("0", score_hand(0, rules=rules).outcome, points(0, False), points(0, True)))
        rows[2] = ("1 or 2", rows[2][1], rows[2][2], rows[2][3])
    return rows


def _body(rules: Rules, *, html_out: bool) -> tuple[str, list[str]]:
    from euchre_learn import display as render

    name = rules.name or "custom"
    lines = [f"Euchre cheat sheet (rules: {name})", "", "Trump order, highest first:"]
    trump_rows = []
    for t in Suit:
        order = _ranked(t, t, rules)
        nxt = _ranked(t.next, t, rules)
        lines.append(f"  {t.symbol} {t.plural} trump: {order}   next, {t.next.plural}: {nxt}")
        trump_rows.append(
            f"<tr><th>{escape(t.symbol)} {escape(t.plural)}</th><td>{render.holding_html(order, rules=rules, style=False)}</td>"
            f'<td class="nowrap">{escape(t.next.symbol)} {escape(t.next.plural)}: {escape(nxt)}</td></tr>'
        )
    lines += ["  Other suits: A K Q J 10 9. Next has lost its jack: A K Q 10 9.", "", "Bidding:"]
    for i, (step, words, rule) in enumerate(_BIDDING, 1):
        lines.append(f"  {i}. {step}: {words} ({rule})")
    lines += ["", "Playing a card:"]
    for head, words, rule in _FOLLOW:
        lines.append(f"  - {head} {words} ({rule})")
    lines += ["", "Scoring a hand (the makers need 3 of the 5 tricks):"]
    rows = _score_rows(rules)
    for r in rows:
        lines.append(f"  makers take {r[0]}: {r[1]}, with partner {r[2]}, alone {r[3]}")
    game = rules.points_to_win
    lines.append(f"  The game: the first side to {game} points wins; at {game - 1} a side is in the barn. (R7.1, R8)")
    if not html_out:
        return "", lines
    bidding = "".join(
        f"<li><b>{escape(step)}.</b> {escape(words)} <span class='rule'>{escape(rule)}</span></li>"
        for step, words, rule in _BIDDING
    )
    follow = "".join(
        f"<li><b>{escape(head)}</b> {escape(words)} <span class='rule'>{escape(rule)}</span></li>" for head, words, rule in _FOLLOW
    )
    score = "".join(f"<tr><td>{escape(a)}</td><td>{escape(b)}</td><td>{escape(c)}</td><td>{escape(d)}</td></tr>" for a, b, c, d in rows)
    body = (
        '<div class="el-root el-cheat">'
        "<h1>Euchre on one page</h1>"
        f'<p class="meta">Rules: {escape(name)} · made by euchre_learn from its engine · the words are in '
        "docs/glossary.md, every rule in docs/rules.md</p>"
        "<h2>Trump order, highest first</h2>"
        "<table><tr><th>trump</th><th>the 7 trumps: the right bower, the left bower, then A K Q 10 9</th>"
        f"<th>next (same colour)</th></tr>{''.join(trump_rows)}</table>"
        "<p>Other suits rank A K Q J 10 9. <b>Next</b> has lost its jack to trump: A K Q 10 9. "
        '<span class="rule">R1.3, R1.4</span></p>'
        '<div class="cols"><div>'
        f"<h2>Bidding, step by step</h2><ol>{bidding}</ol>"
        "</div><div>"
        f"<h2>Playing a card</h2><ul>{follow}</ul>"
        "<h2>Scoring a hand</h2><p>The makers need 3 of the 5 tricks.</p>"
        '<table class="nowrap"><tr><th>makers take</th><th>outcome</th><th>with partner</th><th>alone</th></tr>'
        f"{score}</table>"
        f"<p>The game: the first side to <b>{game}</b> points wins; at {game - 1} a side is "
        '<b>in the barn</b>. <span class="rule">R7.1, R8.1-R8.3</span></p>'
        "</div></div></div>"
    )
    return body, lines


def cheat_sheet(rules: Rules | str | None = None) -> Shown:
    """The cheat sheet for a notebook (HTML with the cards drawn) and as plain text."""
    from euchre_learn import display as render

    r = Rules.from_value(rules)
    body, lines = _body(r, html_out=True)
    return Shown(f"{render.css()}<style>{_SHEET_CSS}</style>{body}", "\n".join(lines))


def cheat_sheet_page(rules: Rules | str | None = None) -> str:
    """The cheat sheet as one printable HTML document (one A4 or Letter page)."""
    from euchre_learn import display as render

    r = Rules.from_value(rules)
    body, _ = _body(r, html_out=True)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>Euchre cheat sheet</title>\n<style>{_PAGE_CSS}{_SHEET_CSS}</style>\n{render.css()}\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def write_cheat_sheet(out: str | os.PathLike[str], rules: Rules | str | None = None) -> list[Path]:
    """Write the cheat sheet to ``out``: HTML, and a PDF beside it when ``out`` ends in ``.pdf``
    (needs Chromium). Returns the files written.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> [p.name for p in write_cheat_sheet(d / 'sheet.html')]
    ['sheet.html']
    """
    from euchre_learn.classroom.pdf import write_pdf

    target = Path(out)
    html_path = target.with_suffix(".html")
    html_path.parent.mkdir(parents=True, exist_ok=True)
    html_path.write_text(cheat_sheet_page(rules), encoding="utf-8")
    written = [html_path]
    if target.suffix.lower() == ".pdf":
        written.append(write_pdf(html_path, target))
    return written
