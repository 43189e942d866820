"""The Kombio table: four face-down cards per seat in a 2x2 grid (slots 0,1 far row, 2,3 near row
from the owner's side; penalty cards grow the grid), the deck and the discard pile in the centre.

Input (mouse, with keys shown on screen): D draw, T take the discard, K call KOMBIO, P play the
drawn card, a click on one of your cards (or 1-9) swaps it in, abilities pick their targets by
click, S skips, X swaps the two looked-at cards. During a reaction window a click on any card
claims a match (hot-seat: the claimer presses their seat key Q W E R T Y first), Space passes.
What a click may pick comes from the legal actions (see input.py); what the memory-grid tables
share is in memory_grid.py; this module holds Kombio's faces and wording.
"""

from __future__ import annotations


import pygame

from game.client.table.input import Choice
from game.client.table.memory_grid import ClaimWords, MemoryGridTable
from game.client.narration.kombio import KombioNarrator
from game.client.narration.wording import whose
from game.client.tables import register_table
from game.core.actions import Action
from game.core.cards import Card
from game.variants.kombio import (ABILITY_NAMES, DECK_CARDS, AbilityEnded, AbilityStarted, BlindSwap, CallKombio,
                                  DecidePenalty, KombioCalled, LookAny, LookOpponent, LookOwn, LookTwo,
                                  MatchAttempted, PlayDrawn, SkipAbility, SwapLooked)

# What a click does while an ability waits for its target, by the action it takes.
PICK_WORDS = {LookOwn: "click one of your own cards to look at it",
              LookOpponent: "click an opponent's card to look at it",
              LookAny: "click any card to look at it",
              BlindSwap: "click two cards to swap them blind",
              LookTwo: "click two cards to look at them",
              SwapLooked: "click a card to swap the looked-at card with, or keep (S)"}


class KombioTable(MemoryGridTable):
    variant_id = "kombio"
    variant_title = "Kombio"
    ring_label = "Match?"
    call_word = call_name = "KOMBIO"
    call_action = CallKombio
    pick_words = PICK_WORDS
    deck_cards = DECK_CARDS
    ability_ended = AbilityEnded
    narrator_class = KombioNarrator
    action_labels = {
        **MemoryGridTable.action_labels,
        CallKombio: Choice("Call KOMBIO", pygame.K_k),
        PlayDrawn: Choice("Play to discard", pygame.K_p),
        DecidePenalty: Choice("Penalty card instead", pygame.K_n),
    }

    def on_AbilityStarted(self, ev: AbilityStarted) -> None:
        self.float_text(None, f"{ev.rank}: {ev.ability}", self.palette.info)
        self.pick = []
        self.pause_for(0.35)

    def on_MatchAttempted(self, ev: MatchAttempted) -> None:
        sprite = self.sprite_at(ev.place)
        who = self.names[ev.seat]
        if ev.correct:
            self.sound.play("match")
            self.float_text(ev.place.seat, f"✓ {who} matches!", self.palette.good)
        else:
            self.float_text(ev.place.seat, f"✗ {who}: wrong", self.palette.bad)
            self.claim_place = ev.place
        if sprite is not None:
            sprite.card, sprite.show_to = ev.card, None
            self.flip(sprite, True, lift=1.0)
        self.pause_for(0.55)

    def on_KombioCalled(self, ev: KombioCalled) -> None:
        self.caller = ev.seat
        self.sound.play("call")
        self.float_text(ev.seat, "KOMBIO!", self.palette.accent)
        self.pause_for(0.6)

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

    # -- buttons, prompts -------------------------------------------------------------------------------
    def label_for(self, action: Action) -> Choice | None:
        phase = self.view().phase
        if isinstance(action, SkipAbility) and phase != "ability":
            return Choice("Keep (no swap)" if phase == "look_swap" else "Keep", pygame.K_s)
        if isinstance(action, DecidePenalty) and action.take_card:
            return Choice("They take the card", pygame.K_g)
        return super().label_for(action)

    def ability_words(self, card: Card) -> str | None:
        return ABILITY_NAMES.get(card.rank)  # type: ignore[call-overload]

    def claim_words(self, v) -> ClaimWords:
        top = v.discard_top.rank if v.discard_top is not None else "?"
        return ClaimWords(question=f"Match the {top}?", click="Click a matching card (yours or another's)",
                          pick=f"click the card you claim matches the {top}",
                          waiting=f"Waiting for matches on the {top}…")

    def turn_prompt(self, v, actor: int, name: str, kinds: set) -> str:
        if SwapLooked in kinds:
            return f"{name}: {PICK_WORDS[SwapLooked]}"
        if DecidePenalty in kinds:
            claimer = self.names[v.wrong_claimer] if v.wrong_claimer is not None else "They"
            return f"{claimer} wrongly claimed your card: they take it (G) or a penalty card (N)?"
        return super().turn_prompt(v, actor, name, kinds)


register_table("kombio", KombioTable, pass_closes_window=True)
