"""Fixed-seed bot matches of every game, hashed step by step: the check that a refactor of an
engine or a bot changes nothing a player or a bot could tell.

Golden records (tests/records/golden) hold every event of a few matches. This holds less per
match and covers many more: for each match one digest over the actions with their times, every
event, and everything each bot was given and answered (its redacted events, its view and legal
actions at each ask, its intent). A view is hashed by its fields' values, so a phase that becomes
a str-valued enum hashes as the string it was.

    python -m tests.histories                 # play them all and compare with the stored digests
    python -m tests.histories --write         # store the digests of this code
    python -m tests.histories --matches 12    # the first 12 matches of each game only
    python -m tests.histories --game kabu     # one game (repeatable)

tests/test_histories.py checks the first matches of each game in the suite; run the whole set
(300 matches, about 3.5 minutes of CPU) before and after an engine or bot refactor.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

from ai.registry import bot_seed, make_agent
from game.core.actions import action_to_json
from game.core.cards import Card, Place
from game.core.events import Note
from game.core.game import get_variant
from game.core.session import Session, run_to_end
from game.games import game_ids

STORED = Path(__file__).resolve().parent / "records" / "histories.json"
MATCHES = 60                 # per game
LINEUPS = (("hard", "medium", "easy", "random"), ("random", "random", "random", "random"),
           ("hard", "hard", "hard", "hard"), ("easy", "medium", "easy", "medium"),
           ("medium", "random", "hard", "easy"))


def _old_sentence(note: Note) -> str:
    """A note as the English line the rules once wrote in its place, so the stored digests (made
    when events held those lines) still hold: "Seat 2 called Kabu.", a combo's "seat 1 draws two"."""
    from game.client.narration.notes import english_note

    text = english_note(note)
    return re.sub(r"\bSeat (\d+)", r"seat \1", text) if note.key.startswith("combo.") else text


def _sentences(data: Any) -> Any:
    """Events' JSON with each note (a dict with "note") as its old sentence, the rest as it is."""
    if isinstance(data, dict):
        if "note" in data:
            values = tuple((k, v) for k, v in data.items() if k not in ("note", "seat"))
            return _old_sentence(Note(data["note"], data["seat"], values))
        return {k: _sentences(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_sentences(v) for v in data]
    return data


def plain(value: Any) -> Any:
    """A value as JSON-able data that depends only on what it holds (never on an object's id)."""
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, Note):     # as the sentence the rules wrote before they spoke in notes
        return _old_sentence(value)
    if isinstance(value, Card):
        return ["card", value.id, str(value)]
    if isinstance(value, Place):
        return ["place", *value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}]
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, dict) and "note" in value:      # a Note in an event's JSON
        return _sentences(value)
    if isinstance(value, dict):
        return sorted(([plain(k), plain(v)] for k, v in value.items()), key=repr)
    return repr(value)


class Hashing:
    """Passes everything through to a bot and hashes what it is given and what it answers."""

    def __init__(self, agent: Any, digest: Any):
        self.agent, self.digest = agent, digest
        self.reads_view = getattr(agent, "reads_view", True)
        self.hears_events = getattr(agent, "hears_events", True)

    def _feed(self, *data: Any) -> None:
        self.digest.update(json.dumps(plain(data), separators=(",", ":")).encode())

    @property
    def fallbacks(self) -> int:
        return getattr(self.agent, "fallbacks", 0)

    def begin(self, seat, game_type, seats, options):
        self._feed("begin", seat, seats, options)
        self.agent.begin(seat, game_type, seats, options)

    def observe(self, events):
        self._feed("observe", [e.to_json() for e in events])
        self.agent.observe(events)

    @property
    def notice(self):
        inner = getattr(self.agent, "notice", None)
        if inner is None:
            return None

        def notice(view, legal, now):
            self._feed("notice", view, [action_to_json(a) for a in legal], now)
            inner(view, legal, now)
        return notice

    @property
    def clock(self):
        inner = getattr(self.agent, "clock", None)
        if inner is None:
            return None

        def clock(now):
            self._feed("clock", now)
            inner(now)
        return clock

    def decide(self, view, legal, now):
        intent = self.agent.decide(view, legal, now)
        self._feed("decide", view, [action_to_json(a) for a in legal], now,
                   action_to_json(intent.action), intent.delay)
        return intent


def match_specs(variant: str, count: int = MATCHES) -> list[dict[str, Any]]:
    """The fixed matches of a game: seat counts across its range, five line-ups, default options."""
    cls = get_variant(variant)
    seat_counts = range(cls.min_seats, cls.max_seats + 1)
    specs = []
    for i in range(count):
        seats = seat_counts[i % len(seat_counts)]
        lineup = LINEUPS[(i // len(seat_counts)) % len(LINEUPS)]
        specs.append({"seed": 7000 + i, "bots": [lineup[s % len(lineup)] for s in range(seats)]})
    return specs


def match_digest(variant: str, seed: int, bots: list[str]) -> str:
    cls = get_variant(variant)
    digest = hashlib.sha256()
    game = cls(len(bots), {}, seed)
    agents = {seat: Hashing(make_agent(cls.id, kind, bot_seed(seed, seat)), digest) for seat, kind in enumerate(bots)}
    steps: list[Any] = []
    session = Session(game, agents, listener=lambda events: steps.append([e.to_json() for e in events]))
    run_to_end(session)
    digest.update(json.dumps(plain([[t, action_to_json(a)] for t, a in game.history]), separators=(",", ":")).encode())
    digest.update(json.dumps(_sentences(steps), separators=(",", ":")).encode())
    digest.update(json.dumps([list(game.score.totals), list(game.winners), session.illegal]).encode())
    return digest.hexdigest()[:24]


def digests(variant: str, count: int = MATCHES) -> list[str]:
    return [match_digest(variant, spec["seed"], spec["bots"]) for spec in match_specs(variant, count)]


def stored() -> dict[str, list[str]]:
    return json.loads(STORED.read_text())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="store the digests of this code")
    parser.add_argument("--matches", type=int, default=MATCHES, help="matches per game")
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args(argv)
    have = {variant: digests(variant, args.matches) for variant in args.game or game_ids()}
    if args.write:     # (games not played this time keep their stored digests)
        STORED.write_text(json.dumps({**(stored() if STORED.exists() else {}), **have}, indent=1, sort_keys=True) + "\n")
        print(f"stored {sum(map(len, have.values()))} digests in {STORED}")
        return 0
    want = stored()
    bad = 0
    for variant, got in have.items():
        differ = [i for i, (a, b) in enumerate(zip(got, want.get(variant, []))) if a != b]
        missing = max(0, len(got) - len(want.get(variant, [])))
        bad += len(differ) + missing
        specs = match_specs(variant, len(got))
        print(f"{variant}: {len(got)} matches, {len(differ)} differ"
              + (f" (first: seed {specs[differ[0]]['seed']}, {specs[differ[0]]['bots']})" if differ else "")
              + (f", {missing} not stored" if missing else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
