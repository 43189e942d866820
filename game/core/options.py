"""Declarative variant options: each optional rule is a toggle or a value, with a label the
setup screen shows. Options travel as a plain dict so records stay JSON."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.core.errors import BadOptions
from game.i18n import N_


class _Unset:
    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSET"


UNSET = _Unset()


@dataclass(frozen=True)
class OptionSpec:
    key: str
    label: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()     # for a choice among values
    minimum: float | None = None      # for numbers
    maximum: float | None = None
    step: float = 1
    # (other key, value): the option matters only then; or a tuple of such pairs, all of which must hold
    only_when: tuple[str, Any] | tuple[tuple[str, Any], ...] | None = None
    zero_label: str = ""              # what a number's 0 means, shown instead of "0" ("Auto", "No limit")
    # What a record of format 2 or older means by leaving this option out: the rule as it was before
    # the option came in or its default changed, so that an old match replays and continues as it
    # was played (UNSET: the default). See legacy_options.
    legacy: Any = UNSET

    def applies(self, options: dict[str, Any]) -> bool:
        """Does this option matter under ``options`` (e.g. a target score when playing to a target)?"""
        return all(options.get(key) == value for key, value in self.conditions)

    @property
    def conditions(self) -> tuple[tuple[str, Any], ...]:
        """The (key, value) pairs `only_when` asks for (none: the option always matters)."""
        when = self.only_when
        if when is None:
            return ()
        return when if isinstance(when[0], tuple) else (when,)  # type: ignore[return-value]

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "toggle"
        if self.choices:
            return "choice"
        return "number"

    def check(self, value: Any) -> Any:
        if self.kind == "toggle":
            if not isinstance(value, bool):
                raise BadOptions(f"option {self.key} must be true or false, not {_short(value)}")
            return value
        if self.kind == "choice":
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise BadOptions(f"option {self.key} must be one of {list(self.choices)}, not {_short(value)}")
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadOptions(f"option {self.key} must be a number, not {_short(value)}")
        if isinstance(value, int) and abs(value) > 10 ** 15:
            raise BadOptions(f"option {self.key} is out of range")
        if not math.isfinite(value):   # NaN compares false both ways, so it would pass the bounds
            raise BadOptions(f"option {self.key} must be a finite number, not {value}")
        if isinstance(self.default, int) and not float(value).is_integer():
            raise BadOptions(f"option {self.key} must be a whole number, not {value}")
        if self.minimum is not None and value < self.minimum:
            raise BadOptions(f"option {self.key} must be at least {self.minimum}, not {value}")
        if self.maximum is not None and value > self.maximum:
            raise BadOptions(f"option {self.key} must be at most {self.maximum}, not {value}")
        return type(self.default)(value) if isinstance(self.default, int) and float(value).is_integer() else value


def _short(value: Any) -> str:
    """A value for an error message: a hostile one may be megabytes long."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10 ** 30 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


REACTION_SECONDS = OptionSpec(
    "reaction_seconds", "Reaction window (seconds)", 3.0,
    "How long out-of-turn claims stay open after a card lands; No limit waits until everyone has passed.",
    minimum=0.0, maximum=10.0, step=0.5, zero_label=N_("No limit"))


def resolve_options(specs: tuple[OptionSpec, ...], given: dict[str, Any] | None) -> dict[str, Any]:
    given = dict(given or {})
    by_key = {spec.key: spec for spec in specs}
    unknown = set(given) - set(by_key)
    if unknown:
        raise BadOptions(f"unknown option(s): {_short(', '.join(sorted(map(str, unknown))))}")
    return {key: spec.check(given[key]) if key in given else spec.default for key, spec in by_key.items()}


def legacy_options(specs: tuple[OptionSpec, ...], given: dict[str, Any]) -> dict[str, Any]:
    """The options an old record (format 2 or older) was played under: `given` with every option it
    leaves out that has a legacy value set to that value (what the default was then)."""
    out = dict(given)
    for spec in specs:
        if spec.key not in out and spec.legacy is not UNSET:
            out[spec.key] = spec.legacy
    return out
