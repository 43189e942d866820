"""The Kombio table: four face-down cards per seat in a 2x2 grid (slots 0,1 far row, 2,3 near row
from the owner's side; penalty cards grow the grid), the deck and the discard pile in the centre.

Input (mouse, with keys shown on screen): D draw, T take the discard, K call KOMBIO, P play the
drawn card, a click on one of your cards (or 1-9) swaps it in, abilities pick their targets by
click, S skips, X swaps the two looked-at cards. During a reaction window a click on any card
claims a match (hot-seat: the claimer presses their seat key Q W E R T Y first), Space passes.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.table.base import CLAIM_KEYS, Hold, TableScene, article, whose
from game.client.tables import register_table
from game.client.ui.widgets import Button
from game.core.actions import Action, Pass
from game.core.cards import DECK, DISCARD, Card, Place, grid_place
from game.core.events import CardRevealed, CardSeen, Event, RoundStarted, TurnStarted, WindowOpened
from game.variants.kombio import (ABILITY_NAMES, DECK_CARDS, AbilityEnded, AbilityStarted, BlindSwap,
                                  CallKombio, DecidePenalty, DrawFromDeck, Exchange, Give, KombioCalled,
                                  LookAny, LookOpponent, LookOwn, LookTwo, Match, MatchAttempted,
                                  PlayDrawn, SkipAbility, SwapBoth, SwapLooked, TakeDiscard)
from game.client.table.sprites import CardSprite

TURN_PHASES = ("turn", "drawn", "taken", "ability", "look_swap", "look_both")
CAPTIONS = {7: "LOOK", 8: "LOOK", 9: "SPY", 10: "SPY", 11: "SWAP", 12: "SWAP", 13: "LOOK+SWAP", 14: "2 LOOK+SWAP"}


class KombioTable(TableScene):
    variant_id = "kombio"
    variant_title = "Kombio"
    turn_phases = TURN_PHASES

    def __init__(self, app, record, storage=None):
        self.dealing = False
        self.pick: list[Place] = []          # first target of a two-card ability
        self.claim_place: Place | None = None
        self.caller: int | None = None
        self._resume_curtain: int | None = None
        super().__init__(app, record, storage)

    # -- hooks -----------------------------------------------------------------------------------
    def face_of(self, card: Card) -> dict:
        face: dict[str, Any] = {"rank": card.rank}
        caption = CAPTIONS.get(card.rank)  # type: ignore[arg-type]
        if caption:
            face["caption"] = caption
        return face

    def deck_size_at_start(self) -> int:
        return len(DECK_CARDS)

    def sync_view(self) -> None:
        g = self.game
        self.grid, self.grid_len, self.held, self.discard = {}, {}, {}, []
        for seat, cards in enumerate(g.grids):
            self.grid[seat] = {}
            self.grid_len[seat] = max(4, len(cards))
            for i, card in enumerate(cards):
                if card is None:
                    continue
                place = grid_place(seat, i)
                (x, y), angle, size = self.place_pose(place)
                s = CardSprite(x, y, angle, size)
                if g.phase in ("round_over", "match_over"):
                    s.card, s.show_to, s.turn = card, None, 1.0
                elif g.phase in ("look_swap", "look_both") and place in g.looked and g.turn in self.humans:
                    s.card, s.show_to, s.turn = card, frozenset((g.turn,)), 1.0
                    self.peeking.add(place)
                self.grid[seat][i] = s
        for card in g.discard[-2:]:
            (x, y), angle, size = self.place_pose(DISCARD)
            self.discard.append(CardSprite(x, y, angle, size, card, None, 1.0))
        self.deck_n = len(g.deck)
        if g.held is not None:
            place = Place("held", g.turn)
            (x, y), angle, size = self.place_pose(place)
            public = g.held_from == "discard"
            self.held[g.turn] = CardSprite(x, y, angle, size, g.held, None if public else frozenset((g.turn,)), 1.0)
        self.turn = g.turn if g.phase in TURN_PHASES else None
        self.caller = g.caller
        if g.phase == "reaction" and g.window is not None:
            w = g.window
            self.window = WindowOpened("match", tuple(w.offered), w.opened_at, w.deadline)
            self.window_passed = set(w.done)

    def resumed(self, last_action: Action, round_events: list[Event], last_events: list[Event]) -> None:
        g = self.game
        if g.phase == "round_over":
            from game.core.events import RoundScored

            for e in last_events:
                if isinstance(e, RoundScored):
                    self.round_result = e
        if last_action.__class__.__name__ == "StartRound":
            # Saved before anybody moved: the players peek at their near cards again.
            self.dealing = True
            for e in round_events:
                if isinstance(e, CardSeen) and e.seat in self.humans:
                    self.queue.append(e)
            self.queue.append(TurnStarted(g.turn))
        if self.hotseat and g.turn in self.humans and (g.phase in ("look_swap", "look_both")
                                                       or (g.phase == "drawn" and g.held is not None)):
            self._resume_curtain = g.turn

    def update(self, dt: float) -> None:
        if self._resume_curtain is not None and self.app.top is self:
            seat, self._resume_curtain = self._resume_curtain, None
            self._raise_curtain(seat)
            return
        super().update(dt)

    # -- animations of Kombio's own facts ----------------------------------------------------------
    def on_RoundStarted(self, ev: RoundStarted) -> None:
        super().on_RoundStarted(ev)
        self.dealing = True
        self.caller = None
        self.pick = []

    def on_TurnStarted(self, ev: TurnStarted) -> None:
        self.dealing = False
        super().on_TurnStarted(ev)
        if ev.seat in self.humans and not self.hotseat:
            self.sound.play("click", 0.5)

    def on_CardSeen(self, ev: CardSeen) -> None:
        super().on_CardSeen(ev)
        if ev.card is None or ev.seat != self.viewer:
            return
        nxt = self.queue[0] if self.queue else None
        if isinstance(nxt, CardSeen) and nxt.seat == ev.seat:
            return      # the second card of the same look comes with it
        if self.dealing:
            self.hold = Hold("peek", ev.seat, f"{self.names[ev.seat]}: remember your two near cards, then press Enter",
                             self._peek_done)
        elif isinstance(nxt, AbilityEnded):
            self.hold = Hold("look", ev.seat, "Remember this card, then press Enter", self._peek_done)

    def _peek_done(self) -> None:
        self.hide_peeks()
        self.end_private()

    def on_AbilityStarted(self, ev: AbilityStarted) -> None:
        self.narrate(f"{self.names[ev.seat]} plays {article(ev.rank)}: {ev.ability}.")
        self.float_text(None, f"{ev.rank}: {ev.ability}", self.palette.info)
        self.pick = []
        self.pause_for(0.35)

    def on_AbilityEnded(self, ev: AbilityEnded) -> None:
        if self.peeking:
            self.hide_peeks()
        if not ev.used:
            self.narrate(f"{self.names[ev.seat]} does not use the ability.")
        self.pick = []
        self.end_private()

    def on_MatchAttempted(self, ev: MatchAttempted) -> None:
        sprite = self.sprite_at(ev.place)
        who, owner = self.names[ev.seat], self.names[ev.place.seat]
        owned = "own" if ev.place.seat == ev.seat else whose(owner)
        if ev.correct:
            self.narrate(f"{who} matches with {owned} {ev.card.rank}.")
            self.sound.play("match")
            self.float_text(ev.place.seat, f"✓ {who} matches!", self.palette.good)
        else:
            self.narrate(f"{who} tried {owned} card: {article(ev.card.rank)}, no match.")
            self.float_text(ev.place.seat, f"✗ {who}: wrong", self.palette.bad)
            self.claim_place = ev.place
        if sprite is not None:
            sprite.card, sprite.show_to = ev.card, None
            self.flip(sprite, True, lift=1.0)
        self.pause_for(0.55)

    def on_CardRevealed(self, ev: CardRevealed) -> None:
        if ev.place == self.claim_place:
            # A wrong claim: everybody has seen it; it goes back face down.
            self.claim_place = None
            sprite = self.sprite_at(ev.place)
            if sprite is not None:
                sprite.card, sprite.show_to = ev.card, None
                self.flip(sprite, False, delay=0.5, lift=0.0)
            return
        super().on_CardRevealed(ev)

    def on_KombioCalled(self, ev: KombioCalled) -> None:
        self.caller = ev.seat
        self.sound.play("call")
        how = " (empty grid)" if ev.automatic else ""
        self.narrate(f"{self.names[ev.seat]} calls KOMBIO{how}! Everyone else has one more turn.")
        self.float_text(ev.seat, "KOMBIO!", self.palette.accent)
        self.pause_for(0.6)

    def on_CardMoved(self, ev) -> None:
        super().on_CardMoved(ev)
        if ev.src == DECK and ev.dst.zone == "held":
            self.narrate(f"{self.names[ev.dst.seat]} draws a card.")
        elif ev.src == DISCARD and ev.dst.zone == "held":
            self.narrate(f"{self.names[ev.dst.seat]} takes the {ev.card.rank} from the discard pile.")
        elif ev.src.zone == "held" and ev.dst == DISCARD and ev.card.rank not in ABILITY_NAMES:
            self.narrate(f"{self.names[ev.src.seat]} plays the {ev.card.rank}.")
        elif ev.src.zone == "grid" and ev.dst == DISCARD and self._exchanging(ev):
            self.narrate(f"{self.names[ev.by]} discards {article(ev.card.rank)} (swapped out).")

    def _exchanging(self, ev) -> bool:
        nxt = self.queue[0] if self.queue else None
        return getattr(nxt, "src", None) == Place("held", ev.by)

    def seat_tag(self, seat: int, acting: set):
        if seat == self.caller and self.round_result is None:
            locked = len(self.names) > 2
            return ("KOMBIO · locked" if locked else "KOMBIO"), self.palette.accent
        return super().seat_tag(seat, acting)

    # -- who acts --------------------------------------------------------------------------------
    def actor(self) -> int | None:
        """The human who must act now (not counting reaction claims)."""
        g = self.game
        if g.phase == "reaction":
            return None
        for seat in g.seats_to_act():
            if seat in self.humans:
                return seat
        return None

    def claimants(self) -> list[int]:
        g = self.game
        if g.phase != "reaction":
            return []
        return [h for h in self.humans if h in g.seats_to_act()]

    def claim_seat(self) -> int | None:
        if self.hotseat:
            return self.claimer
        c = self.claimants()
        return c[0] if c else None

    # -- input -------------------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> Place | None:
        for seat, s in self.held.items():
            if s.rect().collidepoint(pos):
                return Place("held", seat)
        for seat, g in self.grid.items():
            for index, s in g.items():
                if s.rect().collidepoint(pos):
                    return grid_place(seat, index)
        L = self.layout
        for place, (x, y) in ((DECK, L.deck_pos), (DISCARD, L.discard_pos)):
            r = pygame.Rect(0, 0, *L.pile_card)
            r.center = (int(x), int(y))
            if r.collidepoint(pos):
                return place
        return None

    def handle_table_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.ready_for_input():
                return
            place = self.hit(event.pos)
            if place is not None:
                self.click(place)
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hold is not None:
            self.release_hold()
            return
        if not self.ready_for_input():
            return
        key = event.key
        g = self.game
        if g.phase == "reaction":
            if key == pygame.K_SPACE:
                self.pass_window()
            elif self.hotseat and key in CLAIM_KEYS:
                k = CLAIM_KEYS.index(key)
                if k < len(self.humans):
                    seat = self.humans[k]
                    if seat in self.claimants():
                        self.claimer = seat
                    else:
                        self.say(f"{self.names[seat]} has no attempt left on this card.")
            elif pygame.K_1 <= key <= pygame.K_9:
                seat = self.claim_seat()
                if seat is not None:
                    self.click(grid_place(seat, key - pygame.K_1))
            return
        actor = self.actor()
        if actor is None:
            return
        if pygame.K_1 <= key <= pygame.K_9:
            self.click(grid_place(actor, key - pygame.K_1))

    def pass_window(self) -> None:
        seats = [self.claimer] if self.claimer is not None else self.claimants()
        self.claimer = None
        for seat in seats:
            if seat in self.game.seats_to_act():
                self.submit(Pass(seat))

    def click(self, place: Place) -> None:
        g = self.game
        phase = g.phase
        if phase == "reaction":
            if place.zone != "grid":
                self.say("Click the card you think matches the top of the discard pile.")
                return
            seat = self.claim_seat()
            if seat is None:
                if self.hotseat and self.claimants():
                    keys = ", ".join(f"{self.names[h]} {pygame.key.name(CLAIM_KEYS[i]).upper()}"
                                     for i, h in enumerate(self.humans) if h in self.claimants())
                    self.say(f"Press your claim key first ({keys}).")
                else:
                    self.say("You have no attempt left on this card.")
                return
            self.claimer = None
            self.submit(Match(seat, place))
            return
        actor = self.actor()
        if actor is None:
            if g.phase in TURN_PHASES and 0 <= g.turn < len(self.names):
                self.say(f"It is {whose(self.names[g.turn])} turn.")
            return
        own = place.zone == "grid" and place.seat == actor
        if phase == "turn":
            if place == DECK:
                self.submit(DrawFromDeck(actor))
            elif place == DISCARD:
                self.submit(TakeDiscard(actor))
            else:
                self.say("First draw from the deck (D) or take the discard (T).")
        elif phase in ("drawn", "taken"):
            if own:
                self.submit(Exchange(actor, place.index))
            elif place in (DISCARD, Place("held", actor)) and phase == "drawn":
                self.submit(PlayDrawn(actor))
            elif place in (DISCARD, Place("held", actor)):
                self.say("A card taken from the discard pile must be swapped into your grid.")
            else:
                self.say("Swap the card into one of your own slots.")
        elif phase == "ability":
            rank = g.ability
            if place.zone != "grid":
                return
            if rank in (7, 8):
                if own:
                    self.submit(LookOwn(actor, place.index))
                else:
                    self.say("A 7 or 8 looks at one of your own cards.")
            elif rank in (9, 10):
                self.submit(LookOpponent(actor, place))
            elif rank == 13:
                self.submit(LookAny(actor, place))
            else:
                self.pick_two(actor, place, BlindSwap if rank in (11, 12) else LookTwo)
        elif phase == "look_swap":
            if place.zone == "grid":
                self.submit(SwapLooked(actor, place))
        elif phase == "look_both":
            self.say("Swap the two cards (X) or keep them where they are (S).")
        elif phase == "give":
            if own:
                self.submit(Give(actor, place.index))
            else:
                self.say("Give one of your own cards.")
        elif phase == "penalty_choice":
            self.say("Choose: they take the card (G) or a penalty card (N).")

    def pick_two(self, actor: int, place: Place, kind) -> None:
        if place in self.pick:
            self.pick.remove(place)
            return
        if not self.pick:
            if not any(place in (a.a, a.b) for a in self.legal(actor) if isinstance(a, kind)):
                self.say("That card cannot be chosen (a locked grid?).")
                return
            self.pick = [place]
            return
        first = self.pick[0]
        self.pick = []
        self.submit(kind(actor, first, place))

    # -- buttons, prompts, highlights -----------------------------------------------------------------
    def buttons_key(self) -> Any:
        return (self.game.version, self.claimer, self.game.phase)

    def build_buttons(self) -> list[Button]:
        g = self.game
        if not self.ready_for_input() or g.over:
            return []
        actor = self.actor()
        b: list[Button] = []
        if g.phase == "reaction" and self.claimants():
            return [Button("Pass", self.pass_window, hint="Space")]
        if actor is None:
            return []
        legal = self.legal(actor)
        kinds = {type(a) for a in legal}

        def act(action: Action):
            return lambda: self.submit(action)
        if g.phase == "turn":
            if DrawFromDeck in kinds:
                b.append(Button("Draw", act(DrawFromDeck(actor)), shortcut=pygame.K_d))
            if TakeDiscard in kinds:
                b.append(Button("Take discard", act(TakeDiscard(actor)), shortcut=pygame.K_t))
            if CallKombio in kinds:
                b.append(Button("Call KOMBIO", act(CallKombio(actor)), shortcut=pygame.K_k))
        elif g.phase == "drawn":
            b.append(Button("Play to discard", act(PlayDrawn(actor)), shortcut=pygame.K_p))
        elif g.phase == "ability":
            b.append(Button("Skip ability", act(SkipAbility(actor)), shortcut=pygame.K_s))
        elif g.phase == "look_swap":
            b.append(Button("Keep (no swap)", act(SkipAbility(actor)), shortcut=pygame.K_s))
        elif g.phase == "look_both":
            b.append(Button("Swap them", act(SwapBoth(actor)), shortcut=pygame.K_x))
            b.append(Button("Keep", act(SkipAbility(actor)), shortcut=pygame.K_s))
        elif g.phase == "penalty_choice":
            b.append(Button("They take the card", act(DecidePenalty(actor, True)), shortcut=pygame.K_g))
            b.append(Button("Penalty card instead", act(DecidePenalty(actor, False)), shortcut=pygame.K_n))
        return b

    def prompt(self) -> str:
        g = self.game
        if g.over:
            return ""
        you = "You" if not self.hotseat else None
        if g.phase == "reaction":
            top = g.discard[-1].rank if g.discard else "?"
            if self.claimer is not None:
                return f"{self.names[self.claimer]}: click the card you claim matches the {top} (Esc cancels)"
            if self.claimants():
                if self.hotseat:
                    keys = "  ".join(f"{self.names[h]} {pygame.key.name(CLAIM_KEYS[i]).upper()}"
                                     for i, h in enumerate(self.humans) if h in self.claimants())
                    return f"Match the {top}? Claim key: {keys} · Space: pass"
                return f"Match the {top}? Click a matching card (yours or another's) · Space: pass"
            return f"Waiting for matches on the {top}…"
        actor = self.actor()
        if actor is None:
            if g.phase in TURN_PHASES and g.turn not in self.humans:
                return f"{self.names[g.turn]} is thinking…"
            if g.phase in ("give", "penalty_choice") and g.pending_seat is not None:
                return f"{self.names[g.pending_seat]} is choosing…"
            return ""
        name = you or self.names[actor]
        sees = actor == self.viewer
        if g.phase == "turn":
            return f"{name}: draw (D), take the discard (T) or call KOMBIO (K)" if g.caller is None \
                else f"{name}: last turn! Draw (D) or take the discard (T)"
        if g.phase == "drawn":
            rank = article(g.held.rank) if sees and g.held is not None else "a card"
            ability = ABILITY_NAMES.get(g.held.rank) if sees and g.held is not None else None
            extra = f" to use it ({ability})" if ability else ""
            return f"{name} drew {rank}: click one of your cards to swap it in, or play it (P){extra}"
        if g.phase == "taken":
            return f"{name}: click one of your cards to swap the {g.held.rank} in"
        if g.phase == "ability":
            rank = g.ability
            what = {7: "click one of your own cards to look at it", 8: "click one of your own cards to look at it",
                    9: "click an opponent's card to look at it", 10: "click an opponent's card to look at it",
                    11: "click two cards to swap them blind", 12: "click two cards to swap them blind",
                    13: "click any card to look at it", 14: "click two cards to look at them"}.get(rank, "")
            if self.pick:
                what = "now click the second card"
            return f"{name}: {what} · S skips"
        if g.phase == "look_swap":
            return f"{name}: click a card to swap the looked-at card with, or keep (S)"
        if g.phase == "look_both":
            return f"{name}: swap the two cards (X) or keep them (S)"
        if g.phase == "give":
            return f"{name}: click one of your cards to give to {self.names[g.pending_place.seat]}"
        if g.phase == "penalty_choice":
            claimer = self.names[g.pending_claimer] if g.pending_claimer is not None else "They"
            return f"{claimer} wrongly claimed your card: they take it (G) or a penalty card (N)?"
        return ""

    def key_hints(self) -> list[tuple[str, str]]:
        hints = [("D", "draw"), ("T", "take discard"), ("P", "play drawn"), ("1-9", "your slot"),
                 ("S", "skip"), ("K", "KOMBIO"), ("Space", "pass")]
        if self.hotseat:
            hints.append(("/".join(pygame.key.name(CLAIM_KEYS[i]).upper() for i in range(len(self.humans))), "claim (per player)"))
        hints.append(("Esc", "pause"))
        return hints

    def targets(self) -> tuple[set, set]:
        g = self.game
        if g.over:
            return set(), set()
        lit: set = set()
        if g.phase == "reaction":
            seat = self.claim_seat()
            if seat is None:
                return set(), set()
            for a in self.legal(seat):
                if isinstance(a, Match):
                    lit.add(a.place)
            return lit, set()
        actor = self.actor()
        if actor is None:
            return set(), set()
        for a in self.legal(actor):
            if isinstance(a, DrawFromDeck):
                lit.add(DECK)
            elif isinstance(a, (TakeDiscard, PlayDrawn)):
                lit.add(DISCARD)
            elif isinstance(a, (Exchange, LookOwn, Give)):
                lit.add(grid_place(actor, a.index))
            elif isinstance(a, (LookOpponent, LookAny)):
                lit.add(a.place)
            elif isinstance(a, SwapLooked):
                lit.add(a.other)
            elif isinstance(a, (BlindSwap, LookTwo)):
                if not self.pick or self.pick[0] in (a.a, a.b):
                    lit.add(a.a)
                    lit.add(a.b)
        return lit - set(self.pick), set(self.pick)


def make_kombio_table(app, record, storage):
    return KombioTable(app, record, storage)


register_table("kombio", make_kombio_table)
