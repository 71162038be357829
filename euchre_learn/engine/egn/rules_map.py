"""EGN's ``ruleset`` and our :class:`~euchre_learn.Rules`, both ways: every flag EGN 1.4 defines
(docs/alternate-rules.md) is mapped to a field of ``Rules`` or refused by name, saying why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from euchre_learn.engine.egn.model import EgnError
from euchre_learn.engine.errors import quote
from euchre_learn.engine.rules import Rules

__all__ = ["RULESET_FLAGS", "rules_of", "ruleset_of"]

_LEADS = {"LEFT_OF_DEALER": "left_of_dealer", "LEFT_OF_LONER": "left_of_loner"}

_REFUSED_TRUE = {
    "farmers": "a farmer's hand exchanges cards with the kitty, which euchre_learn does not play",
    "partners_best": (
        "the partner's best card to a loner: our railroad (R5.5) is close, but EGN does not record "
        "the take-or-decline it needs"
    ),
    "go_under": "going under exchanges cards with the kitty, which euchre_learn does not play",
    "joker": "the joker: euchre_learn's Benny (R1.1) is not read from EGN",
    "allow_no_trump": "no-trump bids are not in euchre_learn's rules",
    "fast_break": "the fast break scores a hand 0, which euchre_learn's scoring (R7) does not",
    "four_trick_tokens": "four-trick tokens are not in euchre_learn's scoring (R7)",
}
_FIXED = {
    "min_rank": (9, "a 24-card deck, 9s up (R1.1)"),
    "num_players": (4, "four players (two teams of two)"),
    "loner_march_score": (4, "4 points for a loner's march (R7.1)"),
    "loner_euchred_score": (2, "2 points for euchring a loner (R7.1)"),
}
RULESET_FLAGS = (
    ("std", "stick_the_dealer (R4.3)"),
    ("canadian", "canadian_loner (R5.3)"),
    ("loner_lead", "loner_lead (R6.1)"),
    ("winning_score", "points_to_win (R8.1)"),
    ("defend_alone", "defend_alone (R5.4)"),
    *((k, f"refused when true: {why}") for k, why in _REFUSED_TRUE.items()),
    *((k, f"only {v}: {what}") for k, (v, what) in _FIXED.items()),
    ("num_deals", "only 0: euchre_learn's games end at a score (R8.1)"),
)
"""Every flag of EGN 1.4's ruleset and what the reader does with it (docs/egn.md lists them)."""


def rules_of(ruleset: object, error: Callable[[str, str], EgnError]) -> Rules:
    """Our rules for an EGN ruleset (``None``: EGN's defaults), or ``error(field, why)`` raised."""
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, dict):
        raise error("metadata.ruleset", f"{quote(ruleset)}: expected an object of rule flags")
    known = {k for k, _ in RULESET_FLAGS}
    for key in ruleset:
        if key not in known:
            raise error(
                f"metadata.ruleset.{key}", f"unknown rule {quote(key)}: EGN 1.4 defines {', '.join(sorted(known))}"
            )
    changes: dict[str, Any] = {}

    def flag(key: str) -> bool:
        value = ruleset.get(key, False)
        if not isinstance(value, bool):
            raise error(f"metadata.ruleset.{key}", f"{quote(value)}: expected true or false")
        return value

    changes["stick_the_dealer"] = flag("std") if "std" in ruleset else True  # EGN's default is true
    changes["canadian_loner"] = flag("canadian")
    changes["defend_alone"] = flag("defend_alone")
    lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if not isinstance(lead, str) or lead not in _LEADS:
        raise error("metadata.ruleset.loner_lead", f"{quote(lead)}: expected 'LEFT_OF_DEALER' or 'LEFT_OF_LONER'")
    changes["loner_lead"] = _LEADS[lead]
    for key, why in _REFUSED_TRUE.items():
        if flag(key):
            raise error(f"metadata.ruleset.{key}", f"true, but this reader refuses it: {why}")
    for key, (value, what) in _FIXED.items():
        if key in ruleset and ruleset[key] != value:
            raise error(f"metadata.ruleset.{key}", f"{quote(ruleset[key])}: euchre_learn plays only {what}")
    deals = ruleset.get("num_deals", 0)
    if deals != 0:
        raise error(
            "metadata.ruleset.num_deals",
            f"{quote(deals)}: a game of a fixed number of deals; ours end at a score (R8.1)",
        )
    target = ruleset.get("winning_score", 10)
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= 100:
        raise error("metadata.ruleset.winning_score", f"{quote(target)}: expected a target score from 1 to 100 (R8.1)")
    changes["points_to_win"] = target
    try:
        return Rules(**changes)
    except ValueError as err:  # pragma: no cover - every value is checked above
        raise error("metadata.ruleset", str(err)) from None


def ruleset_of(rules: Rules) -> dict[str, Any]:
    """EGN's ruleset for our rules, or ``ValueError`` naming a rule EGN cannot say.

    >>> ruleset_of(Rules(stick_the_dealer=True))
    {'std': True, 'canadian': False, 'loner_lead': 'LEFT_OF_LONER', 'winning_score': 10}
    """
    for name, what in (
        ("benny", "the Benny (R1.1)"),
        ("railroad", "the railroad (R5.5)"),
        ("super_euchre", "super euchre (R7.2)"),
        ("dealer_picks_up_for_partner_loner", "the dealer picking up for a partner's loner (R5.2)"),
    ):
        if getattr(rules, name):
            raise ValueError(f"EGN has no rule for {what}: these rules cannot be written as EGN")
    if rules.lone_defender_points != (4, 4):
        raise ValueError(f"EGN scores a lone defender 4, not {rules.lone_defender_points} (R7.3)")
    out: dict[str, Any] = {
        "std": rules.stick_the_dealer,
        "canadian": rules.canadian_loner,
        "loner_lead": "LEFT_OF_LONER" if rules.loner_lead == "left_of_loner" else "LEFT_OF_DEALER",
        "winning_score": rules.points_to_win,
    }
    if rules.defend_alone:
        out["defend_alone"] = True
    return out
