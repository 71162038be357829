"""The table and the scoreboard as HTML: four seats around North, East, South and West, the
upcard, trump, the trick in the middle, the panels (the deal, the tricks won, whose turn, the
bidding), and a game's scoreboard with the hand in progress under it.

>>> from euchre_learn import Hand
>>> 'el-table' in hand_html(Hand.deal('S', seed=3))
True
"""

from __future__ import annotations

from collections.abc import Mapping

from euchre_learn.display.html import back_span, card_span, holding_span, trick_slots
from euchre_learn.display.style import escape, root
from euchre_learn.engine.cards import Seat, Suit, Team
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.rulings import make_word, suit_words
from euchre_learn.engine.text import (
    Names,
    ShowSeats,
    card_text,
    hand_text,
    result_words,
    seat_names,
    show_set,
    upcard_taken,
)

__all__ = ["TURN_WORDS", "badge", "game_html", "hand_html", "suit_chip"]


def suit_chip(suit: Suit) -> str:
    """The trump's chip on a drawn table: the suit's symbol in its colour and its name.

    >>> from euchre_learn.engine.cards import Suit
    >>> suit_chip(Suit.SPADES)
    '<span class="el-suit"><b class="el-spades">♠</b> spades</span>'
    """
    return f'<span class="el-suit"><b class="el-{suit.plural}">{suit.symbol}</b> {suit.plural}</span>'


def badge(text: str, kind: str = "") -> str:
    """A badge beside a seat's name or a team's score (``kind``: 'dealer', 'maker', 'out', 'turn',
    'win'; the CSS colours each), its text escaped.

    >>> badge("dealer", "dealer")
    '<span class="el-badge el-b-dealer">dealer</span>'
    """
    cls = "el-badge" + (f" el-b-{kind}" if kind else "")
    return f'<span class="{cls}">{escape(text)}</span>'


TURN_WORDS = {
    "BENNY": "to name the Benny's suit",
    "ROUND_1": "to bid",
    "ROUND_2": "to bid",
    "DISCARD": "to discard",
    "RAILROAD_GIVE": "to pass a card",
    "RAILROAD_TAKE": "to take or decline",
    "RAILROAD_DISCARD": "to discard",
    "DEFEND": "to defend alone or pass",
    "PLAY": "to play",
}
"""What the seat to act does, by phase name ('to bid'): the turn badge of every table drawn."""


def _seat_html(hand: Hand, seat: Seat, shown: bool, who: str, mark_legal: bool) -> str:
    rules = hand.rules
    held = hand.holding(seat)
    badges = []
    if seat == hand.dealer:
        badges.append(badge("dealer", "dealer"))
    if seat == hand.maker:
        badges.append(badge("maker, alone" if hand.alone else "maker", "maker"))
    if seat == hand.lone_defender:
        badges.append(badge("defends alone", "maker"))
    out = seat in hand.sitting_out
    if out:
        badges.append(badge("sits out", "out"))
    turn = seat == hand.to_act
    if turn:
        badges.append(badge("▶ " + TURN_WORDS.get(hand.phase.name, "to act"), "turn"))
    if shown:
        legal = None
        if mark_legal and turn and hand.phase in (Phase.PLAY, Phase.DISCARD, Phase.RAILROAD_DISCARD):
            acts = hand.legal_actions()
            legal = [a.card for a in acts if a.card is not None]
        hl = [hand.upcard] if hand.phase == Phase.DISCARD and seat == hand.dealer else None
        marks = {hand.upcard: "upcard"} if hl else None
        cards_html = holding_span(held, rules, legal, hl, marks) if held else ""
    else:
        noun = "card" if len(held) == 1 else "cards"
        cards_html = '<span class="el-holding el-backs">' + " ".join(
            back_span(label=f"{who}: {len(held)} {noun} face down") for _ in held
        )
        cards_html += "</span>"
    if not held:
        cards_html = '<span class="el-holding"><span class="el-caption">no cards left</span></span>'
    cls = f"el-seat el-seat-{seat.name}" + (" el-turn" if turn else "") + (" el-out" if out else "")
    team = f'<span class="el-team-tag">{seat.team}</span>'
    head = f'<div class="el-seat-head"><span class="el-seat-name">{escape(who)}</span> {team} {" ".join(badges)}</div>'
    return f'<div class="{cls}" role="group" aria-label="{escape(who)}">{head}{cards_html}</div>'


def _centre(hand: Hand, who: Mapping[Seat, str]) -> str:
    rules = hand.rules
    phase = hand.phase
    up = hand.upcard
    trick = hand.current_trick
    if trick is not None and trick.cards:
        slots = "".join(trick_slots(trick, hand.trump, rules, who))
        cap = f"Trick {len(hand.tricks) + 1}"
        return f'<div class="el-pos" role="group" aria-label="{escape(cap)}">{slots}</div><div class="el-caption">{cap}</div>'
    if hand.tricks and (phase == Phase.PLAY or phase == Phase.OVER):
        last = hand.tricks[-1]
        slots = "".join(trick_slots(last, hand.trump, rules, who))
        cap = f"Trick {len(hand.tricks)}, won by {who[last.winner] if last.winner is not None else '?'}"
        if phase == Phase.PLAY and hand.to_act is not None:
            cap += f"; {who[hand.to_act]} leads next"
        return f'<div class="el-pos" role="group" aria-label="{escape(cap)}">{slots}</div><div class="el-caption">{escape(cap)}</div>'
    kitty = (
        '<span class="el-holding el-backs">'
        + " ".join([back_span(" el-small", "the kitty, face down")] * 3)
        + "</span>"
    )
    if phase == Phase.BENNY:
        body = card_span(up, rules, " el-hl", ", the upcard")
        cap = "The Benny turned up: the dealer names the suit it proposes (R3.5)."
    elif phase == Phase.ROUND_1:
        body = card_span(up, rules, "", ", the upcard")
        prop = hand.proposed
        named = "" if up.suit == prop or prop is None else " (named by the dealer for the Benny)"
        cap = f"Upcard {card_text(up, rules)}: round 1, " + (
            f"{prop.symbol} {prop.plural}{named} proposed as trump (R3.1)." if prop is not None else "."
        )
    elif phase == Phase.ROUND_2:
        body = card_span(up, rules, " el-turned", ", turned down")
        td = hand.turned_down
        assert td is not None
        cap = f"Upcard {card_text(up, rules)} turned down: round 2, any suit but {td.symbol} {td.plural} (R4.1)."
    elif phase == Phase.DISCARD:
        body = ""
        cap = f"{who[hand.dealer]} took up {card_text(up, rules)} and discards one card (R3.2)."
    elif phase in (Phase.RAILROAD_GIVE, Phase.RAILROAD_TAKE, Phase.RAILROAD_DISCARD):
        body = ""
        cap = "Railroad: the loner's partner passes one card face down (R5.5)."
    elif phase == Phase.DEFEND:
        body = ""
        cap = "A defender may play alone against the loner (R5.4)."
    elif hand.thrown_in:
        body = card_span(up, rules, " el-turned", ", turned down")
        cap = "Thrown in: all four passed twice. No score; the deal passes left (R4.2)."
    else:
        body = ""
        cap = ""
    return f'<div class="el-deck">{body} {kitty}</div>' + (
        f'<div class="el-caption">{escape(cap)}</div>' if cap else ""
    )


def _info_panel(hand: Hand, who: Mapping[Seat, str]) -> str:
    rules = hand.rules
    rows = [("Dealer", escape(who[hand.dealer]))]
    if hand.trump is not None:
        rows.append(("Trump", suit_chip(hand.trump)))
        maker = hand.maker
        assert maker is not None
        rows.append(("Maker", escape(who[maker]) + (" — alone" if hand.alone else "")))
        if hand.lone_defender is not None:
            rows.append(("Defends alone", escape(who[hand.lone_defender])))
        up = card_span(hand.upcard, rules, " el-small", "")
        if hand.turned_down is not None:
            rows.append(("Upcard", f"{up} turned down"))
        elif upcard_taken(hand):
            rows.append(("Upcard", f"{up} taken by {escape(who[hand.dealer])}"))
        else:
            rows.append(("Upcard", f"{up} dead (dealer sits out)"))
    else:
        rows.append(("Trump", "not yet made"))
        if hand.turned_down is not None:
            rows.append(("Turned down", suit_chip(hand.turned_down)))
    rnames = rules.name or "custom"
    rows.append(("Rules", escape(rnames)))
    dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows)
    return f'<div class="el-panel el-p-info"><dl>{dl}</dl></div>'


def _tricks_panel(hand: Hand) -> str:
    won = hand.tricks_won
    makers = hand.maker.team if hand.maker is not None else None
    rows = []
    for team in Team:
        n = won[team]
        pips = "●" * n + "○" * (5 - n)
        rows.append(
            f'<dt>{team.word}</dt><dd><span class="el-pips" aria-hidden="true">{pips}</span> '
            f"{n} trick{'s' if n != 1 else ''}</dd>"
        )
    note = f'<div class="el-note">Makers: {makers.word}, who need 3 (R7.1)</div>' if makers is not None else ""
    return f'<div class="el-panel el-p-tricks"><div class="el-p-head">Tricks</div><dl>{"".join(rows)}</dl>{note}</div>'


def _turn_panel(hand: Hand, who: Mapping[Seat, str]) -> str:
    lines = [f'<div class="el-p-head">{escape(str(hand.phase).capitalize())}</div>']
    if hand.to_act is not None:
        lines.append(f"<div>▶ {escape(who[hand.to_act])} {escape(TURN_WORDS.get(hand.phase.name, 'to act'))}</div>")
    elif hand.score is not None:
        lines.append(f'<div class="el-result">{escape(result_words(hand))}</div>')
    elif hand.thrown_in:
        lines.append('<div class="el-result">Thrown in: no score (R4.2)</div>')
    return f'<div class="el-panel el-p-turn">{"".join(lines)}</div>'


def _log_panel(hand: Hand, shown: frozenset[Seat], who: Mapping[Seat, str]) -> str:
    """The bidding so far, in the seeds' words (the dealer *takes it up*, the partner
    *assists*, R3.1), hiding what a seat not shown did face down (a discard, a railroad card)."""
    items = []
    passes, round_1 = 0, True
    for seat, action in hand.history:
        kind = action.kind
        if kind == "play":
            continue
        if kind in ("discard", "give") and seat not in shown:
            text = "discard (face down)" if kind == "discard" else "give a card (face down)"
        elif kind == "order up":
            text = make_word(hand.dealer, seat) + (" alone" if action.alone else "")
        elif kind in ("call", "name") and action.suit is not None:
            text = f"{kind} {suit_words(action.suit)}" + (" alone" if action.alone else "")
        elif action.card is not None:
            text = f"{kind} {card_text(action.card, hand.rules)}"
        else:
            text = str(action)
        items.append(f"{escape(who[seat])}: {escape(text)}")
        if round_1 and kind == "pass":
            passes += 1
            if passes == 4:
                items.append('<span class="el-p-head">Round 2</span>')
                round_1 = False
        elif kind in ("order up", "call"):
            round_1 = False
    if not items:
        return ""
    return (
        '<div class="el-panel el-p-log"><div class="el-p-head">Bidding</div>'
        f'<div class="el-log">{"<br>".join(items)}</div></div>'
    )


def hand_html(
    hand: Hand,
    *,
    show: ShowSeats = None,
    names: Names | None = None,
    mark_legal: bool = False,
    four_color: bool | None = None,
    text: bool = True,
    style: bool = True,
) -> str:
    """The table: four seats around North, East, South and West with their names and cards,
    the dealer, maker, loner and whoever sits out marked, the upcard (or the turned-down
    card), trump, the current trick in the middle (or the last one, with its winner), the
    tricks each team has won, whose turn it is, the bidding so far, and the result.

    ``show``: the seats whose cards are face up (default: all); the others show card backs,
    and neither the cards nor the text version give them away. ``names``: player names by
    seat. ``mark_legal``: raise the legal cards of the seat to play or discard. ``text``:
    add a collapsed plain-text version (:func:`hand_text`).

    >>> from euchre_learn import Hand
    >>> hand = Hand.deal('S', seed=3)
    >>> html = hand_html(hand, show='S')
    >>> all(f'data-card="{c}"' in html for c in hand.holding('S'))
    True
    >>> any(f'data-card="{c}"' in html for c in hand.holding('N'))
    False
    >>> html.count('el-back"') >= 15
    True
    """
    shown = show_set(show)
    who = seat_names(names)
    seats = "".join(_seat_html(hand, s, s in shown, who[s], mark_legal) for s in Seat)
    centre = f'<div class="el-mid">{_centre(hand, who)}</div>'
    body = (
        f'<div class="el-table" role="group" aria-label="Euchre table">'
        f"{_info_panel(hand, who)}{_tricks_panel(hand)}{seats}{centre}{_turn_panel(hand, who)}"
        f"{_log_panel(hand, shown, who)}</div>"
    )
    if text:
        body += (
            '<details class="el-text"><summary>Text version</summary><pre>'
            + escape(hand_text(hand, show=shown, names=names))
            + "</pre></details>"
        )
    return root(body, "hand", four_color, style=style)


# --- HTML: the game -------------------------------------------------------------------------
def game_html(
    game: Game,
    *,
    show_hand: bool = True,
    show: ShowSeats = None,
    names: Names | None = None,
    four_color: bool | None = None,
    style: bool = True,
    finished_hand: bool = False,
) -> str:
    """The scoreboard: each side's points on a track to the target, who is in the barn (one
    point short, R8.3), the winner (R8.2), the hands played so far; then the hand in
    progress (``show_hand=False`` leaves it out; ``show`` and ``names`` as in :func:`hand_html`).

    ``finished_hand``: the hand just played is still on the table (a table between hands), so
    the head names that hand and its dealer, "hand 1 over", with the score counting it, and
    ``show_hand`` shows it, not the next deal (the game has already dealt that).

    >>> from euchre_learn import Game
    >>> html = game_html(Game(seed=1, dealer='N'), show_hand=False)
    >>> 'North-South' in html and 'Game to 10 points · hand 1 · dealer North' in html
    True
    """
    rules = game.rules
    target = rules.points_to_win
    winner = game.winner
    barn = game.in_the_barn
    head = [f"Game to {target} points"]
    between = finished_hand and bool(game.hands)
    if winner is not None:
        head.append(f"{winner.word} won")
    elif between:
        head += [f"hand {len(game.hands)} over", f"dealer {game.hands[-1].dealer.word}"]
    else:
        head += [f"hand {len(game.hands) + 1}", f"dealer {game.hand.dealer.word}"]
    rows = []
    for team in Team:
        score = game.score[team]
        shown_pts = min(score, target)
        if target <= 15:
            track = "".join('<span class="el-on"></span>' if i < shown_pts else "<span></span>" for i in range(target))
            track = f'<span class="el-track" aria-hidden="true">{track}</span>'
        else:
            track = f'<span class="el-bar" aria-hidden="true"><span style="width:{100 * shown_pts // target}%"></span></span>'
        notes = []
        if team == winner:
            notes.append(badge("★ winner", "win"))
        if team in barn:
            notes.append(badge(f"in the barn: {score} of {target}", "turn"))
        cls = "el-team" + (" el-winner" if team == winner else "") + (" el-barn" if team in barn else "")
        label = escape(f"{team.word}: {score} of {target} points")
        rows.append(
            f'<div class="{cls}" role="group" aria-label="{label}"><span class="el-team-name">{team.word}</span> '
            f'<span class="el-points">{score}</span> {track} '
            + (f'<span class="el-team-notes">{"".join(notes)}</span>' if notes else "")
            + "</div>"
        )
    board = f'<div class="el-board"><div class="el-board-head">{escape(" · ".join(head))}</div>{"".join(rows)}'
    if game.hands:
        trs = []
        for i, h in enumerate(game.hands, 1):
            if h.thrown_in:
                trump, maker, result = "—", "—", "thrown in"
            else:
                assert h.trump is not None and h.maker is not None and h.score is not None
                trump = f"{h.trump.symbol} {h.trump.plural}"
                maker = h.maker.word + (" alone" if h.alone else "")
                pts = h.points
                result = f"{h.score.outcome}: NS +{pts[Team.NS]}, EW +{pts[Team.EW]}"
            trs.append(
                f"<tr><td>{i}</td><td>{h.dealer}</td><td>{escape(trump)}</td><td>{escape(maker)}</td><td>{escape(result)}</td></tr>"
            )
        board += (
            f'<details class="el-text"><summary>Hands played ({len(game.hands)})</summary><table class="el-hands">'
            "<tr><th>#</th><th>dealer</th><th>trump</th><th>maker</th><th>result</th></tr>"
            + "".join(trs)
            + "</table></details>"
        )
    board += "</div>"
    body = board
    if show_hand and winner is None:
        on_table = game.hands[-1] if between else game.hand
        body += hand_html(on_table, show=show, names=names, four_color=four_color, style=False)
    return root(body, "game", four_color, style=style)
