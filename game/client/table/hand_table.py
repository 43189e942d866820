"""What the tables of the hand games (Combat UNO, Kumbal) share: fanned hands (the acting player's
own at the bottom, face up and sorted; the others' backs with a count), chosen cards raised out of
the fan, the direction of play round the piles, a pick-up owed, every hand laid down at the round's
end, the name plates and seat tags, and the hot-seat claim keys (Q W E R T Y) for out-of-turn
chances. A variant's table adds its card faces and sorting, what its player chooses in the hand,
its own events, its input and its wording.
"""

from __future__ import annotations

import math

import pygame

from game.client.table.base import CLAIM_KEYS, TableScene
from game.client.table.input import Choice
from game.client.narration.wording import whose, you_form
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.actions import Action, Pass
from game.core.cards import DISCARD
from game.core.events import CardMoved, Event, RoundScored, RoundStarted, TurnStarted
from game.core.events import WindowClosed as WindowClosedEvent
from game.core.events import WindowOpened
from game.core.hands import DirectionChanged, HandRevealed, Skipped
from game.core.view import SPECTATOR

LIFT_RATE = 14        # how fast (per second) a raised card eases to its height


class HandTable(TableScene):
    uses_hands = True
    hands_follow_actor = True
    # Enter and ↑ act on the chosen card and ← → move along the hand: the buttons' focus must not take them.
    table_keys = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP)
    window_trigger = ""          # the variant's reaction window, shown by the ring ("jump-in", "free-discard")
    claim_hint = "claim"         # the key hints' words for the claim keys

    # -- hooks -----------------------------------------------------------------------------------
    def forget_choice(self) -> None:
        """Drop what the acting player was choosing in the hand (a new turn or round, another viewer)."""

    def card_rises(self, seat: int) -> dict[int, float]:
        """How far (pixels at 720p) each card of ``seat``'s own hand is raised, by index."""
        return {}

    def catch_up(self) -> None:
        """Once a frame, after the table clock: input kept while cards were still landing."""

    def state_tag(self, seat: int) -> tuple[str, tuple] | None:
        """A seat's own state under its plate (drawing, owing, cutting), before whose turn it is."""
        return None

    def revealed_label(self, ev: HandRevealed) -> tuple[str, tuple] | None:
        """What floats over a hand laid down at the round's end."""
        return None

    def view(self):
        return self.match.view(SPECTATOR)

    def sync_view(self) -> None:
        v = self.view()
        self.turn = v.turn
        w = v.window(self.window_trigger)
        if w is not None:
            self.window = WindowOpened(self.window_trigger, w.seats, w.opened_at, w.deadline)

    # -- who acts ----------------------------------------------------------------------------------
    def hand_seat(self) -> int | None:
        """The human whose hand the input plays from now."""
        if self.claimer is not None:
            return self.claimer
        if self.viewer is not None and self.viewer in self.humans:
            return self.viewer
        return None

    def input_seat(self) -> int | None:
        return self.hand_seat()

    def viewer_changed(self) -> None:
        self.forget_choice()

    def ready_for_input(self) -> bool:
        return not self.queue and self.hold is None and self.curtain_pending is None

    # -- the frame -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.follow_actor():
            return
        super().update(dt)
        self.catch_up()
        self.lift_cards(dt)

    def lift_cards(self, dt: float) -> None:
        """The acting hand's raised cards ease up out of the fan; every other card eases back."""
        seat = self.hand_seat()
        rises = self.card_rises(seat) if seat is not None else {}
        k = min(1.0, dt * LIFT_RATE)
        u = self.layout.unit
        self.lifting = False
        for hseat, hand in self.hands.items():
            own = hseat == seat and self.layout.spot(hseat).own
            for i, s in enumerate(hand):
                target = -rises[i] * u if own and i in rises else 0.0
                s.oy += (target - s.oy) * k
                if abs(s.oy - target) < 0.3:
                    s.oy = target
                else:
                    self.lifting = True

    def moving(self) -> bool:
        return super().moving() or getattr(self, "lifting", False)

    # -- the hand games' facts ---------------------------------------------------------------------
    def on_RoundStarted(self, ev: RoundStarted) -> None:
        super().on_RoundStarted(ev)
        self.forget_choice()

    def on_TurnStarted(self, ev: TurnStarted) -> None:
        viewer = self.viewer
        super().on_TurnStarted(ev)
        if self.hotseat and self.curtain_pending is None:
            self.viewer = viewer        # whose hand is open is wanted_viewer's business (see update)
        self.forget_choice()
        if ev.seat in self.humans and not self.hotseat:
            self.sound.play("click", 0.5)

    def on_CardMoved(self, ev: CardMoved) -> None:
        super().on_CardMoved(ev)
        if ev.dst == DISCARD:
            self.sound.play("swap")

    def on_WindowOpened(self, ev: WindowOpened) -> None:
        self.window = ev                # (no change of viewer: play goes on around the window)
        self.window_passed = set()

    def on_WindowClosed(self, ev: WindowClosedEvent) -> None:
        self.window = None

    def on_Skipped(self, ev: Skipped) -> None:
        self.float_text(ev.seat, "Skipped", self.palette.bad)

    def on_DirectionChanged(self, ev: DirectionChanged) -> None:
        self.told["direction"] = ev.direction

    def on_HandRevealed(self, ev: HandRevealed) -> None:
        hand = self.hands.get(ev.seat, [])
        cards = sorted(ev.cards, key=self.hand_key)
        for s, card in zip(hand, cards):
            s.card, s.show_to = card, None
            if s.turn < 0.5:
                self.flip(s, True)
        hand.sort(key=lambda s: self.hand_key(s.card) if s.card is not None else (9,))
        self.relayout_hand(ev.seat)
        label = self.revealed_label(ev)
        if label is not None:
            self.float_text(ev.seat, *label)
        self.step_delay += 0.02

    def on_RoundScored(self, ev: RoundScored) -> None:
        super().on_RoundScored(ev)
        self.forget_choice()
        self.pause_for(0.6)

    def joinable(self, prev: Event, nxt: Event) -> bool:
        if isinstance(prev, HandRevealed) and isinstance(nxt, HandRevealed):
            return True         # every hand is laid down at once
        return super().joinable(prev, nxt)

    # -- input -------------------------------------------------------------------------------------
    def claim_by_key(self, key: int) -> bool:
        """Hot-seat: a claim key opens that player's hand for an out-of-turn chance (True: it was one)."""
        if not (self.hotseat and key in CLAIM_KEYS):
            return False
        seat = self.claim_key_seat(key)
        if seat is not None:
            self.claim(seat)
        return True

    def ask_for_claim_key(self) -> None:
        self.say("Press your claim key first (" + self.claim_keys_text() + ").")

    @staticmethod
    def step_along(index: int | None, key: int, count: int) -> int:
        """← or → from ``index`` along a hand of ``count`` cards, wrapping (from nothing: an end)."""
        step = -1 if key == pygame.K_LEFT else 1
        return (count - 1 if step < 0 else 0) if index is None else (index + step) % count

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.claimer is not None:
            self.end_claim()
            return
        super().handle_event(event)

    # -- buttons, prompts, hints -------------------------------------------------------------------
    def label_for(self, action: Action) -> Choice | None:
        if isinstance(action, Pass) and self.view().options.get("reaction_seconds"):
            return None          # the ring runs out on its own
        return super().label_for(action)

    def turn_name(self) -> str:
        turn = self.view().turn
        return self.names[turn] if turn is not None and 0 <= turn < len(self.names) else "?"

    def turn_words(self, seat: int) -> str:
        """Who is on turn as the prompt says it: a bot thinks, a human has their turn."""
        name = self.names[seat]
        return f"{name} is thinking…" if seat not in self.humans else f"{whose(name, True)} turn"

    def your_turn(self, seat: int) -> str:
        return "Your turn" if not self.hotseat else f"{whose(self.names[seat], True)} turn"

    def claim_prompt(self, turn: int, chance: str) -> str:
        """Hot-seat, nobody's hand open: whose turn it is, and how to claim ``chance`` out of turn."""
        return f"{self.turn_words(turn)}   ·   {chance}: claim key ({self.claim_keys_text()})"

    def key_hints(self) -> list[tuple[str, str]]:
        hints = list(self.hand_hints())
        if self.hotseat:
            hints.append((self.claim_keys_hint(), self.claim_hint))
        hints.append(("Esc", "pause"))
        return hints

    def hand_hints(self) -> list[tuple[str, str]]:
        """The variant's own keys, listed before the claim keys and Esc."""
        return []

    # -- drawing -------------------------------------------------------------------------------------
    def plate_at(self, seat: int, slots: int, bounds: tuple[int, int, int, int]):
        if self.layout.spot(seat).own:
            x, y, w, h = bounds     # below the player's own hand, clear of the key hints
            return (x + w // 2, y + h + int(4 * self.layout.unit)), "midtop"
        return super().plate_at(seat, slots, bounds)

    def plate_text(self, seat: int, total: int) -> str:
        n = len(self.hands.get(seat, ()))
        return f"{self.names[seat]}  ·  {n} card{'s' if n != 1 else ''}  ·  {total} pts"

    def seat_tag(self, seat: int, acting: set):
        if self.round_result is not None:
            return None
        tag = self.state_tag(seat)
        if tag is not None:
            return tag
        pal = self.palette
        if seat == self.turn and seat not in self.humans:
            return "thinking…", pal.accent
        if seat == self.turn and seat in self.humans:
            return "your turn" if not self.hotseat else "on turn", pal.good
        return None

    def draw_direction(self, surface: pygame.Surface, pal: TH.Palette, radius: float, squash: float,
                       centre: tuple[int, int], arcs: tuple[tuple[float, float], ...]) -> None:
        """The direction of play: curved arrows (``arcs``, in degrees) on an ellipse round the piles."""
        u = self.layout.unit
        r = int(radius)
        colour = TH.lighten(pal.felt, 0.22)
        rect = pygame.Rect(0, 0, 2 * r, int(squash * r))
        rect.center = centre
        cw = self.as_told("direction") > 0     # clockwise on screen
        for d0, d1 in arcs:
            a0, a1 = math.radians(d0), math.radians(d1)
            pygame.draw.arc(surface, colour, rect, a0, a1, max(3, int(5 * u)))
            end = a0 if cw else a1      # pygame arcs run anticlockwise from a0 to a1
            ex = rect.centerx + math.cos(end) * rect.w / 2
            ey = rect.centery - math.sin(end) * rect.h / 2
            # the tangent, pointing the way play goes
            tx, ty = (math.sin(end), math.cos(end)) if cw else (-math.sin(end), -math.cos(end))
            tx, ty = tx * rect.w / 2, ty * rect.h / 2
            n = math.hypot(tx, ty) or 1
            tx, ty = tx / n, ty / n
            size = 12 * u
            pygame.draw.polygon(surface, colour, [(ex + tx * size, ey + ty * size),
                                                  (ex - tx * size * 0.3 - ty * size * 0.8, ey - ty * size * 0.3 + tx * size * 0.8),
                                                  (ex - tx * size * 0.3 + ty * size * 0.8, ey - ty * size * 0.3 - tx * size * 0.8)])

    def draw_owed(self, surface: pygame.Surface, pal: TH.Palette, text: str, fit: bool = True) -> None:
        """A pick-up owed, in a red box left of the deck ("+4 for you": names read as elsewhere)."""
        text = you_form(text)
        L = self.layout
        dxr, dyr = L.deck_pos
        txt = T.text(text, TH.BODY, (255, 255, 255), True)
        box = txt.get_rect(midright=(int(dxr - L.pile_card[0] / 2 - 26 * L.unit), int(dyr))).inflate(20, 10)
        if fit:
            box = self.fit_label(box, ("left", "up", "down", "right"))
        surface.blit(TH.panel(box.size, (*TH.darken(pal.bad, 0.3), 235), pal.bad, 10, 2), box.topleft)
        T.blit_text(surface, text, TH.BODY, (255, 255, 255), box.center, "center", bold=True)

    def draw_ring(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        if self.round_result is None and self.match_result is None:
            super().draw_ring(surface, pal)

    def draw_texts(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        super().draw_texts(surface, pal)
        self.draw_over_table(surface, pal)
        self.draw_hand_counts(surface, pal)

    def draw_over_table(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        """The variant's own panel over the table (Combat UNO's colour picker), under the counts."""

    def draw_hand_counts(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        """A card count on each hidden hand."""
        for seat, hand in self.hands.items():
            if not hand or self.layout.spot(seat).own and self.hand_visible(seat):
                continue
            x, y, w, h = self.seat_area(seat)
            label = str(len(hand))
            t = T.text(label, TH.SMALL, (255, 255, 255), True)
            d = max(t.get_width(), t.get_height()) + 8
            centre = (x + w - d // 3, y + d // 3)
            pygame.draw.circle(surface, TH.darken(pal.seat_colour(seat), 0.3), centre, d // 2)
            pygame.draw.circle(surface, (255, 255, 255), centre, d // 2, 2)
            surface.blit(t, t.get_rect(center=centre))
