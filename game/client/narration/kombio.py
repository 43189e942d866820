"""Kombio's words and faces: abilities played, matches tried, the KOMBIO call; a card with an
ability carries its caption (LOOK, SPY, SWAP...)."""

from __future__ import annotations

from typing import Any

from game.client.narration.memory_grid import GridNarrator
from game.client.narration.wording import a_rank
from game.core.cards import Card
from game.core.events import Event
from game.i18n import N_, _
from game.variants.kombio import ABILITY_NAMES, AbilityStarted, KombioCalled, MatchAttempted

# The caption printed on a card with an ability (which card has which ability is the rules' ABILITY_NAMES).
CAPTIONS = {"look at one of your own cards": N_("LOOK"), "look at one opponent's card": N_("SPY"),
            "blind swap of any two cards": N_("SWAP"), "look at any card, then you may swap it unseen": N_("LOOK+SWAP"),
            "look at any two cards, then you may swap them": N_("2 LOOK+SWAP")}
# The abilities as the narration names them: the player's own words, then another's.
ABILITIES = {"look at one of your own cards": (N_("look at one of your own cards"), N_("look at one of their own cards")),
             "look at one opponent's card": (N_("look at one opponent's card"),) * 2,
             "blind swap of any two cards": (N_("blind swap of any two cards"),) * 2,
             "look at any card, then you may swap it unseen": (N_("look at any card, then you may swap it unseen"),) * 2,
             "look at any two cards, then you may swap them": (N_("look at any two cards, then you may swap them"),) * 2}


def ability_words(ability: str, yours: bool = True) -> str:
    """An ability's name (the rules' English) in the player's language."""
    if ability not in ABILITIES:
        return ability
    return _(ABILITIES[ability][0 if yours else 1])


class KombioNarrator(GridNarrator):
    ability_started = AbilityStarted

    def face_of(self, card: Card) -> dict:
        face: dict[str, Any] = {"rank": card.rank}
        caption = CAPTIONS.get(ABILITY_NAMES.get(card.rank, ""))  # type: ignore[arg-type]
        if caption:
            face["caption"] = _(caption)
        return face

    def ability_played(self, ev: AbilityStarted, nxt: Event | None) -> str | None:
        yours, theirs = ABILITIES.get(ev.ability, (ev.ability, ev.ability))
        ability = _(yours if ev.seat in self.you else theirs)
        return self.said(ev.seat, _("You play {a_card} for its ability ({ability})."),
                         _("{name} plays {a_card} for its ability ({ability})."), a_card=a_rank(ev.rank), ability=ability)

    def match_attempted(self, ev: MatchAttempted, nxt: Event | None) -> str | None:
        rank = ev.card.rank
        if ev.place.seat == ev.seat:
            if ev.correct:
                return self.said(ev.seat, _("You match with your own {rank}."), _("{name} matches with their own {rank}."),
                                 rank=rank)
            return self.said(ev.seat, _("You tried your own card: {a_card}, no match."),
                             _("{name} tried their own card: {a_card}, no match."), a_card=a_rank(rank))
        owner = self.name(ev.place.seat)
        if ev.correct:
            if ev.place.seat in self.you:
                return _("{name} matches with your {rank}.").format(name=self.name(ev.seat), rank=rank)
            return self.said(ev.seat, _("You match with {owner}'s {rank}."), _("{name} matches with {owner}'s {rank}."),
                             owner=owner, rank=rank)
        if ev.place.seat in self.you:
            return _("{name} tried your card: {a_card}, no match.").format(name=self.name(ev.seat), a_card=a_rank(rank))
        return self.said(ev.seat, _("You tried {owner}'s card: {a_card}, no match."),
                         _("{name} tried {owner}'s card: {a_card}, no match."), owner=owner, a_card=a_rank(rank))

    def called(self, ev: KombioCalled, nxt: Event | None) -> str | None:
        if ev.automatic:
            return self.said(ev.seat, _("You call KOMBIO (empty grid)! Everyone else has one more turn."),
                             _("{name} calls KOMBIO (empty grid)! Everyone else has one more turn."))
        return self.said(ev.seat, _("You call KOMBIO! Everyone else has one more turn."),
                         _("{name} calls KOMBIO! Everyone else has one more turn."))

    tellers = {**GridNarrator.tellers, AbilityStarted: ability_played, MatchAttempted: match_attempted,
               KombioCalled: called}
