"""euchre_learn/analysis/convention_book.py: the book loads, every convention is sourced and has a
check, and each convention has a hand-written position where an action breaks it and one where an
action keeps it (the positions built here from the rules of thumb; some were found by a search
over random hands and then written down)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import euchre_learn as el
from euchre_learn.analysis.convention_book import book, broken, convention, mistakes
from euchre_learn.analysis.situation import situation

S_UP9 = "9♥"
S_CLUBS = "9♣ 10♣ J♣ Q♣ K♠"


def hand(dealer: str, hands: dict[Any, Any], up: str, actions: list[str], rules: Any = None) -> el.Hand:
    h = el.Hand.from_cards(dealer, hands, upcard=up, rules=rules)
    for a in actions:
        h = h.apply(a.split(" ", 1)[1] if a[:2] in ("N ", "E ", "S ", "W ") else a)
    return h


def fill(given: dict[str, str], up: str) -> dict[str, str]:
    """``given`` holdings, the other seats filled from the rest of the deck in deck order."""
    used = {c for text in given.values() for c in el.cards(text)} | {el.Card.parse(up)}
    rest = [c for c in el.deck() if c not in used]
    out = dict(given)
    for seat in "NESW":
        if seat not in out:
            out[seat] = " ".join(str(c) for c in rest[:5])
            rest = rest[5:]
    return out


# id: (position, breaking action, position, keeping action); a position is (dealer, hands, upcard,
# actions, rules, score)
P = tuple[str, dict[str, str], str, list[str], Any, tuple[int, int] | None]


def p(dealer: str, given: dict[str, str], up: str, actions: list[str], rules: Any = None, score: Any = None) -> P:
    return (dealer, fill(given, up), up, actions, rules, score)


TRUMP_ON_DEFENCE = p("S", {"W": "10♥ A♣ K♣ 9♠ Q♦", "S": S_CLUBS}, S_UP9, ["pass"] * 3 + ["order up", "discard 9♣"])
LONER_S = p("S", {"W": "10♥ A♣ K♣ 9♠ Q♦", "S": S_CLUBS}, S_UP9, ["pass"] * 3 + ["order up alone", "discard 9♣"])
E_MAKES = ["pass", "pass", "order up", "discard 9♣"]  # E orders the dealer up in hearts; W leads
STUCK = {
    "W": "9♣ Q♠ 10♠ 9♠ K♥",
    "N": "A♣ 10♦ K♠ Q♥ 10♥",
    "E": "10♣ J♠ A♠ A♥ Q♦",
    "S": "K♣ J♦ A♦ K♦ 9♦",
}
OUT_OF_TRUMP = {
    "W": "J♠ A♠ K♠ A♦ K♦",
    "N": "10♥ Q♥ 9♣ 10♣ 9♦",
    "E": "J♣ Q♠ 10♠ Q♣ K♣",
    "S": "J♥ K♥ A♥ A♣ 10♦",
}
BOSS_DEFENCE = {
    "W": "J♥ Q♥ A♣ 9♠ Q♦",
    "N": "K♣ Q♣ A♠ 9♦ 10♦",
    "E": "10♣ J♣ K♠ Q♠ K♦",
    "S": "A♥ K♥ 10♥ A♦ 9♣",
}
BOSS_PLAY = ["pass"] * 3 + ["order up", "discard 9♣", "play 9♠", "play A♠", "play K♠", "play A♦"]
BOSS_PLAY += ["play K♣", "play 10♣", "play 9♥", "play A♣", "play 10♥", "play Q♥", "play Q♣", "play Q♠"]
PARTNER_VOID = {
    "W": "A♣ 9♣ K♠ 10♠ Q♦",
    "E": "9♦ 10♦ K♦ A♥ Q♥",
    "N": "K♣ Q♣ 10♣ A♠ 9♠",
    "S": "J♥ K♥ 10♥ J♣ Q♠",
}
KEEP_LEADING = {
    "W": "J♥ J♦ A♣ 9♠ Q♦",
    "N": "10♥ K♣ 10♠ J♠ 9♦",
    "E": "A♥ K♥ Q♣ A♠ K♦",
    "S": "Q♥ 9♣ 10♣ K♠ 10♦",
}
RUFF_CHEAP = {  # the dealer takes up the 9♥; West leads the A♣; South, last, holds no club: J♥ or 9♥?
    "W": "A♣ 9♠ Q♠ K♦ 10♦",
    "N": "9♣ 10♣ K♠ A♦ 9♦",
    "E": "Q♣ K♣ J♣ J♦ A♥",
    "S": "J♥ 10♠ A♠ J♠ Q♦",
}
RUFF_CHEAP_PLAY = ["pass"] * 3 + ["order up", "discard Q♦", "play A♣", "play 9♣", "play Q♣"]
FOUND_LONER = (
    "S",
    {"N": "10♣ K♦ A♥ 9♠ Q♠", "E": "K♣ 9♦ 10♦ 9♥ J♥", "S": "9♣ Q♣ A♣ K♥ A♠", "W": "J♣ Q♦ 10♥ Q♥ K♠"},
    "J♠",
)
FOUND_TRUMP_HIGH = (
    "N",
    {"N": "9♦ 10♦ J♦ 10♥ J♥", "E": "9♣ K♣ A♣ K♠ A♠", "S": "J♣ K♦ A♦ 9♥ A♥", "W": "10♣ Q♦ Q♥ 9♠ Q♠"},
    "K♥",
)
FOUND_BARE = ("N", {"N": "9♣ J♣ J♦ 10♠ A♠", "E": "Q♣ K♣ Q♦ K♦ K♥", "S": "A♦ A♥ J♠ Q♠ K♠", "W": "A♣ 9♦ 10♦ 9♥ J♥"}, "Q♥")
FOUND_2ND = ("N", {"N": "A♣ Q♦ 10♥ K♥ J♠", "E": "9♣ 10♦ K♦ Q♥ Q♠", "S": "Q♣ 9♥ J♥ 9♠ A♠", "W": "K♣ 9♦ J♦ A♥ 10♠"}, "A♦")
SECOND_RUFF = (
    "S",
    {"N": "Q♣ K♣ 9♦ K♦ 9♠", "E": "J♣ 10♥ K♥ J♠ K♠", "S": "9♣ 10♣ A♣ J♦ Q♥", "W": "10♦ Q♦ 9♥ J♥ Q♠"},
    "A♦",
)
FOUND_3RD = ("E", {"N": "9♣ J♣ Q♦ K♦ 10♠", "E": "A♦ 9♥ 10♥ Q♥ A♠", "S": "Q♣ 9♦ J♦ K♥ Q♠", "W": "10♣ A♣ J♥ J♠ K♠"}, "K♣")
FOUND_4TH = ("W", {"N": "9♣ Q♣ J♥ A♥ 10♠", "E": "A♣ 9♦ 10♦ A♦ 9♠", "S": "Q♦ K♦ Q♠ K♠ A♠", "W": "J♣ K♣ Q♥ K♥ J♠"}, "J♦")
FOUND_NEXT = (
    "E",
    {"N": "J♦ A♦ J♥ A♥ 10♠", "E": "10♣ 10♦ Q♦ 10♥ Q♠", "S": "J♣ Q♣ K♣ Q♥ A♠", "W": "9♣ A♣ K♦ 9♥ K♥"},
    "J♠",
)


def f(found: tuple[str, dict[str, str], str], actions: str, rules: Any = None) -> P:
    return (found[0], found[1], found[2], actions.split(", "), rules, None)


REVERSE_NEXT = p("S", {"N": "Q♥ 10♣ K♠ 10♠ A♦"}, "J♥", ["pass"] * 5)  # Ohio Euchre quiz, question 24
LONER_DISCARD = p("S", {"S": "J♠ 10♣ A♠ A♦ K♦"}, "J♣", ["pass"] * 3 + ["order up alone"])  # question 18
RUFF_FOR_PARTNER = p(  # question 8: the dealer alone in hearts, partner leads the A♠
    "S",
    {"E": "A♥ 9♥ Q♣ A♦ K♣", "W": "A♠ 9♠ 10♠ 9♦ 10♦", "S": "J♥ J♦ K♥ Q♥ 9♣"},
    "10♥",
    ["pass"] * 3 + ["order up alone", "discard 9♣", "play A♠"],
)

CASES: dict[str, tuple[P, str, P, str]] = {
    "reverse-next": (REVERSE_NEXT, "pass", REVERSE_NEXT, "call ♠"),
    "loner-discard-void": (LONER_DISCARD, "discard K♦", LONER_DISCARD, "discard A♠"),
    "ruff-high-for-partner-against-loner": (RUFF_FOR_PARTNER, "play 9♥", RUFF_FOR_PARTNER, "play A♥"),
    "no-order-two-small": (
        p("S", {"W": "K♥ Q♥ A♣ A♠ 10♦"}, S_UP9, []),
        "order up",
        p("S", {"W": "K♥ Q♥ A♣ A♠ 10♦"}, S_UP9, []),
        "pass",
    ),
    "eldest-needs-strength": (
        p("S", {"W": "J♥ A♥ 9♣ 10♠ Q♦"}, S_UP9, []),
        "order up",
        p("S", {"W": "J♥ A♥ A♣ 10♠ Q♦"}, S_UP9, []),
        "order up",
    ),
    "third-needs-strength": (
        p("S", {"E": "J♥ K♥ Q♥ 9♣ 10♠"}, S_UP9, ["pass", "pass"]),
        "order up",
        p("S", {"E": "J♥ A♥ 10♥ A♣ 10♠"}, S_UP9, ["pass", "pass"]),
        "order up",
    ),
    "assist-with-two-tricks": (
        p("S", {"N": "J♥ 10♥ A♣ 9♠ 10♦"}, S_UP9, ["pass"]),
        "pass",
        p("S", {"N": "J♥ 10♥ A♣ 9♠ 10♦"}, S_UP9, ["pass"]),
        "order up",
    ),
    "no-thin-assist": (
        p("S", {"N": "A♥ 9♣ 10♠ Q♦ K♦"}, S_UP9, ["pass"]),
        "order up",
        p("S", {"N": "A♥ 9♣ 10♠ Q♦ K♦"}, S_UP9, ["pass"]),
        "pass",
    ),
    "dealer-takes-the-bower": (
        p("S", {"S": "9♥ A♣ 10♠ Q♦ K♦"}, "J♥", ["pass"] * 3),
        "pass",
        p("S", {"S": "9♥ A♣ 10♠ Q♦ K♦"}, "J♥", ["pass"] * 3),
        "order up",
    ),
    "at-the-bridge": (
        p("S", {"N": "A♥ Q♥ A♣ 9♠ 10♦"}, S_UP9, ["pass"], score=(9, 6)),
        "pass",
        p("S", {"N": "A♥ Q♥ A♣ 9♠ 10♦"}, S_UP9, ["pass"], score=(9, 6)),
        "order up",
    ),
    "call-next": (
        p("S", {"W": "J♦ 10♦ A♣ 9♠ Q♠"}, S_UP9, ["pass"] * 4),
        "pass",
        p("S", {"W": "J♦ 10♦ A♣ 9♠ Q♠"}, S_UP9, ["pass"] * 4),
        "call ♦",
    ),
    "no-loner-when-one-point-wins": (
        p("S", {"S": "J♥ J♦ A♥ K♥ A♣"}, S_UP9, ["pass"] * 3, score=(9, 5)),
        "order up alone",
        p("S", {"S": "J♥ J♦ A♥ K♥ A♣"}, S_UP9, ["pass"] * 3, score=(9, 5)),
        "order up",
    ),
    "discard-make-void": (
        p("S", {"S": "J♥ A♥ 9♣ K♠ A♠"}, S_UP9, ["pass"] * 3 + ["order up"]),
        "discard K♠",
        p("S", {"S": "J♥ A♥ 9♣ K♠ A♠"}, S_UP9, ["pass"] * 3 + ["order up"]),
        "discard 9♣",
    ),
    "keep-trump-over-ace": (
        p("S", {"S": "J♥ A♥ 9♣ K♠ A♠"}, S_UP9, ["pass"] * 3 + ["order up"]),
        "discard J♥",
        f(
            FOUND_4TH,
            "N order up, W discard J♣, N play A♥, E play 9♦, S play Q♠, W play K♥, E play A♣, S play K♦, W play K♣, N play Q♣, S play A♠, W play J♠, N play 10♠, E play 9♠, S play K♠, W play J♦",
        ),
        "play 9♣",
    ),
    "maker-leads-trump": (
        p("S", {"W": "J♠ 10♠ 9♠ A♣ K♦"}, S_UP9, ["pass"] * 4 + ["call ♠"]),
        "play A♣",
        p("S", {"W": "J♠ 10♠ 9♠ A♣ K♦"}, S_UP9, ["pass"] * 4 + ["call ♠"]),
        "play J♠",
    ),
    "maker-leads-high-trump": (
        p("S", {"W": "J♣ A♠ 9♠ A♦ K♦"}, S_UP9, ["pass"] * 4 + ["call ♠"]),
        "play 9♠",
        p("S", {"W": "J♣ A♠ 9♠ A♦ K♦"}, S_UP9, ["pass"] * 4 + ["call ♠"]),
        "play J♣",
    ),
    "three-trumps-lead-trump": (
        p("S", {"W": "A♠ Q♠ 10♠ A♦ K♦"}, S_UP9, ["pass"] * 4 + ["call ♠"]),
        "play A♦",
        p("S", {"W": "A♠ Q♠ 10♠ A♦ K♦"}, S_UP9, ["pass"] * 4 + ["call ♠"]),
        "play A♠",
    ),
    "lead-trump-to-maker": (
        p("S", {"W": "10♥ A♣ K♣ 9♠ Q♦", "S": "9♣ 10♣ J♣ Q♣ K♠"}, S_UP9, E_MAKES),
        "play A♣",
        p("S", {"W": "10♥ A♣ K♣ 9♠ Q♦", "S": "9♣ 10♣ J♣ Q♣ K♠"}, S_UP9, E_MAKES),
        "play 10♥",
    ),
    "lead-bower-to-maker": (
        p("S", {"W": "J♦ 10♥ A♣ 9♠ Q♦", "S": "9♣ 10♣ J♣ Q♣ K♠"}, S_UP9, E_MAKES),
        "play 10♥",
        p("S", {"W": "J♦ 10♥ A♣ 9♠ Q♦", "S": "9♣ 10♣ J♣ Q♣ K♠"}, S_UP9, E_MAKES),
        "play J♦",
    ),
    "keep-leading-trump-to-maker": (
        p("S", KEEP_LEADING, S_UP9, [*E_MAKES, "play J♥", "play 10♥", "play K♥", "play 9♥"]),
        "play A♣",
        p("S", KEEP_LEADING, S_UP9, [*E_MAKES, "play J♥", "play 10♥", "play K♥", "play 9♥"]),
        "play J♦",
    ),
    "no-trump-to-stuck-dealer": (
        p(
            "S",
            STUCK,
            S_UP9,
            ["pass"] * 7 + ["call ♦", "play 9♣", "play A♣", "play 10♣", "play K♣"],
            rules="stick-the-dealer",
        ),
        "play 10♦",
        p(
            "S",
            STUCK,
            S_UP9,
            ["pass"] * 7 + ["call ♦", "play 9♣", "play A♣", "play 10♣", "play K♣"],
            rules="stick-the-dealer",
        ),
        "play K♠",
    ),
    "stop-leading-trump-when-they-are-out": (
        p("S", OUT_OF_TRUMP, S_UP9, ["pass"] * 4 + ["call ♠", "play J♠", "play 9♦", "play Q♠", "play 10♦"]),
        "play A♠",
        p("S", OUT_OF_TRUMP, S_UP9, ["pass"] * 4 + ["call ♠", "play J♠", "play 9♦", "play Q♠", "play 10♦"]),
        "play A♦",
    ),
    "no-trump-on-defence": (TRUMP_ON_DEFENCE, "play 10♥", TRUMP_ON_DEFENCE, "play A♣"),
    "defence-cashes-boss-trump": (
        p("S", BOSS_DEFENCE, S_UP9, BOSS_PLAY),
        "play Q♦",
        p("S", BOSS_DEFENCE, S_UP9, BOSS_PLAY),
        "play J♥",
    ),
    "no-trump-into-loner": (LONER_S, "play 10♥", LONER_S, "play A♣"),
    "lead-next-through-loner": (
        p(
            "S",
            {"N": "10♦ A♣ K♣ 9♠ Q♠", "S": S_CLUBS},
            S_UP9,
            ["pass", "pass", "order up alone", "discard 9♣"],
            rules=el.Rules(loner_lead="left_of_dealer"),
        ),
        "play A♣",
        p(
            "S",
            {"N": "10♦ A♣ K♣ 9♠ Q♠", "S": S_CLUBS},
            S_UP9,
            ["pass", "pass", "order up alone", "discard 9♣"],
            rules=el.Rules(loner_lead="left_of_dealer"),
        ),
        "play 10♦",
    ),
    "lead-partners-void-suit": (
        p(
            "S",
            PARTNER_VOID,
            S_UP9,
            ["pass"] * 3 + ["order up", "discard Q♠", "play A♣", "play K♣", "play 9♦", "play J♣"],
        ),
        "play K♠",
        p(
            "S",
            PARTNER_VOID,
            S_UP9,
            ["pass"] * 3 + ["order up", "discard Q♠", "play A♣", "play K♣", "play 9♦", "play J♣"],
        ),
        "play 9♣",
    ),
    "no-trump-lead-fourth-trick": (
        f(
            FOUND_4TH,
            "N order up, W discard J♣, N play A♥, E play 9♦, S play Q♠, W play K♥, E play A♣, S play K♦, W play K♣, N play Q♣, S play A♠, W play J♠, N play 10♠, E play 9♠",
        ),
        "play Q♦",
        f(
            FOUND_4TH,
            "N order up, W discard J♣, N play A♥, E play 9♦, S play Q♠, W play K♥, E play A♣, S play K♦, W play K♣, N play Q♣, S play A♠, W play J♠, N play 10♠, E play 9♠",
        ),
        "play K♠",
    ),
    "no-right-after-calling-next": (
        f(FOUND_NEXT, "S pass, W pass, N pass, E pass, S call ♣"),
        "play J♣",
        f(FOUND_NEXT, "S pass, W pass, N pass, E pass, S call ♣"),
        "play Q♣",
    ),
    "loner-cashes-winners": (
        f(
            FOUND_LONER,
            "W order up alone, S discard A♠, N play A♥, S play K♥, W play 10♥, N play 10♣, S play A♣, W play K♠",
        ),
        "play J♣",
        f(
            FOUND_LONER,
            "W order up alone, S discard A♠, N play A♥, S play K♥, W play 10♥, N play 10♣, S play A♣, W play K♠",
        ),
        "play Q♥",
    ),
    "dont-trump-partners-winner": (
        f(
            FOUND_3RD,
            "S pass, W order up, E discard Q♥, S play Q♣, W play A♣, N play J♣, E play K♣, N play 10♠, E play A♠, S play Q♠, W play K♠, E play A♦, S play J♦",
        ),
        "play 10♣",
        f(
            FOUND_3RD,
            "S pass, W order up, E discard Q♥, S play Q♣, W play A♣, N play J♣, E play K♣, N play 10♠, E play A♠, S play Q♠, W play K♠, E play A♦, S play J♦",
        ),
        "play J♥",
    ),
    "second-hand-low": (
        f(
            FOUND_2ND,
            "E pass, S pass, W pass, N order up, N discard J♠, E play 9♣, S play Q♣, W play K♣, N play A♣, N play Q♦",
        ),
        "play K♦",
        f(
            FOUND_2ND,
            "E pass, S pass, W pass, N order up, N discard J♠, E play 9♣, S play Q♣, W play K♣, N play A♣, N play Q♦",
        ),
        "play 10♦",
    ),
    "second-hand-dont-ruff": (  # partner, the dealer, took up the A♦; a small heart is led
        f(SECOND_RUFF, "W pass, N pass, E pass, S order up, S discard Q♥, W play 9♥"),
        "play 9♦",
        f(SECOND_RUFF, "W pass, N pass, E pass, S order up, S discard Q♥, W play 9♥"),
        "play 9♠",
    ),
    "third-hand-high": (
        f(FOUND_3RD, "S pass, W order up, E discard Q♥, S play Q♣, W play A♣"),
        "play 9♣",
        f(FOUND_3RD, "S pass, W order up, E discard Q♥, S play Q♣, W play A♣"),
        "play J♣",
    ),
    "win-cheaply": (
        p("S", RUFF_CHEAP, S_UP9, RUFF_CHEAP_PLAY),
        "play J♥",
        p("S", RUFF_CHEAP, S_UP9, RUFF_CHEAP_PLAY),
        "play 9♥",
    ),
    "never-bare-the-left": (
        f(
            FOUND_BARE,
            "E pass, S pass, W pass, N order up, N discard J♣, E play Q♣, S play A♥, W play A♣, N play 9♣, S play A♦, W play 10♦",
        ),
        "play Q♥",
        f(
            FOUND_BARE,
            "E pass, S pass, W pass, N order up, N discard J♣, E play Q♣, S play A♥, W play A♣, N play 9♣, S play A♦, W play 10♦",
        ),
        "play J♦",
    ),
    "trump-high-against-overruff": (
        f(FOUND_TRUMP_HIGH, "E order up alone, N discard 9♦, S play A♦, N play 10♦, E play K♠, S play K♦"),
        "play 10♥",
        f(FOUND_TRUMP_HIGH, "E order up alone, N discard 9♦, S play A♦, N play 10♦, E play K♠, S play K♦"),
        "play J♦",
    ),
}


ISSUE_22_MISTAKES = {
    "trumping partner's winning ace",
    "leading trump into a loner",
    "the maker leading a side ace instead of trump",
    "going alone at 9 points",
    "leading trump on defence",
    "the dealer keeping a singleton instead of making a void",
    "ordering up with two small trumps",
    "ruffing with the right bower when the nine wins",
}


def build(pos: P) -> tuple[el.Hand, tuple[int, int] | None]:
    dealer, hands, up, actions, rules, score = pos
    return hand(dealer, hands, up, actions, rules), score


def test_the_book_is_whole() -> None:
    ids = [c.id for c in book()]
    assert len(ids) >= 30 and len(set(ids)) == len(ids)
    assert set(CASES) == set(ids), "every convention has a breaking and a keeping position"
    for c in book():
        assert c.sentence.endswith((".", ")")) and c.situations
        assert c.sources or c.id == "third-hand-high", f"{c.id} has no source"
        for s in c.sources:
            assert s.url.startswith("http") and s.title
    with pytest.raises(ValueError, match="no convention"):
        convention("no-such-thing")


def test_the_eight_classic_mistakes_each_have_a_convention() -> None:
    named = mistakes()
    assert set(named) == ISSUE_22_MISTAKES
    for mistake, c in named.items():
        brk, action, _, _ = CASES[c.id]
        h, score = build(brk)
        assert c in broken(h, action, score), mistake


@pytest.mark.parametrize("cid", sorted(CASES))
def test_breaks_and_keeps(cid: str) -> None:
    c = convention(cid)
    brk, bad, keep, good = CASES[cid]
    h, score = build(brk)
    assert bad in h.legal_actions() and c.applies(h), situation(h).key
    assert c.breaks(h, bad, score), f"{bad} should break {cid} in {situation(h).name}"
    assert c in broken(h, bad, score)
    h, score = build(keep)
    assert good in h.legal_actions() and c.applies(h), situation(h).key
    assert not c.breaks(h, good, score), f"{good} should keep {cid} in {situation(h).name}"
    assert c not in broken(h, good, score)


def test_a_convention_outside_its_situations_is_not_broken() -> None:
    h, _ = build(CASES["no-trump-on-defence"][0])
    assert not convention("maker-leads-trump").breaks(h, "play A♣")
    assert not convention("call-next").applies(h)


def test_a_forced_action_breaks_nothing() -> None:
    h, _ = build(CASES["win-cheaply"][0])
    while len(h.legal_actions()) != 1:
        h = h.apply(h.legal_actions()[0])
    assert broken(h, h.legal_actions()[0]) == ()


def test_the_loner_still_to_play_excuses_trumping_partners_card() -> None:
    # against a loner who plays after you, trumping partner's winning card is no mistake (issue 22)
    h, _ = build(CASES["trump-high-against-overruff"][0])
    assert situation(h).winning == "partner" and h.maker is not None
    assert not convention("dont-trump-partners-winner").breaks(h, "play J♦")


def test_docs_list_every_convention_and_position() -> None:
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "conventions.md").read_text(encoding="utf-8")
    for c in book():
        assert f"(`{c.id}`)" in text, f"docs/conventions.md does not list {c.id}"
    positions = json.loads(
        (root / "tests" / "analysis" / "data" / "outside_positions.json").read_text(encoding="utf-8")
    )
    for r in positions:
        assert f"`{r['id']}`" in text, f"docs/conventions.md does not list the position {r['id']}"


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(el.Rules.presets()),
    seed=st.integers(0, 10**6),
    score=st.sampled_from([None, (9, 6), (9, 9), (4, 8)]),
)
def test_every_action_of_random_hands_is_judged(preset: str, seed: int, score: tuple[int, int] | None) -> None:
    rng = random.Random(seed)
    h = el.Hand.deal(rng.choice("NESW"), rules=preset, seed=seed)
    while not h.is_over:
        legal = h.legal_actions()
        sit = situation(h)
        for a in legal:
            found = broken(h, a, score)
            assert all(c.applies_to(sit) for c in found)
            if len(legal) == 1:
                assert found == ()
        h = h.apply(rng.choice(legal))
