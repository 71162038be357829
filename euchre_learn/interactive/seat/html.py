"""A class table drawn from one seat's view: the same felt as the table widget (the same
classes, the same cards), but built from what the class server sent this seat, never from a
whole game: its own cards face up, the others' as backs (counted by the server), the upcard,
trump, the trick in play, the tricks won, whose turn, the bidding.

The view is the dict :func:`euchre_learn.classroom.server.view.seat_view` builds (see
docs/class-server.md). Nothing here can show a hidden card, since the view holds none.

>>> view = {'seat': 'S', 'score': {'NS': 0, 'EW': 0}, 'points_to_win': 10, 'status': 'playing',
...         'winner': None, 'players': {}, 'last_hand': None,
...         'hand': {'number': 1, 'dealer': 'W', 'phase': 'ROUND_1', 'to_act': 'N', 'upcard': 'J♠',
...                  'trump': None, 'maker': None, 'alone': False, 'lone_defender': None, 'sitting_out': [],
...                  'holding': ['9♥', 'A♥', 'K♣', 'Q♠', '10♦'], 'held': {'N': 5, 'E': 5, 'S': 5, 'W': 5},
...                  'events': [], 'trick': None, 'tricks': [], 'tricks_won': {'NS': 0, 'EW': 0}}}
>>> html = seat_html(view)
>>> 'data-card="A♥"' in html, html.count('el-back"')     # South's cards; 3 × 5 backs
(True, 15)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre_learn.display.html import back_span, card_span, holding_span, trick_slots
from euchre_learn.display.style import escape, root
from euchre_learn.display.table import TURN_WORDS, badge, suit_chip
from euchre_learn.engine.cards import Card, Cards, Seat, Suit, Team
from euchre_learn.engine.explain import make_word
from euchre_learn.engine.hand import Trick
from euchre_learn.engine.rules import Rules

__all__ = ["seat_html", "seat_names", "seat_scoreboard_html", "trick_of"]



def seat_names(view: Mapping[str, Any]) -> dict[Seat, str]:
    """Who sits where, as the felt names them: "You" for this seat, a learner's name, or
    "North (bot)"; a learner whose seat a bot plays while they are away says so."""
    me = view.get("seat")
    out = {}
    for seat in Seat:
        p = (view.get("players") or {}).get(str(seat)) or {}
        if str(seat) == me:
            out[seat] = "You"
        elif p.get("kind") == "learner":
            name = str(p.get("name") or seat.word)
            out[seat] = name + (
                " (away: the bot plays)" if p.get("bot_playing") else "" if p.get("present") else " (away)"
            )
        else:
            out[seat] = f"{seat.word} (bot)"
    return out


def trick_of(part: Mapping[str, Any]) -> Trick:
    """A trick of the view as the engine's :class:`~euchre_learn.engine.hand.Trick` (to draw it)."""
    seats = tuple(Seat.parse(c["seat"]) for c in part["cards"])
    cards = Cards(Card.parse(c["card"]) for c in part["cards"])
    winner = part.get("winner")
    return Trick(Seat.parse(part["leader"]), cards, seats, None if winner is None else Seat.parse(winner))


def _seat(hand: Mapping[str, Any], seat: Seat, me: str, who: str, rules: Rules | None) -> str:
    badges = []
    if str(seat) == hand["dealer"]:
        badges.append(badge("dealer", "dealer"))
    if str(seat) == hand.get("maker"):
        badges.append(badge("maker, alone" if hand.get("alone") else "maker", "maker"))
    if str(seat) == hand.get("lone_defender"):
        badges.append(badge("defends alone", "maker"))
    out = str(seat) in (hand.get("sitting_out") or [])
    if out:
        badges.append(badge("sits out", "out"))
    turn = str(seat) == hand.get("to_act")
    if turn:
        badges.append(badge("▶ " + TURN_WORDS.get(hand["phase"], "to act"), "turn"))
    if str(seat) == me:
        held = [Card.parse(c) for c in hand["holding"]]
        up = Card.parse(hand["upcard"])
        hl = [up] if hand["phase"] == "DISCARD" and up in held else None
        cards = holding_span(held, rules, None, hl, {up: "upcard"} if hl else None) if held else ""
    else:
        count = int((hand.get("held") or {}).get(str(seat), 0))
        noun = "card" if count == 1 else "cards"
        cards = (
            '<span class="el-holding el-backs">'
            + " ".join(back_span(label=f"{who}: {count} {noun} face down") for _ in range(count))
            + "</span>"
        )
        held_count = count
    if str(seat) == me:
        held_count = len(hand["holding"])
    if not held_count:
        cards = '<span class="el-holding"><span class="el-caption">no cards left</span></span>'
    cls = f"el-seat el-seat-{seat.name}" + (" el-turn" if turn else "") + (" el-out" if out else "")
    head = (
        f'<div class="el-seat-head"><span class="el-seat-name">{escape(who)}</span> '
        f'<span class="el-team-tag">{seat.team}</span> {" ".join(badges)}</div>'
    )
    return f'<div class="{cls}" role="group" aria-label="{escape(who)}">{head}{cards}</div>'


def _centre(hand: Mapping[str, Any], who: Mapping[Seat, str], rules: Rules | None) -> str:
    trump = None if hand.get("trump") is None else Suit.parse(hand["trump"])
    trick = hand.get("trick")
    if trick and trick["cards"]:
        slots = "".join(trick_slots(trick_of(trick), trump, rules, who))
        cap = f"Trick {len(hand['tricks']) + 1}"
        return f'<div class="el-pos" role="group" aria-label="{cap}">{slots}</div><div class="el-caption">{cap}</div>'
    if hand["tricks"]:
        last = trick_of(hand["tricks"][-1])
        slots = "".join(trick_slots(last, trump, rules, who))
        cap = f"Trick {len(hand['tricks'])}, won by {who[last.winner] if last.winner is not None else '?'}"
        if hand.get("to_act"):
            cap += f"; {who[Seat.parse(hand['to_act'])]} leads next"
        return f'<div class="el-pos" role="group" aria-label="{escape(cap)}">{slots}</div><div class="el-caption">{escape(cap)}</div>'
    up = Card.parse(hand["upcard"])
    phase = hand["phase"]
    kitty = (
        '<span class="el-holding el-backs">'
        + " ".join([back_span(" el-small", "the kitty, face down")] * 3)
        + "</span>"
    )
    turned = any(e["action"] == "pass" for e in hand["events"]) and phase not in ("BENNY", "ROUND_1")
    if phase in ("BENNY", "ROUND_1"):
        body, cap = card_span(up, rules, "", ", the upcard"), "Round 1: order up the upcard's suit, or pass."
    elif phase == "ROUND_2" or (phase == "OVER" and hand.get("trump") is None):
        body, cap = card_span(up, rules, " el-turned", ", turned down"), "The upcard was turned down."
        if phase == "ROUND_2":
            cap += " Round 2: name another suit, or pass."
    else:
        body = "" if not turned else card_span(up, rules, " el-turned", ", turned down")
        cap = ""
    return f'<div class="el-deck">{body} {kitty}</div>' + (
        f'<div class="el-caption">{escape(cap)}</div>' if cap else ""
    )


def _panels(view: Mapping[str, Any], who: Mapping[Seat, str], rules: Rules | None) -> tuple[str, str]:
    """The panels above the seats (the deal, the tricks won) and below (whose turn, the bidding)."""
    hand = view["hand"]
    rows = [("Dealer", escape(who[Seat.parse(hand["dealer"])]))]
    if hand.get("trump"):
        rows.append(("Trump", suit_chip(Suit.parse(hand["trump"]))))
        if hand.get("maker"):
            rows.append(("Maker", escape(who[Seat.parse(hand["maker"])]) + (" — alone" if hand.get("alone") else "")))
    else:
        rows.append(("Trump", "not yet made"))
    rows.append(("Upcard", card_span(Card.parse(hand["upcard"]), rules, " el-small", "")))
    info = (
        '<div class="el-panel el-p-info"><dl>' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows) + "</dl></div>"
    )
    won = hand.get("tricks_won") or {}
    trs = []
    for team in Team:
        n = int(won.get(team.name, 0))
        trs.append(
            f'<dt>{team.word}</dt><dd><span class="el-pips" aria-hidden="true">{"●" * n + "○" * (5 - n)}</span> '
            f"{n} trick{'s' if n != 1 else ''}</dd>"
        )
    maker = hand.get("maker")
    note = f'<div class="el-note">Makers: {Seat.parse(maker).team.word}, who need 3 (R7.1)</div>' if maker else ""
    tricks = f'<div class="el-panel el-p-tricks"><div class="el-p-head">Tricks</div><dl>{"".join(trs)}</dl>{note}</div>'
    to_act = hand.get("to_act")
    turn = f'<div class="el-p-head">Hand {hand["number"]}</div>'
    if to_act:
        turn += f"<div>▶ {escape(who[Seat.parse(to_act)])} {escape(TURN_WORDS.get(hand['phase'], 'to act'))}</div>"
    bids = []
    for e in hand["events"]:
        seat = Seat.parse(e["seat"])
        text = e["action"]
        if text in ("discard", "give"):
            text += " (face down)"
        elif text.startswith("order up"):
            text = make_word(Seat.parse(hand["dealer"]), seat) + text[len("order up") :]
        bids.append(f"{escape(who[seat])}: {escape(text)}")
    log = (
        '<div class="el-panel el-p-log"><div class="el-p-head">Bidding</div>'
        f'<div class="el-log">{"<br>".join(bids)}</div></div>'
        if bids
        else ""
    )
    return info + tricks, f'<div class="el-panel el-p-turn">{turn}</div>' + log


def seat_html(view: Mapping[str, Any], rules: Rules | None = None) -> str:
    """The table as this seat sees it (``view``: a ``state`` message of the class server)."""
    hand = view["hand"]
    who = seat_names(view)
    me = str(view["seat"])
    seats = "".join(_seat(hand, s, me, who[s], rules) for s in Seat)
    top, bottom = _panels(view, who, rules)
    body = (
        '<div class="el-table" role="group" aria-label="Euchre table">'
        f'{top}{seats}<div class="el-mid">{_centre(hand, who, rules)}</div>{bottom}</div>'
    )
    return root(body, "hand", None, style=True)


def seat_scoreboard_html(view: Mapping[str, Any]) -> str:
    """The score as the seat sees it: points to win, each side's points, the winner."""
    score = view.get("score") or {}
    head = [f"Game to {view.get('points_to_win', '?')} points", f"hand {view['hand']['number']}"]
    if view.get("winner"):
        head = [f"Game to {view.get('points_to_win', '?')} points", f"{Team[view['winner']].word} won"]
    rows = "".join(
        f'<div class="el-team"><span class="el-team-name">{team.word}</span> '
        f'<span class="el-points">{int(score.get(team.name, 0))}</span></div>'
        for team in Team
    )
    return root(
        f'<div class="el-board"><div class="el-board-head">{escape(" · ".join(head))}</div>{rows}</div>',
        "game",
        None,
        style=True,
    )
