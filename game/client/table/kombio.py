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

from game.client.table.base import CLAIM_KEYS
from game.client.table.input import Choice
from game.client.table.memory_grid import MemoryGridTable
from game.client.table.wording import article, possessive_own, whose
from game.client.tables import register_table
from game.core.actions import Action
from game.core.cards import DECK, DISCARD, Card
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


class KombioTable(MemoryGridTable):
    variant_id = "kombio"
    variant_title = "Kombio"
    ring_label = "Match?"
    call_word = "KOMBIO"
    deck_cards = DECK_CARDS
    ability_started, ability_ended = AbilityStarted, AbilityEnded
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

    def key_hints(self) -> list[tuple[str, str]]:
        hints = [("D", "draw"), ("T", "take discard"), ("P", "play drawn"), ("1-9", "your slot"),
                 ("S", "skip"), ("K", "KOMBIO"), ("Space", "pass")]
        if self.hotseat:
            hints.append(("/".join(pygame.key.name(CLAIM_KEYS[i]).upper() for i in range(len(self.humans))), "claim (per player)"))
        hints.append(("Esc", "pause"))
        return hints


def make_kombio_table(app, record, storage):
    return KombioTable(app, record, storage)


register_table("kombio", make_kombio_table, pass_closes_window=True)
