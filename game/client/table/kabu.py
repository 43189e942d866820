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

from typing import Any

import pygame

from game.client.table.input import Choice
from game.client.table.director import EventDirector
from game.client.table.memory_grid import ClaimWords, MemoryGridTable
from game.client.table.wording import possessive_own, whose
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.core.actions import Action
from game.core.cards import Card
from game.core.errors import IllegalAction
from game.core.standard_deck import SUIT_NAMES, colour
from game.variants.kabu import (ABILITY_NAMES, DECK_CARDS, WORTHS, AbilityEnded, AbilityStarted, BlindSwap, CallKabu,
                                Claimed, ClaimMissed, KabuCalled, LookOpponent, LookOwn, LookPair, LostCardRace,
                                Peek, PlayDrawn, RaceLost, Refilled, SkipAbility, TotalHalved, ability_of,
                                card_value)

_plain_look = EventDirector.on_CardSeen   # a look without a hold: the card turns up for the viewer

SUIT_SIGNS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}
PICK_WORDS = {LookOwn: "click one of your own cards to look at it",
              LookOpponent: "click an opponent's card to look at it",
              BlindSwap: "click any two cards to swap them blind",
              LookPair: "click one of your cards, then an opponent's card, to look at both"}
MISSED = {"wrong": "wrong card", "missed-pile": "missed the pile", "follow-up": "follow-up mistake"}


def card_words(card: Card) -> str:
    """"7♥", "K♣", "joker"."""
    if card.suit is None:
        return "joker"
    return f"{card.rank}{SUIT_SIGNS[card.suit]}"


class KabuTable(MemoryGridTable):
    variant_id = "kabu"
    variant_title = "Kabu"
    ring_label = "Claim?"
    call_word = "KABU"
    call_name = "Kabu"
    window_words = "the claim window"
    call_action = CallKabu
    play_word = "discard"
    pick_words = PICK_WORDS
    grid_columns = 3
    deck_cards = DECK_CARDS
    ability_started, ability_ended = AbilityStarted, AbilityEnded
    action_labels = {
        **MemoryGridTable.action_labels,
        CallKabu: Choice("Call Kabu", pygame.K_k),
        PlayDrawn: Choice("Discard it", pygame.K_p),
    }

    # -- faces and words --------------------------------------------------------------------------
    def face_of(self, card: Card) -> dict:
        if card.suit is None:
            # Two of the four jokers are printed red, two black (the id tells them apart).
            return {"rank": "JOKER", "suit": "joker", "colour": "red" if card.id % 2 == 0 else "black"}
        face: dict[str, Any] = {"rank": str(card.rank), "suit": SUIT_NAMES[card.suit]}
        return face

    def __init__(self, app, record, storage=None):
        self.glimpse = None            # the place a 7-10 look turned up (instant knowledge)
        self.glimpse_window = False
        super().__init__(app, record, storage)

    def rank_words(self, card: Card) -> str:
        return card_words(card)

    def a_card(self, card: Card) -> str:
        return f"the {card_words(card)}"

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
        self.narrate(f"{self.names[ev.seat]} discards the {card_words(ev.card)}: {ev.ability}.")
        self.float_text(None, f"{card_words(ev.card)}: {ev.ability}", self.palette.info)
        self.pick = []
        self.pause_for(0.35)

    def on_Claimed(self, ev: Claimed) -> None:
        who, owner = self.names[ev.seat], self.names[ev.place.seat]
        why = "same rank" if ev.why == "rank" else "the calculated score"
        self.note_claim(ev.seat)
        if ev.kind == "discard":
            self.narrate(f"{who} throws the {card_words(ev.card)} ({why}).")
            self.float_text(ev.place.seat, f"✓ {who}: discard!", self.palette.good)
        else:
            self.narrate(f"{who} snipes {whose(owner)} {card_words(ev.card)} ({why}).")   # (the card back: its own line)
            self.float_text(ev.place.seat, f"✓ {who} snipes!", self.palette.good)
        self.sound.play("match")
        sprite = self.sprite_at(ev.place)
        if sprite is not None:
            sprite.card, sprite.show_to = ev.card, None
            self.flip(sprite, True, lift=1.0)
        self.pause_for(0.45)

    def on_ClaimMissed(self, ev: ClaimMissed) -> None:
        who, owner = self.names[ev.seat], self.names[ev.place.seat]
        whose_card = possessive_own(who) if ev.place.seat == ev.seat else whose(owner)
        if ev.reason == "missed-pile":
            why = f"missed the pile: {whose(self.names[ev.winner])} card landed first"
        elif ev.reason == "follow-up":
            why = f"a follow-up mistake after {whose(self.names[ev.winner])} wrong card"
        else:
            why = "it does not fit"
        self.narrate(f"{who} tried {whose_card} {card_words(ev.card)}: {why}. It goes back.")
        self.float_text(ev.place.seat, f"✗ {who}: {MISSED.get(ev.reason, 'wrong')}", self.palette.bad)
        self.claim_place = ev.place
        sprite = self.sprite_at(ev.place)
        if sprite is not None:
            sprite.card, sprite.show_to = ev.card, None
            self.flip(sprite, True, lift=1.0)
        self.pause_for(0.55)

    def on_RaceLost(self, ev: RaceLost) -> None:
        who, first = self.names[ev.seat], self.names[ev.winner]
        self.narrate(f"{first} touched the card first: {who} is beaten to it (no penalty).")
        self.float_text(ev.seat, f"{who}: beaten to the card", self.palette.info)

    def on_Refilled(self, ev: Refilled) -> None:
        self.narrate(f"{self.names[ev.seat]} has no cards left and draws one.")

    def on_KabuCalled(self, ev: KabuCalled) -> None:
        self.caller = ev.seat
        self.sound.play("call")
        self.narrate(f"{self.names[ev.seat]} calls Kabu! Everyone else has one last turn.")
        self.float_text(ev.seat, "KABU!", self.palette.accent)
        self.pause_for(0.6)

    def on_TotalHalved(self, ev: TotalHalved) -> None:
        self.narrate(f"{whose(self.names[ev.seat], start=True)} total hit exactly {ev.before}: halved to {ev.after}.")
        self.float_text(ev.seat, f"{ev.before} → {ev.after}: halved!", self.palette.good)

    def match_end_reason(self) -> str:
        return self.over_target_reason(int(self.view().options.get("target", 100)), "went above")

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        if isinstance(exc, LostCardRace):
            return "Beaten to that card: somebody touched it first (no penalty)."
        return super().explain(exc, action)

    # -- the calculated score beside the pile, halvings on the chart ------------------------------------
    def calc_box(self) -> tuple[tuple[str, str], int, pygame.Rect] | None:
        """(lines, score, box) of the calculated score's label on the pile's lower right corner,
        or None when there is none to show."""
        calc = getattr(self.shown, "calculated", None)
        if calc is None or self.round_result is not None or self.match_result is not None:
            return None
        L = self.layout
        x = int(L.discard_pos[0] + L.pile_card[0] * 0.5)
        y = int(L.discard_pos[1] + L.pile_card[1] * 0.5)
        lines = self.calc_text(calc, getattr(self.shown, "discard_under", None), getattr(self.shown, "discard_top", None))
        w = max(T.text(lines[0], TH.SMALL, (0, 0, 0), True).get_width(), T.text(lines[1], TH.TINY, (0, 0, 0)).get_width())
        box = pygame.Rect(0, 0, w + 14, T.line_height(TH.SMALL, True) + T.line_height(TH.TINY) + 6)
        box.midbottom = (x, y)   # (its lower edge on the pile's: the caption under the pile stays clear, at any text size)
        return lines, calc, box

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
        (sum_words, use_words), score, box = calc
        # A score no card is worth (-6) is shown for what it is, dimmed: nothing can be claimed by it.
        ink, edge = (pal.text, pal.info) if score in WORTHS else (pal.text_dim, pal.text_dim)
        surface.blit(TH.panel(box.size, (6, 28, 20, 220), edge, 8, 2), box.topleft)
        T.blit_text(surface, sum_words, TH.SMALL, ink, (box.centerx, box.y + 3), "midtop", bold=True)
        T.blit_text(surface, use_words, TH.TINY, pal.text_dim, (box.centerx, box.bottom - 3), "midbottom")

    @staticmethod
    def calc_text(calc: int, under: Card | None = None, top: Card | None = None) -> tuple[str, str]:
        """The calculated score's tag: how the pile's two top cards make it, and what it is for.
        "calc -17: no card" said neither (seen in a real window)."""
        made = f"calc {calc}"
        tone = colour(top) if top is not None else None
        if under is not None and tone is not None:   # as the rules put it: "5 - black 3 = 2"
            made = f"calc {card_value(under)} {'+' if tone == 'red' else '−'} {tone} {card_value(top)} = {calc}"
        use = f"a card worth {calc} fits too" if calc in WORTHS else f"no card is worth {calc}"
        return made, use

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
    def looking_on(self) -> bool:
        """The player's own 7-10 look still on show in the claim window after it."""
        return self.glimpse is not None and self.claimer is None and self.view().phase == "reaction"

    def buttons_key(self) -> Any:
        return (super().buttons_key(), self.glimpse)

    def build_buttons(self) -> list[Button]:
        buttons = super().build_buttons()
        if self.looking_on() and [b.text for b in buttons] == ["Pass"]:
            # Enter ends this look as it ends every other ("remember this card, then press Enter"):
            # pressed as the card turned up it was dropped, and after that it pressed a Pass that
            # said "Space".
            buttons = [Button("Done", self.pass_window, hint="Enter", primary=True)]
        return buttons

    def handle_table_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.hold is None and self.looking_on() and self.claimants():
            self.pass_window()      # (while the card still turns up, before "Done" is there to press)
            return
        super().handle_table_event(event)

    def prompt(self) -> str:
        text = super().prompt()
        if self.looking_on() and text.endswith(" · Space: pass"):
            return text.removesuffix(" · Space: pass") + " · Enter: done"
        return text

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



def make_kabu_table(app, record, storage):
    return KabuTable(app, record, storage)
