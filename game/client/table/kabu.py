"""The Kabu table: six face-down cards per seat in a 2x3 grid (slots 0-2 far row, 3-5 near row
from the owner's side; penalty cards start a new block to the right), the deck and the discard pile
in the centre with the calculated score beside the pile whenever there is one.

Input (mouse, with keys shown on screen): at the start of a round click two of your own cards to
peek at them; D draw, T take the discard, K call Kabu, P discard the drawn card, a click on one of
your cards (or 1-9) swaps it in, abilities pick their targets by click (a red queen: your card,
then the opponent's), S skips, X swaps the two looked-at cards. During a reaction window a click
on your own card is an instant discard and a click on an opponent's a snipe (hot-seat: the
claimer presses their seat key Q W E R T Y first); Space passes. Every claim, penalty and race is
announced on the table for all to see. What the memory-grid tables share is in memory_grid.py.
"""

from __future__ import annotations


import pygame

from game.client.table.input import Choice
from game.client.table.director import EventDirector
from game.client.table.memory_grid import ClaimWords, MemoryGridTable
from game.client.narration.kabu import MISSED, KabuNarrator, card_words
from game.client.tables import register_table
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.actions import Action
from game.core.cards import Card
from game.core.errors import IllegalAction
from game.variants.kabu import (ABILITY_NAMES, DECK_CARDS, WORTHS, AbilityEnded, AbilityStarted, BlindSwap, CallKabu,
                                Claimed, ClaimMissed, KabuCalled, LookOpponent, LookOwn, LookPair, LostCardRace,
                                Peek, PlayDrawn, RaceLost, SkipAbility, TotalHalved, ability_of)

_plain_look = EventDirector.on_CardSeen   # a look without a hold: the card turns up for the viewer

PICK_WORDS = {LookOwn: "click one of your own cards to look at it",
              LookOpponent: "click an opponent's card to look at it",
              BlindSwap: "click any two cards to swap them blind",
              LookPair: "click one of your cards, then an opponent's card, to look at both"}


class KabuTable(MemoryGridTable):
    variant_id = "kabu"
    variant_title = "Kabu"
    ring_label = "Claim?"
    call_word = "KABU"
    call_name = "Kabu"
    call_action = CallKabu
    pick_words = PICK_WORDS
    grid_columns = 3
    deck_cards = DECK_CARDS
    ability_ended = AbilityEnded
    narrator_class = KabuNarrator
    action_labels = {
        **MemoryGridTable.action_labels,
        CallKabu: Choice("Call Kabu", pygame.K_k),
        PlayDrawn: Choice("Discard it", pygame.K_p),
    }

    def __init__(self, app, record, storage=None):
        self.glimpse = None            # the place a 7-10 look turned up (instant knowledge)
        self.glimpse_window = False
        super().__init__(app, record, storage)

    def peek_words(self, seat: int) -> str:
        return f"{self.names[seat]}: remember this card, then press Enter"

    def caller_locked(self) -> bool:
        return bool(self.view().options.get("lock_caller", True))

    # -- instant knowledge: a 7-10 look stays face up for the looker through the window after it ----
    def on_CardSeen(self, ev) -> None:
        if ev.card is not None and ev.seat == self.viewer and not self.dealing \
                and isinstance(self.next_event(), AbilityEnded):
            _plain_look(self, ev)     # turned up for the looker, no "remember" hold
            self.glimpse = ev.place
            return
        super().on_CardSeen(ev)

    def on_AbilityEnded(self, ev) -> None:
        if self.glimpse is None:
            super().on_AbilityEnded(ev)
            return
        self.glimpse_window = True   # the next window is the one the looked-at card may be claimed in
        self.pick = []
        self.end_private()

    def _hide_glimpse(self) -> None:
        if self.glimpse is not None:
            self.glimpse = None
            self.hide_peeks()

    def on_WindowOpened(self, ev) -> None:
        if self.glimpse_window:
            self.glimpse_window = False
        else:
            self._hide_glimpse()   # a card landed: the moment of the look has passed
        super().on_WindowOpened(ev)

    def on_WindowClosed(self, ev) -> None:
        self._hide_glimpse()
        super().on_WindowClosed(ev)

    # -- animations of Kabu's own facts ---------------------------------------------------------------
    def on_AbilityStarted(self, ev: AbilityStarted) -> None:
        self.float_text(None, f"{card_words(ev.card)}: {ev.ability}", self.palette.info)
        self.pick = []
        self.pause_for(0.35)

    def on_Claimed(self, ev: Claimed) -> None:
        who = self.names[ev.seat]
        if ev.kind == "discard":
            self.float_text(ev.place.seat, f"✓ {who}: discard!", self.palette.good)
        else:
            self.float_text(ev.place.seat, f"✓ {who} snipes!", self.palette.good)
        self.sound.play("match")
        sprite = self.sprite_at(ev.place)
        if sprite is not None:
            sprite.card, sprite.show_to = ev.card, None
            self.flip(sprite, True, lift=1.0)
        self.pause_for(0.45)

    def on_ClaimMissed(self, ev: ClaimMissed) -> None:
        who = self.names[ev.seat]
        self.float_text(ev.place.seat, f"✗ {who}: {MISSED.get(ev.reason, 'wrong')}", self.palette.bad)
        self.claim_place = ev.place
        sprite = self.sprite_at(ev.place)
        if sprite is not None:
            sprite.card, sprite.show_to = ev.card, None
            self.flip(sprite, True, lift=1.0)
        self.pause_for(0.55)

    def on_RaceLost(self, ev: RaceLost) -> None:
        who = self.names[ev.seat]
        self.float_text(ev.seat, f"{who}: beaten to the card", self.palette.info)

    def on_KabuCalled(self, ev: KabuCalled) -> None:
        self.caller = ev.seat
        self.sound.play("call")
        self.float_text(ev.seat, "KABU!", self.palette.accent)
        self.pause_for(0.6)

    def on_TotalHalved(self, ev: TotalHalved) -> None:
        self.float_text(ev.seat, f"{ev.before} → {ev.after}: halved!", self.palette.good)

    def match_end_reason(self) -> str:
        return self.over_target_reason(int(self.view().options.get("target", 100)), "went above")

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        if isinstance(exc, LostCardRace):
            return "Beaten to that card: somebody touched it first (no penalty)."
        return super().explain(exc, action)

    # -- the calculated score beside the pile, halvings on the chart ------------------------------------
    def calc_box(self) -> tuple[str, int, pygame.Rect] | None:
        """(words, score, box) of the calculated score's label on the pile's lower right corner, or
        None when there is none to show."""
        calc = getattr(self.shown, "calculated", None)
        if calc is None or self.round_result is not None or self.match_result is not None:
            return None
        L = self.layout
        x = int(L.discard_pos[0] + L.pile_card[0] * 0.5)
        y = int(L.discard_pos[1] + L.pile_card[1] * 0.5)
        text = self.calc_text(calc)
        box = T.text(text, TH.SMALL, (0, 0, 0), True).get_rect(center=(x, y)).inflate(14, 6)
        box.bottom = y      # (its lower edge on the pile's: the caption under the pile stays clear, at any text size)
        return text, calc, box

    def reserve_fixed_labels(self, surface: pygame.Surface) -> None:
        # The calculated score's spot is kept first: the pile's caption and the other labels find
        # theirs around it (at the larger text sizes "Discard" lay under it).
        super().reserve_fixed_labels(surface)
        calc = self.calc_box()
        if calc is not None:
            self.labels.reserve(calc[2])

    def draw_ring(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        super().draw_ring(surface, pal)
        calc = self.calc_box()
        if calc is None:
            return
        # On the pile's lower right corner: clear of the seats' plates and of the narration. Drawn
        # with the table's labels (its spot reserved at the start of the frame), under the history
        # panel and the guide.
        text, score, box = calc
        # A score no card is worth (-6) is shown for what it is, dimmed: nothing can be claimed by it.
        colour, edge = (pal.text, pal.info) if score in WORTHS else (pal.text_dim, pal.text_dim)
        surface.blit(TH.panel(box.size, (6, 28, 20, 220), edge, 8, 2), box.topleft)
        T.blit_text(surface, text, TH.SMALL, colour, box.center, "center", bold=True)

    @staticmethod
    def calc_text(calc: int) -> str:
        return f"calc {calc}" if calc in WORTHS else f"calc {calc}: no card"

    def build_chart(self) -> None:
        try:
            from game.client.scenes.stats import render_chart
            from game.client.storage import LastMatch

            view = self.view()
            halved: dict[int, list[tuple[int, int, int]]] = {}
            for rnd, seat, before, after in view.halved:
                halved.setdefault(rnd, []).append((seat, before, after))
            running = [0] * len(self.names)
            rows, marks = [], []
            for i, scores in enumerate(view.round_scores):
                running = [a + int(b) for a, b in zip(running, scores)]
                for seat, before, after in halved.get(i + 1, []):
                    running[seat] = after
                    marks.append((i + 1, seat, f"{before}→{after}"))
                rows.append(list(running))
            last = LastMatch(self.variant_id, list(self.names), rows or [list(view.totals)], list(view.winners))
            self.chart = render_chart(last, (560, 220), self.palette, marks=marks)
        except Exception:  # the chart is a nicety; the standings are drawn regardless
            import logging

            logging.getLogger(__name__).exception("the match chart could not be drawn")
            self.chart = None

    # -- buttons, prompts -------------------------------------------------------------------------------
    def label_for(self, action: Action) -> Choice | None:
        if isinstance(action, SkipAbility) and self.view().phase == "look_both":
            return Choice("Keep", pygame.K_s)
        return super().label_for(action)

    def ability_words(self, card: Card) -> str | None:
        kind = ability_of(card)
        return ABILITY_NAMES[kind] if kind else None

    def claim_words(self, v) -> ClaimWords:
        top = card_words(v.discard_top) if v.discard_top is not None else "?"
        # (a calculated score no card is worth, such as -6, is not worth asking about)
        calc = "" if v.calculated not in WORTHS else f" or a card worth {v.calculated}"
        return ClaimWords(question=f"Fits the {top}{calc}?",
                          click="Click your card to discard it, or one you know to snipe",
                          pick=f"click a card that fits the {top}{calc}",
                          waiting=f"Waiting for claims on the {top}…")

    def waiting_prompt(self, v) -> str:
        if v.phase == "peek":
            return "Everyone picks two cards to peek at…"
        return super().waiting_prompt(v)

    def turn_prompt(self, v, actor: int, name: str, kinds: set) -> str:
        if Peek in kinds:
            left = self.match.view(actor).peeks_left[actor]
            return f"{name}: click {'two' if left == 2 else 'one more'} of your cards to peek at"
        return super().turn_prompt(v, actor, name, kinds)


register_table("kabu", KabuTable, pass_closes_window=True)
