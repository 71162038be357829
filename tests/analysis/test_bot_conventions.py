"""The bots a learner copies follow the conventions of the book (issue 22), or say why not here.

Hand-written positions for the three conventions 'standard' and 'expert' used to break (assist
with three trumps as the dealer's partner, lead trump to a partner who made it, don't ruff second
hand), a measured break rate over seeded hands, and the standard bot against its old self
(``benchmarks/_standard_reference.py``) in duplicate play.
"""

from __future__ import annotations

import euchre_learn as el
from benchmarks._standard_reference import ReferenceStandardBot
from euchre_learn.analysis.convention_book import broken, convention
from euchre_learn.analysis.expert_words import broken_by, club_card_words, why_not_here


def _ids(hand: el.Hand, action: el.Action) -> list[str]:
    return [c.id for c in broken(hand, action)]


# ---- 1. the dealer's partner assists with three trumps ----------------------------------------


def _partner_with_three_trumps(south: str = "10♥ 9♥ Q♥ 9♣ 10♠", upcard: str = "K♥") -> el.Hand:
    hand = el.Hand.from_cards(
        "N",
        {"N": "9♠ 10♦ K♣ Q♦ A♣", "E": "J♥ Q♣ A♦ K♠ 10♣", "S": south, "W": "J♠ J♣ Q♠ K♦ A♠"},
        upcard=upcard,
    )
    return hand.apply("pass")  # East, eldest, passes: South is the dealer's partner


def test_the_dealers_partner_assists_with_three_small_trumps() -> None:
    hand = _partner_with_three_trumps()
    assert hand.to_act == el.Seat.S
    assert ReferenceStandardBot(seed=1).act(hand) == el.Action.parse("pass")  # the old habit
    bot = el.bots.get("standard", seed=1)
    action, why = bot.choose(hand)
    assert action == el.Action.parse("order up")
    assert "3 trumps" in why and "assist" in why
    # the expert's screen leaves a hand this far below the value line to the standard bot's rule
    assert el.bots.get("expert", seed=1).act(hand) == el.Action.parse("order up")


def test_the_dealers_partner_assists_with_a_bower_and_two_trumps() -> None:
    hand = _partner_with_three_trumps("J♦ 9♥ Q♥ 9♣ 10♠", upcard="10♥")
    assert el.bots.get("standard", seed=2).act(hand) == el.Action.parse("order up")


def test_two_small_trumps_still_pass() -> None:
    hand = _partner_with_three_trumps("9♦ 9♥ Q♥ 9♣ 10♠")
    action = el.bots.get("standard", seed=1).act(hand)
    assert action == el.Action.parse("pass")
    assert "no-order-two-small" not in _ids(hand, action)


def test_eldest_calls_next_on_three_small_trumps() -> None:
    """Not one of the three cases of the issue, but the standard bot broke 'call next' in a third of
    the decisions where it had a say; the rule costs nothing (+0.006 ± 0.003 points per deal)."""
    hand = el.Hand.from_cards(
        "N",
        {"N": "9♠ 10♥ K♣ A♠ A♣", "E": "9♦ 10♦ Q♦ 9♣ 10♠", "S": "J♥ Q♣ A♥ K♠ 10♣", "W": "J♠ J♣ Q♠ K♦ A♦"},
        upcard="Q♥",
    )
    for _ in range(4):
        hand = hand.apply("pass")
    assert hand.to_act == el.Seat.E
    old = el.bots.get("standard", seed=1)
    old.bidding["next_rule"] = 0
    assert "call-next" in _ids(hand, old.act(hand))
    action, why = el.bots.get("standard", seed=1).choose(hand)
    assert action == el.Action.parse("call ♦") and _ids(hand, action) == []
    assert "calls next" in why


# ---- 2. lead trump to a partner who made it ---------------------------------------------------


def _partner_made_trump() -> el.Hand:
    """East deals, North (third seat) orders up the Q♥, South leads first holding one small trump."""
    hand = el.Hand.from_cards(
        "E",
        {"N": "J♥ A♥ K♥ A♣ 9♠", "E": "Q♣ 10♣ K♦ Q♠ J♠", "S": "9♥ 10♦ A♠ K♠ J♣", "W": "A♦ Q♦ 9♦ 10♠ K♣"},
        upcard="Q♥",
    )
    return hand.apply("pass").apply("pass").apply("order up").apply("discard 10♣")


def test_the_standard_bot_leads_trump_to_the_partner_who_made_it() -> None:
    hand = _partner_made_trump()
    assert hand.to_act == el.Seat.S
    old = ReferenceStandardBot(seed=1).act(hand)
    assert "lead-trump-to-maker" in _ids(hand, old)  # the old bot cashed the A♠ first
    action, why = el.bots.get("standard", seed=1).choose(hand)
    assert action == el.Action.parse("play 9♥")
    assert _ids(hand, action) == []
    assert "partner who made trump" in why


def test_the_standard_bot_leads_the_left_bower_to_the_maker() -> None:
    hand = el.Hand.from_cards(
        "E",
        {"N": "J♥ A♥ K♥ A♣ 9♠", "E": "Q♣ 10♣ K♦ Q♠ J♠", "S": "J♦ 10♦ A♠ K♠ J♣", "W": "A♦ Q♦ 9♦ 10♠ K♣"},
        upcard="Q♥",
    )
    hand = hand.apply("pass").apply("pass").apply("order up").apply("discard 10♣")
    action = el.bots.get("standard", seed=1).act(hand)
    assert action == el.Action.parse("play J♦")
    assert _ids(hand, action) == []


def test_the_expert_leads_trump_to_the_maker_or_says_why_not() -> None:
    hand = _partner_made_trump()
    action, why = el.bots.get("expert", seed=3).choose(hand)
    gone = broken(hand, action)
    assert "conventional card" not in why or not gone
    if convention("lead-trump-to-maker") in gone:
        assert "Not the rule of thumb here" in why, why


# ---- 3. second hand, don't ruff a small card ---------------------------------------------------


def _second_hand_void() -> el.Hand:
    """North takes up the 9♥; East leads the 9♣; South, void in clubs, holds the right bower."""
    hand = el.Hand.from_cards(
        "N",
        {"N": "A♣ K♥ Q♥ 10♥ A♦", "E": "10♣ 9♣ Q♣ K♦ Q♦", "S": "J♥ A♥ K♠ 9♦ 10♦", "W": "J♦ K♣ J♣ 9♠ 10♠"},
        upcard="9♥",
    )
    return hand.apply("pass").apply("pass").apply("pass").apply("order up").apply("discard A♦").apply("play 9♣")


def test_second_hand_throws_off_rather_than_ruff_a_small_card() -> None:
    hand = _second_hand_void()
    assert hand.to_act == el.Seat.S
    old = ReferenceStandardBot(seed=1).act(hand)
    assert old == el.Action.parse("play J♥") and "second-hand-dont-ruff" in _ids(hand, old)
    action, why = el.bots.get("standard", seed=1).choose(hand)
    assert action == el.Action.parse("play 9♦")
    assert _ids(hand, action) == []
    assert "rather than trump" in why and "partner" in why


def test_second_hand_still_ruffs_a_boss_card() -> None:
    """The convention is about a small card: the A♣ led with partner void too is ruffed."""
    hand = el.Hand.from_cards(
        "N",
        {"N": "9♣ K♥ Q♥ 10♥ A♦", "E": "A♣ 10♣ Q♣ K♦ Q♦", "S": "J♥ A♥ K♠ 9♦ 10♦", "W": "J♦ K♣ J♣ 9♠ 10♠"},
        upcard="9♥",
    )
    hand = hand.apply("pass").apply("pass").apply("pass").apply("order up").apply("discard A♦").apply("play A♣")
    action = el.bots.get("standard", seed=1).act(hand)
    assert action.card is not None and action.card.suit == el.Suit.HEARTS
    assert "second-hand-dont-ruff" not in _ids(hand, action)


# ---- the rates over seeded hands ---------------------------------------------------------------


def _rates(deals: int) -> dict[str, tuple[int, int]]:
    from benchmarks.bench_bot_conventions import break_counts

    applied, broke = break_counts("standard", deals, seed=100)
    return {k: (applied[k], broke[k]) for k in applied}


def test_the_standard_bot_rarely_breaks_the_conventions_it_used_to_break() -> None:
    """Where the convention has a say (some legal action breaks it and some does not), over 300
    seeded deals. On the bench's 1,500 deals the new bot breaks each 0% of the time; the old one
    broke 'second hand don't ruff' 100%, 'lead trump to the maker' 76% and 'call next' 36% of the
    time. The bounds leave room for a rare exception and fail at the old bot's rates."""
    rates = _rates(300)
    for cid, bound in (("second-hand-dont-ruff", 0.10), ("lead-trump-to-maker", 0.05), ("call-next", 0.10)):
        n, k = rates[cid]
        assert n >= 25, (cid, n)  # enough positions where the convention has a say
        assert k / n < bound, (cid, k, n)


def test_the_new_standard_bot_is_not_weaker_than_the_old_one() -> None:
    r = el.tournament.duplicate("standard", ReferenceStandardBot(seed=1), deals=600, seed=21, progress=False)
    assert r.points_per_deal > -2 * r.se, r


# ---- the expert's words -----------------------------------------------------------------------


def test_the_expert_calls_a_card_conventional_only_when_it_breaks_no_convention() -> None:
    hand = _partner_made_trump()
    ace, nine = el.Action.parse("play A♠"), el.Action.parse("play 9♥")
    assert club_card_words(hand, ace.id) == "the card a club player would choose"
    assert club_card_words(hand, nine.id) == "the conventional card"
    assert club_card_words(None, ace.id) == "the conventional card"  # position unknown: no claim checked


def test_why_not_here_names_the_rule_and_the_numbers() -> None:
    hand = _partner_made_trump()
    ace, nine, ten = (el.Action.parse(f"play {c}").id for c in ("A♠", "9♥", "10♦"))
    words = {ace: "the A♠", nine: "the 9♥", ten: "the 10♦"}
    text = why_not_here(hand, ace, {ace: 0.9, nine: 0.6, ten: 0.1}, words)
    assert text.startswith(". Not the rule of thumb here (your partner made trump")
    assert "the 9♥ averages +0.60" in text and "0.30 points less" in text
    assert why_not_here(hand, nine, {ace: 0.9, nine: 0.6}, words) == ""  # the 9♥ keeps the rule
    assert broken_by(None, ace) == ()


# ---- the expert keeps the conventions the coach keeps (issue 33 item 7) -------------------------

SEEDS = range(5)


def _first_seat_rla(north: str) -> el.Hand:
    """West deals, the 9♥ up: North, left of the dealer, holds the right, the left and the ace."""
    return el.Hand.from_cards(
        "W",
        {"N": north, "E": "K♣ Q♣ 9♣ K♦ Q♦", "S": "10♦ 9♦ K♠ Q♠ J♠", "W": "A♦ 10♠ A♠ 10♥ Q♥"},
        upcard="9♥",
    )


def test_the_expert_orders_up_right_left_ace_from_first_seat() -> None:
    """Its learned policy passes these 96% and 99.5% of the time (to call next, ♦, in round 2)."""
    from euchre_learn.analysis.cfr_bidding import infoset, policy

    for north in ("J♥ J♦ A♥ A♣ 9♠", "J♥ J♦ A♥ 10♣ 9♠"):
        hand = _first_seat_rla(north)
        assert policy()["policy"][infoset(hand.core)[0]][0] >= 0.96  # what it learned
        assert "order-up-strong" in _ids(hand, el.Action.parse("pass"))
        for seed in SEEDS:
            action, why = el.bots.get("expert", seed=seed).choose(hand)
            assert action == el.Action.parse("order up"), (north, seed, why)
            assert "a club player orders it up" in why, why
            assert el.bots.get("expert", seed=seed).act(hand) == action  # the fast path too


def _partner_picked_up() -> el.Hand:
    """North deals and takes up the K♥; East leads the 9♣, South wins it with the A♣ and leads:
    one small trump (9♥), two side queens and the 10♣."""
    hand = el.Hand.from_cards(
        "N",
        {"N": "J♥ A♥ Q♥ A♦ 10♠", "E": "9♣ K♣ Q♣ 9♠ K♠", "S": "A♣ 9♥ Q♦ Q♠ 10♣", "W": "10♥ J♦ J♣ J♠ A♠"},
        upcard="K♥",
        kitty="9♦ 10♦ K♦",
    )
    for a in ("pass", "pass", "pass", "order up", "discard 10♠", "play 9♣", "play A♣", "play J♣", "play A♦"):
        hand = hand.apply(a)
    return hand


def test_the_expert_leads_trump_to_a_partner_who_picked_up() -> None:
    """The expert of issue 33 led the Q♠ on one of these seeds (16 deals put it 0.2 points ahead); a
    lead against the book is now played only if more deals still find it better."""
    hand = _partner_picked_up()
    assert hand.to_act == el.Seat.S
    for seed in SEEDS:
        action, why = el.bots.get("expert", seed=seed).choose(hand)
        assert action == el.Action.parse("play 9♥") or "Not the rule of thumb here" in why, (seed, why)
        assert action == el.bots.get("expert", seed=seed).act(hand)


def _both_opponents_out_of_trump() -> el.Hand:
    """North deals and takes up the 9♥; North ruffs East's A♣ and leads the J♥, on which East and
    West both show out of trump. South, who followed, may still hold one."""
    hand = el.Hand.from_cards(
        "N",
        {"N": "J♥ A♥ K♥ Q♠ 10♦", "E": "A♣ K♣ 9♣ K♦ Q♦", "S": "10♥ Q♥ 10♣ 9♠ 10♠", "W": "A♠ K♠ J♠ A♦ 9♦"},
        upcard="9♥",
        kitty="J♦ J♣ Q♣",
    )
    plays = ("A♣", "10♣", "9♦", "9♥", "J♥", "9♣", "10♥", "J♠")
    for a in ("pass", "pass", "pass", "order up", "discard 10♦", *(f"play {c}" for c in plays)):
        hand = hand.apply(a)
    return hand


def test_the_expert_does_not_lead_trump_into_two_shown_voids() -> None:
    """Today's expert led the K♥ here on every seed and called it 'the conventional card'."""
    hand = _both_opponents_out_of_trump()
    assert hand.to_act == el.Seat.N
    assert "stop-leading-trump-when-they-are-out" in _ids(hand, el.Action.parse("play K♥"))
    for seed in SEEDS:
        action, why = el.bots.get("expert", seed=seed).choose(hand)
        gone = broken(hand, action)
        assert convention("stop-leading-trump-when-they-are-out") not in gone or "Not the rule of thumb" in why, why
        assert "conventional card" not in why or not gone, why
        assert action == el.Action.parse("play Q♠"), (seed, why)


def test_the_expert_continues_with_the_left_to_the_maker() -> None:
    """East deals, North orders up the 9♥; South led the right bower and won: the left is now the
    boss trump, and South leads it again to the maker (West showed out of trump, East did not)."""
    hand = el.Hand.from_cards(
        "E",
        {"N": "A♥ K♥ Q♥ A♣ A♠", "E": "10♥ K♣ Q♣ 10♠ K♦", "S": "J♥ J♦ 10♣ 9♠ Q♦", "W": "A♦ 10♦ 9♦ J♣ K♠"},
        upcard="9♥",
        kitty="9♣ J♠ Q♠",
    )
    for a in ("pass", "pass", "order up", "discard K♦", "play J♥", "play 9♦", "play Q♥", "play 9♥"):
        hand = hand.apply(a)
    assert hand.to_act == el.Seat.S
    assert "keep-leading-trump-to-maker" in _ids(hand, el.Action.parse("play Q♦"))
    for seed in SEEDS:
        action, why = el.bots.get("expert", seed=seed).choose(hand)
        assert action == el.Action.parse("play J♦") or "Not the rule of thumb here" in why, (seed, why)
