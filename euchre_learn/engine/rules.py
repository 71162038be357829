"""House rules as data: one frozen :class:`Rules`, its presets, and hand scoring (RULES.md §7-9)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from euchre_learn.engine.errors import EuchreTypeError, quote

__all__ = ["HandScore", "Rules", "score_hand"]

_BENNY_VALUES = (None, "joker", "2♠")
_LEAD_VALUES = ("left_of_loner", "left_of_dealer")
_PACKETS = ((3, 2), (2, 3))
_LATER = frozenset({"dealer_may_discard_upcard"})
"""Options added after games, reviews and lessons were seeded from ``repr(Rules())``: shown only when on."""


@dataclass(frozen=True)
class Rules:
    """Every house rule the engine knows, with the defaults of RULES.md.

    >>> Rules().points_to_win
    10
    >>> Rules(stick_the_dealer=True) == Rules.preset('stick-the-dealer')
    True
    >>> Rules(loner_lead='dealer')
    Traceback (most recent call last):
    ...
    ValueError: Rules.loner_lead must be one of 'left_of_loner', 'left_of_dealer', not 'dealer' ...
    """

    points_to_win: int = 10
    """R8.1: the game is to 10 points; 5 and 7 are common."""
    stick_the_dealer: bool = False
    """R4.3: the dealer may not pass at the end of round 2."""
    defend_alone: bool = False
    """R5.4: a defender may play alone against a loner."""
    lone_defender_points: tuple[int, int] = (4, 4)
    """R7.3: points for a lone defender taking 3-4 tricks, and all 5."""
    super_euchre: bool = False
    """R7.2: makers who take no trick give the defenders 4."""
    railroad: bool = False
    """R5.5: the loner's partner passes a card face down."""
    canadian_loner: bool = False
    """R5.3: a dealer's partner who assists must go alone."""
    benny: Literal["joker", "2♠"] | None = None
    """R1.1: a 25th card, the Benny, always the highest trump."""
    deal_packets: tuple[int, int] = (3, 2)
    """R2.2: packets of 3 then 2 (or 2 then 3)."""
    loner_lead: Literal["left_of_loner", "left_of_dealer"] = "left_of_loner"
    """R6.1: who leads the first trick against a loner."""
    dealer_picks_up_for_partner_loner: bool = False
    """R5.2: the dealer picks up and discards even when the partner assists alone."""
    dealer_may_discard_upcard: bool = False
    """R3.2: the dealer may discard the upcard just taken up (R3.2 forbids it by default)."""

    def __repr__(self) -> str:
        """The dataclass's own text, except that an option added later (:data:`_LATER`) shows only
        when it is on: the bots and the coach seed their draws from a hand's rules as text, so every
        game, review and lesson seeded before the option came keeps its deals and its numbers.

        >>> Rules(dealer_may_discard_upcard=True) != Rules(), 'dealer_may_discard_upcard' in repr(Rules())
        (True, False)
        """
        shown = (f for f in dataclasses.fields(self) if f.name not in _LATER or getattr(self, f.name) != f.default)
        return f"Rules({', '.join(f'{f.name}={getattr(self, f.name)!r}' for f in shown)})"

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if f.type == "bool" and not isinstance(getattr(self, f.name), bool):
                _bad(f.name, getattr(self, f.name), "True or False")
        p = self.points_to_win
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= 100:
            _bad("points_to_win", p, "a whole number of points from 1 to 100 (usually 5, 7 or 10)")
        ldp = self.lone_defender_points
        if isinstance(ldp, list):
            object.__setattr__(self, "lone_defender_points", ldp := tuple(ldp))
        if (
            not isinstance(ldp, tuple)
            or len(ldp) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in ldp)
            or ldp[0] > ldp[1]
        ):
            _bad(
                "lone_defender_points", ldp, "two positive whole numbers (3-4 tricks, 5 tricks), the second not smaller"
            )
        if ldp != (4, 4) and not self.defend_alone:
            raise ValueError(
                f"Rules.lone_defender_points={ldp} needs defend_alone=True: "
                "without defending alone there is no lone defender to score them (R7.3)"
            )
        if self.benny not in _BENNY_VALUES:
            _bad("benny", self.benny, "None, 'joker' or '2♠'")
        packets = self.deal_packets
        if isinstance(packets, list):
            object.__setattr__(self, "deal_packets", packets := tuple(packets))
        if packets not in _PACKETS:
            _bad("deal_packets", packets, "(3, 2) or (2, 3): five cards each, in two packets")
        if self.loner_lead not in _LEAD_VALUES:
            _bad("loner_lead", self.loner_lead, "one of 'left_of_loner', 'left_of_dealer'")

    @staticmethod
    def presets() -> tuple[str, ...]:
        """The preset names (RULES.md §9).

        >>> Rules.presets()[:3]
        ('standard', 'stick-the-dealer', 'seed-000')
        """
        return tuple(_PRESETS)

    @staticmethod
    def menu_presets() -> tuple[str, ...]:
        """The presets a Rules menu offers (the table's, the teacher's page): all but the
        internal ``seed-000``, one source's rules kept under that source's name for the
        engine's checks and lesson 12 (``Rules.preset('seed-000')`` still gives them).

        >>> 'seed-000' in Rules.menu_presets(), Rules.menu_presets()[:2]
        (False, ('standard', 'stick-the-dealer'))
        """
        return tuple(name for name in _PRESETS if name not in _INTERNAL_PRESETS)

    @staticmethod
    def preset_label(name: str) -> str:
        """A preset's name with what it is, in a player's words, for lists a learner reads
        (the table's Rules menu): ``seed-000`` alone says nothing to a newcomer.

        >>> Rules.preset_label('seed-000')
        'seed-000: defending alone, a lone defender scores 1 or 4 (the oldest rule book)'
        >>> Rules.preset_label('standard')
        'standard: the usual rules'
        """
        Rules.preset(name)  # an unknown name fails here, with the list
        return f"{name}: {_PRESET_WORDS[name]}"

    @staticmethod
    def preset(name: str) -> Rules:
        """A named bundle of rules.

        >>> Rules.preset('uk').benny
        'joker'
        """
        try:
            return _PRESETS[name]
        except (KeyError, TypeError):
            raise ValueError(f"{quote(name)} is not a preset: choose one of {', '.join(map(repr, _PRESETS))}") from None

    @property
    def name(self) -> str | None:
        """The preset these rules equal, if any (the first, in :meth:`presets` order)."""
        for key, value in _PRESETS.items():
            if value == self:
                return key
        return None

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the defaults.

        >>> Rules.preset('stick-the-dealer').changes()
        {'stick_the_dealer': True}
        """
        default = Rules()
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (checked like the constructor)."""
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_value(cls, value: Rules | str | dict[str, Any] | None, *, argument: str = "rules") -> Rules:
        """Rules from a :class:`Rules`, a preset name, a dict of fields, or ``None`` (the defaults).
        Anything else raises an ``EuchreTypeError`` naming ``argument``."""
        if value is None:
            return _PRESETS["standard"]
        if isinstance(value, Rules):
            return value
        if isinstance(value, str):
            return cls.preset(value)
        if isinstance(value, dict):
            known = {f.name for f in dataclasses.fields(cls)}
            unknown = sorted((k for k in value if k not in known), key=str)
            if unknown:
                raise ValueError(f"unknown Rules field {quote(unknown[0])}: the fields are {', '.join(sorted(known))}")
            return cls(**value)
        raise EuchreTypeError(
            f"{argument}: {quote(value)} is not rules: expected a Rules, a preset name such as 'uk', "
            "a dict of Rules fields, or None"
        )


def _bad(field: str, value: object, expected: str) -> None:
    raise ValueError(f"Rules.{field} must be {expected}, not {quote(value)} (RULES.md)")


_PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "stick-the-dealer": Rules(stick_the_dealer=True),
    "seed-000": Rules(defend_alone=True, lone_defender_points=(1, 4)),
    "uk": Rules(benny="joker"),
    "openspiel": Rules(stick_the_dealer=True, loner_lead="left_of_dealer", dealer_picks_up_for_partner_loner=True),
    "uk-deuce": Rules(benny="2♠"),
    "defend-alone": Rules(defend_alone=True),
    "super-euchre": Rules(super_euchre=True),
    "railroad": Rules(railroad=True),
    "canadian-loner": Rules(canadian_loner=True),
    "short-game": Rules(points_to_win=5),
}

_INTERNAL_PRESETS = frozenset({"seed-000"})
"""Presets no menu offers (:meth:`Rules.menu_presets`)."""

_PRESET_WORDS: dict[str, str] = {
    "standard": "the usual rules",
    "stick-the-dealer": "the dealer must name trump if all pass twice (R4.3)",
    "seed-000": "defending alone, a lone defender scores 1 or 4 (the oldest rule book)",
    "uk": "with the Benny, a joker above the bowers (R1.1)",
    "openspiel": "as OpenSpiel plays: stick the dealer, the seat left of the dealer always leads",
    "uk-deuce": "with the Benny as the 2♠ (R1.1)",
    "defend-alone": "a defender may defend alone against a loner (R5.4)",
    "super-euchre": "makers who take no trick give up 4 (R7.2)",
    "railroad": "the loner's partner passes a card (R5.5)",
    "canadian-loner": "a dealer's partner who assists must go alone (R5.3)",
    "short-game": "a game to 5 points (R8.1)",
}
"""Each preset in a player's words (:meth:`Rules.preset_label`)."""


@dataclass(frozen=True)
class HandScore:
    """The points of one hand: only one side scores (R7.1).

    >>> score_hand(5, alone=True)
    HandScore(makers=4, defenders=0, outcome='march')
    """

    makers: int
    defenders: int
    outcome: Literal["made", "march", "euchred", "super euchre"]


def score_hand(
    maker_tricks: int, *, alone: bool = False, lone_defender: bool = False, rules: Rules | str | None = None
) -> HandScore:
    """Score a hand from the makers' tricks (R7.1-R7.4).

    >>> score_hand(3), score_hand(2).defenders
    (HandScore(makers=1, defenders=0, outcome='made'), 2)
    >>> score_hand(0, rules=Rules(super_euchre=True))
    HandScore(makers=0, defenders=4, outcome='super euchre')
    """
    if isinstance(maker_tricks, bool) or not isinstance(maker_tricks, int) or not 0 <= maker_tricks <= 5:
        raise ValueError(f"maker_tricks must be a whole number from 0 to 5, not {quote(maker_tricks)}")
    rules = Rules.from_value(rules, argument="score_hand(rules)")
    if lone_defender and not alone:
        raise ValueError("a lone defender plays only against a loner: lone_defender=True needs alone=True (R5.4)")
    if lone_defender and not rules.defend_alone:
        raise ValueError("lone_defender=True needs rules with defend_alone=True (R5.4)")
    if maker_tricks == 5:
        return HandScore(4 if alone else 2, 0, "march")
    if maker_tricks >= 3:
        return HandScore(1, 0, "made")
    points = 2
    if lone_defender:
        points = rules.lone_defender_points[1 if maker_tricks == 0 else 0]
    if rules.super_euchre and maker_tricks == 0:
        return HandScore(0, max(points, 4), "super euchre")
    return HandScore(0, points, "euchred")
