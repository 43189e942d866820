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

from typing import Any

import pygame

from game.client.table.input import Choice
from game.client.table.memory_grid import ClaimWords, MemoryGridTable
from game.client.table.wording import article, possessive_own, whose
from game.core.actions import Action
from game.core.cards import Card
from game.variants.kombio import (ABILITY_NAMES, DECK_CARDS, AbilityEnded, AbilityStarted, BlindSwap, CallKombio,
                                  DecidePenalty, KombioCalled, LookAny, LookOpponent, LookOwn, LookTwo,
                                  MatchAttempted, PlayDrawn, SkipAbility, SwapLooked)

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


class KombioTable(MemoryGridTable):
    variant_id = "kombio"
    variant_title = "Kombio"
    ring_label = "Match?"
    call_word = call_name = "KOMBIO"
    claimed_first, window_words = "matched first", "the matching window"
    call_action = CallKombio
    pick_words = PICK_WORDS
    deck_cards = DECK_CARDS
    ability_started, ability_ended = AbilityStarted, AbilityEnded
    action_labels = {
        **MemoryGridTable.action_labels,
        CallKombio: Choice("Call KOMBIO", pygame.K_k),
        PlayDrawn: Choice("Play to discard", pygame.K_p),
        DecidePenalty: Choice("Penalty card instead", pygame.K_n),
    }

    def face_of(self, card: Card) -> dict:
        face: dict[str, Any] = {"rank": card.rank}
        caption = CAPTIONS.get(ABILITY_NAMES.get(card.rank, ""))  # type: ignore[arg-type]
        if caption:
            face["caption"] = caption
        return face

    def on_AbilityStarted(self, ev: AbilityStarted) -> None:
        who = self.names[ev.seat]
        ability = ev.ability.replace("your own", possessive_own(who))
        self.narrate(f"{who} plays {article(ev.rank)} for its ability ({ability}).")
        self.float_text(None, f"{ev.rank}: {ev.ability}", self.palette.info)
        self.pick = []
        self.pause_for(0.35)

    def on_MatchAttempted(self, ev: MatchAttempted) -> None:
        sprite = self.sprite_at(ev.place)
        who, owner = self.names[ev.seat], self.names[ev.place.seat]
        owned = possessive_own(who) if ev.place.seat == ev.seat else whose(owner)
        if ev.correct:
            self.note_claim(ev.seat)
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

    def on_KombioCalled(self, ev: KombioCalled) -> None:
        self.caller = ev.seat
        self.sound.play("call")
        how = " (empty grid)" if ev.automatic else ""
        self.narrate(f"{self.names[ev.seat]} calls KOMBIO{how}! Everyone else has one more turn.")
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



def make_kombio_table(app, record, storage):
    return KombioTable(app, record, storage)
