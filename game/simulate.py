"""Headless bot-only matches on a simulated clock: strength and speed figures, and records."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ai.registry import bot_seed, make_agent
from game.core.errors import BadOptions
from game.core.game import get_variant
from game.core.record import GameRecord, SeatInfo
from game.core.session import Session, run_to_end


def parse_bots(spec: str, players: int) -> list[str]:
    from ai import BOT_KINDS

    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise BadOptions(f"--bots names {len(kinds)} bots for {players} players")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise BadOptions(f"unknown bot {kind!r}; choose from {', '.join(BOT_KINDS)}")
    return kinds


def match_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_match(variant: str, bots: list[str], seed: int, options: dict[str, Any] | None = None,
               tweaks: dict[int, dict[str, Any]] | None = None) -> tuple[Session, GameRecord]:
    cls = get_variant(variant)
    game = cls(len(bots), options, seed)
    tweaks = tweaks or {}
    agents = {seat: make_agent(cls.id, kind, bot_seed(seed, seat), **tweaks.get(seat, {}))
              for seat, kind in enumerate(bots)}
    session = Session(game, agents)
    run_to_end(session)
    seats = [SeatInfo(f"{kind.title()} {seat + 1}", "random" if kind == "random" else "bot",
                      None if kind == "random" else kind) for seat, kind in enumerate(bots)]
    return session, GameRecord.of(game, seats)


def simulate(variant: str, players: int, games: int, seed: int, bots: list[str],
             options: dict[str, Any] | None = None, records: Path | None = None,
             tweaks: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    cls = get_variant(variant)
    if games < 1:
        raise BadOptions("--games must be at least 1")
    cls(players, options, seed)  # validates seats and options before the long run
    wins = [0] * players
    round_score_sums = [0] * players
    rounds = actions = illegal = fallbacks = errors = dropped = 0
    first_error = None
    started = time.perf_counter()
    for index in range(games):
        mseed = match_seed(seed, index)
        try:
            session, record = play_match(cls.id, bots, mseed, options, tweaks)
        except Exception as exc:  # a crash in one match is a finding, not the end of the run
            errors += 1
            first_error = first_error or f"match {index} (seed {mseed}): {type(exc).__name__}: {exc}"
            continue
        game = session.game
        for seat in game.winners:
            wins[seat] += 1
        for scores in game.score.rounds:
            for seat, score in enumerate(scores):
                round_score_sums[seat] += score
        rounds += len(game.score.rounds)
        actions += len(game.history)
        illegal += session.illegal
        fallbacks += session.fallbacks
        dropped += session.dropped
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
            record.save(records / f"{cls.id}-{mseed}.json")
    seconds = time.perf_counter() - started
    played = games - errors
    result: dict[str, Any] = {
        "variant": cls.id, "players": players, "bots": bots, "seed": seed, "options": dict(cls(players, options, seed).options),
        "games": played, "rounds": rounds, "wins": wins,
        "win_rate": [round(w / played, 4) if played else 0.0 for w in wins],
        "mean_round_score": [round(s / rounds, 3) if rounds else 0.0 for s in round_score_sums],
        "actions": actions, "illegal_actions": illegal, "fallbacks": fallbacks, "dropped_reactions": dropped,
        "errors": errors,
        "seconds": round(seconds, 3), "games_per_second": round(played / seconds, 2) if seconds else 0.0,
        "actions_per_second": round(actions / seconds, 1) if seconds else 0.0,
    }
    if first_error:
        result["first_error"] = first_error
    return result
