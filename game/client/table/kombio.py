"""The Kombio table: four face-down cards per seat in a 2x2 grid (slots 0,1 far row, 2,3 near row
from the owner's side; penalty cards grow the grid), the deck and the discard pile in the centre.

Input (mouse, with keys shown on screen): D draw, T take the discard, K call KOMBIO, P play the
drawn card, a click on one of your cards (or 1-9) swaps it in, abilities pick their targets by
click, S skips, X swaps the two looked-at cards. During a reaction window a click on any card
claims a match (hot-seat: the claimer presses their seat key Q W E R T Y first), Space passes.
What a click may pick comes from the legal actions (see input.py); what the memory-grid tables
share is in memory_grid.py; this spec holds Kombio's own events and wording (its words and
faces are narration/kombio.py's).
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.client.narration.kombio import KombioNarrator, ability_words
from game.client.table.base import table_factory
from game.client.table.memory_grid import ClaimWords, GridSpec
from game.client.table.spec import Choice
from game.core.actions import Action
from game.core.cards import Card
from game.i18n import _, _l, ngettext
from game.variants.kombio import (ABILITY_NAMES, DECK_CARDS, AbilityStarted, BlindSwap, CallKombio, DecidePenalty,
                                  KombioCalled, LookAny, LookOpponent, LookOwn, LookTwo, MatchAttempted, PlayDrawn,
                                  SkipAbility, SwapLooked)

# What a click does while an ability waits for its target, by the action it takes.
PICK_WORDS = {LookOwn: _l("click one of your own cards to look at it"),
              LookOpponent: _l("click an opponent's card to look at it"),
              LookAny: _l("click any card to look at it"),
              BlindSwap: _l("click two cards to swap them blind"),
              LookTwo: _l("click two cards to look at them"),
              SwapLooked: _l("click a card to swap the looked-at card with, or keep (S)")}


class KombioTable(GridSpec):
    variant_id = "kombio"
    title = "Kombio"
    narrator = KombioNarrator
    ring_label = _l("Match?")
    call_word = call_name = "KOMBIO"
    claimed_first, window_words = _l("matched first"), _l("the matching window")
    call_action = CallKombio
    pick_words = PICK_WORDS
    deck_cards = DECK_CARDS
    action_labels = {
        **GridSpec.action_labels,
        CallKombio: Choice(_l("Call KOMBIO"), pygame.K_k),
        PlayDrawn: Choice(_l("Play to discard"), pygame.K_p),
        DecidePenalty: Choice(_l("Penalty card instead"), pygame.K_n),
    }

    # -- Kombio's own facts -------------------------------------------------------------------------
    def ability_played(self, ev: AbilityStarted) -> None:
        t = self.t
        t.hud.float_text(None, f"{ev.rank}: {ability_words(ev.ability)}", t.palette.info)
        t.input.clear_pick()
        t.director.pause_for(0.35)

    def match_attempted(self, ev: MatchAttempted) -> None:
        t = self.t
        sprite = t.zones.sprite_at(ev.place)
        who = t.screen.names[ev.seat]
        if ev.correct:
            self.note_claim(ev.seat)
            t.sound.play("match")
            t.hud.float_text(ev.place.seat, ("✓ " + _("You match!")) if ev.seat in t.screen.you else
                             "✓ " + _("{name} matches!").format(name=who), t.palette.good)
        else:
            t.hud.float_text(ev.place.seat, "✗ " + _("{name}: wrong").format(name=who), t.palette.bad)
            self.claim_place = ev.place
        if sprite is not None:
            sprite.card, sprite.show_to = ev.card, None
            t.director.flip(sprite, True, lift=1.0)
        t.director.pause_for(0.55)

    def called(self, ev: KombioCalled) -> None:
        t = self.t
        self.caller = ev.seat
        t.sound.play("call")
        t.hud.float_text(ev.seat, "KOMBIO!", t.palette.accent)
        t.director.pause_for(0.6)

    handlers = {**GridSpec.handlers, AbilityStarted: ability_played, MatchAttempted: match_attempted,
                KombioCalled: called}

    def score_reasons(self, ev):
        """Kombio words the call for each seat: who called, and who beat the caller."""
        names = self.t.screen.names
        caller = self.caller
        if caller is None or not 0 <= caller < len(names):
            return super().score_reasons(ev)
        # (the rules' note on the call is worded below, for the caller and for the others)
        per, general = super().score_reasons(replace(ev, notes=tuple(n for n in ev.notes if not n.key.startswith("kombio.call"))))
        hands = ev.hands
        others = [o for o in range(len(names)) if o != caller]
        lower = [o for o in others if hands[o] < hands[caller]]
        tied = [o for o in others if hands[o] == hands[caller]]
        bonus = ev.scores[caller] - hands[caller]

        def listed(seats):
            words = [names[o] for o in seats]
            return words[0] if len(words) == 1 else _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])
        if bonus > 0:
            if lower:
                why = ngettext("called KOMBIO but {names} was lower: +{bonus}", "called KOMBIO but {names} were lower: +{bonus}",
                               len(lower)).format(names=listed(lower), bonus=bonus)
            else:
                why = _("called KOMBIO but tied with {names}: +{bonus}").format(names=listed(tied), bonus=bonus)
            per[caller] = [why] + per.get(caller, [])
        else:
            per[caller] = [_("called KOMBIO and was lowest")] + per.get(caller, [])
            for o in others:
                extra = ev.scores[o] - hands[o]
                if extra > 0:
                    per.setdefault(o, []).insert(0, (_("your KOMBIO call was lowest: +{extra}") if caller in self.t.screen.you else
                                                      _("{name}'s KOMBIO call was lowest: +{extra}")).format(name=names[caller], extra=extra))
        return per, general

    # -- buttons, prompts -------------------------------------------------------------------------------
    def label_for(self, action: Action) -> Choice | None:
        phase = self.view().phase
        if isinstance(action, SkipAbility) and phase != "ability":
            return Choice(_("Keep (no swap)") if phase == "look_swap" else _("Keep"), pygame.K_s)
        if isinstance(action, DecidePenalty) and action.take_card:
            return Choice(_("They take the card"), pygame.K_g)
        return super().label_for(action)

    def ability_words(self, card: Card) -> str | None:
        name = ABILITY_NAMES.get(card.rank)  # type: ignore[call-overload]
        return ability_words(name) if name else None

    def claim_words(self, v) -> ClaimWords:
        top = v.discard_top.rank if v.discard_top is not None else "?"
        return ClaimWords(question=_("Match the {rank}?").format(rank=top), click=_("Click a matching card (yours or another's)"),
                          pick=_("click the card you claim matches the {rank}").format(rank=top),
                          waiting=_("Waiting for matches on the {rank}…").format(rank=top))

    def turn_prompt(self, v, actor: int, name: str, kinds: set) -> str:
        if SwapLooked in kinds:
            return _("{name}: {what}").format(name=name, what=PICK_WORDS[SwapLooked])
        if DecidePenalty in kinds:
            claimer = self.t.screen.names[v.wrong_claimer] if v.wrong_claimer is not None else _("Someone")
            return _("{name} wrongly claimed your card: they take it (G) or a penalty card (N)?").format(name=claimer)
        return super().turn_prompt(v, actor, name, kinds)


make_kombio_table = table_factory(KombioTable)
