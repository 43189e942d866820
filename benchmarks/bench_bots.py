"""The bot benchmark: per variant and level, win rates with 95% intervals (per match and per
round), the worth of memory, reaction times and the share of each kind of mistake.

    python benchmarks/bench_bots.py                       # 200 matches per line-up, every variant
    python benchmarks/bench_bots.py --games 400 --variant kombio
    python benchmarks/bench_bots.py --games 1000 --variant kumbal --only "vs 3" --timing
    python benchmarks/bench_bots.py --games 1000 --variant sixteen-combos   # 16 Combos: 2, 3, 4 characters
    python benchmarks/bench_bots.py --games 1000 --variant sixteen-combos --only "passes every turn"

Each line-up seats one bot under test against others of one kind (four seats unless the label
says two-handed; 16 Combos names its characters), default match options. Its seat rotates over
the seats so the deal order does not favour it. A match (or round) won on an equal lowest score
counts for every tied seat; a fair share is 1/seats. Intervals are Wilson 95% intervals.

16 Combos also seats a staller ("passes every turn": the hard bot's placement and reactions, but
never an action) against hard bots: its win rate says whether doing nothing pays (the goal: at
most 15% with two characters, below a fair share with four).

- Worth of memory: each level against three of itself, once with perfect recall (it forgets
  nothing) and once with no memory (it knows only what is in view right now).
- Reaction time: from the moment the out-of-turn action a bot took became open to it (the card it
  reacts to had just become visible to it) to the moment the action was applied, on the simulated
  clock, over every out-of-turn action of that level in the line-ups above.
- Mistakes (per 100 rounds of the bot under test): penalties by reason, wrong match claims and
  failed KOMBIO calls (Kombio), failed Kumbal calls (Kumbal, with the share of its calls that
  succeed), wrong claims by reason (Kabu), the default moves its model fell back on, illegal actions.
- --timing: each level's decide() time over whole four-player matches (p50, p99, max), and for the
  memory-grid variants (Kombio, Kabu) the hard bot's again with every grid dealt 8 cards.

Matches run on a simulated clock (game.core.session.run_to_end), spread over worker processes; the
figures do not depend on how many.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.registry import bot_seed, make_agent  # noqa: E402
from game.core.actions import Pass  # noqa: E402
from game.core.events import PenaltyGiven, RoundScored  # noqa: E402
from game import games  # noqa: E402
from game.core.game import get_variant  # noqa: E402
from game.core.session import Session, run_to_end  # noqa: E402
from game.ladder import LadderLine, VariantLadder, write_ladder  # noqa: E402
from game.simulate import match_seed  # noqa: E402

# (label, seats, bot under test, its tweaks, the others, their tweaks)
Lineup = tuple[str, int, str, dict[str, Any], str, dict[str, Any]]

LADDER: list[Lineup] = [
    ("hard vs 3 random", 4, "hard", {}, "random", {}),
    ("easy vs 3 random", 4, "easy", {}, "random", {}),
    ("hard vs 3 easy", 4, "hard", {}, "easy", {}),
    ("medium vs 3 easy", 4, "medium", {}, "easy", {}),
    ("hard vs 3 medium", 4, "hard", {}, "medium", {}),
    ("hard vs 3 hard", 4, "hard", {}, "hard", {}),
]


# 16 Combos is a battle of characters: two-character line-ups first, then three and four.
SIXTEEN_COMBOS_LADDER: list[Lineup] = [
    ("hard vs random, two characters", 2, "hard", {}, "random", {}),
    ("easy vs random, two characters", 2, "easy", {}, "random", {}),
    ("hard vs easy, two characters", 2, "hard", {}, "easy", {}),
    ("medium vs easy, two characters", 2, "medium", {}, "easy", {}),
    ("hard vs medium, two characters", 2, "hard", {}, "medium", {}),
    ("hard vs hard, two characters", 2, "hard", {}, "hard", {}),
    ("hard vs 2 random, three characters", 3, "hard", {}, "random", {}),
    ("hard vs 2 easy, three characters", 3, "hard", {}, "easy", {}),
    ("hard vs 3 random, four characters", 4, "hard", {}, "random", {}),
    ("hard vs 3 easy, four characters", 4, "hard", {}, "easy", {}),
    # The staller: the hard bot's placement and reactions, but it passes every turn (a fortress
    # that never attacks); the rules' pass cost and the bot's attack must make it lose.
    ("passes every turn vs hard, two characters", 2, "hard", {"stall": True}, "hard", {}),
    ("passes every turn vs 3 hard, four characters", 4, "hard", {"stall": True}, "hard", {}),
]


def ladder(variant: str) -> list[Lineup]:
    return SIXTEEN_COMBOS_LADDER if variant == "sixteen-combos" else LADDER


def memory_lineups(variant: str) -> list[Lineup]:
    out: list[Lineup] = []
    if variant == "sixteen-combos":
        return out
    for level in ("easy", "medium", "hard"):
        if variant in ("kombio", "kabu"):
            out.append((f"{level}, perfect memory, vs 3 {level}", 4, level, {"memory": "perfect"}, level, {}))
        out.append((f"{level}, no memory, vs 3 {level}", 4, level, {"memory": False}, level, {}))
    if variant == "combat-uno":
        out.append(("hard vs hard without memory, two-handed", 2, "hard", {}, "hard", {"memory": False}))
    if variant == "kabu":
        out.append(("hard, no memory, vs 3 easy", 4, "hard", {"memory": False}, "easy", {}))
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class _Timed:
    """Wraps a bot: remembers whether the action it is about to take was decided out of turn."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.reacting: Any = None

    @property
    def fallbacks(self) -> int:
        return getattr(self.inner, "fallbacks", 0)

    def begin(self, *args: Any) -> None:
        self.inner.begin(*args)

    def observe(self, events: list) -> None:
        self.inner.observe(events)

    @property
    def notice(self) -> Any:
        return getattr(self.inner, "notice", None)

    @property
    def clock(self) -> Any:
        return getattr(self.inner, "clock", None)

    def decide(self, view: Any, legal: list, now: float) -> Any:
        intent = self.inner.decide(view, legal, now)
        self.reacting = intent.action if view.out_of_turn and not isinstance(intent.action, Pass) else None
        return intent


class _TimedSession(Session):
    """Follows since when each action has been open to each seat out of turn (checked after every
    action), and times each out-of-turn action from that moment. An action equal to one the seat had
    on its turn (Combat UNO's Play of a card, jumped in once its turn has ended) opens anew, unless it
    is a reaction wherever it is taken (an UNO call, Action.reaction)."""

    def __init__(self, *args: Any, **kwargs: Any):
        self.reactions: dict[int, list[float]] = {}
        self.since: dict[tuple[int, Any, bool], float] = {}
        super().__init__(*args, **kwargs)

    def apply(self, action: Any, t: float) -> list:
        seat = getattr(action, "seat", None)
        agent = self.agents.get(seat) if seat is not None else None
        key = (seat, action, None if action.reaction else True)
        if isinstance(agent, _Timed) and agent.reacting == action and key in self.since:
            self.reactions.setdefault(seat, []).append(t - self.since[key])
            agent.reacting = None
        events = super().apply(action, t)
        game = self.game
        now = game.now
        keys = [(s, a, None if a.reaction else out) for s in game.seats_to_act()
                for out in (game.acts_out_of_turn(s),) for a in game.legal_actions(s)]
        self.since = {k: self.since.get(k, now) for k in keys}
        return events


class _Mistakes:
    """Counts the mistakes of one seat from the table's events (a call is judged when the round is scored)."""

    def __init__(self, seat: int):
        self.seat = seat
        self.counter: Counter = Counter()
        self.called = False

    def __call__(self, events: list) -> None:
        seat = self.seat
        for e in events:
            name = type(e).__name__
            if isinstance(e, PenaltyGiven) and e.seat == seat:
                self.counter[f"penalty: {e.reason}"] += 1
            elif name == "MatchAttempted" and e.seat == seat and not e.correct:
                self.counter["wrong match claim"] += 1
            elif name == "ClaimMissed" and e.seat == seat:
                self.counter[f"wrong claim ({e.reason})"] += 1
            elif name == "KombioCalled" and e.seat == seat and not e.automatic:
                self.called = True
            elif name == "CallResult" and e.seat == seat:
                self.counter["Kumbal call (made)" if e.made else "failed Kumbal call"] += 1
            elif isinstance(e, RoundScored) and self.called:
                if any(h <= e.hands[seat] for s, h in enumerate(e.hands) if s != seat):
                    self.counter["failed KOMBIO call"] += 1
                self.called = False


def _chunk(job: tuple) -> dict[str, Any]:
    variant, lineup, seat, games, seed = job
    label, seats, focus, focus_tweaks, other, other_tweaks = lineup
    cls = get_variant(variant)
    out: dict[str, Any] = {"games": 0, "wins": 0.0, "rounds": 0, "round_wins": 0.0, "illegal": 0,
                           "fallbacks": 0, "mistakes": Counter(), "reactions": {}}
    for index in range(games):
        mseed = match_seed(seed, index)
        game = cls(seats, None, mseed)
        kinds = [other] * seats
        kinds[seat] = focus
        agents = {}
        for s, kind in enumerate(kinds):
            tweaks = focus_tweaks if s == seat else other_tweaks
            agents[s] = _Timed(make_agent(cls.id, kind, bot_seed(mseed, s), **(tweaks if kind != "random" else {})))
        mistakes = _Mistakes(seat)
        session = _TimedSession(game, agents, listener=mistakes)
        run_to_end(session)
        out["games"] += 1
        if seat in game.winners:
            out["wins"] += 1
        best = max if variant == "sixteen-combos" else min   # 16 Combos scores an encounter won as 1
        for scores in game.score.rounds:
            out["rounds"] += 1
            if scores[seat] == best(scores):
                out["round_wins"] += 1
        out["illegal"] += session.illegal
        out["fallbacks"] += getattr(agents[seat], "fallbacks", 0)
        out["mistakes"].update(mistakes.counter)
        for s, times in session.reactions.items():
            level = kinds[s] + ("" if not (focus_tweaks if s == seat else other_tweaks) else "*")
            out["reactions"].setdefault(level, []).extend(times)
    return out


def run_lineup(pool: ProcessPoolExecutor, variant: str, lineup: Lineup, games: int, seed: int,
               parts: int) -> dict[str, Any]:
    seats = lineup[1]
    jobs = []
    for part in range(parts):
        n = games // parts + (1 if part < games % parts else 0)
        if n:
            jobs.append((variant, lineup, part % seats, n, seed * 1000 + part))
    total: dict[str, Any] = {"games": 0, "wins": 0.0, "rounds": 0, "round_wins": 0.0, "illegal": 0,
                             "fallbacks": 0, "mistakes": Counter(), "reactions": {}}
    for r in pool.map(_chunk, jobs):
        for key in ("games", "wins", "rounds", "round_wins", "illegal", "fallbacks"):
            total[key] += r[key]
        total["mistakes"].update(r["mistakes"])
        for level, times in r["reactions"].items():
            total["reactions"].setdefault(level, []).extend(times)
    return total


# The memory-grid variants deal their grids from a module constant; --timing also times the hard
# bot with grids dealt this large (penalty cards make a grid grow: the slowest case to think about).
BIG_GRID = 8


def time_decisions(variant: str, level: str, games: int, seed: int, grid: int | None = None) -> dict[str, float]:
    """decide() time of `level` bots, four of them, over whole matches (one process): wall time, and
    the process's CPU time (what the decision itself costs on a machine shared with other work).
    `grid`: deal every grid with that many cards (memory-grid variants only)."""
    cls = get_variant(variant)
    module = sys.modules[cls.__module__]
    dealt = getattr(module, "GRID_SIZE", None)
    if grid is not None:
        if dealt is None:
            raise ValueError(f"{variant} deals no grids")
        module.GRID_SIZE = grid   # type: ignore[attr-defined]
    try:
        return _time_decisions(cls, level, games, seed)
    finally:
        if grid is not None:
            module.GRID_SIZE = dealt   # type: ignore[attr-defined]


def _time_decisions(cls: Any, level: str, games: int, seed: int) -> dict[str, float]:
    ms: list[float] = []
    cpu: list[float] = []
    for index in range(games):
        mseed = match_seed(seed, index)
        agents = {s: make_agent(cls.id, level, bot_seed(mseed, s)) for s in range(4)}
        for agent in agents.values():
            inner = agent.decide

            def timed(view: Any, legal: list, now: float, inner: Any = inner) -> Any:
                t0, c0 = time.perf_counter(), time.process_time()
                intent = inner(view, legal, now)
                ms.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                return intent
            agent.decide = timed
        run_to_end(Session(cls(4, None, mseed), agents))
    ms.sort()
    cpu.sort()
    return {"decisions": len(ms), "p50": ms[len(ms) // 2], "p99": ms[int(0.99 * (len(ms) - 1))], "max": ms[-1],
            "cpu_p50": cpu[len(cpu) // 2], "cpu_p99": cpu[int(0.99 * (len(cpu) - 1))]}


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="matches per line-up (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--variant", default="", help="only this variant (default: every game with a bot, game/games.py)")
    parser.add_argument("--only", default="", help="only line-ups whose label contains this text")
    parser.add_argument("--timing", action="store_true", help="also time each level's decisions")
    parser.add_argument("--ladder", type=Path, default=None, metavar="JSON",
                        help="also write the ladder line-ups' match win rates here, for the game's Bot levels "
                             "screen (game/rules/bot-ladder.json); variants not measured stay as they were")
    parser.add_argument("--ladder-only", action="store_true", help="only the ladder line-ups (no memory line-ups)")
    args = parser.parse_args(argv)
    ladders: dict[str, Any] = {}
    variants = [args.variant] if args.variant else [e.id for e in games.entries() if e.bots is not None]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for variant in variants:
            reactions: dict[str, list[float]] = {}
            print(f"\n{variant}: {args.games} matches per line-up, default options, seed {args.seed}")
            print(f"{'line-up':44} {'match win rate (95%)':>24} {'round win rate (95%)':>24}  mistakes per 100 rounds")
            for lineup in ladder(variant) + ([] if args.ladder_only else memory_lineups(variant)):
                if args.only.lower() not in lineup[0].lower():
                    continue
                t0 = time.perf_counter()
                r = run_lineup(pool, variant, lineup, args.games, args.seed, max(4, 2 * args.jobs))
                m_lo, m_hi = wilson(r["wins"], r["games"])
                r_lo, r_hi = wilson(r["round_wins"], r["rounds"])
                per100 = 100 / max(1, r["rounds"])
                kinds = dict(r["mistakes"])
                if r["fallbacks"]:
                    kinds["fallback"] = r["fallbacks"]
                if r["illegal"]:
                    kinds["illegal"] = r["illegal"]
                made, failed = kinds.pop("Kumbal call (made)", 0), kinds.get("failed Kumbal call", 0)
                if made + failed:
                    kinds["Kumbal calls that succeed (%)"] = 100 * made / (made + failed) / per100
                shown = ", ".join(f"{k} {v * per100:.1f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
                print(f"{lineup[0]:44} {r['wins'] / r['games']:>7.1%} ({m_lo:.1%}-{m_hi:.1%})"
                      f" {r['round_wins'] / r['rounds']:>7.1%} ({r_lo:.1%}-{r_hi:.1%})  {shown or '-'}"
                      f"  [{time.perf_counter() - t0:.0f}s, {r['rounds']} rounds]", flush=True)
                if lineup in ladder(variant):
                    ladders.setdefault(variant, []).append(
                        LadderLine(lineup[0], round(r["wins"] / r["games"], 4), round(m_lo, 4), round(m_hi, 4)))
                    for level, times in r["reactions"].items():
                        reactions.setdefault(level, []).extend(times)
            print(f"reaction times, {variant} (s): level  n  min  p5  p50  p95")
            for level in ("random", "easy", "medium", "hard"):
                times = reactions.get(level)
                if times:
                    print(f"  {level:7} {len(times):6} {min(times):.3f} {_pct(times, 0.05):.3f}"
                          f" {_pct(times, 0.5):.3f} {_pct(times, 0.95):.3f}")
            if args.timing:
                for level in ("easy", "medium", "hard"):
                    t = time_decisions(variant, level, max(20, args.games // 10), args.seed)
                    print(f"  {level} decide(), {variant}: {t['decisions']} decisions, p50 {t['p50']:.3f} ms, "
                          f"p99 {t['p99']:.3f} ms, max {t['max']:.2f} ms; CPU time p50 {t['cpu_p50']:.3f} ms, "
                          f"p99 {t['cpu_p99']:.3f} ms")
                if hasattr(sys.modules[get_variant(variant).__module__], "GRID_SIZE"):
                    t = time_decisions(variant, "hard", max(20, args.games // 10), args.seed, grid=BIG_GRID)
                    print(f"  hard decide(), {variant}, {BIG_GRID}-card grids: {t['decisions']} decisions, "
                          f"CPU time p50 {t['cpu_p50']:.3f} ms, p99 {t['cpu_p99']:.3f} ms (goal < 3 ms); "
                          f"wall p99 {t['p99']:.3f} ms")
    print(f"total {time.perf_counter() - started:.0f}s")
    if args.ladder is not None and ladders:
        today = time.strftime("%Y-%m-%d")
        write_ladder(args.ladder, {v: VariantLadder(v, ladder(v)[0][1], args.games, today, tuple(lines))
                                   for v, lines in ladders.items()},
                     f"python benchmarks/bench_bots.py --games {args.games} --seed {args.seed} --ladder ...")
        print(f"ladder written to {args.ladder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
