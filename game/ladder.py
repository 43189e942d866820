"""The bot ladder: each variant's measured win rates per level, as the game shows them.

`game/rules/bot-ladder.json` is written by the bot benchmark
(`python benchmarks/bench_bots.py --games 1000 --ladder game/rules/bot-ladder.json`) and read by
the Bot levels screen. The game treats it as untrusted like any file it reads: `load_ladder`
checks it against its schema and gives an empty ladder (and the reason) if it does not fit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import schema
from game.core.files import UnreadableFile, read_json
from game.core.schema import SchemaError

LADDER_FORMAT = 1
LADDER_FILE = "bot-ladder.json"
LADDER_MAX_BYTES = 1024 * 1024    # the shipped ladder is a few KB


@dataclass(frozen=True)
class LadderLine:
    label: str          # e.g. "hard vs 3 easy"
    win_rate: float     # the bot under test's match win rate, 0..1
    low: float          # its Wilson 95% interval
    high: float


@dataclass(frozen=True)
class VariantLadder:
    variant: str
    seats: int
    games: int          # matches per line-up
    measured: str       # the date of the run
    lines: tuple[LadderLine, ...]


def ladder_to_json(ladders: dict[str, VariantLadder], how: str = "") -> dict[str, Any]:
    return {"format": LADDER_FORMAT, "how": how,
            "variants": {vid: {"seats": v.seats, "games": v.games, "measured": v.measured,
                               "lines": [{"label": ln.label, "win_rate": ln.win_rate, "low": ln.low, "high": ln.high}
                                         for ln in v.lines]}
                         for vid, v in sorted(ladders.items())}}


def ladder_from_json(data: Any) -> dict[str, VariantLadder]:
    schema.obj(data, "ladder", ("format", "how", "variants"))
    if type(data.get("format")) is not int or data["format"] != LADDER_FORMAT:
        raise SchemaError("not a bot ladder of this format")
    schema.text(data.get("how", ""), "how", 300, empty=True)
    variants = schema.obj(data.get("variants", {}), "variants")
    if len(variants) > 20:
        raise SchemaError("variants: too many")
    out = {}
    for vid, v in variants.items():
        schema.text(vid, "variants", 40)
        schema.obj(v, vid, ("seats", "games", "measured", "lines"))
        lines = []
        for i, ln in enumerate(schema.items(v.get("lines", []), f"{vid}.lines", 20)):
            where = f"{vid}.lines[{i}]"
            schema.obj(ln, where, ("label", "win_rate", "low", "high"))
            lines.append(LadderLine(schema.text(ln.get("label"), f"{where}.label", 60),
                                    schema.number(ln.get("win_rate"), f"{where}.win_rate", 0.0, 1.0),
                                    schema.number(ln.get("low"), f"{where}.low", 0.0, 1.0),
                                    schema.number(ln.get("high"), f"{where}.high", 0.0, 1.0)))
        out[vid] = VariantLadder(vid, schema.integer(v.get("seats"), f"{vid}.seats", 2, 8),
                                 schema.integer(v.get("games"), f"{vid}.games", 1, 10**9),
                                 schema.text(v.get("measured", ""), f"{vid}.measured", 40, empty=True), tuple(lines))
    return out


def load_ladder(path: Path) -> tuple[dict[str, VariantLadder], str]:
    """The ladder in `path` and "" , or an empty ladder and why it could not be read. Read through
    the one loader (game.core.files): a pipe, a device or an oversized file is refused unread."""
    try:
        data = read_json(path, LADDER_MAX_BYTES)
    except UnreadableFile as exc:
        return {}, f"the bot ladder could not be read ({exc})"
    if data is None:
        return {}, "the bot ladder could not be read (the file is missing)"
    try:
        return ladder_from_json(data), ""
    except SchemaError as exc:
        return {}, f"the bot ladder file is not valid ({str(exc)[:100]})"


def write_ladder(path: Path, ladders: dict[str, VariantLadder], how: str) -> None:
    """Merge `ladders` into the file at `path` (variants not measured this time stay)."""
    from game.core.files import atomic_write_text

    existing, _ = load_ladder(path) if path.exists() else ({}, "")
    existing.update(ladders)
    atomic_write_text(path, json.dumps(ladder_to_json(existing, how), indent=1, sort_keys=True) + "\n")
