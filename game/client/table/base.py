"""The card table scene: it owns the parts, each with one job, and composes them.

- driver.py    MatchDriver: the Game and its Session, the clock's actions, legal actions and views,
               saving (the only client code that holds the engine)
- screen.py    Screen: what the screen has caught up with (the one small state the parts share)
- director.py  Director: the queue of (redacted) events, joined steps, dispatch to the handlers, flights
- facts.py     the facts every game has, animated (the spec maps its own events)
- zones.py     Zones: the sprites of grids, fans, held cards and piles; poses; drawing them
- privacy.py   Privacy: who looks at the screen, the curtain between hot-seat players, claim keys
- input.py     Input: legal actions -> highlights, clicks, buttons, keys
- hud.py       Hud: plates, prompt, narration, messages, the reaction ring, title and key hints
- results.py   Results: the round's and the match's results, the chart, confetti
- history.py   History: the kept narration, its panel, each seat's last move outlined
- coach.py     Coach: F1 or Hint, the hard bot's advice
- guide.py     TableGuide: the guided first match
- take_back.py TakeBack: Ctrl+Z takes the player's last move back (against bots)
- speech.py    TableSpeech: with speech on, what happens spoken; the table walked by keyboard
- spec.py      TableSpec: what a variant's table is (kombio.py, kabu.py, ...); canvas.py: a frame drawn

Each part holds the others it needs, passed in here, and reads them only through their declared
``interface`` (tests/client/test_table_parts.py reads the code to hold them to it); where two
parts need each other, one gets a small callable instead.

How time works here. The rules apply at once (the driver submits or advances); every event list
they produce is queued, and the director drains the queue one step at a time through tweens. The
table clock (``Screen.table_time``) only runs while the view is idle: no event waiting, no tween
running, nobody peeking or choosing a claim, no curtain. So bots' delays, reaction windows and
Expire all count from the moment the player could see the situation, and the bots never run
ahead of what is on screen. Between animations the views are what is on screen, so prompts,
buttons and highlights read the views and legal actions. Drawing changes no state: it reads the
parts and leaves only its record of the frame (``drawn``, for tests).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ai.registry import bot_seed
from game.client.requests import SetUpMatch, ShowPause, ShowReplay
from game.client.save_summary import where_it_stands
from game.client.scene import Scene
from game.client.table.canvas import Canvas
from game.client.table.coach import Coach, coach_agents
from game.client.table.director import Director
from game.client.table.driver import MatchDriver
from game.client.table.facts import FACTS
from game.client.table.guide import TableGuide
from game.client.table.history import TRACE_BRIGHT, History
from game.client.table.hud import Hud
from game.client.table.input import Input
from game.client.table.layout import TableLayout
from game.client.table.pacing import PacedAgent, build_agent
from game.client.table.privacy import Privacy
from game.client.table.results import Results
from game.client.table.screen import PULSE_SECONDS, Screen
from game.client.table.spec import TableSpec
from game.client.table.speech import TableSpeech
from game.client.table.take_back import TakeBack
from game.client.table.zones import Zones
from game.client.ui import theme as TH
from game.client.narration.wording import shown_names, you_seats
from game.core.errors import IllegalAction
from game.core.events import Event, RoundScored
from game.core.memory import TableMemory
from game.core.record import GameRecord
from game.core.view import SPECTATOR
from game.i18n import _

AUTO_NEXT_ROUND = 2.5   # seconds a bots-only table shows the round's scores before dealing again
NOT_SAVED_SECONDS = 6.0     # a toast about saving is read in full
PULSE_FPS = 30          # frames a second for what only pulses or glows (a flight gets the app's 60)
TICK_FPS = 20           # a reaction window's countdown ring (its label counts tenths)


class TableScene(Scene):
    def __init__(self, app, record: GameRecord, storage: Any = None, spec: type[TableSpec] = TableSpec):
        super().__init__(app)
        self.store = storage if storage is not None else app.storage
        names = shown_names(record.seats)
        humans = [i for i, s in enumerate(record.seats) if s.kind == "human"]
        bottom = humans[0] if humans else 0
        self.screen = screen = Screen(names, humans, TableLayout(app.size, len(names), bottom, spec.grid_columns), bottom,
                                      memories={h: TableMemory(h) for h in humans}, you=you_seats(record.seats))
        self.spec = spec(self)
        self.narrator = spec.narrator(names, you_seats(record.seats))
        self.draw_log: list[tuple] | None = None  # tests: what faces were drawn, frame by frame
        self.drawn: Canvas | None = None          # tests: the last frame's record (the table never reads it)
        self.saved_error: str | None = None       # what the player was told could not be saved
        self._auto_next = 0.0
        self.spec_moving = False        # the spec's own things move (its post_update said so)
        # A continued match replays its record (feeding the bots, the coaches and the humans' memories),
        # then the sprites are rebuilt from the views without animations.
        agents = {i: PacedAgent(build_agent(record.variant, info, bot_seed(record.seed, i)), self.settings.bot_delay_scale)
                  for i, info in enumerate(record.seats) if info.kind != "human"}

        def remember(events: list[Event]) -> None:
            for h, mem in screen.memories.items():
                mem.observe_all([e.for_seat(h) for e in events])
        # (a network match's store hands over the driver it built: game/client/network.py)
        driver = getattr(self.store, "match_driver", MatchDriver)
        self.match = match = driver(record, agents, humans, on_replay=remember,
                                    coaches=coach_agents(record.variant, record.seed, humans))
        self.build_parts()
        if record.actions:
            # A continued match stays marked as coached if the coach was asked before the save.
            saved = self.store.saved_match(record.variant) if hasattr(self.store, "saved_match") else None
            self.coach.keep_coached(bool(saved and saved[0].seed == record.seed and saved[1].get("coached")))
        self.make_layout(app.size, bottom)   # (the key hints can be worked out now)
        screen.table_time = match.now
        match.listen(self.on_events)
        screen.shown = match.view(SPECTATOR)   # the public view the screen has caught up with
        if match.last_action is None:
            match.start_round(screen.table_time, deck=self.guide.first_deck())
        else:
            self.zones.sync_from_views()
            self.spec.synced()
            for e in match.last_events:
                if isinstance(e, RoundScored) and match.round_over():
                    screen.round_result, screen.turn = e, None
            self.spec.resumed(match.last_action, match.round_events, match.last_events)
            self.hud.recalled(self.history.recall(record))

    def build_parts(self) -> None:
        """The parts, each given the others it reads (a callable where two need each other)."""
        screen, spec, match, app = self.screen, self.spec, self.match, self.app
        self.director = Director(screen, spec, {**FACTS, **spec.handlers}, gate=lambda ev: self.privacy.gate(ev),
                                 raise_curtain=lambda seat: self.privacy.raise_curtain(seat),
                                 narrator=self.narrator, narrate=self.narrate,
                                 watchers=[lambda ev: self.guide.saw(ev), self.memories_see, lambda ev: self.speech.saw(ev)],
                                 scale=lambda: self.settings.animation_scale())
        self.zones = Zones(screen, spec, self.director, match, self.narrator, self.settings)
        self.history = History(screen, self.zones, self.narrator, on_toggle=lambda: self.input.invalidate())
        self.hud = Hud(screen, spec, match, app, self.zones, self.director, remember=self.history.remember,
                       extra_hints=lambda: self.take_back.hints() + self.speech.hints(), hint_enabled=lambda key: self.take_back.hint_enabled(key),
                       button_rects=lambda: [w.rect for w in self.input.form.widgets if w.rect is not None],
                       shown_total=lambda seat: self.results.shown_total(seat))
        self.privacy = Privacy(screen, spec, match, app, self.zones, self.director, say=self.hud.say,
                               seat_at_bottom=self.seat_at_bottom, open_pause=self.open_pause,
                               is_top=lambda: self.app.top is self)
        self.guide = TableGuide(screen, spec, match, self.store, self.zones, self.director, say=self.hud.say,
                                picking=lambda: bool(self.input.pick), button_rect=lambda text: self.input.button_rect(text),
                                invalidate_buttons=lambda: self.input.invalidate())
        self.results = Results(screen, spec, match, app, self.zones, self.director,
                               on_change=lambda: self.input.invalidate(), guide_strip=self.guide.strip,
                               guided=self.guide.guided)
        self.coach = Coach(screen, spec, match, self.director, input_seat=lambda: self.input.input_seat(), say=self.hud.say)
        self.input = Input(screen, spec, match, self.director, self.hud, self.results, self.history, self.coach,
                           self.guide, self.sound, actions={"pause": self.open_pause, "next_round": self.next_round,
                                                            "rematch": self.rematch, "rematch_words": self.rematch_words,
                                                            "replay": self.open_replay,
                                                            "set_up_match": self.set_up_match,
                                                            "main_menu": self.app.to_main_menu})
        self.take_back = TakeBack(self, screen, match, app, self.store, self.sound, self.history, self.coach,
                                  guided=self.guide.guided, say=self.hud.say)
        self.speech = TableSpeech(screen, spec, match, self.zones, self.director, self.input, self.hud, self.results,
                                  app.voice, memory_aid=lambda: bool(self.settings.memory_aid))

    def narrate(self, line: str, seat: int | None = None) -> None:
        """The narrator's line (about `seat`): the news (and the history), and speech."""
        self.hud.narrate(line, seat)
        self.speech.narrated(line)
    def memories_see(self, ev: Event) -> None:
        """Each human's memory aid sees the event as that seat was shown it."""
        for h, mem in self.screen.memories.items():
            mem.observe(ev.for_seat(h))

    def make_layout(self, size: tuple[int, int], bottom: int) -> None:
        """A new layout for this size and bottom seat, the player's own cards kept clear of the key
        hints (at text size 1.3 in 1000x620 the hand's first card lay on "call UNO")."""
        screen = self.screen
        screen.layout = TableLayout(size, screen.seats, bottom, self.spec.grid_columns)
        rows = self.hud.hint_rows()
        if rows:
            screen.layout.keep_own_cards_right_of(max(words.right for _, words in rows) + int(12 * screen.layout.unit))

    def seat_at_bottom(self, seat: int) -> None:
        """The player who now looks sits at the bottom (hot-seat hand tables)."""
        self.screen.bottom = seat
        self.make_layout(self.screen.layout.size, seat)
        self.zones.snap_all()
        self.input.invalidate()

    # -- saving ----------------------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        self.director.enqueue(events)
        self.history.next_step()        # (one action's events: one "last move" per seat)
        self.saved()

    def saved(self) -> None:
        """After every action: hand the record to the saver (off the frame path). A guided match
        is never saved nor counted."""
        if self.guide.guided:
            return
        self._saving(lambda: self.match.save(self.store, self.save_meta()))

    def save_meta(self) -> dict[str, Any]:
        """The client's part of the save: where the match stands is data (Continue words it in the
        language of the moment, game.client.save_summary); it changes once a round, so the save's
        snapshot is rewritten no more often than that."""
        rnd = getattr(self.match.view(SPECTATOR), "round", 0) or 0
        return {"table": self.spec.variant_id, **where_it_stands(rnd, self.spec.rounds_in_match(), self.spec.round_kind),
                **({"coached": True} if self.coach.coached else {}), **({"guided": True} if self.guide.guided else {})}

    def flush_save(self) -> None:
        self._saving(self.match.flush)

    def _saving(self, write: Callable[[], None]) -> None:
        """Run a save; the player hears what is and is not saved once when saving fails (and again
        for the result), and once when it works again."""
        try:
            write()
        except OSError as exc:
            kind = getattr(exc, "kind", "match")
            if self.saved_error != kind:
                self.saved_error = kind
                self.app.toast(getattr(exc, "text", "") or _("The match could not be saved: {error}").format(error=exc.strerror or exc),
                               NOT_SAVED_SECONDS)
            return
        if self.saved_error == "match":
            self.saved_error = None
            self.app.toast(_("Saved: the result counts in your statistics.") if self.match.over
                           else _("Saved again: your match is saved up to this move."), NOT_SAVED_SECONDS)

    # -- the frame -----------------------------------------------------------------------------------
    def idle(self) -> bool:
        # A guide moment showing holds the clock: the bots and a reaction window wait for the player.
        return not self.director.animating and self.screen.claimer is None and not self.guide.blocking() \
            and self.spec.idle()

    def update(self, dt: float) -> None:
        if self.spec.pre_update() or self.privacy.follow_actor():
            return
        screen, director, match = self.screen, self.director, self.match
        screen.time += dt
        director.update(dt)
        director.pump()
        self.guide.update()
        if self.idle() and not match.over:
            screen.table_time += dt
            if match.advance(screen.table_time):
                director.pump()
                self.guide.update()
        if not director.queue:
            screen.shown = match.view(SPECTATOR)
            screen.told.clear()
        if not screen.humans and screen.match_result is not None and not screen.final_round_seen and not director.animating:
            self._auto_next += dt            # a bots-only table shows its last round, then the result
            if self._auto_next >= AUTO_NEXT_ROUND:
                self._auto_next = 0.0
                self.results.show_match_result()
        elif not screen.humans and match.round_over() and screen.round_result is not None and not director.animating:
            # A table of bots only (a demo, the smoke test) deals the next round on its own.
            self._auto_next += dt
            if self._auto_next >= AUTO_NEXT_ROUND:
                self._auto_next = 0.0
                self.next_round()
        self.input.take_click_ahead()
        self.hud.update(dt)
        self.results.update(dt)
        self.input.update_buttons()
        self.spec_moving = bool(self.spec.post_update(dt))
        self.speech.update()
        if self.moving():
            screen.still_since = screen.time

    # -- when the table needs a frame ------------------------------------------------------------------
    def moving(self) -> bool:
        """Something on the table moves this frame: a tween, an event about to play, rising text,
        confetti, a raised card easing (a hold or a curtain waits for a person: nothing moves)."""
        return self.director.moving() or self.hud.moving() or self.results.moving() or self.spec_moving

    def next_frame_due(self) -> float | None:
        """When the table must be drawn again without input (see Scene): at once while anything
        moves; PULSE_FPS while outlines pulse or a thinking bot's seat glows; TICK_FPS while a
        countdown runs; else at the next deadline: a bot's move or a window's end (table time only
        runs while the table is idle), a message going, a last-move outline settling, a bots-only
        table dealing again. None: it waits for the player alone."""
        if self.moving():
            return 0.0
        screen, match = self.screen, self.match
        dues: list[float] = []
        if screen.time - screen.still_since < PULSE_SECONDS:
            dues.append(1.0 / PULSE_FPS)
        if screen.turn is not None and screen.turn not in screen.humans and screen.round_result is None:
            dues.append(1.0 / PULSE_FPS)       # the thinking seat's glow (Hud.draw_seats)
        if screen.window is not None and screen.window.deadline is not None and self.spec.ring_shown():
            dues.append(1.0 / TICK_FPS)
        if self.idle() and not match.over:
            due = match.next_due()
            if due is not None:
                dues.append(due - screen.table_time)
        if self.hud.message is not None:
            dues.append(self.hud.message[1])
        for trace in self.history.traces.values():
            age = screen.time - trace.born
            for ends in (TRACE_BRIGHT, 2 * TRACE_BRIGHT if trace.swap else 0.0):
                if age < ends:
                    dues.append(1.0 / PULSE_FPS if ends == TRACE_BRIGHT else ends - age)
        if not screen.humans:
            dues.append(AUTO_NEXT_ROUND - self._auto_next)
        return max(0.0, min(dues)) if dues else None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.screen.still_since = self.screen.time   # what the player's key brings up (a hint's rings) pulses
        if self.spec.intercept(event) or self.take_back.handle(event) or self.guide.handle(event) \
                or self.history.handle(event) or self.speech.handle(event):
            return
        self.input.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        spec, screen = self.spec, self.screen
        pal = self.palette
        surface.blit(TH.felt_background(surface.get_size(), pal), (0, 0))
        canvas = Canvas(surface, pal, self.hud.start_board(surface))
        canvas.layer("table")
        spec.fixed_labels(canvas)
        highlight, selected = (set(), set()) if not self.director.ready_for_input() else spec.targets()
        spec.draw_seats(canvas)
        spec.draw_cards(canvas, highlight, selected)
        self.history.draw_traces(canvas)
        self.hud.draw_plates(canvas)
        self.coach.draw(canvas)
        spec.draw_ring(canvas)
        spec.draw_texts(canvas)
        if screen.round_result is not None or screen.match_result is not None:
            spec.draw_overlay(canvas)
        canvas.layer("buttons")
        self.input.form.draw(surface, pal)
        self.speech.draw(canvas)         # the walk's focus ring, over the cards and the buttons
        canvas.layer("history")
        self.history.draw_panel(canvas)
        canvas.layer("guide")
        self.guide.draw(canvas)
        if self.draw_log is not None:
            self.draw_log.append((screen.viewer, screen.curtain, tuple(canvas.faces)))
        self.drawn = canvas

    # -- the table's own buttons --------------------------------------------------------------------
    def rematch_words(self) -> str:
        """What the match result's rematch button says (a network table words what it does)."""
        return _("Rematch")

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
        screen = self.screen
        number = screen.round_result.round if screen.round_result is not None else None
        seat = screen.viewer if screen.viewer is not None and screen.viewer >= 0 else screen.bottom
        self.app.open(ShowReplay(self.match.record(), number, seat))

    def set_up_match(self) -> None:
        """After the guided round: the game's setup screen, over the main menu."""
        self.app.open(SetUpMatch(self.spec.variant_id))

    def next_round(self) -> None:
        if not self.match.round_over():
            return
        self.screen.round_result = None
        try:
            self.match.start_round(self.screen.table_time)
        except IllegalAction as exc:
            self.hud.say(self.spec.explain(exc))

    def open_pause(self) -> None:
        self.flush_save()
        offered = self.take_back.offered()
        self.app.open(ShowPause(variant_id=self.spec.variant_id, title=self.spec.title,
                                on_save=self.record_now, save_meta=self.save_meta, hides_table=self.screen.hotseat,
                                take_back=self.take_back.request if offered else None,
                                take_back_refusal=self.take_back.refusal, guided=self.guide.guided))

    # -- scene lifecycle ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.make_layout(size, self.screen.bottom)
        self.zones.snap_all()
        # The buttons at once, not at the first update: a table shown on a saved match had none
        # for its first frame's input (a key pressed while it loaded was lost; the 16 Combos test
        # driver stopped with "no button for Announce" in 8 of 37 kill-and-continue runs).
        self.input.invalidate()
        self.input.update_buttons()

    def resume(self) -> None:
        self.input.invalidate()
        # The text size may have changed: the key hints' width, which the player's cards keep clear of.
        layout = self.screen.layout
        spans = {seat: spot.max_span for seat, spot in layout.spots.items()}
        self.make_layout(layout.size, self.screen.bottom)
        if spans != {seat: spot.max_span for seat, spot in self.screen.layout.spots.items()}:
            self.zones.snap_all()

    def shutdown(self) -> None:
        self.flush_save()
        self.match.close_saver()

    def record_now(self) -> GameRecord | None:
        """The record for the pause menu's "save and quit" (None once the match is over)."""
        self.flush_save()
        return None if self.match.over or self.guide.guided else self.match.record()


def table_factory(spec: type[TableSpec]) -> Callable[..., TableScene]:
    """What a game's entry in game/games.py names as its table: builds its table scene from its spec (``spec``
    is there too, for what needs the game's narrator without a table: the round replay)."""
    def factory(app, record: GameRecord, storage: Any = None) -> TableScene:
        return TableScene(app, record, storage, spec)
    factory.spec = spec       # type: ignore[attr-defined]
    return factory
