"""The fuzz harness shared by tests/engine/test_fuzz.py, tests/analysis/test_fuzz_coach.py and
benchmarks/bench_fuzz.py (issue 16; :func:`coach_targets`, issue 34: the review, the situation, the
puzzles, duplicate matches, one decision reviewed and the Hint). The class server has its own
harness beside its tests (tests/classroom/server/serverfuzz.py), on the same budget.

Every public function and class of API.md is a *target*: one argument slot filled with a fuzzed
value, the others valid. Values are wrong types, huge and deeply nested inputs and garbage text
(:data:`SPECIAL`, tried on every target every run, then ``examples`` more drawn by hypothesis).
Each call ends one of three ways:

- ``accepted``: the value was fine (a valid seed, a card that parses);
- ``clear``: the package refused it with its own error, a subclass of ``EuchreError`` or a
  ``ValueError`` raised inside euchre_learn, whose message is short;
- a *leak*: any other exception (``TypeError``, ``RecursionError`` from inside the package, ...),
  a message that repeats a huge input, a shared object (hand, game, table, question) that
  changed, or a temporary file left behind.

The budget of drawn examples per target is ``EUCHRE_FUZZ_EXAMPLES`` (default 12); ``make fuzz``
runs ten times that. Draws are derandomized, so a run is the same on every machine.
"""

from __future__ import annotations

import atexit
import copy
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

import euchre_learn as el
from euchre_learn import Action, Card, Game, Hand, Rules, Seat, Suit
from euchre_learn.analysis.coach.hint import hint
from euchre_learn.analysis.review.run import review_decision
from euchre_learn.engine.errors import EuchreError, quote
from euchre_learn.interactive.table import Table
from euchre_learn.teaching.quiz.bank import load_bank, save_bank
from euchre_learn.teaching.quiz.question import Question

PACKAGE = os.path.dirname(os.path.abspath(el.__file__))
MAX_MESSAGE = 1500
"""A refusal's message may be at most this long (the longest lists every quiz topic)."""
DEFAULT_EXAMPLES = 12


def budget() -> int:
    """Drawn examples per target: ``EUCHRE_FUZZ_EXAMPLES``, else the default."""
    return int(os.environ.get("EUCHRE_FUZZ_EXAMPLES", DEFAULT_EXAMPLES))


def nested(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth - 1):
        inner.append([])
        inner = inner[0]
    return top


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("a repr that fails")


HUGE_TEXT = "x" * 10**6
HUGE_CARDS = "J♠ " * 100_000
DEEP = nested(100_000)
DEEP_1000 = nested(1000)
HOLDINGS = {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"}

SPECIAL: list[Any] = [
    None, True, False, 0, -1, 7, 2**70, -(2**70), 1.5, float("nan"), float("inf"), 1j,
    "", " ", "\x00", "\udcff", "J♠", "J♠ J♠", "9♥ A♠", "pass", "N pass", "S play J♠", "call ♥", "uk",
    "standard", "hearts", "♥", "N", "north", "Benny", "10h", "{}", "[]", '{"format": 1}', "[" * 100_000,
    '{"a": ' + "[" * 100_000, "x" * 1000 + "♠", HUGE_TEXT, HUGE_CARDS, b"{}", b"J\xe2", bytearray(b"x"),
    [], [None], ["J♠"], ["J♠", "J♠"], [[["J♠"]]], {}, {"N": None}, {"N": "J♠"}, {1: 2}, (), (1, 2), set(),
    frozenset({1}), range(3), object(), _BadRepr(), DEEP, DEEP_1000, {"k": DEEP_1000}, Card.parse("J♠"), Seat.N,
    Suit.HEARTS, Rules(), Action.parse("pass"), el.cards("J♠ A♥"), Path("/proc/x/y"), len,
]  # fmt: skip

_near = st.text(alphabet="9TJQKA10♣♦♥♠CDHSNEW pasorduclyetkingv,.{}[]\"'", max_size=24)
_tree = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)
VALUES = st.one_of(
    st.sampled_from(SPECIAL), _near, st.text(max_size=40), st.integers(), st.floats(), st.binary(max_size=16), _tree
)


# --- the targets ---------------------------------------------------------------------------------


@dataclass
class Target:
    """``call(value)`` with one fuzzed argument. ``snapshot()`` (if any) reads the shared state the
    call must leave unchanged when it refuses the value; ``reset()`` rebuilds it after an
    accepted value that legitimately changed it. ``folder`` must hold no temporary file after."""

    name: str
    call: Callable[[Any], object]
    snapshot: Callable[[], object] | None = None
    reset: Callable[[], None] | None = None
    folder: Path | None = None
    extra: tuple[Any, ...] = ()
    """Values tried on this target alone, after :data:`SPECIAL` (a broken executor, a bot's object)."""


def _hand_state(hand: Hand) -> tuple[Any, ...]:
    s = hand.core
    return (hand._key(), tuple(copy.deepcopy(getattr(s, n)) for n in type(s).__slots__))


def _small(value: Any, limit: int) -> Any:
    """A valid whole number above ``limit`` would run for long: keep it small."""
    if isinstance(value, int) and not isinstance(value, bool) and value > limit:
        return limit
    return value


def _safe_name(folder: Path, value: Any) -> Any:
    """Text becomes a file name inside ``folder`` (never a path outside it); other values stay."""
    if isinstance(value, str):
        return folder / ("f_" + value.replace("/", "_").replace("\x00", "_").replace(".", "_")[:80])
    return value


def targets() -> list[Target]:
    hand = Hand.from_cards("S", HOLDINGS, "A♥")
    played = el.examples.hand("made", after=5)
    game = Game(seed=1, dealer="N")
    question = el.quiz.generate("left-bower", seed=1)
    bot = el.bots.get("standard", seed=1)
    record = el.examples.load("made")
    tmp = Path(tempfile.mkdtemp(prefix="euchre-fuzz-"))
    atexit.register(shutil.rmtree, tmp, True)
    (tmp / "a-file").write_text("x", encoding="utf-8")
    tables: dict[str, Table] = {}

    def table() -> Table:
        if "t" not in tables:
            tables["t"] = Table(humans="S", seed=1, dealer="S")
        return tables["t"]

    def table_state() -> object:
        t = table()
        return (t.game, len(t.log), t.position)

    def reset_table() -> None:
        tables.pop("t", None)

    def bank_source(v: Any) -> object:
        return load_bank(_safe_name(tmp, v) if isinstance(v, str) and v.lstrip()[:1] not in ("{", "[") else v)

    shipped = json.loads(Path(el.egn.example()).read_text(encoding="utf-8"))

    def egn_read(v: Any) -> object:
        """el.egn.read must refuse with an EgnError and nothing else (issue 32)."""
        try:
            return el.egn.read(_safe_name(tmp, v) if isinstance(v, str) and v.lstrip()[:1] not in ("{", "[") else v)
        except el.egn.EgnError:
            raise
        except EuchreError as err:  # the package's own, but not the one el.egn.read promises
            raise TypeError(f"{type(err).__name__}, not an EgnError: {err}") from None

    def egn_series(v: Any) -> object:
        """el.egn.read_series too: an EgnError and nothing else."""
        try:
            return el.egn.read_series(
                _safe_name(tmp, v) if isinstance(v, str) and v.lstrip()[:1] not in ("{", "[") else v
            )
        except el.egn.EgnError:
            raise
        except EuchreError as err:
            raise TypeError(f"{type(err).__name__}, not an EgnError: {err}") from None

    def egn_with(path: tuple[Any, ...]) -> Callable[[Any], object]:
        def put(v: Any) -> object:
            data = copy.deepcopy(shipped)
            where = data
            for key in path[:-1]:
                where = where[key]
            where[path[-1]] = v
            return egn_read(data)

        return put

    egn_fields = [
        ("metadata",),
        ("metadata", "players"),
        ("metadata", "initialScore"),
        ("metadata", "ruleset"),
        ("metadata", "ruleset", "loner_lead"),
        ("deals",),
        ("deals", 0),
        ("deals", 0, "initialState"),
        ("deals", 0, "initialState", "dealer"),
        ("deals", 0, "initialState", "upCard"),
        ("deals", 0, "initialState", "playerCards"),
        ("deals", 0, "phases"),
        ("deals", 0, "phases", 0, "calls"),
        ("deals", 0, "phases", 0, "calls", 3),
        ("deals", 0, "phases", 0, "isAlone"),
        ("deals", 0, "phases", 0, "discard"),
        ("deals", 1, "phases", 0, "callAnnotations"),
        ("deals", 0, "phases", 1, "tricks"),
        ("deals", 0, "phases", 1, "tricks", 0),
        ("deals", 0, "phases", 1, "tricks", 0, 1),
    ]

    out = [
        Target("cards", el.cards),
        Target("Card.parse", Card.parse),
        Target("Card(index)", Card),
        Target("Suit.parse", Suit.parse),
        Target("Seat.parse", Seat.parse),
        Target("deck", el.deck),
        Target("Rules.preset", Rules.preset),
        Target("Rules.from_value", Rules.from_value),
        *(
            Target(f"Rules({f})", lambda v, f=f: Rules(**{f: v}))
            for f in ("points_to_win", "stick_the_dealer", "lone_defender_points", "benny", "deal_packets", "loner_lead")
        ),
        Target("Hand.deal(dealer)", lambda v: Hand.deal(v, seed=1)),
        Target("Hand.deal(rules)", lambda v: Hand.deal("N", rules=v, seed=1)),
        Target("Hand.deal(seed)", lambda v: Hand.deal("N", seed=v)),
        Target("Hand.from_cards(dealer)", lambda v: Hand.from_cards(v, HOLDINGS, "A♥")),
        Target("Hand.from_cards(holdings)", lambda v: Hand.from_cards("S", v, "A♥")),
        Target("Hand.from_cards(holdings[N])", lambda v: Hand.from_cards("S", {**HOLDINGS, "N": v}, "A♥")),
        Target("Hand.from_cards(upcard)", lambda v: Hand.from_cards("S", HOLDINGS, v)),
        Target("Hand.from_cards(kitty)", lambda v: Hand.from_cards("S", HOLDINGS, "A♥", kitty=v)),
        Target("Hand.from_cards(rules)", lambda v: Hand.from_cards("S", HOLDINGS, "A♥", rules=v)),
        Target("Hand.apply (bidding)", hand.apply, lambda: _hand_state(hand)),
        Target("Hand.apply (play)", played.apply, lambda: _hand_state(played)),
        Target("Hand.holding", hand.holding, lambda: _hand_state(hand)),
        Target("Hand.is_legal", hand.is_legal, lambda: _hand_state(hand)),
        Target("Hand.explain_illegal", hand.explain_illegal, lambda: _hand_state(hand)),
        Target("Action.parse", Action.parse),
        Target("Action(id)", Action),
        Target("replay", lambda v: el.replay(_safe_name(tmp, v) if isinstance(v, str) and v[:1] not in "{[" else v)),
        *(
            Target(f"replay(record[{k!r}])", lambda v, k=k: el.replay({**record, k: v}))
            for k in ("format", "rules", "dealer", "hands", "upcard", "kitty", "actions")
        ),
        Target("replay(record['hands']['N'])", lambda v: el.replay({**record, "hands": {**record["hands"], "N": v}})),
        Target("replay(record['actions'][0])", lambda v: el.replay({**record, "actions": [v]})),
        Target("egn.read", egn_read),
        *(Target(f"egn.read({'.'.join(map(str, path))})", egn_with(path)) for path in egn_fields),
        Target("egn.write", el.egn.write),
        Target("egn.read_series", egn_series),
        Target("Game(rules)", lambda v: Game(rules=v, seed=1)),
        Target("Game(seed)", lambda v: Game(seed=v)),
        Target("Game(dealer)", lambda v: Game(seed=1, dealer=v)),
        Target("Game.apply", game.apply, lambda: (game == Game(seed=1, dealer="N"), game.hand, game.score)),
        Target("choose_first_dealer", el.choose_first_dealer),
        Target("trick_winner(played)", lambda v: el.trick_winner(v, "hearts")),
        Target("trick_winner(trump)", lambda v: el.trick_winner("K♦ A♦", v)),
        Target("legal_plays(holding)", lambda v: el.legal_plays(v, "hearts", led="9♥")),
        Target("legal_plays(trump)", lambda v: el.legal_plays("J♦ A♦ K♣", v)),
        Target("legal_plays(led)", lambda v: el.legal_plays("J♦ A♦ K♣", "hearts", led=v)),
        Target("effective_suit(card)", lambda v: el.effective_suit(v, "hearts")),
        Target("is_trump(trump)", lambda v: el.is_trump("J♦", v)),
        Target("right_bower", el.right_bower),
        Target("left_bower", el.left_bower),
        Target("trump_order", el.trump_order),
        Target("score_hand(maker_tricks)", el.score_hand),
        Target("score_hand(rules)", lambda v: el.score_hand(3, rules=v)),
        Target("score_hand(lone_defender)", lambda v: el.score_hand(3, alone=True, lone_defender=v)),
        Target("quiz.generate(topic)", lambda v: el.quiz.generate(v, seed=1)),
        Target("quiz.generate(seed)", lambda v: el.quiz.generate("left-bower", seed=v)),
        Target("quiz.generate(rules)", lambda v: el.quiz.generate("legal-plays", seed=1, rules=v)),
        Target("Question.check", question.check, lambda: copy.deepcopy(question.to_dict())),
        *(
            Target(f"Question({f})", lambda v, f=f: Question(**{**question_fields(), f: v}))
            for f in ("prompt", "kind", "choices", "answer", "explanation", "feedback", "rules", "cards")
        ),
        Target("Question.from_dict", Question.from_dict),
        Target("load_bank", bank_source, folder=tmp),
        Target("load_bank(questions[0])", lambda v: load_bank({"format": "euchre-learn/quiz-bank-1", "questions": [v]})),
        Target("save_bank(path)", lambda v: save_bank([question], _safe_name(tmp, v)), folder=tmp),
        Target("save_bank(path in a file)", lambda v: save_bank([question], tmp / "a-file" / quote(v)[:20].replace("/", "_")), folder=tmp),
        Target("save_bank(questions)", lambda v: save_bank(v, tmp / "bank.json"), folder=tmp),
        Target("save_bank(title)", lambda v: save_bank([question], tmp / "bank.json", title=v), folder=tmp),
        Target("solve", el.solve),
        Target("advise(hand)", lambda v: el.advise(v, worlds=2, seed=1)),
        Target("advise(worlds)", lambda v: el.advise(hand, worlds=_small(v, 2), seed=1), lambda: _hand_state(hand)),
        Target("advise(policy)", lambda v: el.advise(hand, worlds=1, seed=1, policy=v)),
        Target("bots.get", el.bots.get),
        Target("bot.act", bot.act),
        Target("bot.explain", bot.explain),
        Target("examples.load", el.examples.load),
        Target("examples.hand(after)", lambda v: el.examples.hand("made", after=v)),
        Target("Table(rules)", lambda v: Table(v, seed=1)),
        Target("Table(humans)", lambda v: Table(humans=v, seed=1)),
        Target("Table(bots)", lambda v: Table(bots=v, seed=1)),
        Target("Table.act", lambda v: table().act(v), table_state, reset_table),
        Target("Table.rewind", lambda v: table().rewind(v), table_state, reset_table),
    ]
    return out


def stopped_pool() -> ThreadPoolExecutor:
    """An executor used after its ``with`` block: it refuses new work."""
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    return pool


class NotABot:
    name = "impostor"


def coach_targets() -> list[Target]:
    """The doors opened since issue 16 (issue 34): the review, the situation of a decision, the
    puzzles, a duplicate match, one decision reviewed and the Hint. A valid subject is the
    cheapest that exercises the whole path: a finished hand in which North makes one decision (or
    a hand two bids in, for every seat), one world of hidden cards, one deal of a duplicate match."""
    finished = el.examples.hand("dealer-alone")
    begun = el.examples.hand("dealer-alone", after=2)  # two decisions: every seat's review is quick
    record = el.examples.load("dealer-alone")
    position = el.examples.hand("made", after=5)
    bidding = Hand.from_cards("S", HOLDINGS, "A♥")
    puzzle = el.puzzles.all()[0]
    reviewed = el.review(finished, seat="N", worlds=1, seed=1)
    tmp = Path(tempfile.mkdtemp(prefix="euchre-fuzz-coach-"))
    atexit.register(shutil.rmtree, tmp, True)

    def review(subject: Any = finished, seat: Any = "N", worlds: Any = 1, seed: Any = 1) -> object:
        return el.review(subject, seat=seat, worlds=worlds, seed=seed)

    def duplicate(a: Any = "random", b: Any = "random", **kw: Any) -> object:
        return el.tournament.duplicate(a, b, **{"deals": 1, "seed": 1, **kw})

    def record_path(v: Any) -> Any:
        return _safe_name(tmp, v) if isinstance(v, str) and v.lstrip()[:1] not in ("{", "[") else v

    bots = (el.bots.get("random", seed=1), el.bots.get("random"), type(el.bots.get("random")), NotABot())
    executors = (stopped_pool(), ThreadPoolExecutor, Executor)
    return [
        Target("review(subject)", lambda v: review(record_path(v)), lambda: _hand_state(finished), folder=tmp),
        Target("review(subject list)", lambda v: review([record, v])),
        Target("review(seat)", lambda v: review(begun, seat=v), lambda: _hand_state(begun)),
        Target("review(worlds)", lambda v: review(worlds=_small(v, 1)), lambda: _hand_state(finished)),
        Target("review(seed)", lambda v: review(seed=v), lambda: _hand_state(finished)),
        *(
            Target(f"review(record[{k!r}])", lambda v, k=k: review({**record, k: v}))
            for k in ("score", "actions", "rules", "dealer")
        ),
        Target("Review.retry", reviewed.retry),
        Target("situation(hand)", el.situation),
        Target("situation(seat)", lambda v: el.situation(position, v), lambda: _hand_state(position)),
        Target("puzzles.all(theme)", el.puzzles.all),
        Target("puzzles.daily(date)", el.puzzles.daily),
        Target("Puzzle.check", puzzle.check, lambda: (_hand_state(puzzle.hand), puzzle.answer)),
        Target("duplicate(a)", lambda v: duplicate(a=v), extra=bots),
        Target("duplicate(b)", lambda v: duplicate(b=v), extra=bots),
        Target("duplicate(deals)", lambda v: duplicate(deals=_small(v, 2))),
        Target("duplicate(seed)", lambda v: duplicate(seed=v)),
        Target("duplicate(rules)", lambda v: duplicate(rules=v)),
        Target("duplicate(executor)", lambda v: duplicate(executor=v), extra=executors),
        Target("duplicate(processes)", lambda v: duplicate(processes=_small(v, 1))),
        Target("match(processes)", lambda v: el.tournament.match("random", "random", hands=2, seed=1, processes=_small(v, 1))),
        Target("duplicate(checkpoint)", lambda v: duplicate(checkpoint=_safe_name(tmp, v)), folder=tmp),
        Target("review_decision(position)", lambda v: review_decision(v, "pass", worlds=1, seed=1)),
        Target(
            "review_decision(action)",
            lambda v: review_decision(position, v, worlds=1, seed=1),
            lambda: _hand_state(position),
        ),
        Target(
            "review_decision(worlds)",
            lambda v: review_decision(position, position.legal_actions()[0], worlds=_small(v, 1), seed=1),
        ),
        Target("review_decision(seed)", lambda v: review_decision(position, position.legal_actions()[0], worlds=1, seed=v)),
        Target(
            "review_decision(score)",
            lambda v: review_decision(bidding, "pass", worlds=1, seed=1, score=v),
            lambda: _hand_state(bidding),
        ),
        Target("hint(hand)", lambda v: hint(v, seed=1, worlds=1)),
        Target("hint(score)", lambda v: hint(bidding, score=v, seed=1, worlds=1), lambda: _hand_state(bidding)),
        Target("hint(seed)", lambda v: hint(position, seed=v, worlds=1), lambda: _hand_state(position)),
    ]


def question_fields() -> dict[str, Any]:
    return {"prompt": "Which?", "kind": "single", "choices": ("J♦", "A♥"), "answer": "J♦", "explanation": "Bowers."}


# --- running --------------------------------------------------------------------------------------


def own_error(err: BaseException) -> bool:
    """The package's own error: an ``EuchreError``, or a ``ValueError`` raised inside euchre_learn."""
    if isinstance(err, EuchreError):
        return True
    if not isinstance(err, ValueError):
        return False
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(PACKAGE)


@dataclass
class Stats:
    """What a run did: inputs tried, accepted, refused clearly, and the leaks (name, value, problem)."""

    tried: int = 0
    accepted: int = 0
    clear: int = 0
    leaks: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, other: Stats) -> None:
        self.tried += other.tried
        self.accepted += other.accepted
        self.clear += other.clear
        self.leaks += other.leaks


def _temp_files(folder: Path | None) -> list[str]:
    if folder is None:
        return []
    return sorted(str(p) for p in folder.rglob("*.tmp"))


def probe(target: Target, value: Any, stats: Stats) -> None:
    """One call: counted as accepted or clear, or recorded as a leak."""
    stats.tried += 1
    before = target.snapshot() if target.snapshot is not None else None
    problem = None
    try:
        target.call(value)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as err:
        if not own_error(err):
            problem = f"{type(err).__name__}: {quote(_text(err), 200)}"
        elif len(_text(err)) > MAX_MESSAGE:
            problem = f"a {len(_text(err))}-character message"
        elif target.snapshot is not None and target.snapshot() != before:
            problem = "the shared state changed although the value was refused"
        else:
            stats.clear += 1
    else:
        stats.accepted += 1
        if target.reset is not None:
            target.reset()
    left = _temp_files(target.folder)
    if left:
        problem = (problem + "; " if problem else "") + f"temporary files left: {left}"
        for name in left:
            Path(name).unlink(missing_ok=True)
    if problem is not None:
        stats.leaks.append((target.name, quote(value), problem))


def _text(err: BaseException) -> str:
    try:
        return str(err)
    except Exception:
        return f"<{type(err).__name__} whose str() fails>"


def fuzz(target: Target, examples: int | None = None) -> Stats:
    """Every :data:`SPECIAL` value, then ``examples`` drawn values, through ``target``."""
    stats = Stats()
    for value in (*SPECIAL, *target.extra):
        probe(target, value, stats)
    n = budget() if examples is None else examples
    if n <= 0:
        return stats

    @settings(
        max_examples=n,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(VALUES)
    def run(value: Any) -> None:
        probe(target, value, stats)

    run()
    return stats


def fuzz_all(examples: int | None = None) -> Iterator[tuple[Target, Stats]]:
    for target in targets():
        yield target, fuzz(target, examples)


__all__ = ["SPECIAL", "VALUES", "Stats", "Target", "budget", "example", "fuzz", "fuzz_all", "own_error", "targets"]
