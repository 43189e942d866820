"""What the tables of the hand games (Combat UNO, Kumbal) share, as a spec piece: fanned hands (the
acting player's own at the bottom, face up and sorted; the others' backs with a count), chosen cards
raised out of the fan, the direction of play round the piles, a pick-up owed, every hand laid down
at the round's end, the name plates and seat tags, and the hot-seat claim keys (Q W E R T Y) for
out-of-turn chances. A game's spec adds its sorting, what its player chooses in the hand, its own
events, its input and its wording (its words and faces are its narrator's).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client.narration.wording import its_turn, turn_words, you_form
from game.client.table import facts
from game.client.table.canvas import Canvas
from game.client.table.privacy import CLAIM_KEYS
from game.client.table.spec import Choice, TableSpec
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.actions import Action, Pass
from game.core.errors import IllegalAction, NotYourTurn
from game.core.errors import WindowClosed as WindowGone
from game.core.cards import DISCARD
from game.core.events import CardMoved, RoundScored, RoundStarted, TurnStarted, WindowClosed, WindowOpened
from game.core.hands import DirectionChanged, HandRevealed, Skipped
from game.core.view import SPECTATOR
from game.i18n import _, _l, ngettext, pgettext

LIFT_RATE = 14        # how fast (per second) a raised card eases to its height


class HandSpec(TableSpec):
    uses_hands = True
    hands_follow_actor = True
    input_waits_for_flights = False     # (the hand may be played while the last cards settle)
    joined = (HandRevealed,)            # every hand is laid down at once
    # Enter and ↑ act on the chosen card and ← → move along the hand: the buttons' focus must not take them.
    table_keys = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP)
    claim_hint = _l("claim")         # the key hints' words for the claim keys

    # -- hooks of the hand games -----------------------------------------------------------------
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

    def hand_hints(self) -> list[tuple[str, str]]:
        """The game's own keys, listed before the claim keys and Esc."""
        return []

    def draw_over_table(self, canvas: Canvas) -> None:
        """The game's own panel over the table (Combat UNO's colour picker), under the counts."""

    def view(self) -> Any:
        return self.t.match.view(SPECTATOR)

    # -- who acts ----------------------------------------------------------------------------------
    def hand_seat(self) -> int | None:
        """The human whose hand the input plays from now."""
        screen = self.t.screen
        if screen.claimer is not None:
            return screen.claimer
        if screen.viewer is not None and screen.viewer in screen.humans:
            return screen.viewer
        return None

    def input_seat(self) -> int | None:
        return self.hand_seat()

    # -- the frame (hands follow the acting player: privacy.follow_actor, by hands_follow_actor) ------
    def post_update(self, dt: float) -> bool:
        self.catch_up()
        return self.lift_cards(dt)

    def lift_cards(self, dt: float) -> bool:
        """The acting hand's raised cards ease up out of the fan; every other card eases back
        (True: some are still easing)."""
        seat = self.hand_seat()
        rises = self.card_rises(seat) if seat is not None else {}
        k = min(1.0, dt * LIFT_RATE)
        layout = self.t.screen.layout
        u = layout.unit
        lifting = False
        for hseat, hand in self.t.zones.hands.items():
            own = hseat == seat and layout.spot(hseat).own
            for i, s in enumerate(hand):
                target = -rises[i] * u if own and i in rises else 0.0
                s.oy += (target - s.oy) * k
                if abs(s.oy - target) < 0.3:
                    s.oy = target
                else:
                    lifting = True
        return lifting

    # -- the hand games' facts ---------------------------------------------------------------------
    def round_started(self, ev: RoundStarted) -> None:
        facts.round_started(self, ev)
        self.forget_choice()

    def turn_started(self, ev: TurnStarted) -> None:
        screen = self.t.screen
        viewer = screen.viewer
        facts.turn_started(self, ev)
        if screen.hotseat and screen.curtain is None:
            screen.viewer = viewer        # whose hand is open is wanted_viewer's business (see update)
        self.forget_choice()
        if ev.seat in screen.humans and not screen.hotseat:
            self.t.sound.play("click", 0.5)

    def card_moved(self, ev: CardMoved) -> None:
        facts.card_moved(self, ev)
        if ev.dst == DISCARD:
            self.t.sound.play("swap")

    def window_opened(self, ev: WindowOpened) -> None:
        self.t.screen.window = ev                # (no change of viewer: play goes on around the window)
        self.t.screen.window_passed = set()

    def window_closed(self, ev: WindowClosed) -> None:
        self.t.screen.window = None

    def skipped(self, ev: Skipped) -> None:
        self.t.hud.float_text(ev.seat, _("Skipped"), self.t.palette.bad)

    def direction_changed(self, ev: DirectionChanged) -> None:
        self.t.screen.told["direction"] = ev.direction

    def hand_revealed(self, ev: HandRevealed) -> None:
        t = self.t
        hand = t.zones.hands.get(ev.seat, [])
        cards = sorted(ev.cards, key=self.hand_key)
        for s, card in zip(hand, cards):
            s.card, s.show_to = card, None
            if s.turn < 0.5:
                t.director.flip(s, True)
        hand.sort(key=lambda s: self.hand_key(s.card) if s.card is not None else (9,))
        t.zones.relayout_hand(ev.seat)
        label = self.revealed_label(ev)
        if label is not None:
            t.hud.float_text(ev.seat, *label)
        t.director.stagger(0.02)

    def round_scored(self, ev: RoundScored) -> None:
        facts.round_scored(self, ev)
        self.forget_choice()
        self.t.director.pause_for(0.6)

    handlers = {RoundStarted: round_started, TurnStarted: turn_started, CardMoved: card_moved,
                WindowOpened: window_opened, WindowClosed: window_closed, Skipped: skipped,
                DirectionChanged: direction_changed, HandRevealed: hand_revealed, RoundScored: round_scored}

    # -- input -------------------------------------------------------------------------------------
    def claim_by_key(self, key: int) -> bool:
        """Hot-seat: a claim key opens that player's hand for an out-of-turn chance (True: it was one)."""
        if not (self.t.screen.hotseat and key in CLAIM_KEYS):
            return False
        seat = self.t.privacy.claim_key_seat(key)
        if seat is not None:
            self.t.privacy.claim(seat)
        return True

    def ask_for_claim_key(self) -> None:
        self.t.hud.say(_("Press your claim key first ({keys}).").format(keys=self.t.privacy.claim_keys_text()))

    @staticmethod
    def step_along(index: int | None, key: int, count: int) -> int:
        """← or → from ``index`` along a hand of ``count`` cards, wrapping (from nothing: an end)."""
        step = -1 if key == pygame.K_LEFT else 1
        return (count - 1 if step < 0 else 0) if index is None else (index + step) % count

    def intercept(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.t.screen.claimer is not None:
            self.t.privacy.end_claim()
            return True
        return False

    # -- buttons, prompts, hints -------------------------------------------------------------------
    def label_for(self, action: Action) -> Choice | None:
        if isinstance(action, Pass) and self.view().options.get("reaction_seconds"):
            return None          # the ring runs out on its own
        return super().label_for(action)

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        if isinstance(exc, (NotYourTurn, WindowGone)):    # (a game says first what its own chances were)
            turn = self.view().turn
            return its_turn(self.t.screen, turn) if turn is not None else _("It is not your turn.")
        return super().explain(exc, action)

    def turn_name(self) -> str:
        turn, names = self.view().turn, self.t.screen.names
        return names[turn] if turn is not None and 0 <= turn < len(names) else "?"

    def turn_words(self, seat: int) -> str:
        """Who is on turn as the prompt says it: a bot thinks, a human has their turn."""
        if seat not in self.t.screen.humans:
            return _("{name} is thinking…").format(name=self.t.screen.names[seat])
        return turn_words(self.t.screen, seat)

    def your_turn(self, seat: int) -> str:
        return _("Your turn") if not self.t.screen.hotseat else turn_words(self.t.screen, seat)

    def claim_prompt(self, turn: int, chance: str) -> str:
        """Hot-seat, nobody's hand open: whose turn it is, and how to claim ``chance`` out of turn."""
        return _("{turn}   ·   {chance}: claim key ({keys})").format(turn=self.turn_words(turn), chance=chance,
                                                                    keys=self.t.privacy.claim_keys_text())

    def key_hints(self) -> list[tuple[str, str]]:
        hints = list(self.hand_hints())
        if self.t.screen.hotseat:
            hints.append((self.t.privacy.claim_keys_hint(), self.claim_hint))
        hints.append(("Esc", pgettext("key hint", "pause")))
        return hints

    # -- drawing -------------------------------------------------------------------------------------
    def plate_at(self, seat: int, slots: int, bounds: tuple[int, int, int, int]):
        layout = self.t.screen.layout
        if layout.spot(seat).own:
            x, y, w, h = bounds     # below the player's own hand, clear of the key hints
            return (x + w // 2, y + h + int(4 * layout.unit)), "midtop"
        return super().plate_at(seat, slots, bounds)

    def plate_text(self, seat: int, total: int) -> str:
        n = len(self.t.zones.hands.get(seat, ()))
        return ngettext("{name}  ·  {n} card  ·  {total} pts", "{name}  ·  {n} cards  ·  {total} pts", n).format(
            name=self.t.screen.names[seat], n=n, total=total)

    def seat_tag(self, seat: int, acting: set):
        screen = self.t.screen
        if screen.round_result is not None:
            return None
        tag = self.state_tag(seat)
        if tag is not None:
            return tag
        pal = self.t.palette
        if seat == screen.turn and seat not in screen.humans:
            return _("thinking…"), pal.accent
        if seat == screen.turn and seat in screen.humans:
            return _("your turn") if not screen.hotseat else _("on turn"), pal.good
        return None

    def draw_direction(self, canvas: Canvas, radius: float, squash: float,
                       centre: tuple[int, int], arcs: tuple[tuple[float, float], ...]) -> None:
        """The direction of play: curved arrows (``arcs``, in degrees) on an ellipse round the piles."""
        surface, pal = canvas.surface, canvas.pal
        u = self.t.screen.layout.unit
        r = int(radius)
        colour = TH.lighten(pal.felt, 0.22)
        rect = pygame.Rect(0, 0, 2 * r, int(squash * r))
        rect.center = centre
        cw = self.t.screen.as_told("direction") > 0     # clockwise on screen
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

    def draw_owed(self, canvas: Canvas, text: str) -> None:
        """A pick-up owed, in a red box left of the deck ("+4 for you": names read as elsewhere):
        in the smaller type, and on two lines, where the gap to a left seat's cards is too narrow
        for it (a longer language's "Pick up 2: Ada" lay over the left seat's hand at 960x540)."""
        surface, pal = canvas.surface, canvas.pal
        text = you_form(text)
        L = self.t.screen.layout
        dxr, dyr = L.deck_pos
        right = int(dxr - L.pile_card[0] / 2 - 26 * L.unit)
        row = pygame.Rect(0, int(dyr - L.pile_card[1] / 2), right, L.pile_card[1])
        left = max([r.right for r in canvas.board.cards if r.colliderect(row)], default=0) + 12
        room = right - left - 10
        size, lines = TH.BODY, [text]
        if T.text(text, TH.BODY, (255, 255, 255), True).get_width() > room:
            size = TH.SMALL
            lines = T.wrap(text, size, max(room, 80), True)
        lh = T.line_height(size, True)
        width = max(T.text(line, size, (255, 255, 255), True).get_width() for line in lines)
        box = pygame.Rect(0, 0, width + 20, lh * len(lines) + 10)
        box.midright = (right + 10, int(dyr))
        box = canvas.fit(box, ("left", "up", "down", "right"))
        surface.blit(TH.panel(box.size, (*TH.darken(pal.bad, 0.3), 235), pal.bad, 10, 2), box.topleft)
        for i, line in enumerate(lines):
            T.blit_text(surface, line, size, (255, 255, 255), (box.centerx, box.y + 5 + i * lh), "midtop", bold=True)

    def draw_ring(self, canvas: Canvas) -> None:
        # (drawn where the spec's ring_shown says so: the HUD draws it when its own ring_shown is true)
        if self.t.screen.round_result is None and self.t.screen.match_result is None and self.ring_shown():
            super().draw_ring(canvas)

    def draw_texts(self, canvas: Canvas) -> None:
        super().draw_texts(canvas)
        self.draw_over_table(canvas)
        self.draw_hand_counts(canvas)

    def draw_hand_counts(self, canvas: Canvas) -> None:
        """A card count on each hidden hand."""
        surface, pal = canvas.surface, canvas.pal
        layout, zones = self.t.screen.layout, self.t.zones
        for seat, hand in zones.hands.items():
            if not hand or layout.spot(seat).own and zones.hand_visible(seat):
                continue
            x, y, w, h = self.seat_area(seat)
            label = str(len(hand))
            t = T.text(label, TH.SMALL, (255, 255, 255), True)
            d = max(t.get_width(), t.get_height()) + 8
            centre = (x + w - d // 3, y + d // 3)
            pygame.draw.circle(surface, TH.darken(pal.seat_colour(seat), 0.3), centre, d // 2)
            pygame.draw.circle(surface, (255, 255, 255), centre, d // 2, 2)
            surface.blit(t, t.get_rect(center=centre))
