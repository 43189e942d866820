"""Engine speed: random legal actions per second on one core, driving a variant's engine directly.

    python benchmarks/bench_engine.py                       # Kombio, 2 and 4 players
    python benchmarks/bench_engine.py --variant kombio --players 2,3,4 --seconds 5
    python benchmarks/bench_engine.py --variant combat-uno --simulate   # engine vs the simulate path
    python benchmarks/bench_engine.py --variant sixteen-combos --players 2,3,4
    python benchmarks/bench_engine.py --scaling          # every variant, 2 to 6 seats (its own range)
    python benchmarks/bench_engine.py --variant kabu --players 4 --seconds 2 --rounds 5 --against ../base
        # this checkout's engine beside another checkout's (git worktree add ../base fddd4b9), in turn
    python benchmarks/bench_engine.py --variant combat-uno --players 4 --split --rounds 5
        # where an action's CPU time goes: the loop's random choices, who may act and the legal list, apply
    valgrind --tool=callgrind python benchmarks/bench_engine.py --variant combat-uno --players 4 --actions 6000
        # (and --actions 2000): the difference of the two "Collected" counts over 4,000 is the
        # instructions per action, a figure the machine's load does not move

The loop is what a headless driver does at its simplest: ask which seats may act, pick one at
random, list its legal actions, apply a random one; when nobody may act, apply the table's own
action (a window's expiry at its deadline, the next round). A finished match is replaced by a new one
(construction is counted in the time, not as actions). It works for any registered variant whose
engine follows the Game interface (legal_actions, seats_to_act, table_action, apply).

--simulate measures the same engine through the path `cardhall simulate` takes (a Session on a
simulated clock, random bots asked for intents with their views, events redacted for every seat)
and prints both figures side by side with the ratio; then it replays the very matches the simulate
path played on the bare engine (the bare loop's calls per action, the actions from the histories)
and prints simulate time over that (both timed again, interleaved, best of three rounds): the cost
of the driver over the engine on the same matches. Last it splits that cost in two: the same matches
asked, step by step, exactly the engine questions the simulate path asked (every acting seat's
situation and legal list, not only the actor's), and the Session's own work (asking the bots,
keeping their intents), the rest. And it plays the same matches with the leanest driver that asks
the bots by the Session's rules and does nothing else (`replay_leanest`): the floor no Session can
go below while bots are asked as they are.

--scaling measures every variant (or --variant) at each seat count from 2 to 6 (as far as the
variant seats) and checks the goal that throughput falls no faster than 1/seats: the rate at n
seats is at least the 2-seat rate times 2/n. Seat counts are interleaved over --rounds rounds and
the median is printed.

Rates are random legal actions per CPU second of this process (time.process_time): the machine is
shared, and another busy process slows the wall clock, not the CPU time an action costs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

# The checkout whose engines are measured: this one, or the one --against runs (BENCH_ENGINE_ROOT).
sys.path.insert(0, os.environ.get("BENCH_ENGINE_ROOT") or str(Path(__file__).resolve().parent.parent))

from game.core.actions import TABLE  # noqa: E402
from game.core.game import get_variant  # noqa: E402


# The target where it is not the default (each 16 Combos action does a referee's work).
TARGETS = {"sixteen-combos": 20_000}


def run(variant: str, players: int, seconds: float, seed: int, options: dict | None = None,
        limit: int = 0) -> dict[str, float]:
    """The loop for `seconds` of CPU time, or (`limit`, a multiple of 1,000) for that many actions."""
    cls = get_variant(variant)
    rng = random.Random(seed)
    choice = rng.choice
    actions = matches = 0
    match_index = 0
    game = cls(players, options, seed)
    started = time.process_time()
    deadline = started + seconds
    while True:
        # Check the clock every 1,000 actions so the timer costs little.
        for _ in range(1000):
            if game.over:
                matches += 1
                match_index += 1
                game = cls(players, options, seed * 1_000_003 + match_index)
            acting = game.seats_to_act()
            if acting:
                seat = acting[0] if len(acting) == 1 else choice(acting)
                legal = game.legal_actions(seat)
                game.apply(choice(legal), game.now)
            else:
                pending = game.table_action()
                if pending is None:
                    raise RuntimeError(f"{variant}: nobody may act and the table has nothing to do")
                action, due = pending
                game.apply(action, game.now if due is None else max(due, game.now))
            actions += 1
        if (actions >= limit) if limit else time.process_time() >= deadline:
            break
    elapsed = time.process_time() - started
    return {"actions": actions, "seconds": elapsed, "per_second": actions / elapsed, "matches": matches}


def clear_caches() -> None:
    """Empty the engines' memo caches (functools caches in game.*): the two sides of a same-match
    comparison each start cold, or the second would find every hand of the first already worked
    out (Kumbal's discard options)."""
    for name, module in list(sys.modules.items()):
        if name.startswith("game."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def run_simulate(variant: str, players: int, seconds: float, seed: int, options: dict | None = None) -> dict[str, Any]:
    """Whole matches through game.simulate.play_match with random bots, for at least `seconds`.
    Returns the figures and the matches played (seed and history) for `replay_bare`."""
    from game.simulate import match_seed, play_match

    actions = matches = 0
    played = []
    clear_caches()
    started = time.process_time()
    while time.process_time() - started < seconds:
        mseed = match_seed(seed, matches)
        session, _ = play_match(variant, ["random"] * players, mseed, options)
        actions += len(session.game.history)
        played.append((mseed, session.game.history))
        matches += 1
    elapsed = time.process_time() - started
    return {"actions": actions, "seconds": elapsed, "per_second": actions / elapsed, "matches": matches,
            "played": played}


def replay_bare(variant: str, players: int, played: list, options: dict | None = None) -> float:
    """CPU seconds the bare engine needs for the very matches the simulate path played: per action
    the bare loop's own calls (who may act, the actor's legal actions or the table's action, apply),
    with the actions taken from the histories. The simulate path's time over this is what the
    driver costs; the random-seat loop of `run` plays other matches (far more off-turn passes in
    Combat UNO, whose bots let a window run out when they can only pass)."""
    cls = get_variant(variant)
    clear_caches()
    started = time.process_time()
    for mseed, history in played:
        game = cls(players, options, mseed)
        for t, action in history:
            game.seats_to_act()
            if action.seat == TABLE:
                game.table_action()
            else:
                game.legal_actions(action.seat)
            game.apply(action, t)
    return time.process_time() - started


# The engine questions a Session asks (game/core/session.py): every one is answered from the state
# alone, so replaying them on a bare engine at the same steps costs what they cost the simulate path.
ASKED = ("seats_to_act", "table_action", "situation", "situation_for", "legal_actions", "acts_out_of_turn", "observe")


def record_asks(variant: str, players: int, played: list, options: dict | None = None) -> list[list[list[tuple]]]:
    """The engine questions the simulate path asked, per match and step (before each action), for
    `replay_asks`: the matches are played again (untimed) with each question logged as it is asked."""
    from ai.registry import make_agent
    from game.core.session import Session
    from game.simulate import bot_seed

    cls = get_variant(variant)
    logs = []
    for mseed, history in played:
        game = cls(players, options, mseed)
        steps: list[list[tuple]] = [[] for _ in range(len(history) + 1)]
        depth = [0]   # only the Session's own questions: not those an engine method asks itself
        for name in ASKED:
            def logged(*args, _name=name, _method=getattr(game, name)):
                if not depth[0]:
                    steps[len(game.history)].append((_name, args))
                depth[0] += 1
                try:
                    return _method(*args)
                finally:
                    depth[0] -= 1
            setattr(game, name, logged)   # the instance's own attribute, seen first by the Session

        def applying(*args, _apply=game.apply):
            depth[0] += 1
            try:
                return _apply(*args)
            finally:
                depth[0] -= 1
        game.apply = applying   # what apply asks itself (who may act, to check the action) is its own
        session = Session(game, {seat: make_agent(cls.id, "random", bot_seed(mseed, seat)) for seat in range(players)})
        session.run_to_end()
        if game.history != history:
            raise RuntimeError(f"{variant}: match {mseed} did not play the same again")
        logs.append(steps)
    return logs


def replay_asks(variant: str, players: int, played: list, logs: list, options: dict | None = None) -> float:
    """CPU seconds the bare engine needs for the very matches, asked at every step exactly what the
    simulate path asked it (who acts, the table's action, each acting seat's situation, legal list
    and view) before the action is applied: the engine's share of the simulate path's time. The
    questions are turned into calls of the games' own methods before the clock starts (and the
    games made then), so the replay costs the calls, not the looking up of names."""
    cls = get_variant(variant)
    matches = []
    for (mseed, history), steps in zip(played, logs):
        game = cls(players, options, mseed)
        methods = {name: getattr(game, name) for name in ASKED}
        matches.append((game.apply, [(t, action, [(methods[name], args) for name, args in asked])
                                     for (t, action), asked in zip(history, steps)]))
    clear_caches()
    started = time.process_time()
    for apply, steps in matches:
        for t, action, calls in steps:
            for method, args in calls:
                method(*args)
            apply(action, t)
    return time.process_time() - started


def replay_simulate(variant: str, players: int, played: list, options: dict | None = None) -> float:
    """CPU seconds the simulate path takes to play the very matches again (the same seeds)."""
    from game.simulate import play_match

    clear_caches()
    started = time.process_time()
    for mseed, _ in played:
        play_match(variant, ["random"] * players, mseed, options)
    return time.process_time() - started


def replay_leanest(variant: str, players: int, played: list, options: dict | None = None) -> tuple[float, int]:
    """CPU seconds the leanest driver that keeps the Session's rules of asking needs for the very
    matches, and how many of them it played identically. The rules kept: every seat that may act
    and holds no intent is asked (a Glance and its legal list), except one that can only pass while
    a deadline will close the window; an intent whose seat's situation changed is dropped; the
    earliest intent fires, equal times by the tie draw, the table's action first only when strictly
    earlier. Everything else a Session does is left out (its per-version caches, views, events,
    watchers, the waiting seats' tie draws and `notice`, hurry): what is left is what any driver
    that asks bots as the Session does must pay, so its time over the bare engine is the floor for
    the goal "the simulate path within 1.5x of the bare engine"."""
    from ai.registry import make_agent
    from game.core.session import Glance
    from game.simulate import bot_seed

    cls = get_variant(variant)
    games = []
    for mseed, _ in played:
        game = cls(players, options, mseed)
        agents = {seat: make_agent(cls.id, "random", bot_seed(mseed, seat)) for seat in range(players)}
        for seat, agent in agents.items():
            agent.begin(seat, cls, players, dict(game.options))
        games.append((game, [agents[seat].decide for seat in range(players)]))
    glances = [{False: Glance(seat, False), True: Glance(seat, True)} for seat in range(players)]
    clear_caches()
    started = time.process_time()
    for game, decide in games:
        _leanest_match(game, decide, glances, random.Random(f"session ties {game.seed}").random)
    elapsed = time.process_time() - started
    return elapsed, sum(game.history == history for (game, _), (_, history) in zip(games, played))


def _leanest_match(game: Any, decide: list, glances: list, ties: Any) -> None:
    from game.core.actions import Pass, StartRound
    from game.core.errors import IllegalAction

    pending: dict[int, tuple] = {}   # seat -> (due, order, action, situation)
    seats_to_act, table_action, legal_actions = game.seats_to_act, game.table_action, game.legal_actions
    situation_for, acts_out_of_turn, apply = game.situation_for, game.acts_out_of_turn, game.apply
    asked_at = -1
    while not game.over:
        now = game.now
        table = table_action()
        if game.version != asked_at:
            asked_at = game.version
            acting = seats_to_act()
            for seat in list(pending):
                if seat not in acting or pending[seat][3] != situation_for(seat):
                    del pending[seat]
            deadline_due = table is not None and table[1] is not None
            for seat in acting:
                if seat in pending:
                    continue
                legal = legal_actions(seat)
                if not legal or (deadline_due and len(legal) == 1 and type(legal[0]) is Pass):
                    continue
                intent = decide[seat](glances[seat][acts_out_of_turn(seat)], legal, now)
                delay = intent.delay
                pending[seat] = (now + (delay if delay > 0.0 else 0.0), ties(), intent.action, situation_for(seat))
        best = None
        best_seat = -1
        for seat, p in pending.items():
            if best is None or p[0] < best[0] or (p[0] == best[0] and p[1] < best[1]):
                best, best_seat = p, seat
        if table is not None and table[1] is None:
            table = (table[0], now) if isinstance(table[0], StartRound) else None
        if table is not None and (best is None or table[1] < best[0]):
            action, due = table
        elif best is not None:
            action, due = best[2], best[0]
            del pending[best_seat]
            asked_at = -1   # if it is refused, that seat is asked again
        else:
            raise RuntimeError(f"{game.id}: nobody can act")
        try:
            apply(action, due if due > now else now)
        except IllegalAction:
            pass


def same_matches(variant: str, players: int, played: list, options: dict | None = None, rounds: int = 3) -> dict[str, float]:
    """The simulate path, the bare engine and the bare engine asked the simulate path's questions, on
    the very same matches: the best of `rounds` interleaved rounds each (the machine is shared, and a
    busy neighbour in one side's turn would skew a single ratio)."""
    logs = record_asks(variant, players, played, options)
    best = {"simulate": float("inf"), "bare": float("inf"), "asked": float("inf"), "leanest": float("inf")}
    identical = len(played)
    for _ in range(rounds):
        best["simulate"] = min(best["simulate"], replay_simulate(variant, players, played, options))
        best["bare"] = min(best["bare"], replay_bare(variant, players, played, options))
        best["asked"] = min(best["asked"], replay_asks(variant, players, played, logs, options))
        leanest, same = replay_leanest(variant, players, played, options)
        best["leanest"] = min(best["leanest"], leanest)
        identical = min(identical, same)
    return {**best, "rounds": rounds, "identical": identical}


def scaling(variants: list[str], seconds: float, rounds: int, seed: int) -> bool:
    """Throughput at 2..6 seats per variant, interleaved; True if every variant keeps rate(n) >=
    rate(2) * 2 / n."""
    import statistics

    ok = True
    for variant in variants:
        cls = get_variant(variant)
        seats = list(range(max(2, cls.min_seats), min(6, cls.max_seats) + 1))
        rates: dict[int, list[float]] = {n: [] for n in seats}
        for r in range(rounds):
            for n in seats:
                rates[n].append(run(variant, n, seconds, seed + r)["per_second"])
        median = {n: statistics.median(v) for n, v in rates.items()}
        base = median[seats[0]]
        cells = []
        good = True
        for n in seats:
            floor = base * seats[0] / n
            fine = median[n] >= floor
            good &= fine
            cells.append(f"{n}: {median[n]:,.0f}{'' if fine else ' (BELOW ' + format(floor, ',.0f') + ')'}")
        ok &= good
        print(f"{variant} actions per CPU second by seats: {'; '.join(cells)}"
              f" -> {'falls no faster than 1/seats' if good else 'falls FASTER than 1/seats'}"
              f" (x{median[seats[-1]] * seats[-1] / (base * seats[0]):.2f} of the 1/seats line at {seats[-1]})",
              flush=True)
    return ok


def against(variant: str, players: int, seconds: float, seed: int, rounds: int, other: str) -> float:
    """This checkout's engine and `other`'s (a checkout of another commit) in turn, each round both in
    fresh processes (this script's loop, the order swapped every round); prints the medians and the
    ratio of each round's pair; returns the median ratio."""
    def one(root: str | None) -> float:
        env = dict(os.environ)
        env.pop("BENCH_ENGINE_ROOT", None)
        if root is not None:
            env["BENCH_ENGINE_ROOT"] = str(Path(root).resolve())
        out = subprocess.run([sys.executable, __file__, "--variant", variant, "--players", str(players),
                              "--seconds", str(seconds), "--seed", str(seed), "--json"],
                             env=env, capture_output=True, text=True, check=True)
        return json.loads(out.stdout)["per_second"]

    mine: list[float] = []
    theirs: list[float] = []
    for i in range(rounds):
        for root in ((None, other) if i % 2 == 0 else (other, None)):
            (mine if root is None else theirs).append(one(root))
    ratios = [a / b for a, b in zip(mine, theirs)]
    median = statistics.median(ratios)
    print(f"{variant} {players} players: this checkout {statistics.median(mine):,.0f}, {other} "
          f"{statistics.median(theirs):,.0f} random legal actions per CPU second (medians of {rounds} interleaved "
          f"rounds of {seconds:g} s); ratio of each round's pair: median {median:.2f}x "
          f"(range {min(ratios):.2f}-{max(ratios):.2f})", flush=True)
    return median


def split(variant: str, players: int, seed: int, actions: int = 20_000, rounds: int = 5) -> dict[str, float]:
    """Where the loop's time goes, in CPU microseconds per action (medians of `rounds`): the whole
    loop (`run`), the same actions replayed with the loop's questions (who may act, the actor's legal
    list or the table's action) and apply, and apply alone. The loop's own work (its random choices)
    is the first less the second, the questions the second less the third."""
    cls = get_variant(variant)
    rng = random.Random(seed)
    matches: list[tuple[int, list]] = []
    steps: list = []
    game, index = cls(players, None, seed), 0
    for _ in range(actions):   # the loop of `run`, keeping what it did
        if game.over:
            matches.append((index, steps))
            index, steps = index + 1, []
            game = cls(players, None, seed * 1_000_003 + index)
        acting = game.seats_to_act()
        if acting:
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            action, t = rng.choice(game.legal_actions(seat)), game.now
        else:
            action, due = game.table_action()  # type: ignore[misc]
            seat, t = TABLE, game.now if due is None else max(due, game.now)
        steps.append((seat, action, t))
        game.apply(action, t)
    matches.append((index, steps))

    def replay(ask: bool) -> float:
        clear_caches()
        started = time.process_time()
        for index, steps in matches:
            game = cls(players, None, seed if index == 0 else seed * 1_000_003 + index)
            for seat, action, t in steps:
                if ask:
                    game.seats_to_act()
                    if seat == TABLE:
                        game.table_action()
                    else:
                        game.legal_actions(seat)
                game.apply(action, t)
        return (time.process_time() - started) / actions * 1e6

    loop, asked, alone = [], [], []
    for _ in range(rounds):
        clear_caches()
        r = run(variant, players, 0, seed, None, actions)
        loop.append(r["seconds"] / r["actions"] * 1e6)
        asked.append(replay(True))
        alone.append(replay(False))
    return {"loop": statistics.median(loop), "asked": statistics.median(asked), "apply": statistics.median(alone)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="kombio")
    parser.add_argument("--players", default="2,4", help="comma-separated seat counts (default 2,4)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per seat count (default 3)")
    parser.add_argument("--actions", type=int, default=0, metavar="N",
                        help="play exactly N actions (a multiple of 1,000) instead of --seconds: a fixed amount of "
                             "work for an instruction count that the machine's load does not move, e.g. the difference "
                             "of two runs under valgrind --tool=callgrind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--target", type=float, default=None,
                        help="actions/s to reach (default 50000; 16 Combos, a deeper turn: 20000)")
    parser.add_argument("--simulate", action="store_true",
                        help="also run the simulate path (Session, random bots) and print the ratio")
    parser.add_argument("--scaling", action="store_true",
                        help="throughput at 2 to 6 seats for every variant (or --variant given explicitly)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds for --scaling and --against (default 3)")
    parser.add_argument("--against", metavar="DIR",
                        help="this checkout's engine beside DIR's (a checkout of another commit, e.g. `git worktree "
                             "add DIR fddd4b9`), --rounds rounds in turn, each side in a fresh process, and the ratio")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)   # (one run's figures, for --against)
    parser.add_argument("--split", action="store_true",
                        help="where the loop's CPU time goes per action: the loop's own random choices, the questions "
                             "(who may act, the legal list) and apply (20,000 actions, --rounds rounds)")
    args = parser.parse_args(argv)
    if args.split:
        for players in (int(p) for p in args.players.split(",")):
            f = split(args.variant, players, args.seed, rounds=args.rounds)
            print(f"{args.variant} {players} players, CPU µs per action (medians of {args.rounds} rounds): the loop "
                  f"{f['loop']:.2f} = its own random choices {f['loop'] - f['asked']:.2f} + who may act and the legal "
                  f"list {f['asked'] - f['apply']:.2f} + apply {f['apply']:.2f}", flush=True)
        return 0
    if args.against:
        for players in (int(p) for p in args.players.split(",")):
            against(args.variant, players, args.seconds, args.seed, args.rounds, args.against)
        return 0
    if args.scaling:
        from game.games import game_ids

        given = argv if argv is not None else sys.argv[1:]
        variants = [args.variant] if any(a.startswith("--variant") for a in given) else game_ids()
        return 0 if scaling(variants, args.seconds, args.rounds, args.seed) else 1
    if args.target is None:
        args.target = TARGETS.get(args.variant, 50_000)
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            options[key] = int(value) if value.lstrip("-").isdigit() else float(value)
        except ValueError:
            options[key] = {"true": True, "false": False}.get(value.lower(), value)
    ok = True
    for players in (int(p) for p in args.players.split(",")):
        if args.json:
            run(args.variant, players, min(args.seconds, 0.3), args.seed, options or None)   # (warm: caches, imports)
            print(json.dumps(run(args.variant, players, args.seconds, args.seed, options or None, args.actions)))
            return 0
        r = run(args.variant, players, args.seconds, args.seed, options or None, args.actions)
        good = r["per_second"] >= args.target
        ok &= good
        print(f"{args.variant} {players} players: {r['per_second']:,.0f} random legal actions/s "
              f"({r['actions']:,} actions, {r['matches']} matches, {r['seconds']:.1f}s)"
              f" {'ok' if good else 'BELOW'} target {args.target:,.0f}")
        if args.simulate:
            s = run_simulate(args.variant, players, args.seconds, args.seed, options or None)
            print(f"{args.variant} {players} players: {s['per_second']:,.0f} actions/s on the simulate path "
                  f"({s['actions']:,} actions, {s['matches']} matches, {s['seconds']:.1f}s); "
                  f"engine/simulate {r['per_second'] / s['per_second']:.2f}x")
            same = same_matches(args.variant, players, s["played"], options or None)
            sim, bare, asked = same["simulate"], same["bare"], same["asked"]
            print(f"{args.variant} {players} players: the same {s['matches']} matches, best of "
                  f"{same['rounds']} interleaved rounds: simulate path {sim:.2f}s, bare engine {bare:.2f}s: "
                  f"simulate/engine on the same matches {sim / bare:.2f}x; matches per CPU second "
                  f"{r['matches'] / r['seconds']:.1f} (random-seat loop) and {s['matches'] / sim:.1f} (simulate path)")
            print(f"{args.variant} {players} players: of that, the engine questions the simulate path asks (every "
                  f"acting seat's situation and legal list, not only the actor's) take {asked:.2f}s with the actions "
                  f"({asked / bare:.2f}x the bare engine); the Session's own work (asking the bots, keeping their "
                  f"intents) is the rest ({sim / asked:.2f}x)")
            print(f"{args.variant} {players} players: the leanest driver that asks the bots as the Session does "
                  f"(no caches, views or events) takes {same['leanest']:.2f}s for the same matches "
                  f"({same['identical']} of {s['matches']} played identically): {same['leanest'] / bare:.2f}x the bare "
                  f"engine, the floor for any Session")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
