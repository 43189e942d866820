"""The card table scene: it composes the parts, each with one job.

- driver.py   MatchDriver: the Game and its Session, the clock's actions, legal actions and views,
              saving (the only client code that holds the engine)
- director.py EventDirector: the queue of (redacted) events, joined steps, on_<Event> handlers, flights
- zones.py    ZoneViews: the sprites of grids, fans, held cards and piles; poses; drawing them
- privacy.py  HotSeatPrivacy: who looks at the screen, the curtain between hot-seat players
- input.py    LegalInput: legal actions -> highlights, clicks, buttons, keys
- hud.py      Hud: plates, prompt, narration, messages, the reaction ring, the results and chart
- take_back.py TableTakeBack: Ctrl+Z takes the player's last move back (against bots), rebuilding
              the match as for a continued one

How time works here. The rules apply at once (the driver submits or advances); every event list
they produce is queued, and the director drains the queue one step at a time through tweens. The
table clock (``table_time``) only runs while the view is idle: no event waiting, no tween running,
nobody peeking or choosing a claim, no curtain. So bots' delays, reaction windows and Expire all
count from the moment the player could see the situation, and the bots never run ahead of what is
on screen. Between animations the views are what is on screen, so prompts, buttons and highlights
read the views and legal actions.

A variant's table subclasses TableScene and gives its layout and wording: ``face_of(card)``,
handlers ``on_<EventName>(event)`` for its own events, ``action_labels`` and its prompt.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from ai.registry import bot_seed
from game.client.narration import Narrator
from game.client.scene import Scene
from game.client.table.coach import COACH_KEY, TableCoach
from game.client.table.director import EventDirector
from game.client.table.driver import MatchDriver
from game.client.table.guide import TableGuide
from game.client.table.history import TRACE_BRIGHT, History
from game.client.table.hud import Hud
from game.client.table.input import LegalInput
from game.client.table.layout import TableLayout
from game.client.table.pacing import PacedAgent, build_agent
from game.client.table.privacy import CLAIM_KEYS, HotSeatPrivacy  # noqa: F401  (CLAIM_KEYS: for the variants)
from game.client.table.take_back import TableTakeBack
from game.client.narration.wording import friendly
from game.client.table.zones import ZoneViews
from game.client.ui import theme as TH
from game.client.ui.tween import Tweens
from game.client.ui.widgets import Form
from game.core.actions import Action
from game.core.errors import IllegalAction, NotAChoice
from game.core.events import Event, RoundScored
from game.core.memory import TableMemory
from game.core.record import GameRecord
from game.core.view import SPECTATOR

AUTO_NEXT_ROUND = 2.5   # seconds a bots-only table shows the round's scores before dealing again
NOT_SAVED_SECONDS = 6.0     # a toast about saving is read in full
PULSE_SECONDS = 2.5     # lit cards and rings pulse this long once the table comes to rest, then hold still
PULSE_FPS = 30          # frames a second for what only pulses or glows (a flight gets the app's 60)
TICK_FPS = 20           # a reaction window's countdown ring (its label counts tenths)


class TableScene(ZoneViews, EventDirector, HotSeatPrivacy, LegalInput, TableTakeBack, Hud, History, TableCoach, TableGuide,
                 Scene):
    runs_clock = True
    variant_id = ""
    variant_title = ""
    grid_columns = 2   # cards per row of a face-down grid (Kombio 2, Kabu 3)
    narrator_class: type[Narrator] = Narrator   # the game's words for what happened, and its cards' faces

    def __init__(self, app, record: GameRecord, storage: Any = None):
        super().__init__(app)
        self.store = storage if storage is not None else app.storage
        self.seat_infos = list(record.seats)
        self.names = [s.name for s in self.seat_infos]
        self.humans = [i for i, s in enumerate(self.seat_infos) if s.kind == "human"]
        self.narrator = self.narrator_class(self.names)
        self.bottom = self.humans[0] if self.humans else 0
        self.tweens = Tweens(scale=self._anim_scale)
        self.time = 0.0                           # visual time (pulses)
        self.draw_log: list[tuple] | None = None  # tests: what faces were drawn, frame by frame
        self.frame_faces: list[tuple] = []
        self.saved_error: str | None = None       # what the player was told could not be saved
        self._auto_next = 0.0
        self.still_since = 0.0                    # self.time when the last movement ended (pulse)
        self.memories = {h: TableMemory(h) for h in self.humans}
        self.form = Form(sound=app.sound.play)
        self.layout = TableLayout(app.size, len(self.names), self.bottom, self.grid_columns)
        self.init_director()
        self.init_zones()
        self.init_privacy()
        self.init_input()
        self.init_hud()
        self.init_history()
        self.init_guide()
        # A continued match replays its record (feeding the bots and the humans' memories), then
        # the sprites are rebuilt from the views without animations.
        agents = {i: PacedAgent(build_agent(record.variant, info, bot_seed(record.seed, i)), self.settings.bot_delay_scale)
                  for i, info in enumerate(self.seat_infos) if info.kind != "human"}

        def remember(events: list[Event]) -> None:
            for h, mem in self.memories.items():
                mem.observe_all([e.for_seat(h) for e in events])
        coaches = self.init_coach(record.variant, record.seed)
        if record.actions:
            # A continued match stays marked as coached if the coach was asked before the save.
            saved = self.store.saved_match(record.variant) if hasattr(self.store, "saved_match") else None
            self.coached = bool(saved and saved[0].seed == record.seed and saved[1].get("coached"))
        self.make_layout(app.size, self.bottom)   # (the key hints can be worked out now)
        self.match = MatchDriver(record, agents, self.humans, on_replay=remember, coaches=coaches)
        self.table_time = self.match.now
        self.match.listen(self.on_events)
        self.shown = self.match.view(SPECTATOR)   # the public view the screen has caught up with
        # What the events played out since say of the public view (the colour named, the way play
        # goes): `shown` is taken again only once every queued event has played out.
        self.told: dict[str, Any] = {}
        for seat, total in enumerate(self.match.view(SPECTATOR).totals):
            self.shown_totals[str(seat)] = float(total)
        if self.match.last_action is None:
            self.match.start_round(self.table_time, deck=self.first_deck())
        else:
            self.sync_from_views()
            self.sync_view()
            for e in self.match.last_events:
                if isinstance(e, RoundScored) and self.round_over():
                    self.round_result, self.turn = e, None
            self.resumed(self.match.last_action, self.match.round_events, self.match.last_events)
            self.recall_history(record)

    def animate(self, ev: Event) -> None:
        self.guide_saw(ev)
        super().animate(ev)

    def _anim_scale(self) -> float:
        return self.settings.animation_scale()

    def make_layout(self, size: tuple[int, int], bottom: int) -> None:
        """A new layout for this size and bottom seat, the player's own cards kept clear of the key
        hints (at text size 1.3 in 1000x620 the hand's first card lay on "call UNO")."""
        self.layout = TableLayout(size, len(self.names), bottom, self.grid_columns)
        rows = self.hint_rows()
        if rows:
            self.layout.keep_own_cards_right_of(max(words.right for _, words in rows) + int(12 * self.layout.unit))

    # -- hooks for the variant ----------------------------------------------------------------
    def sync_view(self) -> None:
        """After the sprites were rebuilt from the views (a continued match): the variant's own state."""

    def resumed(self, last_action: Action, round_events: list[Event], last_events: list[Event]) -> None:
        """After a continued match was rebuilt: redo what the player must see again."""

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        """Why the rules refused an action, in the player's words (a variant may word its own)."""
        if isinstance(exc, NotAChoice):
            return self.prompt() or "That is not a choice now."   # no reason beyond "not now"
        return friendly(exc, self.names)

    def round_over(self) -> bool:
        """Between rounds: the next deal waits for the players."""
        return self.match.view(SPECTATOR).phase == "round_over"

    # -- saving ----------------------------------------------------------------------------------
    def saved(self) -> None:
        """After every action: hand the record to the saver (off the frame path). A guided match
        is never saved nor counted."""
        if self.guided:
            return
        self._saving(lambda: self.match.save(self.store, self.save_meta()))

    def save_meta(self) -> dict[str, Any]:
        return {"table": self.variant_id, "summary": self.save_summary(),
                **({"coached": True} if self.coached else {}), **({"guided": True} if self.guided else {})}

    round_word = "round"     # what the game calls a round where Continue names it (16 Combos: "encounter")

    def rounds_in_match(self) -> int | None:
        """How many rounds the match plays, where its options fix that (None: it ends on a score)."""
        options = getattr(self.match.view(SPECTATOR), "options", None) or {}
        if options.get("length", "rounds") == "rounds" and isinstance(options.get("rounds"), int):
            return options["rounds"]
        return None

    def save_summary(self) -> str:
        """What Continue says of the saved match ("4 players · round 3 of 5"; a match of one round
        names no round: "round 1" said nothing there); it changes once a round, so the save's
        snapshot is rewritten no more often than that."""
        rnd = getattr(self.match.view(SPECTATOR), "round", 0) or 0
        players = f"{len(self.names)} players"
        total = self.rounds_in_match()
        if not rnd or total == 1:
            return players
        return f"{players} · {self.round_word} {rnd}" + (f" of {total}" if total else "")

    def flush_save(self) -> None:
        self._saving(self.match.flush)

    def _saving(self, write) -> None:
        """Run a save; the player hears what is and is not saved once when saving fails (and again
        for the result), and once when it works again."""
        try:
            write()
        except OSError as exc:
            kind = getattr(exc, "kind", "match")
            if self.saved_error != kind:
                self.saved_error = kind
                self.app.toast(getattr(exc, "text", "") or f"The match could not be saved: {exc.strerror or exc}",
                               NOT_SAVED_SECONDS)
            return
        if self.saved_error == "match":
            self.saved_error = None
            self.app.toast("Saved: the result counts in your statistics." if self.match.over
                           else "Saved again: your match is saved up to this move.", NOT_SAVED_SECONDS)

    def as_told(self, name: str) -> Any:
        """``shown.<name>`` as the events played out so far have it (see ``told``)."""
        return self.told[name] if name in self.told else getattr(self.shown, name)

    # -- the frame -----------------------------------------------------------------------------------
    def idle(self) -> bool:
        # A guide moment showing holds the clock: the bots and a reaction window wait for the player.
        return not self.animating and self.claimer is None and not self.guide_blocking()

    def ready_for_input(self) -> bool:
        return not self.animating

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.still_since = self.time      # what the player's key brings up (a hint's rings) pulses
        super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.follow_actor():
            return
        self.time += dt
        self.tweens.update(dt)
        self.pump()
        self.update_guide()
        if self.idle() and not self.match.over:
            self.table_time += dt
            if self.match.advance(self.table_time):
                self.pump()
                self.update_guide()
        if not self.queue:
            self.shown = self.match.view(SPECTATOR)
            self.told.clear()
        if not self.humans and self.match_result is not None and not self.final_round_seen and not self.animating:
            self._auto_next += dt            # a bots-only table shows its last round, then the result
            if self._auto_next >= AUTO_NEXT_ROUND:
                self._auto_next = 0.0
                self.show_match_result()
        elif not self.humans and self.round_over() and self.round_result is not None and not self.animating:
            # A table of bots only (a demo, the smoke test) deals the next round on its own.
            self._auto_next += dt
            if self._auto_next >= AUTO_NEXT_ROUND:
                self._auto_next = 0.0
                self.next_round()
        self.take_click_ahead()
        self.update_hud(dt)
        self.update_buttons()
        if self.moving():
            self.still_since = self.time

    # -- when the table needs a frame ------------------------------------------------------------------
    def moving(self) -> bool:
        """Something on the table moves this frame: a tween, an event about to play, rising text,
        confetti (a hold or a curtain waits for a person: nothing moves)."""
        return bool(self.tweens.active or self.floating or self.confetti
                    or (self.queue and self.hold is None and self.curtain_pending is None))

    def pulse(self, rate: float) -> float:
        """0..1 for an outline that pulses to draw the eye: a wave at `rate` (radians a second) for
        PULSE_SECONDS once the table is still, easing into a steady 1, so a table waiting for
        the player draws nothing at all."""
        wave = 0.5 + 0.5 * math.sin(self.time * rate)
        fade = min(1.0, max(0.0, (self.still_since + PULSE_SECONDS - self.time) / 0.5))
        return 1.0 - (1.0 - wave) * fade

    def next_frame_due(self, now: float) -> float | None:
        """When the table must be drawn again without input (see Scene): at once while anything
        moves; PULSE_FPS while outlines pulse or a thinking bot's seat glows; TICK_FPS while a
        countdown runs; else at the next deadline: a bot's move or a window's end (table time only
        runs while the table is idle), a message going, a last-move outline settling, a bots-only
        table dealing again. None: it waits for the player alone."""
        if self.moving():
            return 0.0
        dues: list[float] = []
        if self.time - self.still_since < PULSE_SECONDS:
            dues.append(1.0 / PULSE_FPS)
        if self.turn is not None and self.turn not in self.humans and self.round_result is None:
            dues.append(1.0 / PULSE_FPS)       # the thinking seat's glow (draw_seats)
        if self.window is not None and self.window.deadline is not None and self.ring_shown():
            dues.append(1.0 / TICK_FPS)
        if self.idle() and not self.match.over:
            due = self.match.next_due()
            if due is not None:
                dues.append(due - self.table_time)
        if self.message is not None:
            dues.append(self.message[1])
        for trace in self.traces.values():
            age = self.time - trace.born
            for ends in (TRACE_BRIGHT, 2 * TRACE_BRIGHT if trace.swap else 0.0):
                if age < ends:
                    dues.append(1.0 / PULSE_FPS if ends == TRACE_BRIGHT else ends - age)
        if not self.humans:
            dues.append(AUTO_NEXT_ROUND - self._auto_next)
        return max(0.0, min(dues)) if dues else None

    def rematch(self) -> None:
        """The same seats and options again, with a new deal."""
        import random

        from game.client import tables

        old = self.match.record()
        seed = random.SystemRandom().randrange(1, 2 ** 31)
        tables.start_match(self.app, GameRecord(old.variant, dict(old.options), list(old.seats), seed))

    def open_replay(self) -> None:
        """The round just scored, replayed with every card face up (from a copy of the record:
        the match and its save are untouched). Esc comes back here."""
        from game.client.scenes.replay import ReplayScene

        number = self.round_result.round if self.round_result is not None else None
        seat = self.viewer if self.viewer is not None and self.viewer >= 0 else self.bottom
        self.app.push(ReplayScene(self.app, self.match.record(), number, seat))

    def next_round(self) -> None:
        if not self.round_over():
            return
        self.round_result = None
        try:
            self.match.start_round(self.table_time)
        except IllegalAction as exc:
            self.say(self.explain(exc))

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.palette
        surface.blit(TH.felt_background(surface.get_size(), pal), (0, 0))
        self.frame_faces = []
        self.label_layers = []
        self.label_layer("table")
        self.reserve_fixed_labels(surface)
        highlight, selected = (set(), set()) if not self.ready_for_input() else self.targets()
        self.draw_seats(surface, pal)
        self.draw_zones(surface, pal, highlight, selected)
        self.draw_traces(surface, pal)
        self.draw_plates(surface, pal)
        self.draw_coach(surface, pal)
        self.draw_ring(surface, pal)
        self.draw_texts(surface, pal)
        if self.round_result is not None or self.match_result is not None:
            self.draw_overlay(surface, pal)
        self.label_layer("buttons")
        self.form.draw(surface, pal)
        self.label_layer("history")
        self.draw_history(surface, pal)
        self.label_layer("guide")
        self.draw_guide(surface, pal)
        if self.draw_log is not None:
            self.draw_log.append((self.viewer, self.curtain_pending, tuple(self.frame_faces)))

    # -- scene lifecycle ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.make_layout(size, self.bottom)
        self.snap_all()
        # The buttons at once, not at the first update: a table shown on a saved match had none
        # for its first frame's input (a key pressed while it loaded was lost; the 16 Combos test
        # driver stopped with "no button for Announce" in 8 of 37 kill-and-continue runs).
        self._buttons_key = None
        self.update_buttons()

    def resume(self) -> None:
        self._buttons_key = None
        self.tweens.scale()  # settings may have changed: new tweens pick up the new speed
        # ...and the text size: the key hints' width, which the player's cards keep clear of
        spans = {seat: spot.max_span for seat, spot in self.layout.spots.items()}
        self.make_layout(self.layout.size, self.bottom)
        if spans != {seat: spot.max_span for seat, spot in self.layout.spots.items()}:
            self.snap_all()

    def shutdown(self) -> None:
        self.flush_save()
        self.match.close_saver()

    def record_now(self) -> GameRecord | None:
        """The record for the pause menu's "save and quit" (None once the match is over)."""
        self.flush_save()
        return None if self.match.over or self.guided else self.match.record()

    def open_pause(self) -> None:
        from game.client.scenes.pause import PauseMenu

        self.flush_save()
        offered = self.take_back_offered()
        self.app.push(PauseMenu(self.app, variant_id=self.variant_id, title=self.variant_title,
                                on_save=self.record_now, save_meta=self.save_meta, hides_table=self.hotseat,
                                take_back=self.request_take_back if offered else None,
                                take_back_refusal=self.take_back_refusal,
                                guided=self.guided))
