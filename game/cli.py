"""The `cardhall` command: the game by default, plus headless simulate and replay."""

from __future__ import annotations

import os
import sys

from game.core.errors import CardhallError
from game.i18n import _

TYPE_CHECKING = False   # (typing is not imported for this alone; type checkers read it as typing's)
if TYPE_CHECKING:
    import argparse
    from pathlib import Path

# What a subcommand needs is imported where it runs: `cardhall --help` pays for the parser only
# (game/cli_parser.py), and a plain `cardhall`, the game, not even for that
# (benchmarks/bench_startup.py).


def check_arguments(args: argparse.Namespace) -> None:
    """Options that argparse takes but that would do nothing (or something else) where they stand."""
    if args.smoke_test and args.command:
        raise CardhallError(_("--smoke-test runs on its own, not with the {command} command").format(command=args.command))
    if args.language is not None:
        from game import i18n

        if not i18n.known(args.language):
            raise CardhallError(_("--language takes one of {codes}, not {code!r}").format(
                codes=", ".join(i18n.LANGUAGE_NAMES), code=args.language))
    if args.frames is not None and not args.smoke_test:
        raise CardhallError(_("--frames goes only with --smoke-test"))
    if args.command == "replay" and args.round is not None:
        if not args.show:
            raise CardhallError(_("--round goes only with --show"))
        if args.round < 1:
            raise CardhallError(_("--round must be 1 or more, not {n}").format(n=args.round))


def _writable_folder(folder: Path) -> None:
    """Make `folder` and check a file can be written in it, before the first match is played."""
    import tempfile

    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise CardhallError(_("cannot write records to {folder}: {reason}").format(folder=folder, reason=exc.strerror or exc)) from None


def cmd_host(args: argparse.Namespace) -> int:
    from game.net.serve import host_headless

    options = dict(_parse_option(o) for o in args.option)
    drop_bot = None if args.drop_bot == "none" else args.drop_bot
    match = host_headless(args.game, options, [s.strip() for s in args.seats.split(",") if s.strip()],
                          port=args.port, address=args.address, code=args.code, seed=args.seed,
                          drop_wait=args.drop_wait, drop_bot=drop_bot, autosave=args.autosave,
                          resume=args.resume, wait_for_players=args.wait, advertise=not args.no_advertise,
                          say=lambda line: print(line, flush=True))
    return 0 if match.over else 1


def cmd_join(args: argparse.Namespace) -> int:
    from game.net.serve import join_headless

    client = join_headless(args.address, args.code, args.bot, name=args.name, token=args.token,
                           say=lambda line: print(line, flush=True))
    if client.error and not client.over:
        raise CardhallError(client.error)
    return 0 if client.over else 1


def _parse_option(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise CardhallError(_("--option takes KEY=VALUE, not {text!r}").format(text=text))
    from game.core.files import UnreadableFile, parse_json

    key, raw = text.split("=", 1)
    value: object
    try:
        value = parse_json(raw)        # strict: NaN, Infinity and huge integers stay text
    except UnreadableFile:
        value = raw
    return key.strip(), value


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.core.game import get_variant
    from game.simulate import parse_bots, simulate

    cls = get_variant(args.variant)
    if not cls.min_seats <= args.players <= cls.max_seats:
        raise CardhallError(_("{game} takes {low} to {high} players, not {n}").format(
            game=cls.title, low=cls.min_seats, high=cls.max_seats, n=args.players))
    if args.games < 1:
        raise CardhallError(_("--games must be at least 1"))
    options = dict(_parse_option(o) for o in args.option)
    bots = parse_bots(args.bots, args.players)
    if args.records is not None:
        _writable_folder(args.records)
    if args.workers < 1:
        raise CardhallError(_("--workers must be at least 1"))
    progress = _simulate_progress() if sys.stderr.isatty() else None
    if args.compare:
        return _compare(args, cls, bots, options, progress)
    result = simulate(cls.id, args.players, args.games, args.seed, bots, options, args.records,
                      workers=min(args.workers, args.games), progress=progress, scheduler=args.scheduler)
    if progress is not None:
        sys.stderr.write("\r\033[K")   # the progress line goes; the result stays
        sys.stderr.flush()
    if args.json:
        import json

        print(json.dumps(result))
    else:
        rates = ", ".join(f"{b} {r:.1%}" for b, r in zip(bots, result["win_rate"]))
        print(f"{result['games']} {cls.title} matches in {result['seconds']}s "
              f"({result['games_per_second']}/s); wins: {rates}; illegal actions: {result['illegal_actions']}; "
              f"fallbacks: {result['fallbacks']}; errors: {result['errors']}")
    if result.get("partial"):
        print("cardhall: " + _("stopped after {done} of {total} matches (the figures above cover those)").format(
            done=result["games"] + result["errors"], total=args.games), file=sys.stderr)
        return 130
    # A bot's fallback (a default move where its model had no answer) is a bug like an illegal action.
    clean = result["errors"] == 0 and result["illegal_actions"] == 0 and result["fallbacks"] == 0
    return 0 if clean else 1


def _compare(args: argparse.Namespace, cls: type, bots: list[str], options: dict, progress) -> int:
    import json

    from game.balance import compare, format_table

    if args.records is not None:
        raise CardhallError(_("--records cannot be combined with --compare"))
    changes = [_parse_option(c) for c in args.compare]
    result = compare(cls.id, args.players, args.games, args.seed, bots, options, changes,
                     workers=min(args.workers, args.games), scheduler=args.scheduler, progress=progress)
    if progress is not None:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()
    print(json.dumps(result) if args.json else format_table(result))
    if result.get("partial"):
        print("cardhall: " + _("stopped early (the figures above cover the matches finished)"), file=sys.stderr)
        return 130
    clean = result["errors"] == 0 and result["illegal_actions"] == 0 and result["fallbacks"] == 0
    return 0 if clean else 1


def _simulate_progress():
    """One line on a terminal's stderr: matches done, rate, time left (redrawn ten times a second
    at most, so a fast run does not spend its time writing)."""
    shown = [-1.0]

    def show(done: int, total: int, seconds: float) -> None:
        if seconds - shown[0] < 0.1 and done < total:
            return
        shown[0] = seconds
        rate = done / seconds if seconds > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        sys.stderr.write(f"\r\033[K{done}/{total} matches, {rate:.1f}/s, {left:.0f}s left")
        sys.stderr.flush()
    return show


def cmd_replay(args: argparse.Namespace) -> int:
    import json

    from game.core.record import GameRecord, result_of

    record = GameRecord.load(args.record)
    if getattr(args, "show", False):
        from game.client.scenes.replay import saved_match_record

        record = saved_match_record(args.record) or record   # a game's save: with its journal
        return show_replay(record, args.round)
    game = record.replay(_progress_line(len(record.actions)))
    replayed = result_of(game)
    ok = replayed is not None and replayed == record.result
    out = {
        "variant": record.variant,
        "seats": [s.name for s in record.seats],
        "actions": len(record.actions),
        "finished": game.over,
        "rounds": [list(r) for r in game.score.rounds],
        "totals": list(game.score.totals),
        "winners": list(game.winners),
        "matches_record": ok,
    }
    if args.json:
        print(json.dumps(out))
    else:
        for i, scores in enumerate(out["rounds"], 1):
            print(f"round {i}: {scores}")
        names = ", ".join(record.seats[w].name for w in out["winners"]) or "(unfinished)"
        print(f"totals: {out['totals']}  winner: {names}  {'OK' if ok else 'MISMATCH'}")
    if not ok:
        why = (_("the record's match does not finish") if replayed is None else
               _("the record has no result for a finished match") if record.result is None else
               _("the replay does not reach the recorded result"))
        print(f"cardhall: error: {why}", file=sys.stderr)
        return 1
    return 0


def show_replay(record, number: int | None, frames: int | None = None) -> int:
    """`cardhall replay RECORD --show`: the round replay window. The round is checked first, so a
    record that does not replay is refused on the terminal, not in the window."""
    from game.replay import RoundReplay, round_spans

    spans = round_spans(record)
    number = number or 1
    if not spans or not 1 <= number <= len(spans):
        raise CardhallError(_("the record has no round {n} (it holds {count})").format(n=number, count=len(spans)))
    RoundReplay(record, number).frame(0)
    from game.client.app import show_record
    return show_record(record, number, frames=frames)


def _progress_line(total: int, at_least: int = 20_000):
    """A progress callback for a long replay on a terminal (nothing for short records or when
    stderr is a file or pipe, so scripts see only the result)."""
    from game.core.record import PROGRESS_EVERY

    if total < at_least or not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        end = "\n" if done + PROGRESS_EVERY >= total else ""
        print(f"\rreplaying: {done * 100 // total}% ({done:,} of {total:,} actions)", end=end,
              file=sys.stderr, flush=True)
    return show



def cli_language(argv: list[str]) -> str:
    """The language of the command's own words: --language CODE if given (a code this build does not
    know is reported by check_arguments, in English), else the system's (Settings > Language is the
    window's; a terminal follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG, as other commands do)."""
    from game import i18n

    for i, arg in enumerate(argv):
        if arg == "--":
            break
        code = arg.partition("=")[2] if arg.startswith("--language=") else \
            argv[i + 1] if arg == "--language" and i + 1 < len(argv) else None
        if code is not None:
            return code if i18n.known(code) else i18n.SOURCE_LANGUAGE
    return i18n.system_language()


def main(argv: list[str] | None = None) -> int:
    from game import i18n

    given = sys.argv[1:] if argv is None else argv
    i18n.set_language(cli_language(given))
    args = None
    if given:          # a plain `cardhall` opens the game: no parser to build (argparse, its 40 options)
        from game.cli_parser import build_parser

        args = build_parser().parse_args(given)
    try:
        if args is not None:
            check_arguments(args)
            if args.smoke_test:
                from game.client.smoke import smoke_test
                return smoke_test(frames=args.frames)
            if args.command == "simulate":
                return cmd_simulate(args)
            if args.command == "replay":
                return cmd_replay(args)
            if args.command == "host":
                return cmd_host(args)
            if args.command == "join":
                return cmd_join(args)
        from game.client.app import run
        return run({} if args is None else {"language": args.language, "speech": args.speech})
    except CardhallError as exc:
        print(f"cardhall: error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except (Exception, RecursionError, MemoryError) as exc:   # never a traceback on the terminal
        if os.environ.get("CARDHALL_DEBUG"):
            raise
        print(f"cardhall: error: {type(exc).__name__}: {one_line(str(exc))} "
              + _("(set CARDHALL_DEBUG=1 for details)"), file=sys.stderr)
        return 3


def one_line(message: str, most: int = 300) -> str:
    """An error message fit for one terminal line: its first line, printable, bounded."""
    from game.core.schema import printable

    first = (message.splitlines() or [""])[0][: most * 4]
    first = "".join(ch if printable(ch) else "?" for ch in first)
    return first if len(first) <= most else first[: most - 3] + "..."
