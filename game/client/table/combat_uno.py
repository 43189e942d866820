"""The Combat UNO table: fanned hands (the player's own face up and sorted, the others' backs with
their counts), the deck and the discard pile in the centre with the colour to follow, the
direction of play and any pending draw, and the jump-in ring on the pile.

Input (mouse, with the keys shown on screen): click a raised card (or pick it with 1-9 or the
arrow keys and press Enter) to play it; a wild opens the colour picker (R Y G B or a click);
D or a click on the deck draws (or starts / goes on drawing a penalty); U calls UNO on yourself,
C catches an opponent on one card; Space passes on the open chances. Out of turn, a click on a
card identical to the top card jumps in while the ring runs.

Hot-seat: a human's turn begins behind the curtain ("Pass to Ann") and the table turns so that
player sits at the bottom; between turns every hand is face down. Out of turn, each human's claim
key (Q W E R T Y) brings up the curtain for that player and opens their hand for a jump-in, a
stack or an UNO call; the table clock stands still meanwhile.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.table.base import table_factory
from game.client.table.canvas import Canvas
from game.client.table.hand_table import HandSpec
from game.client.table.spec import Choice
from game.client.narration.combat_uno import CombatUnoNarrator, name_of, rank_name
from game.client.narration.wording import capital, seconds_left, turn_words
from game.core.card_words import colour_words
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.core.actions import Action, Pass
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.errors import IllegalAction, NotYourTurn, WindowClosed
from game.core.events import CardMoved, PenaltyGiven
from game.i18n import _, _l, ngettext, pgettext
from game.variants.combat_uno import (COLOURS, DECK_CARDS, DRAW2, REVERSE, SKIP, WILD, WILD4, BadColour, CallUno, ClaimLost, ColourChosen,
                                      DirectionChanged, DoesNotMatch, Draw, DrawCard, DrawPending, HandRevealed,
                                      JumpedIn, LostRace, MustDrawOrStack, NotHeld, NotIdentical, Play, StackingOff,
                                      StartDrawing, StillDrawing, UnoCalled)

COLOUR_KEYS = {pygame.K_r: "red", pygame.K_y: "yellow", pygame.K_g: "green", pygame.K_b: "blue"}
RISE = 16          # pixels (at 720p) a playable card of the player's own hand is raised
RISE_SELECTED = 26
RACE_KEY_MEMORY = 2.0   # seconds a U or C pressed mid-animation is kept for when the cards land
# Refusals that read the same whatever the table shows.
FIXED_REFUSALS = {LostRace: _l("Too late: another player covered that card first. Yours goes back to your hand."),
                  StackingOff: _l("Stacking that card is turned off in this match's options."),
                  BadColour: _l("Choose a colour for the wild card."),
                  NotHeld: _l("You do not hold that card.")}


class CombatUnoTable(HandSpec):
    variant_id = "combat-uno"
    title = "Combat UNO"
    narrator = CombatUnoNarrator
    discard_shown = 4
    pile_lay = "scattered"
    deck_cards = DECK_CARDS
    suit_order = COLOURS                 # the hand by colour, then rank; the wilds last
    rank_order = (*range(10), SKIP, REVERSE, DRAW2, WILD, WILD4)
    own_chance = CallUno                 # on one card: the hand stays open while the UNO chance runs
    window_trigger = "jump-in"
    ring_label = _l("Jump in?")
    claim_hint = _l("claim (per player)")
    action_labels = {CallUno: Choice(_l("Catch"), pygame.K_c), DrawCard: Choice(_l("Draw"), pygame.K_d),
                     StartDrawing: Choice(_l("Draw"), pygame.K_d), Draw: Choice(_l("Draw"), pygame.K_d),
                     Pass: Choice(_l("Pass"), hint="Space")}
    click_actions = {DECK: (DrawCard, StartDrawing, Draw)}

    def __init__(self, table):
        super().__init__(table)
        self.picking: tuple[int, int | str] | None = None   # (seat, rank) choosing a wild's colour
        self.selected: int | None = None               # keyboard choice in the acting hand
        self.race_key: tuple[int, float] | None = None # U or C pressed while a flight was still landing

    # -- who acts ----------------------------------------------------------------------------------
    def forget_choice(self) -> None:
        self.picking, self.selected = None, None

    def idle(self) -> bool:
        return self.picking is None

    # -- the frame: the UNO race and the raised cards ----------------------------------------------
    def catch_up(self) -> None:
        if self.race_key is not None and self.t.director.ready_for_input():
            key, pressed = self.race_key
            self.race_key = None
            # The table clock stands still while cards fly, so acting now is as if pressed on time.
            fresh = self.t.screen.time - pressed <= RACE_KEY_MEMORY and not self.t.match.over
            if fresh and key == pygame.K_u:
                self.call_uno()
            elif fresh:
                self.catch()

    def card_rises(self, seat: int) -> dict[int, float]:
        """The playable cards stand a little raised; the one picked with the keys, higher."""
        rises: dict[int, float] = {}
        if self.t.director.ready_for_input() and not self.t.match.over:
            faces = {(a.rank, a.colour) for a in self.t.input.legal(seat) if isinstance(a, Play)}
            for i, s in enumerate(self.t.zones.hands.get(seat, [])):
                if s.card is not None and (s.card.rank, s.card.suit) in faces:
                    rises[i] = RISE
        if self.selected is not None:
            rises[self.selected] = RISE_SELECTED
        return rises

    # -- animations of Combat UNO's facts ----------------------------------------------------------
    def card_moved(self, ev: CardMoved) -> None:
        super().card_moved(ev)
        if ev.dst == DISCARD and ev.card is not None and ev.card.suit is not None:
            self.t.screen.told["colour"] = ev.card.suit     # (a wild keeps the last colour until its own is named)
        if self.selected is not None and self.selected >= len(self.t.zones.hands.get(self.hand_seat() or 0, [])):
            self.selected = None


    def colour_chosen(self, ev: ColourChosen) -> None:
        self.t.screen.told["colour"] = ev.colour
        if ev.colour is None:
            return
        self.t.hud.float_text(None, _("{colour}!").format(colour=capital(colour_words(ev.colour))), self.t.palette.uno[ev.colour])
        self.t.director.pause_for(0.25)

    def jumped_in(self, ev: JumpedIn) -> None:
        self.t.hud.float_text(ev.seat, _("Stack!") if ev.stacked else _("Jump-in!"), self.t.palette.accent)
        self.t.sound.play("match")
        self.t.director.pause_for(0.3)

    def claim_lost(self, ev: ClaimLost) -> None:
        # Shown to everybody, as a claim at a real table would be: the card goes back to the hand.
        self.t.hud.float_text(ev.seat, _("Too late: {card}").format(card=name_of(ev.card)), self.t.palette.info)

    def direction_changed(self, ev: DirectionChanged) -> None:
        self.t.hud.float_text(None, _("Reverse!"), self.t.palette.info)
        super().direction_changed(ev)

    def draw_pending(self, ev: DrawPending) -> None:
        self.t.hud.float_text(ev.seat, f"+{ev.cards}", self.t.palette.bad)

    def uno_called(self, ev: UnoCalled) -> None:
        self.t.sound.play("call")
        if ev.seat == ev.target:
            self.t.hud.float_text(ev.seat, "UNO!", self.t.palette.accent)
        else:
            self.t.hud.float_text(ev.target, _("Caught by {name}!").format(name=self.t.screen.names[ev.seat]), self.t.palette.bad)
        self.t.director.pause_for(0.35)

    def penalty_given(self, ev: PenaltyGiven) -> None:
        self.t.sound.play("penalty")
        if ev.cards:
            self.t.hud.float_text(ev.seat, f"+{ev.cards}", self.t.palette.bad)
        self.t.director.pause_for(0.3)

    handlers = {**HandSpec.handlers, CardMoved: card_moved, ColourChosen: colour_chosen, JumpedIn: jumped_in,
                ClaimLost: claim_lost, DirectionChanged: direction_changed, DrawPending: draw_pending,
                UnoCalled: uno_called, PenaltyGiven: penalty_given}

    def revealed_label(self, ev: HandRevealed):
        if ev.points:
            return ngettext("{n} point", "{n} points", ev.points).format(n=ev.points), self.t.palette.text
        return (_("Out!"), self.t.palette.good) if not ev.cards else None

    # -- refusals in the player's words ---------------------------------------------------------------
    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        v = self.view()
        top = v.top
        seat = getattr(action, "seat", None)
        turn = self.turn_name()
        if isinstance(exc, StillDrawing):
            if seat is None:
                return _("Finish drawing your penalty first (D).")
            return _("Finish drawing your penalty first: {n} more (D).").format(n=v.owed[seat])
        if isinstance(exc, MustDrawOrStack):
            kind = (rank_name(top.rank) if not str(top.rank).isdigit() else "") if top else ""
            return _("{n} cards are coming to you: stack a {kind} or draw them (D).").format(n=v.pending, kind=kind)
        if isinstance(exc, DoesNotMatch):
            card = Card(0, action.rank, action.colour) if isinstance(action, Play) else None
            rank = rank_name(top.rank) if top else ""
            if v.colour:
                return _("The {card} does not follow the {top}: play a {colour} card or a {rank}.").format(
                    card=name_of(card), top=name_of(top), colour=colour_words(v.colour), rank=rank)
            return _("The {card} does not follow the {top}: play any card or a {rank}.").format(
                card=name_of(card), top=name_of(top), rank=rank)
        for kind, words in FIXED_REFUSALS.items():
            if isinstance(exc, kind):
                return str(words)
        if isinstance(exc, NotIdentical):
            return _("Out of turn only a card identical to the {top} can jump in.").format(top=name_of(top))
        if isinstance(exc, (NotYourTurn, WindowClosed)):
            if isinstance(action, Play):
                return _("{turn}: between turns only a card identical to the {top} can jump in, while the ring runs.").format(
                    turn=turn_words(self.t.screen, v.turn) if v.turn is not None else turn, top=name_of(top))
            if isinstance(action, CallUno):
                return _("Too late: that UNO chance has gone.")
        return super().explain(exc, action)

    # -- input -------------------------------------------------------------------------------------
    def swatches(self) -> list[tuple[str, pygame.Rect]]:
        L = self.t.screen.layout
        cx, cy = L.centre
        size = int(78 * L.unit)
        gap = int(14 * L.unit)
        x0 = cx - (4 * size + 3 * gap) // 2
        y = cy - size // 2 + int(6 * L.unit)
        return [(c, pygame.Rect(x0 + i * (size + gap), y, size, size)) for i, c in enumerate(COLOURS)]

    def table_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.t.director.ready_for_input() or self.t.match.over:
                return
            if self.picking is not None:
                for colour, rect in self.swatches():
                    if rect.collidepoint(event.pos):
                        self.choose(colour)
                        return
                self.picking = None      # a click elsewhere cancels the wild
            place = self.place_at(event.pos)
            if place is not None and place.zone == "hand":
                self.click_card(place.seat, place.index)     # a Play is matched to the card by its face
            elif place == DECK:
                self.draw_action()
            return
        if event.type != pygame.KEYDOWN or not self.t.director.ready_for_input() or self.t.match.over:
            return
        key = event.key
        if self.picking is not None:
            if key in COLOUR_KEYS:
                self.choose(COLOUR_KEYS[key])
            elif pygame.K_1 <= key <= pygame.K_4:
                self.choose(COLOURS[key - pygame.K_1])
            return
        if self.claim_by_key(key):
            return
        seat = self.hand_seat()
        if key == pygame.K_SPACE:
            self.pass_chances()
            return
        if seat is None:
            if self.t.screen.hotseat and key in (pygame.K_d, pygame.K_u, pygame.K_c, pygame.K_RETURN):
                self.ask_for_claim_key()
            return
        hand = self.t.zones.hands.get(seat, [])
        if pygame.K_1 <= key <= pygame.K_9:
            i = key - pygame.K_1
            if i < len(hand):
                self.selected = i
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            self.selected = self.step_along(self.selected, key, len(hand))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP):
            if self.selected is not None and self.selected < len(hand):
                self.click_card(seat, self.selected)
            else:
                self.t.hud.say(_("Pick a card first: 1-9 or the arrow keys, then Enter."))
        elif key == pygame.K_d:
            self.draw_action()
        elif key == pygame.K_u:
            self.call_uno()
        elif key == pygame.K_c:
            self.catch()

    def playable(self, seat: int, index: int) -> bool:
        hand = self.t.zones.hands.get(seat, [])
        card = hand[index].card if index < len(hand) else None
        return card is not None and any(isinstance(a, Play) and a.rank == card.rank and a.colour == card.suit
                                        for a in self.t.input.legal(seat))

    def click_card(self, seat: int, index: int) -> None:
        me = self.hand_seat()
        if me is None:
            if self.t.screen.hotseat:
                self.ask_for_claim_key()
            return
        if seat != me:
            self.t.hud.say(_("Play from your own hand, at the bottom."))
            return
        hand = self.t.zones.hands.get(seat, [])
        if index >= len(hand) or hand[index].card is None:
            return
        card = hand[index].card
        legal = [a for a in self.t.input.legal(seat) if isinstance(a, Play) and a.rank == card.rank and a.colour == card.suit]
        # Only a card that can be played now is picked: a refused click leaves nothing selected
        # (no Play button for a card that cannot go).
        self.selected = index if legal else None
        if legal and card.suit is None:
            self.picking = (seat, card.rank)
            return
        action = legal[0] if legal else Play(seat, card.rank, card.suit, "red" if card.suit is None else None)
        if self.t.input.submit(action):
            self.selected = None
            self.t.privacy.end_claim()

    def _hand_index_of(self, play: Play) -> int | None:
        for i, s in enumerate(self.t.zones.hands.get(play.seat, [])):
            if s.card is not None and s.card.rank == play.rank and s.card.suit == play.colour:
                return i
        return None

    def coach_places(self, action: Action) -> tuple:
        if isinstance(action, Play):
            i = self._hand_index_of(action)
            return () if i is None else (Place("hand", action.seat, i),)
        return super().coach_places(action)

    def coach_words(self, action: Action) -> str | None:
        if not isinstance(action, Play):
            return None
        i = self._hand_index_of(action)
        card = self.t.zones.hands[action.seat][i].card if i is not None else None
        if card is None:
            return _("play")
        if action.choose:
            return _("play your {card} (ringed) and choose {colour}").format(card=name_of(card), colour=colour_words(action.choose))
        return _("play your {card} (ringed)").format(card=name_of(card))

    def choose(self, colour: str) -> None:
        if self.picking is None:
            return
        seat, rank = self.picking
        self.picking = None
        if self.t.input.submit(Play(seat, rank, None, colour)):
            self.selected = None
            self.t.privacy.end_claim()

    def draw_action(self) -> None:
        """D or a click on the deck: one card on the turn, or a whole owed penalty in one go (its
        cards still fly one by one)."""
        seat = self.hand_seat()
        if seat is None:
            if self.t.screen.hotseat:
                if self.view().turn not in self.t.screen.humans:
                    self.t.hud.say(_("It is not a human's turn."))
                else:
                    self.ask_for_claim_key()
            return
        legal = self.t.input.legal(seat)
        for kind in (DrawCard, StartDrawing, Draw):
            for a in legal:
                if isinstance(a, kind):
                    ok = self.t.input.submit(a)
                    self.selected = None
                    for _card in range(200):          # the rest of the penalty, card after card
                        more = [b for b in self.t.input.legal(seat) if isinstance(b, DrawCard)] if ok and kind is not Draw else []
                        if not more:
                            break
                        ok = self.t.input.submit(more[0])
                    if not any(isinstance(b, DrawCard) for b in self.t.input.legal(seat)):
                        self.t.privacy.end_claim()
                    return
        self.t.input.submit(Draw(seat))    # refused: the reason is shown

    def call_uno(self) -> None:
        seat = self.hand_seat()
        if seat is None:
            return
        if CallUno(seat, seat) in self.t.input.legal(seat):
            self.t.input.submit(CallUno(seat, seat))
            self.t.privacy.end_claim()
        elif seat in self.view().uno_safe:
            self.t.hud.say(_("You have already called UNO."))
        else:
            self.t.hud.say(_("Call UNO as you play your second-last card, before anyone catches you."))

    def catch(self) -> None:
        seat = self.hand_seat()
        if seat is None:
            return
        calls = [a for a in self.t.input.legal(seat) if isinstance(a, CallUno) and a.target != seat]
        if not calls:
            called = [self.t.screen.names[s] for s in self.view().uno_safe if s != seat]
            if called:   # (the race was lost: say to whom, not that there was nobody)
                listed = called[0] if len(called) == 1 else _("{first} and {last}").format(first=", ".join(called[:-1]), last=called[-1])
                self.t.hud.say(ngettext("Too late: {names} has called UNO.", "Too late: {names} have called UNO.",
                                        len(called)).format(names=listed))
            else:
                self.t.hud.say(_("Nobody to catch: catch a player on one card who has not called UNO yet."))
            return
        for a in calls:
            self.t.input.submit(a)
        self.t.privacy.end_claim()

    def pass_chances(self) -> None:
        seats = [self.t.screen.claimer] if self.t.screen.claimer is not None else ([self.hand_seat()] if self.hand_seat() is not None else [])
        for seat in seats:
            if Pass(seat) in self.t.input.legal(seat):
                self.t.input.submit(Pass(seat))
        self.t.privacy.end_claim()

    def intercept(self, event: pygame.event.Event) -> bool:
        landing = bool(self.t.director.queue) and self.t.director.hold is None and self.t.screen.curtain is None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_u, pygame.K_c) and landing and not self.t.match.over:
            # The UNO race starts the moment a card lands: a call pressed mid-flight must count.
            self.race_key = (event.key, self.t.screen.time)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.picking is not None:
            self.picking = None          # Esc first cancels the colour, then the claim, then pauses
            return True
        return super().intercept(event)

    # -- buttons, prompts, highlights ------------------------------------------------------------------
    def choice_key(self) -> Any:
        return self.picking, self.selected is not None

    def label_for(self, action: Action) -> Choice | None:
        v = self.view()
        if isinstance(action, CallUno) and action.target == action.seat:
            return Choice("UNO!", pygame.K_u, primary=True)
        if isinstance(action, CallUno):
            # one button catches everyone who may be caught
            targets = sorted(a.target for a in self.t.input.legal(action.seat) if isinstance(a, CallUno) and a.target != a.seat)
            if action.target != targets[0]:
                return None
            return Choice(_("Catch {names}").format(names=" & ".join(self.t.screen.names[t] for t in targets)), pygame.K_c)
        if isinstance(action, DrawCard):
            return Choice(_("Draw ({n} left)").format(n=v.owed[action.seat]), pygame.K_d)
        if isinstance(action, StartDrawing):
            return Choice(_("Draw {n}").format(n=v.pending), pygame.K_d)
        return super().label_for(action)

    def act(self, action: Action) -> bool:
        if isinstance(action, CallUno):
            (self.call_uno if action.target == action.seat else self.catch)()
        elif isinstance(action, Pass):
            self.pass_chances()
        elif isinstance(action, (DrawCard, StartDrawing, Draw)):
            self.draw_action()
        else:
            return super().act(action)
        return True

    def buttons(self) -> list[Button]:
        return [] if self.picking is not None else super().buttons()

    def extra_buttons(self) -> list[Button]:
        seat = self.hand_seat()
        if self.selected is None or seat is None or not self.playable(seat, self.selected):
            return []
        return [Button(_("Play"), lambda: self.click_card(seat, self.selected or 0), hint="Enter")]

    def prompt(self) -> str:
        v = self.view()
        if v.over or v.turn is None:
            return ""
        seat = self.hand_seat()
        if self.picking is not None:
            return _("Choose the colour: R red, Y yellow, G green, B blue (Esc cancels)")
        if seat is None:
            return self.claim_prompt(v.turn, _("to jump in or call UNO")) if self.t.screen.hotseat else ""
        you = _("You") if not self.t.screen.hotseat else self.t.screen.names[seat]
        your = self.your_turn(seat)
        legal = self.t.input.legal(seat)
        if any(isinstance(a, DrawCard) for a in legal):
            return _("{name}: draw your penalty, {n} more (D)").format(name=you, n=v.owed[seat])
        if seat == v.turn:
            if v.pending:
                kind = (rank_name(v.top.rank) if not str(v.top.rank).isdigit() else "") if v.top else ""
                can = any(isinstance(a, Play) for a in legal)
                return (_("+{n} coming your way! Stack a {kind} or draw them (D)") if can
                        else _("+{n} coming your way: draw them (D)")).format(n=v.pending, kind=kind)
            if any(isinstance(a, Play) for a in legal):
                return _("{turn}: play a raised card or draw (D)").format(turn=your)
            return _("{turn}: nothing matches, draw a card (D)").format(turn=your)
        if any(isinstance(a, Play) for a in legal):
            return _("Jump in! Click your raised card while the ring runs")
        if any(isinstance(a, CallUno) and a.target == seat for a in legal):
            return _("Call UNO (U) before anyone catches you!")
        if any(isinstance(a, CallUno) for a in legal):
            return _("Catch them (C): a player is on one card without calling UNO")
        if self.t.screen.claimer is not None:
            return _("{name}: nothing to do out of turn now (Esc)").format(name=you)
        return self.turn_words(v.turn)

    def hand_hints(self) -> list[tuple[str, str]]:
        return [(_("Click"), pgettext("key hint", "play a card")), ("1-9 ←→", pgettext("key hint", "pick a card")),
                ("Enter", pgettext("key hint", "play it")), ("D", pgettext("key hint", "draw")),
                ("U", pgettext("key hint", "call UNO")), ("C", pgettext("key hint", "catch")),
                ("Space", pgettext("key hint", "pass"))]

    def targets(self) -> tuple[set, set]:
        v = self.view()
        seat = self.hand_seat()
        if v.over or seat is None or self.picking is not None:
            return set(), set()
        lit, _chosen = super().targets()        # the deck, when a draw is legal
        faces = {(a.rank, a.colour) for a in self.t.input.legal(seat) if isinstance(a, Play)}
        for i, s in enumerate(self.t.zones.hands.get(seat, [])):
            if s.card is not None and (s.card.rank, s.card.suit) in faces:
                lit.add(Place("hand", seat, i))
        chosen = {Place("hand", seat, self.selected)} if self.selected is not None else set()
        return lit, chosen

    # -- drawing -------------------------------------------------------------------------------------
    def state_tag(self, seat: int):
        pal = self.t.palette
        uno = self.t.screen.shown.uno_targets
        if seat in uno:
            deadline = self.t.screen.shown.uno_deadlines[uno.index(seat)]
            left = f" {seconds_left(deadline - self.t.screen.table_time)}" if deadline is not None else ""
            return f"UNO?{left}", pal.accent
        owed = self.t.screen.shown.owed[seat] if self.t.screen.shown.turn is not None and not self.t.director.animating else 0
        if owed:
            return _("drawing, {n} more").format(n=owed), pal.bad
        if seat in self.t.screen.shown.uno_safe and len(self.t.zones.hands.get(seat, ())) == 1:
            return "UNO!", pal.accent
        return None

    def draw_piles(self, canvas: Canvas, highlight: set, selected: set) -> None:
        surface, pal = canvas.surface, canvas.pal
        L = self.t.screen.layout
        u = L.unit
        self.draw_direction(canvas, L.pile_card[0] * 1.75 + 24 * u, 1.6, L.centre, ((135, 215), (-35, 45)))
        super().draw_piles(canvas, highlight, selected)
        dx, dy = L.discard_pos
        drect = pygame.Rect(0, 0, *L.pile_card)
        drect.center = (int(dx), int(dy))
        # The colour to follow: a frame round the pile, and its name (the name is the symbol
        # that never depends on seeing colour).
        # (as the events shown so far have it: the view read alone kept "Red" up while "Yellow!"
        # rose and the news said Ada had named yellow, seen in a real window)
        colour = self.t.screen.as_told("colour")
        if colour is not None:
            c = pal.uno[colour]
            pygame.draw.rect(surface, c, drect.inflate(int(14 * u), int(14 * u)), max(3, int(4 * u)), border_radius=10)
            label = capital(colour_words(colour))
        else:
            label = _("any colour") if self.t.zones.discard else ""
        if label:
            # above the pile, clear of the reaction ring and its countdown
            ring = int(max(L.pile_card) * 0.5 + 16 * u)
            chip = T.text(label, TH.SMALL, pal.text, True)
            box = chip.get_rect(midbottom=(drect.centerx, drect.centery - ring - int(30 * u))).inflate(18, 6)
            box.w = max(box.w, int(L.pile_card[0] * 1.1))
            box.centerx = drect.centerx
            box = canvas.fit(box, ("up", "left", "right", "down"))
            fill = (*TH.darken(pal.uno[colour], 0.35), 230) if colour else (20, 20, 20, 200)
            surface.blit(TH.panel(box.size, fill, pal.uno[colour] if colour else pal.text_dim, 8, 2), box.topleft)
            T.blit_text(surface, label, TH.SMALL, pal.text, box.center, "center", bold=True)
            if pal.markers and colour:
                mark = colour[0].upper()
                m = T.text(mark, TH.TINY, (20, 20, 20), True)
                mb = m.get_rect(midright=(box.left - 4, box.centery)).inflate(8, 4)
                pygame.draw.rect(surface, (255, 255, 255), mb, border_radius=4)
                surface.blit(m, m.get_rect(center=mb.center))
        # A draw waiting for its victim.
        if self.t.screen.shown.pending and self.t.screen.shown.victim is not None and self.t.screen.round_result is None:
            victim = self.t.screen.shown.victim
            self.draw_owed(canvas, (_("+{n} for you") if victim in self.t.screen.you else _("+{n} for {name}")).format(
                n=self.t.screen.shown.pending, name=self.t.screen.names[victim]))

    def draw_over_table(self, canvas: Canvas) -> None:
        """The colour picker for a wild card."""
        if self.picking is not None and self.t.director.ready_for_input():
            surface, pal = canvas.surface, canvas.pal
            canvas.layer("picker")
            L = self.t.screen.layout
            rects = self.swatches()
            swatches = rects[0][1].unionall([r for _, r in rects])
            title_h = T.line_height(TH.BODY, True) + 12
            caption_h = T.line_height(TH.TINY) + 8
            pad = int(18 * L.unit)
            area = pygame.Rect(swatches.x - pad, swatches.y - title_h, swatches.w + 2 * pad, title_h + swatches.h + caption_h)
            surface.blit(TH.panel(area.size, (6, 26, 18, 240), pal.accent, 12, 2), area.topleft)
            T.blit_text(surface, _("Name the colour"), TH.BODY, pal.text, (area.centerx, area.top + 6), "midtop", bold=True)
            for colour, rect in rects:
                pygame.draw.rect(surface, pal.uno[colour], rect, border_radius=10)
                pygame.draw.rect(surface, (255, 255, 255), rect, 2, border_radius=10)
                letter = colour[0].upper()
                T.blit_text(surface, letter, TH.H2, (255, 255, 255) if colour != "yellow" else (40, 34, 10),
                            rect.center, "center", bold=True)
                T.blit_text(surface, capital(colour_words(colour)), TH.TINY, pal.text, (rect.centerx, rect.bottom + 3), "midtop")
            canvas.layer("table")


make_combat_uno_table = table_factory(CombatUnoTable)
