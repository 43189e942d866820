"""Combat UNO: shed your hand by matching colour or symbol; identical cards jump in out of turn,
draw cards stack, and the UNO call is a race. The lowest total wins.

The rules in the project's words are in game/rules/combat-uno.md; the action vocabulary is in
docs/combat-uno-actions.md. The piles, turn order and direction, round start, how the match is won
and the set of open windows come from the kit (docs/kit.md); hands, skips, reverses and stacked draws
are the shedding games' shared turn flow (game/core/hands.py, used by Kumbal too).

Real time: play never waits for the out-of-turn moves. While the seat on turn thinks, a jump-in
window on the top card is open to everybody else (the same offer whatever they hold); it closes
when a new card covers the top card or its deadline passes (an Expire taken by the table). A seat
going down to one card opens an UNO window on that seat, offered to every seat; it runs alongside
play and closes on the first call, on its deadline, or when that seat's hand changes.

A penalty draw is an explicit sequence: StartDrawing (touching the deck: the first card) and then
one DrawCard per remaining card. With the "touched the deck" rule on, touching fixes the draw: a
later identical draw card is a fresh jump-in and no longer adds to it.
"""

from __future__ import annotations

from typing import Any, Hashable

from game.core.actions import TABLE, Action, StartRound
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.errors import NotYourTurn, WindowClosed, WrongPhase
from game.core.events import CardMoved, Event, Note, PenaltyGiven, turn_started, window_closed
from game.core.game import Game
# Hands, skips, reverses and stacked pick-ups are the shedding games' shared turn flow (docs/kit.md);
# their events are re-exported here under the names the table and the tests have always used.
from game.core.hands import (DirectionChanged, DrawPending, HandRevealed, Skipped, Stacked,  # noqa: F401
                             deal_hands, give, hand_place, hand_zones, only, pass_on_pickup, reverse_play,
                             skip_next)
from game.core.options import REACTION_SECONDS, OptionSpec
from game.core.reaction import ReactionWindow
from game.core.view import ZoneView
from game.core.windows import WindowSet

from .actions import (BadColour, CallUno, DoesNotMatch, Draw, DrawCard, LostRace, MustDrawOrStack,  # noqa: F401
                      NotHeld, NotIdentical, Play, StackingOff, StartDrawing, StillDrawing, _call, _draw, _draw_card,
                      _EXPIRE, _FOLLOW_FACE, _pass, _PLAYS, _SAME_FACE, _START, _start_drawing)
from .cards import (COLOURS, DECK_CARDS, DECK_SPEC, DRAW2, DRAW_AMOUNT, FACE_OF, FACES, HAND_SIZE,  # noqa: F401
                    REVERSE, SKIP, SYMBOLS, UNO_PENALTY, WILD, WILD4, WILDS, card_name, card_points)
from .events import (MATCH_OVER, PLAY, READY, ROUND_OVER, ClaimLost, ColourChosen, CombatUnoView,  # noqa: F401
                     JumpedIn, Phase, StartedDrawing, TurnDrawn, UnoCalled, UnoWindowClosed, UnoWindowOpened,
                     _turn_drawn)
from .windows import OutOfTurn


class CombatUno(OutOfTurn, Game):
    Phase = Phase
    # Its id, title, summary, aliases and seats: its entry in game/games.py.
    option_specs = (
        OptionSpec("length", "Game length", "target",
                   "Play until the last-placed total reaches the target score, or a set number of rounds.",
                   choices=("target", "rounds")),
        OptionSpec("target", "Target score", 200, "The match ends when the highest total reaches this.",
                   minimum=50, maximum=1000, step=25, only_when=("length", "target")),
        OptionSpec("rounds", "Rounds", 5, "Rounds in a match when the length is set by rounds.", minimum=1, maximum=20,
                   only_when=("length", "rounds")),
        OptionSpec("jump_in", "Jump-in", True,
                   "Anyone may play a card identical to the top card out of turn; play continues from them."),
        OptionSpec("stack_draw_four", "Stack Wild Draw Fours", True,
                   "A Wild Draw Four on a pending Wild Draw Four passes on the total, in turn or out of turn."),
        OptionSpec("stack_draw_two", "Stack Draw Twos", True,
                   "A Draw Two on a pending Draw Two passes on the total: any colour on your turn, "
                   "only the identical card out of turn."),
        OptionSpec("deck_commitment", "Touched the deck", True,
                   "Once the player who must draw has started drawing, a later stack no longer adds to "
                   "their draw. Off: a stack while they draw passes their undrawn cards on too."),
        OptionSpec("uno_call", "UNO call race", True,
                   "A player down to one card must call UNO before an opponent calls it on them, "
                   "or draw two."),
        REACTION_SECONDS,
    )
    actions = (Play, Draw, StartDrawing, DrawCard, CallUno)
    deck_cards = DECK_CARDS
    # How the match is won: the "Game length" options, lowest total (Game.make_match_rule).

    # -- state ----------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.seats
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.turn_serial = 0
        self.turn_started = 0.0
        self.colour: str | None = None
        self.top_by: int | None = None
        self.top_serial = 0
        self.pending = 0                 # the live draw penalty on the seat on turn (untouched)
        self.owed = [0] * n              # cards each seat is committed to draw
        self.owed_turn = [-1] * n        # the turn_serial whose turn a committed draw ends (-1: none)
        self.absorb: int | None = None   # deck_commitment off: the seat whose undrawn cards a stack takes over
        # The jump-in window on the top card, and an UNO window on each seat down to one card.
        self.windows = WindowSet(("jump-in", "uno"))
        # The set's live dicts, read directly (the engine's hot paths); `jump` and `uno` below
        # are the same windows by the names the table and the tests use.
        self._jumps = self.windows["jump-in"]
        self._unos = self.windows["uno"]
        self.uno_serial = 0
        self.hand_serial = [0] * n
        self.uno_called: dict[int, int] = {}   # seat -> its hand serial when it called UNO on itself
        # The card the last play covered, with its jump-in window, the seat then on turn and whether
        # an identical card could claim it: a claim on it that arrives now has lost the race.
        self.covered: tuple[Card, ReactionWindow, int, bool] | None = None
        self._others = tuple(tuple(s for s in range(n) if s != p) for p in range(n))
        self._everyone = tuple(range(n))

    # -- small helpers ----------------------------------------------------------------------
    def hand_value(self, seat: int) -> int:
        return sum(card_points(c) for c in self.hands[seat])

    def live_penalty(self) -> int:
        """Cards a stack on the top card would take over: the pending draw, or (without the
        touched-deck rule) the cards its victim has not drawn yet."""
        if self.pending:
            return self.pending
        if self.absorb is not None:
            return self.owed[self.absorb]
        return 0

    def _stack_allowed(self, rank: Any) -> bool:
        if rank == DRAW2:
            return self.options["stack_draw_two"]
        if rank == WILD4:
            return self.options["stack_draw_four"]
        return False

    def _give(self, seat: int, count: int, events: list[Event]) -> int:
        """Deal `count` cards from the deck into `seat`'s hand (fewer if none are left)."""
        given = give(self.hands, seat, count, self.piles, self.rng, events)
        if given:
            self.hand_serial[seat] += 1
            if seat in self._unos:
                self._close_uno(seat, "no longer down to one card", events)
        return given

    def _start_turn(self, seat: int, t: float, events: list[Event]) -> None:
        self.turn = seat
        self.turn_serial += 1
        self.turn_started = t
        events.append(turn_started(seat))

    # -- windows ----------------------------------------------------------------------------

    # -- the table's actions ----------------------------------------------------------------
    def _on_StartRound(self, action: StartRound, t: float) -> list[Event]:
        first, events = self.begin_round(action)
        n = self.seats
        deck, discard = self.piles.deck, self.piles.discard
        self.hands = [[] for _ in range(n)]
        self.order.direction = 1
        self.pending, self.absorb = 0, None
        self.owed, self.owed_turn = [0] * n, [-1] * n
        self.windows.clear()
        self.uno_called = {}
        self.covered = None
        self.phase = PLAY
        deal_hands(self.hands, deck, first, HAND_SIZE, events)
        for seat in range(n):
            self.hand_serial[seat] += 1
        # The start card. A Wild Draw Four is covered by the next card until something else shows.
        while True:
            card = deck.pop()
            discard.append(card)
            events.append(CardMoved(card, DECK, DISCARD, None))
            if card.rank != WILD4:
                break
        self.top_by = None
        self.top_serial += 1
        rank = card.rank
        self.colour = card.suit
        if rank == WILD:
            events.append(ColourChosen(TABLE, None))
        dealer = self.dealer
        if rank == SKIP:
            nxt = skip_next(self.order, dealer, events)
        elif rank == REVERSE:
            # The dealer starts and play goes the other way (with two players: the first is skipped).
            self.order.reverse()
            events.append(DirectionChanged(-1))
            nxt = dealer
        elif rank == DRAW2:
            nxt = first
            self.pending = 2
            events.append(DrawPending(first, 2))
        else:
            nxt = first
        self._start_turn(nxt, t, events)
        self._open_jump(self._everyone, t, events)
        return events

    # -- playing a card -------------------------------------------------------------------------
    def _on_Play(self, action: Play, t: float) -> list[Event]:
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase(f"no card can be played now (phase: {self.phase})", note=Note.of("refusal.not-now"))
        if not 0 <= seat < self.seats:
            raise NotYourTurn(f"there is no seat {seat}", note=Note.of("refusal.not-now"))
        if self.owed[seat]:
            raise StillDrawing(f"seat {seat} must finish drawing {self.owed[seat]} more card(s) first",
                               note=Note.of("refusal.finish-drawing", n=self.owed[seat]))
        rank, colour = action.rank, action.colour
        hand = self.hands[seat]
        card = None
        for at, c in enumerate(hand):
            if c.rank == rank and c.suit == colour:
                card = c
                break
        if card is None:
            raise NotHeld(f"seat {seat} holds no {rank} {colour or ''}".rstrip(), note=Note.of("refusal.not-held-card"))
        wild = rank in WILDS
        if wild:
            if action.choose not in COLOURS:
                raise BadColour(f"name the colour for the {card_name(card)}: one of {', '.join(COLOURS)}",
                                note=Note.of("refusal.name-a-colour", card=card))
        elif action.choose is not None:
            raise BadColour("only a wild card names a colour", note=Note.of("refusal.only-wild-names-colour"))
        top = self.piles.discard[-1]
        absorb = self.absorb
        live = self.pending or (self.owed[absorb] if absorb is not None else 0)   # live_penalty()
        jump = self._jumps[None] if self._jumps else None
        stack = False
        if seat == self.turn:
            if self.pending:
                if rank != top.rank:
                    raise MustDrawOrStack(f"seat {seat} must draw {self.pending} or stack a {card_name(top)}",
                                          note=Note.of("refusal.draw-or-stack", n=self.pending, card=top))
                if not self._stack_allowed(rank):
                    raise StackingOff(f"stacking on a {card_name(top)} is turned off",
                                      note=Note.of("refusal.stacking-off", card=top))
                stack = True
            elif not (wild or self.colour is None or colour == self.colour or rank == top.rank):
                raise DoesNotMatch(f"{card_name(card)} does not match {card_name(top)} "
                                   f"(colour {self.colour})", note=Note.of("refusal.does-not-match", card=card, top=top))
            out_of_turn = False
        else:
            if rank != top.rank or colour != top.suit:
                self._check_lost_race(seat, card, t)
            if jump is None or not self._jump_open_to(seat):
                raise WindowClosed(f"seat {seat} cannot play out of turn now", note=Note.of("refusal.not-out-of-turn"))
            jump.check_claim(seat, t)
            if rank != top.rank or colour != top.suit:
                raise NotIdentical(f"out of turn only a card identical to {card_name(top)} may be played",
                                   note=Note.of("refusal.not-identical", top=top))
            if live and rank in DRAW_AMOUNT:
                if not self._stack_allowed(rank):
                    raise StackingOff(f"stacking on a {card_name(top)} is turned off",
                                      note=Note.of("refusal.stacking-off", card=top))
                stack = True
            elif not self.options["jump_in"]:
                raise WindowClosed("jumping in is turned off", note=Note.of("refusal.jump-in-off"))
            out_of_turn = True

        # -- valid: change the state --------------------------------------------------------
        if jump is not None:
            claimable = (self._stack_allowed(top.rank) if live and top.rank in DRAW_AMOUNT
                         else self.options["jump_in"])
            self.covered = (top, jump, self.turn, claimable)
        else:
            self.covered = None
        del hand[at]   # (list.remove would compare the cards before it field by field)
        self.hand_serial[seat] += 1
        self.piles.discard.append(card)
        self.top_by = seat
        self.top_serial += 1
        self.colour = action.choose if wild else colour
        events: list[Event] = [CardMoved(card, hand_place(seat), DISCARD, None, seat)]
        if wild:
            events.append(ColourChosen(seat, self.colour))
        if out_of_turn:
            events.append(JumpedIn(seat, stack))
        if self._unos and not self.options["reaction_seconds"]:
            # Without deadlines an UNO window lasts until the next card lands.
            for target in list(self._unos):
                self._close_uno(target, "the next card was played", events)
        if not hand:
            self._end_round(seat, events)
            return events
        if len(hand) == 1 and self.options["uno_call"]:
            self._open_uno(seat, t, events)
        carried = 0
        if stack:
            carried = live
            if not self.pending:   # took over the undrawn cards of a victim still drawing
                victim = self.absorb
                assert victim is not None
                self.owed[victim] = 0
                self.owed_turn[victim] = -1
                events.append(PenaltyGiven(victim, "stops drawing: the stack takes over the rest", 0))
        self.absorb = None
        self.pending = 0
        order = self.order
        if rank == SKIP:
            nxt = skip_next(order, seat, events)
        elif rank == REVERSE:
            nxt = reverse_play(order, seat, events)
        elif rank in DRAW_AMOUNT:
            nxt = order.next(seat)
            self.pending = pass_on_pickup(seat, nxt, DRAW_AMOUNT[rank] + carried, stack, events)
        else:
            nxt = order.next(seat)
        self._start_turn(nxt, t, events)
        self._open_jump(self._others[seat], t, events)
        return events

    # -- drawing -------------------------------------------------------------------------------
    def _require_turn(self, action: Action) -> int:
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase(f"{type(action).__name__} is not possible now (phase: {self.phase})",
                             note=Note.of("refusal.not-now"))
        if seat != self.turn:
            raise NotYourTurn(f"it is seat {self.turn}'s turn, not seat {seat}'s",
                              note=Note.of("refusal.not-your-turn", self.turn))
        if self.owed[seat]:
            raise StillDrawing(f"seat {seat} must finish drawing {self.owed[seat]} more card(s) first",
                               note=Note.of("refusal.finish-drawing", n=self.owed[seat]))
        return seat

    def _on_Draw(self, action: Draw, t: float) -> list[Event]:
        seat = self._require_turn(action)
        if self.pending:
            raise MustDrawOrStack(f"a penalty of {self.pending} is pending: start drawing it (or stack)",
                                  note=Note.of("refusal.penalty-pending", n=self.pending))
        events: list[Event] = [_turn_drawn(seat)]
        self._give(seat, 1, events)
        self._start_turn(self.order.next(seat), t, events)
        self._maybe_close_jump("every other seat has passed", events)
        return events

    def _on_StartDrawing(self, action: StartDrawing, t: float) -> list[Event]:
        seat = self._require_turn(action)
        if not self.pending:
            raise WrongPhase("there is no penalty to draw; use Draw to draw one card",
                             note=Note.of("refusal.no-penalty-to-draw"))
        amount = self.pending
        self.pending = 0
        self.owed[seat] = amount
        self.owed_turn[seat] = self.turn_serial
        if not self.options["deck_commitment"]:
            self.absorb = seat
        events: list[Event] = [StartedDrawing(seat, amount)]
        self._draw_owed(seat, t, events)
        return events

    def _on_DrawCard(self, action: DrawCard, t: float) -> list[Event]:
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase(f"DrawCard is not possible now (phase: {self.phase})", note=Note.of("refusal.not-now"))
        if not 0 <= seat < self.seats or not self.owed[seat]:
            raise WrongPhase(f"seat {seat} has no penalty cards left to draw",
                             note=Note.of("refusal.no-penalty-to-draw"))
        events: list[Event] = []
        self._draw_owed(seat, t, events)
        return events

    def _draw_owed(self, seat: int, t: float, events: list[Event]) -> None:
        got = self._give(seat, 1, events)
        self.owed[seat] = self.owed[seat] - 1 if got else 0   # nothing left anywhere: the rest is void
        if self.owed[seat]:
            return
        if self.absorb == seat:
            self.absorb = None
        ends_turn = self.owed_turn[seat] == self.turn_serial and self.turn == seat
        self.owed_turn[seat] = -1
        if ends_turn:
            self._start_turn(self.order.next(seat), t, events)
            self._maybe_close_jump("every other seat has passed", events)

    # -- out of turn: UNO and passing ----------------------------------------------------------------

    # -- the end of a round ------------------------------------------------------------------------
    def _end_round(self, winner: int, events: list[Event]) -> None:
        if self.windows.close("jump-in") is not None:
            events.append(window_closed("round over"))
        for target in list(self._unos):
            self._close_uno(target, "round over", events)
        self.pending, self.absorb = 0, None
        self.owed = [0] * self.seats
        self.owed_turn = [-1] * self.seats
        hands = tuple(self.hand_value(s) for s in range(self.seats))
        for seat in range(self.seats):
            events.append(HandRevealed(seat, tuple(self.hands[seat]), hands[seat]))
        self.score_round(hands, hands, (Note.of("combat-uno.went-out", winner),), events)

    # -- what the driver asks ---------------------------------------------------------------
    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase != PLAY:
            return ()
        turn, owed = self.turn, self.owed
        jump, uno = self._jumps[None] if self._jumps else None, self._unos
        if not uno and not any(owed):
            # The usual moment: the seat on turn, and a jump-in window offered to it and the
            # others, less those who passed on it (an offer lists seats in order).
            if jump is None:
                return (turn,)
            offered = jump.offered
            if turn in offered:
                done = jump.done
                if not done:
                    return offered
                return tuple([s for s in offered if s not in done or s == turn])
        acting = []
        for s in range(self.seats):
            if s == turn or owed[s]:
                acting.append(s)
            elif jump is not None and s in jump.offered and s not in jump.done:
                acting.append(s)
            else:
                for w in uno.values():
                    if s not in w.done:
                        acting.append(s)
                        break
        return tuple(acting)

    def table_action(self) -> tuple[Action, float | None] | None:
        if self.phase in (READY, ROUND_OVER):
            return _START, None
        if self.phase == PLAY:
            due = self.windows.next_deadline()
            if due is not None:
                return _EXPIRE, due
        return None

    def situation(self) -> Hashable:
        return self.version

    def situation_for(self, seat: int) -> Hashable:
        """A seat's pending reaction stays valid while the top card, its own hand, whether it is
        on turn, the pending draw and the UNO windows stay the same: other seats' passes, draws
        and calls elsewhere do not void it."""
        seated = 0 <= seat < self.seats
        jump = self._jumps.get(None)
        return (self.round, self.top_serial, self.turn_serial if self.turn == seat else -1,
                self.pending, self.absorb, self.hand_serial[seat] if seated else 0,
                self.owed[seat] if seated else 0, self.uno_serial,
                jump is not None and seat in jump.done)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == TABLE:
            pending = self.table_action()
            return [pending[0]] if pending else []
        if self.phase != PLAY or not 0 <= seat < self.seats:
            return []
        if self.owed[seat]:
            return [_draw_card(seat)]
        hand = self.hands[seat]
        top = self.piles.discard[-1]
        top_rank = top.rank
        out: list[Action] = []
        if seat == self.turn:
            plays = _PLAYS[seat]
            if self.pending:
                if self._stack_allowed(top_rank):
                    seen = set()
                    for c in hand:
                        if c.rank == top_rank:
                            face = FACE_OF[c.id]
                            if face not in seen:
                                seen.add(face)
                                out.extend(plays[face])
                out.append(_start_drawing(seat))
            else:
                # Each card in the hand that follows the top card, each face once.
                follow = _FOLLOW_FACE[self.colour, top_rank]
                seen = []
                for c in hand:
                    face = follow[c.id]
                    if face >= 0 and face not in seen:
                        seen.append(face)
                        out += plays[face]
                out.append(_draw(seat))
        else:
            jump = self._jumps.get(None)
            if jump is not None and seat in jump.offered and seat not in jump.done:   # _jump_open_to
                if top_rank in DRAW_AMOUNT and self.live_penalty():
                    ok = self._stack_allowed(top_rank)
                else:
                    ok = self.options["jump_in"]
                if ok:
                    same = _SAME_FACE[top.id]
                    for c in hand:
                        if c.id in same:   # an identical card
                            out += _PLAYS[seat][FACE_OF[top.id]]
                            break
                out.append(_pass(seat))
                for target, w in self._unos.items():
                    if seat not in w.done:
                        out.append(_call(seat, target))
                return out
        if self._unos:
            can_pass = False
            for target, w in self._unos.items():
                if seat not in w.done:
                    out.append(_call(seat, target))
                    can_pass = True
            if can_pass:
                out.append(_pass(seat))
        return out

    def acts_out_of_turn(self, seat: int) -> bool:
        # Off turn and not drawing, a seat acts exactly when a window is still open to it
        # (seats_to_act's rule for such a seat, without listing every seat).
        if self.phase != PLAY or seat == self.turn or not 0 <= seat < self.seats or self.owed[seat]:
            return False
        jump = self._jumps.get(None)
        if jump is not None and seat in jump.offered and seat not in jump.done:
            return True
        for w in self._unos.values():
            if seat not in w.done:
                return True
        return False

    def observe(self, seat: int) -> CombatUnoView:
        jump = self._jumps.get(None)
        uno = self._unos
        targets = tuple(uno)
        acting = self.seats_to_act()
        hands = hand_zones(self.hands, seat, self.round_revealed())
        zones = hands + (ZoneView(DISCARD, "pile", tuple(self.piles.discard[-2:]), len(self.piles.discard)),
                         ZoneView(DECK, "deck", (), len(self.piles.deck)))
        in_play = self.phase == PLAY
        return CombatUnoView(
            seat=seat, seats=self.seats, round=self.round, phase=self.phase, dealer=self.dealer,
            turn=self.turn if in_play else None, acting=acting,
            out_of_turn=self.acts_out_of_turn(seat),
            direction=self.direction, zones=zones, windows=self.windows.views(), pending_draw=self.pending,
            totals=tuple(self.score.totals), round_scores=tuple(self.score.rounds), over=self.over,
            winners=self.winners, prompt=self._prompt(),
            turn_started_at=self.turn_started,
            hand=tuple(self.hands[seat]) if 0 <= seat < self.seats else (),
            hand_counts=tuple(len(h) for h in self.hands),
            top=self.piles.discard[-1] if self.piles.discard else None, top_by=self.top_by, top_serial=self.top_serial,
            colour=self.colour, pending=self.pending, victim=self.turn if self.pending else None,
            owed=tuple(self.owed), deck_size=len(self.piles.deck), discard_size=len(self.piles.discard),
            jump_open=self._jump_open_to(seat),
            jump_opened_at=jump.opened_at if jump else None, jump_deadline=jump.deadline if jump else None,
            uno_targets=targets, uno_open=tuple(s for s in targets if seat not in uno[s].done),
            uno_deadlines=tuple(uno[s].deadline for s in targets),
            uno_safe=tuple(s for s, serial in self.uno_called.items()
                           if serial == self.hand_serial[s] and len(self.hands[s]) == 1),
            options=dict(self.options),
        )

    def reaction_places(self, action: Action) -> tuple[Place, ...]:
        if isinstance(action, Play):
            for i, card in enumerate(self.hands[action.seat]):
                if card.rank == action.rank and card.suit == action.colour:
                    return (Place("hand", action.seat, i),)
        return ()

    def reaction_note(self, action: Action) -> Note:
        if isinstance(action, Play):
            return Note.of("missed.jump-in", action.seat, card=Card(-1, action.rank, action.colour))
        if isinstance(action, CallUno):
            if action.target == action.seat:
                return Note.of("missed.call-uno", action.seat)
            return Note.of("missed.catch-uno", action.seat, victim=action.target)
        return super().reaction_note(action)

    def _prompt(self) -> str:
        if self.phase == READY:
            return "the first round is about to be dealt"
        if self.phase == ROUND_OVER:
            return f"round {self.round} is over"
        if self.phase == MATCH_OVER:
            return "the match is over"
        if self.pending:
            return f"seat {self.turn} to stack or draw {self.pending}"
        return f"seat {self.turn} to play a {self.colour or ''} card or draw".replace("a  card", "a card")
