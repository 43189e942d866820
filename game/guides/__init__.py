"""Guided first matches: one per variant, described as data.

A guide is a short match against gentle (easy) bots from a fixed deal (a ``StartRound`` deck, see
docs/records.md), with an ordered list of moments. Each moment says when it has come (a test on
the human seat's view, legal actions and the events shown so far: the same things the table may
read), what to point at (places on the table, or the button of an action), what to say (one or
two sentences, in the words of the variant's rules page; ``_l("...")``, so it is shown in the
player's language) and which actions complete it. The
client's guide runner (game/client/table/guide.py) shows each moment the first time it comes,
holds the table clock while it shows, and closes it when the player acts.

One module per variant (``game/guides/<variant>.py``) defines ``GUIDE``, and the game's entry in
game/games.py names it (``guide="game.guides.kombio:GUIDE"``). ``check_guide`` is the schema: a
guide that names an action the variant does not have, a deal its deck refuses, seats out of range
or a text too long is refused when it is loaded, and ``tests/test_guides.py`` loads every one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from game.core.actions import Action, StartRound
from game.core.cards import Place, grid_place
from game.core.errors import CardhallError
from game.core.record import GameRecord, SeatInfo

TEXT_MAX = 260          # characters of one moment's text
SENTENCES_MAX = 2
LEVELS = ("easy", "medium", "hard")


class GuideError(CardhallError):
    """A guide that does not fit its schema (a bug in the guide's data)."""


@dataclass(frozen=True)
class GuideContext:
    """What a moment may look at: the human seat's view, its legal actions, the events the table
    has shown so far (their type names, and the list since the previous look), and two things
    the table itself shows: a held look ("peek" / "look") and a result panel ("round" / "match")."""

    seat: int
    view: Any
    legal: tuple[Action, ...]
    seen: frozenset[str] = frozenset()
    hold: str | None = None
    results: str | None = None

    def can(self, *names: str) -> bool:
        return any(type(a).__name__ in names for a in self.legal)

    def own(self, index: int) -> Place:
        return grid_place(self.seat, index)


@dataclass(frozen=True)
class ButtonOf:
    """A pointer at the button of a target-less action (e.g. "CallKombio")."""

    action: str


@dataclass(frozen=True)
class Face:
    """A pointer at a card by its face ("5blue", "Qh"): in the player's own hand or grid, or
    (``mine=False``) anywhere on the table, e.g. the card that may be taken from the pile."""

    face: str
    mine: bool = True


Test = Callable[[GuideContext], bool]
Pointer = Callable[[GuideContext], tuple]


def _nothing(ctx: GuideContext) -> tuple:
    return ()


@dataclass(frozen=True)
class Moment:
    key: str                    # a short id ("peek", "match")
    text: str                   # one or two sentences (a lazy _l string: read in the language of now)
    when: Test                  # has the moment come?
    point: Pointer = _nothing   # Places and ButtonOf(...) to ring
    done: tuple[str, ...] = ()  # the actions that complete it; () = the player reads it (OK)
    asks: Callable[[Action], bool] | None = None   # narrower than the type: which of them (a run, a lone 2)
    # Its words hold whatever the player did before (the round's end, the UNO race). Other moments
    # name the cards of the planned line, and come only while the player has done what the guide
    # asked: one who chose otherwise meets other cards.
    anytime: bool = False

    def completed_by(self, action: Action) -> bool:
        return type(action).__name__ in self.done and (self.asks is None or self.asks(action))


@dataclass(frozen=True)
class Guide:
    variant: str
    title: str                                   # "Kombio: guided first match" (_l, as text)
    about: str                                   # the offer's one-line description
    seats: tuple[tuple[str, str], ...]           # (name, "human" | a bot level); seat 0 is the player
    options: dict[str, Any]
    seed: int
    deck: tuple[str, ...]
    moments: tuple[Moment, ...]
    notes: dict[str, str] = field(default_factory=dict)

    def record(self, player_name: str = "You") -> GameRecord:
        """The match's record (no actions yet: the table deals ``deck`` as its first round)."""
        infos = [SeatInfo(player_name if kind == "human" else name, "human", None) if kind == "human"
                 else SeatInfo(name, "bot", kind) for name, kind in self.seats]
        return GameRecord(self.variant, dict(self.options), infos, self.seed)

    @property
    def human(self) -> int:
        return next(i for i, (_, kind) in enumerate(self.seats) if kind == "human")


# -- small pieces the guides are written with ----------------------------------------------------
def can(*names: str) -> Test:
    """Any of these actions is legal for the player now."""
    return lambda ctx: ctx.can(*names)


def holding(kind: str) -> Test:
    """The table holds a look of this kind ("peek": the start-of-round look)."""
    return lambda ctx: ctx.hold == kind


def results(kind: str = "round") -> Test:
    return lambda ctx: ctx.results == kind


def all_of(*tests: Test) -> Test:
    return lambda ctx: all(t(ctx) for t in tests)


def at(*places: Any) -> Pointer:
    """Fixed places, or functions of the context giving one (``lambda c: c.own(2)``)."""
    return lambda ctx: tuple(p(ctx) if callable(p) else p for p in places)


def faces(fn: Callable[[GuideContext], Any]) -> Pointer:
    """Pointers at the player's cards named by ``fn(ctx)`` (an iterable of faces or cards)."""
    return lambda ctx: tuple(dict.fromkeys(Face(str(c)) for c in fn(ctx)))


def targets_of(*names: str) -> Pointer:
    """Every place the legal actions of these types name."""
    def point(ctx: GuideContext) -> tuple:
        out: list = []
        for a in ctx.legal:
            if type(a).__name__ in names:
                for p in a.targets():
                    if p not in out:
                        out.append(p)
        return tuple(out)
    return point


# -- the schema --------------------------------------------------------------------------------------
def _sentences(text: str) -> int:
    return len(re.findall(r"[.!?](\s|$)", text.strip()))


def check_guide(guide: Guide) -> Guide:
    """Refuse a guide that does not fit: unknown variant or action names, a deal the deck refuses,
    seats or options the variant does not take, texts too long."""
    from game.core.game import get_variant
    from game.core.options import resolve_options

    try:
        variant = get_variant(guide.variant)
    except Exception as exc:
        raise GuideError(f"guide for an unknown variant {guide.variant!r}") from exc
    where = f"{guide.variant} guide"
    if not variant.min_seats <= len(guide.seats) <= variant.max_seats:
        raise GuideError(f"{where}: {len(guide.seats)} seats")
    kinds = [kind for _, kind in guide.seats]
    if kinds.count("human") != 1 or any(k not in LEVELS + ("human",) for k in kinds):
        raise GuideError(f"{where}: one human seat and bots of a known level")
    try:
        resolve_options(variant.option_specs, guide.options)
    except Exception as exc:
        raise GuideError(f"{where}: options: {exc}") from exc
    names = set(variant.vocabulary())
    keys: set[str] = set()
    if not guide.moments:
        raise GuideError(f"{where}: no moments")
    for m in guide.moments:
        if not m.key or m.key in keys:
            raise GuideError(f"{where}: moment keys must be unique and not empty ({m.key!r})")
        keys.add(m.key)
        unknown = [d for d in m.done if d not in names]
        if unknown:
            raise GuideError(f"{where}: moment {m.key!r} is done by unknown actions {unknown}")
        if not m.text or len(m.text) > TEXT_MAX or _sentences(m.text) > SENTENCES_MAX:
            raise GuideError(f"{where}: moment {m.key!r}: one or two sentences, at most {TEXT_MAX} characters")
        if not callable(m.when) or not callable(m.point) or (m.asks is not None and not callable(m.asks)):
            raise GuideError(f"{where}: moment {m.key!r}: when and point must be functions of the context")
    if not guide.moments[-1].anytime:
        # The last moment ends the guide: it must come however the player played.
        raise GuideError(f"{where}: the last moment ({guide.moments[-1].key!r}) must be anytime")
    try:
        game = guide.record().new_game()
        game.apply(StartRound(deck=tuple(guide.deck)))
    except Exception as exc:
        raise GuideError(f"{where}: the deal is refused: {exc}") from exc
    return guide


# -- finding a game's guide ---------------------------------------------------------------------------
_LOADED: dict[str, Guide | None] = {}


def guide_for(variant_id: str) -> Guide | None:
    """The variant's guided match (checked), or None if it has none."""
    from game import games
    from game.core.errors import UnknownVariant

    try:
        entry = games.find(variant_id)
    except UnknownVariant:
        return None
    if entry.id not in _LOADED:
        guide = entry.load_guide()
        _LOADED[entry.id] = check_guide(guide) if guide is not None else None
    return _LOADED[entry.id]


def guided_variants() -> list[str]:
    from game import games

    return [e.id for e in games.entries() if e.guide is not None]
