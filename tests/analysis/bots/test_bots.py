"""Bots: legal in every phase of every preset, deterministic when seeded, and playing the
strategy they claim (RULES.md ids in the comments)."""

from __future__ import annotations

import random
import sys
import textwrap

import pytest

import euchre_learn as el
from euchre_learn import Hand, Rules, Seat, bots
from euchre_learn.analysis.bots import StandardBot, best_discard, hand_value, registry
from euchre_learn.engine import core
from euchre_learn.engine.cards import cards_to_mask

BASIC = ("random", "beginner", "standard")

# a deal where every card is placed by hand (hearts proposed by the 9♥)
DEAL = {
    "W": "A♠ 9♣ 10♣ Q♣ K♣",
    "N": "9♠ 10♠ Q♦ K♦ A♦",
    "E": "J♥ A♥ K♥ A♣ 9♦",
    "S": "Q♠ K♠ J♠ Q♥ 10♥",
}


def deal(holdings: dict[str, str] = DEAL, upcard: str = "9♥", dealer: str = "S", rules: str = "standard") -> Hand:
    return Hand.from_cards(dealer, holdings, upcard=upcard, rules=rules)


def run(hand: Hand, *actions: str) -> Hand:
    for a in actions:
        hand = hand.apply(a)
    return hand


def random_states(preset: str, n: int, seed: int = 0):
    """Hands at every point of ``n`` deals of ``preset``, walked by a mix of bots."""
    rng = random.Random(f"{preset}/{seed}")
    for i in range(n):
        hand = Hand.deal(Seat(i % 4), preset, seed=rng.getrandbits(32))
        walker = bots.get(rng.choice(BASIC), seed=i)
        while not hand.is_over:
            yield hand
            hand = hand.apply(walker.act(hand))


# ---- the registry -----------------------------------------------------------------------------


def test_names_and_get() -> None:
    assert set(BASIC) <= set(bots.names())
    for name in BASIC:
        bot = bots.get(name, seed=1)
        assert bot.name == name and isinstance(bot, bots.Bot)
    with pytest.raises(ValueError, match="'nobody' is not a bot: choose one of 'random'"):
        bots.get("nobody")


def test_register_rejects_duplicates_and_non_callables() -> None:
    with pytest.raises(ValueError, match="already registered"):
        bots.register("standard", StandardBot)
    with pytest.raises(ValueError, match="needs a factory"):
        bots.register("broken", 3)  # type: ignore[arg-type]


def test_lazy_registration_hook(tmp_path, monkeypatch) -> None:
    """The 'expert' hook: a module that registers itself, imported on first get()."""
    (tmp_path / "fake_expert_mod.py").write_text(
        textwrap.dedent(
            """
            from euchre_learn import bots

            class Fake(bots.StandardBot):
                name = 'fake-expert'

            bots.register('fake-expert', Fake)
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_LAZY", {"fake-expert": "fake_expert_mod", "absent": "no_such_module_here"})
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.delitem(sys.modules, "fake_expert_mod", raising=False)
    assert "fake-expert" in bots.names() and "absent" not in bots.names()
    assert bots.get("fake-expert", seed=3).name == "fake-expert"
    with pytest.raises(ValueError, match="is not a bot"):
        bots.get("absent")


def test_expert_listed_exactly_when_its_module_exists() -> None:
    import importlib.util

    exists = importlib.util.find_spec("euchre_learn.analysis.expert") is not None
    assert ("expert" in bots.names()) == exists


# ---- legal everywhere -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_bot_is_legal_in_every_phase(preset: str) -> None:
    """On hands: the action is legal, act() agrees with explain(), the reason is one sentence."""
    phases = set()
    for hand in random_states(preset, 12):
        legal = hand.legal_actions()
        phases.add(hand.phase)
        for name in BASIC:
            bot = bots.get(name, seed=7)
            action, why = bot.choose(hand)
            assert action in legal, (name, hand.to_record(), action)
            assert bot.act(hand) is action
            assert why.endswith(".") and why.count(". ") == 0, why
    assert el.Phase.PLAY in phases


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_bot_is_legal_on_many_core_states(preset: str) -> None:
    """The fast path, on every state of 150 random deals walked by random play."""
    rng = random.Random(preset)
    lineup = [bots.get(n, seed=3) for n in BASIC]
    for i in range(150):
        state = core.deal(Rules.preset(preset), i % 4, rng)
        while state.phase != core.OVER:
            legal = state.legal()
            before = (state.hands[:], state.phase, state.to_act, state.trick[:])
            for bot in lineup:
                assert bot.act_state(state, rng) in legal
            assert (state.hands, state.phase, state.to_act, state.trick) == before  # bots never change it
            state.apply(rng.choice(legal))


@pytest.mark.parametrize("preset", ["uk", "railroad", "seed-000", "stick-the-dealer", "canadian-loner"])
def test_special_phases_are_reached_and_played(preset: str) -> None:
    """Benny naming, railroad give/take/discard, defend alone, the stuck dealer: each is met
    by the bots in seeded play, and each bot answers legally."""
    wanted = {
        "uk": {el.Phase.BENNY},
        "railroad": {el.Phase.RAILROAD_GIVE, el.Phase.RAILROAD_TAKE, el.Phase.RAILROAD_DISCARD},
        "seed-000": {el.Phase.DEFEND},
        "stick-the-dealer": {el.Phase.ROUND_2},
        "canadian-loner": {el.Phase.ROUND_1},
    }[preset]
    seen = set()
    rng = random.Random(preset)
    for i in range(4000):
        state = core.deal(Rules.preset(preset), i % 4, rng)
        while state.phase != core.OVER:
            hand_phase = list(el.Phase)[state.phase]
            if hand_phase in wanted:
                seen.add(hand_phase)
                for name in BASIC:
                    assert bots.get(name).act_state(state.copy(), rng) in state.legal()
            state.apply(rng.choice(state.legal()))
        if seen == wanted:
            break
    assert seen == wanted


@pytest.mark.parametrize("preset", Rules.presets())
def test_play_hand_finishes_every_preset(preset: str) -> None:
    rng = random.Random(preset)
    lineup = [bots.get(n, seed=i) for i, n in enumerate(("standard", "beginner", "random", "standard"))]
    for i in range(60):
        state = bots.play_hand(core.deal(Rules.preset(preset), i % 4, rng), lineup, rng)
        assert state.phase == core.OVER
        assert state.thrown_in or (state.score is not None and sum(state.won) == 5)


def test_play_hand_needs_four_bots() -> None:
    with pytest.raises(ValueError, match="four bots"):
        bots.play_hand(core.deal(Rules(), 0, random.Random(0)), [bots.get("random")], random.Random(0))


# ---- determinism ------------------------------------------------------------------------------


def test_seeded_bots_are_deterministic() -> None:
    hands = list(random_states("standard", 5, seed=3))
    for name in BASIC:
        one = [bots.get(name, seed=11).act(h) for h in hands]
        two = [bots.get(name, seed=11).act(h) for h in hands]
        assert one == two
    # the random bot's choices do depend on its seed
    choices = {tuple(bots.get("random", seed=s).act(h) for h in hands) for s in range(5)}
    assert len(choices) > 1


def test_play_hand_is_deterministic_for_a_seeded_rng() -> None:
    lineup = [bots.get("random", seed=1), bots.get("standard"), bots.get("beginner"), bots.get("standard")]

    def once() -> list:
        rng = random.Random(42)
        return bots.play_hand(core.deal(Rules(), 1, rng), lineup, rng).tricks

    assert once() == once()


# ---- information: bots use only what their seat may know --------------------------------------


def _reshuffle_hidden(state: core.State, rng: random.Random) -> core.State:
    """The same state as the seat to act sees it, with every card it cannot see dealt anew:
    the other hands (same sizes) and the kitty. Cards it knows stay put: the upcard in the
    dealer's hand, the railroad card for the loner and the partner."""
    me = state.to_act
    known: dict[int, int] = {}
    if state.turned_down < 0 and state.hands[state.dealer] >> state.upcard & 1 and me != state.dealer:
        known[state.upcard] = state.dealer
    if state.given >= 0 and me in (state.maker, (state.maker + 2) & 3):
        for seat in range(4):
            if seat != me and state.hands[seat] >> state.given & 1:
                known[state.given] = seat
    others = [x for x in range(4) if x != me]
    pool = [c for x in others for c in core.bits(state.hands[x]) if c not in known]
    pool += [c for c in core.bits(state.kitty) if c not in known and not any(h >> c & 1 for h in state.hands)]
    rng.shuffle(pool)
    new = state.copy()
    for x in others:
        size = state.hands[x].bit_count() - sum(1 for c, owner in known.items() if owner == x)
        new.hands[x] = sum(1 << c for c, owner in known.items() if owner == x)
        for c in pool[:size]:
            new.hands[x] |= 1 << c
        pool = pool[size:]
    return new


@pytest.mark.parametrize("preset", ["standard", "railroad", "uk", "seed-000", "openspiel"])
def test_bots_never_look_at_hidden_cards(preset: str) -> None:
    """Re-deal every card the seat to act cannot see: no bot changes its choice or its reason."""
    rng = random.Random(preset)
    lineup = [bots.get(n, seed=5) for n in ("beginner", "standard")]
    checked = 0
    for i in range(60):
        state = core.deal(Rules.preset(preset), i % 4, rng)
        while state.phase != core.OVER:
            other = _reshuffle_hidden(state, rng)
            assert other.hands[state.to_act] == state.hands[state.to_act]
            for bot in lineup:
                why_a: list[str] = []
                why_b: list[str] = []
                a = bot.decide(state.copy(), random.Random(1), why_a)
                b = bot.decide(other.copy(), random.Random(1), why_b)
                assert (a, why_a) == (b, why_b), (preset, bot.name, state.phase)
                checked += 1
            state.apply(rng.choice(state.legal()))
    assert checked > 1000


def test_standard_bidding_ignores_the_other_hands() -> None:
    hand = deal()
    swapped = deal({"W": DEAL["W"], "N": DEAL["E"], "E": DEAL["N"], "S": DEAL["S"]})
    bot = bots.get("standard", seed=1)
    assert hand.to_act == swapped.to_act == Seat.W
    assert bot.act(hand) == bot.act(swapped)
    assert bot.explain(hand) == bot.explain(swapped)


def test_standard_play_ignores_the_other_hands() -> None:
    """North's and East's cards are swapped: West, on lead, must lead the same card."""
    actions = ("pass", "pass", "pass", "order up", "discard J♠")
    a = run(deal(), *actions)
    b = run(deal({"W": DEAL["W"], "N": DEAL["E"], "E": DEAL["N"], "S": DEAL["S"]}), *actions)
    assert a.to_act == b.to_act == Seat.W
    for seed in range(3):
        bot = bots.get("standard", seed=seed)
        assert bot.act(a) == bot.act(b) and bot.explain(a) == bot.explain(b)


# ---- the beginner's counts --------------------------------------------------------------------


def test_beginner_orders_up_with_three_trumps_counting_the_upcard_as_dealer() -> None:
    bot = bots.get("beginner")
    hand = deal()  # West 0 hearts, North 0, East 3 (J♥ A♥ K♥), South 2 + the upcard
    assert str(bot.act(hand)) == "pass"
    east = run(hand, "pass", "pass")
    assert str(bot.act(east)) == "order up"
    assert "3 trumps" in bot.explain(east)
    south = run(hand, "pass", "pass", "pass")
    assert str(bot.act(south)) == "order up"  # Q♥ 10♥ and the 9♥ upcard: three
    assert "counting the upcard" in bot.explain(south)


def test_beginner_follows_high_to_win_else_low() -> None:
    bot = bots.get("beginner")
    hand = run(deal(), "pass", "pass", "pass", "order up", "discard J♠", "play A♠")
    assert str(bot.act(hand)) == "play 9♠"  # North cannot beat the A♠: its lowest spade
    hand = run(deal(), "pass", "pass", "pass", "order up", "discard J♠", "play 9♣")
    assert str(bot.act(hand)) == "play 9♠"  # void in clubs, no trump: nothing wins, so the lowest card
    hand = run(deal(), "pass", "pass", "pass", "order up", "discard J♠", "play 9♣", "play Q♦")
    assert str(bot.act(hand.apply("play A♣"))) == "play Q♥"  # South can trump: with its highest trump
    assert "highest" in bot.explain(hand.apply("play A♣"))


# ---- the standard strategy --------------------------------------------------------------------


def test_standard_does_not_trump_partners_winner() -> None:
    """West leads the A♠; East, void in spades, holds trumps but lets partner's ace win."""
    hand = run(deal(), "pass", "pass", "pass", "order up", "discard J♠", "play A♠", "play 9♠")
    assert hand.to_act == Seat.E
    action = bots.get("standard").act(hand)
    assert action.card is not None and not el.is_trump(action.card, "hearts")
    assert "partner" in bots.get("standard").explain(hand)


def test_standard_wins_cheaply_when_last_and_secures_a_shaky_trick() -> None:
    base = run(deal(), "pass", "pass", "pass", "order up", "discard J♠", "play 9♣", "play Q♦")
    bot = bots.get("standard")
    # East: partner West's 9♣ is winning but South may still beat it; the A♣ is sure to win
    assert str(bot.act(base)) == "play A♣"
    # South, last to play, void in clubs: the lowest trump that beats East's A♣
    assert str(bot.act(base.apply("play A♣"))) == "play 9♥"
    assert "nobody on the other side plays after" in bot.explain(base.apply("play A♣"))


def test_standard_leads_trump_as_maker() -> None:
    holdings = {"W": DEAL["E"], "N": DEAL["N"], "E": DEAL["W"], "S": DEAL["S"]}
    hand = run(deal(holdings), "order up", "discard J♠")  # West (eldest) orders hearts with J♥ A♥ K♥
    assert hand.to_act == Seat.W and hand.maker == Seat.W
    assert str(bots.get("standard").act(hand)) == "play J♥"
    assert "trump" in bots.get("standard").explain(hand)


def test_standard_discards_to_make_a_void() -> None:
    holdings = {"S": "Q♥ 10♥ A♠ 9♠ K♣", "W": "9♣ 10♣ Q♣ A♣ J♣", "N": "10♠ Q♦ K♦ A♦ J♦", "E": "J♥ A♥ K♥ Q♠ 9♦"}
    hand = run(deal(holdings), "pass", "pass", "pass", "order up")
    action = bots.get("standard").act(hand)
    assert str(action) == "discard K♣"
    after = hand.apply(action)
    assert not [c for c in after.holding("S") if c.suit == el.Suit.CLUBS]
    assert "void in clubs" in bots.get("standard").explain(hand)
    # the helper agrees, and never discards the upcard (R3.2)
    six = cards_to_mask(el.cards("Q♥ 10♥ A♠ 9♠ K♣ 9♥"))
    assert best_discard(six, 2, keep=1 << el.Card.parse("9♥").index) == el.Card.parse("K♣").index


def test_standard_protects_the_left_bower() -> None:
    """The right bower is led: holding the left and a low trump, play the low one; the left
    is then the highest trump left."""
    holdings = {"W": "J♥ A♣ K♣ Q♣ 9♦", "N": "J♦ 9♥ 9♠ 10♠ Q♠", "E": "A♥ K♥ J♣ A♠ K♠", "S": "A♦ K♦ Q♦ 10♦ J♠"}
    hand = run(deal(holdings, upcard="Q♥"), "order up", "discard 10♦")  # West orders hearts; South discards
    assert hand.to_act == Seat.W
    hand = hand.apply("play J♥")  # the right bower led
    assert str(bots.get("standard").act(hand)) == "play 9♥"  # keep the J♦, now the highest trump


def test_standard_goes_alone_with_a_march_but_not_when_two_points_win() -> None:
    holdings = {"W": "J♥ J♦ A♥ K♥ A♠", "N": "9♠ 10♠ Q♦ K♦ A♦", "E": "Q♥ 10♥ A♣ 9♦ 10♦", "S": "Q♠ K♠ J♠ 9♣ 10♣"}
    hand = deal(holdings)
    bot = bots.get("standard")
    assert str(bot.act(hand)) == "order up alone" and "goes alone 98%" in bot.explain(hand)  # the learned bidding's
    thresholds = StandardBot(learned=False)
    assert str(thresholds.act(hand)) == "order up alone" and "4 points" in thresholds.explain(hand)
    state = hand.state
    assert bot.act_state(state, random.Random(0), score=(0, 0)) == el.Action.parse("order up alone").id
    # East-West (West's side) need two: a march with partner wins the game, no need to go alone
    assert bot.act_state(state, random.Random(0), score=(0, 8)) == el.Action.parse("order up").id


def test_standard_passes_a_weak_hand_and_bids_a_strong_one() -> None:
    bot = bots.get("standard")
    weak = cards_to_mask(el.cards("9♥ 10♣ Q♣ K♦ 10♦"))
    strong = cards_to_mask(el.cards("J♥ J♦ A♥ A♠ 9♣"))
    assert hand_value(strong, 2) > hand_value(weak, 2)
    assert str(bot.act(deal())) == "pass"  # West holds no heart


def test_standard_stuck_dealer_calls_its_best_suit() -> None:
    holdings = {"W": "A♠ 9♣ Q♣ K♣ A♦", "N": "10♠ J♠ K♦ 10♦ 9♦", "E": "J♥ A♥ Q♥ A♣ Q♠", "S": "9♠ 10♣ Q♦ K♥ 10♥"}
    hand = run(deal(holdings, rules="stick-the-dealer"), *["pass"] * 7)
    assert hand.to_act == Seat.S and "pass" not in hand.legal_actions()  # R4.3
    action = bots.get("standard").act(hand)
    best = max(
        (s for s in el.Suit if s != el.Suit.HEARTS),
        key=lambda s: hand_value(cards_to_mask(hand.holding("S")), s),
    )
    assert action.suit == best and not action.alone
    assert "stuck" in bots.get("standard").explain(hand)


def test_standard_calls_next_from_eldest() -> None:
    """Diamonds turned down: eldest calls hearts (next) with a hand it would not call from another seat."""
    # West's hand is worth 4.59 with hearts trump: over next's 4.4, under a round-2 call's 4.8 (BIDDING)
    holdings = {"W": "J♥ 10♥ A♠ 9♣ K♦", "N": "10♣ Q♣ K♣ 10♦ Q♦", "E": "A♥ K♥ Q♥ 9♥ J♣", "S": "J♠ Q♠ K♠ A♣ 10♠"}
    hand = run(deal(holdings, upcard="9♦"), *["pass"] * 4)
    assert hand.phase == el.Phase.ROUND_2 and hand.to_act == Seat.W
    bot = bots.get("standard")
    assert str(bot.act(hand)) == "call ♥"
    assert "next" in bot.explain(hand)
    # the same cards in North's seat (not eldest, hearts not next for them... still next, but no eldest bonus)
    moved = {"N": holdings["W"], "W": holdings["N"], "E": holdings["E"], "S": holdings["S"]}
    other = run(deal(moved, upcard="9♦"), *["pass"] * 5)
    assert other.to_act == Seat.N and str(bot.act(other)) == "pass"


def test_railroad_and_benny_decisions_are_explained() -> None:
    rng = random.Random(5)
    seen = set()
    for i in range(3000):
        hand = Hand.deal(Seat(i % 4), rules="railroad" if i % 2 else "uk", seed=rng.getrandbits(32))
        while not hand.is_over and hand.phase not in (el.Phase.PLAY,):
            if hand.phase in (el.Phase.RAILROAD_GIVE, el.Phase.RAILROAD_TAKE, el.Phase.BENNY):
                seen.add(hand.phase)
                why = bots.get("standard").explain(hand)
                assert "R5.5" in why or "R3.5" in why
            hand = hand.apply(bots.get("random", seed=i).act(hand))
        if len(seen) == 3:
            break
    assert len(seen) == 3


def test_the_names_keep_one_order_whichever_bots_were_loaded_first() -> None:
    """names() once listed the expert before the levels when a test had loaded it first."""
    before = bots.names()
    bots.get("expert")
    bots.get("novice")
    assert bots.names() == before
    assert before[:3] == ("random", "beginner", "standard") and before[-1] == "expert"
