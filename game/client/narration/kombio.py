"""Kombio's words and faces: abilities played, matches tried, the KOMBIO call; a card with an
ability carries its caption (LOOK, SPY, SWAP...)."""

from __future__ import annotations

from typing import Any

from game.client.narration.memory_grid import GridNarrator
from game.client.narration.wording import article, possessive_own, whose
from game.core.cards import Card
from game.core.events import Event
from game.variants.kombio import ABILITY_NAMES, AbilityStarted, KombioCalled, MatchAttempted

# The caption printed on a card with an ability (which card has which ability is the rules' ABILITY_NAMES).
CAPTIONS = {"look at one of your own cards": "LOOK", "look at one opponent's card": "SPY",
            "blind swap of any two cards": "SWAP", "look at any card, then you may swap it unseen": "LOOK+SWAP",
            "look at any two cards, then you may swap them": "2 LOOK+SWAP"}


class KombioNarrator(GridNarrator):
    ability_started = AbilityStarted

    def face_of(self, card: Card) -> dict:
        face: dict[str, Any] = {"rank": card.rank}
        caption = CAPTIONS.get(ABILITY_NAMES.get(card.rank, ""))  # type: ignore[arg-type]
        if caption:
            face["caption"] = caption
        return face

    def ability_played(self, ev: AbilityStarted, nxt: Event | None) -> str | None:
        who = self.names[ev.seat]
        ability = ev.ability.replace("your own", possessive_own(who))
        return f"{who} plays {article(ev.rank)} for its ability ({ability})."

    def match_attempted(self, ev: MatchAttempted, nxt: Event | None) -> str | None:
        who, owner = self.names[ev.seat], self.names[ev.place.seat]
        owned = possessive_own(who) if ev.place.seat == ev.seat else whose(owner)
        if ev.correct:
            return f"{who} matches with {owned} {ev.card.rank}."
        return f"{who} tried {owned} card: {article(ev.card.rank)}, no match."

    def called(self, ev: KombioCalled, nxt: Event | None) -> str | None:
        how = " (empty grid)" if ev.automatic else ""
        return f"{self.names[ev.seat]} calls KOMBIO{how}! Everyone else has one more turn."

    tellers = {**GridNarrator.tellers, AbilityStarted: ability_played, MatchAttempted: match_attempted,
               KombioCalled: called}
