"""The child process of :mod:`benchmarks.frozen`: runs bots from a frozen tree of ``euchre_learn``.

Started as ``python _frozen_child.py TREE``; ``TREE`` holds a ``euchre_learn`` folder extracted
from an old commit, and it is put first on ``sys.path`` before anything imports the package, so
every module here is the old code. Requests arrive pickled on stdin, answers leave pickled on
stdout (see :class:`benchmarks.frozen.FrozenBot` for the protocol). Not imported by anything.
"""

from __future__ import annotations

import pickle
import random
import sys
from typing import Any


def main() -> None:
    tree = sys.argv[1]
    sys.path.insert(0, tree)
    import euchre_learn
    from euchre_learn.analysis.bots import get

    where = euchre_learn.__file__ or ""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print in the old code must not corrupt the answers
    if not where.startswith(tree):
        pickle.dump(("error", f"euchre_learn came from {where}, not from the frozen tree {tree}"), stdout)
        stdout.flush()
        return
    pickle.dump(("ready", where), stdout)
    stdout.flush()
    bots: dict[int, Any] = {}
    while True:
        try:
            msg = pickle.load(stdin)
        except EOFError:
            return
        kind = msg[0]
        try:
            if kind == "act":
                _, key, state, score, seed, explain = msg
                why: list[str] | None = [] if explain else None
                a = bots[key].decide(state, random.Random(seed), why, score)
                answer: tuple[object, ...] = ("ok", a, why)
            elif kind == "selfplay":  # the speed benchmark: hands played here, by the old code alone
                _, key, rules, hands, seed = msg
                answer = ("ok", _selfplay(bots[key], rules, hands, seed))
            elif kind == "playout":  # the speed of play: positions played to the end by the old code alone
                _, key, states, n = msg
                answer = ("ok", playout(bots[key], states, n))
            elif kind == "blind_spots":
                _, key, rules, hands, seed = msg
                answer = ("ok", blind_spots(bots[key], rules, hands, seed))
            elif kind == "new":
                _, key, name, seed = msg
                bots[key] = get(name, seed=seed)
                answer = ("ok", repr(bots[key]))
            else:
                answer = ("error", f"unknown request {kind!r}")
        except Exception as err:  # the parent raises it with the old code's message
            answer = ("error", f"{type(err).__name__}: {err}")
        pickle.dump(answer, stdout)
        stdout.flush()


def _selfplay(bot: Any, rules: Any, hands: int, seed: str) -> int:
    """Play ``hands`` seeded hands with ``bot`` in all four seats; the makers' points summed."""
    from euchre_learn.analysis.bots import play_hand
    from euchre_learn.engine import core
    from euchre_learn.engine.deals import seeded_random

    total = 0
    for i in range(hands):
        rng = seeded_random(f"{seed}/{i}")
        state = play_hand(core.deal(rules, i % 4, rng), [bot] * 4, rng)
        total += state.score.makers if state.score is not None else 0
    return total


def playout(bot: Any, states: Any, n: int) -> int:
    """Play ``n`` of ``states`` (in turn, each a copy) to the end, ``bot`` in every seat; the
    tricks won by the makers' side, summed. :func:`benchmarks.frozen.playout` is the same loop
    for today's code (this process cannot import it: its ``euchre_learn`` is the frozen one)."""
    from euchre_learn.engine.core import OVER

    total = 0
    for i in range(n):
        s = states[i % len(states)].copy()
        rng = random.Random(i)
        while s.phase != OVER:
            s.apply(bot.decide(s, rng, None))
        total += s.won[s.maker & 1]
    return total


def blind_spots(bot: Any, rules: Any, hands: int, seed: str) -> tuple[int, int, int, int, int]:
    """Issue 35's counts over ``hands`` seeded hands, ``bot`` in all four seats: (round-1 bids, those
    on one trump or none (the dealer's counting the upcard), those of them euchred, discards, those
    keeping a lone non-ace side card where the discard could have emptied its suit). Written against
    the engine both trees share, so the parent counts today's bot with it and the child the frozen one."""
    from euchre_learn.analysis.bots.base import TRUMP_MASK
    from euchre_learn.engine import act, core
    from euchre_learn.engine.deals import seeded_random
    from euchre_learn.engine.trump import EFFECTIVE, SUIT_MASK

    bids = weak = weak_euchred = discards = kept = 0
    for i in range(hands):
        rng = seeded_random(f"{seed}/{i}")
        s = core.deal(rules, i % 4, rng)
        weak_bid = False
        while s.phase != core.OVER:
            a = bot.decide(s, rng, None)
            if s.phase == core.BID1 and a in (act.ORDER_UP, act.ORDER_UP_ALONE):
                held = s.hands[s.to_act] | ((1 << s.upcard) if s.to_act == s.dealer else 0)
                bids += 1
                if (held & TRUMP_MASK[s.proposed]).bit_count() <= 1:
                    weak += 1
                    weak_bid = True
            elif s.phase == core.DISCARD_PHASE:
                t, six, c = s.trump, s.hands[s.to_act], a - act.DISCARD
                eff = EFFECTIVE[t]
                lone = {
                    x
                    for x in range(24)
                    if six >> x & 1 and eff[x] != t and (six & SUIT_MASK[t][eff[x]]).bit_count() == 1
                }
                discards += 1
                kept += any(x % 6 != 5 and x != s.upcard for x in lone) and c not in lone  # 5: the ace
            s.apply(a)
        weak_euchred += weak_bid and s.score is not None and s.score.makers == 0
    return bids, weak, weak_euchred, discards, kept


if __name__ == "__main__":
    main()
