"""What the tables of the memory-grid games (Kombio, Kabu) share: face-down grids with stable
slots, private looks held until the player has seen them, out-of-turn claims during a reaction
window (a click on any card; in hot-seat the claimer presses their seat key Q W E R T Y first,
Space passes), the caller's tag, and who may act now. A variant's table adds its layout, its card
faces, its own events and its wording.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.client.table.base import CLAIM_KEYS, TableScene
from game.client.table.director import Hold
from game.client.table.input import Choice
from game.client.narration.wording import one_of, whose
from game.client.ui.widgets import Button
from game.core.actions import Action, Pass
from game.core.cards import DECK, DISCARD, Card, Place, grid_place
from game.core.errors import IllegalAction, WrongPhase
from game.core.events import CardRevealed, CardSeen, Event, RoundStarted, TurnStarted, WindowOpened
from game.core.grids import DrawFromDeck, PlayDrawn, SkipAbility, SwapBoth, TakeDiscard
from game.core.view import SPECTATOR


class ClaimWords(NamedTuple):
    """How a variant's prompt words the reaction window ("Match the 7?", "Fits the 7♥?")."""

    question: str    # to everybody who may still claim
    click: str       # what a click does (one human player)
    pick: str        # to the hot-seat player who pressed their claim key
    waiting: str     # while only bots may still claim


class MemoryGridTable(TableScene):
    call_word = ""           # the round-ending call as the seat tag shows it ("KOMBIO", "KABU")
    call_name = ""           # and as prompts and key hints word it ("KOMBIO", "Kabu")
    call_action: type[Action] | None = None   # the variant's call (CallKombio, CallKabu)
    pick_words: dict = {}    # what a click does while an ability waits for its target, by action
    deck_cards: tuple = ()   # the variant's deck (its size is shown before the first deal)
    ability_ended = ()       # the variant's AbilityEnded event class (a look is held until seen)
    action_labels = {
        DrawFromDeck: Choice("Draw", pygame.K_d),
        TakeDiscard: Choice("Take discard", pygame.K_t),
        SwapBoth: Choice("Swap them", pygame.K_x),
        SkipAbility: Choice("Skip ability", pygame.K_s),
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
        return len(self.deck_cards)

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

    # -- animations shared by the memory games ----------------------------------------------------
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

    def look_in_passing(self, ev: CardSeen) -> bool:
        # At the start of a round every seat peeks at its own cards and nothing moves until the
        # first turn: the others' peeks need not keep the player from choosing theirs.
        return self.dealing

    def peek_words(self, seat: int) -> str:
        """What the hold after the start-of-round peek says."""
        return f"{self.names[seat]}: remember your two near cards, then press Enter"

    def on_CardSeen(self, ev: CardSeen) -> None:
        super().on_CardSeen(ev)
        if ev.card is None or ev.seat != self.viewer:
            return
        nxt = self.next_event()
        if isinstance(nxt, CardSeen) and nxt.seat == ev.seat:
            return      # the second card of the same look comes with it
        if self.dealing:
            self.hold = Hold("peek", ev.seat, self.peek_words(ev.seat), self._peek_done)
        elif isinstance(nxt, self.ability_ended):
            self.hold = Hold("look", ev.seat, "Remember this card, then press Enter", self._peek_done)

    def _peek_done(self) -> None:
        self.hide_peeks()
        self.end_private()

    def on_AbilityEnded(self, ev) -> None:
        if self.peeking:
            self.hide_peeks()
        self.pick = []
        self.end_private()

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

    def caller_locked(self) -> bool:
        return len(self.names) > 2

    def seat_tag(self, seat: int, acting: set):
        if seat == self.caller and self.round_result is None:
            return (f"{self.call_word} · locked" if self.caller_locked() else self.call_word), self.palette.accent
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
                seat = self.claim_key_seat(key)
                if seat is not None:
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

    def submit(self, action: Action) -> bool:
        done = super().submit(action)
        if done and self.view().phase == "reaction" and not self.claimants():
            # Every person here has passed (or used their attempt): the window closes when they
            # pass, so the bots that were only going to pass do so now; a bot about to claim keeps
            # its pace, and the time limit still holds.
            self.match.hurry_passes(self.table_time)
        return done

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

    def build_buttons(self) -> list[Button]:
        if self.view().phase == "reaction":
            if self.ready_for_input() and not self.match.over and self.claimants():
                return [Button("Pass", self.pass_window, hint="Space")]
            return []
        return super().build_buttons()

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        if isinstance(exc, WrongPhase) and isinstance(action, (PlayDrawn, TakeDiscard)) and self.view().phase == "taken":
            return "A card taken from the discard pile must be swapped into your grid."
        return super().explain(exc, action)

    def not_a_choice(self, place: Place) -> str:
        return self.prompt() or "That card cannot be chosen now."

    # -- prompts and key hints ---------------------------------------------------------------------
    def ability_words(self, card: Card) -> str | None:
        """What `card`'s ability does, if it has one (the rules' wording)."""
        return None

    def claim_words(self, v) -> ClaimWords:
        raise NotImplementedError

    def prompt(self) -> str:
        v = self.view()
        if v.over:
            return ""
        if v.phase == "reaction":
            words = self.claim_words(v)
            if self.claimer is not None:
                return f"{self.names[self.claimer]}: {words.pick} (Esc cancels)"
            if self.claimants():
                if self.hotseat:
                    keys = self.claim_keys_text(self.claimants(), sep="  ")
                    return f"{words.question} Claim key: {keys} · Space: pass"
                return f"{words.question} {words.click} · Space: pass"
            return words.waiting
        actor = self.actor()
        if actor is None:
            return self.waiting_prompt(v)
        name = "You" if not self.hotseat else self.names[actor]
        return self.turn_prompt(v, actor, name, {type(a) for a in self.legal(actor)})

    def waiting_prompt(self, v) -> str:
        """Nobody here acts: who the table is waiting for."""
        if v.turn is not None and v.turn in v.acting:
            return f"{self.names[v.turn]} is thinking…"
        if v.acting and v.phase != "round_over":
            return f"{self.names[v.acting[0]]} is choosing…"
        return ""

    def turn_prompt(self, v, actor: int, name: str, kinds: set) -> str:
        """What `actor` (called `name`) may do now, `kinds` being their legal action types."""
        mine = self.match.view(actor)
        if DrawFromDeck in kinds or TakeDiscard in kinds and v.phase == "turn":
            # Only what may be done now: no "take the discard" while the pile is empty.
            choices = [word for kind, word in ((DrawFromDeck, "draw (D)"), (TakeDiscard, "take the discard (T)"),
                                               (self.call_action, f"call {self.call_name} (K)")) if kind in kinds]
            said = one_of(choices)
            return f"{name}: {said}" if v.caller is None else f"{name}: last turn! {said[0].upper()}{said[1:]}"
        held = mine.held if actor == self.viewer else None
        if PlayDrawn in kinds:
            what = self.narrator.a_card(held) if held is not None else "a card"
            ability = self.ability_words(held) if held is not None else None
            extra = f" to use it ({ability})" if ability else ""
            return f"{name} drew {what}: click one of your cards to swap it in, or {self.narrator.play_word} it (P){extra}"
        if v.phase == "taken":
            return f"{name}: click one of your cards to swap the {self.narrator.rank_words(mine.held) if mine.held else 'card'} in"
        if SwapBoth in kinds:
            return f"{name}: swap the two cards (X) or keep them (S)"
        if SkipAbility in kinds:
            what = next((w for k, w in self.pick_words.items() if k in kinds), "")
            if self.pick:
                what = "now click the second card"
            return f"{name}: {what} · S skips"
        if v.phase == "give" and v.pending_place is not None:
            return f"{name}: click one of your cards to give to {self.names[v.pending_place.seat]} (unseen)"
        return ""

    def key_hints(self) -> list[tuple[str, str]]:
        hints = [("D", "draw"), ("T", "take discard"), ("P", f"{self.narrator.play_word} drawn"), ("1-9", "your slot"),
                 ("S", "skip"), ("K", self.call_name), ("Space", "pass")]
        if self.hotseat:
            hints.append((self.claim_keys_hint(), "claim (per player)"))
        hints.append(("Esc", "pause"))
        return hints
