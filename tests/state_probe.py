"""A cheap and exact "an illegal action changed nothing": the game's state pickled before and
after, with the frozen values it holds written as references.

Pickling the whole state before and after every illegal action tried was most of the property
tests' time (about seven tenths): a state holds a hundred cards and the history's hundreds of
actions, and pickle wrote each of them out through a Python reduction every time. Those are
frozen values, shared from one state to the next: a card is one of the game's `deck_cards`, a
history entry a (time, action) pair of frozen values. A probe finds them frozen once (each new
history entry once, when it first takes the state) and hands them to the pickler's memo, so the
pickler writes a reference for each of them, in C, instead of its fields. Everything else (every
list, dict and set, the engine's own objects, the random generator, any value not known to be
frozen) is pickled in full as before, so the bytes still change when anything in the state
changes: an item of a list, the order of a pile, a shared list replaced by an equal copy, an
attribute added. A frozen value found again where another value was (a
card in another slot) is a reference to another one. Only a frozen value written to behind the
dataclass's back (object.__setattr__) keeps its reference and would not be seen; every
FULL_PICKLE_EVERY-th state the probe takes is also pickled with nothing in the memo and compared
in full, so such a write is still caught within a run.
"""

from __future__ import annotations

import dataclasses
import enum
import io
import pickle
import random
import struct
import types
from typing import Any, NamedTuple

from tests.invariants import PROTOCOL, _QUICK, state_bytes

FULL_PICKLE_EVERY = 16
_LEAVES = (int, float, complex, str, bytes, bool, type(None), enum.Enum, type, types.FunctionType,
           types.BuiltinFunctionType)


class StateChanged(AssertionError):
    pass


class Pickled(NamedTuple):
    """A state as a probe pickles it: the bytes, and the states of the random generators in it
    (pickled as a mark in their place: writing out a generator's 625 numbers was half the work)."""

    data: bytes
    random_states: tuple[tuple, ...]


class StateProbe:
    """The state of one game (its __dict__) as bytes when take() is called, compared with the
    state later by assert_unchanged(); and twins of the game that share its frozen values."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self._frozen: dict[int, bool] = {}      # id -> whether that value is frozen through and through
        self._kept: list[Any] = []              # the values _frozen speaks of, kept alive (ids stay theirs)
        self._memo: dict[int, tuple[int, Any]] = {}          # id -> (memo index, a frozen value)
        self._frozen_values: list[Any] = []                  # the frozen values by memo index
        self._preface = bytes((pickle.PROTO[0], PROTOCOL))      # what puts each in a reader's memo
        self._prefaced = 0
        self._memo_holder = pickle.Pickler(io.BytesIO(), PROTOCOL)
        self._reductions = _ProbeReductions()
        self._history_seen = 0
        self._taken = 0
        self.before: Pickled | None = None
        self.before_full: bytes | None = None
        for card in getattr(game, "deck_cards", ()):
            self._remember(card)

    def take(self) -> "StateProbe":
        """The state now, as the reference assert_unchanged compares with."""
        self.before = self.pickled(self.game.__dict__)
        self.before_full = state_bytes(self.game.__dict__) if self._taken % FULL_PICKLE_EVERY == 0 else None
        self._taken += 1
        return self

    def assert_unchanged(self) -> None:
        """Raise StateChanged (naming the attributes that differ) when the state is not the one
        take() saw."""
        assert self.before is not None, "take() first"
        if self._pickled(self.game.__dict__) != self.before:
            raise StateChanged(f"the state changed: {self._difference()}")
        if self.before_full is not None and state_bytes(self.game.__dict__) != self.before_full:
            raise StateChanged("the state changed: its full pickle differs (a frozen value written to?)")

    def twin(self, pickled: Pickled | None = None) -> Any:
        """A copy of the game (as pickle would make it) sharing only its frozen values; of the game
        as `pickled` (pickled(game)) saw it, when given: one pickled state, several twins."""
        return self.read(self.pickled(self.game) if pickled is None else pickled)

    # -- the bytes --------------------------------------------------------------------------------
    def pickled(self, value: Any) -> Pickled:
        """`value` (the game or its state) as bytes, the game's frozen values as references to the
        memo; the history's new entries are found frozen first."""
        history = self.game.__dict__.get("history")
        if isinstance(history, list):
            for entry in history[self._history_seen:]:
                self._remember(entry)
            self._history_seen = len(history)
        self._memo_holder.memo = self._memo
        return self._pickled(value)

    def _pickled(self, value: Any) -> Pickled:
        out = io.BytesIO()
        pickler = pickle.Pickler(out, PROTOCOL)
        pickler.dispatch_table = self._reductions
        pickler.memo = self._memo_holder.memo       # the frozen values, as references (copied in C)
        self._reductions.random_states = random_states = []
        pickler.dump(value)
        return Pickled(out.getvalue(), tuple(random_states))

    def read(self, pickled: Pickled) -> Any:
        """What `pickled` holds, its frozen values the very ones it was written against.

        (The memo of pickle's Unpickler cannot be given as a dict: in CPython 3.11 what it is
        given is lost. So the reader first reads `_preface`, which puts each frozen value in its
        memo in order (BININT i, BINPERSID from the list, MEMOIZE, POP; then NONE, STOP), then
        the state.)"""
        frozen = self._frozen_values
        if self._prefaced < len(frozen):
            self._preface += b"".join(b"J" + struct.pack("<i", i) + b"Q\x940" for i in range(self._prefaced, len(frozen)))
            self._prefaced = len(frozen)
        reader = _Reader(io.BytesIO(self._preface + b"N." + pickled.data),
                         pickled.random_states)
        reader.persistent_load = frozen.__getitem__
        reader.load()
        return reader.load()

    def _difference(self) -> str:
        """The attributes whose values differ from the state take() saw (read back from its bytes)."""
        before, now = self.read(self.before), self.game.__dict__
        changed = [f"{name} was {_shown(before.get(name, '(none)'))}, now {_shown(now.get(name, '(none)'))}"
                   for name in sorted(set(before) | set(now), key=str)
                   if name not in before or name not in now or values(before[name]) != values(now[name])]
        return "; ".join(changed) or "a value two attributes shared is no longer shared"

    # -- which values are frozen ------------------------------------------------------------------
    def _remember(self, value: Any) -> bool:
        """Is `value` frozen through and through (a leaf, or a tuple, frozenset or frozen dataclass
        of such values)? The ones that are go into the pickler's memo."""
        known = self._frozen.get(id(value))
        if known is not None:
            return known
        cls = type(value)
        if isinstance(value, _LEAVES):
            return True
        params = getattr(cls, "__dataclass_params__", None)
        if cls is tuple or cls is frozenset or (issubclass(cls, tuple) and cls.__dictoffset__ == 0 and _stock(cls)):
            frozen = all([self._remember(item) for item in value])
        elif params is not None and params.frozen and cls.__dictoffset__ == 0 and _stock(cls):
            frozen = all([self._remember(getattr(value, f.name)) for f in dataclasses.fields(cls)])
        else:
            frozen = False
        self._frozen[id(value)] = frozen
        self._kept.append(value)
        if frozen:
            self._memo[id(value)] = (len(self._memo), value)
            self._frozen_values.append(value)
        return frozen


class _ProbeReductions(dict):
    """tests.invariants' quick reductions, and a random generator as a mark whose state is kept
    beside the bytes (random_states, in the order the generators were met)."""

    random_states: list[tuple]

    def __missing__(self, cls: type) -> Any:
        if issubclass(cls, random.Random) and not issubclass(cls, type):
            def reduce(generator: random.Random) -> tuple:
                self.random_states.append(generator.getstate())
                return _generator_at, (cls, len(self.random_states) - 1)
        else:
            reduce = _QUICK[cls]
        self[cls] = reduce
        return reduce


def _generator_at(cls: type, index: int) -> random.Random:
    """The mark of a generator in a probe's bytes (read back by _Reader)."""
    raise AssertionError("a probe's bytes are read back by its _Reader")


class _Reader(pickle.Unpickler):
    """Reads a probe's bytes back, each generator's mark as a generator in the state it had."""

    def __init__(self, file: io.BytesIO, random_states: list[tuple]) -> None:
        super().__init__(file)
        self.random_states = random_states

    def find_class(self, module: str, name: str) -> Any:
        if name == _generator_at.__name__ and module == __name__:
            def generator_at(cls: type, index: int) -> random.Random:
                generator = cls.__new__(cls)
                generator.setstate(self.random_states[index])
                return generator
            return generator_at
        return super().find_class(module, name)


def values(state: Any) -> bytes:
    """`state` pickled without pickle's memo: its values alone, whichever objects hold them (pickle's
    own bytes also tell which equal strings or frozen values are one object)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, PROTOCOL)
    pickler.dispatch_table = _QUICK
    pickler.fast = True
    pickler.dump(state)
    return out.getvalue()


def _shown(value: Any) -> str:
    """`value` in a message: an object that says nothing of itself as its attributes."""
    if type(value).__repr__ is object.__repr__:
        names = [n for n in _slot_names(type(value))] + list(getattr(value, "__dict__", {}))
        value = {n: getattr(value, n) for n in names if hasattr(value, n)}
    return f"{value!r:.300}"


def _slot_names(cls: type) -> list[str]:
    return [name for klass in cls.__mro__ for name in ((klass.__dict__.get("__slots__", ()),)
            if isinstance(klass.__dict__.get("__slots__", ()), str) else klass.__dict__.get("__slots__", ()))
            if name not in ("__dict__", "__weakref__")]


def _stock(cls: type) -> bool:
    return cls.__reduce_ex__ is object.__reduce_ex__ and cls.__reduce__ is object.__reduce__
