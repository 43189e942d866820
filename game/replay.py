"""Round replay: one round of a record, step by step, with every card face up.

A record is deterministic, so a round is rebuilt from the match's start: the actions before the
round are applied once, and a snapshot of the game (and of each seat's memory aid) is kept every
`SNAPSHOT_EVERY` steps, so any step, forward or back, is at most that many actions away. For each
step the replay gives:

- `frame(i)`: the action and its events, the time since the deal, and the truth (`truth_view`:
  the spectator's view with every card face up);
- `knowledge(i, seat)`: what that seat knew then against what was really there, card by card:
  it sees the card now (its own view shows it), remembers it, remembers it wrongly, forgot it (a
  perfect memory of what it saw would still hold it), or does not know it. What a bot seat
  remembers is what that bot believed: a bot of the seat's recorded level and seed (the Session's,
  ai.registry.bot_seed) is told the match from its first step by a Session, as in play (that
  seat's own redacted events, with their times, and never asked anything), and its memory forgets
  and mixes up cards exactly as it did in play (it depends on its events and their times alone,
  see Session's `clock`). A person has no memory the record
  holds: a human seat's is its memory aid (perfect recall of what it saw, built the same way), so
  it is never wrong and never forgets. The random bot remembers nothing: its view alone. Variants
  without hidden memory (Combat UNO, Kumbal, 16 Combos) have only the seat's view;
- `missed()`: every out-of-turn chance a seat had and did not take (a matching card it held, a
  jump-in), from the rules' own `reactions(seat)` at each step, with when it opened.

Pure code: the client's replay scene draws what this returns. The replay builds its own games
from the record; it never touches a live match.
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ai.registry import bot_seed, make_agent
from game.core.actions import Action, StartRound
from game.core.cards import Card, Place, grid_place
from game.core.errors import CardhallError, RecordError
from game.core.events import Event, Note, RoundScored
from game.core.game import Game
from game.core.memory import TableMemory
from game.core.record import GameRecord
from game.core.session import Session

SNAPSHOT_EVERY = 16
FRAME_CACHE = 256

# What a seat knew of one card (see Knowledge).
SEES = "sees"              # its own view shows the face right now
REMEMBERS = "remembers"    # its memory holds this very face
WRONG = "wrong"            # its memory holds a different face for this place
FORGOT = "forgot"          # a bot's memory lost a card a perfect memory of what it saw would hold
UNKNOWN = "unknown"        # face down to it, and not remembered

# Whose memory a seat's knowledge is read from (Knowledge.mind).
BOT_MEMORY = "bot"           # the bot's own, as it was in play
MEMORY_AID = "memory aid"    # a person's seat: the memory aid (perfect recall), not the person's own
NO_MEMORY = "none"           # a seat that remembers nothing (the random bot): its view alone
VIEW_ONLY = "view"           # a game with nothing hidden to remember: the view is everything


@dataclass(frozen=True)
class RoundSpan:
    number: int     # the round's number (1 for the first)
    start: int      # index of its StartRound in the record's actions
    end: int        # index after its last action


def round_spans(record: GameRecord) -> list[RoundSpan]:
    """The rounds a record holds (a round is its StartRound and every action up to the next)."""
    starts = [i for i, (_, a) in enumerate(record.actions) if isinstance(a, StartRound)]
    return [RoundSpan(n + 1, s, starts[n + 1] if n + 1 < len(starts) else len(record.actions))
            for n, s in enumerate(starts)]


def round_results(record: GameRecord) -> dict[int, RoundScored]:
    """Each scored round's RoundScored event, by round number, replaying the record once (a round
    still in play, or cut short, has none)."""
    game = record.new_game()
    out: dict[int, RoundScored] = {}
    for index, (t, action) in enumerate(record.actions):
        if "refused" in record.expect.get(index, {}):
            continue
        try:
            events = game.apply(action, t)
        except CardhallError as exc:
            raise RecordError(f"action {index} does not replay: {exc}") from None
        for event in events:
            if isinstance(event, RoundScored):
                out[event.round] = event
    return out


@dataclass(frozen=True)
class Frame:
    step: int                    # 0: the deal
    steps: int                   # how many steps the round has
    t: float                     # seconds since the round was dealt
    action: Action
    events: tuple[Event, ...]    # unredacted: the replay shows everything
    truth: Any                   # the variant's view with every card face up
    refused: str = ""            # a step the record expects to be refused: why it was


@dataclass(frozen=True)
class Knowledge:
    """What `seat` knew at a step, zone by zone, against the truth. `marks[place]` has one entry
    per card slot of that zone in the truth view (a 16 Combos pair is its type card then its value
    cards): None for an empty slot, else SEES, REMEMBERS, WRONG, FORGOT (a bot's memory only) or
    UNKNOWN. `believed[place]` is, slot by slot, the face the seat would name (seen or remembered,
    the wrong one for WRONG), else None. `mind` says whose memory it is (BOT_MEMORY, MEMORY_AID,
    NO_MEMORY or VIEW_ONLY)."""

    seat: int
    step: int
    view: Any
    marks: dict[Place, tuple[str | None, ...]]
    believed: dict[Place, tuple[Card | None, ...]]
    memory: bool                 # a memory is read (a bot's or the memory aid), not the view alone
    mind: str = VIEW_ONLY

    def count(self, status: str) -> int:
        return sum(row.count(status) for row in self.marks.values())


@dataclass(frozen=True)
class MissedReaction:
    seat: int
    step: int                    # the step after which the chance opened
    t: float                     # seconds since the deal, then
    action: Action               # the best of the chances (a card the seat knew, its own first)
    note: Note                   # what it would have done (game.client.narration.notes words it)
    options: int                 # how many such plays there were
    known: bool                  # the seat knew (saw or remembered) the card it would have played
    places: tuple[Place, ...] = ()   # the cards it concerns (a slot, a card in a hand, a pair), indexed


def slots(zone_cards: tuple[Any, ...]) -> list[Any]:
    """A zone's cards one per card slot: a pair (16 Combos) is its type card then its values."""
    out: list[Any] = []
    for c in zone_cards:
        if c is not None and hasattr(c, "type_card"):
            out.append(c.type_card)
            out.extend(c.values)
        else:
            out.append(c)
    return out


def same_face(a: Any, b: Any) -> bool:
    return isinstance(a, Card) and isinstance(b, Card) and (a.rank, a.suit) == (b.rank, b.suit)


@dataclass
class _State:
    session: Session       # the game, and the bot of each bot seat told every step as in play
    aids: list[TableMemory] = field(default_factory=list)   # every seat's perfect memory aid
    step: int = -1


class RoundReplay:
    """One round of `record` (`number`: 1 for the first; None: the last one the record holds)."""

    def __init__(self, record: GameRecord, number: int | None = None):
        spans = round_spans(record)
        if not spans:
            raise RecordError("the record has no round to replay")
        if number is None:
            number = spans[-1].number
        if not 1 <= number <= len(spans):
            raise RecordError(f"the record has no round {number} (it holds {len(spans)})")
        self.record = record
        self.span = spans[number - 1]
        self.number = number
        self.rounds = len(spans)
        self.actions = record.actions[self.span.start:self.span.end]
        self.steps = len(self.actions)
        self.t0 = self.actions[0][0]
        self.seats = len(record.seats)
        game = record.new_game()
        self.hidden_memory = type(game).hidden_memory
        # Each bot seat's bot, told the match from its first step (its memory carries its random
        # draws from round to round) by a Session that never asks it anything.
        session = Session(game, self._bots(record) if self.hidden_memory else {})
        for index, (t, action) in enumerate(record.actions[:self.span.start]):
            if "refused" in record.expect.get(index, {}):
                continue
            try:
                session.apply(action, t)
            except CardhallError as exc:
                raise RecordError(f"action {index} does not replay: {exc}") from None
        aids = [TableMemory(s) for s in range(self.seats)] if self.hidden_memory else []
        self._snapshots: dict[int, bytes] = {}
        self._frames: OrderedDict[int, tuple[Frame, list[Knowledge]]] = OrderedDict()
        self._state = _State(session, aids, -1)
        self._events: dict[int, tuple[tuple[Event, ...], str]] = {}
        self._missed: tuple[MissedReaction, ...] | None = None
        self._advance(self._state)          # step 0: the deal

    @staticmethod
    def _bots(record: GameRecord) -> dict[int, Any]:
        """The bot of every seat the record says a bot played, as the table and the simulator make
        it: its level (a bot without one plays medium) and its own seed from the match's."""
        return {seat: make_agent(record.variant, "random" if info.kind == "random" else (info.level or "medium"),
                                 bot_seed(record.seed, seat))
                for seat, info in enumerate(record.seats) if info.kind != "human"}

    # -- moving through the round -------------------------------------------------------------
    def _advance(self, state: _State) -> None:
        """Apply the next step to `state` (its game and the seats' memories)."""
        step = state.step + 1
        t, action = self.actions[step]
        refused = ""
        try:
            events = tuple(state.session.apply(action, t))
        except CardhallError as exc:
            if "refused" not in self.record.expect.get(self.span.start + step, {}):
                raise RecordError(f"step {step} of round {self.number} does not replay: {exc}") from None
            events, refused = (), f"{type(exc).__name__}: {exc}"
        for memory in state.aids:
            memory.observe_all([e.for_seat(memory.seat) for e in events])
        state.step = step
        self._events.setdefault(step, (events, refused))
        if step % SNAPSHOT_EVERY == 0 and step not in self._snapshots:
            self._snapshots[step] = pickle.dumps((state.session, state.aids), pickle.HIGHEST_PROTOCOL)

    def _restore(self, step: int) -> _State:
        """A fresh state at `step`, from the nearest snapshot at or before it."""
        base = max(s for s in self._snapshots if s <= step)
        session, aids = pickle.loads(self._snapshots[base])
        state = _State(session, aids, base)
        while state.step < step:
            self._advance(state)
        return state

    def _build(self, step: int) -> tuple[Frame, list[Knowledge]]:
        """The frame at `step`. Going back restores the nearest snapshot before it and keeps the
        frames on the way, so walking back costs one restore per SNAPSHOT_EVERY steps; a jump
        ahead applies the actions and builds only the frames near where it lands."""
        if not 0 <= step < self.steps:
            raise IndexError(f"round {self.number} has steps 0 to {self.steps - 1}, not {step}")
        cached = self._frames.get(step)
        if cached is not None:
            self._frames.move_to_end(step)
            return cached
        state = self._state
        if state.step > step or step - state.step > SNAPSHOT_EVERY:
            state = self._state = self._restore(max(s for s in self._snapshots if s <= step))
        while state.step < step:
            if step - state.step < SNAPSHOT_EVERY and state.step not in self._frames:
                self._keep(state)         # the steps just before: the next ones back
            self._advance(state)
        self._keep(state)
        return self._frames[step]

    def _keep(self, state: _State) -> None:
        game, step = state.session.game, state.step
        t, action = self.actions[step]
        events, refused = self._events[step]
        truth = game.truth_view()
        frame = Frame(step, self.steps, round(t - self.t0, 3), action, events, truth, refused)
        known = [self._knowledge(game, state, truth, seat, step) for seat in range(self.seats)]
        self._frames[step] = (frame, known)
        if len(self._frames) > FRAME_CACHE:
            self._frames.popitem(last=False)

    def frame(self, step: int) -> Frame:
        return self._build(step)[0]

    def knowledge(self, step: int, seat: int) -> Knowledge:
        return self._build(step)[1][seat]

    # -- what a seat knew ----------------------------------------------------------------------
    def _knowledge(self, game: Game, state: _State, truth: Any, seat: int, step: int) -> Knowledge:
        view = game.observe(seat)
        aid = state.aids[seat] if state.aids else None
        memory: TableMemory | None = aid
        mind = MEMORY_AID if aid is not None else VIEW_ONLY
        bot = state.session.agents.get(seat)
        if bot is not None:
            memory = getattr(bot, "memory", None)
            mind = BOT_MEMORY if memory is not None else NO_MEMORY
        mine = {z.place: slots(z.cards) for z in view.zones}
        marks: dict[Place, tuple[str | None, ...]] = {}
        believed: dict[Place, tuple[Card | None, ...]] = {}
        for zone in truth.zones:
            seen = mine.get(zone.place, [])
            row_marks: list[str | None] = []
            row_faces: list[Card | None] = []
            for i, real in enumerate(slots(zone.cards)):
                if real is None:
                    row_marks.append(None)
                    row_faces.append(None)
                    continue
                shown = seen[i] if i < len(seen) else None
                where = _memory_place(zone.place, zone.kind, i)
                remembered = memory.get(where) if memory is not None else None
                if isinstance(shown, Card):
                    row_marks.append(SEES)
                    row_faces.append(shown)
                elif isinstance(remembered, Card):
                    row_marks.append(REMEMBERS if same_face(remembered, real) else WRONG)
                    row_faces.append(remembered)
                else:
                    # A bot that lost what a perfect memory of its own events still holds forgot it.
                    lost = mind == BOT_MEMORY and aid is not None and same_face(aid.get(where), real)
                    row_marks.append(FORGOT if lost else UNKNOWN)
                    row_faces.append(None)
            marks[zone.place] = tuple(row_marks)
            believed[zone.place] = tuple(row_faces)
        return Knowledge(seat, step, view, marks, believed, memory is not None, mind)

    # -- reactions not taken ---------------------------------------------------------------------
    def missed(self) -> tuple[MissedReaction, ...]:
        """Every chance to react out of turn that a seat had and did not take, in step order.

        A chance opens when the rules would accept a reaction from the seat (`reactions`) and
        lasts while the plays open to it stay among those it first had (a window, or a Kombio
        window narrowing as others claim); it is taken when the seat plays one of them. A wrong
        claim does not take it; a pass or the window closing ends it, missed."""
        if self._missed is not None:
            return self._missed
        state = self._restore(0)
        found: list[MissedReaction] = []
        chances: dict[int, tuple[frozenset[Action], MissedReaction]] = {}
        for step in range(self.steps):
            if step > 0:
                self._advance(state)
                action = self.actions[step][1]
                open_ = chances.get(action.seat)
                if open_ is not None and action in open_[0]:
                    del chances[action.seat]          # taken
            game = state.session.game
            t = round(self.actions[step][0] - self.t0, 3)
            for seat in range(self.seats):
                plays = frozenset(game.reactions(seat))
                if plays and self.hidden_memory:
                    plays = self._fair_chances(game, state.aids, seat, plays)
                open_ = chances.get(seat)
                if open_ is not None:
                    if plays and plays <= open_[0]:
                        chances[seat] = (plays, open_[1])
                        continue
                    found.append(chances.pop(seat)[1])
                if plays:
                    chances[seat] = (plays, self._chance(game, state.aids, seat, step, t, plays))
        found.extend(m for _, m in chances.values())
        found.sort(key=lambda m: (m.step, m.seat))
        self._missed = tuple(found)
        return self._missed

    def missed_at(self, step: int) -> tuple[MissedReaction, ...]:
        return tuple(m for m in self.missed() if m.step == step)

    def _fair_chances(self, game: Game, memories: list[TableMemory], seat: int,
                      plays: frozenset[Action]) -> frozenset[Action]:
        """In a memory game a claim is legal on any card, but a chance is only one the seat could
        have seen coming: a card of its own, or one whose face it knew."""
        knew = self._knew(game, memories, seat)
        return frozenset(a for a in plays if all(p.seat == seat for p in a.targets()) or knew(a))

    def _knew(self, game: Game, memories: list[TableMemory], seat: int):
        """A test: did `seat` know (see or remember) every card an action names?"""
        view = game.observe(seat)
        faces = {z.place: slots(z.cards) for z in view.zones}
        memory = memories[seat] if memories else None

        def knew(action: Action) -> bool:
            for place in action.targets():
                shown = faces.get(Place(place.zone, place.seat), [])
                if 0 <= place.index < len(shown) and isinstance(shown[place.index], Card):
                    continue
                if memory is not None and isinstance(memory.get(place), Card):
                    continue
                return False
            return True    # (a play from the seat's own hand, which it sees, names no place)
        return knew

    def _chance(self, game: Game, memories: list[TableMemory], seat: int, step: int, t: float,
                plays: frozenset[Action]) -> MissedReaction:
        knew = self._knew(game, memories, seat)

        def rank(action: Action) -> tuple[int, int, str]:
            own = all(p.seat == seat for p in action.targets())
            return (0 if knew(action) else 1, 0 if own else 1, repr(action))

        best = min(plays, key=rank)
        return MissedReaction(seat, step, t, best, game.reaction_note(best), len(plays), knew(best),
                              tuple(game.reaction_places(best)))


def _memory_place(place: Place, kind: str, index: int) -> Place:
    """Where a seat's memory aid keeps the card at slot `index` of a zone."""
    if kind == "grid":
        return grid_place(place.seat, index)
    return place
