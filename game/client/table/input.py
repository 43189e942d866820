"""Input from legal actions: what to highlight, what a click means, which buttons to show.

Nothing here knows a rule. The acting human's legal actions say it all: ``action.targets()``
names the places an action picks, in order, so a click on a place picks among the legal actions
whose next target is that place (two clicks for a two-place action); an action with no target is
a button, worded by the spec's ``label_for`` (action type -> ``Choice``). A spec may also let a
click on a pile or a held card take a target-less action (``click_actions``). When no legal
action fits a click, the table either lets the engine refuse the action the click asks for (and
words the refusal) or says what the table waits for. The buttons (the player's, the results',
History) are laid out again only when what they depend on changes.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import pygame

from game.client.table.spec import Choice  # noqa: F401  (Choice: for the specs)
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button, Form
from game.core.actions import Action
from game.core.cards import Place, held_place
from game.core.errors import IllegalAction
from game.core.view import SPECTATOR
from game.i18n import _

CLICK_AHEAD = 1.5   # seconds a click that ended a look may wait for the table to be ready


class Input:
    """Legal actions -> highlights, clicks, buttons, keys."""

    interface = ("pick", "clear_pick", "form", "acting_human", "input_seat", "legal", "place_choices", "targets", "click",
                 "submit", "legal_buttons", "table_event", "handle_event", "update_buttons", "invalidate",
                 "button_rect", "take_click_ahead")

    def __init__(self, screen: Any, spec: Any, match: Any, director: Any, hud: Any, results: Any, history: Any,
                 coach: Any, guide: Any, sound: Any, actions: dict[str, Callable[[], None]]):
        self.screen, self.spec, self.match, self.director = screen, spec, match, director
        self.hud, self.results, self.history, self.coach, self.guide = hud, results, history, coach, guide
        self.sound = sound
        self.actions = actions        # the table's own: pause, next_round, rematch (and its words), replay, main_menu
        self.form = Form(sound=sound.play)
        self.pick: list[Place] = []              # the places picked so far for a multi-place action
        self._buttons_key: Any = None
        self.click_ahead: tuple[Place, float, set[type]] | None = None   # a card clicked to end a look (hold_click)

    # -- who acts, and with what ----------------------------------------------------------------------
    def acting_human(self) -> int | None:
        """The human the pointer acts for by default: a hot-seat claimer, else the first human the
        rules let act now."""
        if self.screen.claimer is not None:
            return self.screen.claimer
        acting = self.match.view(SPECTATOR).acting
        return next((h for h in self.screen.humans if h in acting), None)

    def input_seat(self) -> int | None:
        return self.spec.input_seat()

    def clear_pick(self) -> None:
        """Forget the places picked so far (the choice they were for is over)."""
        self.pick = []

    def legal(self, seat: int) -> list[Action]:
        return self.match.legal(seat)

    def place_choices(self, seat: int) -> dict[Place, list[Action]]:
        """Each place a click may pick now -> the legal actions whose next target it is."""
        picked = tuple(self.pick)
        choices: dict[Place, list[Action]] = {}
        for action in self.legal(seat):
            targets = action.targets()
            if len(targets) > len(picked) and targets[:len(picked)] == picked:
                choices.setdefault(targets[len(picked)], []).append(action)
        return choices

    def click_types(self, place: Place, seat: int) -> tuple[type, ...]:
        click_actions = self.spec.click_actions
        if place.zone == "held":
            return click_actions.get("held", ()) if place.seat == seat else ()
        return click_actions.get(place, ())

    def targets(self) -> tuple[set, set]:
        """(places to highlight as legal targets, places picked) for the acting human."""
        seat = self.input_seat()
        if seat is None or self.match.over:
            return set(), set()
        lit = set(self.place_choices(seat))
        if not self.pick:
            kinds = {type(a) for a in self.legal(seat)}
            for place, types in self.spec.click_actions.items():
                if isinstance(place, Place) and kinds & set(types):
                    lit.add(place)
        return lit, set(self.pick)

    def click(self, place: Place) -> None:
        seat = self.input_seat()
        if seat is None:
            self.spec.no_input_seat(place)
            return
        if place in self.pick:
            self.pick.remove(place)
            return
        choices = self.place_choices(seat).get(place, [])
        if choices:
            done = [a for a in choices if len(a.targets()) == len(self.pick) + 1]
            if done:
                self.pick = []
                self.spec.act(done[0])
            else:
                self.pick.append(place)
            return
        kinds = self.click_types(place, seat) if not self.pick else ()
        if kinds:
            legal = [a for a in self.legal(seat) if type(a) in kinds]
            self.spec.act(legal[0] if legal else kinds[0](seat))   # refused: the reason is shown
            return
        aimed = self.aimed_at(place, seat) if not self.pick else None
        if aimed is not None:
            self.spec.act(aimed)   # the rules say why not ("you have already looked at that card")
            return
        self.hud.say(self.spec.not_a_choice(place))

    def aimed_at(self, place: Place, seat: int) -> Action | None:
        """What a click on a card no legal action names asks for: a legal kind of one-card action
        aimed at that card instead (a card already peeked at, a locked caller's card), so that the
        rules, not the prompt again, say why it cannot be chosen. None if no such kind takes it."""
        tried: set[type] = set()
        for action in self.legal(seat):
            kind = type(action)
            if kind in tried:
                continue
            tried.add(kind)
            targets = action.targets()
            if len(targets) != 1 or targets[0].zone != place.zone:
                continue
            names = [f.name for f in dataclasses.fields(action)
                     if f.name == "index" or isinstance(getattr(action, f.name), Place)]
            if len(names) != 1:
                continue
            value = place.index if names[0] == "index" else place
            aimed = dataclasses.replace(action, **{names[0]: value})
            if aimed.targets() == (place,):
                return aimed
        return None

    def submit(self, action: Action) -> bool:
        """A human's intent: applied by the rules at once (its facts then animate), or refused
        with a readable reason."""
        before = self.guide.before()
        try:
            self.match.submit(action, self.screen.table_time)
        except IllegalAction as exc:
            self.hud.say(self.spec.explain(exc, action))
            self.sound.play("click", 0.4)
            return False
        self.guide.acted(action, before)
        self.spec.acted(action)
        return True

    # -- buttons ---------------------------------------------------------------------------------------
    def legal_buttons(self) -> list[Button]:
        """One button per target-less legal action of the acting human (in ``action_labels``
        order), the spec's own, and the coach's Hint."""
        seat = self.input_seat()
        if seat is None or not self.director.ready_for_input() or self.match.over:
            return []
        labels = self.spec.action_labels
        order = list(labels)
        found: list[tuple[int, Choice, Action]] = []
        for action in self.legal(seat):
            if action.targets() or type(action) not in labels:
                continue
            choice = self.spec.label_for(action)
            if choice is not None:
                found.append((order.index(type(action)), choice, action))
        found.sort(key=lambda f: f[0])
        buttons, keys = [], set()
        for _order, choice, action in found:
            key = choice.key if choice.key not in keys else None   # one button per shortcut
            keys.add(choice.key)
            buttons.append(Button(str(choice.text), lambda a=action: self.spec.act(a), shortcut=key, hint=choice.hint,
                                  primary=choice.primary))
        buttons += self.spec.extra_buttons()
        if buttons and self.match.has_coach(seat):
            buttons.append(Button(_("Hint"), self.coach.ask, shortcut=pygame.K_F1, hint="F1"))
        return buttons

    def invalidate(self) -> None:
        """Lay the buttons out again at the next frame."""
        self._buttons_key = None

    def button_rect(self, text: str) -> pygame.Rect | None:
        """Where the button with these words is (None: no such button shows)."""
        for widget in self.form.widgets:
            if isinstance(widget, Button) and widget.text == text and widget.rect is not None:
                return widget.rect
        return None

    def relayout_buttons(self) -> None:
        screen, director = self.screen, self.director
        # (last, so that the focus and Enter stay on the button that was first before it came)
        replay = Button(_("Replay round"), self.actions["replay"], shortcut=pygame.K_v, hint="V")
        if self.guide.round_over() and not director.animating:
            # A guided match is one round, whatever the game: then a real match of this game (its
            # setup screen, where the guide was offered; Esc leaves it for the menu), or the round
            # again face up. (Two buttons: a third left no room at 960x540 for the guide's last
            # words beside the scores.)
            buttons = [Button(_("Set up a match"), self.actions["set_up_match"], primary=True, hint="Enter"), replay]
        elif screen.showing_match_result() and not director.animating:
            buttons = [Button(self.actions["rematch_words"](), self.actions["rematch"], shortcut=pygame.K_r, hint="R"),
                       Button(_("Main menu"), self.actions["main_menu"], primary=True, hint="Enter"), replay]
        elif screen.match_result is not None and not director.animating:
            buttons = [Button(_("Match result"), self.results.show_match_result, primary=True, hint="Enter"), replay]
        elif screen.round_result is not None and not director.animating and self.match.round_over():
            buttons = [Button(_("Next round"), self.actions["next_round"], primary=True, hint="Enter"), replay]
        elif director.hold is not None:
            buttons = [Button(_("Done"), director.release_hold, primary=True, hint="Enter")]
        else:
            buttons = self.spec.buttons()
        w, h = screen.layout.size
        if screen.match_result is not None or screen.round_result is not None:
            least = 200 if len(buttons) < 3 else 150      # three buttons (Replay round, Rematch, Main menu) still fit
            widths = [max(least, T.text(b.text, TH.BODY, (0, 0, 0), True).get_width() + 80) for b in buttons]
            self.results.set_buttons_row(sum(widths) + 16 * (len(buttons) - 1))   # (the panel is made wide enough)
            overlay = self.spec.overlay_rect()
            x = overlay.centerx - (sum(widths) + 16 * (len(buttons) - 1)) // 2
            for b, bw in zip(buttons, widths):
                b.rect = pygame.Rect(x, overlay.bottom - 16 - 46, bw, 46)
                x += bw + 16
        else:
            y, x = h - 16, w - 16
            cards = self.own_cards()
            for b in reversed(buttons):
                b.rect = pygame.Rect(0, 0, self.button_width(b, cards, y), 44)
                b.rect.bottomright = (x, y)
                y -= 52
        history_button = Button(_("Hide history") if self.history.is_open else _("History"), self.history.toggle, hint="H",
                                size=TH.SMALL)
        # as wide as its words (a fixed 172 px reached over the top right seat's cards at 960x540)
        hw = max(112, T.text(history_button.text, TH.SMALL, (0, 0, 0), True).get_width() + 64)
        # and no wider than the room right of a top seat's cards, its words in the tiny type there
        band = pygame.Rect(0, 10, w, 36)
        beside = [r.right for r in self.spec.card_rects() if r.colliderect(band) and r.right < w - 12 - 112]
        if beside:
            least = T.text(history_button.text, TH.TINY, (0, 0, 0), True).get_width() + 64
            hw = min(hw, max(w - 12 - (max(beside) + 8), least, 112))
        history_button.rect = pygame.Rect(w - 12 - hw, 10, hw, 36)
        self.form.set_widgets(buttons + [history_button], keep_focus=False)
        # Enter presses the button that says "Enter": the primary one, not whichever comes first
        # (on the match result Enter started a rematch under a "Main menu · Enter" button).
        primary = next((b for b in buttons if b.primary and b.enabled), None)
        if primary is not None:
            self.form.focus_on(primary)
        elif not buttons or pygame.K_RETURN in self.spec.table_keys:
            # Nothing of the player's to press (a bot's turn): History must not take the focus, or
            # it wears the gold ring at every bot's turn and a late Enter opens it. Where Enter
            # goes to the table (a hand's chosen cards), a ring on a button would say Enter presses
            # it: Kumbal's "Take 7♥" stood lit at every draw.
            self.form.unfocus()

    def own_cards(self) -> list[pygame.Rect]:
        """Where the cards lie that a button in the lower right corner could reach: every card,
        and the player's drawn card where it will be held (it may still be on its way)."""
        cards = self.spec.card_rects()
        L = self.screen.layout
        if not self.spec.uses_hands and self.spec.place_rect(held_place(self.screen.bottom)) is not None:
            (x, y), _angle, size = L.held_pos(self.screen.bottom)
            held = pygame.Rect(0, 0, *size)
            held.center = (int(x), int(y))
            cards.append(held)
        return cards

    def button_width(self, button: Button, cards: list[pygame.Rect], bottom: int) -> int:
        """A button in the corner stack: as wide as its words at their size, but no wider than the
        room right of the cards on its row (a longer language's "Penalty card instead" reached over
        the player's grid at 960x540), where its words take a smaller type (Button.draw_at picks
        it); never narrower than they need in the tiny type."""
        w = self.screen.layout.size[0]
        hint_w = T.text(button.hint, TH.TINY, (0, 0, 0)).get_width() + 22 if button.hint else 0
        natural = max(150, T.text(button.text, TH.BODY, (0, 0, 0), True).get_width() + 70)
        band = pygame.Rect(0, bottom - 44, w, 44)
        beside = [r.right for r in cards if r.colliderect(band) and r.right < w - 16 - 150]
        if not beside:
            return natural
        room = w - 16 - (max(beside) + 10)
        least = max(150, T.text(button.text, TH.TINY, (0, 0, 0), True).get_width() + hint_w + 24)
        return min(natural, max(room, least))

    def update_buttons(self) -> None:
        screen, director = self.screen, self.director
        hold = director.hold
        key = ((self.match.version, screen.claimer, screen.viewer, tuple(self.pick), self.spec.choice_key()),
               hold.kind if hold else None, screen.claimer, bool(screen.round_result), bool(screen.match_result),
               screen.final_round_seen, director.ready_for_input(), director.animating, self.history.is_open,
               self.guide.moment() is not None)
        if key != self._buttons_key:
            self._buttons_key = key
            self.relayout_buttons()

    # -- events ----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """What the take-back, the guide and the history left: Esc, the table's keys, the buttons,
        then the table itself."""
        screen, director = self.screen, self.director
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.pick:
                self.pick = []
                return
            if screen.claimer is not None:
                screen.claimer = None
                return
            self.actions["pause"]()
            return
        if event.type == pygame.KEYDOWN and event.key in self.spec.table_keys and director.hold is None \
                and screen.round_result is None and screen.match_result is None:
            self.spec.table_event(event)   # the table's own keys, never "press the focused button"
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            # Space is the table's pass key, pressed in a hurry: one that comes as the last window
            # closes must not press the button the results bring (it skipped the final round's
            # scores, seen in a real window; a second would leave for the main menu). Enter does.
            return
        if self.form.handle_event(event):
            return
        if screen.match_result is not None or screen.round_result is not None:
            return
        self.spec.table_event(event)

    def table_event(self, event: pygame.event.Event) -> None:
        """Clicks on places; Enter ends a hold; F1 asks the coach; the spec's own keys."""
        director, over = self.director, self.match.over
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if director.hold is not None and not over:
                self.hold_click(self.spec.place_at(event.pos))
                return
            if not director.ready_for_input() or over:
                return
            place = self.spec.place_at(event.pos)
            if place is not None:
                self.click(place)
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and director.hold is not None:
            director.release_hold()
            return
        if event.key == pygame.K_F1:
            self.coach.ask()
            return
        if director.ready_for_input() and not over:
            self.spec.table_key(event.key)

    def hold_click(self, place: Place | None) -> None:
        """A click on a card while the player's start-of-round peek waits for Enter ends the look,
        and counts as a click on that card once the card looked at is face down again, for the
        same kind of action only (the next peek): Kabu's second peek, clicked straight after the
        first, used to be dropped without a word. Not after an ability's look, where the next
        choice is a claim (a click to dismiss the look must never claim a card), nor in hot seat,
        where the end of a look brings the curtain for the next player, nor in the guided match."""
        hold = self.director.hold
        if place is None or hold is None or hold.kind != "peek" or hold.seat not in self.screen.humans \
                or self.screen.hotseat or self.guide.guided:   # (the guided match leads the player through each step)
            return
        kinds = {type(a) for a in self.legal(hold.seat)}
        self.director.release_hold()
        self.click_ahead = (place, self.screen.time, kinds)

    def take_click_ahead(self) -> None:
        """The click that ended a look, once the table is ready again: taken if that card is then a
        choice of the kind the player was making, dropped if not or if it waited longer than
        CLICK_AHEAD seconds."""
        if self.click_ahead is None:
            return
        place, at, kinds = self.click_ahead
        if self.screen.time - at > CLICK_AHEAD or self.match.over:
            self.click_ahead = None
            return
        if self.director.hold is not None or not self.director.ready_for_input():
            return
        self.click_ahead = None
        seat = self.input_seat()
        choices = self.place_choices(seat).get(place) if seat is not None else None
        if choices and all(type(a) in kinds for a in choices):
            self.click(place)
