"""What the tables of the memory-grid games (Kombio, Kabu) share, as a spec piece: face-down grids
with stable slots, private looks held until the player has seen them, out-of-turn claims during a
reaction window (a click on any card; in hot-seat the claimer presses their seat key Q W E R T Y
first, Space passes), the caller's tag, who may act now and the prompts of a turn. A game's spec
adds its deck, its own events, its words for a claim and an ability.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from game.client.narration.wording import its_turn, one_of
from game.client.table import facts
from game.client.table.director import Hold
from game.client.table.privacy import CLAIM_KEYS
from game.client.table.spec import Choice, TableSpec
from game.client.ui.widgets import Button
from game.core.actions import Action, Pass
from game.core.cards import DECK, DISCARD, Place, grid_place
from game.core.errors import IllegalAction, WrongPhase
from game.core.events import CardRevealed, CardSeen, Event, RoundStarted, TurnStarted, WindowClosed
from game.core.grids import AbilityEnded, DrawFromDeck, PlayDrawn, SkipAbility, SwapBoth, TakeDiscard
from game.core.view import SPECTATOR
from game.i18n import _, _l, pgettext


class ClaimWords(NamedTuple):
    """How a game's prompt words the reaction window ("Match the 7?", "Fits the 7♥?")."""

    question: str    # to everybody who may still claim
    click: str       # what a click does (one human player)
    pick: str        # to the hot-seat player who pressed their claim key
    waiting: str     # while only bots may still claim


class GridSpec(TableSpec):
    call_word = ""           # the round-ending call as the seat tag shows it ("KOMBIO", "KABU")
    call_name = ""           # and as prompts and key hints word it ("KOMBIO", "Kabu")
    call_action: type[Action] | None = None   # the game's call (CallKombio, CallKabu)
    pick_words: dict = {}    # what a click does while an ability waits for its target, by action
    # A late claim's refusal: "Too late: Bruno matched first." / "Too late: the matching window has closed."
    claimed_first, window_words = _l("claimed first"), _l("the window")
    window_trigger = "match"     # the claim window on the pile's top
    action_labels = {
        DrawFromDeck: Choice(_l("Draw"), pygame.K_d),
        TakeDiscard: Choice(_l("Take discard"), pygame.K_t),
        SwapBoth: Choice(_l("Swap them"), pygame.K_x),
        SkipAbility: Choice(_l("Skip ability"), pygame.K_s),
    }
    click_actions = {DECK: (DrawFromDeck,), DISCARD: (TakeDiscard, PlayDrawn), "held": (PlayDrawn,)}

    def __init__(self, table: Any):
        super().__init__(table)
        self.dealing = False                  # the round's first peeks: before the first turn
        self.claim_place: Place | None = None   # a card wrongly claimed, shown to all, going back face down
        self.caller: int | None = None
        self.resume_curtain: int | None = None  # a continued hot-seat match opens on a private moment
        # Who made the last good claim on the pile's top, and (once its window closed) the match's
        # version then: a click on a card before anything else happens is a claim come too late.
        self.claimed_by: int | None = None
        self.window_gone: tuple[int | None, int] | None = None

    # -- the game's cards -----------------------------------------------------------------------------
    def view(self) -> Any:
        return self.t.match.view(SPECTATOR)

    def caller_locked(self) -> bool:
        return self.t.screen.seats > 2

    def ability_words(self, card: Any) -> str | None:
        """What `card`'s ability does, if it has one (the rules' wording)."""
        return None

    def claim_words(self, v: Any) -> ClaimWords:
        raise NotImplementedError

    def peek_words(self, seat: int) -> str:
        """What the hold after the start-of-round peek says."""
        return _("{name}: remember your two near cards, then press Enter").format(name=self.t.screen.names[seat])

    # -- a continued match ----------------------------------------------------------------------------
    def synced(self) -> None:
        super().synced()
        self.caller = self.view().caller

    def resumed(self, last_action: Action, round_events: list[Event], last_events: list[Event]) -> None:
        t, v = self.t, self.view()
        humans = t.screen.humans
        if last_action.__class__.__name__ == "StartRound":
            # Saved before anybody moved: the players peek at their near cards again.
            self.dealing = True
            t.director.enqueue([e for e in round_events if isinstance(e, CardSeen) and e.seat in humans])
            t.director.enqueue([TurnStarted(v.turn)])
        private = t.zones.peeking or any(s.card is not None and s.show_to for s in t.zones.held.values())
        if t.screen.hotseat and v.turn in humans and private:
            self.resume_curtain = v.turn

    def pre_update(self) -> bool:
        if self.resume_curtain is not None and self.t.app.top is self.t:
            seat, self.resume_curtain = self.resume_curtain, None
            self.t.privacy.raise_curtain(seat)
            return True
        return False

    # -- the facts, as the memory games show them --------------------------------------------------------
    def round_started(self, ev: RoundStarted) -> None:
        facts.round_started(self, ev)
        self.dealing = True
        self.caller = None
        self.t.input.clear_pick()

    def turn_started(self, ev: TurnStarted) -> None:
        self.dealing = False
        facts.turn_started(self, ev)
        if ev.seat in self.t.screen.humans and not self.t.screen.hotseat:
            self.t.sound.play("click", 0.5)

    def note_claim(self, seat: int) -> None:
        """A game's good claim (a match, a throw, a snipe) was shown: the pile's top is `seat`'s."""
        self.claimed_by = seat

    def window_closed(self, ev: WindowClosed) -> None:
        facts.window_closed(self, ev)
        self.window_gone = (self.claimed_by, self.t.match.version)
        self.claimed_by = None

    def look_in_passing(self, ev: Any) -> bool:
        # At the start of a round every seat peeks at its own cards and nothing moves until the
        # first turn: the others' peeks need not keep the player from choosing theirs.
        return self.dealing

    def card_seen(self, ev: CardSeen) -> None:
        t = self.t
        facts.card_seen(self, ev)
        if ev.card is None or ev.seat != t.screen.viewer:
            return
        nxt = t.director.next_event()
        if isinstance(nxt, CardSeen) and nxt.seat == ev.seat:
            return      # the second card of the same look comes with it
        if self.dealing:
            t.director.start_hold(Hold("peek", ev.seat, self.peek_words(ev.seat), self.peek_done))
        elif isinstance(nxt, AbilityEnded):
            t.director.start_hold(Hold("look", ev.seat, _("Remember this card, then press Enter"), self.peek_done))

    def peek_done(self) -> None:
        facts.hide_peeks(self)
        self.t.privacy.end_private()

    def ability_ended(self, ev: AbilityEnded) -> None:
        if self.t.zones.peeking:
            facts.hide_peeks(self)
        self.t.input.clear_pick()
        self.t.privacy.end_private()

    def card_revealed(self, ev: CardRevealed) -> None:
        if ev.place == self.claim_place:
            # A wrong claim: everybody has seen it; it goes back face down.
            self.claim_place = None
            sprite = self.t.zones.sprite_at(ev.place)
            if sprite is not None:
                sprite.card, sprite.show_to = ev.card, None
                self.t.director.flip(sprite, False, delay=0.5, lift=0.0)
            return
        facts.card_revealed(self, ev)

    def seat_tag(self, seat: int, acting: set) -> tuple[str, tuple] | None:
        if seat == self.caller and self.t.screen.round_result is None:
            return (_("{call} · locked").format(call=self.call_word) if self.caller_locked() else self.call_word), self.t.palette.accent
        return self.t.hud.standard_tag(seat)

    handlers = {RoundStarted: round_started, TurnStarted: turn_started, CardSeen: card_seen,
                AbilityEnded: ability_ended, CardRevealed: card_revealed, WindowClosed: window_closed}

    # -- who acts --------------------------------------------------------------------------------
    def actor(self) -> int | None:
        """The human who must act now (not counting reaction claims)."""
        v = self.view()
        if v.phase == "reaction":
            return None
        return next((seat for seat in v.acting if seat in self.t.screen.humans), None)

    def claimants(self) -> list[int]:
        v = self.view()
        if v.phase != "reaction":
            return []
        return [h for h in self.t.screen.humans if h in v.acting]

    def claim_seat(self) -> int | None:
        if self.t.screen.hotseat:
            return self.t.screen.claimer
        c = self.claimants()
        return c[0] if c else None

    def input_seat(self) -> int | None:
        return self.claim_seat() if self.view().phase == "reaction" else self.actor()

    # -- input -------------------------------------------------------------------------------------
    def table_key(self, key: int) -> None:
        t = self.t
        if self.view().phase == "reaction":
            if key == pygame.K_SPACE:
                self.pass_window()
            elif t.screen.hotseat and key in CLAIM_KEYS:
                seat = t.privacy.claim_key_seat(key)
                if seat is not None:
                    if seat in self.claimants():
                        t.screen.claimer = seat
                    else:
                        t.hud.say(_("{name} has no attempt left on this card.").format(name=t.screen.names[seat]))
            elif pygame.K_1 <= key <= pygame.K_9:
                seat = self.claim_seat()
                if seat is not None:
                    t.input.click(grid_place(seat, key - pygame.K_1))
            return
        actor = self.actor()
        if actor is not None and pygame.K_1 <= key <= pygame.K_9:
            t.input.click(grid_place(actor, key - pygame.K_1))

    def pass_window(self) -> None:
        screen = self.t.screen
        seats = [screen.claimer] if screen.claimer is not None else self.claimants()
        screen.claimer = None
        for seat in seats:
            if seat in self.view().acting:
                self.t.input.submit(Pass(seat))

    def acted(self, action: Action) -> None:
        if self.view().phase == "reaction" and not self.claimants():
            # Every person here has passed (or used their attempt): the window closes when they
            # pass, so the bots that were only going to pass do so now; a bot about to claim keeps
            # its pace, and the time limit still holds.
            self.t.match.hurry_passes(self.t.screen.table_time)

    def act(self, action: Action) -> bool:
        if isinstance(action, Pass):
            self.pass_window()
            return True
        self.t.screen.claimer = None
        return self.t.input.submit(action)

    def no_input_seat(self, place: Place) -> None:
        t, v = self.t, self.view()
        if v.phase == "reaction":
            if t.screen.hotseat and self.claimants():
                keys = t.privacy.claim_keys_text(self.claimants())
                t.hud.say(_("Press your claim key first ({keys}).").format(keys=keys))
            else:
                t.hud.say(_("You have no attempt left on this card."))
        elif place.zone == "grid" and self.window_gone is not None and self.window_gone[1] == t.match.version:
            # A claim a moment after the window closed, nothing done since: it came too late
            # ("It is Ada's turn." said nothing of the match the player was trying).
            first = self.window_gone[0]
            if first is not None and first not in t.screen.humans:
                t.hud.say(_("Too late: {name} {claimed_first}.").format(name=t.screen.names[first], claimed_first=self.claimed_first))
            else:
                t.hud.say(_("Too late: {window} has closed.").format(window=self.window_words))
        elif v.turn is not None and 0 <= v.turn < t.screen.seats and v.turn in v.acting:
            t.hud.say(its_turn(t.screen, v.turn))

    def buttons(self) -> list[Button]:
        if self.view().phase == "reaction":
            if self.t.director.ready_for_input() and not self.t.match.over and self.claimants():
                return [Button(_("Pass"), self.pass_window, hint="Space")]
            return []
        return self.t.input.legal_buttons()

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        if isinstance(exc, WrongPhase) and isinstance(action, (PlayDrawn, TakeDiscard)) and self.view().phase == "taken":
            return _("A card taken from the discard pile must be swapped into your grid.")
        return super().explain(exc, action)

    def not_a_choice(self, place: Place) -> str:
        return self.prompt() or _("That card cannot be chosen now.")

    # -- prompts and key hints ---------------------------------------------------------------------
    def prompt(self) -> str:
        t, v = self.t, self.view()
        if v.over:
            return ""
        names = t.screen.names
        if v.phase == "reaction":
            words = self.claim_words(v)
            if t.screen.claimer is not None:
                return _("{name}: {pick} (Esc cancels)").format(name=names[t.screen.claimer], pick=words.pick)
            if self.claimants():
                if t.screen.hotseat:
                    keys = t.privacy.claim_keys_text(self.claimants(), sep="  ")
                    return _("{question} Claim key: {keys} · {pass_key}").format(question=words.question, keys=keys,
                                                                                 pass_key=self.pass_words())
                return _("{question} {click} · {pass_key}").format(question=words.question, click=words.click, pass_key=self.pass_words())
            return words.waiting
        actor = self.actor()
        if actor is None:
            return self.waiting_prompt(v)
        name = _("You") if not t.screen.hotseat else names[actor]
        return self.turn_prompt(v, actor, name, {type(a) for a in t.input.legal(actor)})

    def pass_words(self) -> str:
        """How the prompt says the window is passed ("Space: pass")."""
        return _("Space: pass")

    def waiting_prompt(self, v: Any) -> str:
        """Nobody here acts: who the table is waiting for."""
        names = self.t.screen.names
        if v.turn is not None and v.turn in v.acting:
            return _("{name} is thinking…").format(name=names[v.turn])
        if v.acting and v.phase != "round_over":
            return _("{name} is choosing…").format(name=names[v.acting[0]])
        return ""

    def turn_prompt(self, v: Any, actor: int, name: str, kinds: set) -> str:
        """What `actor` (called `name`) may do now, `kinds` being their legal action types."""
        t = self.t
        narrator = t.narrator
        mine = t.match.view(actor)
        if DrawFromDeck in kinds or TakeDiscard in kinds and v.phase == "turn":
            # Only what may be done now: no "take the discard" while the pile is empty.
            choices = [word for kind, word in ((DrawFromDeck, _("draw (D)")), (TakeDiscard, _("take the discard (T)")),
                                               (self.call_action, _("call {call} (K)").format(call=self.call_name)))
                       if kind in kinds]
            said = one_of(choices)
            if v.caller is None:
                return _("{name}: {choices}").format(name=name, choices=said)
            return _("{name}: last turn! {choices}").format(name=name, choices=said[0].upper() + said[1:])
        held = mine.held if actor == t.screen.viewer else None
        if PlayDrawn in kinds:
            what = narrator.a_card(held) if held is not None else _("a card")
            ability = self.ability_words(held) if held is not None else None
            if narrator.plays_discards:
                line = (_("{name} drew {card}: click one of your cards to swap it in, or discard it (P) to use it ({ability})")
                        if ability else _("{name} drew {card}: click one of your cards to swap it in, or discard it (P)"))
            else:
                line = (_("{name} drew {card}: click one of your cards to swap it in, or play it (P) to use it ({ability})")
                        if ability else _("{name} drew {card}: click one of your cards to swap it in, or play it (P)"))
            return line.format(name=name, card=what, ability=ability)
        if v.phase == "taken":
            return _("{name}: click one of your cards to swap the {card} in").format(
                name=name, card=narrator.rank_words(mine.held) if mine.held else pgettext("the ...", "card"))
        if SwapBoth in kinds:
            return _("{name}: swap the two cards (X) or keep them (S)").format(name=name)
        if SkipAbility in kinds:
            what = next((w for k, w in self.pick_words.items() if k in kinds), "")
            if t.input.pick:
                what = _("now click the second card")
            return _("{name}: {what} · S skips").format(name=name, what=what)
        if v.phase == "give" and v.pending_place is not None:
            return _("{name}: click one of your cards to give to {other} (unseen)").format(name=name, other=t.screen.names[v.pending_place.seat])
        return ""

    def key_hints(self) -> list[tuple[str, str]]:
        t = self.t
        hints = [("D", pgettext("key hint", "draw")), ("T", pgettext("key hint", "take discard")),
                 ("P", pgettext("key hint", "discard drawn") if t.narrator.plays_discards else pgettext("key hint", "play drawn")),
                 ("1-9", pgettext("key hint", "your slot")), ("S", pgettext("key hint", "skip")), ("K", self.call_name),
                 ("Space", pgettext("key hint", "pass"))]
        if t.screen.hotseat:
            hints.append((t.privacy.claim_keys_hint(), pgettext("key hint", "claim (per player)")))
        hints.append(("Esc", pgettext("key hint", "pause")))
        return hints
