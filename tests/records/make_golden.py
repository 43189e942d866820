"""Writes the golden records in tests/records/golden/: whole bot matches with every step's events.

Run it only when a rule change is meant to change what happens (and say so in the commit): the
golden records are the guard that a refactor changes nothing. Each record is an ordinary game
record (docs/records.md) whose steps carry `expect.events`, the unredacted events the step made.

    python tests/records/make_golden.py
    python tests/records/make_golden.py --variant kumbal     # write only one variant's records
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ai import bot_seed, make_agent  # noqa: E402
from game.core.game import get_variant  # noqa: E402
from game.core.record import GameRecord, SeatInfo  # noqa: E402
from game.core.session import Session, run_to_end  # noqa: E402

OUT = Path(__file__).resolve().parent / "golden"

# (variant, name, bots, options, seed): every seat count, every option, every bot kind.
CASES = [
    ("kombio", "2p-hard-vs-easy", ["hard", "easy"], {"rounds": 2}, 11),
    ("kombio", "3p-random", ["random", "random", "random"], {"rounds": 2, "reaction_seconds": 0.0}, 12),
    ("kombio", "4p-mixed-target", ["hard", "medium", "easy", "random"], {"length": "target", "target": 30}, 13),
    ("kombio", "4p-hard-full-match", ["hard", "hard", "medium", "medium"], {}, 16),
    ("kombio", "5p-no-addons", ["medium"] * 5, {"rounds": 1, "addons": False, "reaction_seconds": 1.5}, 14),
    ("kombio", "6p-mixed", ["hard", "easy", "random", "medium", "hard", "easy"], {"rounds": 1}, 15),
    ("combat-uno", "2p-hard-vs-easy", ["hard", "easy"], {"length": "rounds", "rounds": 2}, 21),
    ("combat-uno", "3p-random-house-off", ["random"] * 3,
     {"length": "rounds", "rounds": 1, "jump_in": False, "stack_draw_two": False,
      "stack_draw_four": False, "deck_commitment": False, "uno_call": False}, 22),
    ("combat-uno", "4p-mixed-target", ["hard", "medium", "easy", "random"], {"length": "target", "target": 100}, 23),
    ("combat-uno", "5p-no-commitment", ["medium"] * 5,
     {"length": "rounds", "rounds": 1, "deck_commitment": False, "reaction_seconds": 1.5}, 24),
    ("combat-uno", "6p-mixed", ["hard", "easy", "random", "medium", "hard", "easy"],
     {"length": "rounds", "rounds": 1, "reaction_seconds": 0.0}, 25),
    ("sixteen-combos", "2p-hard-vs-easy", ["hard", "easy"], {"round_limit": 20}, 31),
    ("sixteen-combos", "2p-options-a-b-d-g", ["medium", "random"],
     {"round_limit": 12, "columns": 6, "recovery": True, "reuse_values": True, "round_robin": True, "jokers": True,
      "ask_reactions": "only when it has one"}, 32),
    ("sixteen-combos", "3p-one-of-each", ["hard", "random", "easy"], {"round_limit": 12, "one_of_each": True,
                                                                       "reaction_seconds": 2.0, "pass_cost": 0,
                                                                       "counter_with": "target pair"}, 33),
    ("sixteen-combos", "4p-drop-and-stack", ["hard", "medium", "easy", "random"],
     {"round_limit": 10, "drop_lowest": True, "multiple_values": True, "pass_cost": 2}, 34),
    ("kabu", "2p-hard-vs-easy", ["hard", "easy"], {"target": 60}, 31),
    ("kabu", "3p-random", ["random", "random", "random"], {"reaction_seconds": 0.0}, 32),
    ("kabu", "4p-mixed", ["hard", "medium", "easy", "random"], {"target": 50}, 33),
    ("kabu", "5p-house-off", ["medium"] * 5,
     {"target": 40, "calculation": False, "sniping": False, "lock_caller": False, "halving": False,
      "reaction_seconds": 1.5}, 34),
    ("kabu", "6p-mixed", ["hard", "easy", "random", "medium", "hard", "easy"], {"target": 30}, 35),
    ("kabu", "3p-house-rules", ["hard", "medium", "easy"], {"target": 40, "lock_caller": True, "call_first_turn": False},
     36),
    ("kumbal", "2p-hard-vs-easy-cut", ["hard", "easy"], {"cut_deck": True}, 33),
    ("kumbal", "3p-random-no-actions", ["random"] * 3, {"action_cards": False, "free_discards": False}, 32),
    ("kumbal", "4p-mixed-49-rule", ["hard", "medium", "easy", "random"], {"forty_nine": True, "target": 200}, 33),
    ("kumbal", "5p-lower-goal-no-deadline", ["medium"] * 5, {"lower_goal": True, "reaction_seconds": 0.0}, 34),
    ("kumbal", "6p-mixed-two-decks", ["hard", "easy", "random", "medium", "hard", "easy"],
     {"free_discard_timer": True, "reaction_seconds": 1.5}, 35),
    ("kumbal", "2p-house-rules", ["medium", "hard"], {"seven_skips_with_two": True, "free_discard_timer": True}, 36),
]


def golden(variant: str, bots: list[str], options: dict, seed: int) -> GameRecord:
    cls = get_variant(variant)
    game = cls(len(bots), options, seed)
    steps: list[list] = []
    agents = {seat: make_agent(cls.id, kind, bot_seed(seed, seat)) for seat, kind in enumerate(bots)}
    def listen(events: list) -> None:
        if len(game.history) > len(steps):   # an applied step (a refusal shown to all adds no step)
            steps.append([e.to_json() for e in events])

    session = Session(game, agents, listener=listen)
    run_to_end(session)
    assert len(steps) == len(game.history)
    seats = [SeatInfo(f"{kind.title()} {i + 1}", "random" if kind == "random" else "bot",
                      None if kind == "random" else kind) for i, kind in enumerate(bots)]
    record = GameRecord.of(game, seats)
    record.expect = {i: {"events": events} for i, events in enumerate(steps)}
    return record


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Write the golden records.")
    parser.add_argument("--variant", default="", help="write only this variant's records (the others stay as they are)")
    args = parser.parse_args(argv)
    OUT.mkdir(exist_ok=True)
    for variant, name, bots, options, seed in CASES:
        if args.variant and variant != args.variant:
            continue
        record = golden(variant, bots, options, seed)
        data = record.to_json()
        # One step a line: small diffs when a deliberate rule change regenerates a record.
        lines = [json.dumps({k: v for k, v in data.items() if k != "actions"}, sort_keys=True)[:-1]
                 + ', "actions": [']
        lines += [json.dumps(step, sort_keys=True) + ("," if i + 1 < len(data["actions"]) else "")
                  for i, step in enumerate(data["actions"])]
        lines.append("]}")
        path = OUT / f"{variant}-{name}.json"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        json.loads(path.read_text())
        print(f"{path.name}: {len(record.actions)} steps, {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main(sys.argv[1:])
