"""Headless bot-only matches on a simulated clock: strength and speed figures, and records."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Any, Callable

from ai.registry import bot_seed, make_agent
from game.core.errors import BadOptions
from game.core.game import get_variant
from game.core.record import GameRecord, SeatInfo
from game.core.session import Session, run_to_end

# Seconds `--scheduler` waits for the Dask scheduler to answer (Dask retries until then).
SCHEDULER_TIMEOUT = 10.0


def parse_bots(spec: str, players: int) -> list[str]:
    from ai import BOT_KINDS

    kinds = [k.strip() for k in spec.split(",")]
    if not all(kinds):       # "hard," is a slip, not one bot for every seat
        raise BadOptions(f"--bots names an empty bot in {spec!r}; separate the names with single commas")
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


def _play_batch(variant: str, bots: list[str], seed: int, indices: list[int], options: dict[str, Any] | None,
                records: Path | None, tweaks: dict[int, dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Play some matches of a run (in this process or a worker): each match's tallies, by index."""
    out = []
    for index in indices:
        mseed = match_seed(seed, index)
        try:
            session, record = play_match(variant, bots, mseed, options, tweaks)
        except Exception as exc:  # a crash in one match is a finding, not the end of the run
            out.append({"index": index, "error": f"match {index} (seed {mseed}): {type(exc).__name__}: {exc}"})
            continue
        game = session.game
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
            record.save(records / f"{variant}-{mseed}.json")
        out.append({"index": index, "winners": list(game.winners), "rounds": [list(r) for r in game.score.rounds],
                    "actions": len(game.history), "illegal": session.illegal, "fallbacks": session.fallbacks,
                    "dropped": session.dropped})
    return out


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: the parent stops the run, the workers just finish.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


Progress = Callable[[int, int, float], None]   # matches done, matches in all, seconds so far


def run_matches(variant: str, players: int, games: int, seed: int, bots: list[str],
                options: dict[str, Any] | None = None, records: Path | None = None,
                tweaks: dict[int, dict[str, Any]] | None = None, workers: int = 1,
                progress: Progress | None = None, scheduler: str | None = None) -> tuple[list[dict[str, Any]], bool]:
    """Play `games` matches: each match's tallies in index order, and whether Ctrl-C cut the run
    short. Every match's seed comes from (seed, its index), so where a match is played (this
    process, `workers` processes, or a Dask cluster at `scheduler`) does not change it."""
    cls = get_variant(variant)
    if games < 1:
        raise BadOptions("--games must be at least 1")
    if workers < 1:
        raise BadOptions("--workers must be at least 1")
    cls(players, options, seed)  # validates seats and options before the long run
    started = time.perf_counter()
    done: list[dict[str, Any]] = []
    partial = False
    indices = list(range(games))

    def count(matches: list[dict[str, Any]]) -> None:
        done.extend(matches)
        if progress is not None:
            progress(len(done), games, time.perf_counter() - started)

    try:
        if scheduler is not None:
            _run_on_cluster(scheduler, cls.id, bots, seed, indices, options, records, tweaks, count)
        elif workers == 1:
            for index in indices:
                count(_play_batch(cls.id, bots, seed, [index], options, records, tweaks))
        else:
            _run_on_cores(workers, cls.id, bots, seed, indices, options, records, tweaks, count)
    except KeyboardInterrupt:
        partial = True
    return sorted(done, key=lambda m: m["index"]), partial


def _batches(indices: list[int], slots: int) -> list[list[int]]:
    # Small batches keep every worker busy to the end and let Ctrl-C stop soon.
    size = max(1, min(8, len(indices) // (slots * 16)))
    return [indices[i:i + size] for i in range(0, len(indices), size)]


def _run_on_cores(workers: int, variant: str, bots: list[str], seed: int, indices: list[int],
                  options: dict[str, Any] | None, records: Path | None,
                  tweaks: dict[int, dict[str, Any]] | None, count: Callable[[list], None]) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed   # (only when more than one core plays)

    batches = _batches(indices, workers)
    pool = ProcessPoolExecutor(max_workers=min(workers, len(batches)), initializer=_ignore_interrupt)
    futures = [pool.submit(_play_batch, variant, bots, seed, batch, options, records, tweaks) for batch in batches]
    counted = set()
    try:
        for future in as_completed(futures):
            counted.add(future)
            count(future.result())
    except KeyboardInterrupt:
        # Batches not started are dropped; those running finish and count.
        pool.shutdown(wait=True, cancel_futures=True)
        for future in futures:
            if future not in counted and not future.cancelled() and future.exception() is None:
                count(future.result())
        raise
    pool.shutdown()


def _run_on_cluster(address: str, variant: str, bots: list[str], seed: int, indices: list[int],
                    options: dict[str, Any] | None, records: Path | None,
                    tweaks: dict[int, dict[str, Any]] | None, count: Callable[[list], None]) -> None:
    """Hand the batches to a running Dask scheduler (the optional `cluster` extra). Its workers
    need this same version of Cardhall installed; records are written where the workers run."""
    try:
        from distributed import Client, as_completed as cluster_completed
    except ImportError:
        raise BadOptions('--scheduler needs Dask: pip install "cardhall[cluster]"') from None
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise BadOptions(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        slots = max(1, sum(client.nthreads().values()))
        futures = [client.submit(_play_batch, variant, bots, seed, batch, options, records, tweaks, pure=False)
                   for batch in _batches(indices, slots)]
        try:
            for future in cluster_completed(futures):
                count(future.result())
        except KeyboardInterrupt:
            client.cancel(futures)   # the cluster stops these; what finished already counts
            raise
    finally:
        client.close()


def simulate(variant: str, players: int, games: int, seed: int, bots: list[str],
             options: dict[str, Any] | None = None, records: Path | None = None,
             tweaks: dict[int, dict[str, Any]] | None = None, workers: int = 1,
             progress: Progress | None = None, scheduler: str | None = None) -> dict[str, Any]:
    """Play `games` matches and total them up. The totals are sums over matches, so any number of
    `workers` (or a cluster) gives the same figures. Ctrl-C stops the run and returns the matches
    finished so far, marked "partial"."""
    cls = get_variant(variant)
    started = time.perf_counter()
    matches, partial = run_matches(cls.id, players, games, seed, bots, options, records, tweaks, workers,
                                   progress, scheduler)
    seconds = time.perf_counter() - started
    return _totals(cls, players, seed, bots, options, matches, seconds, partial)


def _totals(cls: type, players: int, seed: int, bots: list[str], options: dict[str, Any] | None,
            matches: list[dict[str, Any]], seconds: float, partial: bool) -> dict[str, Any]:
    wins = [0] * players
    round_score_sums = [0] * players
    rounds = actions = illegal = fallbacks = errors = dropped = 0
    first_error = None
    for match in matches:
        if "error" in match:
            errors += 1
            first_error = first_error or match["error"]
            continue
        for seat in match["winners"]:
            wins[seat] += 1
        for scores in match["rounds"]:
            for seat, score in enumerate(scores):
                round_score_sums[seat] += score
        rounds += len(match["rounds"])
        actions += match["actions"]
        illegal += match["illegal"]
        fallbacks += match["fallbacks"]
        dropped += match["dropped"]
    played = len(matches) - errors
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
    if partial:
        result["partial"] = True   # stopped by Ctrl-C: the figures cover the matches finished
    return result
