"""Fairness over every variant: two worlds that look the same from a seat (same events, same view)
but differ in cards that seat never saw must give the same decision from its bot, at every level.
A deliberately cheating bot (it peeks at the deck) fails the same check."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from ai import bot_kinds, bot_seed, make_agent
from game import games
from game.core.cards import Card
from game.core.game import get_variant
from game.core.session import Intent, Session
from tests.invariants import twin

CHECKS = 40   # decisions checked per seat (at most), per seat count and level


def _cards_in(value: Any, out: set[int], depth: int = 0) -> None:
    """Ids of every card inside an event or a view (any field, tuples, dicts).

    What to do with a value is worked out once per class (_walk): the fairness tests call this on
    every event and view of thousands of steps, and asking dataclasses.is_dataclass and
    dataclasses.fields again for every object was most of their time."""
    if depth > 6 or value is None:
        return
    walk = _WALKS.get(type(value))
    if walk is None:
        walk = _WALKS[type(value)] = _walk(type(value))
    kind, names = walk
    if kind is _CARD:
        out.add(value.id)
    elif kind is _ITEMS:
        for v in value:
            _cards_in(v, out, depth + 1)
    elif kind is _DICT:
        for v in value.values():
            _cards_in(v, out, depth + 1)
    elif kind is _FIELDS:
        for name in names:
            _cards_in(getattr(value, name), out, depth + 1)
    elif isinstance(value, type) and dataclasses.is_dataclass(value):   # (a dataclass itself as a value)
        for f in dataclasses.fields(value):
            _cards_in(getattr(value, f.name), out, depth + 1)


_CARD, _ITEMS, _DICT, _FIELDS, _OTHER = "card", "items", "dict", "fields", "other"
_WALKS: dict[type, tuple[str, tuple[str, ...]]] = {}


def _walk(cls: type) -> tuple[str, tuple[str, ...]]:
    """How _cards_in walks an instance of `cls`: what isinstance and dataclasses say of it."""
    if issubclass(cls, Card):
        return _CARD, ()
    if issubclass(cls, (tuple, list, set, frozenset)):
        return _ITEMS, ()
    if issubclass(cls, dict):
        return _DICT, ()
    if not issubclass(cls, type) and dataclasses.is_dataclass(cls):
        return _FIELDS, tuple(f.name for f in dataclasses.fields(cls))
    return _OTHER, ()


def _hidden_slots(game: Any, seen: set[int]) -> list[tuple[list, int]]:
    """Every place in the world holding a card the seat never saw: (the list, the index). Found
    generically: lists of cards (a deck) and lists of lists of cards (hands, grids)."""
    slots = []
    fields = dict(vars(game))
    piles = getattr(game, "piles", None)   # the kit keeps the draw pile in a Piles object
    if piles is not None:
        fields.update({name: getattr(piles, name) for name in type(piles).__slots__})
    for name, value in fields.items():
        if not isinstance(value, list) or name in ("history", "discard"):
            continue
        rows = value if value and all(isinstance(v, list) for v in value) else [value]
        for row in rows:
            for i, card in enumerate(row):
                if isinstance(card, Card) and card.id not in seen:
                    slots.append((row, i))
    return slots


def _twin(game: Any, seen: set[int], rng: random.Random) -> Any | None:
    """A copy of the world with the cards the seat never saw dealt differently."""
    other = twin(game)      # through pickle: a third of deepcopy's cost for a game
    slots = _hidden_slots(other, seen)
    cards = [row[i] for row, i in slots]
    if len({c.id for c in cards}) < 2:
        return None
    for _ in range(5):
        shuffled = cards[:]
        rng.shuffle(shuffled)
        if [c.id for c in shuffled] != [c.id for c in cards]:
            break
    for (row, i), card in zip(slots, shuffled):
        row[i] = card
    return other


class Cheater:
    """Plays like the hard bot, except that it peeks at the deck it was handed to pick its move."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.world: Any = None

    def begin(self, *args):
        self.inner.begin(*args)

    def observe(self, events):
        self.inner.observe(events)

    def decide(self, view, legal, now):
        intent = self.inner.decide(view, legal, now)
        deck = getattr(self.world, "deck", None) if self.world is not None else None
        if deck and len(legal) > 1:
            return Intent(legal[deck[-1].id % len(legal)], intent.delay)
        return intent


class Twins:
    """Wraps a seat's agent: at each decision, asks copies of it in this world and in a twin world
    (hidden cards dealt differently) and counts the decisions that differ."""

    def __init__(self, agent: Any, game_box: list, seed: int):
        self.agent = agent
        self.game_box = game_box
        self.rng = random.Random(seed)
        self.seen: set[int] = set()
        self.checked = self.differ = 0

    def begin(self, seat, *args):
        self.seat = seat
        self.agent.begin(seat, *args)

    def observe(self, events):
        for e in events:
            _cards_in(e, self.seen)
        self.agent.observe(events)

    def _ask(self, world, view, legal, now):
        bot = copy.deepcopy(self.agent)
        if isinstance(bot, Cheater):
            bot.world = world
        return bot.decide(view, legal, now)

    def decide(self, view, legal, now):
        game = self.game_box[0]
        if self.checked < CHECKS:
            seen = set(self.seen)
            _cards_in(view, seen)
            twin = _twin(game, seen, self.rng)
            if twin is not None:
                # The twin really looks the same from this seat.
                assert twin.observe(self.seat) == view and twin.legal_actions(self.seat) == legal
                self.checked += 1
                if self._ask(game, view, legal, now) != self._ask(twin, view, legal, now):
                    self.differ += 1
        if isinstance(self.agent, Cheater):
            self.agent.world = game
        return self.agent.decide(view, legal, now)


def _short(cls) -> dict[str, Any]:
    """Options for a short match where the variant offers them."""
    names = {spec.key for spec in cls.option_specs}
    options: dict[str, Any] = {}
    if "length" in names:
        options["length"] = "rounds"
    if "rounds" in names:
        options["rounds"] = 1
    return options


def _run(cls, kinds: list[str], seed: int, cheat_seat: int | None = None) -> list[Twins]:
    game = cls(len(kinds), _short(cls), seed)
    box = [game]
    agents = {}
    for seat, kind in enumerate(kinds):
        agent = make_agent(cls.id, kind, bot_seed(seed, seat))
        if seat == cheat_seat:
            agent = Cheater(agent)
        agents[seat] = Twins(agent, box, seed * 7 + seat)
    session = Session(game, agents)
    steps = 0
    while not game.over and steps < 3000 and min(a.checked for a in agents.values()) < CHECKS:
        due = session.next_due()
        if due is None:
            break
        steps += session.advance(due)
    return list(agents.values())


@pytest.mark.parametrize("variant", games.game_ids())
@pytest.mark.slow
def test_worlds_alike_from_a_seat_give_the_same_decisions_at_every_level(variant):
    cls = get_variant(variant)
    for kind in bot_kinds(cls.id):
        for players, seed in ((2, 3), (4, 5)):
            twins = _run(cls, [kind] * players, seed)
            assert sum(t.checked for t in twins) >= 10, (kind, players)
            assert [t.differ for t in twins] == [0] * players, (cls.id, kind, players)


@pytest.mark.parametrize("variant", games.game_ids())
@pytest.mark.slow
def test_a_cheating_bot_fails_the_check(variant):
    cls = get_variant(variant)
    if "hard" not in bot_kinds(cls.id):
        pytest.skip("no leveled bot to cheat with")
    twins = _run(cls, ["hard"] * 3, 9, cheat_seat=1)
    assert twins[1].checked >= 10 and twins[1].differ > 0
    assert twins[0].differ == twins[2].differ == 0
