"""How long a memory-grid round takes on the game clock, and how much of it is reaction windows.

Four seats: one stand-in human (seat 0) and three medium bots paced as the table paces them
(game/client/table/pacing.py, normal bot speed). The stand-in plays its turns as a medium bot
would, taking THINK game seconds per in-turn action, and is submitted from outside the session as
the table submits a person's actions. It either passes every reaction window the moment it opens,
or never passes (a player who does not press Pass).

Two setups are compared:
  before: a 3 s limit, and the window waits for the bots' own passes (each at its reaction pace);
  after:  the one-player default of 2 s, and the human's pass closes the window: the bots that
          were only going to pass do so at once (MatchDriver.hurry_passes, Session.hurry); a bot
          about to claim keeps its pace.

Everything runs on the session's simulated clock (game seconds, not wall time), so the figures
are the same on any machine. Each line prints the mean round length, the mean time per round the
table spends in reaction windows, and the share of windows that ran out of time.

    python benchmarks/bench_reaction_round.py                 # Kombio and Kabu, 200 rounds each
    python benchmarks/bench_reaction_round.py --variant kombio --rounds 50
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.registry import bot_seed, make_agent  # noqa: E402
from game.client.table.pacing import PacedAgent  # noqa: E402
from game.core.actions import Pass  # noqa: E402
from game.core.events import RoundScored, RoundStarted, WindowClosed, WindowOpened  # noqa: E402
from game.core.game import get_variant  # noqa: E402
from game.core.session import Session  # noqa: E402

THINK = 1.0        # game seconds the stand-in human takes per in-turn action
SEATS = 4


def measure(variant: str, seconds: float, rounds: int, waits: bool, hurry: bool, seed: int = 1) -> dict[str, float]:
    """Rounds played as the table plays them: the bots through the Session (paced as the table
    paces them), seat 0 submitted from outside like the table's human. With `hurry`, the human's
    pass has the bots that were only going to pass do so at once (the table's MatchDriver.hurry_passes)."""
    cls = get_variant(variant)
    lengths, windows, ran_out, opened = [], [], 0, 0
    for r in range(rounds):
        game_seed = seed * 100_000 + r
        options = {"reaction_seconds": seconds}
        if variant == "kombio":
            options.update(length="rounds", rounds=1)
        game = cls(SEATS, options, game_seed)
        brain = make_agent(cls.id, "medium", bot_seed(game_seed, 0))     # how the stand-in human plays its turns
        agents = {seat: PacedAgent(make_agent(cls.id, "medium", bot_seed(game_seed, seat)), lambda: 1.0)
                  for seat in range(1, SEATS)}
        marks: dict[str, float] = {}
        in_windows = [0.0]

        def listen(events, marks=marks, in_windows=in_windows):
            nonlocal ran_out, opened
            for e in events:
                if isinstance(e, RoundStarted) and "start" not in marks:
                    marks["start"] = game.now
                elif isinstance(e, WindowOpened):
                    marks["window"] = game.now
                    opened += 1
                elif isinstance(e, WindowClosed) and "window" in marks:
                    in_windows[0] += game.now - marks.pop("window")
                    ran_out += e.reason == "time"
                elif isinstance(e, RoundScored) and "end" not in marks:
                    marks["end"] = game.now

        session = Session(game, agents, listener=listen, watchers={0: brain})
        session.start_round(0.0)
        while "end" not in marks and not game.over:
            now = game.now
            legal = session.legal(0)
            if legal and game.acts_out_of_turn(0):
                if not waits:
                    session.submit(Pass(0), now)            # passes the moment the window opens
                    if hurry and game.phase == "reaction":
                        session.hurry(Pass, now)
            elif legal:
                at = now + THINK                            # its turn: THINK seconds, then its move
                due = session.next_due()
                if due is not None and due < at:
                    session.advance(due)
                    continue
                action = brain.decide(session.view(0), legal, at).action
                session.submit(action, at)
                continue
            due = session.next_due()
            if due is None:
                raise RuntimeError(f"stuck in phase {getattr(game, 'phase', '?')}")
            session.advance(due)
        lengths.append(marks["end"] - marks["start"])
        windows.append(in_windows[0])
    return {"round": statistics.mean(lengths), "windows": statistics.mean(windows),
            "ran_out": ran_out / max(1, opened), "opened": opened / rounds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", choices=("kombio", "kabu"))
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    # before: today's default limit, the window waits for the bots' own passes;
    # after: the one-player default limit, and the human's pass closes the window.
    setups = [("before", 3.0, False), ("after", 2.0, True)]
    for variant in args.variant or ["kombio", "kabu"]:
        for waits in (False, True):
            for name, seconds, hurry in setups:
                m = measure(variant, seconds, args.rounds, waits, hurry)
                who = "never passes" if waits else "passes at once"
                print(f"{variant:6} {name:6} ({seconds:g} s limit{', pass closes' if hurry else ''}), human {who:14}: "
                      f"round {m['round']:6.1f} s, in windows {m['windows']:5.1f} s "
                      f"({m['opened']:.1f} windows, {100 * m['ran_out']:.0f}% ran out)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
