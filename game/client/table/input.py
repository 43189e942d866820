"""Input from legal actions: what to highlight, what a click means, which buttons to show.

Nothing here knows a rule. The acting human's legal actions say it all: ``action.targets()``
names the places an action picks, in order, so a click on a place picks among the legal actions
whose next target is that place (two clicks for a two-place action); an action with no target is
a button, worded by the variant's ``action_labels`` (action type -> ``Choice``). A variant may
also let a click on a pile or a held card take a target-less action (``click_actions``). When no
legal action fits a click, the table either lets the engine refuse the action the click asks for
(and words the refusal) or says what the table waits for.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.core.actions import Action
from game.core.cards import Place
from game.core.errors import IllegalAction
from game.core.view import SPECTATOR


CLICK_AHEAD = 1.5   # seconds a click that ended a look may wait for the table to be ready


@dataclass(frozen=True)
class Choice:
    """How a button for a target-less action reads."""

    text: str
    key: int | None = None
    hint: str = ""
    primary: bool = False


class LegalInput:
    """Mixin of TableScene: legal actions -> highlights, clicks, buttons, keys."""

    action_labels: dict[type, Choice] = {}
    # place (or a zone name, e.g. "held": the acting seat's own) -> target-less action types a
    # click there takes, the first legal one; if none is legal the first is tried (and refused)
    click_actions: dict[Any, tuple[type, ...]] = {}
    table_keys: tuple[int, ...] = (pygame.K_SPACE,)   # go to the table even when a button has focus

    def init_input(self) -> None:
        self.pick: list[Place] = []              # the places picked so far for a multi-place action
        self._buttons_key: Any = None
        self.click_ahead: tuple[Place, float, set[type]] | None = None   # a card clicked to end a look (hold_click)

    # -- who acts, and with what ----------------------------------------------------------------------
    def input_seat(self) -> int | None:
        """The human the pointer acts for now."""
        if self.claimer is not None:
            return self.claimer
        acting = self.match.view(SPECTATOR).acting
        return next((h for h in self.humans if h in acting), None)

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
        if place.zone == "held":
            return self.click_actions.get("held", ()) if place.seat == seat else ()
        return self.click_actions.get(place, ())

    def targets(self) -> tuple[set, set]:
        """(places to highlight as legal targets, places picked) for the acting human."""
        seat = self.input_seat()
        if seat is None or self.match.over:
            return set(), set()
        lit = set(self.place_choices(seat))
        if not self.pick:
            kinds = {type(a) for a in self.legal(seat)}
            for place in self.click_actions:
                if isinstance(place, Place) and kinds & set(self.click_actions[place]):
                    lit.add(place)
        return lit, set(self.pick)

    def click(self, place: Place) -> None:
        seat = self.input_seat()
        if seat is None:
            self.no_input_seat(place)
            return
        if place in self.pick:
            self.pick.remove(place)
            return
        choices = self.place_choices(seat).get(place, [])
        if choices:
            done = [a for a in choices if len(a.targets()) == len(self.pick) + 1]
            if done:
                self.pick = []
                self.act(done[0])
            else:
                self.pick.append(place)
            return
        kinds = self.click_types(place, seat) if not self.pick else ()
        if kinds:
            legal = [a for a in self.legal(seat) if type(a) in kinds]
            self.act(legal[0] if legal else kinds[0](seat))   # refused: the reason is shown
            return
        aimed = self.aimed_at(place, seat) if not self.pick else None
        if aimed is not None:
            self.act(aimed)   # the rules say why not ("you have already looked at that card")
            return
        self.say(self.not_a_choice(place))

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

    def no_input_seat(self, place: Place) -> None:
        """A click while no human may act (a variant words whose turn it is)."""

    def not_a_choice(self, place: Place) -> str:
        """Why a click on a place no legal action names does nothing."""
        return self.prompt() or "That is not a choice now."

    def act(self, action: Action) -> bool:
        return self.submit(action)

    def submit(self, action: Action) -> bool:
        """A human's intent: applied by the rules at once (its facts then animate), or refused
        with a readable reason."""
        before = self.guide_before()
        try:
            self.match.submit(action, self.table_time)
        except IllegalAction as exc:
            self.say(self.explain(exc, action))
            self.sound.play("click", 0.4)
            return False
        self.guide_acted(action, before)
        return True

    # -- buttons ---------------------------------------------------------------------------------------
    def label_for(self, action: Action) -> Choice | None:
        """The button for a target-less legal action (None: no button)."""
        return self.action_labels.get(type(action))

    def build_buttons(self) -> list[Button]:
        seat = self.input_seat()
        if seat is None or not self.ready_for_input() or self.match.over:
            return []
        order = list(self.action_labels)
        found: list[tuple[int, Choice, Action]] = []
        for action in self.legal(seat):
            if action.targets() or type(action) not in self.action_labels:
                continue
            choice = self.label_for(action)
            if choice is not None:
                found.append((order.index(type(action)), choice, action))
        found.sort(key=lambda f: f[0])
        buttons, keys = [], set()
        for _, choice, action in found:
            key = choice.key if choice.key not in keys else None   # one button per shortcut
            keys.add(choice.key)
            buttons.append(Button(choice.text, lambda a=action: self.act(a), shortcut=key, hint=choice.hint,
                                  primary=choice.primary))
        buttons += self.extra_buttons()
        if buttons and self.match.has_coach(seat):
            buttons.append(Button("Hint", self.ask_coach, shortcut=pygame.K_F1, hint="F1"))
        return buttons

    def extra_buttons(self) -> list[Button]:
        return []

    def buttons_key(self) -> Any:
        return (self.match.version, self.claimer, self.viewer, tuple(self.pick))

    def relayout_buttons(self) -> None:
        # (last, so that the focus and Enter stay on the button that was first before it came)
        replay = Button("Replay round", self.open_replay, shortcut=pygame.K_v, hint="V")
        if self.guided_round_over() and not self.animating:
            buttons = self.guided_end_buttons()        # a guided match is one round, whatever the game
        elif self.showing_match_result() and not self.animating:
            buttons = [Button("Rematch", self.rematch, shortcut=pygame.K_r, hint="R"),
                       Button("Main menu", self.app.to_main_menu, primary=True, hint="Enter"), replay]
        elif self.match_result is not None and not self.animating:
            buttons = [Button("Match result", self.show_match_result, primary=True, hint="Enter"), replay]
        elif self.round_result is not None and not self.animating and self.round_over():
            buttons = [Button("Next round", self.next_round, primary=True, hint="Enter"), replay]
        elif self.hold is not None:
            buttons = [Button("Done", self.release_hold, primary=True, hint="Enter")]
        else:
            buttons = self.build_buttons()
        w, h = self.layout.size
        if self.match_result is not None or self.round_result is not None:
            least = 200 if len(buttons) < 3 else 150      # three buttons (Replay round, Rematch, Main menu) still fit
            widths = [max(least, T.text(b.text, TH.BODY, (0, 0, 0), True).get_width() + 80) for b in buttons]
            self.results_row = sum(widths) + 16 * (len(buttons) - 1)   # (the panel is made wide enough for them)
            panel = self.overlay_rect()
            x = panel.centerx - self.results_row // 2
            for b, bw in zip(buttons, widths):
                b.rect = pygame.Rect(x, panel.bottom - 16 - 46, bw, 46)
                x += bw + 16
        else:
            y, x = h - 16, w - 16
            for b in reversed(buttons):
                bw = max(150, T.text(b.text, TH.BODY, (0, 0, 0), True).get_width() + 70)
                b.rect = pygame.Rect(0, 0, bw, 44)
                b.rect.bottomright = (x, y)
                y -= 52
        history = Button("Hide history" if self.history_open else "History", self.toggle_history, hint="H",
                         size=TH.SMALL)
        # as wide as its words (a fixed 172 px reached over the top right seat's cards at 960x540)
        hw = max(112, T.text(history.text, TH.SMALL, (0, 0, 0), True).get_width() + 64)
        history.rect = pygame.Rect(w - 12 - hw, 10, hw, 36)
        self.form.set_widgets(buttons + [history], keep_focus=False)
        # Enter presses the button that says "Enter": the primary one, not whichever comes first
        # (on the match result Enter started a rematch under a "Main menu · Enter" button).
        primary = next((b for b in buttons if b.primary and b.enabled), None)
        if primary is not None:
            self.form.focus_on(primary)
        elif not buttons or pygame.K_RETURN in self.table_keys:
            # Nothing of the player's to press (a bot's turn): History must not take the focus, or
            # it wears the gold ring at every bot's turn and a late Enter opens it. Where Enter
            # goes to the table (a hand's chosen cards), a ring on a button would say Enter presses
            # it: Kumbal's "Take 7♥" stood lit at every draw.
            self.form.unfocus()

    def update_buttons(self) -> None:
        key = (self.buttons_key(), self.hold.kind if self.hold else None, self.claimer,
               bool(self.round_result), bool(self.match_result), self.final_round_seen, self.ready_for_input(),
               self.animating, self.history_open, self.guide_moment() is not None)
        if key != self._buttons_key:
            self._buttons_key = key
            self.relayout_buttons()

    # -- events ----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.take_back_event(event):
            return
        if self.guide_event(event):
            return
        if self.history_event(event):
            return
        if self.history_open and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and self.history_rect().collidepoint(event.pos):
            return      # a click on the open history panel is not a click on the table under it
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.pick:
                self.pick = []
                return
            if self.claimer is not None:
                self.claimer = None
                return
            self.open_pause()
            return
        if event.type == pygame.KEYDOWN and event.key in self.table_keys and self.hold is None \
                and self.round_result is None and self.match_result is None:
            self.handle_table_event(event)   # the table's own keys, never "press the focused button"
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            # Space is the table's pass key, pressed in a hurry: one that comes as the last window
            # closes must not press the button the results bring (it skipped the final round's
            # scores, seen in a real window; a second would leave for the main menu). Enter does.
            return
        if self.form.handle_event(event):
            return
        if self.match_result is not None or self.round_result is not None:
            return
        self.handle_table_event(event)

    def handle_table_event(self, event: pygame.event.Event) -> None:
        """Clicks on places; Enter ends a hold. A variant adds its keys (``table_key``)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.hold is not None and not self.match.over:
                self.hold_click(self.place_at(event.pos))
                return
            if not self.ready_for_input() or self.match.over:
                return
            place = self.place_at(event.pos)
            if place is not None:
                self.click(place)
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hold is not None:
            self.release_hold()
            return
        if event.key == pygame.K_F1:
            self.ask_coach()
            return
        if self.ready_for_input() and not self.match.over:
            self.table_key(event.key)

    def hold_click(self, place: Place | None) -> None:
        """A click on a card while the player's start-of-round peek waits for Enter ends the look,
        and counts as a click on that card once the card looked at is face down again, for the
        same kind of action only (the next peek): Kabu's second peek, clicked straight after the
        first, used to be dropped without a word. Not after an ability's look, where the next
        choice is a claim (a click to dismiss the look must never claim a card), nor in hot seat,
        where the end of a look brings the curtain for the next player, nor in the guided match."""
        hold = self.hold
        if place is None or hold is None or hold.kind != "peek" or hold.seat not in self.humans or self.hotseat \
                or self.guided:      # (the guided match takes the player through each step, this one too)
            return
        kinds = {type(a) for a in self.legal(hold.seat)}
        self.release_hold()
        self.click_ahead = (place, self.time, kinds)

    def take_click_ahead(self) -> None:
        """The click that ended a look, once the table is ready again: taken if that card is then a
        choice of the kind the player was making, dropped if not or if it waited longer than
        CLICK_AHEAD seconds."""
        if self.click_ahead is None:
            return
        place, at, kinds = self.click_ahead
        if self.time - at > CLICK_AHEAD or self.match.over:
            self.click_ahead = None
            return
        if self.hold is not None or not self.ready_for_input():
            return
        self.click_ahead = None
        seat = self.input_seat()
        choices = self.place_choices(seat).get(place) if seat is not None else None
        if choices and all(type(a) in kinds for a in choices):
            self.click(place)

    def table_key(self, key: int) -> None:
        """A variant's own keys (number keys for slots, claim keys...)."""
