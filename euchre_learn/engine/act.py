"""The action vocabulary: each kind of action's id, in one namespace. Import the module as a name
and read the ids through it, as python-chess's ``chess.PAWN``::

    from euchre_learn.engine import act

    act.PLAY + card.index     # the id of playing that card
    act.CALL <= i < act.NAME  # a call of trump in round 2

An action is a small integer inside (the core, the bots, the solver) and an
:class:`~euchre_learn.Action` outside (``Action(i)``, ``Action.parse(text)``, ``action.id``):

====== ==========================  ====== ===========================
id     action                      id     action
====== ==========================  ====== ===========================
0      pass                        16     take (railroad, the loner)
1      order up                    17     decline (railroad)
2      order up alone              18+c   discard card c
3+s    call suit s                 43+c   give card c (railroad)
7+s    call suit s alone           68+c   play card c
11+s   name suit s (Benny)
15     defend alone
====== ==========================  ====== ===========================

``s`` is a suit's value (``Suit``: clubs 0, diamonds 1, hearts 2, spades 3) and ``c`` a card's
index (``Card.index``, 0 to 24).

>>> from euchre_learn import Action, Card
>>> from euchre_learn.engine import act
>>> Action(act.PLAY + Card.parse('J♠').index), Action(act.CALL_ALONE + 2)
(Action.parse('play J♠'), Action.parse('call ♥ alone'))
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "CALL",
    "CALL_ALONE",
    "DECLINE",
    "DEFEND_ALONE",
    "DISCARD",
    "GIVE",
    "NAME",
    "N_ACTIONS",
    "ORDER_UP",
    "ORDER_UP_ALONE",
    "PASS",
    "PLAY",
    "TAKE",
]

PASS: Final = 0
"""Pass (either round, or a defender who does not defend alone)."""
ORDER_UP: Final = 1
"""Order the upcard up (the dealer: take it up), making its suit trump (R3.1)."""
ORDER_UP_ALONE: Final = 2
"""Order up and go alone (R5.1)."""
CALL: Final = 3
"""``CALL + s``: name suit ``s`` trump in round 2 (R4.1)."""
CALL_ALONE: Final = 7
"""``CALL_ALONE + s``: name suit ``s`` trump and go alone."""
NAME: Final = 11
"""``NAME + s``: the dealer names the suit the Benny proposes (R3.5)."""
DEFEND_ALONE: Final = 15
"""Defend alone against a loner (R5.4)."""
TAKE: Final = 16
"""Railroad: the loner takes the card the partner passed (R5.5)."""
DECLINE: Final = 17
"""Railroad: the loner leaves it."""
DISCARD: Final = 18
"""``DISCARD + c``: discard card ``c`` face down (the dealer, R3.2, or the loner after a railroad)."""
GIVE: Final = 43
"""``GIVE + c``: railroad, the loner's partner passes card ``c`` (R5.5)."""
PLAY: Final = 68
"""``PLAY + c``: play card ``c`` (R6)."""
N_ACTIONS: Final = 93
"""How many action ids there are: ``0`` to ``N_ACTIONS - 1``."""
