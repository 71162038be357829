"""The expert bot's words about the conventions (:mod:`euchre_learn.analysis.convention_book`).

The expert picks its card or bid by sampling, and breaks ties with the standard bot's choice.
These helpers keep its sentence honest: the standard bot's card is called "the conventional
card" only when it breaks no convention, and a choice that goes against a convention says why
not here, with the numbers of the sampled deals.

>>> import euchre_learn as el
>>> hand = el.Hand.from_cards('N', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'K♥ 9♥ A♦ K♣ 10♣',
...                                 'S': 'Q♠ K♠ A♠ 9♣ Q♣', 'W': 'J♠ J♣ Q♥ K♦ 10♦'}, upcard='10♥')
>>> [c.id for c in broken_by(hand, el.Action.parse('order up'))]
['no-order-two-small', 'eldest-needs-strength']
>>> broken_by(None, el.Action.parse('order up'))
()
"""

from __future__ import annotations

from collections.abc import Mapping

from euchre_learn.analysis.convention_book import Convention, broken
from euchre_learn.engine.actions import Action
from euchre_learn.engine.hand import Hand

__all__ = ["broken_by", "club_card_words", "why_not_here"]


def broken_by(hand: Hand | None, action: Action | int) -> tuple[Convention, ...]:
    """The conventions ``action`` breaks in ``hand``; none when the position is not known."""
    if hand is None:
        return ()
    return broken(hand, action if isinstance(action, Action) else Action(action))


def club_card_words(hand: Hand | None, card_action: int) -> str:
    """How to name the standard bot's card in the expert's sentence: 'the conventional card'
    when it breaks no convention, otherwise 'the card a club player would choose'."""
    if hand is not None and broken_by(hand, card_action):
        return "the card a club player would choose"
    return "the conventional card"


def why_not_here(hand: Hand | None, chosen: int, points: Mapping[int, float], words: Mapping[int, str]) -> str:
    """A clause for the expert's sentence when ``chosen`` breaks a convention: the rule of thumb,
    and the best-scoring action that keeps it, with how much less it averaged over the sampled
    deals (``points``: action id to average points; ``words``: action id to its words, 'the 10♦').
    '' when ``chosen`` breaks none or no sampled action keeps the convention."""
    gone = broken_by(hand, chosen)
    if not gone or hand is None:
        return ""
    rule = gone[0]
    keeping = [a for a in points if a != chosen and rule not in broken_by(hand, a)]
    if not keeping:
        return ""
    alt = max(keeping, key=lambda a: points[a])
    gap = points[chosen] - points[alt]
    return (
        f". Not the rule of thumb here ({rule.sentence[0].lower()}{rule.sentence[1:].rstrip('.')}): "
        f"{words[alt]} averages {points[alt]:+.2f} over the same deals, {gap:.2f} points less"
    )
