"""Checks for data read from files: every value has a type, and bounds that keep the game sane.

A JSON file is untrusted: a number may be NaN-free yet 10**4000, a string may hold NUL or a lone
surrogate, a list may have a million entries. Each check below takes the value and where it sits
("seats[2].name", for the message) and returns the value or raises SchemaError. They are a handful
of plain functions because the schemas are small and their bounds are the point; a validation
library would add a dependency without removing a line of these rules.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any, Iterable

from game.core.errors import CardhallError

NAME_MAX = 40          # a seat or player name
LABEL_MAX = 200        # short strings: ids, summaries, kinds
INT_LIMIT = 10 ** 9    # counts and scores never get near this


class SchemaError(CardhallError):
    """Data that does not have the shape or bounds its file promises."""


def _where(where: str) -> str:
    return f"{where}: " if where else ""


def obj(value: Any, where: str, keys: Iterable[str] | None = None) -> dict[str, Any]:
    """A JSON object; with `keys`, only those keys are allowed."""
    if not isinstance(value, dict):
        raise SchemaError(f"{_where(where)}must be an object")
    if keys is not None:
        extra = set(value) - set(keys)
        if extra:
            raise SchemaError(f"{_where(where)}unexpected key(s) {', '.join(sorted(map(repr, extra)))[:200]}")
    return value


def items(value: Any, where: str, most: int, least: int = 0) -> list[Any]:
    if not isinstance(value, list):
        raise SchemaError(f"{_where(where)}must be a list")
    if not least <= len(value) <= most:
        raise SchemaError(f"{_where(where)}must have {least} to {most} entries, not {len(value)}")
    return value


def boolean(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise SchemaError(f"{_where(where)}must be true or false")
    return value


def integer(value: Any, where: str, lo: int = -INT_LIMIT, hi: int = INT_LIMIT) -> int:
    """A whole number (1.0 and true are not) within [lo, hi]."""
    if type(value) is not int:
        raise SchemaError(f"{_where(where)}must be a whole number")
    if not lo <= value <= hi:
        raise SchemaError(f"{_where(where)}must be between {lo} and {hi}")
    return value


def number(value: Any, where: str, lo: float, hi: float) -> float:
    """A finite number within [lo, hi] (an integer is fine; true is not)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SchemaError(f"{_where(where)}must be a number")
    if isinstance(value, int) and not -10 ** 18 <= value <= 10 ** 18:
        raise SchemaError(f"{_where(where)}must be between {lo} and {hi}")
    if not math.isfinite(value) or not lo <= value <= hi:
        raise SchemaError(f"{_where(where)}must be a finite number between {lo} and {hi}")
    return value


def printable(s: str, newlines: bool = False) -> bool:
    """No control characters (NUL, escapes; newline and tab only if `newlines`), no lone
    surrogates (a font cannot draw them and UTF-8 cannot write them)."""
    for ch in s:
        if newlines and ch in "\n\t":
            continue
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return False
    return True


def text(value: Any, where: str, most: int = LABEL_MAX, empty: bool = False, newlines: bool = False) -> str:
    """A string of at most `most` characters, printable, not blank unless `empty`."""
    if not isinstance(value, str):
        raise SchemaError(f"{_where(where)}must be a string")
    if len(value) > most:
        raise SchemaError(f"{_where(where)}must be at most {most} characters, not {len(value)}")
    if not empty and not value.strip():
        raise SchemaError(f"{_where(where)}must not be empty")
    if not printable(value, newlines):
        raise SchemaError(f"{_where(where)}holds a control character or an invalid code point")
    return value


def one_of(value: Any, where: str, choices: Iterable[Any]) -> Any:
    """One of `choices`, compared by type too (so 1.0 is not 1 and true is not 1)."""
    for choice in choices:
        if type(value) is type(choice) and value == choice:
            return value
    raise SchemaError(f"{_where(where)}must be one of {list(choices)}")
