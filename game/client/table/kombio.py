"""The Kombio table: four face-down cards per seat in a 2x2 grid (slots 0,1 far row, 2,3 near row
from the owner's side; penalty cards grow the grid), the deck and the discard pile in the centre.

Input (mouse, with keys shown on screen): D draw, T take the discard, K call KOMBIO, P play the
drawn card, a click on one of your cards (or 1-9) swaps it in, abilities pick their targets by
click, S skips, X swaps the two looked-at cards. During a reaction window a click on any card
claims a match (hot-seat: the claimer presses their seat key Q W E R T Y first), Space passes.
What a click may pick comes from the legal actions (see input.py); this module holds the layout
and the wording.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.table.base import CLAIM_KEYS, TableScene
from game.client.table.director import Hold
from game.client.table.input import Choice
from game.client.table.wording import article, possessive_own, whose
from game.client.tables import register_table
from game.client.ui.widgets import Button
from game.core.actions import Action, Pass
from game.core.cards import DECK, DISCARD, Card, Place, grid_place
from game.core.errors import IllegalAction, WrongPhase
from game.core.events import CardRevealed, CardSeen, Event, RoundStarted, TurnStarted, WindowOpened
from game.core.view import SPECTATOR
from game.variants.kombio import (ABILITY_NAMES, DECK_CARDS, AbilityEnded, AbilityStarted, BlindSwap, CallKombio,
                                  DecidePenalty, DrawFromDeck, KombioCalled, LookAny, LookOpponent, LookOwn,
                                  LookTwo, MatchAttempted, PlayDrawn, SkipAbility, SwapBoth, SwapLooked,
                                  TakeDiscard)

# The caption printed on a card with an ability (which card has which ability is the rules' ABILITY_NAMES).
CAPTIONS = {"look at one of your own cards": "LOOK", "look at one opponent's card": "SPY",
            "blind swap of any two cards": "SWAP", "look at any card, then you may swap it unseen": "LOOK+SWAP",
            "look at any two cards, then you may swap them": "2 LOOK+SWAP"}
# What a click does while an ability waits for its target, by the action it takes.
PICK_WORDS = {LookOwn: "click one of your own cards to look at it",
              LookOpponent: "click an opponent's card to look at it",
              LookAny: "click any card to look at it",
              BlindSwap: "click two cards to swap them blind",
              LookTwo: "click two cards to look at them",
              SwapLooked: "click a card to swap the looked-at card with, or keep (S)"}


class KombioTable(TableScene):
    variant_id = "kombio"
    variant_title = "Kombio"
    ring_label = "Match?"
    action_labels = {
        DrawFromDeck: Choice("Draw", pygame.K_d),
        TakeDiscard: Choice("Take discard", pygame.K_t),
        CallKombio: Choice("Call KOMBIO", pygame.K_k),
        PlayDrawn: Choice("Play to discard", pygame.K_p),
        SwapBoth: Choice("Swap them", pygame.K_x),
        SkipAbility: Choice("Skip ability", pygame.K_s),
        DecidePenalty: Choice("Penalty card instead", pygame.K_n),
    }
    click_actions = {DECK: (DrawFromDeck,), DISCARD: (TakeDiscard, PlayDrawn), "held": (PlayDrawn,)}

    def __init__(self, app, record, storage=None):
        self.dealing = False
        self.claim_place: Place | None = None
        self.caller: int | None = None
        self._resume_curtain: int | None = None
        super().__init__(app, record, storage)

    # -- hooks -----------------------------------------------------------------------------------
    def deck_size_at_start(self) -> int:
        return len(DECK_CARDS)

    def face_of(self, card: Card) -> dict:
        face: dict[str, Any] = {"rank": card.rank}
        caption = CAPTIONS.get(ABILITY_NAMES.get(card.rank, ""))  # type: ignore[arg-type]
        if caption:
            face["caption"] = caption
        return face

    def view(self):
        return self.match.view(SPECTATOR)

    def next_event(self) -> Event | None:
        return self.queue[0] if self.queue else None

    def sync_view(self) -> None:
        v = self.view()
        self.turn = v.turn
        self.caller = v.caller
        w = v.window("match")
        if w is not None:
            self.window = WindowOpened("match", w.seats, w.opened_at, w.deadline)

    def resumed(self, last_action: Action, round_events: list[Event], last_events: list[Event]) -> None:
        v = self.view()
        if last_action.__class__.__name__ == "StartRound":
            # Saved before anybody moved: the players peek at their near cards again.
            self.dealing = True
            for e in round_events:
                if isinstance(e, CardSeen) and e.seat in self.humans:
                    self.queue.append(e)
            self.queue.append(TurnStarted(v.turn))
        private = self.peeking or any(s.card is not None and s.show_to for s in self.held.values())
        if self.hotseat and v.turn in self.humans and private:
            self._resume_curtain = v.turn

    def update(self, dt: float) -> None:
        if self._resume_curtain is not None and self.app.top is self:
            seat, self._resume_curtain = self._resume_curtain, None
            self.raise_curtain(seat)
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
        nxt = self.next_event()
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
        who = self.names[ev.seat]
        ability = ev.ability.replace("your own", possessive_own(who))
        self.narrate(f"{who} plays {article(ev.rank)} for its ability ({ability}).")
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
        owned = possessive_own(who) if ev.place.seat == ev.seat else whose(owner)
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
        elif ev.src.zone == "held" and ev.dst == DISCARD and not isinstance(self.next_event(), AbilityStarted):
            self.narrate(f"{self.names[ev.src.seat]} plays the {ev.card.rank}.")
        elif ev.src.zone == "grid" and ev.dst == DISCARD and self._exchanging(ev):
            self.narrate(f"{self.names[ev.by]} discards {article(ev.card.rank)} (swapped out).")

    def _exchanging(self, ev) -> bool:
        nxt = self.next_event()
        return getattr(nxt, "src", None) == Place("held", ev.by)

    def score_reasons(self, ev):
        """Kombio words the call for each seat: who called, and who beat the caller."""
        per, general = super().score_reasons(ev)
        caller = self.caller
        if caller is None or not 0 <= caller < len(self.names):
            return per, general
        per.pop(caller, None)
        hands = ev.hands
        others = [o for o in range(len(self.names)) if o != caller]
        lower = [o for o in others if hands[o] < hands[caller]]
        tied = [o for o in others if hands[o] == hands[caller]]
        bonus = ev.scores[caller] - hands[caller]

        def listed(seats):
            return " and ".join(self.names[o] for o in seats)
        if bonus > 0:
            if lower:
                why = f"called KOMBIO but {listed(lower)} {'was' if len(lower) == 1 else 'were'} lower: +{bonus}"
            else:
                why = f"called KOMBIO but tied with {listed(tied)}: +{bonus}"
            per[caller] = [why] + per.get(caller, [])
        else:
            per[caller] = ["called KOMBIO and was lowest"] + per.get(caller, [])
            for o in others:
                extra = ev.scores[o] - hands[o]
                if extra > 0:
                    per.setdefault(o, []).insert(0, f"{whose(self.names[caller])} KOMBIO call was lowest: +{extra}")
        return per, general

    def seat_tag(self, seat: int, acting: set):
        if seat == self.caller and self.round_result is None:
            locked = len(self.names) > 2
            return ("KOMBIO · locked" if locked else "KOMBIO"), self.palette.accent
        return super().seat_tag(seat, acting)

    # -- who acts --------------------------------------------------------------------------------
    def actor(self) -> int | None:
        """The human who must act now (not counting reaction claims)."""
        v = self.view()
        if v.phase == "reaction":
            return None
        return next((seat for seat in v.acting if seat in self.humans), None)

    def claimants(self) -> list[int]:
        v = self.view()
        if v.phase != "reaction":
            return []
        return [h for h in self.humans if h in v.acting]

    def claim_seat(self) -> int | None:
        if self.hotseat:
            return self.claimer
        c = self.claimants()
        return c[0] if c else None

    def input_seat(self) -> int | None:
        return self.claim_seat() if self.view().phase == "reaction" else self.actor()

    # -- input -------------------------------------------------------------------------------------
    def table_key(self, key: int) -> None:
        if self.view().phase == "reaction":
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
        if actor is not None and pygame.K_1 <= key <= pygame.K_9:
            self.click(grid_place(actor, key - pygame.K_1))

    def pass_window(self) -> None:
        seats = [self.claimer] if self.claimer is not None else self.claimants()
        self.claimer = None
        for seat in seats:
            if seat in self.view().acting:
                self.submit(Pass(seat))

    def act(self, action: Action) -> bool:
        if isinstance(action, Pass):
            self.pass_window()
            return True
        self.claimer = None
        return super().act(action)

    def no_input_seat(self, place: Place) -> None:
        v = self.view()
        if v.phase == "reaction":
            if self.hotseat and self.claimants():
                keys = self.claim_keys_text(self.claimants())
                self.say(f"Press your claim key first ({keys}).")
            else:
                self.say("You have no attempt left on this card.")
        elif v.turn is not None and 0 <= v.turn < len(self.names) and v.turn in v.acting:
            self.say(f"It is {whose(self.names[v.turn])} turn.")

    # -- buttons, prompts -------------------------------------------------------------------------------
    def label_for(self, action: Action) -> Choice | None:
        phase = self.view().phase
        if isinstance(action, SkipAbility) and phase != "ability":
            return Choice("Keep (no swap)" if phase == "look_swap" else "Keep", pygame.K_s)
        if isinstance(action, DecidePenalty) and action.take_card:
            return Choice("They take the card", pygame.K_g)
        return super().label_for(action)

    def build_buttons(self) -> list[Button]:
        if self.view().phase == "reaction":
            if self.ready_for_input() and not self.match.over and self.claimants():
                return [Button("Pass", self.pass_window, hint="Space")]
            return []
        return super().build_buttons()

    def prompt(self) -> str:
        v = self.view()
        if v.over:
            return ""
        you = "You" if not self.hotseat else None
        if v.phase == "reaction":
            top = v.discard_top.rank if v.discard_top is not None else "?"
            if self.claimer is not None:
                return f"{self.names[self.claimer]}: click the card you claim matches the {top} (Esc cancels)"
            if self.claimants():
                if self.hotseat:
                    keys = self.claim_keys_text(self.claimants(), sep="  ")
                    return f"Match the {top}? Claim key: {keys} · Space: pass"
                return f"Match the {top}? Click a matching card (yours or another's) · Space: pass"
            return f"Waiting for matches on the {top}…"
        actor = self.actor()
        if actor is None:
            if v.turn is not None and v.turn in v.acting:
                return f"{self.names[v.turn]} is thinking…"
            if v.acting and v.phase != "round_over":
                return f"{self.names[v.acting[0]]} is choosing…"
            return ""
        name = you or self.names[actor]
        mine = self.match.view(actor)
        kinds = {type(a) for a in self.legal(actor)}
        held = mine.held if actor == self.viewer else None
        if DrawFromDeck in kinds:
            return f"{name}: draw (D), take the discard (T) or call KOMBIO (K)" if v.caller is None \
                else f"{name}: last turn! Draw (D) or take the discard (T)"
        if PlayDrawn in kinds:
            rank = article(held.rank) if held is not None else "a card"
            ability = ABILITY_NAMES.get(held.rank) if held is not None else None
            extra = f" to use it ({ability})" if ability else ""
            return f"{name} drew {rank}: click one of your cards to swap it in, or play it (P){extra}"
        if v.phase == "taken":
            return f"{name}: click one of your cards to swap the {mine.held.rank if mine.held else 'card'} in"
        if SwapBoth in kinds:
            return f"{name}: swap the two cards (X) or keep them (S)"
        if SwapLooked in kinds:
            return f"{name}: {PICK_WORDS[SwapLooked]}"
        if SkipAbility in kinds:
            what = next((w for k, w in PICK_WORDS.items() if k in kinds), "")
            if self.pick:
                what = "now click the second card"
            return f"{name}: {what} · S skips"
        if v.phase == "give" and v.pending_place is not None:
            return f"{name}: click one of your cards to give to {self.names[v.pending_place.seat]}"
        if DecidePenalty in kinds:
            claimer = self.names[v.wrong_claimer] if v.wrong_claimer is not None else "They"
            return f"{claimer} wrongly claimed your card: they take it (G) or a penalty card (N)?"
        return ""

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        if isinstance(exc, WrongPhase) and isinstance(action, (PlayDrawn, TakeDiscard)) and self.view().phase == "taken":
            return "A card taken from the discard pile must be swapped into your grid."
        return super().explain(exc, action)

    def not_a_choice(self, place: Place) -> str:
        return self.prompt() or "That card cannot be chosen now."

    def key_hints(self) -> list[tuple[str, str]]:
        hints = [("D", "draw"), ("T", "take discard"), ("P", "play drawn"), ("1-9", "your slot"),
                 ("S", "skip"), ("K", "KOMBIO"), ("Space", "pass")]
        if self.hotseat:
            hints.append(("/".join(pygame.key.name(CLAIM_KEYS[i]).upper() for i in range(len(self.humans))), "claim (per player)"))
        hints.append(("Esc", "pause"))
        return hints


def make_kombio_table(app, record, storage):
    return KombioTable(app, record, storage)


register_table("kombio", make_kombio_table)
