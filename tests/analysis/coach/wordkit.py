"""Checks of the coach's words against the position they speak of (issue 33, items 3 and 6).

Each check reads one text the coach would print about one position and returns the problems it
finds, as short strings (empty: the words are true). They are written from the rules of the game
and the judgement's own numbers, not from :mod:`euchre_learn.analysis.coach.words`, so that a
sentence the words module gets wrong is caught here:

* :func:`trick_claims`: a card "wins/takes the trick" (or a partner's card is "winning the trick")
  only when no seat still to play could beat it, from what the seat can see (voids shown, cards
  still out of sight, the upcard known to be with the dealer);
* :func:`names_something`: the reason names a card, a rule or the score, once the trump count is
  taken out, and never says only "it gives your side more";
* :func:`rules_agree`: a rule of thumb quoted in support of the recommended choice is one that
  choice keeps, of the kind it is (a rule that says lead trump supports only a trump lead), and the
  reason beside it does not argue the other way;
* :func:`numbers_agree`: 'best' (or 'better than') never stands beside a larger number for the
  other choice;
* :func:`score_named`: where the score decides (the chance to win the game ranks the two choices
  one way, the points the other, or a march with partner already wins the game and one of the two
  goes alone), the words name the score.
"""

from __future__ import annotations

import re

from euchre_learn.analysis.coach.words import name
from euchre_learn.analysis.convention_book import Convention, book
from euchre_learn.analysis.table_facts import Facts
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.trump import winner_index

CARD = r"(?:10|[9JQKA])[♠♥♦♣]"
CLAIM = re.compile(r"(?<!may )(?<!can )(?<!could )\b(?:wins|takes|win|take|winning) (?:this|the) trick(?! so far)")
COUNT = re.compile(
    r"you hold \d+ trumps? and \d+ more (?:are|is) still out(?:, with the \S+(?: and the \S+)? already played)?"
)
EMPTY = ("gives your side more", "gives your side the most", "gives your side a better chance")
SCORE = re.compile(r"\b[Aa]t \d+[–-]\d+|\bpoints? (?:wins|win)|going alone adds nothing")
RULE = re.compile(
    r"rule of thumb|good players|\bnext\b|\bgreen\b|\bmarch\b|\balone\b|score|points?\b|\bgame\b|void|boss|"
    r"bower|the dealer|follow|trump (?:lead|it)|leading trump|lead trump|don't lead|euchre",
    re.IGNORECASE,
)
TRUMP_LEAD_RULES = frozenset(
    {
        "maker-leads-trump",
        "maker-leads-high-trump",
        "three-trumps-lead-trump",
        "lead-trump-to-maker",
        "lead-bower-to-maker",
        "keep-leading-trump-to-maker",
        "defence-cashes-boss-trump",
    }
)
"""Rules of thumb that tell the seat to lead trump."""
SIDE_LEAD_RULES = frozenset(
    {
        "no-trump-to-stuck-dealer",
        "stop-leading-trump-when-they-are-out",
        "no-trump-on-defence",
        "no-trump-into-loner",
        "lead-next-through-loner",
        "lead-partners-void-suit",
    }
)
"""Rules of thumb that tell the seat to lead a side card."""
AGAINST_TRUMP_LEAD = ("spends a trump", "don't lead trump", "a trump lead draws your partner's")
FOR_TRUMP_LEAD = ("leading trump draws", "a trump lead pulls", "pulls trumps")


def _seat_holds_possibly(f: Facts, seat: Seat, y: int) -> bool:
    """Could ``seat`` hold card ``y``, from what the seat to act sees?"""
    if y not in f.out_of_sight:
        return False
    h = f.hand
    up = h.upcard.index
    if y == up and h.turned_down is None and f.trump is not None:
        return seat == f.dealer  # the upcard was taken up: the dealer holds it
    return f.suit_of(y) not in f.voids.get(seat, frozenset())


def could_be_beaten(f: Facts, card: int) -> Seat | None:
    """A seat still to play that might beat ``card`` in the trick in progress (``card`` played now
    by the seat to act, or already on the table), or ``None``."""
    assert f.trump is not None
    cards = list(f.trick[0])
    if card not in cards:
        cards.append(card)
    for seat in f.still_to_play:
        for y in f.out_of_sight:
            if _seat_holds_possibly(f, seat, y) and winner_index([*cards, y], f.trump) == len(cards):
                return seat
    return None


def _clauses(text: str) -> list[str]:
    """The clauses of ``text``, asides in brackets taken out unless they make a claim themselves."""
    text = re.sub(r"\([^()]*\)", lambda m: m.group() if CLAIM.search(m.group()) else "", text)
    return [c for c in re.split(r"[.;]\s|\(", text) if c.strip()]


def trick_claims(hand: Hand, text: str) -> list[str]:
    """Every 'X wins/takes the trick' that a seat still to play could make false."""
    if hand.phase != Phase.PLAY:
        return []
    f = Facts(hand)
    out = []
    for c in book():  # a rule of thumb quoted is the rule's words, not a claim about this trick
        text = text.replace(c.sentence, "")
    for clause in _clauses(text):
        m = CLAIM.search(clause)
        if not m:
            continue
        named = re.findall(CARD, clause[: m.start()])
        if not named:
            out.append(f"a trick claim that names no card: {clause!r}")
            continue
        card = Card.parse(named[-1]).index
        if card not in f.legal and card not in f.trick[0]:
            out.append(f"a trick claim about a card not on the table nor playable: {clause!r}")
            continue
        who = could_be_beaten(f, card)
        if who is not None:
            out.append(f"{clause!r}: {who.word}, still to play, could beat the {Card(card)}")
    return out


def reason_of(text: str) -> str:
    """The reason of an explanation: what follows the first 'best:' / 'than X:' up to the numbers."""
    m = re.search(r"(?:is best|better than [^:]+|can't separate [^;]+); ?|(?:is best|better than [^:]+): ", text)
    start = m.end() if m else 0
    end = re.compile(r" \((?=[-+]?\d)").search(text, start)
    return text[start : end.start() if end else len(text)]


def names_something(text: str) -> list[str]:
    """The reason names a card, a rule or the score (not only the trump count), and is never empty words."""
    out = [f"empty words {e!r}" for e in EMPTY if e in text]
    reason = COUNT.sub("", reason_of(text))
    if not (re.search(CARD, reason) or RULE.search(reason) or SCORE.search(reason)):
        out.append(f"a reason with no card, rule or score: {reason_of(text)!r}")
    return out


def recommended(hand: Hand, text: str, chosen: Action) -> Action | None:
    """The choice ``text`` recommends: 'X is best' → X; 'X was better than' → X; 'good players
    play X' → X."""
    m = re.match(r"(?:The |To )?(.+?) (?:is best|was (?:a little )?better than)", text)
    if not m:
        m = re.search(r"good players (?:play|lead|choose) (?:the )?(.+?) because", text)
    if not m:
        return None
    said = m.group(1)
    for a in hand.legal_actions():
        c = a.card
        if c is not None and said.removeprefix("the ") == str(c):
            return a
    for a in hand.legal_actions():
        if name(hand, a).lower() in (said.lower(), f"to {said}".lower()):
            return a
    return chosen


def _is_trump_lead(hand: Hand, a: Action) -> bool:
    f = Facts(hand)
    card = a.card
    return f.leading and card is not None and f.is_trump(card.index)


def quoted_rules(text: str) -> list[tuple[Convention, bool]]:
    """Each convention whose sentence the text quotes, with whether it is quoted in support."""
    out = []
    for c in book():
        core = c.sentence.rstrip(".").split(":")[0]
        i = text.find(core)
        if i < 0:
            continue
        before = text[max(0, i - 60) : i]
        support = bool(
            re.search(r"(?:Rule of thumb: |rule of thumb decides: |good players' rule of thumb: )$", before, re.I)
        )
        out.append((c, support))
    return out


def rules_agree(hand: Hand, score: tuple[int, int] | None, text: str, chosen: Action) -> list[str]:
    """A rule quoted in support of the recommended choice is one it keeps, of its kind, and the
    reason beside it does not argue the other way."""
    out = []
    rec = recommended(hand, text, chosen)
    for c, support in quoted_rules(text):
        if not support or rec is None:
            continue
        if c.breaks(hand, rec, score):
            out.append(f"quotes {c.id!r} in support of {rec}, which breaks it")
        if c.id in TRUMP_LEAD_RULES:
            if not _is_trump_lead(hand, rec):
                out.append(f"quotes {c.id!r} (lead trump) in support of {rec}, not a trump lead")
            if any(p in text for p in AGAINST_TRUMP_LEAD):
                out.append(f"argues against a trump lead and quotes {c.id!r}")
        if c.id in SIDE_LEAD_RULES:
            if _is_trump_lead(hand, rec):
                out.append(f"quotes {c.id!r} (a side lead) in support of {rec}, a trump lead")
            if any(p in text for p in FOR_TRUMP_LEAD):
                out.append(f"argues for a trump lead and quotes {c.id!r}")
    return out


NUMBERS = re.compile(r"\(([-+]?\d+(?:\.\d+)?)(%| points)[^()]*? against ([-+]?\d+(?:\.\d+)?)%?")


def numbers_agree(text: str) -> list[str]:
    """'is best' / 'better than' never beside a larger number for the other choice."""
    m = NUMBERS.search(text)
    if not m:
        return []
    a, b = float(m.group(1)), float(m.group(3))
    if b > a and re.search(r"is best|better than", text[: m.start()]):
        return [f"'best'/'better' beside a larger number for the other choice: {text[m.start() : m.end()]}"]
    return []


def score_named(
    hand: Hand,
    score: tuple[int, int] | None,
    text: str,
    a: Action,
    b: Action,
    win_a: float,
    win_b: float,
    pts_a: float,
    pts_b: float,
) -> list[str]:
    """Where the score decides between ``a`` (recommended) and ``b``, the words name it."""
    if score is None or a == b:
        return []
    seat = hand.to_act
    assert seat is not None
    us = score[seat.team]
    target = hand.rules.points_to_win
    march_wins = us + 2 >= target
    loner_pair = a.alone != b.alone and a.id != 0 and b.id != 0
    if march_wins and loner_pair and b.alone and "going alone adds nothing" not in text:
        return [f"at {score} a march wins the game, but the words do not say going alone adds nothing"]
    decides = (win_a - win_b >= 0.01) and (pts_b - pts_a >= 0.05)
    if decides and not SCORE.search(text):
        return [
            f"the score decides ({win_a:.0%} vs {win_b:.0%} to win, {pts_a:+.2f} vs {pts_b:+.2f} points) "
            "but the words do not name it"
        ]
    return []


def every_problem(
    hand: Hand,
    score: tuple[int, int] | None,
    text: str,
    chosen: Action,
    compared: tuple[Action, Action, float, float, float, float] | None = None,
) -> list[str]:
    """Every check above on one text; ``compared``: the choice it recommends and the one it weighs
    it against, with their chances to win the game and their points."""
    out = trick_claims(hand, text) + rules_agree(hand, score, text, chosen) + numbers_agree(text)
    if not text.startswith("Forced") and "was the only legal choice" not in text:
        out += names_something(text)
    if compared is not None:
        out += score_named(hand, score, text, *compared)
    return out
