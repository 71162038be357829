"""``euchre-learn egn FILE``: a game in Euchre Game Notation, printed deal by deal with the score,
then reviewed (the people's annotations beside the coach's grades); ``--save`` keeps it in the
learner's saved games, and ``euchre-learn egn-export GAME_ID`` writes a saved game as EGN.

>>> import euchre_learn as el
>>> print(match_text(el.egn.read(el.egn.example())).splitlines()[0])
VWEC Finals, 2026-05-29T16:30: Finals of the Virtual World Euchre Championship on Euchre.com
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.egn import Match, read

__all__ = ["add_egn", "add_egn_export", "egn_command", "egn_export_command", "match_text"]


def add_egn(sub: Any, name: str) -> None:
    """The ``egn`` command's parser (``sub``: the parser's subparsers)."""
    e = sub.add_parser(name, help="print a game in Euchre Game Notation, its score hand by hand, and its review")
    e.add_argument("file", help="the EGN file (.egn, JSON)")
    e.add_argument("--seat", help="review this seat only (N, E, S or W; default: every seat)")
    e.add_argument(
        "--worlds",
        type=int,
        default=None,
        help="judge each decision on exactly this many deals of the hidden cards, for a quick look "
        "(default: the coach's settled judgement, deals added until each grade is beyond the noise)",
    )
    e.add_argument("--seed", type=int, default=0, help="with --worlds, which deals (default 0)")
    e.add_argument("--no-review", action="store_true", help="print the game and the score only")
    e.add_argument("--save", action="store_true", help="also keep the game in the learner's saved games")
    e.add_argument("--store", help="the learner's store (default: their own)")


def add_egn_export(sub: Any, name: str) -> None:
    """The ``egn-export`` command's parser (``sub``: the parser's subparsers)."""
    x = sub.add_parser(name, help="write a saved game as Euchre Game Notation (to stdout, or --out)")
    x.add_argument("game", help="the saved game's id")
    x.add_argument("--out", help="the file to write (default: print it)")
    x.add_argument("--store", help="the learner's store (default: their own)")


def match_text(match: Match) -> str:
    """The game in plain text: who sat where, the rules, each deal in one line with the score
    after it, and what the reader inferred or left unknown."""
    meta = match.metadata
    head = meta.title or Path(match.file or "EGN").name
    if meta.date:
        head += f", {meta.date}"
    if meta.description:
        head += f": {meta.description}"
    seats = ", ".join(f"{s.word} {meta.player(s)}" for s in Seat)
    rules = match.rules
    said = [
        "stick the dealer" if rules.stick_the_dealer else "a hand passed out is thrown in",
        "the loner's left leads" if rules.loner_lead == "left_of_loner" else "the dealer's left leads against a loner",
    ]
    if rules.canadian_loner:
        said.append("Canadian loner")
    if rules.defend_alone:
        said.append("defending alone")
    if rules.dealer_may_discard_upcard:
        said.append("the dealer may discard the upcard (R3.2's option)")
    said.append(f"to {rules.points_to_win} points")
    start = meta.initial_score
    lines = [
        head,
        f"{seats}",
        f"Rules: {', '.join(said)}. Start: North-South {start[Team.NS]}, East-West {start[Team.EW]}.",
    ]
    for deal in match.deals:
        h = deal.hand
        what = f"{deal.number + 1:>2}. {h.dealer.word} deals, upcard {h.upcard}: "
        if h.maker is None:
            what += "all pass, thrown in" if h.is_over else "the record stops in the bidding"
        else:
            assert h.trump is not None
            how = "calls" if h.turned_down is not None else "takes up" if h.maker == h.dealer else "orders"
            what += f"{h.maker.word} {how} {h.trump.symbol}{' alone' if h.alone else ''}"
            won = h.tricks_won
            what += f"; tricks N-S {won[Team.NS]}, E-W {won[Team.EW]}"
            if h.score is not None:
                scorer = Team.NS if deal.points[Team.NS] else Team.EW
                what += f": {h.score.outcome}, {scorer.word} +{deal.points[scorer]}"
            else:
                what += " (the record stops here)"
        after = deal.score_after
        what += f". Score {after[Team.NS]}-{after[Team.EW]}"
        lines.append(what)
        unknown = [str(i) for i in deal.inferred if not i.known and i.what != "kitty"]
        if unknown:
            lines.append("      not in the file: " + "; ".join(unknown))
        for i, notes in sorted(deal.annotations.items()):
            seat, action = h.history[i]
            for label, text in notes:
                lines.append(f"      {seat.word}, {action}: {'[' + label + '] ' if label else ''}{text}")
    final = match.score
    lines.append(f"Final score: North-South {final[Team.NS]}, East-West {final[Team.EW]}.")
    lines += [f"Note: {n}" for n in match.inferred]
    return "\n".join(lines)


def egn_command(args: argparse.Namespace) -> int:
    """``euchre-learn egn FILE``: print, review, and (``--save``) keep the game."""
    match = read(args.file)
    print(match_text(match))
    if args.save:
        from euchre_learn.learner.saved_egn import import_egn
        from euchre_learn.learner.store import Store

        game_id = import_egn(args.file, store=Store(args.store) if args.store else None)
        print(f"saved as {game_id!r}", file=sys.stderr)
    if args.no_review:
        return 0
    if args.worlds is not None and args.worlds < 1:
        raise ValueError(f"--worlds {args.worlds}: give a whole number of deals, at least 1")
    from euchre_learn.analysis.review import review

    seat = Seat.parse(args.seat) if args.seat else None
    print(flush=True)
    progress = _progress if sys.stderr.isatty() else None
    print(review(match, seat=seat, worlds=args.worlds, seed=args.seed, progress=progress))
    return 0


def _progress(done: int, total: int) -> None:
    """The review's progress on a terminal, over one line, cleared when it is done."""
    end = "\r" + " " * 40 + "\r" if done == total else ""
    print(f"\rreviewing: {done} of {total} decisions{end}", end="", file=sys.stderr, flush=True)


def egn_export_command(args: argparse.Namespace) -> int:
    """``euchre-learn egn-export GAME_ID``: the saved game as EGN."""
    from euchre_learn.learner.saved_egn import export_egn
    from euchre_learn.learner.store import Store

    text = export_egn(args.game, Store(args.store) if args.store else None)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        print(text)
    return 0
