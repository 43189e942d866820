"""The `cardhall` command's parser: its options and subcommands, in the player's language.

Built only when the command has arguments: a plain `cardhall` (the game) starts without argparse
(game/cli.py; benchmarks/bench_startup.py).
"""

from __future__ import annotations

import argparse
import os

from game.cli import one_line
from game.i18n import _

TYPE_CHECKING = False   # (typing is not imported for this alone; type checkers read it as typing's)
if TYPE_CHECKING:
    from pathlib import Path


class _Version(argparse.Action):
    """--version, which reads the version (pyproject.toml or the installed metadata) only when asked."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or _("show program's version number and exit"))

    def __call__(self, parser, namespace, values, option_string=None):
        from game.about import version

        print(f"cardhall {version()}")
        parser.exit()


def _path(text: str) -> "Path":
    from pathlib import Path

    return Path(text)


class _Formatter(argparse.HelpFormatter):
    """argparse's own formatter, in the player's language ("usage: "), which asks for the
    terminal's width when it lays help out. argparse makes a formatter for every add_argument (to
    check the argument's metavar) and the stock one asks shutil for the width each time: importing
    shutil (with bz2 and lzma) was 3 to 5 ms of every start that builds the parser
    (benchmarks/bench_startup.py), help printed or not."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, width=0 if width is None else width)
        self._wanted = (max_help_position, width)

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, prefix if prefix is not None else _("usage: "))

    def format_help(self) -> str:
        max_help_position, width = self._wanted
        if width is None:   # what the stock formatter works out in __init__
            import shutil

            width = shutil.get_terminal_size().columns - 2
        self._width = width
        self._max_help_position = min(max_help_position, max(width - 20, self._indent_increment * 2))
        return super().format_help()


class _Parser(argparse.ArgumentParser):
    """argparse in the player's language: its own words (usage, the section heads, --help) come
    from Cardhall's catalogue; only its error messages stay English (argparse's own domain)."""

    def __init__(self, *args, add_help: bool = True, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> None:  # one line, no usage dump
        self.exit(2, f"cardhall: error: {one_line(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardhall", description=_("Cardhall: fast memory-and-reaction card games."))
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--smoke-test", action="store_true",
                        help=_("start the client headless, play an all-bot match of every variant, exit"))
    parser.add_argument("--frames", type=int, default=None, help=_("frames per variant for --smoke-test"))
    parser.add_argument("--language", default=None, metavar="CODE",
                        help=_("the language of this run, the window's and these lines (en, de, fr; en_XA is the "
                             "pseudo-locale translators test with); Settings > Language keeps a choice"))
    parser.add_argument("--speech", action="store_true",
                        help=_("turn speech on (Settings > Speech; Ctrl+S in the game turns it on or off)"))
    # (prog given: argparse would lay out a usage line to work out the same "cardhall")
    sub = parser.add_subparsers(dest="command", prog=parser.prog)
    sub.add_parser("play", help=_("open the game window (the default)"))

    sim = sub.add_parser("simulate", help=_("play bot-only matches headless and print figures"))
    sim.add_argument("--variant", default="kombio",
                     help=_("the game, e.g. combat-uno or sixteen-combos (an unknown name lists them all; default: kombio)"))
    sim.add_argument("--players", type=int, default=4, help=_("seats at the table (default: 4)"))
    sim.add_argument("--games", type=int, default=100, help=_("matches to play (default: 100)"))
    sim.add_argument("--seed", type=int, default=1,
                     help=_("the run's seed: the same seed gives the same matches (default: 1)"))
    sim.add_argument("--bots", default="hard",
                     help=_("comma-separated, one per seat: random, easy, medium, hard; one name seats it "
                          "everywhere (default: hard)"))
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help=_("a variant option, e.g. --option rounds=3 (repeatable)"))
    sim.add_argument("--records", type=_folder, default=None, help=_("write every match's record to this folder"))
    sim.add_argument("--json", action="store_true", help=_("print JSON (default: a short summary)"))
    sim.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                     help=_("processes to split the matches across (default: all cores); same figures for any number"))
    sim.add_argument("--scheduler", default=None, metavar="ADDRESS",
                     help=_('run the matches on a Dask cluster (e.g. tcp://10.0.0.5:8786); needs "cardhall[cluster]"'))
    sim.add_argument("--compare", action="append", default=[], metavar="KEY=VALUE",
                     help=_("play the same seeds with this option changed and print the differences (repeatable)"))

    rep = sub.add_parser("replay", help=_("replay a game record and check it reaches its recorded result"))
    rep.add_argument("record", type=_path, help=_("a record: a simulate --records file, a bug report or a saved match"))
    rep.add_argument("--json", action="store_true", help=_("print the outcome as JSON"))
    rep.add_argument("--show", action="store_true",
                     help=_("open a window replaying a round with every card face up (instead of checking)"))
    rep.add_argument("--round", type=int, default=None, metavar="N",
                     help=_("with --show: the round to open first (default: the first)"))

    host = sub.add_parser("host", help=_("host a network table headless: remote players join it (docs/network.md)"))
    host.add_argument("game", nargs="?", default="kombio", help=_("the game, e.g. kombio or combat-uno (default: kombio)"))
    host.add_argument("--seats", default="remote,bot:medium",
                      help=_("comma-separated, one per seat: remote (a player who joins) or bot[:LEVEL] "
                           "(default: remote,bot:medium)"))
    host.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help=_("a game option, e.g. --option rounds=3 (repeatable)"))
    host.add_argument("--port", type=int, default=47615, help=_("the port to listen on (default: 47615)"))
    host.add_argument("--address", default="0.0.0.0", help=_("the address to listen on (default: every interface)"))
    host.add_argument("--code", default=None, help=_("the table code (default: a new one, printed)"))
    host.add_argument("--seed", type=int, default=None, help=_("the match's seed (default: a random one)"))
    host.add_argument("--drop-wait", type=float, default=60.0,
                      help=_("seconds a dropped player is waited for (default: 60)"))
    host.add_argument("--drop-bot", default="medium",
                      help=_("the bot that then takes the seat: easy, medium, hard, or none to keep waiting"))
    host.add_argument("--autosave", type=_path, default=None, help=_("save the match here after every step"))
    host.add_argument("--continue", dest="resume", action="store_true",
                      help=_("continue the match in --autosave (after a crash); its players rejoin"))
    host.add_argument("--wait", type=float, default=None, help=_("give up if the seats are not taken within this"))
    host.add_argument("--no-advertise", action="store_true", help=_("do not announce the table by mDNS"))

    join = sub.add_parser("join", help=_("join a network table headless and play the seat with a bot"))
    join.add_argument("address", help=_("the host: HOST, HOST:PORT or ws://HOST:PORT"))
    join.add_argument("--code", required=True, help=_("the table code the host shows"))
    join.add_argument("--bot", default="medium", help=_("the bot that plays the seat: easy, medium or hard"))
    join.add_argument("--name", default="", help=_("the name the table shows"))
    join.add_argument("--token", default=None, help=_("rejoin the seat this token was given for"))
    return parser


def _folder(text: str) -> "Path":
    if not text.strip():       # Path("") is the current folder: never what was meant
        raise argparse.ArgumentTypeError(_("needs a folder name"))
    return _path(text)
