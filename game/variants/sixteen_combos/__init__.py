"""16 Combos (Poikilos 1.0 RC1, digital interpretation): a turn-based battle between 2 to 4
characters. Each character is a row of type cards (the suit is the type) with a row of value cards
in front of them, forming pairs; the rightmost pair defends. An action is a type and a drawn value
against a target pair; the difference decides defeated / damaged / missed / critical failure, and a
defeat sets off one of sixteen combos (action type x target type). The last character standing wins.

Every rule and every decision the printed text leaves open is in game/rules/sixteen-combos.md, by
the rule's name. The engine follows the printed rules section by section, one module each:

    cards.py      Requirements, Face Cards: the two decks, the types, card values, places
    dealing.py    Dealing Steps: order cards, type cards, Preparing Pairs (C, E, F), the defense pair
    turn.py       Steps on Your Turn: rounds, target, action type, passing, drawing the value
    reactions.py  Predictive / Informed Reaction, Face Card as Target Value, Counter, Recovery (A)
    check.py      Check, damage and defeat, Maximum Value, Discard Pile and Waste
    combos.py     the Combo Table: sixteen entries, each with its effect
    ending.py     the end of a turn (Change Stance, E) and of an encounter
    view.py       what each seat sees
    state.py, actions.py, events.py   the shared state, the actions and the events

Each section is a class holding that section's steps; SixteenCombos below joins them with its
options, its state and what the driver asks. The state lives on the one game object (setup()
lists all of it); a section reads the others' steps by name, as the rules refer to each other.
"""

from __future__ import annotations

from typing import Any, Hashable

from game.core.actions import TABLE, Action
from game.core.cards import Card
from game.core.events import Note
from game.core.errors import IllegalAction, NotAChoice, NotYourTurn, WrongPhase
from game.core.game import Game
from game.core.match import HighestAfterRounds
from game.core.options import OptionSpec

from .actions import (Announce, ChangeStance, ChooseDefense, Consult, Counter, Decide, FaceType, HireGuard,
                      PassTurn, PickPair, PlaceValue, Recover, Retype, Reveal, Scavenge, SwapPair, Target, Throw,
                      _announce, _EXPIRE, _pass, _pass_turn, _START, _target)
from .cards import (ALL_IDS, DEAL_CARDS, DEAL_DECK, DRAW_CARDS, FACE_TYPES, FIN, JOKER, JOKER_IDS, MAX_VALUE, NOBODY,
                    RULESET, STACK_SPLIT, STR, TYPE_NAMES, TYPES, VIT, WASTE, WTH, card_value, columns_for,
                    hand_place, is_face, max_columns, only, pair_place, row_types, seat_place, type_place,
                    value_place)
from .check import OUTCOMES, Check, outcome_of
from .combos import CAVEATS, COMBO_TABLE, COMBOS, Combo, ComboSteps
from .dealing import Dealing
from .ending import Ending
from .events import (ActionTypeChanged, CharacterOut, Checked, ComboDone, ConsultationChosen, EncounterDealt,
                     EncounterWon, Fizzled, PairDefeated, PairMovedTo, PairsMoved, PairsReady, Reacted, RoundBegan,
                     StatusChanged, TargetChosen, TurnPassed, TurnSkipped, TypeAnnounced, ValueChanged, ValueSet)
from .reactions import Reactions
from .state import MATCH_OVER, PLACE, PLAY, READY, ROUND_OVER, Attack, Pair, Phase, _Memo
from .turn import Turn
from .view import OPTIONAL_RULES, PairView, SixteenCombosView, Views, active_rule_labels


class SixteenCombos(Dealing, Turn, Reactions, Check, ComboSteps, Ending, Views, Game):
    """A 16 Combos match: the rule sections joined, with the options, the state and the driver's
    questions."""

    Phase = Phase
    # Its id, title, summary, aliases and seats: its entry in game/games.py.
    option_specs = (
        OptionSpec("columns", "Columns", 0,
                   "Pairs per character; Auto: 10 with two characters, else the most the deal deck allows.",
                   minimum=0, maximum=13, zero_label="Auto"),
        OptionSpec("encounters", "Encounters", 1, "Encounters in a match; the most encounters won takes it.",
                   minimum=1, maximum=5),
        OptionSpec("round_limit", "Round limit", 40,
                   "An encounter ends after this many rounds: the most pairs left wins.", minimum=5, maximum=200),
        OptionSpec("pass_cost", "Pass cost", 1,
                   "Passing your turn lowers your defense pair by this many points; Free: a pass costs nothing.",
                   minimum=0, maximum=3, zero_label="Free", legacy=0),
        OptionSpec("counter_with", "Counter with", "defense pair",
                   "A counter uses the defense pair's type and value (as printed) or the attacked pair's.",
                   choices=("defense pair", "target pair"), legacy="target pair"),
        OptionSpec("ask_reactions", "Ask for reactions", "every attack",
                   "Every attack: the target is asked before and after the draw unless the table can see it has no "
                   "reaction, so a wait tells nobody what its face-down cards are. Only when it has one: faster, but "
                   "a wait tells everybody it holds a face card.",
                   choices=("every attack", "only when it has one"), legacy="only when it has one"),
        OptionSpec("reaction_seconds", "Reaction clock (seconds)", 0.0,
                   "Time to answer a reaction prompt; No limit waits for the answer.", minimum=0.0, maximum=30.0,
                   step=1.0, zero_label="No limit"),
        OptionSpec("recovery", "A. Recovery", False,
                   "On a critical failure the target may take the action card onto one of its pairs."),
        OptionSpec("reuse_values", "B. Reusing Value Cards", False,
                   "Drawn action cards are discarded as soon as their value is noted; counters stand in."),
        OptionSpec("drop_lowest", "C. Drop Lowest Dealt", False,
                   "One extra value card each; the one not placed is discarded."),
        OptionSpec("round_robin", "D. Round-robin Order", False,
                   "The highest order card starts; then seat order instead of order cards."),
        OptionSpec("one_of_each", "E. One of Each Type", False,
                   "Four pairs, one of each type; choose your defense pair; change stance after your turn."),
        OptionSpec("multiple_values", "F. Multiple Values Dealt", False,
                   "One extra value card each, stacked on a pair of your choice (14 at most)."),
        OptionSpec("jokers", "G. Using Jokers", False, "Two jokers in each deck (value 14)."),
    )
    actions = (PlaceValue, ChooseDefense, Target, Announce, PassTurn, Consult, Retype, SwapPair, FaceType,
               Scavenge, Counter, Recover, PickPair, Throw, Reveal, HireGuard, Decide, ChangeStance)
    deck_cards = DEAL_CARDS + DRAW_CARDS

    def make_match_rule(self):
        return HighestAfterRounds(self.options["encounters"])

    # -- state ---------------------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.seats
        self.deal_deck: list[Card] = []
        self.waste: list[Card] = []
        self.waste_step = -1        # the step (game version) whose discards form the waste
        self.rows: list[list[Pair | None]] = [[] for _ in range(n)]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.placing: list[str] = ["done"] * n     # "values", "stack", "defense", "done"
        self.order_cards: list[Card | None] = [None] * n
        self.play_order: tuple[int, ...] = ()
        self.wilds: list[Card | None] = [None] * n
        self.consults: list[Pair | None] = [None] * n
        # Pairs held aside by Grapples, back at the owner's next turn (two attackers may each
        # grapple the same character before that turn comes).
        self.grappled: list[list[Pair]] = [[] for _ in range(n)]
        self.stolen: list[Pair | None] = [None] * n     # a stolen pair kept to use as the next action
        self.boosts: list[list[tuple[int, int, Card | None]]] = [[] for _ in range(n)]  # Defend: (slot, amount, card)
        self.reacted = [False] * n
        self.incap = [0] * n        # the round in which the character was incapacitated (0: not)
        self.shoved = [False] * n
        self.scavenging = [False] * n
        self.out = [False] * n
        self.columns = 0
        self.enc_round = 0
        self.queue: list[int] = []  # seats still to take their turn this round
        self.attack: Attack | None = None
        self.extra: list[Attack] = []     # extra turns waiting (Hire Assassin, Grapple) for the active seat
        self.prompt_seat: int | None = None
        self.deadline: float | None = None
        self.combo_pending: str | None = None
        self.combo_chooser: int | None = None
        self.combo_data: dict[str, Any] = {}
        self.after_counter: Attack | None = None     # the turn a counter interrupted
        self.last_check: Checked | None = None
        self.in_play: list[Card] = []      # cards drawn for the action under way (also attack.cards)
        self._counts = _Memo()
        self._memo = _Memo()

    # -- small helpers ------------------------------------------------------------------------------------
    def defense_slot(self, seat: int) -> int | None:
        row = self.rows[seat]
        for slot in range(len(row) - 1, -1, -1):
            if row[slot] is not None:
                return slot
        return None

    def pair_at(self, seat: int, slot: int) -> Pair | None:
        row = self.rows[seat]
        return row[slot] if 0 <= slot < len(row) else None

    def pairs_left(self, seat: int) -> int:
        row = self.rows[seat]
        return len(row) - row.count(None)   # (counted in C: asked for every seat at every step's end)

    def standing(self) -> list[int]:
        return [s for s in range(self.seats) if not self.out[s]]

    def row_counts(self, seat: int) -> dict[str, int]:
        """How many value cards of each type the seat's value row holds (computed once per step)."""
        memo = self._counts
        if memo.version != self.version:
            memo.clear()
            memo.version = self.version
        cached = memo.get(seat)
        if cached is not None:
            return cached
        counts = {VIT: 0, WTH: 0, STR: 0, FIN: 0}
        for pair in self.rows[seat]:
            if pair is not None and pair.values:
                top = pair.values[-1]
                if top.rank == JOKER:
                    counts[FIN] += 1
                    counts[VIT] += 1
                else:
                    counts[top.suit] += 1  # type: ignore[index]
        memo[seat] = counts
        return counts

    def incapacitated(self, seat: int) -> bool:
        return self.incap[seat] != 0

    def _own_slots(self, seat: int) -> list[int]:
        return [slot for slot, p in enumerate(self.rows[seat]) if p is not None]

    # -- refusing an action -------------------------------------------------------------------------------
    def _require_legal(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the match is over", note=Note.of("refusal.match-over"))
        if action not in self.legal_actions(action.seat):
            if self.phase not in (PLACE, PLAY):
                raise WrongPhase(f"{type(action).__name__} is not possible now (phase: {self.phase})",
                                 note=Note.of("refusal.not-now"))
            if action.seat not in self.seats_to_act():
                raise NotYourTurn(f"seat {action.seat} may not act now", note=Note.of("refusal.cannot-act-now"))
            if type(action) not in {type(a) for a in self.legal_actions(action.seat)}:
                raise WrongPhase(f"{type(action).__name__} is not possible at the {self.step} step",
                                 note=Note.of("refusal.not-now"))
            if isinstance(action, Target) and self.attack is not None:
                self._refuse_target(action.pair, self.attack)
            raise NotAChoice(f"{action} is not one of the choices now", note=Note.of("refusal.not-a-choice"))

    # -- what the driver asks ---------------------------------------------------------------------------------
    step: str = "ready"

    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase == PLACE:
            return tuple(s for s in range(self.seats) if self.placing[s] != "done")
        if self.phase == PLAY and self.prompt_seat is not None:
            return (self.prompt_seat,)
        return ()

    def table_action(self) -> tuple[Action, float | None] | None:
        if self.phase in (READY, ROUND_OVER):
            return _START, None
        if self.phase == PLAY and self.deadline is not None:
            return _EXPIRE, self.deadline
        return None

    def situation_for(self, seat: int) -> Hashable:
        return self.version

    def acts_out_of_turn(self, seat: int) -> bool:
        """The view's out_of_turn without building the view: prompted in play while not on turn."""
        return self.phase == PLAY and seat != self.turn and seat == self.prompt_seat

    def legal_actions(self, seat: int) -> list[Action]:
        # asked twice per step (by whoever acts, then by apply's check): listed once per version
        memo = self._memo
        if memo.version != self.version:
            memo.clear()
            memo.version = self.version
        out = memo.get(seat)
        if out is None:
            out = memo[seat] = self._list_legal(seat)
        return list(out)

    def _list_legal(self, seat: int) -> list[Action]:
        if seat == TABLE:
            pending = self.table_action()
            return [pending[0]] if pending else []
        if not 0 <= seat < self.seats:
            return []
        if self.phase == PLACE:
            return self._placement_legal(seat)
        if self.phase != PLAY or seat != self.prompt_seat:
            return []
        step = self.step
        attack = self.attack
        if step == "target":
            assert attack is not None
            out: list[Action] = [_target(seat, p) for p in self._target_choices(attack)]
            if attack.fixed != "shove":
                out.append(_pass_turn(seat))
            return out
        if step == "type":
            assert attack is not None
            sure, once = self.available_types(seat)
            out = [_announce(seat, t) for t in TYPES if t in sure or t in once]
            if self.wilds[seat] is not None:
                counts = self.row_counts(seat)
                out.extend(Announce(seat, t, True) for t in TYPES if counts[t] >= 1)
            out.append(_pass_turn(seat))
            return out
        if step == "consult":
            return [Consult(seat, True), Consult(seat, False)]
        if step in ("predict", "inform"):
            if step == "inform" and self._surprised():
                return [_pass(seat)]
            return self._reaction_moves(seat) + [_pass(seat)]
        if step == "face":
            assert attack is not None
            return [FaceType(seat, t) for t in self._face_types(seat, attack.cards[-1])] + [_pass(seat)]
        if step == "scavenge":
            out = [Scavenge(seat, False)]
            if self.waste:
                out.append(Scavenge(seat, True))
            return out
        if step == "counter":
            return self._counter_legal(seat)
        if step == "combo":
            return self._combo_legal(seat)
        if step == "stance":
            d = self.defense_slot(seat)
            return [ChangeStance(seat, pair_place(seat, s)) for s in self._own_slots(seat) if s != d] + [_pass(seat)]
        return []
