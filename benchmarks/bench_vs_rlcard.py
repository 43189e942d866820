"""Combat UNO's engine beside RLCard's UNO, the same work per step on both sides, interleaved in one run.

    pip install rlcard          # not a Cardhall dependency: only this comparison needs it
    python benchmarks/bench_vs_rlcard.py [--players 2,4] [--rounds 5] [--seconds 1] [--observe]

What each side does per step (the same on both):
- pick a legal action uniformly at random and apply it. Cardhall: ask who may act now
  (`seats_to_act`), pick one of them at random, list its legal actions and apply a random one; when
  nobody may act, apply the table's own action (a window's expiry, the next round), as
  benchmarks/bench_engine.py does. RLCard: `round.get_legal_actions` for the player on turn, then
  `round.proceed_round` with a random one (a finished game is dealt again).
- build no observation (the default): RLCard's `UnoGame.step` builds the next player's state
  (its hand and every card played so far as strings, the legal actions again), so it is not
  called; `round.proceed_round` is what `step` calls to apply the action.
- or, with --observe, build one on both: after each action Cardhall builds the view of the seat on
  turn (`observe(turn)`, a CombatUnoView) and RLCard calls `UnoGame.step`, which builds the state
  of the player on turn.

Two figures per side, in CPU time (time.process_time, so another busy process on the machine
slows neither): per apply (every applied action; Cardhall's include every pass on a jump-in
window, every UNO call, penalty card drawn and window expiry, which RLCard's rules do not have) and
per turn decision (a card played or a draw that ends a turn: Play, Draw or StartDrawing for
Cardhall, every step for RLCard, whose draws of a penalty happen inside the step of the card that
gave it). The rule sets differ (Combat UNO has jump-ins, stacking, the UNO race and reaction
windows), so the per-decision figure carries that extra work; per apply is the engine's cost.

Each round runs both for about `--seconds` each, one after the other; printed is the median of the
rounds for each side and the ratio (Cardhall over RLCard, above 1 is faster). The goal (issue 31):
per apply at least 1.0x, same work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.game import get_variant  # noqa: E402

DECISIONS = ("Play", "Draw", "StartDrawing")   # Combat UNO's actions that decide a turn


def cardhall_rates(players: int, seconds: float, seed: int, observe: bool) -> tuple[float, float]:
    """Applies and turn decisions per CPU second of Combat UNO's bare engine loop."""
    cls = get_variant("combat-uno")
    rng = random.Random(seed)
    choice = rng.choice
    applies = decisions = 0
    match_index = 0
    game = cls(players, None, seed)

    def decided(game) -> int:
        return sum(type(action).__name__ in DECISIONS for _, action in game.history)

    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(500):
            if game.over:
                decisions += decided(game)
                match_index += 1
                game = cls(players, None, seed * 1_000_003 + match_index)
            acting = game.seats_to_act()
            if acting:
                seat = acting[0] if len(acting) == 1 else choice(acting)
                game.apply(choice(game.legal_actions(seat)), game.now)
            else:
                action, due = game.table_action()
                game.apply(action, game.now if due is None else max(due, game.now))
            if observe and game.phase == "play":
                game.observe(game.turn)
            applies += 1
        if time.process_time() >= deadline:
            break
    elapsed = time.process_time() - start
    decisions += decided(game)
    return applies / elapsed, decisions / elapsed


def rlcard_rates(players: int, seconds: float, seed: int, observe: bool) -> tuple[float, float]:
    """Steps per CPU second of RLCard's UNO (every step is a turn decision)."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    choice = rng.choice
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    game.init_game()
    steps = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(500):
            round_ = game.round
            if round_.is_over:
                game.init_game()
                round_ = game.round
            if observe:
                game.step(choice(game.get_legal_actions()))
            else:
                round_.proceed_round(game.players, choice(round_.get_legal_actions(game.players, round_.current_player)))
            steps += 1
        if time.process_time() >= deadline:
            break
    rate = steps / (time.process_time() - start)
    return rate, rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--observe", action="store_true",
                        help="build the observation of the player on turn after every step, on both sides")
    args = parser.parse_args(argv)
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("RLCard is not installed: pip install rlcard", file=sys.stderr)
        return 2
    work = ("a random legal action applied, then the view of the player on turn built" if args.observe
            else "a random legal action applied, no observation built")
    print(f"Per step on both sides: {work}; CPU time, median of {args.rounds} interleaved rounds of "
          f"{args.seconds:g} s each")
    for players in (int(p) for p in args.players.split(",")):
        ours, theirs = [], []
        for r in range(args.rounds):
            ours.append(cardhall_rates(players, args.seconds, r + 1, args.observe))
            theirs.append(rlcard_rates(players, args.seconds, r + 1, args.observe))
        per_apply = [a / b for (a, _), (b, _) in zip(ours, theirs)]
        per_decision = [a / b for (_, a), (_, b) in zip(ours, theirs)]
        a = statistics.median(x for x, _ in ours)
        d = statistics.median(x for _, x in ours)
        b = statistics.median(x for x, _ in theirs)
        print(f"{players} players: Cardhall Combat UNO {a:,.0f} applies and {d:,.0f} turn decisions per CPU "
              f"second; RLCard UNO {b:,.0f} steps (each a turn decision)")
        print(f"{players} players: Cardhall / RLCard per apply {statistics.median(per_apply):.2f}x "
              f"({min(per_apply):.2f}-{max(per_apply):.2f} over the rounds; goal 1.0x: "
              f"{'met' if statistics.median(per_apply) >= 1.0 else 'not met'}), per turn decision "
              f"{statistics.median(per_decision):.2f}x ({min(per_decision):.2f}-{max(per_decision):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
