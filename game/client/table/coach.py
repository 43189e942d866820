"""The coach at the table: F1 (or the Hint button) asks "what would the hard bot do here?".

The answer comes from the driver (MatchDriver.advise): the hard bot that has followed this seat's
events since the deal, deciding from this seat's view and legal actions only. The table rings the
cards the move names, says the move and the bot's reason, and marks the match as coached (its
statistics say so). In hot-seat it answers only for the player whose move it is.
"""

from __future__ import annotations

from typing import Any

import pygame

from ai.coach import Advice, coach_agent
from ai.registry import bot_seed
from game.client.table.wording import sentence
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.cards import DECK, DISCARD, Place

COACH_KEY = pygame.K_F1
COACH_SECONDS = 6.0


class TableCoach:
    def init_coach(self, variant: str, seed: int) -> dict[int, Any]:
        """The coaches for the driver (one per human seat, if the variant has a hard bot)."""
        self.coached = False                                  # asked at least once this match
        self.advice: tuple[int, int, Advice] | None = None   # (seat, table version, advice)
        self.advice_legal: frozenset = frozenset()           # that seat's legal moves when asked
        coaches = {}
        for h in self.humans:
            agent = coach_agent(variant, bot_seed(seed, 1000 + h))
            if agent is not None:
                coaches[h] = agent
        return coaches

    def coach_seat(self) -> int | None:
        """The player the coach may answer for: the human whose move it is."""
        seat = self.input_seat()
        if seat is None or self.match.over or self.round_result is not None:
            return None
        return seat

    def ask_coach(self) -> Advice | None:
        seat = self.coach_seat()
        if seat is None or not self.ready_for_input():
            self.say("The coach helps when it is your move.")
            return None
        advice = self.match.advise(seat)
        if advice is None:
            self.say("The coach has no move for you right now.")
            return None
        self.coached = True
        self.advice = (seat, self.match.version, advice)
        self.advice_legal = frozenset(self.match.legal(seat))
        words = self.describe_move(advice.action)
        # (the words go with the rings: "take the card from the deck" stayed up after the draw)
        self.say(f"Coach: {words}." + (f" {sentence(advice.reason)}" if advice.reason else ""), COACH_SECONDS, tone="info",
                 until=self.advice_stands)
        return advice

    def coach_places(self, action: Any) -> tuple:
        """The table places the advice points at. Tables whose actions name cards by face rather
        than by place (a hand game's Play or Discard) map them to the cards in the hand."""
        places = tuple(action.targets())
        if not places:        # a pile action (draw, take) points at the pile a click would use
            places = tuple(p for p, kinds in self.click_actions.items()
                           if isinstance(p, Place) and isinstance(action, kinds))
        return places

    def coach_card_words(self, action: Any) -> str | None:
        """The advised move named by its cards ("play the red 6"), for tables that can; None
        falls back to the button and ring wording."""
        return None

    def describe_move(self, action: Any) -> str:
        """The advised move in the words of the table's own buttons and cards."""
        words = self.coach_card_words(action)
        if words is not None:
            return words
        choice = self.label_for(action)
        targets = self.coach_places(action)
        if choice is not None and not targets:
            return f"{choice.text}"
        if not targets:
            return type(action).__name__
        if len(targets) == 1:
            place = targets[0]
            if place == DECK:
                return "take the card from the deck (ringed)"
            if place == DISCARD:
                return "take the card on the discard pile (ringed)"
            return "click the ringed card"     # (what a click does there, the prompt says)
        return "click the ringed cards, in the order they are numbered"

    def advice_stands(self) -> bool:
        """Whether the current advice still speaks of the player's moment."""
        if self.advice is None:
            return False
        seat, version, _ = self.advice
        # Others moving at the same time (16 Combos' placement) leave the advice standing as long
        # as the player's own choices are the same; any change of theirs retires it.
        return version == self.match.version or frozenset(self.match.legal(seat)) == self.advice_legal

    def coach_targets(self) -> list:
        """The places the current advice names (none once the table has moved on)."""
        if not self.advice_stands():
            return []
        return list(self.coach_places(self.advice[2].action))

    def place_rect(self, place) -> pygame.Rect | None:
        """Where a place's card (or pile) is on the screen now (None: nowhere to point)."""
        sprite = self.sprite_at(place)
        if sprite is not None:
            return sprite.rect()
        pos = self.layout.deck_pos if place == DECK else self.layout.discard_pos if place == DISCARD else None
        if pos is None:
            return None
        rect = pygame.Rect(0, 0, *self.layout.pile_card)
        rect.center = (int(pos[0]), int(pos[1]))
        return rect

    def draw_coach(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        targets = self.coach_targets()
        if not targets:
            return
        pulse = self.pulse(5.0)
        colour = (120, 220, 255)
        for n, place in enumerate(targets, 1):
            rect = self.place_rect(place)
            if rect is None:
                continue
            ring = rect.inflate(10 + int(6 * pulse), 10 + int(6 * pulse))
            pygame.draw.rect(surface, colour, ring, 3, border_radius=10)
            if len(targets) > 1:
                badge = pygame.Rect(0, 0, 24, 24)
                badge.center = ring.topleft
                pygame.draw.circle(surface, colour, badge.center, 12)
                T.blit_text(surface, str(n), TH.SMALL, (10, 30, 40), badge.center, "center", bold=True)
