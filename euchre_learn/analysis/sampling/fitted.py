"""Worlds that fit what was seen: deals of the hidden cards weighted by how likely every bid,
discard and card the seat saw is under a model of the players (:mod:`.people`).

:class:`FitWorlds` deals the cards the seat to act cannot see and replays the hand's history
through each deal, scoring every other seat's bid, the dealer's unseen discard and every card
played by the model of players: the standard bot's line softened and mixed with looser and tighter
bidders, and its card play softened by a temperature (:class:`~.people.PlayerModel`; by default
:data:`~.people.PEOPLE`, fitted to real tournament games). The standard bot's card play reads only
its own cards and what is public, so the model never peeks. What makes it work:

* **A proposal that leans toward the bids heard.** The hidden cards are dealt one at a time; a
  seat that made trump is more likely to receive trumps (much more when it went alone or defends
  alone), and the chance of every step is kept, so each deal carries its importance weight
  (uniform deal chance over proposal chance): the weighted worlds are still the deals the seat
  cannot tell apart, none made likelier by the lean.
* **Rejection by the model's chance.** A deal is kept with the chance of the seen actions over the
  chance of the model's likeliest action at each (so a deal in which every seen action is the
  likeliest is always kept, and the replay stops as soon as the deal cannot be kept), and weighted
  by the chance of those likeliest actions: kept deals weighted so are draws from the deals in
  proportion to the chance of what was seen. The acceptance draws have their own stream, seeded
  by the caller's, so a position where every seen action is the model's likeliest gets exactly
  the worlds a plain rejection sampler would.
* **A loner's or a lone defender's hand is drawn first, on its own.** Its bids read only its own
  cards, so a pool of hands (:data:`_RARE_POOL`) is drawn uniformly until its bids (and, for a
  dealer who went alone, its discard) are the standard bot's, and each deal starts from one of
  them: no lean, no weight, where a lean toward trumps left a handful of worlds carrying the weight.
* **The dealer's discard is chosen, not guessed**: among the cards left for the kitty, those the
  standard bot would throw from the dealer's six; the deal's weight counts how many there were
  (and is the model's ``slip`` where none would be thrown).
* **The likeliest where rejection runs out.** Each world tries up to ``tries`` deals; when none is
  kept, it keeps the deal the model finds likeliest, weighted by its chance, never silently.

:attr:`World.fits` says whether the world's seen actions are, in all, no more surprising than the
model expects of the real deal (:class:`~.people.Surprise`); :func:`weighted_fit` gives the
weighted share of worlds that fit and the effective number of worlds behind the weights. Rules
this sampler does not deal (the Benny, the railroad) use :class:`~euchre_learn.analysis.sampling.replay.Worlds`
with equal weights, and ``fit`` the share it fitted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from euchre_learn.analysis.bots.bidding import best_discard
from euchre_learn.analysis.sampling.base import Sampler, World, bid_kind, dead_upcard, deck_mask
from euchre_learn.analysis.sampling.people import PEOPLE, PlayerModel, Surprise, bid_margin, bid_suit
from euchre_learn.analysis.sampling.replay import Worlds
from euchre_learn.analysis.sampling.seen import played_by, voids
from euchre_learn.engine import act
from euchre_learn.engine.core import BID1, BID2, DEFEND, DISCARD_PHASE, PLAY_PHASE, State, bits
from euchre_learn.engine.trump import EFFECTIVE, POWER

if TYPE_CHECKING:
    from euchre_learn.analysis.bots import Bot
    from euchre_learn.engine.hand import Hand

__all__ = ["TRIES", "FitWorlds", "truncated", "weighted_fit", "weights"]

TRIES = 60
"""Deals tried per world before the likeliest of them is kept, weighted (twice as many when another
seat went or defends alone)."""

_LEAN_ALONE = 6.0
_LEAN_MADE = 1.0
_LEAN_ACE = 2.0
_LEAN_PASSED = 0.5
_RARE_POOL = 64
_RARE_PROBES = 12000


def truncated(log_weights: Sequence[float]) -> list[float]:
    """Importance weights from their logs, each held under the mean times the root of their number
    (truncated importance sampling, Ionides 2008): one lucky deal cannot carry a judgement alone,
    at the price of a small bias. The largest is 1.

    >>> [round(w, 2) for w in truncated([0.0, 0.0, 0.0, 5.0])]
    [0.01, 0.01, 0.01, 1.0]
    """
    top = max(log_weights)
    ws = [math.exp(x - top) for x in log_weights]
    cap = math.sqrt(len(ws)) * sum(ws) / len(ws)
    ws = [min(w, cap) for w in ws]
    most = max(ws)
    return [w / most for w in ws]


def weights(worlds: Sequence[World]) -> list[float]:
    """The worlds' weights (:func:`truncated`), the largest 1."""
    return truncated([w.log_weight for w in worlds])


def weighted_fit(worlds: Sequence[World]) -> tuple[float, float]:
    """The weighted share of worlds that fit, and the effective number of worlds (Kish's).

    >>> weighted_fit([World(None, 0.0, True), World(None, 0.0, False)])  # type: ignore[arg-type]
    (0.5, 2.0)
    """
    if not worlds:
        return 0.0, 0.0
    ws = weights(worlds)
    total = sum(ws)
    fit = sum(w for w, x in zip(ws, worlds, strict=True) if x.fits) / total
    ess = total * total / sum(w * w for w in ws)
    return fit, ess


class FitWorlds(Sampler):
    """Deals of the hidden cards for the seat to act in ``hand``, weighted by what it saw.

    ``bidder`` is the bot whose line the model of players softens (the standard bot), ``score`` the
    game score ``(NS, EW)`` before the hand (the bot bids by it), ``model`` the model of players
    (:data:`~.people.PEOPLE` unless given). :meth:`sample` gives one :class:`World`.

    >>> import euchre_learn as el, random
    >>> from euchre_learn.analysis.bots import get
    >>> hand = el.Hand.deal('N', seed=4).apply('pass')
    >>> fw = FitWorlds(hand, get('standard'))
    >>> w = fw.sample(random.Random(1))
    >>> w.state.to_act == hand.core.to_act, w.fits
    (True, True)
    """

    def __init__(
        self,
        hand: Hand,
        bidder: Bot,
        score: tuple[int, int] | None = None,
        *,
        tries: int = TRIES,
        model: PlayerModel = PEOPLE,
    ) -> None:
        state = hand.core
        self.state = state
        self.rules = state.rules
        self.seat = me = state.to_act
        self.dealer = state.dealer
        self.bidder = bidder
        self.score = score
        self.model = model
        self.tries = tries
        if (state.alone and state.maker != self.seat) or state.lone_defender not in (-1, self.seat):
            self.tries = 2 * tries  # a loner, or a lone defender, is rare under any deal
        self.history = list(hand.history_ids)
        self.own = hand.deal_masks[0][me]
        self.upcard = state.upcard
        plain = not self.rules.benny and not self.rules.railroad
        self.fallback = None if plain else Worlds(state, self.own, self.history, bidder)
        if self.fallback is not None:
            return
        up = 1 << state.upcard
        played = played_by(state)
        picked = state.maker >= 0 and state.turned_down < 0 and state.phase != BID1 and not dead_upcard(state)
        # the dealer holds the upcard from the pick-up (R3.2); its discard is unseen unless it is us
        self.picked = picked
        self.discard_unseen = picked and state.dealer != me and state.phase != DISCARD_PHASE
        known = self.own | up
        for s in range(4):
            known |= played[s]
        self.hidden = bits(deck_mask(state) & ~known)
        vs = voids(state) if state.phase == PLAY_PHASE else [0, 0, 0, 0]
        eff = EFFECTIVE[state.trump] if state.trump >= 0 else None
        # slots: (seat, room, forbidden suits); seat -1 is the kitty (with the dealer's unseen discard)
        self.slots: list[tuple[int, int, int]] = []
        self.known_dealt = [0, 0, 0, 0]
        for s in range(4):
            if s == me:
                continue
            held_up = picked and s == state.dealer and not played[s] & up
            self.known_dealt[s] = played[s] & ~up if (picked and s == state.dealer) else played[s]
            if state.out >> s & 1:  # a loner's partner (or a dealer who picked up for one) holds 5
                room = 5 - played[s].bit_count() - (1 if picked and s == state.dealer else 0)
                self.slots.append((s, room, 0))
            else:
                room = state.hands[s].bit_count() - (1 if held_up else 0)
                self.slots.append((s, room, vs[s]))
        taken = sum(r for _s, r, _v in self.slots)
        self.slots.append((-1, len(self.hidden) - taken, 0))
        self.eff = eff
        # the rare seat: a loner or a lone defender whose hand is drawn first, on its own, until
        # its bids fit (its bids read only its own cards, so this is exact and costs no weight)
        self.rare = -1
        for s in (state.maker if state.alone else -1, state.lone_defender):
            if s >= 0 and s != me and self.rare < 0 and not (picked and s == state.dealer and not self.discard_unseen):
                self.rare = s
        self.rare_discard = self.rare >= 0 and self.discard_unseen and self.rare == state.dealer
        self._pool: list[tuple[int, int]] | None = None
        if self.rare >= 0:
            self.rare_slot = next(k for k, (x, _r, _v) in enumerate(self.slots) if x == self.rare)
            v = self.slots[self.rare_slot][2]
            self.rare_cards = [c for c in self.hidden if not (v and eff is not None and v >> eff[c] & 1)]
        # the lean: trumps toward a seat that made trump or defends alone
        self.lean = [dict[int, float]() for _ in range(4)]
        t = state.trump
        if t >= 0:
            for s, factor in (
                (state.maker, _LEAN_ALONE if state.alone else _LEAN_MADE),
                (state.lone_defender, _LEAN_ALONE),
            ):
                if s < 0 or s == me or s == self.rare:
                    continue
                for c in self.hidden:
                    if EFFECTIVE[t][c] == t:  # the higher the trump, the stronger the lean
                        self.lean[s][c] = factor * (1.0 + (POWER[t][c] - 10) / 3)
                    elif c % 6 == 5 and factor == _LEAN_ALONE:
                        self.lean[s][c] = _LEAN_ACE
        # away from the upcard's suit for a seat that passed it in round 1
        r1 = state.upcard // 6 if state.upcard < 24 else -1
        passed = {seat for seat, a in self.history[:4] if a == act.PASS and seat != me}
        for s in passed:
            if r1 < 0:
                continue
            for c in self.hidden:
                if EFFECTIVE[r1][c] == r1 and c not in self.lean[s]:
                    self.lean[s][c] = _LEAN_PASSED
        self._prepare()

    # ---- one world --------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> World:
        """One world: a deal accepted with the chance of the seen actions over the model's likeliest
        (rejection: the first deal the model finds exactly likeliest is always kept), weighted by
        that likeliest chance; after ``tries`` deals, the likeliest of them, weighted by its chance."""
        if self.fallback is not None:
            return self.fallback.sample(rng)
        best: World | None = None
        best_accept = -math.inf
        # the acceptance draws come from their own stream, seeded by the caller's, so that a deal the
        # model finds exactly likeliest is kept with the very draws of the deal (the worlds of a
        # position where every seen action is the model's are those a rejection sampler would keep)
        accept = random.Random(hash(rng.getstate()[1]))
        for _ in range(self.tries):
            dealt = self._deal(rng)
            if dealt is None:
                continue
            hands, kitty, log_w, discard = dealt
            threshold = math.log(1.0 - accept.random())  # accept when the acceptance is at least this
            floor = min(threshold, best_accept)
            if discard < 0 and self.discard_unseen:
                # first every action but the dealer's bids, which alone depend on its discard
                spare = bits(kitty)
                rng.shuffle(spare)
                probe = self._replay(self._with(hands, spare[0]), kitty & ~(1 << spare[0]), spare[0], rng, floor, True)
                if probe is None:
                    continue
                # the discard: the first card in a random order that the model would throw is a
                # uniform choice among those that fit; the weight counts them (worked out only for
                # a deal that may be kept: accepted, or the likeliest so far)
                promising = probe[1].log_accept >= threshold or probe[1].log_accept > best_accept
                fits = [x for x in spare if self._would_discard(hands, x)] if promising else []
                if fits:
                    discard = fits[0]
                    log_w += math.log(len(fits))
                else:
                    discard = spare[0]
                    log_w += math.log(self.model.slip)
                hands, kitty = self._with(hands, discard), kitty & ~(1 << discard)
            got = self._replay(hands, kitty, discard, rng, floor)
            if got is None:
                continue
            state, seen = got
            if seen.log_accept >= threshold:
                # accepted with chance like / top: the weight is the top chance (like over accept)
                return World(state, log_w + seen.log_like - seen.log_accept, seen.fits())
            if seen.log_accept > best_accept:  # the deal the model finds likeliest (whatever its weight)
                best, best_accept = World(state, log_w + seen.log_like, seen.fits()), seen.log_accept
        if best is None and self.rare >= 0:
            # no hand fits the rare seat's bids at all: deal it like the others, weighted
            rare, self.rare = self.rare, -1
            try:
                return self.sample(rng)
            finally:
                self.rare = rare
        if best is None:  # pragma: no cover - every seat's cards always fit somewhere
            raise RuntimeError("no deal of the hidden cards fits the cards played")
        return best

    def _prepare(self) -> None:
        """Per hidden card, the slots it may go to and the lean of each (worked out once)."""
        eff = self.eff
        self.choices: dict[int, list[tuple[int, float]]] = {}
        for c in self.hidden:
            opts = []
            for k, (s, _room, v) in enumerate(self.slots):
                if v and eff is not None and v >> eff[c] & 1:
                    continue  # that seat has shown out of this card's suit
                opts.append((k, self.lean[s].get(c, 1.0) if s >= 0 else 1.0))
            self.choices[c] = opts
        # the most constrained cards are dealt first
        self.ranked = sorted(self.hidden, key=lambda c: len(self.choices[c]))
        self.constrained = any(len(o) < len(self.slots) for o in self.choices.values())

    def _predraw(self, rng: random.Random) -> tuple[int, int] | None:
        """The rare seat's hidden cards (a mask) and, for a dealer who went alone, its discard: one
        of a pool of such hands drawn uniformly until every bid it made (and its discard) is the
        model's (drawn once per sampler, :data:`_RARE_POOL` of them); None when none is found."""
        if self._pool is None:
            self._pool = []
            for _ in range(_RARE_PROBES):
                got = self._probe_rare(rng)
                if got is not None:
                    self._pool.append(got)
                    if len(self._pool) >= _RARE_POOL:
                        break
        return self._pool[rng.randrange(len(self._pool))] if self._pool else None

    def _probe_rare(self, rng: random.Random) -> tuple[int, int] | None:
        """One uniform draw of the rare seat's hidden cards (and discard), if its bids fit."""
        s = self.rare
        room = self.slots[self.rare_slot][1]
        mask = 0
        for c in rng.sample(self.rare_cards, room):
            mask |= 1 << c
        d = -1
        if self.rare_discard:
            rest = [c for c in self.hidden if not mask >> c & 1]
            d = rest[rng.randrange(len(rest))]
        hands = [0, 0, 0, 0]
        hands[s] = mask | self.known_dealt[s] | (1 << d if d >= 0 else 0)
        probe = State.new(self.rules, self.dealer, hands, self.upcard, 0)
        for seat, a in self.history:
            phase = probe.phase
            if phase == PLAY_PHASE:
                break
            if seat == s:
                if phase == DISCARD_PHASE and d >= 0:
                    a = act.DISCARD + d
                if (
                    phase in (BID1, BID2, DEFEND, DISCARD_PHASE)
                    and self.bidder.decide(probe, rng, None, self.score) != a
                ):
                    return None
            elif phase == DISCARD_PHASE:
                a = act.DISCARD + probe.upcard  # another dealer's discard: any card will do in the probe
                probe.hands[seat] |= 1 << probe.upcard
            probe.apply(a)
        return mask, d

    def _deal(self, rng: random.Random, predraw: bool = True) -> tuple[list[int], int, float, int] | None:
        """Dealt hands of the other seats (with the cards they have played, without the dealer's
        unseen discard, which stays in the kitty's share unless the rare seat is that dealer) and
        the kitty, the log of the deal's importance weight (uniform chance over this proposal's
        chance) and the dealer's discard when it was drawn here (else -1)."""
        slots = self.slots
        room = [r for _s, r, _v in slots]
        got = [0] * len(slots)
        choices = self.choices
        if self.constrained:
            cards = self.ranked[:]
            # shuffle within equally constrained groups, keeping the constrained first
            rng.shuffle(cards)
            cards.sort(key=lambda c: len(choices[c]))
        else:
            cards = self.hidden[:]
            rng.shuffle(cards)
        d = -1
        if self.rare >= 0 and predraw:
            pre = self._predraw(rng)
            if pre is None:
                return None  # one proposal for every world, so that their weights compare
            else:
                mask, d = pre
                got[self.rare_slot], room[self.rare_slot] = mask, 0
                if d >= 0:
                    room[-1] -= 1
                    mask |= 1 << d
                cards = [c for c in cards if not mask >> c & 1]
        log_q = 0.0
        rand = rng.random
        for c in cards:
            total = 0.0
            opts = []
            for k, lean in choices[c]:
                r = room[k]
                if r:
                    w = r * lean
                    total += w
                    opts.append((k, w))
            if not opts:
                return None
            pick = rand() * total
            i = 0
            while i < len(opts) - 1 and pick >= opts[i][1]:
                pick -= opts[i][1]
                i += 1
            k, w = opts[i]
            got[k] |= 1 << c
            room[k] -= 1
            if len(opts) > 1:
                log_q += math.log(w / total)
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.own
        kitty = 0
        for k, (s, _r, _v) in enumerate(slots):
            if s < 0:
                kitty = got[k]
            else:
                hands[s] = got[k] | self.known_dealt[s]
        if d >= 0:
            hands[self.dealer] |= 1 << d
        return hands, kitty, -log_q, d

    def _with(self, hands: list[int], d: int) -> list[int]:
        """The dealt hands with ``d`` added to the dealer's (its unseen discard)."""
        out = hands[:]
        out[self.dealer] |= 1 << d
        return out

    def _would_discard(self, hands: list[int], d: int) -> bool:
        """Would the model throw ``d`` from the dealer's six (its dealt cards with ``d``, and the upcard)?"""
        six = hands[self.dealer] | 1 << d | 1 << self.upcard
        return best_discard(six, self.state.trump, 1 << self.upcard) == d

    def _replay(
        self,
        hands: list[int],
        kitty: int,
        discard: int,
        rng: random.Random,
        floor: float = -math.inf,
        skip_dealer_bids: bool = False,
    ) -> tuple[State, Surprise] | None:
        """Replay the history on the dealt world, with the seen actions' :class:`Surprise` under the
        model of players. ``None``: impossible, or its acceptance (the log chance of the seen actions
        over the model's likeliest ones) under ``floor`` (the acceptance only falls as the replay goes
        on). ``skip_dealer_bids``: leave the dealer's bids unchecked (a probe made before the
        dealer's discard is chosen)."""
        state = State.new(self.rules, self.dealer, hands, self.upcard, kitty)
        me = self.seat
        seen = Surprise()
        bidder, score, model = self.bidder, self.score, self.model
        for seat, a in self.history:
            phase = state.phase
            if seat != me:
                if phase == PLAY_PHASE:
                    legal = state.play_mask()
                    if not legal >> (a - act.PLAY) & 1:
                        return None
                    if legal & (legal - 1):
                        bots = bidder.decide(state, rng, None, score) == a
                        seen.add_cards(legal.bit_count(), bots, model)
                        if seen.log_accept < floor:
                            return None
                elif phase in (BID1, BID2, DEFEND) and not (skip_dealer_bids and seat == self.dealer):
                    _bid_surprise(seen, state, a, bidder, rng, score, model)
                    if seen.log_accept < floor:
                        return None
                elif phase == DISCARD_PHASE and discard >= 0:
                    a = act.DISCARD + discard  # the unseen discard, as this world chose it
            state.apply(a)
        return state, seen


def _bid_surprise(
    seen: Surprise,
    state: State,
    real: int,
    bidder: Bot,
    rng: random.Random,
    score: tuple[int, int] | None,
    model: PlayerModel,
) -> None:
    """Add a bid to ``seen``: make or pass by the model's chance at the hand's margin, and a
    ``slip`` for going alone or not, or another suit, where the standard bot would not."""
    legal = state.legal()
    if state.phase == DEFEND or act.PASS not in legal or len(legal) < 2:
        if len(legal) > 1:  # defending alone, or a stuck dealer naming a suit: the bot's, else a slip
            p = 1.0 - model.slip if real == bidder.decide(state, rng, None, score) else model.slip
            seen.add(p, [1.0 - model.slip, model.slip])
        return
    make = model.make_chance(bid_margin(state, real, score))
    if real == act.PASS:
        seen.add(1.0 - make, [make, 1.0 - make])
        return
    seen.add(make, [make, 1.0 - make])
    bots = bidder.decide(state, rng, None, score)
    kr, kb = bid_kind(real), bid_kind(bots)
    if kb != 0 and (kr != kb or bid_suit(real) != bid_suit(bots)):
        seen.add(model.slip, [1.0 - model.slip, model.slip])  # alone or not, or another suit, than the bot's
    elif kb == 0 and kr == 2:
        seen.add(model.slip, [1.0 - model.slip, model.slip])  # alone, where the bot would not even bid
