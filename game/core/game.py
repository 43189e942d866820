"""The variant state machine every rule sheet implements, and the registry that finds variants.

A Game is one whole match (all its rounds) of one variant, built from (seats, options, seed).
Everything random comes from `self.rng`, seeded here, so the list of applied actions is a complete
replay. `apply(action, t)` validates before it changes anything: an illegal action raises a
specific IllegalAction and leaves the game exactly as it was.

Every variant is played in rounds over a draw and a discard pile, so the base holds the kit parts
they share (docs/kit.md): `piles` (game.core.piles), `order` (game.core.turns), the round counter
and dealer (`begin_round`), and how the match is won (`match_rule`, game.core.match, applied by
`score_round`).

Which games there are is game/games.py: `get_variant(name)` finds one there and imports its engine
only then. A built game's class takes its id, title, summary, aliases and seat range from its entry
there, so each is written once.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any, ClassVar, Hashable

from game import games
from game.core.actions import CORE_ACTIONS, TABLE, Action, Pass, StartRound
from game.core.cards import Card
from game.core.errors import BadOptions, GameOver, IllegalAction, NotYourTurn, WrongPhase
from game.core.events import Event, MatchEnded, Note, RoundScored, RoundStarted
from game.core.match import MatchRule, by_length_option
from game.core.options import OptionSpec, resolve_options
from game.core.piles import Piles
from game.core.scoring import MatchScore
from game.core.turns import TurnOrder


class Phase(StrEnum):
    """The phases every game passes through; the code here names them. A variant's own Phase
    repeats these (the same names and values) and adds its own. A phase is its string value (a
    view's `phase`, a record, a comparison with "ready" all see the string)."""
    READY = "ready"             # before the first round
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the comparisons below (a phase is set as the variant's
# own member, `self.Phase.X`; members equal their strings, so comparing across enums holds): Python
# 3.11 looks `Phase.TURN` up through the enum class's __getattr__ hook, several times slower than a
# module name, and the rules compare phases at every ask (bench_engine: Kombio 15% slower with
# `Phase.X`). tests/test_phases.py checks each name is its member.
READY, ROUND_OVER, MATCH_OVER = Phase


class Game:
    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    # The variant's own action types; with the core ones they are the record vocabulary.
    actions: ClassVar[tuple[type[Action], ...]] = ()
    # The cards a round is dealt from (every round reuses them: cards are immutable).
    deck_cards: ClassVar[tuple[Card, ...]] = ()
    _handlers: ClassVar[dict[type, Any]] = {}
    # Cards lie face down and players must remember them (Kombio, Kabu): a replay shows each
    # seat's memory aid, not only its view.
    hidden_memory: ClassVar[bool] = False
    # The replay's truth view sets this for one observe(): every card face up (see truth_view).
    reveal_all: bool = False
    # The variant's phases (a StrEnum holding at least those of the class it builds on).
    Phase: ClassVar[type[StrEnum]] = Phase

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in cls.__mro__[1:]:
            if issubclass(base, Game):
                missing = [p.name for p in base.Phase if cls.Phase.__members__.get(p.name) != p]
                if missing:
                    raise TypeError(f"{cls.__name__}.Phase lacks the phases {', '.join(missing)} of {base.__name__}")
                break
        entry = games.declared_engine(cls)
        if entry is not None:
            # What a game is, as its entry in game/games.py declares it (the menus read it there
            # without importing the engine).
            cls.id, cls.title, cls.summary, cls.aliases = entry.id, entry.title, entry.summary, entry.aliases
            cls.min_seats, cls.max_seats = entry.seats
        # Each action type's handler function, looked up once per class (apply is the hottest call).
        cls._handlers = {}
        for action_type in CORE_ACTIONS + cls.actions:
            handler = getattr(cls, f"_on_{action_type.__name__}", None)
            if handler is not None:
                cls._handlers[action_type] = handler

    def __init__(self, seats: int, options: dict[str, Any] | None = None, seed: int = 0):
        if not isinstance(seats, int) or not self.min_seats <= seats <= self.max_seats:
            raise BadOptions(f"{self.title} takes {self.min_seats} to {self.max_seats} seats, not {seats}")
        if not isinstance(seed, int):
            raise BadOptions(f"the seed must be a whole number, not {seed!r}")
        self.seats = seats
        self.options = resolve_options(self.option_specs, options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.piles = Piles()
        self.order = TurnOrder(seats)
        self.match_rule = self.make_match_rule()
        self.score = MatchScore(seats, adjust=self.match_rule.adjust if self.match_rule else None)
        self.phase = self.Phase.READY
        self.round = 0
        self.dealer = seats - 1     # the last seat deals the first round
        self.turn = 0
        self.now = 0.0
        self.version = 0
        self.history: list[tuple[float, Action]] = []
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.setup()

    # -- what a variant provides ------------------------------------------------------------
    def setup(self) -> None:
        """Initial state before the first StartRound."""

    def make_match_rule(self) -> MatchRule | None:
        """How the match is won. By default the usual "Game length" options (lowest total after a
        number of rounds, or once a total reaches the target); None for a game without rounds."""
        return by_length_option(self.options) if "length" in self.options else None

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def seats_to_act(self) -> tuple[int, ...]:
        """Seats (not the table) that have at least one legal action now."""
        raise NotImplementedError

    def table_action(self) -> tuple[Action, float | None] | None:
        """The action the table itself will take next, and when it falls due (None: when the
        driver decides, e.g. the next round once the players have seen the scores)."""
        raise NotImplementedError

    def observe(self, seat: int) -> Any:
        raise NotImplementedError

    def acts_out_of_turn(self, seat: int) -> bool:
        """`observe(seat).out_of_turn` without building the view (a variant answers it cheaply
        for the bots that need nothing more, see Session's glance)."""
        return bool(self.observe(seat).out_of_turn)

    def round_revealed(self) -> bool:
        """Are all cards shown? At a round's end every hand is laid down; the replay's truth view
        (`reveal_all`) shows them at every step."""
        return self.reveal_all or self.phase in (ROUND_OVER, MATCH_OVER)

    def truth_view(self) -> Any:
        """What is really on the table: the spectator's view with every card face up (the round
        replay draws it). The game is unchanged afterwards."""
        self.reveal_all = True
        try:
            return self.observe(-1)
        finally:
            del self.reveal_all    # back to the class's False

    def reactions(self, seat: int) -> list[Action]:
        """The out-of-turn plays open to `seat` right now that the rules would accept (a card that
        matches, a jump-in, an UNO call), never a pass: what a replay lists as a reaction not
        taken. By default every legal action of a seat acting out of turn except passing; a
        variant where a legal claim can be wrong narrows it to the right ones."""
        if not 0 <= seat < self.seats or not self.acts_out_of_turn(seat):
            return []
        return [a for a in self.legal_actions(seat) if not isinstance(a, Pass)]

    def reaction_note(self, action: Action) -> Note:
        """What `action` (one of `reactions`) would have done, as a Note about the seat that could
        have done it (the round replay words it: "Ada could have matched the 7 from her own grid")."""
        return Note.of("missed.reacted", action.seat)

    def reaction_places(self, action: Action) -> tuple[Any, ...]:
        """The cards a reaction (one of `reactions`) would have played or changed, as places with
        an index (a grid slot, a card in a hand, a 16 Combos pair), for a replay to ring them."""
        return action.targets()

    def situation(self) -> Hashable:
        """What a scheduled bot reaction depends on; when it changes, pending reactions are void."""
        return self.version

    def situation_for(self, seat: int) -> Hashable:
        """The situation as far as `seat`'s pending reaction is concerned. A real-time variant
        narrows it, so that what other seats do elsewhere (a pass, a draw) does not void a
        reaction that is still valid. The default is the whole-table situation."""
        return self.situation()

    # -- the round and match life cycle -----------------------------------------------------
    def begin_round(self, action: StartRound) -> tuple[int, list[Event]]:
        """The table deals a round: a fresh draw pile from `deck_cards` (stacked as the action
        says; a bad stack is refused before anything changes), the round counted, the deal passed
        to the left. Returns the first seat to play (the dealer's left) and the RoundStarted event."""
        if action.seat != TABLE:
            raise NotYourTurn("only the table deals a round")
        if self.phase not in (READY, ROUND_OVER):
            raise WrongPhase("a round is still being played")
        self.piles.new_deal(self.deck_cards, self.rng, action.deck)
        self.round += 1
        self.dealer = self.order.left_of(self.dealer) if self.round > 1 else self.seats - 1
        first = self.order.left_of(self.dealer)
        return first, [RoundStarted(self.round, self.dealer, first)]

    def score_round(self, hands: tuple[int, ...], scores: tuple[int, ...], notes: tuple[Note, ...],
                    events: list[Event]) -> None:
        """Add a round's scores to the totals (the match rule's adjust applies), announce them, and
        end the match if the match rule says it is won."""
        totals = self.score.add_round(scores)
        events.append(RoundScored(self.round, hands, scores, totals, notes))
        rule = self.match_rule
        assert rule is not None, f"{self.title} has no match rule"
        if rule.over(self.score):
            self.winners = rule.winners(self.score)
            self.phase = self.Phase.MATCH_OVER
            self.over = True
            events.append(MatchEnded(totals, self.winners))
        else:
            self.phase = self.Phase.ROUND_OVER

    # The piles and the direction of play under their plain names (the rules tests arrange decks
    # and piles through them).
    @property
    def deck(self) -> list[Card]:
        return self.piles.deck

    @deck.setter
    def deck(self, cards: list[Card]) -> None:
        self.piles.deck = cards

    @property
    def discard(self) -> list[Card]:
        return self.piles.discard

    @discard.setter
    def discard(self, cards: list[Card]) -> None:
        self.piles.discard = cards

    @property
    def direction(self) -> int:
        return self.order.direction

    @direction.setter
    def direction(self, direction: int) -> None:
        self.order.direction = direction

    # -- shared machinery -------------------------------------------------------------------
    @classmethod
    def vocabulary(cls) -> dict[str, type[Action]]:
        return {t.__name__: t for t in CORE_ACTIONS + cls.actions}

    def apply(self, action: Action, t: float | None = None) -> list[Event]:
        if self.over:
            raise GameOver("the match is over", note=Note.of("refusal.match-over"))
        now = self.now
        t = now if t is None else float(t)
        if t < now:
            raise IllegalAction(f"time cannot go back (t={t:.3f} < now={now:.3f})")
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction(f"{type(action).__name__} is not an action of {self.title}",
                                note=Note.of("refusal.not-now"))
        events = handler(self, action, t)
        self.now = t
        self.version += 1
        self.history.append((t, action))
        return events

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions(action.seat)


def get_variant(name: str) -> type[Game]:
    """The engine of the game answering to `name` (game/games.py), imported on first use."""
    return games.find(name).engine_class()
