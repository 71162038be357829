"""Differential test: euchre_learn against OpenSpiel's euchre (``open_spiel/games/euchre/euchre.cc``).

Both engines play the same random deals with the same random decisions. At every decision
they must agree on whose turn it is and on the legal actions; at the end, on every trick
(leader, cards, winner) and on the points of each team (R7.1).

How OpenSpiel's game differs in form, and how the test maps it:

- **Chance.** OpenSpiel first draws the dealer, then deals one card at a time (the k-th card
  to seat ``(dealer + k) % 4``, the dealer first), then the upcard. We force those chance
  outcomes to reproduce our deal exactly: same dealer, same five cards per seat, same upcard.
  Dealing order then plays no part (R2.2's packets have no effect on the game).
- **Cards.** OpenSpiel numbers a card ``rank * 4 + suit``; we number it ``suit * 6 + rank``
  (same suit order ♣ ♦ ♥ ♠, same rank order 9 10 J Q K A).
- **Going alone.** We declare "alone" with the making action (R5.1: ``order up alone``,
  ``call ♥ alone``). OpenSpiel asks the maker a separate question, "Alone" or "Partner",
  after the bidding and after the dealer's discard. So one of our making actions is two
  OpenSpiel decisions: the trump suit, then (after any discard) the go-alone answer. The
  legal sets are compared in that form: each OpenSpiel trump choice stands for two of our
  actions, with and without "alone".
- **Scores.** OpenSpiel's returns are zero-sum (makers +p, defenders -p); ours give the
  scoring side its points and the other 0. The test checks both views agree.

Where OpenSpiel's rules differ from RULES.md, the test keeps off those paths:

- OpenSpiel's ``allow_lone_defender`` lets a defender go alone against a *partnership*
  (RULES.md R5.4 allows defending alone only against a loner), and it scores a euchre by a
  lone defender as 4 whatever the tricks. That parameter stays off, and so does our
  ``defend_alone``.
- OpenSpiel has no Benny, railroad, Canadian loner or super euchre: those options stay off.
- OpenSpiel's dealer may not discard the upcard (R3.2). With our option
  ``dealer_may_discard_upcard`` (R3.2's house rule, which EGN's recorded games need) the dealer's
  discards are OpenSpiel's and the upcard too; the test checks exactly that, and then never
  chooses the upcard, so the two engines go on together.

``Rules.preset("openspiel")`` matches the rest: stick the dealer (R4.3); eldest leads even
against a loner, skipping a seat that sits out (R6.1, ``loner_lead="left_of_dealer"``); and the
dealer picks up and discards even when the partner goes alone (R5.2,
``dealer_picks_up_for_partner_loner``). The same preset with ``stick_the_dealer=False`` is
checked against OpenSpiel's ``stick_the_dealer=False``, which adds the throw-in (R4.2).

``make test`` plays 2,000 hands per rule set on the core and 200 more through the public
:class:`~euchre_learn.Hand`. For more, set ``EUCHRE_DIFF_HANDS`` (and ``EUCHRE_DIFF_SEED`` for
other deals), e.g. ``EUCHRE_DIFF_HANDS=20000 pytest tests/engine/test_openspiel.py``.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pyspiel
import pytest

from euchre_learn import Action, Hand, Rules, Team
from euchre_learn.engine import act
from euchre_learn.engine.core import BID1, BID2, DISCARD_PHASE, OVER, State, bits

OS = pyspiel.euchre
OS_PASS = OS.PASS_ACTION  # 24
OS_TRUMP = OS.CLUBS_TRUMP_ACTION  # 25 + suit
OS_ALONE = OS.GO_ALONE_ACTION  # 29
OS_PARTNER = OS.PLAY_WITH_PARTNER_ACTION  # 30

HANDS = int(os.environ.get("EUCHRE_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("EUCHRE_DIFF_SEED", "2024"))

OPENSPIEL = Rules.preset("openspiel")
THROW_IN = OPENSPIEL.replace(stick_the_dealer=False)


def os_card(c: int) -> int:
    """OpenSpiel's number for our card index (``rank * 4 + suit`` against ``suit * 6 + rank``)."""
    return (c % 6) * 4 + c // 6


def forced_deal(game: pyspiel.Game, state: State) -> pyspiel.State:
    """OpenSpiel's state after choosing the chance outcomes that give our deal."""
    os_state = game.new_initial_state()
    os_state.apply_action(state.dealer)
    to_deal = [bits(h) for h in state.hands]
    for k in range(20):  # OpenSpiel deals card k to seat (dealer + k) % 4
        os_state.apply_action(os_card(to_deal[(state.dealer + k) % 4].pop()))
    os_state.apply_action(os_card(state.upcard))
    holders = os_state.card_holder()
    for seat in range(4):
        assert sorted(c for c in range(24) if holders[c] == seat) == sorted(map(os_card, bits(state.hands[seat])))
    assert os_state.current_phase() == OS.Phase.BIDDING
    return os_state


def as_openspiel(state: State, a: int) -> tuple[int, ...]:
    """Our action as the OpenSpiel decisions that say the same thing.

    A making action is two: the trump suit now, and the go-alone answer OpenSpiel asks for
    after the bidding (and after the dealer's discard).
    """
    if a == act.PASS:
        return (OS_PASS,)
    if a in (act.ORDER_UP, act.ORDER_UP_ALONE):
        return (OS_TRUMP + state.proposed, OS_ALONE if a == act.ORDER_UP_ALONE else OS_PARTNER)
    if act.CALL <= a < act.NAME:
        return (OS_TRUMP + (a - act.CALL) % 4, OS_ALONE if a >= act.CALL_ALONE else OS_PARTNER)
    if act.DISCARD <= a < act.GIVE:
        return (os_card(a - act.DISCARD),)
    if a >= act.PLAY:
        return (os_card(a - act.PLAY),)
    raise AssertionError(f"OpenSpiel has no counterpart of {Action(a)!r} (phase {state.phase})")


def openspiel_choices(os_state: pyspiel.State) -> set[tuple[int, ...]]:
    """OpenSpiel's legal actions, each trump choice paired with both go-alone answers."""
    out: set[tuple[int, ...]] = set()
    for a in os_state.legal_actions():
        if OS_TRUMP <= a < OS_ALONE:
            out |= {(a, OS_ALONE), (a, OS_PARTNER)}
        else:
            out.add((a,))
    return out


def choose(state: State, legal: list[int], rng: random.Random, pass_rate: float) -> int:
    """A random legal action; in the bidding, pass with probability ``pass_rate`` so that
    round 2, stick the dealer and throw-ins come up often."""
    if state.phase in (BID1, BID2) and act.PASS in legal and rng.random() < pass_rate:
        return act.PASS
    return rng.choice(legal)


def paths(state: State) -> list[str]:
    """Which rule paths a finished hand went down (to check that the test reaches them)."""
    if state.thrown_in:
        return ["thrown in"]
    dealer, maker = state.dealer, state.maker
    out = ["round 2" if state.turned_down >= 0 else "round 1"]
    if state.turned_down >= 0 and maker == dealer and state.passes == 3:
        out.append("dealer called last in round 2")
    if state.alone:
        out.append("alone")
        if state.turned_down < 0 and maker == (dealer + 2) & 3:
            out.append("dealer's partner alone in round 1: dealer picks up and sits out")
        if maker == (dealer + 3) & 3:
            out.append("eldest sits out: the next seat leads")
        if state.turned_down < 0 and maker == dealer:
            out.append("dealer takes it up alone")
    assert state.score is not None
    out.append(state.score.outcome + (" alone" if state.alone else ""))
    return out


def play_both(
    game: pyspiel.Game, rules: Rules, seed: int, rng: random.Random, pass_rate: float, public: bool
) -> list[str]:
    """Play one random hand in both engines, checking them against each other at every step.

    With ``public``, the hand also runs through the public :class:`Hand` beside the core
    :class:`State`, and the two must agree too.
    """
    hand = Hand.deal(rng.randrange(4), rules, seed=seed)
    state = hand.state
    os_state = forced_deal(game, state)
    pending = None  # our "alone" or not, still to tell OpenSpiel when it asks

    def where() -> str:  # only built when an assertion fails
        return f"Hand.deal('{hand.dealer}', {rules.name or rules.changes()!r}, seed={seed}), OpenSpiel's state:\n{os_state}"

    while True:
        if os_state.current_phase() == OS.Phase.GO_ALONE:
            assert pending is not None, where()
            assert os_state.current_player() == state.maker, where()
            assert os_state.legal_actions() == [OS_ALONE, OS_PARTNER], where()
            os_state.apply_action(pending)
            pending = None
            continue
        if state.phase == OVER:
            break
        assert os_state.current_player() == state.to_act, where()
        legal = full = state.legal()
        if state.phase == DISCARD_PHASE and rules.dealer_may_discard_upcard:  # R3.2's option: one more
            assert act.DISCARD + state.upcard in legal, where()
            legal = [a for a in legal if a != act.DISCARD + state.upcard]
        ours = [as_openspiel(state, a) for a in legal]
        assert len(set(ours)) == len(ours), where()
        assert set(ours) == openspiel_choices(os_state), where()
        a = choose(state, legal, rng, pass_rate)
        if public:
            assert [x.id for x in hand.legal_actions()] == full, where()
            hand = hand.apply(Action(a))
        first, *rest = as_openspiel(state, a)
        state.apply(a)
        os_state.apply_action(first)
        if rest:
            pending = rest[0]
    assert os_state.is_terminal(), where()
    assert pending is None, where()
    ours_tricks = [(lead, [os_card(c) for c in cs], w) for lead, cs, _, w in state.tricks]
    theirs = [(t.leader(), list(t.cards()), t.winner()) for t in os_state.tricks() if t.leader() >= 0]
    assert ours_tricks == theirs, where()
    returns = os_state.returns()
    points = [points_of(state, team) for team in (0, 1)]  # N-S, E-W
    assert state.score is not None or (state.thrown_in and not any(points)), where()
    for seat in range(4):  # theirs is zero-sum: the makers win what the defenders lose
        team = seat & 1
        assert returns[seat] == points[team] - points[1 - team], where()
        assert max(returns[seat], 0) == points[team], where()
    if public:
        assert hand.is_over and hand.state.tricks == state.tricks, where()
        assert [hand.points[team] for team in Team] == points, where()
    return paths(state)


def points_of(state: State, team: int) -> int:
    """Our points for ``team`` (0 N-S, 1 E-W) at the end of the hand: only one side scores (R7.1)."""
    sc = state.score
    if sc is None:
        return 0
    return sc.makers if team == state.maker & 1 else sc.defenders


def run(rules: Rules, stick_the_dealer: bool, hands: int, seed: int, public: bool = False) -> Counter[str]:
    game = pyspiel.load_game("euchre", {"allow_lone_defender": False, "stick_the_dealer": stick_the_dealer})
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for i in range(hands):
        pass_rate = (0.0, 0.5, 0.8, 0.95)[i % 4]
        seen.update(play_both(game, rules, seed * 1_000_003 + i, rng, pass_rate, public))
    return seen


COMMON_PATHS = {
    "round 1",
    "round 2",
    "dealer called last in round 2",
    "alone",
    "dealer's partner alone in round 1: dealer picks up and sits out",
    "eldest sits out: the next seat leads",
    "dealer takes it up alone",
    "made",
    "march",
    "euchred",
    "made alone",
    "march alone",
    "euchred alone",
}


def test_openspiel_preset_agrees_with_openspiel() -> None:
    """Stick the dealer (R4.3): the dealer is forced to call after seven passes."""
    seen = run(OPENSPIEL, True, HANDS, SEED)
    assert set(seen) >= COMMON_PATHS, f"paths never reached: {COMMON_PATHS - set(seen)}"
    assert "thrown in" not in seen


def test_throw_in_variant_agrees_with_openspiel() -> None:
    """Without stick the dealer, eight passes throw the hand in (R4.2) on both sides."""
    seen = run(THROW_IN, False, HANDS, SEED + 1)
    assert set(seen) >= (COMMON_PATHS | {"thrown in"}), f"paths never reached: {COMMON_PATHS - set(seen)}"


def test_public_hand_agrees_with_openspiel() -> None:
    """The same check through the public Hand: legal_actions and apply match the core and OpenSpiel."""
    seen = run(OPENSPIEL, True, max(200, HANDS // 10), SEED + 2, public=True)
    assert {"round 1", "round 2", "alone"} <= set(seen)


def test_upcard_discard_variant_agrees_with_openspiel() -> None:
    """R3.2's option: the same game but for one more discard, the upcard, which OpenSpiel lacks."""
    seen = run(OPENSPIEL.replace(dealer_may_discard_upcard=True), True, max(200, HANDS // 10), SEED + 3, public=True)
    assert {"round 1", "round 2", "alone"} <= set(seen)


@pytest.mark.parametrize(
    ("c", "text"),
    [(0, "C9"), (5, "CA"), (8, "DJ"), (17, "HA"), (23, "SA")],
)
def test_card_numbering(c: int, text: str) -> None:
    """The card mapping itself, checked against OpenSpiel's own names (9♣ A♣ J♦ A♥ A♠)."""
    state = pyspiel.load_game("euchre").new_initial_state()
    state.apply_action(0)
    assert state.action_to_string(os_card(c)) == text
