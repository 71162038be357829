"""The 'expert' bot: bids learned by counterfactual regret minimisation, checked by sampling where
the policy is unsure; cards by perfect-information Monte Carlo over deals of the unseen cards.

* **Bidding** (rounds 1 and 2): the policy of :mod:`.cfr_bidding`, learned by external-sampling
  MCCFR over a million deals, for hands like the seat's (its place at the table, the upcard, its
  trumps, side aces and voids). Where the policy makes its bid :data:`SURE` (90%) of the time or
  more the bot takes it, with the partner when the hand cannot march; where it is less sure, the
  bid is sampled (below), the policy's choice among the candidates. The policy was learned for
  the hand's points: when either side needs two points or fewer, the bids are sampled, the game
  counted. In duplicate it bids better than sampling did (``benchmarks/bench_cfr.py``).
* **Sampled bids** (``preplay='sampled'``; and with the default, where the policy is unsure,
  near the end of a game, for a hand the training met too rarely, the dealer's discard, and any
  bid under other house rules). The standard bot's rating of the hand
  (:func:`~euchre_learn.analysis.bots.bidding.bid1_rating`) screens first: a hand far below what
  a call needs is passed, a hand far above it is called, at once. The close calls,
  and every loner worth thinking about, are dealt out ``bid_worlds`` times: deals of the cards
  the seat cannot see that fit the bids made so far (the one sampler,
  :class:`~euchre_learn.analysis.sampling.Worlds`, its fast strategy), each played out by the
  'standard' bot (the players it will meet), every candidate in the same worlds. The candidate
  with the best average wins, where the average counts **the game, not just the points** when
  the score is known: points beyond what a side needs to win are worth nothing, and reaching
  the target is worth more than any single hand's points (so no loner at 8 or 9 points, R7.1,
  R8). Defending alone, the railroad and naming the Benny's suit (rare) use the advisor's full
  table.
* **Play**: perfect-information Monte Carlo (PIMC). The unseen cards are dealt up to
  ``play_worlds`` times, consistently with everything the seat has seen (its own cards, the
  cards played, the suits each player has shown out of, where the upcard went, its own
  discard), **with the bids** (a player who passed the upcard rarely held a hand the
  standard bot would order up with, the maker rarely a hand it would pass) **and with how
  the others played** (a club player who follows low holds nothing lower in the suit, one
  who lets the other side win holds nothing that beats it, save second hand low, and one who
  leads a low plain card holds no suit's highest card): :mod:`.sampling.play`. Each deal is
  solved double-dummy (:mod:`euchre_learn.analysis.search`) for every card worth trying;
  the card with the best average score for the seat's side (then the most tricks) is played.
  The last player to a trick wins it as cheaply as it can or throws the least useful card,
  the rule a solver agrees with, with no sampling; the worlds stop early once one card is
  clearly best.

* **The club player's rules** (:mod:`.expert_rules`, issues 33 and 35) come over the numbers: it
  orders up the right bower with two more of the top trumps (R-L-A left of the dealer, which the
  policy learned to pass), makes no trump on one trump, goes alone only on three trumps with the
  right bower or four (two losers at most), and a dealer whose take-up leaves two trumps turns
  it down to call a loner in another suit. At a lead, of the cards the deals cannot tell apart
  (within :data:`TIE`) it plays one that keeps the convention book (lead trump to the partner
  who made it, keep leading the boss trump to the maker, stop leading trump once both opponents
  are out of it); a lead against the book is played only when :data:`CONFIRM` times as many
  deals again still find it better, and its sentence then says why not here.

It registers itself as ``'expert'`` with :func:`euchre_learn.analysis.bots.register` when imported
(``bots.get('expert')`` imports it).

>>> import euchre_learn as el
>>> bot = el.bots.get('expert', seed=1)
>>> hand = el.examples.hand('left-bower-trap', after=2)     # North to lead, hearts trump
>>> bot.act(hand)
Action.parse('play J♥')
>>> bot.explain(hand)  # doctest: +ELLIPSIS
'North leads the J♥: over ... deals of the unseen cards that fit the bids and the play, each played out with every card visible, it averages ...'
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from euchre_learn.analysis.advisor import evaluate
from euchre_learn.analysis.bots import BIDDING, Bot, StandardBot, best_discard, get, hand_value, register
from euchre_learn.analysis.bots.base import card_list
from euchre_learn.analysis.bots.bidding import alone_blocked, bid1_rating, bid2_ratings, score_words
from euchre_learn.analysis.bots.learned import near_game, policy_action, policy_words
from euchre_learn.analysis.expert_rules import kept, loner_allowed, loner_suit, one_trump_call, position, strong_order
from euchre_learn.analysis.expert_words import club_card_words, why_not_here
from euchre_learn.analysis.sampling import Worlds, finish, known_history, sample_play
from euchre_learn.analysis.search import reduce_holding
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat
from euchre_learn.engine.core import BID1, BID2, DISCARD_PHASE, OVER, PLAY_PHASE, State, bits
from euchre_learn.engine.explain import action_words, suit_words
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.trump import POWER, SUIT_MASK

__all__ = ["ExpertBot", "bid_worlds"]

PASS_BELOW = 0.9
"""A hand rated this far below what the standard bot needs to make trump is passed unsampled."""
MAKE_ABOVE = 1.1
"""A hand rated this far above it is called unsampled (unless a loner is worth thinking about)."""
PREPLAY = ("sampled", "cfr", "cfr+sampled")
"""How the expert bids: sampled over deals of the unseen cards; by the CFR policy
(:mod:`.cfr_bidding`); or by the policy where it is sure (:data:`SURE`), sampled where not."""
SURE = 0.9
"""How often the policy must make its bid (pass, or make trump alone or not) for
``preplay='cfr+sampled'`` to take it unsampled."""
GAME = 2.0
"""What reaching the target is worth, in points, on top of the points that reach it."""
CONFIRM = 3
"""A lead that breaks a convention of the book (:mod:`.convention_book`) by more than :data:`TIE`
over :data:`PLAY_WORLDS` deals is sampled this many times as many deals again before it is played."""
PLAY_WORLDS = 32
"""How many deals of the unseen cards a card played is weighed over, at most: the sampling stops
early once one card clearly leads, so the close plays get the most. 32, not 16 as before issue 35:
+0.024 ± 0.011 and +0.019 ± 0.011 points per deal over the expert with 16 (2,000 deal pairs on
each of two seeds), at 1.46% of the standard bot's hands per second, against 1.73% (64 deals: +0.029
± 0.011, at 0.96%, under the 1% floor; 48, over 1,344 pairs of one seed: +0.012 ± 0.014)."""
TIE = 0.2
"""Cards whose sampled averages lie this close (in points) are a tie, which the standard bot's
conventional card breaks."""


class ExpertBot(Bot):
    """Screens with the standard bot's ratings, samples the close calls, plays by PIMC (see the
    module docs).

    ``bid_worlds`` and ``play_worlds`` set how many deals a sampled decision uses: more is
    stronger and slower. ``screen=False`` samples every bidding decision with the advisor's
    full table and the solver (the slow expert of old, kept to measure against);
    ``reads=False`` deals the play's worlds without reading the cards played (the plain PIMC
    baseline of ``benchmarks/bench_ladder.py``); ``fit=False`` deals every world uniformly,
    the bids ignored too (any deal that agrees with the cards seen and the suits shown out of:
    the PIMC with uniform worlds of ``benchmarks/bench_expert.py``). ``preplay``: how it bids
    (:data:`PREPLAY`): ``'cfr+sampled'`` (the default) by the policy learned by counterfactual
    regret minimisation (:mod:`.cfr_bidding`) where it is sure and by sampling where it is not,
    ``'cfr'`` by the policy wherever it covers the bid, ``'sampled'`` by sampling alone, as the
    expert did before the policy (``benchmarks/bench_cfr.py`` measures the three).
    """

    name = "expert"

    def __init__(
        self,
        seed: Any = None,
        bid_worlds: int = 36,
        play_worlds: int = PLAY_WORLDS,
        *,
        screen: bool = True,
        reads: bool = True,
        fit: bool = True,
        preplay: str = "cfr+sampled",
    ) -> None:
        super().__init__(seed)
        self.bid_worlds = bid_worlds
        self.play_worlds = play_worlds
        self.screen = screen
        self.reads = reads and fit
        self.fit = fit
        if preplay not in PREPLAY:
            raise ValueError(f"preplay must be one of {', '.join(map(repr, PREPLAY))}, not {preplay!r}")
        self.preplay = preplay
        self._bidder = get("standard", seed=self.seed)
        self._rating = StandardBot(seed=self.seed, learned=False)
        """The standard bot's hand-value ratings, which settle a clear-cut bid (:meth:`_candidates`)."""
        self._position: Hand | None = None  # the position being explained (see choose)

    def choose(self, hand: Hand | Game) -> tuple[Action, str]:
        """The action and its sentence, which names the conventions (:mod:`.expert_words`)."""
        self._position = hand.hand if isinstance(hand, Game) else hand
        try:
            return super().choose(hand)
        finally:
            self._position = None

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        if state.phase == OVER:
            raise ValueError("the hand is over: there is nothing left to do")
        legal = state.legal()
        who = Seat(state.to_act).word
        if len(legal) == 1:
            if why is not None:
                why.append(f"{who} has one legal choice: {action_words(state, state.to_act, legal[0])}.")
            return legal[0]
        if state.phase == PLAY_PHASE:
            return self._play(state, rng, why, score)
        if state.phase == BID1 and act.PASS in legal and loner_suit(state) >= 0:
            if why is not None:
                why.append(_turn_down_words(state))
            return act.PASS
        said: list[str] | None = None if why is None else []
        chosen = self._bid(state, legal, rng, said, score)
        if chosen == act.PASS and strong_order(state):
            if why is not None:
                held = state.hands[state.to_act] | ((1 << state.upcard) if state.to_act == state.dealer else 0)
                t = state.proposed
                rule = f"holding the right bower and two more of the top trumps ({card_list(held & SUIT_MASK[t][t], t)}), a club player orders it up"
                why.append(self._rule_words(state, rng, score, act.ORDER_UP, act.PASS, rule))
            return act.ORDER_UP
        if chosen != act.PASS and act.PASS in legal and one_trump_call(state, chosen):
            if why is not None:
                rule = f"a club player does not {action_words(state, state.to_act, chosen)} on one trump or none"
                why.append(self._rule_words(state, rng, score, act.PASS, chosen, rule))
            return act.PASS
        if why is not None and said is not None:
            why.extend(said)
        return chosen

    def _bid(
        self,
        state: State,
        legal: list[int],
        rng: random.Random,
        why: list[str] | None,
        score: Sequence[int] | None,
    ) -> int:
        """Every decision but a card played: by the policy where it is sure, else sampled (module docs)."""
        who = Seat(state.to_act).word
        learned = None
        if self.preplay != "sampled" and not near_game(score, state.rules.points_to_win):
            learned = policy_action(state)  # (near the game, where a loner may be pointless, it is not asked)
            if learned is not None and (self.preplay == "cfr" or _sure(learned)):
                if why is not None:
                    why.append(policy_words(state, *learned))
                return learned[0]
        if self.screen and state.phase in (BID1, BID2, DISCARD_PHASE):
            cands = self._candidates(state, score)
            if learned is not None and learned[0] not in cands:
                cands.append(learned[0])  # the policy's unsure choice is sampled too
            if len(cands) == 1:  # clear-cut: the standard bot's rating decides
                return self._rating.decide(state, rng, why, score)
            return self._sampled_bid(state, cands, rng, why, score)
        own, history = known_history(state)
        options, _ = evaluate(state, own, history, self.bid_worlds, rng, self._bidder, uniform=not self.fit)
        best = options[0]
        if why is not None:
            team = Seat(state.to_act).team.word
            runner = f", against {options[1].expected_points:+.2f} to {action_words(state, state.to_act, options[1].action.id)}"
            why.append(
                f"{who} chooses to {action_words(state, state.to_act, best.action.id)}: over {self.bid_worlds} deals "
                f"of the cards {who} cannot see, that averages {best.expected_points:+.2f} points for {team}"
                f"{runner if len(options) > 1 else ''}."
            )
        return best.action.id

    # ---- bidding ----------------------------------------------------------------------------

    def _rule_words(
        self, s: State, rng: random.Random, score: Sequence[int] | None, keep: int, other: int, rule: str
    ) -> str:
        """The sentence for a bid a club player's rule chose (``keep``) over what the policy or the
        sampling chose (``other``), with the numbers of the same deals for both."""
        who = Seat(s.to_act).word
        points, _utility, n = _bid_worlds(s, [keep, other], self.bid_worlds, rng, self._bidder, score)
        gap = points[other] - points[keep]
        verdict = (
            "as much or more"
            if gap <= 0
            else "as good within what so few deals tell apart"
            if gap < TIE
            else f"{gap:.2f} less here, the rule kept"
        )
        return (
            f"{who} chooses to {action_words(s, s.to_act, keep)}: {rule} (the convention); over {n} deals of the "
            f"cards {who} cannot see, played out by club players, that averages {points[keep]:+.2f} points against "
            f"{points[other]:+.2f} to {action_words(s, s.to_act, other)}, {verdict}."
        )

    def _candidates(self, s: State, score: Sequence[int] | None) -> list[int]:
        """The actions worth sampling; one action when the standard bot's rating is clear-cut."""
        legal = s.legal()
        seat = s.to_act
        no_loner = bool(alone_blocked(score, seat, s.rules.points_to_win))
        benny = bool(s.rules.benny)
        if s.phase == DISCARD_PHASE:
            hand, t = s.hands[seat], s.trump
            ranked = sorted(
                (c for c in bits(hand & ~(1 << s.upcard))),
                key=lambda c: (-hand_value(hand & ~(1 << c), t), POWER[t][c], -c),
            )
            top = hand_value(hand & ~(1 << ranked[0]), t)
            close = [c for c in ranked[:3] if top - hand_value(hand & ~(1 << c), t) < 0.15]
            first = best_discard(hand, t, 1 << s.upcard)
            return [act.DISCARD + first] + [act.DISCARD + c for c in close if c != first]
        if s.phase == BID1:
            value, needed, _note, _how, march_mask = bid1_rating(s, score, BIDDING)
            margin = value - needed
            loner = not no_loner and loner_allowed(march_mask, s.proposed, benny)
            if act.ORDER_UP not in legal:  # the dealer's partner may only go alone (R5.3)
                return [act.PASS, act.ORDER_UP_ALONE] if loner or margin > -PASS_BELOW else [act.PASS]
            if margin < -PASS_BELOW and not loner:
                return [act.PASS]
            if margin > MAKE_ABOVE and not loner:
                return [act.ORDER_UP]
            return [
                a
                for a in (act.PASS, act.ORDER_UP, act.ORDER_UP_ALONE)
                if a in legal and (a != act.ORDER_UP_ALONE or loner)
            ]
        ratings = bid2_ratings(s, score, BIDDING)
        hand = s.hands[seat]
        near = sorted(
            (t for t, (v, need) in ratings.items() if v - need > -PASS_BELOW),
            key=lambda t: ratings[t][1] - ratings[t][0],
        )
        if act.PASS not in legal and not near:  # stuck (R4.3): the best two suits
            near = sorted(ratings, key=lambda t: ratings[t][1] - ratings[t][0])[:2]
        cands = [act.PASS] if act.PASS in legal else []
        for t in near:
            cands.append(act.CALL + t)
            if not no_loner and loner_allowed(hand, t, benny):
                cands.append(act.CALL_ALONE + t)
        only = ratings[cands[1] - act.CALL] if len(cands) == 2 and cands[0] == act.PASS else None
        if only is not None and only[0] - only[1] > MAKE_ABOVE:
            return cands[1:]
        return cands

    def _sampled_bid(
        self, s: State, cands: list[int], rng: random.Random, why: list[str] | None, score: Sequence[int] | None
    ) -> int:
        points, utility, n = _bid_worlds(s, cands, self.bid_worlds, rng, self._bidder, score, True, not self.fit)
        best = max(cands, key=lambda a: (utility[a], points[a], -a))
        if why is not None:
            club = self._bidder.decide(s, rng, None, score)
            extra = why_not_here(self._position, best, points, {a: f"to {action_words(s, s.to_act, a)}" for a in cands})
            if not extra and club != best and club in points:
                extra = f"; the standard bot would {action_words(s, s.to_act, club)}, which these deals find worse here"
            who = Seat(s.to_act).word
            team = Seat(s.to_act).team.word
            others = sorted((a for a in cands if a != best), key=lambda a: -utility[a])
            runner = f", against {points[others[0]]:+.2f} to {action_words(s, s.to_act, others[0])}" if others else ""
            by_points = max(cands, key=lambda a: (points[a], -a))
            note = ""
            if score is not None and by_points != best:
                note = (
                    f"; {score_words(score, s.to_act)}, winning the game counts more than the points, "
                    f"so not {action_words(s, s.to_act, by_points)}"
                )
            why.append(
                f"{who} chooses to {action_words(s, s.to_act, best)}: over {n} deals of the cards "
                f"{who} cannot see, played out by club players, that averages {points[best]:+.2f} points for "
                f"{team}{runner}{note}{extra}."
            )
        return best

    # ---- play -------------------------------------------------------------------------------

    def _play(self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None) -> int:
        seat = state.to_act
        t = state.trump
        outstanding = sum(state.hands) | sum(1 << c for c in state.trick)
        cands = reduce_holding(state.play_mask(), outstanding, t)
        if cands.bit_count() == 1:  # touching cards only: they all do the same
            c = bits(cands)[0]
            if why is not None:
                why.append(f"{Seat(seat).word} plays the {Card(c)}: every legal card does the same here.")
            return act.PLAY + c
        if len(state.trick) == state.n_active() - 1:  # last to the trick: nothing to guess about it
            return self._bidder.decide(state, rng, why, score)
        points, tricks, n = sample_play(state, self.play_worlds, rng, model=self.fit, reads=self.reads, cands=cands)
        best = max(points, key=lambda c: (points[c], tricks[c], -POWER[t][c], -c))
        club = self._bidder.decide(state, rng, None, score) - act.PLAY
        fit = "the bids and the play" if self.reads else "the bids" if self.fit else "the cards seen"
        seen = self._position
        keeping = list(points)
        if not state.trick:  # a lead: the conventions the coach keeps (issue 33)
            seen = position(state) if seen is None else seen
            if seen is not None:
                keeping = _keeping(seen, points, best)
            if keeping and best not in keeping and max(points[c] for c in keeping) < points[best] - TIE:
                # break a convention only on more deals' word
                more, more_tricks, m = sample_play(
                    state, CONFIRM * self.play_worlds, rng, model=self.fit, reads=self.reads
                )
                points = {c: (points[c] * n + more[c] * m) / (n + m) for c in points}
                tricks = {c: (tricks[c] * n + more_tricks[c] * m) / (n + m) for c in tricks}
                n += m
                best = max(points, key=lambda c: (points[c], tricks[c], -POWER[t][c], -c))
        near = [c for c in points if points[c] >= points[best] - TIE]
        near = [c for c in near if c in keeping] or near
        if best not in near or (club != best and club in near):
            pick = club if club in near else max(near, key=lambda c: (points[c], tricks[c], -POWER[t][c], -c))
            # the sample cannot tell them apart: the card a club player would play, keeping the conventions
            if why is not None:
                named = club_card_words(seen, act.PLAY + pick) if pick == club else "which keeps the conventions"
                why.append(
                    f"{Seat(seat).word} {'leads' if not state.trick else 'plays'} the {Card(pick)}, "
                    f"{named}: over {n} deals of the unseen cards that fit {fit} it averages "
                    f"{points[pick]:+.2f} points for {Seat(seat).team.word}, as good as the {Card(best)} "
                    f"({points[best]:+.2f}) within what so few deals can tell apart."
                )
            return act.PLAY + pick
        if why is not None:
            who = Seat(seat).word
            verb = "leads" if not state.trick else "plays"
            order = sorted(points, key=lambda c: (-points[c], -tricks[c]))
            nxt = next((c for c in order if c != best), None)
            tail = f"; the next best, the {Card(nxt)}, averages {points[nxt]:+.2f}" if nxt is not None else ""
            words = {act.PLAY + c: f"the {Card(c)}" for c in points}
            why.append(
                f"{who} {verb} the {Card(best)}: over {n} deals of the unseen cards that fit {fit}, each played "
                f"out with every card visible, it averages {points[best]:+.2f} points and {tricks[best]:.1f} tricks "
                f"for {Seat(seat).team.word}{tail}"
                + why_not_here(seen, act.PLAY + best, {act.PLAY + c: p for c, p in points.items()}, words)
                + "."
            )
        return act.PLAY + best


def _keeping(seen: Hand, points: dict[int, float], best: int) -> list[int]:
    """The cards of ``points`` that keep the convention book in ``seen``, asked only where it can
    matter: of every card when ``best`` breaks one, else of the cards within :data:`TIE` of it."""
    if not kept(seen, [act.PLAY + best])[act.PLAY + best]:
        near = [c for c in points if points[c] >= points[best] - TIE]
        if len(near) == 1:
            return near
        broke = kept(seen, [act.PLAY + c for c in near])
        return [c for c in near if not broke[act.PLAY + c]]
    broke = kept(seen, [act.PLAY + c for c in points])
    return [c for c in points if not broke[act.PLAY + c]]


# ---- sampled bidding ------------------------------------------------------------------------


def _turn_down_words(s: State) -> str:
    """Why the dealer turns the upcard down to call a loner in round 2 (:func:`loner_suit`)."""
    who = Seat(s.to_act).word
    t = loner_suit(s)
    hand = s.hands[s.to_act]
    up = s.upcard
    taken = (hand | 1 << up) & SUIT_MASK[s.proposed][s.proposed]
    return (
        f"{who} turns the {Card(up)} down: taking it up leaves only {taken.bit_count()} trumps "
        f"({card_list(taken, s.proposed)}), while with {suit_words(t)} trump {who} holds "
        f"{card_list(hand & SUIT_MASK[t][t], t)}, a hand to call alone in round 2 (R4.2), the right bower leading."
    )


def _sure(learned: tuple[int, list[float], str]) -> bool:
    """Whether the policy passes, or makes trump (alone or not), at least :data:`SURE` of the time
    with hands like this one, as it chose."""
    action, probs, _key = learned
    return (probs[0] if action == act.PASS else probs[1] + probs[2]) >= SURE


def _game_value(ours: int, theirs: int, score: Sequence[int] | None, team: int, target: int) -> float:
    """A hand's result for ``team``, counting the game: points are capped at what each side
    needs, and reaching the target adds :data:`GAME`. Without a score, plain points."""
    if score is None:
        return float(ours - theirs)
    us, them = target - score[team], target - score[1 - team]
    return min(ours, us) - min(theirs, them) + GAME * ((ours >= us) - (theirs >= them))


def bid_worlds(
    state: State,
    actions: Sequence[int],
    worlds: int,
    rng: random.Random,
    bidder: Bot,
    score: Sequence[int] | None = None,
    *,
    early: bool = False,
) -> tuple[dict[int, float], dict[int, float]]:
    """For each of ``actions`` (bidding actions of the seat to act): the average points for its
    side, and the average result counting the game (see :func:`_game_value`), over up to
    ``worlds`` deals of the hidden cards that fit the bids so far, each played out by
    ``bidder``. ``early``: stop after 24, 36, ... deals once the leader is clear (its lead over
    the runner-up, deal by deal, is more than 2.5 standard errors).

    >>> import random, euchre_learn as el
    >>> state = el.examples.hand('next-suit-call', after=4).state          # West, round 2
    >>> points, game = bid_worlds(state, [0, 5], 16, random.Random(1), el.bots.get('standard'))
    >>> points[5] > points[0], points == game      # calling hearts beats passing; no score known
    (True, True)
    """
    points, utility, _n = _bid_worlds(state, actions, worlds, rng, bidder, score, early)
    return points, utility


def _bid_worlds(
    state: State,
    actions: Sequence[int],
    worlds: int,
    rng: random.Random,
    bidder: Bot,
    score: Sequence[int] | None = None,
    early: bool = False,
    uniform: bool = False,
) -> tuple[dict[int, float], dict[int, float], int]:
    """:func:`bid_worlds`, and the number of deals used; ``uniform``: worlds that ignore the bids."""
    own, history = known_history(state)
    sampler = Worlds(state, own, history, bidder, fast=True, uniform=uniform)
    team = state.to_act & 1
    target = state.rules.points_to_win
    points = dict.fromkeys(actions, 0.0)
    utility: dict[int, list[float]] = {a: [] for a in actions}
    n = 0
    for _ in range(worlds):
        world = sampler.sample(rng).state
        world_seed = rng.getrandbits(32)
        for a in actions:
            s = world.copy()
            s.apply(a)
            finish(s, bidder, bidder, random.Random(world_seed))
            sc = s.score
            if sc is None:  # thrown in
                utility[a].append(0.0)
                continue
            ours, theirs = (sc.makers, sc.defenders) if s.maker & 1 == team else (sc.defenders, sc.makers)
            points[a] += ours - theirs
            utility[a].append(_game_value(ours, theirs, score, team, target))
        n += 1
        if early and n % 12 == 0 and 24 <= n < worlds and _clear(utility, n):
            break
    return {a: p / n for a, p in points.items()}, {a: sum(u) / n for a, u in utility.items()}, n


def _clear(utility: dict[int, list[float]], n: int) -> bool:
    """Whether the best action leads the runner-up by more than 2.5 standard errors of their
    deal-by-deal difference."""
    ranked = sorted(utility, key=lambda a: -sum(utility[a]))
    if len(ranked) < 2:
        return True
    d = [x - y for x, y in zip(utility[ranked[0]], utility[ranked[1]], strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean > 2.5 * math.sqrt(var / n)


def _expert(seed: Any) -> ExpertBot:
    return ExpertBot(seed)


register("expert", _expert, replace=True)
