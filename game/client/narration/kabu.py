"""Kabu's words and faces: cards named with their suits ("7♥"), abilities, claims (a discard, a
snipe), missed claims and races, refills, the Kabu call, a total halved; the four jokers, two
printed red and two black."""

from __future__ import annotations

from typing import Any

from game.client.narration.memory_grid import GridNarrator
from game.client.narration.wording import SUIT_SIGNS
from game.core.cards import Card
from game.core.events import Event
from game.core.standard_deck import SUIT_NAMES
from game.i18n import N_, _, pgettext
from game.variants.kabu import AbilityStarted, Claimed, ClaimMissed, KabuCalled, RaceLost, Refilled, TotalHalved

MISSED = {"wrong": N_("wrong card"), "missed-pile": N_("missed the pile"), "follow-up": N_("follow-up mistake")}
# The rules' names of the abilities (kabu.ABILITY_NAMES), as the player reads them.
ABILITIES = {"look at one of your own cards": N_("look at one of your own cards"),
             "look at one opponent's card": N_("look at one opponent's card"),
             "swap any two cards on the table unseen": N_("swap any two cards on the table unseen"),
             "look at one of yours and one opponent's card, then swap them or not":
                 N_("look at one of yours and one opponent's card, then swap them or not")}


def card_words(card: Card) -> str:
    """"7♥", "K♣", "joker"."""
    if card.suit is None:
        return pgettext("card", "joker")
    return f"{card.rank}{SUIT_SIGNS[card.suit]}"


class KabuNarrator(GridNarrator):
    plays_discards = True
    ability_started = AbilityStarted

    def face_of(self, card: Card) -> dict:
        if card.suit is None:
            # Two of the four jokers are printed red, two black (the id tells them apart).
            return {"rank": "JOKER", "suit": "joker", "colour": "red" if card.id % 2 == 0 else "black"}
        face: dict[str, Any] = {"rank": str(card.rank), "suit": SUIT_NAMES[card.suit]}
        return face

    def rank_words(self, card: Card) -> str:
        return card_words(card)

    def a_card(self, card: Card) -> str:
        return _("the {card}").format(card=card_words(card))

    def ability_played(self, ev: AbilityStarted, nxt: Event | None) -> str | None:
        ability = _(ABILITIES[ev.ability]) if ev.ability in ABILITIES else ev.ability
        return self.said(ev.seat, _("You discard the {card}: {ability}."), _("{name} discards the {card}: {ability}."),
                         card=card_words(ev.card), ability=ability)

    def claimed(self, ev: Claimed, nxt: Event | None) -> str | None:
        why = _("same rank") if ev.why == "rank" else _("the calculated score")
        card = card_words(ev.card)
        if ev.kind == "discard":
            return self.said(ev.seat, _("You throw the {card} ({why})."), _("{name} throws the {card} ({why})."),
                             card=card, why=why)
        # (the card back: its own line)
        if ev.place.seat in self.you:
            return _("{name} snipes your {card} ({why}).").format(name=self.name(ev.seat), card=card, why=why)
        return self.said(ev.seat, _("You snipe {owner}'s {card} ({why})."), _("{name} snipes {owner}'s {card} ({why})."),
                         owner=self.name(ev.place.seat), card=card, why=why)

    def claim_missed(self, ev: ClaimMissed, nxt: Event | None) -> str | None:
        card = card_words(ev.card)
        if ev.reason == "missed-pile":
            why = (_("missed the pile: your card landed first") if ev.winner in self.you else
                   _("missed the pile: {owner}'s card landed first").format(owner=self.name(ev.winner)))
        elif ev.reason == "follow-up":
            why = (_("a follow-up mistake after your wrong card") if ev.winner in self.you else
                   _("a follow-up mistake after {owner}'s wrong card").format(owner=self.name(ev.winner)))
        else:
            why = _("it does not fit")
        if ev.place.seat == ev.seat:
            return self.said(ev.seat, _("You tried your own {card}: {why}. It goes back."),
                             _("{name} tried their own {card}: {why}. It goes back."), card=card, why=why)
        if ev.place.seat in self.you:
            return _("{name} tried your {card}: {why}. It goes back.").format(name=self.name(ev.seat), card=card, why=why)
        return self.said(ev.seat, _("You tried {owner}'s {card}: {why}. It goes back."),
                         _("{name} tried {owner}'s {card}: {why}. It goes back."),
                         owner=self.name(ev.place.seat), card=card, why=why)

    def race_lost(self, ev: RaceLost, nxt: Event | None) -> str | None:
        if ev.seat in self.you:
            return _("{first} touched the card first: you are beaten to it (no penalty).").format(
                first=self.name(ev.winner))
        return self.said(ev.winner, _("You touched the card first: {other} is beaten to it (no penalty)."),
                         _("{name} touched the card first: {other} is beaten to it (no penalty)."),
                         other=self.name(ev.seat))

    def refilled(self, ev: Refilled, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You have no cards left and draw one."), _("{name} has no cards left and draws one."))

    def called(self, ev: KabuCalled, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You call Kabu! Everyone else has one last turn."),
                         _("{name} calls Kabu! Everyone else has one last turn."))

    def total_halved(self, ev: TotalHalved, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("Your total hit exactly {before}: halved to {after}."),
                         _("{name}'s total hit exactly {before}: halved to {after}."), before=ev.before, after=ev.after)

    tellers = {**GridNarrator.tellers, AbilityStarted: ability_played, Claimed: claimed, ClaimMissed: claim_missed,
               RaceLost: race_lost, Refilled: refilled, KabuCalled: called, TotalHalved: total_halved}
