"""The convention book: the rules of thumb strong players teach, each with a check.

Each :class:`Convention` has an ``id``, the ``sentence`` a learner reads, the situations it
applies to (patterns over :func:`~euchre_learn.analysis.situation.situation` keys), its
``sources`` (books, sites, forums, bug reports on an app's bots; ``data/convention_book.json``)
and a check: :meth:`Convention.breaks` says, from engine facts only, whether an action in a
position breaks it. :func:`broken` lists every convention an action breaks, in the book's order
(bidding, discard, leads, following); :func:`mistakes` maps issue 22's classic learner mistakes to
the conventions that name them.

A convention is a rule of thumb, not a verdict: the coach shows a broken convention with its
sentence, or says plainly where the numbers show the convention is wrong in this deal.

>>> import euchre_learn as el
>>> hand = el.Hand.from_cards('N', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'K♥ 9♥ A♦ K♣ 10♣',
...                                 'S': 'Q♠ K♠ A♠ 9♣ Q♣', 'W': 'J♠ J♣ Q♥ K♦ 10♦'}, upcard='10♥')
>>> [c.id for c in broken(hand, 'order up')]
['no-order-two-small', 'eldest-needs-strength']
>>> convention('no-order-two-small').sentence[:40]
"Don't order up (or assist) on two small "
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from euchre_learn.analysis.convention_checks import CHECKS, Context
from euchre_learn.analysis.situation import Situation, key_matches, situation
from euchre_learn.engine.actions import Action
from euchre_learn.engine.hand import Hand

__all__ = ["Convention", "Source", "book", "broken", "convention", "mistakes"]


@dataclass(frozen=True)
class Source:
    """Where a convention is taught: a title and an address."""

    key: str
    title: str
    url: str


@dataclass(frozen=True)
class Convention:
    """One rule of thumb: see the module docs."""

    id: str
    title: str
    sentence: str
    situations: tuple[str, ...]
    """Patterns over situation keys (:meth:`Situation.matches`)."""
    sources: tuple[Source, ...]
    mistake: str | None = None
    """The classic learner mistake (issue 22's list) this convention names, if any."""
    default: bool = False
    """A default, not a law: the coach finds another action better in a good share of the deals
    where it speaks, but keeping it costs little (graded 'best' or 'good') in at least 80% of them
    (``python -m benchmarks thumbs``); its sentence says so."""

    def applies(self, hand: Hand) -> bool:
        """Whether the seat to act is in one of the convention's situations."""
        return self.applies_to(situation(hand))

    def applies_to(self, sit: Situation) -> bool:
        return any(key_matches(sit.key, p) for p in self.situations)

    def breaks(self, hand: Hand, action: Action | str, score: tuple[int, int] | None = None) -> bool:
        """Whether ``action`` (legal for the seat to act) breaks this convention. ``score`` is the
        game score ``(NS, EW)`` before the hand, where it is known.

        >>> import euchre_learn as el
        >>> hand = el.Hand.from_cards('N', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'K♥ 9♥ A♦ K♣ 10♣',
        ...                                 'S': 'Q♠ K♠ A♠ 9♣ Q♣', 'W': 'J♠ J♣ Q♥ K♦ 10♦'}, upcard='10♥')
        >>> c = convention('no-order-two-small')
        >>> c.breaks(hand, 'order up'), c.breaks(hand, 'pass')
        (True, False)
        """
        if not self.applies(hand):
            return False
        a = action if isinstance(action, Action) else Action.parse(action)
        return CHECKS[self.id](Context(hand, a, score))

    def __str__(self) -> str:
        return self.sentence


@cache
def book() -> tuple[Convention, ...]:
    """Every convention, in the book's order (bidding, discard, leads, following).

    >>> len(book()) >= 30
    True
    """
    text = resources.files("euchre_learn.analysis").joinpath("data", "convention_book.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    sources = {k: Source(k, v["title"], v["url"]) for k, v in raw["sources"].items()}
    out = []
    for c in raw["conventions"]:
        if c["id"] not in CHECKS:
            raise ValueError(f"convention {c['id']!r} in convention_book.json has no check in convention_checks.py")
        out.append(
            Convention(
                c["id"],
                c["title"],
                c["sentence"],
                tuple(c["situations"]),
                tuple(sources[s] for s in c["sources"]),
                c.get("mistake"),
                bool(c.get("default", False)),
            )
        )
    return tuple(out)


def convention(id: str) -> Convention:
    """The convention named ``id``; an unknown name raises ``ValueError`` listing a few."""
    for c in book():
        if c.id == id:
            return c
    some = ", ".join(repr(c.id) for c in book()[:3])
    raise ValueError(f"no convention {id[:40]!r}: try {some}, ...")


def broken(hand: Hand, action: Action | str, score: tuple[int, int] | None = None) -> tuple[Convention, ...]:
    """The conventions ``action`` breaks in ``hand``, in the book's order. A forced action (the
    only legal one) breaks none."""
    if len(hand.legal_actions()) <= 1:
        return ()
    a = action if isinstance(action, Action) else Action.parse(action)
    sit = situation(hand)
    ctx: Context | None = None
    out = []
    for c in book():
        if c.applies_to(sit):
            ctx = ctx or Context(hand, a, score)
            if CHECKS[c.id](ctx):
                out.append(c)
    return tuple(out)


def mistakes() -> dict[str, Convention]:
    """The classic learner mistakes (issue 22), each with the convention that names it."""
    return {c.mistake: c for c in book() if c.mistake}
