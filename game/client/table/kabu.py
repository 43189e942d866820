"""The Kabu table: six face-down cards per seat in a 2x3 grid (slots 0-2 far row, 3-5 near row
from the owner's side; penalty cards start a new block to the right), the deck and the discard pile
in the centre with the calculated score beside the pile whenever there is one.

Input (mouse, with keys shown on screen): at the start of a round click two of your own cards to
peek at them; D draw, T take the discard, K call Kabu, P discard the drawn card, a click on one of
your cards (or 1-9) swaps it in, abilities pick their targets by click (a red queen: your card,
then the opponent's), S skips, X swaps the two looked-at cards. During a reaction window a click
on your own card is an instant discard and a click on an opponent's a snipe (hot-seat: the
claimer presses their seat key Q W E R T Y first); Space passes. Every claim, penalty and race is
announced on the table for all to see. What the memory-grid tables share is in memory_grid.py;
Kabu's words and faces are narration/kabu.py's.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.narration.kabu import ABILITIES, MISSED, KabuNarrator, card_words
from game.core.card_words import colour_words
from game.client.table import facts
from game.client.table.base import table_factory
from game.client.table.canvas import Canvas
from game.client.table.memory_grid import ClaimWords, GridSpec
from game.client.table.spec import Choice
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.core.actions import Action
from game.core.cards import Card
from game.core.errors import IllegalAction
from game.core.events import CardSeen, WindowClosed, WindowOpened
from game.core.standard_deck import colour
from game.i18n import _, _l
from game.variants.kabu import (ABILITY_NAMES, DECK_CARDS, WORTHS, AbilityEnded, AbilityStarted, BlindSwap, CallKabu,
                                Claimed, ClaimMissed, KabuCalled, LookOpponent, LookOwn, LookPair, LostCardRace,
                                Peek, PlayDrawn, RaceLost, SkipAbility, TotalHalved, ability_of,
                                card_value)

PICK_WORDS = {LookOwn: _l("click one of your own cards to look at it"),
              LookOpponent: _l("click an opponent's card to look at it"),
              BlindSwap: _l("click any two cards to swap them blind"),
              LookPair: _l("click one of your cards, then an opponent's card, to look at both")}


class KabuTable(GridSpec):
    variant_id = "kabu"
    title = "Kabu"
    narrator = KabuNarrator
    ring_label = _l("Claim?")
    call_word = "KABU"
    call_name = "Kabu"
    call_action = CallKabu
    pick_words = PICK_WORDS
    grid_columns = 3
    window_words = _l("the claim window")
    deck_cards = DECK_CARDS
    target_passed = "went above"
    action_labels = {
        **GridSpec.action_labels,
        CallKabu: Choice(_l("Call Kabu"), pygame.K_k),
        PlayDrawn: Choice(_l("Discard it"), pygame.K_p),
    }

    def __init__(self, table):
        super().__init__(table)
        self.glimpse = None            # the place a 7-10 look turned up (instant knowledge)
        self.glimpse_window = False

    def peek_words(self, seat: int) -> str:
        return _("{name}: remember this card, then press Enter").format(name=self.t.screen.names[seat])

    def caller_locked(self) -> bool:
        return bool(self.view().options.get("lock_caller", True))

    # -- instant knowledge: a 7-10 look stays face up for the looker through the window after it ----
    def card_seen(self, ev: CardSeen) -> None:
        if ev.card is not None and ev.seat == self.t.screen.viewer and not self.dealing \
                and isinstance(self.t.director.next_event(), AbilityEnded):
            facts.card_seen(self, ev)     # turned up for the looker, no "remember" hold
            self.glimpse = ev.place
            return
        super().card_seen(ev)

    def ability_ended(self, ev: AbilityEnded) -> None:
        if self.glimpse is None:
            super().ability_ended(ev)
            return
        self.glimpse_window = True   # the next window is the one the looked-at card may be claimed in
        self.t.input.clear_pick()
        self.t.privacy.end_private()

    def hide_glimpse(self) -> None:
        if self.glimpse is not None:
            self.glimpse = None
            facts.hide_peeks(self)

    def window_opened(self, ev: WindowOpened) -> None:
        if self.glimpse_window:
            self.glimpse_window = False
        else:
            self.hide_glimpse()   # a card landed: the moment of the look has passed
        facts.window_opened(self, ev)

    def window_closed(self, ev: WindowClosed) -> None:
        self.hide_glimpse()
        super().window_closed(ev)

    # -- Kabu's own facts ---------------------------------------------------------------------------------
    def ability_played(self, ev: AbilityStarted) -> None:
        t = self.t
        t.hud.float_text(None, f"{card_words(ev.card)}: {_(ABILITIES[ev.ability]) if ev.ability in ABILITIES else ev.ability}", t.palette.info)
        t.input.clear_pick()
        t.director.pause_for(0.35)

    def turned_up(self, place, card) -> None:
        """A claimed card, turned up for everybody to see."""
        sprite = self.t.zones.sprite_at(place)
        if sprite is not None:
            sprite.card, sprite.show_to = card, None
            self.t.director.flip(sprite, True, lift=1.0)

    def claimed(self, ev: Claimed) -> None:
        t = self.t
        who = t.screen.names[ev.seat]
        self.note_claim(ev.seat)
        if ev.kind == "discard":
            t.hud.float_text(ev.place.seat, "✓ " + _("{name}: discard!").format(name=who), t.palette.good)
        else:
            t.hud.float_text(ev.place.seat, "✓ " + (_("You snipe!") if ev.seat in t.screen.you else
                                                     _("{name} snipes!").format(name=who)), t.palette.good)
        t.sound.play("match")
        self.turned_up(ev.place, ev.card)
        t.director.pause_for(0.45)

    def claim_missed(self, ev: ClaimMissed) -> None:
        t = self.t
        who = t.screen.names[ev.seat]
        t.hud.float_text(ev.place.seat, "✗ " + _("{name}: {why}").format(name=who, why=_(MISSED.get(ev.reason, MISSED["wrong"]))),
                         t.palette.bad)
        self.claim_place = ev.place
        self.turned_up(ev.place, ev.card)
        t.director.pause_for(0.55)

    def race_lost(self, ev: RaceLost) -> None:
        t = self.t
        t.hud.float_text(ev.seat, _("{name}: beaten to the card").format(name=t.screen.names[ev.seat]), t.palette.info)

    def called(self, ev: KabuCalled) -> None:
        t = self.t
        self.caller = ev.seat
        t.sound.play("call")
        t.hud.float_text(ev.seat, "KABU!", t.palette.accent)
        t.director.pause_for(0.6)

    def total_halved(self, ev: TotalHalved) -> None:
        self.t.hud.float_text(ev.seat, _("{before} → {after}: halved!").format(before=ev.before, after=ev.after), self.t.palette.good)

    handlers = {**GridSpec.handlers, CardSeen: card_seen, AbilityEnded: ability_ended, WindowOpened: window_opened,
                WindowClosed: window_closed, AbilityStarted: ability_played, Claimed: claimed,
                ClaimMissed: claim_missed, RaceLost: race_lost, KabuCalled: called, TotalHalved: total_halved}

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        if isinstance(exc, LostCardRace):
            return _("Beaten to that card: somebody touched it first (no penalty).")
        return super().explain(exc, action)

    # -- the calculated score beside the pile, halvings on the chart ------------------------------------
    def calc_box(self) -> tuple[tuple[str, str], int, pygame.Rect] | None:
        """(lines, score, box) of the calculated score's label on the pile's lower right corner,
        or None when there is none to show."""
        screen = self.t.screen
        calc = getattr(screen.shown, "calculated", None)
        if calc is None or screen.round_result is not None or screen.match_result is not None:
            return None
        L = screen.layout
        x = int(L.discard_pos[0] + L.pile_card[0] * 0.5)
        y = int(L.discard_pos[1] + L.pile_card[1] * 0.5)
        lines = self.calc_text(calc, getattr(screen.shown, "discard_under", None), getattr(screen.shown, "discard_top", None))
        w = max(T.text(lines[0], TH.SMALL, (0, 0, 0), True).get_width(), T.text(lines[1], TH.TINY, (0, 0, 0)).get_width())
        box = pygame.Rect(0, 0, w + 14, T.line_height(TH.SMALL, True) + T.line_height(TH.TINY) + 6)
        box.midbottom = (x, y)   # (its lower edge on the pile's: the caption under the pile stays clear, at any text size)
        return lines, calc, box

    def fixed_labels(self, canvas: Canvas) -> None:
        # The calculated score's spot is kept first: the pile's caption and the other labels find
        # theirs around it (at the larger text sizes "Discard" lay under it).
        super().fixed_labels(canvas)
        calc = self.calc_box()
        if calc is not None:
            canvas.board.reserve(calc[2])

    def draw_ring(self, canvas: Canvas) -> None:
        super().draw_ring(canvas)
        calc = self.calc_box()
        if calc is None:
            return
        # On the pile's lower right corner: clear of the seats' plates and of the narration. Drawn
        # with the table's labels (its spot reserved at the start of the frame), under the history
        # panel and the guide.
        pal = canvas.pal
        (sum_words, use_words), score, box = calc
        # A score no card is worth (-6) is shown for what it is, dimmed: nothing can be claimed by it.
        ink, edge = (pal.text, pal.info) if score in WORTHS else (pal.text_dim, pal.text_dim)
        canvas.surface.blit(TH.panel(box.size, (6, 28, 20, 220), edge, 8, 2), box.topleft)
        T.blit_text(canvas.surface, sum_words, TH.SMALL, ink, (box.centerx, box.y + 3), "midtop", bold=True)
        T.blit_text(canvas.surface, use_words, TH.TINY, pal.text_dim, (box.centerx, box.bottom - 3), "midbottom")

    @staticmethod
    def calc_text(calc: int, under: Card | None = None, top: Card | None = None) -> tuple[str, str]:
        """The calculated score's tag: how the pile's two top cards make it, and what it is for.
        "calc -17: no card" said neither (seen in a real window)."""
        made = _("calc {calc}").format(calc=calc)
        tone = colour(top) if top is not None else None
        if under is not None and tone is not None:   # as the rules put it: "5 - black 3 = 2"
            made = _("calc {under} {sign} {colour} {top} = {calc}").format(
                under=card_value(under), sign="+" if tone == "red" else "−", colour=colour_words(tone), top=card_value(top), calc=calc)
        use = (_("a card worth {calc} fits too") if calc in WORTHS else _("no card is worth {calc}")).format(calc=calc)
        return made, use

    def chart(self):
        """The running totals with each halving marked where it happened."""
        view = self.view()
        halved: dict[int, list[tuple[int, int, int]]] = {}
        for rnd, seat, before, after in view.halved:
            halved.setdefault(rnd, []).append((seat, before, after))
        running = [0] * self.t.screen.seats
        rows, marks = [], []
        for i, scores in enumerate(view.round_scores):
            running = [a + int(b) for a, b in zip(running, scores)]
            for seat, before, after in halved.get(i + 1, []):
                running[seat] = after
                marks.append((i + 1, seat, f"{before}→{after}"))
            rows.append(list(running))
        return self.t.results.totals_chart(rows=rows or [list(view.totals)], marks=marks)

    # -- buttons, prompts -------------------------------------------------------------------------------
    def looking_on(self) -> bool:
        """The player's own 7-10 look still on show in the claim window after it."""
        return self.glimpse is not None and self.t.screen.claimer is None and self.view().phase == "reaction"

    def choice_key(self) -> Any:
        return (super().choice_key(), self.glimpse)

    def buttons(self) -> list[Button]:
        buttons = super().buttons()
        if self.looking_on() and [b.text for b in buttons] == [_("Pass")]:
            # Enter ends this look as it ends every other ("remember this card, then press Enter"):
            # pressed as the card turned up it was dropped, and after that it pressed a Pass that
            # said "Space".
            buttons = [Button(_("Done"), self.pass_window, hint="Enter", primary=True)]
        return buttons

    def table_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.t.director.hold is None and self.looking_on() and self.claimants():
            self.pass_window()      # (while the card still turns up, before "Done" is there to press)
            return
        super().table_event(event)

    def pass_words(self) -> str:
        return _("Enter: done") if self.looking_on() else super().pass_words()

    def label_for(self, action: Action) -> Choice | None:
        if isinstance(action, SkipAbility) and self.view().phase == "look_both":
            return Choice(_("Keep"), pygame.K_s)
        return super().label_for(action)

    def ability_words(self, card: Card) -> str | None:
        kind = ability_of(card)
        return _(ABILITIES[ABILITY_NAMES[kind]]) if kind else None

    def claim_words(self, v) -> ClaimWords:
        top = card_words(v.discard_top) if v.discard_top is not None else "?"
        # (a calculated score no card is worth, such as -6, is not worth asking about)
        if v.calculated in WORTHS:
            question = _("Fits the {card} or a card worth {calc}?").format(card=top, calc=v.calculated)
            pick = _("click a card that fits the {card} or a card worth {calc}").format(card=top, calc=v.calculated)
        else:
            question = _("Fits the {card}?").format(card=top)
            pick = _("click a card that fits the {card}").format(card=top)
        return ClaimWords(question=question, click=_("Click your card to discard it, or one you know to snipe"),
                          pick=pick, waiting=_("Waiting for claims on the {card}…").format(card=top))

    def waiting_prompt(self, v) -> str:
        if v.phase == "peek":
            return _("Everyone picks two cards to peek at…")
        return super().waiting_prompt(v)

    def turn_prompt(self, v, actor: int, name: str, kinds: set) -> str:
        if Peek in kinds:
            left = self.t.match.view(actor).peeks_left[actor]
            return (_("{name}: click two of your cards to peek at") if left == 2 else
                    _("{name}: click one more of your cards to peek at")).format(name=name)
        return super().turn_prompt(v, actor, name, kinds)


make_kabu_table = table_factory(KabuTable)
