"""The Kumbal table: fanned hands (the player's own face up, sorted by suit and value; the others'
backs with their counts), the deck and the discard pile in the centre with the pile's latest cards
fanned out, the card that may be taken this turn framed (or why it may not: a joker, an action
card), the direction of play and any pick-up owed, and every hand laid down and counted when
somebody calls Kumbal.

Input (mouse, with the keys shown on screen): click cards of your hand to select them (or move
with ← → and select with ↑ / Space, or 1-9); a selection that is a legal discard lights the Discard
button (Enter), an illegal one says why. Then D or a click on the deck draws, T or a click on the
pile takes the card framed there. K calls Kumbal, P picks up a pick-up owed, F discards a drawn card
for free while its chance runs. Cutting the deck: move the mouse along the deck strip (or ← →) and
click (or Enter) to cut there.

Hot-seat: as in Combat UNO, a human's turn begins behind the curtain and that player sits at the
bottom; between turns every hand is face down. The free discard is claimed with the player's claim
key (Q W E R T Y), which brings up the curtain for them while the table clock stands still.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.table.base import table_factory
from game.client.table.canvas import Canvas
from game.client.table.hand_table import HandSpec
from game.client.table.spec import Choice
from game.client.table.speech import Item
from game.client.table.sprites import CardSprite
from game.client.narration.kumbal import KumbalNarrator, points_words, short
from game.client.table.zone_kinds import DeckZone, FanZone, GridZone, HeldZone, PileZone
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.core.actions import Action, Pass
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.errors import IllegalAction, NotYourTurn, WindowClosed, WrongPhase
from game.core.events import CardMoved
from game.core.events import WindowClosed as WindowClosedEvent
from game.core.events import WindowOpened
from game.core.hands import DirectionChanged, DrawPending, HandRevealed
from game.core.standard_deck import card_name
from game.i18n import _, _l, ngettext, pgettext
from game.variants.kumbal import (DECK_CARDS, SIX_SEAT_CARDS, CallKumbal, CallResult, CannotCall, CannotTake, Cut, CutWanted,
                                  DeckCut, Discard, Discarded, DrawFromDeck, FreeDiscard, FreeDiscarded,
                                  KumbalCalled, MustPickUp, NotHeld, PickedUp, PickUp, TakeDiscard,
                                  VALUE, discard_problem)

_FACE_RANK = {"A": "A", "J": "J", "Q": "Q", "K": "K"}
RISE_SELECTED = 30      # pixels (at 720p) a selected card of the player's own hand is raised
RISE_CURSOR = 10


class KumbalPile(PileZone):
    """The discard pile, keeping enough cards that a card taken from under a run is found by its
    face (Kumbal takes the card that was on top when the turn began, under that turn's discards)."""

    kept = 24

    def take(self, place: Place, card: Card | None) -> CardSprite | None:
        if card is not None:
            for i in range(len(self.cards) - 1, -1, -1):
                if self.cards[i].card == card:
                    return self.cards.pop(i)
        return super().take(place, card)


class KumbalTable(HandSpec):
    variant_id = "kumbal"
    title = "Kumbal"
    discard_shown = 7
    pile_lay = "fanned"                  # the pile's latest cards fan out to the right, the top card last
    deck_cards = DECK_CARDS
    larger_decks = {6: SIX_SEAT_CARDS}   # a second deck joins at six players
    suit_order = ("s", "h", "c", "d")    # alternating colours in the fan; the jokers last
    rank_order = ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K")
    own_chance = FreeDiscard             # the drawer's hand stays open while its free discard runs
    target_passed = "went past"
    zone_kinds = (GridZone, FanZone, HeldZone, KumbalPile, DeckZone)
    window_trigger = "free-discard"
    narrator = KumbalNarrator
    ring_label = _l("Free discard?")
    # (no default among the choices of a turn: a lit "Kumbal!" seemed to advise calling when a
    # discard was wanted; what Enter does is lit: a legal selection's Discard, a free discard)
    action_labels = {CallKumbal: Choice(_l("Kumbal!"), pygame.K_k),
                     PickUp: Choice(_l("Pick up"), pygame.K_p),
                     FreeDiscard: Choice(_l("Free discard"), pygame.K_f, primary=True),
                     TakeDiscard: Choice(_l("Take"), pygame.K_t), DrawFromDeck: Choice(_l("Draw"), pygame.K_d),
                     Pass: Choice(_l("Pass"), hint="Space")}
    click_actions = {DECK: (DrawFromDeck,), DISCARD: (TakeDiscard,)}

    def __init__(self, table):
        super().__init__(table)
        self.chosen: set[int] = set()          # ids of the selected cards of the acting hand
        self.cursor: int | None = None         # keyboard position in the acting hand
        self.cut_at: int | None = None         # the cut point under the pointer or the arrows

    # -- who acts ----------------------------------------------------------------------------------
    def forget_choice(self) -> None:
        self.chosen, self.cursor, self.cut_at = set(), None, None

    def wanted_viewer(self) -> int | None:
        cutter = self.view().cutter if self.view().phase == "cut" else None
        if cutter is not None and cutter in self.t.screen.humans and self.t.screen.claimer is None:
            return cutter
        return super().wanted_viewer()

    def card_rises(self, seat: int) -> dict[int, float]:
        """The selected cards stand raised; the card under the keyboard cursor, a little."""
        rises: dict[int, float] = {}
        for i, s in enumerate(self.t.zones.hands.get(seat, [])):
            if s.card is not None and s.card.id in self.chosen:
                rises[i] = RISE_SELECTED
            elif s.card is not None and i == self.cursor:
                rises[i] = RISE_CURSOR
        return rises

    # -- selection ----------------------------------------------------------------------------------
    def selected_faces(self) -> tuple[str, ...]:
        seat = self.hand_seat()
        if seat is None:
            return ()
        return tuple(str(s.card) for s in self.t.zones.hands.get(seat, []) if s.card is not None and s.card.id in self.chosen)

    def selection_action(self) -> Discard | None:
        """The legal Discard whose cards are the selection (None: the selection is no legal discard)."""
        seat = self.hand_seat()
        faces = sorted(self.selected_faces())
        if seat is None or not faces:
            return None
        for a in self.t.input.legal(seat):
            if isinstance(a, Discard) and sorted(a.cards) == faces:
                return a
        return None

    def selection_problem(self) -> str:
        """Why the selection cannot be discarded now, in the player's words ("" if it can)."""
        faces = self.selected_faces()
        seat = self.hand_seat()
        if not faces or seat is None:
            return ""
        if self.selection_action() is not None:
            return ""
        v = self.t.match.view(seat)
        if v.pending:
            return _("{n} cards are coming to you: pass them on with a lone 2 or joker, or pick them up (P).").format(n=v.pending)
        if v.step == "draw" and seat == v.turn:
            return _("You have discarded this turn: now draw (D) or take the framed card (T).")
        if seat != v.turn:
            return _("Wait for your turn to discard.")
        why = discard_problem(faces)
        return _("Not a discard: {why}.").format(why=why) if why else _("Those cards cannot go down now.")

    def toggle(self, index: int) -> None:
        seat = self.hand_seat()
        if seat is None:
            return
        hand = self.t.zones.hands.get(seat, [])
        if not 0 <= index < len(hand) or hand[index].card is None:
            return
        cid = hand[index].card.id
        self.chosen ^= {cid}
        self.cursor = index
        self.t.input.invalidate()     # the Discard button lights up (or not): the prompt says why

    def discard_selection(self) -> None:
        action = self.selection_action()
        seat = self.hand_seat()
        if action is None and not self.chosen and seat is not None and FreeDiscard(seat) in self.t.input.legal(seat):
            self.act(FreeDiscard(seat))     # Enter does what the lit button says
            return
        if action is None:
            problem = self.selection_problem()
            if problem and problem == self.prompt():
                self.t.sound.play("click", 0.4)   # the prompt says why already (it was said twice)
                return
            self.t.hud.say(problem or _("Select cards of your hand first: a single card, a set or a run."))
            return
        if self.t.input.submit(action):
            self.chosen, self.cursor = set(), None

    # -- animations of Kumbal's facts -----------------------------------------------------------------
    def window_opened(self, ev: WindowOpened) -> None:
        super().window_opened(ev)
        seat = ev.seats[0] if ev.seats else None
        if seat is not None and seat in self.t.screen.humans:
            self.t.hud.float_text(seat, _("Free discard?"), self.t.palette.accent)

    def window_closed(self, ev: WindowClosedEvent) -> None:
        super().window_closed(ev)
        if self.t.screen.claimer is not None and not self.t.input.legal(self.t.screen.claimer):
            self.t.privacy.end_claim()

    def card_moved(self, ev: CardMoved) -> None:
        super().card_moved(ev)
        if ev.src == DISCARD and ev.dst.zone == "hand":
            # Everybody saw it taken; in the hand it is one more card only its owner sees (keeping
            # track of it is the players' own memory, as at a real table).
            sprite = next((s for s in self.t.zones.hands.get(ev.dst.seat, []) if s.card == ev.card), None)
            if sprite is not None:
                sprite.show_to = frozenset((ev.dst.seat,))
        seat = self.hand_seat()
        if seat is not None:
            ids = {s.card.id for s in self.t.zones.hands.get(seat, []) if s.card is not None}
            self.chosen &= ids

    def _hand_places_of(self, discard: Discard) -> list[tuple[int, Card]]:
        wanted = list(discard.cards)
        found = []
        for i, s in enumerate(self.t.zones.hands.get(discard.seat, [])):
            if s.card is not None and str(s.card) in wanted:
                wanted.remove(str(s.card))
                found.append((i, s.card))
        return found

    def coach_places(self, action: Action) -> tuple:
        if isinstance(action, Discard):
            return tuple(Place("hand", action.seat, i) for i, _ in self._hand_places_of(action))
        return super().coach_places(action)

    def coach_words(self, action: Action) -> str | None:
        if not isinstance(action, Discard):
            return None
        cards = [c for _, c in self._hand_places_of(action)]
        if not cards:
            return pgettext("coach", "discard")
        if len(cards) == 1:
            return _("discard your {card} (ringed)").format(card=card_name(cards[0]))
        return _("discard {cards} together (ringed)").format(cards=", ".join(card_name(c) for c in cards))

    def discarded(self, ev: Discarded) -> None:
        if ev.action:
            self.t.hud.float_text(None, {"skip": _("Skip!"), "reverse": _("Reverse!")}.get(ev.action, f"+{ev.action[-1]}!"),
                            self.t.palette.bad)
        self.t.director.pause_for(0.15)

    def direction_changed(self, ev: DirectionChanged) -> None:
        if self.t.screen.seats == 2:
            # (as the rules read it: with two players a 7 turns play round and changes nothing;
            # the narrator says so, and the arrows stay as they are)
            self.t.screen.told["direction"] = ev.direction
            return
        super().direction_changed(ev)

    def free_discarded(self, ev: FreeDiscarded) -> None:
        self.t.hud.float_text(ev.seat, _("Free discard!"), self.t.palette.accent)
        self.t.sound.play("match")

    def picked_up(self, ev: PickedUp) -> None:
        self.t.hud.float_text(ev.seat, ngettext("+{n} card", "+{n} cards", ev.cards).format(n=ev.cards), self.t.palette.bad)
        self.t.sound.play("penalty")

    def draw_pending(self, ev: DrawPending) -> None:
        self.t.hud.float_text(ev.seat, _("Pick up {n}").format(n=ev.cards), self.t.palette.bad)

    def called(self, ev: KumbalCalled) -> None:
        self.t.sound.play("call")
        self.t.hud.float_text(ev.seat, "KUMBAL!", self.t.palette.accent)
        self.t.director.pause_for(1.0)

    def revealed_label(self, ev: HandRevealed):
        return points_words(ev.points), self.t.palette.text

    def call_result(self, ev: CallResult) -> None:
        if not ev.made:
            self.t.sound.play("penalty")
        self.t.director.pause_for(0.8)

    def cut_wanted(self, ev: CutWanted) -> None:
        self.t.zones.deck_n = ev.cards

    def deck_cut(self, ev: DeckCut) -> None:
        self.t.sound.play("swap")
        self.cut_at = None

    handlers = {**HandSpec.handlers, WindowOpened: window_opened, WindowClosedEvent: window_closed,
                CardMoved: card_moved, DirectionChanged: direction_changed, Discarded: discarded,
                FreeDiscarded: free_discarded, PickedUp: picked_up, DrawPending: draw_pending, KumbalCalled: called, CallResult: call_result, CutWanted: cut_wanted,
                DeckCut: deck_cut}

    # -- refusals in the player's words -------------------------------------------------------------------
    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        v = self.view()
        if isinstance(exc, CannotTake):
            what = {"joker": _("a joker is never taken"), "action card": _("a card played as an action is never taken")}
            return _("You cannot take that card: {why}. Draw from the deck (D).").format(
                why=what.get(v.blocked or "", _("there is none to take")))
        if isinstance(exc, CannotCall):     # the rules' own reason: the points in hand, or a pick-up owed
            return super().explain(exc, action)
        if isinstance(action, CallKumbal) and isinstance(exc, WrongPhase) and v.turn == action.seat:
            return _("Kumbal is called at the start of your turn, before you discard: now draw (D) or take (T).")
        if isinstance(exc, MustPickUp):
            return _("{n} cards are coming to you: pass them on with a lone 2 or joker, or pick them up (P).").format(n=v.pending)
        if isinstance(exc, NotHeld):
            return _("You do not hold those cards.")
        if isinstance(exc, (NotYourTurn, WindowClosed)) and isinstance(action, FreeDiscard):
            return _("Too late: the next player has moved.")
        return super().explain(exc, action)

    # -- input ---------------------------------------------------------------------------------------------
    def table_event(self, event: pygame.event.Event) -> None:
        v = self.view()
        cutting = v.phase == "cut" and self.hand_seat() == v.cutter and v.cutter is not None
        if event.type == pygame.MOUSEMOTION and cutting:
            self.cut_at = self.cut_point_at(event.pos[0])
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.t.director.ready_for_input() or self.t.match.over:
                return
            if cutting:
                at = self.cut_point_at(event.pos[0])
                if at is not None:
                    self.cut(at)
                return
            place = self.place_at(event.pos)
            if place is not None and place.zone == "hand":
                if place.seat == self.hand_seat():
                    self.toggle(place.index)
                else:
                    self.t.hud.say(_("Select cards of your own hand, at the bottom."))
                return
            if place is not None:
                self.t.input.click(place)
            return
        if event.type != pygame.KEYDOWN or not self.t.director.ready_for_input() or self.t.match.over:
            return
        key = event.key
        if self.claim_by_key(key):
            return
        seat = self.hand_seat()
        if seat is None:
            if self.t.screen.hotseat and key in (pygame.K_f, pygame.K_RETURN):
                self.ask_for_claim_key()
            return
        if cutting:
            lo, hi = v.cut_range
            at = self.cut_at if self.cut_at is not None else (lo + hi) // 2
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.cut_at = max(lo, min(hi, at + (-1 if key == pygame.K_LEFT else 1)))
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.cut(at)
            return
        hand = self.t.zones.hands.get(seat, [])
        if pygame.K_1 <= key <= pygame.K_9:
            self.toggle(key - pygame.K_1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            self.cursor = self.step_along(self.cursor, key, len(hand))
        elif key in (pygame.K_UP, pygame.K_SPACE):
            if self.cursor is not None and key == pygame.K_UP or (key == pygame.K_SPACE and self.cursor is not None
                                                                   and not self.window_open_to(seat)):
                self.toggle(self.cursor)
            elif key == pygame.K_SPACE and Pass(seat) in self.t.input.legal(seat):
                self.t.input.submit(Pass(seat))
                self.t.privacy.end_claim()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.discard_selection()
        else:
            for kind, choice in self.action_labels.items():
                if choice.key == key:
                    legal = [a for a in self.t.input.legal(seat) if isinstance(a, kind)]
                    if self.act(legal[0] if legal else kind(seat)):
                        pass
                    return

    def intercept(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.chosen:
            self.chosen = set()          # Esc first drops the selection, then the claim, then pauses
            self.t.input.invalidate()
            return True
        return super().intercept(event)

    def window_open_to(self, seat: int) -> bool:
        return FreeDiscard(seat) in self.t.input.legal(seat)

    def free_discard_here(self) -> bool:
        """The player whose hand is open may discard a drawn card free now. The window opens after
        every draw from the deck; its ring is shown only to a drawer whose card matches (to anyone
        else it would say nothing, after every draw)."""
        seat = self.hand_seat()
        return seat is not None and self.window_open_to(seat)

    def ring_shown(self) -> bool:
        return self.free_discard_here() and super().ring_shown()

    def act(self, action: Action) -> bool:
        done = self.t.input.submit(action)
        if done:
            self.chosen, self.cursor = set(), None
            if isinstance(action, (FreeDiscard, Pass)):
                self.t.privacy.end_claim()
        return done

    def cut(self, at: int) -> None:
        seat = self.hand_seat()
        if seat is not None:
            self.t.input.submit(Cut(seat, at))

    def walk_zones(self, speech) -> list:
        """The keyboard walk (speech): while the player cuts, first a stop for each point the deck
        may be cut at (Enter cuts there, the ring marks it on the strip); then the table's zones."""
        walk = speech.standard_zones()
        v = self.view()
        if v.phase == "cut" and v.cutter is not None and self.hand_seat() == v.cutter:
            lo, hi = v.cut_range
            strip, n = self.cut_strip(), max(1, v.deck_size)
            stops = []
            for at in range(lo, hi + 1):
                x = strip.left + round(at / n * strip.w)
                stops.append(Item(None, ngettext("Cut {n} card from the top", "Cut {n} cards from the top", at).format(n=at),
                                  do=lambda at=at: self.cut(at), rect=pygame.Rect(x - 3, strip.top, 6, strip.h)))
            walk.insert(0, (_("Cut the deck"), stops))
        return walk

    def cut_strip(self) -> pygame.Rect:
        L = self.t.screen.layout
        w, h = int(L.size[0] * 0.32), int(L.pile_card[1] * 0.9)
        r = pygame.Rect(0, 0, w, h)
        r.center = (L.centre[0] - int(80 * L.unit), L.centre[1])   # clear of the narration on the right
        return r

    def cut_point_at(self, x: int) -> int | None:
        v = self.view()
        lo, hi = v.cut_range
        strip = self.cut_strip()
        if not strip.left <= x <= strip.right or hi < lo:
            return None
        n = v.deck_size
        # The strip shows the deck's edge from its top (left) to its bottom (right).
        at = round((x - strip.left) / strip.w * n)
        return max(lo, min(hi, at))

    # -- buttons, prompts, highlights ------------------------------------------------------------------
    def choice_key(self) -> Any:
        return frozenset(self.chosen)

    def label_for(self, action: Action) -> Choice | None:
        if isinstance(action, Pass) and not self.window_open_to(action.seat):
            return None      # a draw that does not match: nothing to let go, the window ends by itself
        v = self.view()
        if isinstance(action, PickUp):
            return Choice(_("Pick up {n}").format(n=v.pending), pygame.K_p)
        if isinstance(action, TakeDiscard):
            return Choice(_("Take {card}").format(card=short(v.takeable)), pygame.K_t)
        return super().label_for(action)

    def extra_buttons(self) -> list[Button]:
        seat = self.hand_seat()
        if seat is None or not any(isinstance(a, Discard) for a in self.t.input.legal(seat)):
            return []
        legal = self.selection_action() is not None
        n = len(self.chosen)
        text = ngettext("Discard {n} card", "Discard {n} cards", n).format(n=n) if n else pgettext("button", "Discard")
        button = Button(text, self.discard_selection, hint="Enter", primary=legal)
        button.enabled = legal or not n     # (greyed for a selection that cannot go down: the prompt says why)
        return [button]

    def prompt(self) -> str:
        v = self.view()
        if v.over:
            return ""
        seat = self.hand_seat()
        if v.phase == "cut":
            if v.cutter is not None and seat == v.cutter:
                return _("Cut the deck: point along the strip (← →) and click (Enter) where to cut")
            return _("{name} cuts the deck…").format(name=self.t.screen.names[v.cutter]) if v.cutter is not None else ""
        if v.turn is None:
            return ""
        if seat is None:
            return self.claim_prompt(v.turn, _("free discard")) if self.t.screen.hotseat else ""
        mine = self.t.match.view(seat)
        if FreeDiscard(seat) in self.t.input.legal(seat) and seat != v.turn:
            return _("Your drawn {card} matches the pile: discard it free (F) before the next player moves!").format(card=short(mine.free_card))
        problem = self.selection_problem()
        if problem:
            return problem
        your = self.your_turn(seat)
        if seat != v.turn:
            return self.turn_words(v.turn)
        if mine.pending:
            can = any(isinstance(a, Discard) for a in self.t.input.legal(seat))
            return (_("{n} cards are coming to you: pass them on with a lone 2 or joker, or pick up (P)") if can
                    else _("{n} cards are coming to you: pick them up (P)")).format(n=mine.pending)
        if mine.step == "draw":
            return (_("{turn}: draw from the deck (D) or take the {card} (T)") if mine.takeable is not None
                    else _("{turn}: draw from the deck (D)")).format(turn=your, card=short(mine.takeable))
        n = len(self.chosen)
        if n and self.selection_action() is not None:
            pts = sum(VALUE(s.card) for s in self.t.zones.hands.get(seat, []) if s.card is not None and s.card.id in self.chosen)
            return _("Discard these {n} ({points}): Enter or the Discard button").format(n=n, points=points_words(pts))
        return (_("{turn}: select cards to discard ({n} points in hand)  ·  you hold {n}: call KUMBAL (K)?") if mine.can_call
                else _("{turn}: select cards to discard ({n} points in hand)")).format(turn=your, n=mine.hand_points)

    def hand_hints(self) -> list[tuple[str, str]]:
        # (the longer ones first: on a short screen they share the first of two columns, and the
        # second stays clear of the hand)
        return [("1-9", pgettext("key hint", "select cards")), ("← → ↑", pgettext("key hint", "move, select")),
                ("Enter", pgettext("key hint", "discard")), ("F", pgettext("key hint", "free discard")),
                ("D", pgettext("key hint", "draw")), ("T", pgettext("key hint", "take")), ("K", "Kumbal"),
                ("P", pgettext("key hint", "pick up"))]

    def targets(self) -> tuple[set, set]:
        v = self.view()
        seat = self.hand_seat()
        if v.over or seat is None:
            return set(), set()
        lit, _ = super().targets()              # the deck and the pile, when drawing or taking is legal
        chosen = {Place("hand", seat, i) for i, s in enumerate(self.t.zones.hands.get(seat, []))
                  if s.card is not None and s.card.id in self.chosen}
        return lit, chosen

    # -- drawing -------------------------------------------------------------------------------------------
    def state_tag(self, seat: int):
        pal = self.t.palette
        shown = self.t.screen.shown
        if shown.phase == "cut" and seat == shown.cutter:
            return _("cutting"), pal.accent
        if shown.pending and seat == shown.victim and not self.t.director.animating:
            return _("owes {n}").format(n=shown.pending), pal.bad
        return None

    def post_update(self, dt: float) -> bool:
        lifting = super().post_update(dt)
        if self.t.screen.shown.phase != "cut":
            # Resting pile cards sit in the fan (cards in flight are drawn where they are); a card
            # taken from under a run closes the fan up.
            for s in self.t.zones.discard:
                if not s.moving:
                    (s.x, s.y), s.angle, (s.w, s.h) = self.t.zones.pile_pose(s)
        return lifting

    def draw_piles(self, canvas: Canvas, highlight: set, selected: set) -> None:
        surface, pal = canvas.surface, canvas.pal
        L = self.t.screen.layout
        u = L.unit
        cx, cy = L.centre
        shown = self.t.screen.shown
        # (the arrows sit round the pile's fan as well as the deck)
        self.draw_direction(canvas, L.pile_card[0] * 2.1 + 24 * u, 1.5, (cx + int(L.pile_card[0] * 0.5), cy),
                            ((140, 210), (-30, 40)))
        if shown.phase == "cut":
            self.draw_cut(canvas)
            return
        pile = self.t.zones.discard
        super().draw_piles(canvas, highlight, selected)
        if self.t.screen.round_result is not None or shown.turn is None:
            return
        # Which card may be taken this turn, and why the top one may not.
        takeable, blocked = shown.takeable, shown.blocked
        label, tone, frame = "", pal.text, None
        if takeable is not None and not self.t.director.queue:
            sprite = next((s for s in pile if s.card == takeable and not s.moving), None)
            if sprite is not None:
                frame = sprite.rect()
                label, tone = _("Can take: {card}").format(card=short(takeable)), pal.good
        elif blocked and not self.t.director.queue:
            # Named: by the draw step the turn's discard lies on it, and the top card is another.
            card = shown.blocked_card
            label, tone = (_("Cannot take a joker") if blocked == "joker" or card is None
                           else _("Cannot take the {card}: an action card").format(card=short(card))), pal.bad
            sprite = next((s for s in reversed(pile) if s.card == card and not s.moving), None)
            if sprite is not None:
                r0 = sprite.rect()
                above = pile[pile.index(sprite) + 1:]
                if above:   # under the turn's discard: only its strip shows
                    r0.w = max(8, above[0].rect().left - r0.left)
                pygame.draw.line(surface, pal.bad, r0.topleft, r0.bottomright, max(3, int(4 * u)))
                pygame.draw.line(surface, pal.bad, r0.topright, r0.bottomleft, max(3, int(4 * u)))
        if frame is not None:
            pygame.draw.rect(surface, pal.good, frame.inflate(8, 8), 3, border_radius=9)
        if label:
            (px, py) = L.discard_pos
            chip = T.text(label, TH.SMALL, pal.text, True)
            box = chip.get_rect(midbottom=(int(px), int(py - L.pile_card[1] / 2 - 10 * u))).inflate(16, 6)
            box = canvas.fit(box, ("up", "left", "right", "down"))     # clear of the ring, plates and hands
            surface.blit(TH.panel(box.size, (10, 10, 10, 200), tone, 8, 2), box.topleft)
            T.blit_text(surface, label, TH.SMALL, tone, box.center, "center", bold=True)
        # A pick-up owed.
        if shown.pending and shown.victim is not None:
            self.draw_owed(canvas, _("Pick up {n}: {name}").format(n=shown.pending, name=self.t.screen.names[shown.victim]))

    def draw_cut(self, canvas: Canvas) -> None:
        """The gathered deck seen edge-on, its top at the left; the cut point marked."""
        surface, pal = canvas.surface, canvas.pal
        v = self.t.screen.shown
        strip = self.cut_strip()
        surface.blit(TH.panel(strip.size, (10, 30, 20, 230), pal.text_dim, 10, 2), strip.topleft)
        n = max(1, v.deck_size)
        for k in range(0, n, max(1, n // 60)):
            x = strip.left + int(k / n * strip.w)
            pygame.draw.line(surface, TH.lighten(pal.felt, 0.35), (x, strip.top + 8), (x, strip.bottom - 8), 1)
        at = self.cut_at
        mine = self.hand_seat() == v.cutter
        if at is None:
            lo, hi = v.cut_range
            at = (lo + hi) // 2
        x = strip.left + int(at / n * strip.w)
        pygame.draw.line(surface, pal.accent, (x, strip.top - 10), (x, strip.bottom + 10), 4)
        cutter = self.t.screen.names[v.cutter] if v.cutter is not None else "?"
        words = ((_("You cut: {n} cards from the top go underneath") if not self.t.screen.hotseat else
                  _("{name} cuts: {n} cards from the top go underneath")) if mine else _("{name} cuts the deck"))
        words = words.format(name=cutter, n=at)
        T.blit_text(surface, words,
                    TH.SMALL, pal.text, (strip.centerx, strip.bottom + 16), "midtop", bold=True)
        T.blit_text(surface, _("top"), TH.TINY, pal.text_dim, (strip.left, strip.top - 4), "bottomleft")
        T.blit_text(surface, _("bottom"), TH.TINY, pal.text_dim, (strip.right, strip.top - 4), "bottomright")

    # -- the score chart: the 49-rule ------------------------------------------------------------------------
    def chart(self):
        """The running totals as the match rule kept them (49-rule drops included), each drop
        marked on the chart and listed under it."""
        results = self.t.results
        chart = results.totals_chart()
        view = self.view()
        if not view.forty_nine:
            return chart
        try:
            names = self.t.screen.names
            running = [0] * len(names)
            rows = []
            drops = {(r, s): (reached, total) for r, s, reached, total in view.forty_nine}
            for k, scores in enumerate(view.round_scores, start=1):
                running = [a + int(b) for a, b in zip(running, scores)]
                running = [drops[(k, s)][1] if (k, s) in drops else t for s, t in enumerate(running)]
                rows.append(list(running))
            out = pygame.Surface((560, 220), pygame.SRCALPHA)
            out.blit(results.totals_chart((560, 200), rows=rows), (0, 0))
            text = _("49-rule: {drops}").format(drops=", ".join(
                _("{name} {reached}→{total} (round {n})").format(name=names[s], reached=reached, total=total, n=r)
                for r, s, reached, total in view.forty_nine))
            T.blit_text(out, text, TH.TINY, self.t.palette.accent, (280, 204), "midtop", bold=True)
            return out
        except Exception:   # the chart is a nicety: the plain one
            return chart


make_kumbal_table = table_factory(KumbalTable)
