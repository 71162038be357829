"""Mine puzzles from bot-against-bot games: euchre_learn/analysis/data/puzzles.json.

    PYTHONPATH=$PWD python tools/mine_puzzles.py mine --seed 13 --games 400 --workers 2
    PYTHONPATH=$PWD python tools/mine_puzzles.py build
    PYTHONPATH=$PWD python tools/mine_puzzles.py recheck --workers 2   # after the coach or the bots change
    PYTHONPATH=$PWD python tools/mine_puzzles.py retheme               # after the situation or theme rules change
    PYTHONPATH=$PWD python tools/mine_puzzles.py generate --workers 2  # deal puzzles for the themes mining missed

``mine`` plays games (game ``g`` of a seed is always the same game: the rules, the bots and
the deal follow from ``seed`` and ``g``), four 'standard' bots, or in every fourth game the
'expert' for North-South, under the standard rules, or in every third game stick-the-dealer.
Every decision with two or more legal actions is first looked at with a third of the worlds
(a gap under 0.15 points drops it), then valued by the coach, as the review values it
(:func:`euchre_learn.analysis.puzzles.evaluate`, ``--worlds`` deals of the cards the seat
cannot see, proportionally more for a bid). A position is kept when

1. the best action beats every other by at least 0.3 expected points for the side to act,
   and is the best by the game-win chance too (the game score is known);
2. the same holds again with twice the worlds and another seed (``recheck`` later judges each
   again with the coach settled, as the Hint does, and ships those numbers);
3. the best also raises the chance to win the game over the runner-up (``build`` drops a
   position where the game is decided either way);
4. in the second check the best two are not a close call (the coach's ``close``: apart by more
   than twice their paired standard error), so the answer holds on what the seat knew.
   (The shipped set was mined before the coach, with the double-dummy review and a count of
   deals won and lost against the runner-up instead; its ids and answers are kept.)

Found positions are appended, one JSON line per hand, to ``--raw`` (default
``build/puzzles-raw.jsonl``); games already there are skipped, so a run can stop and go on
(and several machines can mine disjoint ``--first``/``--games`` ranges, or other seeds, into
files that ``build`` reads together). ``--phases play`` looks only at the card play, which
is several times cheaper to value than a bid (each world of a bid is played out). The output depends only on the seed and the games, not on ``--workers``.
``build`` tags each position with its situation (:func:`euchre_learn.situation`) and the theme
that situation gives (:func:`euchre_learn.analysis.puzzle_themes.classify`, with the coach's values
for *going alone*) and writes the package data, sorted by id. ``retheme`` does the same for the
shipped puzzles in place (ids, answers and numbers untouched): run it whenever the situation
classifier or the theme rules change (a test fails until it is run).

``generate`` fills the themes that mining found no puzzle for (the stuck dealer's call, leading
against a loner, second hand low): it deals positions of the situations that make them
(:func:`euchre_learn.teaching.situation_deals.find_positions`, the standard bot playing up to the
decision), values each like a mined one (a quick look with a third of the worlds, a first look at
``--worlds``, then the coach settled, as the Hint judges it, whose numbers it ships), and keeps those whose best is clear by the mining standard (the best by at least
the puzzle margin both times, the same best, not a close call), at a game score of 0 to 0. Each is
tagged ``"source": {"generated": <situation key>, ...}``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any

from euchre_learn.analysis.bots import get
from euchre_learn.analysis.puzzles import MIN_GAP, evaluate, puzzle_id
from euchre_learn.engine.cards import Team
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import replay

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "euchre_learn" / "analysis" / "data" / "puzzles.json"
RAW = ROOT / "build" / "puzzles-raw.jsonl"


def _bots(seed: int, game: int) -> list[Any]:
    expert = game % 4 == 3
    return [
        get("expert" if expert and seat % 2 == 0 else "standard", seed=f"{seed}|{game}|{seat}") for seat in range(4)
    ]


SCREEN_GAP = 0.15
"""A quick look with a third of the worlds drops the positions clearly without a puzzle in them."""


def _good(ev: Any) -> bool:
    return ev.gap >= MIN_GAP and not ev.forced


def _numbers(ev: Any) -> dict[str, Any]:
    """What a puzzle ships of the evaluation that confirmed it: the runner-up, each option's
    numbers, the gap, the deals and the coach's reason (``recheck`` replaces just these)."""
    return {
        "runner_up": str(ev.runner_up),
        "options": [
            {"action": str(a), "points": round(p, 3), "se": round(se, 3)} | ({} if w is None else {"win": round(w, 4)})
            for a, p, se, w in ev.options
        ],
        "gap": round(ev.gap, 3),
        "worlds": ev.worlds,
        "explanation": ev.explanation,
    }


def _row(record: dict[str, Any], first: Any, second: Any, source: dict[str, Any]) -> dict[str, Any]:
    """A puzzle's data from its two evaluations (the first look and the confirmation)."""
    return {
        "record": record,
        "answer": str(second.best),
        **_numbers(second),
        "first_gap": round(first.gap, 3),
        "first_worlds": first.worlds,
        "source": source,
    }


def _write(raw: str, row: dict[str, Any]) -> None:
    # one line per write, appended: workers share the file
    with open(raw, "a", encoding="utf-8") as out:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")


def mine_game(args: tuple[int, int, int, int, str, str]) -> dict[str, Any]:
    """Play game ``game`` of ``seed``, append the positions kept to ``raw`` hand by hand (so a
    stopped run keeps what it found) and return the counts, with timing."""
    seed, game, worlds, max_hands, raw, phases = args
    start = time.perf_counter()
    rules = "stick-the-dealer" if game % 3 == 2 else "standard"
    g = Game(rules, seed=f"mine|{seed}|{game}")
    bots = _bots(seed, game)
    found: list[dict[str, Any]] = []
    decisions = 0
    kept = 0
    while not g.is_over and len(g.hands) < max_hands:
        score = (g.score[Team.NS], g.score[Team.EW])
        number = len(g.hands)
        h: Hand = g.hand
        seat = h.to_act
        assert seat is not None
        if len(h.legal_actions()) >= 2 and (phases == "all" or h.phase == Phase.PLAY):
            decisions += 1
            key = f"{seed}|{game}|{number}|{len(h.history_ids)}"
            screen = evaluate(h, max(4, worlds // 3), key + "|screen", score)
            first = evaluate(h, worlds, key, score) if screen.gap >= SCREEN_GAP and not screen.forced else None
            if first is not None and _good(first):
                second = evaluate(h, 2 * worlds, key + "|confirm", score)
                if _good(second) and second.best == first.best and not second.close:
                    record = dict(h.to_record())
                    record["score"] = {"NS": score[0], "EW": score[1]}
                    source = {"seed": seed, "game": game, "hand": number, "index": len(h.history_ids)}
                    found.append(_row(record, first, second, source))
        g = g.apply(bots[int(seat)].act(g))
        if len(g.hands) > number or g.is_over:
            _write(raw, {"seed": seed, "game": game, "hand": number, "found": found[kept:]})
            kept = len(found)
    hands = len(g.hands)
    return {
        "game": game,
        "seconds": round(time.perf_counter() - start, 2),
        "decisions": decisions,
        "hands": hands,
        "found": len(found),
    }


def _done(raw: Path, seed: int) -> set[int]:
    if not raw.exists():
        return set()
    out = set()
    for line in raw.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            if row.get("seed") == seed and row.get("done"):
                out.add(int(row["game"]))
    return out


def cmd_mine(ns: argparse.Namespace) -> None:
    raw = Path(ns.raw)
    raw.parent.mkdir(parents=True, exist_ok=True)
    done = _done(raw, ns.seed)
    todo = [
        (ns.seed, g, ns.worlds, ns.max_hands, str(raw), ns.phases)
        for g in range(ns.first, ns.first + ns.games)
        if g not in done
    ]
    print(f"mining {len(todo)} games ({len(done)} already in {raw}) on {ns.workers} workers", flush=True)
    start = time.perf_counter()
    total = 0
    decisions = 0
    with multiprocessing.get_context("fork").Pool(ns.workers) as pool:
        for k, res in enumerate(pool.imap_unordered(mine_game, todo), 1):
            _write(str(raw), {"seed": ns.seed, "game": res["game"], "done": True} | res)
            total += res["found"]
            decisions += res["decisions"]
            el = time.perf_counter() - start
            print(
                f"game {res['game']}: {res['found']} found, {res['decisions']} decisions, {res['seconds']} s | "
                f"{k}/{len(todo)} games, {total} puzzles, {decisions} decisions in {el:.0f} s "
                f"({3600 * total / max(el, 1e-9):.0f} puzzles/hour)",
                flush=True,
            )


def _game_matters(found: dict[str, Any]) -> bool:
    """Does the answer also raise the chance to win the game over the runner-up? Not when the
    game is decided either way (100% or 0% after both), where the points no longer matter."""
    win = {o["action"]: o.get("win") for o in found["options"]}
    a, r = win[found["answer"]], win[found["runner_up"]]
    return a is None or r is None or a > r


def cmd_build(ns: argparse.Namespace) -> None:
    rows: dict[str, dict[str, Any]] = {}
    for path in ns.raw:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            for f in [] if row.get("done") else row["found"]:
                if not _game_matters(f):
                    continue
                pid = puzzle_id({k: v for k, v in f["record"].items() if k != "score"})
                rows[pid] = _themed({"id": pid, **f})
    data = _write_data(list(rows.values()), Path(ns.out))
    print(f"{data['count']} puzzles in {ns.out}")
    for t, n in data["themes"].items():
        print(f"  {n:4d}  {t}")


def _themed(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` (a puzzle's data) with its ``situation`` key and ``theme`` as the classifier says now,
    those two placed after the id."""
    from euchre_learn.analysis.puzzles import Puzzle

    p = Puzzle(row | {"theme": row.get("theme", "leading")})
    rest = {k: v for k, v in row.items() if k not in ("id", "theme", "situation")}
    return {"id": p.id, "theme": p.classified(), "situation": p.situation.key, **rest}


def _write_data(puzzles: list[dict[str, Any]], out: Path = DATA) -> dict[str, Any]:
    """Write the package data: the puzzles sorted by id, with the count per theme."""
    puzzles = sorted(puzzles, key=lambda r: r["id"])
    counts: dict[str, int] = {}
    for p in puzzles:
        counts[p["theme"]] = counts.get(p["theme"], 0) + 1
    data = {
        "format": "euchre-learn/puzzles-1",
        "made_by": "tools/mine_puzzles.py",
        "min_gap": MIN_GAP,
        "count": len(puzzles),
        "themes": dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        "puzzles": puzzles,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    return data


def cmd_retheme(ns: argparse.Namespace) -> None:
    """Tag every shipped puzzle again with its situation and the theme it gives now."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    moved: dict[tuple[str, str], int] = {}
    rows = []
    for row in data["puzzles"]:
        new = _themed(row)
        if new["theme"] != row["theme"]:
            key = (row["theme"], new["theme"])
            moved[key] = moved.get(key, 0) + 1
        rows.append(new)
    out = _write_data(rows)
    print(f"{sum(moved.values())} of {len(rows)} puzzles change theme; {DATA} rewritten")
    for (old, new_theme), n in sorted(moved.items(), key=lambda kv: -kv[1]):
        print(f"  {n:4d}  {old} -> {new_theme}")
    for t, n in out["themes"].items():
        print(f"  {n:4d}  {t}")


GENERATE = {
    "the stuck dealer's call": ("bid2.dealer.stuck",),
    "leading against a loner": ("play.vs-loner.lead1",),
    "second hand low": (
        "play.defender.2nd.side.opp.void-trump.win",
        "play.maker.2nd.side.opp.void-trump.win",
        "play.defender.2nd.side.opp.follow.win",
        "play.maker.2nd.side.opp.follow.win",
    ),
}
"""The themes mining found no puzzle for, and the situations whose positions may make them. (A
later lead against a loner, ``play.vs-loner.lead``, was tried too: none of 38 dealt was a puzzle,
36 with no gap at all, as the loner's cards decide the rest.) *Second hand low* had two mined
puzzles; judged settled, as the Hint judges, neither was clear, so it is dealt too."""


def _generate_one(args: tuple[str, str, int, str]) -> dict[str, Any] | None:
    """Value one dealt position (a hand record) like a mined one; the puzzle's data when its best is
    clear by the mining standard, else ``None``."""
    key, record_text, worlds, theme = args
    record = json.loads(record_text)
    h = replay(record)
    score = (0, 0)
    seed = f"generate|{key}|{puzzle_id(record)}"
    screen = evaluate(h, max(4, worlds // 3), seed + "|screen", score)
    if screen.gap < SCREEN_GAP or screen.forced:
        return None
    first = evaluate(h, worlds, seed, score)
    print(f"  {key} {puzzle_id(record)}: best {first.best}, gap {first.gap:.2f}", flush=True)
    if not _good(first):
        return None
    second = evaluate(h, None, None, score)  # settled, as the Hint judges it (no seed: one judgement)
    if not (_good(second) and second.best == first.best and not second.close):
        return None
    row = {"id": puzzle_id(record)} | _row(
        record | {"score": {"NS": 0, "EW": 0}}, first, second, {"generated": key, "seed": "generate"}
    )
    if not _game_matters(row):
        return None
    themed = _themed(row)
    return themed if themed["theme"] == theme else None


def cmd_generate(ns: argparse.Namespace) -> None:
    """Deal positions for each theme with no puzzle, keep the clear ones, add them to the data."""
    from euchre_learn.teaching.situation_deals import find_positions

    data = json.loads(DATA.read_text(encoding="utf-8"))
    have = {p["id"] for p in data["puzzles"]}
    counts = {t: sum(1 for p in data["puzzles"] if p["theme"] == t) for t in GENERATE}
    todo: list[tuple[str, str, int, str]] = []
    for theme, keys in GENERATE.items():
        if counts[theme] >= ns.want:
            continue
        for key in keys:
            found = find_positions(key, seed=ns.seed, count=ns.candidates, deals=ns.deals)
            if not found.exact:
                continue
            for h in found.positions:
                record = h.to_record()
                if puzzle_id(record) not in have:
                    todo.append((key, json.dumps(record, ensure_ascii=False), ns.worlds, theme))
            print(f"{theme}: {len(found.positions)} positions of {key} in {found.deals} deals", flush=True)
    start = time.perf_counter()
    added: dict[str, list[dict[str, Any]]] = {t: [] for t in GENERATE}
    with multiprocessing.get_context("fork").Pool(ns.workers) as pool:
        for k, row in enumerate(pool.imap(_generate_one, todo), 1):
            if row is not None and len(added[row["theme"]]) + counts[row["theme"]] < ns.want:
                added[row["theme"]].append(row)
            if k % 10 == 0:
                print(f"{k}/{len(todo)} valued in {time.perf_counter() - start:.0f} s", flush=True)
    new = [r for rows in added.values() for r in rows]
    _write_data(data["puzzles"] + new)
    for t, rows in added.items():
        print(f"  {t}: {len(rows)} added ({counts[t]} before)")


def _recheck_one(pid: str) -> dict[str, Any]:
    """One shipped puzzle judged again by today's coach, settled, as the Hint judges it: whether
    its answer holds, and the judgement's numbers to ship with it."""
    from euchre_learn.analysis import puzzles

    p = puzzles.get(pid)
    ev = evaluate(p.hand, None, seed=None, score=p.score)
    holds = ev.best == p.answer and ev.gap >= MIN_GAP and not ev.close
    return {"id": pid, "holds": holds, "best": str(ev.best), "close": ev.close, "numbers": _numbers(ev)}


def cmd_recheck(ns: argparse.Namespace) -> None:
    """Judge every shipped puzzle again with the coach as it is now (its bots, its conventions),
    settled as the Hint and the review judge it (deals added until its grades are beyond the
    noise), and keep only those whose answer still holds: the Hint's choice, the best by the
    puzzle margin (:data:`~euchre_learn.analysis.puzzles.MIN_GAP`), not a close call. A puzzle
    whose answer the Hint would not give is a voice that disagrees; it goes. The kept ones ship
    the settled judgement's numbers and words, so the puzzle's feedback says what the Hint says.
    Progress is kept in ``--log`` (start a new one when the coach changes)."""
    from euchre_learn.analysis import puzzles

    log = Path(ns.log)
    done: dict[str, dict[str, Any]] = {}
    if log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["id"]] = row
    todo = [p.id for p in puzzles.all() if p.id not in done]
    with multiprocessing.Pool(ns.workers) as pool, log.open("a", encoding="utf-8") as out:
        for k, row in enumerate(pool.imap_unordered(_recheck_one, todo, chunksize=4), 1):
            done[row["id"]] = row
            out.write(json.dumps(row) + "\n")
            out.flush()
            if k % 50 == 0:
                print(f"{k}/{len(todo)} rechecked", flush=True)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    kept = [p | done[p["id"]]["numbers"] for p in data["puzzles"] if done[p["id"]]["holds"]]
    _write_data(kept)
    print(f"{len(kept)} of {len(done)} puzzles hold with today's coach; {DATA} rewritten")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("mine", help="play games and keep the puzzles found")
    m.add_argument("--seed", type=int, default=13)
    m.add_argument("--first", type=int, default=0, help="the first game number")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--worlds", type=int, default=24, help="deals per card decision (a bid: four times)")
    m.add_argument("--max-hands", type=int, default=30, help="stop a game after this many hands")
    m.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    m.add_argument("--raw", default=str(RAW))
    m.add_argument(
        "--phases", choices=("all", "play"), default="all", help="'play': look only at the cards (cheaper to value)"
    )
    b = sub.add_parser("build", help="tag the found puzzles with themes and write the package data")
    b.add_argument("raw", nargs="*", default=sorted(str(p) for p in RAW.parent.glob("puzzles-raw*.jsonl")))
    b.add_argument("--out", default=str(DATA))
    r = sub.add_parser("recheck", help="keep only the shipped puzzles whose answer today's coach confirms")
    r.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    r.add_argument("--log", default=str(ROOT / "build" / "puzzles-recheck-settled.jsonl"))
    sub.add_parser("retheme", help="tag the shipped puzzles again with their situation and theme")
    g = sub.add_parser("generate", help="deal puzzles for the themes mining found none for")
    g.add_argument("--want", type=int, default=6, help="puzzles wanted per theme")
    g.add_argument("--candidates", type=int, default=20, help="positions dealt per situation")
    g.add_argument("--deals", type=int, default=4000, help="deals searched at most per situation")
    g.add_argument("--worlds", type=int, default=24, help="deals per card decision (a bid: more)")
    g.add_argument("--seed", default="generate", help="the seed of the deals searched")
    g.add_argument("--workers", type=int, default=2)
    ns = p.parse_args(argv)
    commands = {"mine": cmd_mine, "build": cmd_build, "recheck": cmd_recheck, "retheme": cmd_retheme}
    {**commands, "generate": cmd_generate}[ns.cmd](ns)


if __name__ == "__main__":
    main(sys.argv[1:])
