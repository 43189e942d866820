"""A module's logger that imports the logging package when it first logs a line.

    _log = logger(__name__)      # where a module would write logging.getLogger(__name__)
    _log.warning("...")          # the same logger's warning: handlers, levels, caplog as ever

The logging package (with string, traceback, weakref, a dozen regular expressions) took 10 to
14 ms of the main menu's first frame, which logs nothing (benchmarks/bench_startup.py): the
modules on that path take their logger from here.
"""

from __future__ import annotations


class logger:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, attr: str):
        import logging

        return getattr(logging.getLogger(self.name), attr)

    def __repr__(self) -> str:
        return f"<logger {self.name!r}, logging imported when it first logs>"
