"""A puzzle's theme, from the situation of its position (:func:`euchre_learn.analysis.situation.situation`).

The situation classifier names where the seat to act stands (the bidding round and seat, the
dealer stuck, the discard, its role in the play, its place in the trick, who is winning, whether it
can follow and win); :func:`classify` reads those facts, then what the answer and the runner-up (the
next best action) do, and gives the one theme of :data:`THEMES` the puzzle practises. A theme about
the answer itself, *going alone*, comes from the coach's values: the answer goes alone, or going
alone was close (within :data:`ALONE_CLOSE` points of the answer).

>>> import euchre_learn as el
>>> h = el.examples.hand('left-bower-trap', after=2)
>>> classify(h, el.Action.parse('play J♥'), el.Action.parse('play A♣'))
'leading trump when your side made it'
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping

from euchre_learn.analysis.situation import Situation, situation
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import deck_mask
from euchre_learn.engine.core import bits
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.trump import EFFECTIVE, POWER, winner_index

__all__ = ["ALONE_CLOSE", "IDEAS", "THEMES", "classify"]

THEMES = (
    "going alone",
    "leading against a loner",
    "ordering up at 8-9 points",
    "the stuck dealer's call",
    "next in round 2",
    "calling in round 2",
    "passing in round 2",
    "the dealer's pick-up",
    "assisting your partner",
    "ordering up the other side's dealer",
    "the dealer's discard",
    "leading trump when your side made it",
    "leading against the makers",
    "counting trumps",
    "protecting the left bower",
    "saving the boss card",
    "not trumping partner's winner",
    "trumping in",
    "second hand low",
    "third hand high",
    "last to play",
    "throwing off",
    "leading",
    "following suit",
)
"""The themes, in the order of the rules that tag them (:func:`classify`: the first that fits)."""


IDEAS = {
    "going alone": "Going alone scores 4 for a march but only 1 for three or four tricks, and without your partner the euchre comes sooner: go alone when your hand takes the tricks by itself.",
    "leading against a loner": "Against a loner, lead to make the lone hand guess: a trump can pull one of its few trumps, an ace can take a trick before it is ruffed.",
    "ordering up at 8-9 points": "Near the end of the game the score changes the price of a euchre: a side at 8 or 9 needs one or two points, and a euchre gives the other side two.",
    "the stuck dealer's call": "Stuck, the dealer must name a suit: choose the one that gives the most tricks with what is left, not the longest.",
    "next in round 2": "After a suit is turned down, its same-colour suit (next) is the usual call left of the dealer: the dealer's side showed it did not want that colour.",
    "calling in round 2": "In round 2 you call trump knowing the upcard is buried: count the tricks your hand takes in that suit before calling.",
    "passing in round 2": "Passing in round 2 is right when no suit gives your side three tricks: a euchre costs two points.",
    "the dealer's pick-up": "The dealer who picks up gains the upcard and a discard; that is worth it only when the hand then takes three tricks with partner's help.",
    "assisting your partner": "Ordering up your partner gives your own side the upcard, but it is you who must help take three tricks.",
    "ordering up the other side's dealer": "Ordering up when an opponent deals hands that opponent the upcard: order up only when your hand is strong enough to make trump anyway.",
    "the dealer's discard": "The dealer's discard shapes the hand: a void in a plain suit lets you trump it, a lone low card is a loser.",
    "leading trump when your side made it": "When your side made trump, leading trump draws the defenders' trumps so that your side's winners are not ruffed.",
    "leading against the makers": "Against the makers, lead what makes them spend trumps or what your partner can win, not a trump of your own.",
    "counting trumps": "Count the trumps: when you know how many are still out, you know whether your card can still be ruffed or beaten.",
    "protecting the left bower": "The left bower is the second-highest trump: spend a smaller trump now and keep it for a trick it can win later.",
    "saving the boss card": "A boss card, the highest of its suit still out, is a sure trick later: do not throw it away on a trick it cannot win.",
    "not trumping partner's winner": "Your partner is already winning the trick: a trump here is spent for nothing.",
    "trumping in": "When you cannot follow suit and the other side is winning the trick, a trump takes it.",
    "second hand low": "Second to play, play low: your partner still plays after the other side, and your high card is worth more later.",
    "third hand high": "Third to play, play high enough to win: only one player is left to beat you.",
    "last to play": "Last to play you see every card of the trick: win it as cheaply as you can, or throw your least useful card.",
    "throwing off": "When you cannot follow suit or win, throw the card you will need least.",
    "leading": "Leading, choose the card that brings your side the most tricks over the rest of the hand.",
    "following suit": "Following suit, choose which card of the suit to play: the cheapest that does the job.",
}
"""The idea each theme practises, in one sentence (a puzzle's :attr:`Puzzle.why` says it)."""


ALONE_CLOSE = 0.6
"""Going alone was close when the coach valued it within this many expected points of the answer
(twice a puzzle's margin, :data:`~euchre_learn.analysis.puzzles.MIN_GAP`); further off, alone was
never a question and the puzzle is about the rest of the choice (to order up or pass, which suit)."""



def _outstanding_trumps(position: Hand) -> int:
    """Trumps the seat to act cannot place: not in its hand, not played, not in this trick,
    nor its own discard (a dealer who took the upcard knows where that went)."""
    s = position.core
    t = s.trump
    seen = s.played | s.hands[s.to_act] | sum(1 << c for c in s.trick)
    if s.dealer == s.to_act and s.discard >= 0:
        seen |= 1 << s.discard
    eff = EFFECTIVE[t]
    return sum(1 for c in bits(deck_mask(position.rules) & ~seen) if eff[c] == t)


def _boss(position: Hand, card: int) -> bool:
    """Is ``card`` the highest card of its (effective) suit not yet played?"""
    s = position.core
    eff, power = EFFECTIVE[s.trump], POWER[s.trump]
    gone = s.played | sum(1 << c for c in s.trick)
    suit = eff[card]
    return builtins.all(power[c] < power[card] for c in bits(deck_mask(position.rules) & ~gone) if c != card and eff[c] == suit)


def _wins(position: Hand, card: int) -> bool:
    """Would ``card`` be winning the trick so far if played now?"""
    s = position.core
    trick = [*s.trick, card]
    return winner_index(trick, s.trump) == len(trick) - 1


def _alone_in_question(answer: Action, runner_up: Action, points: Mapping[Action, float] | None) -> bool:
    """Is the puzzle about going alone? The answer goes alone (the coach's values make it the best
    by the puzzle's margin), or a lone call was close to the answer by the coach's values (without
    ``points``, a lone runner-up)."""
    if answer.alone:
        return True
    if points is None:
        return runner_up.alone
    best = points[answer]
    return any(a.alone and best - p < ALONE_CLOSE for a, p in points.items() if a != answer)


def classify(
    position: Hand,
    answer: Action,
    runner_up: Action,
    score: tuple[int, int] | None = None,
    points: Mapping[Action, float] | None = None,
) -> str:
    """The theme of a puzzle: the first of :data:`THEMES` whose rule fits the situation of the
    position (:func:`~euchre_learn.analysis.situation.situation`), the answer and the runner-up
    (the next best action). ``score`` is the game score before the hand; ``points`` the coach's
    expected points of each legal action (the puzzle's options), which say whether going alone
    was close.

    * bidding: the answer goes alone, or a lone call came within :data:`ALONE_CLOSE` points of
      it, *going alone*; the discard is *the dealer's discard*; in round 1 with a side at 8 or 9
      points, *ordering up at 8-9 points*, else by the seat: *the dealer's pick-up*, *assisting
      your partner* (the dealer's partner) or *ordering up the other side's dealer*; in round 2
      the stuck dealer makes *the stuck dealer's call*, a choice that involves next (the suit of
      the turned-down card's colour) is *next in round 2*, else *calling in round 2* or *passing
      in round 2*;
    * leading: defending against a loner, *leading against a loner*; a trump on the makers' side
      (over a non-trump runner-up), *leading trump when your side made it*;
    * following, void in the led side suit and holding trump: with partner winning, a non-trump
      over a trump is *not trumping partner's winner*; with an opponent winning, a trump over a
      non-trump is *trumping in*;
    * from the third trick on, with at most one trump the seat cannot place and trump against
      non-trump as the choice, *counting trumps*;
    * holding the left bower, when the runner-up plays it and the answer does not, *protecting
      the left bower*; when the runner-up plays a boss card (the highest of its suit still out)
      that does not win this trick, or leads it, and the answer is no boss card, *saving the
      boss card*;
    * following: second to play, a card that does not take the lead over one that does is
      *second hand low*; third to play, taking the lead is *third hand high*; last to play,
      following suit or trumping (which trump is the question), *last to play* (win as cheaply
      as you can); a trump with an opponent winning, *trumping in*; void: *throwing off*; else
      *following suit*;
    * any other lead: *leading against the makers* or *leading*.

    >>> import euchre_learn as el
    >>> h = el.Hand.from_cards('N', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                              'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> up, alone, no = (el.Action.parse(x) for x in ('order up', 'order up alone', 'pass'))
    >>> classify(h, up, alone, points={up: 0.5, alone: -0.4, no: -0.7})   # alone never close
    "ordering up the other side's dealer"
    >>> classify(h, up, alone, points={up: 0.5, alone: 0.1, no: -0.7})    # alone close
    'going alone'
    """
    sit = situation(position)
    if sit.phase != "play":
        return _bidding(position, sit, answer, runner_up, score, points)
    s = position.core
    t = s.trump
    eff = EFFECTIVE[t]
    a, r = answer.id - act.PLAY, runner_up.id - act.PLAY
    a_trump, r_trump = eff[a] == t, eff[r] == t
    leading = sit.position in ("lead1", "lead")
    makers = sit.role in ("maker", "partner", "loner")
    if leading and sit.role in ("vs-loner", "lone-defender"):
        return "leading against a loner"
    if leading and makers and a_trump and not r_trump:
        return "leading trump when your side made it"
    if sit.follow == "void-trump" and sit.led == "side":
        partner = sit.winning in ("partner", "partner-ruff")
        if partner and r_trump and not a_trump:
            return "not trumping partner's winner"
        if not partner and a_trump and not r_trump:
            return "trumping in"
    if len(s.tricks) >= 2 and _outstanding_trumps(position) <= 1 and a_trump != r_trump:
        return "counting trumps"
    left = (3 - t) * 6 + 2  # the jack of the same colour (R1.3)
    if s.hands[s.to_act] >> left & 1 and r == left and a != left:
        return "protecting the left bower"
    if _boss(position, r) and not _boss(position, a) and (leading or not _wins(position, r)):
        return "saving the boss card"
    if leading:
        return "leading" if makers else "leading against the makers"
    if sit.position == "2nd" and not _wins(position, a) and _wins(position, r):
        return "second hand low"
    if sit.position == "3rd" and _wins(position, a) and not _wins(position, r):
        return "third hand high"
    if sit.position == "last" and (sit.follow == "follow" or a_trump):
        return "last to play"
    if a_trump and sit.follow == "void-trump" and sit.winning in ("opp", "opp-ruff"):
        return "trumping in"
    if sit.follow != "follow":
        return "throwing off"
    return "following suit"


def _bidding(
    position: Hand,
    sit: Situation,
    answer: Action,
    runner_up: Action,
    score: tuple[int, int] | None,
    points: Mapping[Action, float] | None,
) -> str:
    if sit.family not in ("bid1", "bid2", "discard"):
        raise ValueError(f"position: {sit.name} has no puzzle theme (a puzzle is a bid, a discard or a card to play)")
    if _alone_in_question(answer, runner_up, points):
        return "going alone"
    if sit.family == "discard":
        return "the dealer's discard"
    if sit.family == "bid1":
        if score is not None and max(score) >= 8:
            return "ordering up at 8-9 points"
        return {4: "the dealer's pick-up", 2: "assisting your partner"}.get(
            sit.bid_seat or 0, "ordering up the other side's dealer"
        )
    if sit.stuck:
        return "the stuck dealer's call"
    nxt = 3 - position.core.upcard // 6  # the suit of the same colour (R1.2)
    named = [x.id - act.CALL for x in (answer, runner_up) if act.CALL <= x.id < act.CALL + 4]
    if nxt in named:
        return "next in round 2"
    return "passing in round 2" if answer.id == act.PASS else "calling in round 2"
