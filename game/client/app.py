"""The client application: the window, the scene stack, storage and sound.

    from game.client.app import App, run
    run({})                       # the real game loop; returns an exit code

Time reaches the scenes only as ``update(dt)``, and only the top scene is updated: a table
under the pause menu or the privacy curtain stands still. Tests build an ``App`` directly (dummy
video driver), post pygame events and call ``step(dt)`` / ``run_frames(n)``: each step handles
the queued events, updates the top scene and draws, with a fixed dt, so runs are deterministic.

The real loop (``loop``) draws only when something changes: 60 frames a second while anything
moves, else it rests until input comes or the next deadline the top scene reports
(``Scene.next_frame_due``: a bot's move, a countdown's tick, a toast going).
"""

from __future__ import annotations

import os
import time
import warnings
from typing import Any, Callable

import pygame

from game import i18n
from game.client.scene import WAKE_EVENT, Scene
from game.client.sound import Sound
from game.client.speech.voice import Announcer, Voice, is_repeat_key, is_speech_key
from game.client.storage import WINDOW_MAX, Storage
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.window import desktop_size, fits, icon, window_sizes
from game.i18n import _
from game.log import logger

TITLE = "Cardhall"
DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 540)
FPS = 60
RETRY_WRITES_EVERY = 2.0    # seconds between tries to write what a full disk held back
MAX_DT = 0.1             # a frame's dt while things move: a hitch does not make a card jump
REST_POLL = 1.0 / FPS    # a resting app looks for input this often: no later than a drawn frame would
_log = logger(__name__)      # (logging is imported when it logs: game/log.py)


def _opt(options: Any, name: str, default: Any = None) -> Any:
    if options is None:
        return default
    if isinstance(options, dict):
        return options.get(name, default)
    return getattr(options, name, default)


class App:
    def __init__(self, storage: Storage | None = None,
                 size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 first_scene: Any = None, language: str | None = None, speaker: Any = None):
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
        pygame.display.init()
        pygame.font.init()
        self.storage = storage if storage is not None else Storage()
        self.settings = self.storage.settings
        self.sound = Sound(self.settings)
        T.set_scale(self.settings.text_size)
        # --language shows one run in a language without changing the settings
        i18n.set_language(language or self.settings.language)
        # Speech (Settings, Ctrl+S): the engine is looked for only once speech is on; tests pass a
        # ConsoleSpeaker.
        self.voice = Voice(self.settings, speaker)
        self.announcer = Announcer(self.voice)
        self.scenes: list[Scene] = []
        self.running = True
        self.frame = 0
        self._toasts: list[list[Any]] = []      # [text, seconds left]
        self._settings_dirty = 0.0             # seconds until a pending settings save
        self._retry_writes = RETRY_WRITES_EVERY
        self._drop_text = False                # the key that changed scenes must not type into the next one
        self._pg_clock = pygame.time.Clock()
        # Called every frame whatever scene is on top: a network table's links (game/client/network.py)
        # are served under the pause menu too, so the match and its players never wait for a menu.
        self.services: list[Callable[[], None]] = []
        if size is not None:
            self.settings.window_size = tuple(size)
        else:
            self._fit_to_desktop()
        if fullscreen is not None:
            self.settings.fullscreen = bool(fullscreen)
        pygame.display.set_caption(TITLE)
        # Before the window opens: set_mode without an icon loads pygame's own (importing zipfile
        # and importlib's readers for it, 3 to 10 ms).
        picture = icon()
        if picture is not None:
            pygame.display.set_icon(picture)
        self.surface = self._make_window()
        pygame.key.set_repeat(380, 40)
        if first_scene is None:
            from game.client.scenes.menu import MainMenu

            first_scene = MainMenu(self)
        elif isinstance(first_scene, type):
            first_scene = first_scene(self)
        self.push(first_scene)

    # -- window --------------------------------------------------------------------------------
    def _fit_to_desktop(self) -> None:
        """A window size from the settings file larger than the desktop (up to 7680 x 4320 was
        taken: seconds for the first frame, half a gigabyte) becomes the largest offered size that
        fits, and the main menu says so."""
        desktop = desktop_size()
        w, h = self.settings.window_size
        if fits((w, h), desktop):
            return
        fitting = window_sizes(desktop)[-1]
        self.settings.window_size = fitting
        self.storage.messages.append(
            _("The window size in your settings, {size}, is larger than your screen ({screen}): the window opens "
              "at {fitted}.").format(size=f"{w} × {h}", screen=f"{desktop[0]} × {desktop[1]}",
                                     fitted=f"{fitting[0]} × {fitting[1]}"))
        self._settings_dirty = 0.5

    def _make_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            w, h = self.settings.window_size
            w, h = min(max(MIN_SIZE[0], w), WINDOW_MAX[0]), min(max(MIN_SIZE[1], h), WINDOW_MAX[1])
            surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):
                pass
        return surface

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    @property
    def palette(self) -> TH.Palette:
        return TH.palette_for(self.settings)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.settings.fullscreen:
            return
        self.settings.fullscreen = on
        self.surface = self._make_window()
        self._after_resize()
        self.save_settings()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Settings → Window size: the window takes this size now (when not fullscreen)."""
        self.settings.window_size = (int(size[0]), int(size[1]))
        if not self.settings.fullscreen:
            self.surface = self._make_window()
            self._after_resize()
        self.save_settings()

    def set_text_size(self, scale: float) -> None:
        self.settings.text_size = float(scale)
        T.set_scale(scale)
        self._after_resize()      # every scene lays itself out again with the new text
        self.save_settings()

    def set_language(self, code: str) -> None:
        """Settings → Language ("" for the system's): every screen shows the new language now,
        the ones under the top one too (no restart)."""
        self.settings.language = code
        i18n.set_language(code)
        self.voice.language_changed()
        for scene in self.scenes:
            rebuild = getattr(scene, "rebuild", None)
            if rebuild is not None:
                rebuild()       # buttons and rows made with the old language's words
            else:
                scene.resize(self.size)
        self.save_settings()

    def set_speech(self, on: bool) -> None:
        """Settings -> Speech: on, the whole screen is said again; off, "Speech off" is the last line."""
        self.voice.set_on(on)
        if on:
            self.announcer.reset()
            self._no_speech_engine()
        self.save_settings()

    def toggle_speech(self) -> None:
        """Ctrl+S, on every screen."""
        if self.settings.speech:
            self.set_speech(False)
            return
        self.voice.set_on(True)
        self.voice.say(_("Speech on"), interrupt=True)
        self.announcer.reset(after_line=True)
        self._no_speech_engine()
        self.save_settings()

    def _no_speech_engine(self) -> None:
        if self.voice.silent:       # (shown for whoever can see the screen)
            self.toast(self.voice.status(), 8.0)

    def set_speech_rate(self, rate: int) -> None:
        self.voice.set_rate(rate)
        self.save_settings()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings.fullscreen)

    def _after_resize(self) -> None:
        TH.clear_cache()
        for scene in self.scenes:
            scene.resize(self.size)

    # -- settings --------------------------------------------------------------------------------
    def save_settings(self) -> None:
        """Write the settings now (atomically)."""
        self._settings_dirty = 0.0
        try:
            self.storage.save_settings()
        except OSError as exc:
            self.toast(_("Settings could not be saved: {error}").format(error=exc.strerror or exc))

    def settings_changed(self) -> None:
        """Call after changing a setting: saves, and lets palette-dependent caches refresh."""
        from game.client.ui import cards      # (the cards' module: a table's, not the menu's first frame's)

        cards.clear_cache()
        self.save_settings()

    # -- the scene stack ---------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        scene.resize(self.size)
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.quit()
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            old = self.scenes.pop()
            old.leave()
        self.scenes.append(scene)
        scene.enter()
        scene.resize(self.size)
        return scene

    def to_main_menu(self) -> Scene:
        """Pop everything above the bottom scene (the main menu) and show it."""
        while len(self.scenes) > 1:
            scene = self.scenes.pop()
            scene.leave()
        if not self.scenes:
            from game.client.scenes.menu import MainMenu

            self.scenes.append(MainMenu(self))
            self.scenes[-1].enter()
            self.scenes[-1].resize(self.size)
        else:
            self.scenes[-1].resume()
        return self.scenes[-1]

    def open_match(self, table: Scene) -> Scene:
        """Show a table scene on top of the main menu (leaving the setup screens)."""
        self.to_main_menu()
        return self.push(table)

    def open(self, request: Any) -> Scene:
        """Push the scene a request names (game/client/requests.py): a table's curtain, pause
        menu, question, round replay, or a game's setup (over the main menu)."""
        # (Imported here: the requests' dataclasses are made when a table first asks for one,
        # not before the menu's first frame.)
        from game.client.requests import AskFirst, SetUpMatch, ShowCurtain, ShowPause, ShowReplay
        from game.client.scenes.confirm import ConfirmDialog
        from game.client.scenes.curtain import Curtain
        from game.client.scenes.pause import PauseMenu
        from game.client.scenes.replay import ReplayScene

        if isinstance(request, ShowCurtain):
            scene: Scene = Curtain(self, request.name, on_confirm=request.on_confirm, on_pause=request.on_pause,
                                   seat=request.seat)
        elif isinstance(request, ShowPause):
            scene = PauseMenu(self, variant_id=request.variant_id, title=request.title, on_save=request.on_save,
                              save_meta=request.save_meta, hides_table=request.hides_table,
                              take_back=request.take_back, take_back_refusal=request.take_back_refusal,
                              guided=request.guided)
        elif isinstance(request, AskFirst):
            scene = ConfirmDialog(self, request.title, list(request.lines), request.yes, request.on_yes, request.no)
        elif isinstance(request, ShowReplay):
            scene = ReplayScene(self, request.record, request.number, request.seat)
        elif isinstance(request, SetUpMatch):
            from game.client.scenes.play import SetupScene
            from game.core.game import get_variant

            self.to_main_menu()
            scene = SetupScene(self, get_variant(request.variant_id))
        else:
            raise TypeError(f"no scene shows {request!r}")
        return self.push(scene)

    def scene_of(self, cls: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, cls):
                return scene
        return None

    def _result_saved(self, variant: str | None) -> None:
        if variant is not None:
            from game.client.storage import game_title

            self.toast(_("Saved: your {game} match counts in your statistics now.").format(game=game_title(variant)), 6.0)

    # -- toasts ----------------------------------------------------------------------------------
    def toast(self, text: str, seconds: float = 2.5) -> None:
        """A short message over everything (e.g. "Match saved"), after those still showing."""
        self._toasts.append([text, seconds])
        self.announcer.tell(text)

    # -- the frame ---------------------------------------------------------------------------------
    def quit(self) -> None:
        if not self.running:
            return
        self.running = False
        for scene in reversed(self.scenes):
            try:
                scene.shutdown()
            except Exception:  # quitting must not fail because one scene could not save
                _log.exception("scene shutdown failed")
        if self._settings_dirty:
            self.save_settings()
        self.storage.retry_writes()        # a last try for a result a full disk held back
        self.voice.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if is_speech_key(event):
            self.toggle_speech()
            return
        if is_repeat_key(event):
            self.voice.repeat()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT:
            self.toggle_fullscreen()
            return
        if event.type == pygame.VIDEORESIZE:
            self.surface = pygame.display.get_surface()
            if not self.settings.fullscreen and tuple(event.size) != tuple(self.settings.window_size):
                self.settings.window_size = (int(event.w), int(event.h))
                self._settings_dirty = 0.5   # save once the size settles
            self._after_resize()
            return
        if event.type in (pygame.WINDOWSIZECHANGED,):
            surface = pygame.display.get_surface()
            if surface is not None and surface.get_size() != self.size:
                self.surface = surface
                self._after_resize()
            return
        if event.type == pygame.TEXTINPUT and self._drop_text:
            self._drop_text = False
            return
        top = self.top
        if top is None:
            return
        if event.type == pygame.KEYDOWN:
            self._drop_text = False
            top.handle_event(event)
            self._drop_text = self.top is not top
            return
        top.handle_event(event)

    def step(self, dt: float | None = None) -> bool:
        """One frame: events, update, draw, flip. Returns False once the app has quit.
        ``dt`` None means real time since the last step (capped at 0.1 s)."""
        if not self.running:
            return False
        if dt is None:
            dt = min(0.1, self._pg_clock.tick(FPS) / 1000.0)
        T.DRAWN.clear()
        for event in pygame.event.get():
            if event.type == WAKE_EVENT:
                continue
            self.handle_event(event)
            if not self.running:
                return False
        for service in list(self.services):
            service()
        top = self.top
        if top is None:
            self.quit()
            return False
        top.update(dt)
        if self._settings_dirty:
            self._settings_dirty = max(0.0, self._settings_dirty - dt)
            if not self._settings_dirty:
                self.save_settings()
        if self.storage.unsaved_result is not None:
            self._retry_writes -= dt
            if self._retry_writes <= 0:
                self._retry_writes = RETRY_WRITES_EVERY
                self._result_saved(self.storage.retry_writes())
        if self._toasts:   # shown one after another (_draw_toasts)
            self._toasts[0][1] -= dt
            if self._toasts[0][1] <= 0:
                self._toasts.pop(0)
        if not self.running:
            return False
        if self.voice.poll():
            self._no_speech_engine()        # (the engine was looked for off this thread: found now)
        if self.voice.on:
            self.announcer.update(self.top)
        self.draw(self.surface)
        pygame.display.flip()
        self.frame += 1
        if self.frame == 1:
            self._after_first_frame()
        return True

    def _after_first_frame(self) -> None:
        """What the first frame the player sees need not wait for: the mixer with its effects
        (benchmarks/bench_startup.py)."""
        self.sound.start()

    def run_frames(self, n: int, dt: float = 1.0 / FPS) -> bool:
        """Step ``n`` frames of ``dt`` seconds each (tests). False if the app quit."""
        for _frame in range(n):
            if not self.step(dt):
                return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        if start < 0:
            return
        if not self.scenes[start].opaque:
            surface.fill(self.palette.felt_dark)
        for scene in self.scenes[start:]:
            scene.draw(surface)
        self._draw_toasts(surface)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        # One at a time, at the bottom over the key-hint bar: at the top they covered the screen's
        # title (and at 1000x620 half of Statistics' "Reset statistics..." button), and a second
        # one stacked above the first lay on the menu's last button.
        if not self._toasts:
            return
        text = self._toasts[0][0]
        pal = self.palette
        # A long one (what a full disk left unsaved) wraps rather than run off a narrow window.
        lines = T.wrap(text, TH.BODY, max(200, surface.get_width() - 80))
        step = T.line_height(TH.BODY)
        width = max(T.text(line, TH.BODY, pal.text).get_width() for line in lines)
        rect = pygame.Rect(0, 0, width, T.text(lines[0], TH.BODY, pal.text).get_height() + step * (len(lines) - 1))
        rect = rect.inflate(36, 18)
        rect.midbottom = (surface.get_width() // 2, surface.get_height() - 6)
        TH.draw_panel(surface, rect, pal, fill=(10, 20, 16, 230))
        for i, line in enumerate(lines):
            T.blit_text(surface, line, TH.BODY, pal.text, (rect.centerx, rect.y + 9 + i * step), "midtop")

    def next_frame_due(self) -> float | None:
        """Seconds until the app must draw again on its own: 0 while anything moves, the nearest
        deadline while it waits (the top scene's, a toast going, a settings save, another try at
        writing a result a full disk held back), None when only input can change the screen."""
        top = self.top
        dues = [top.next_frame_due()] if top is not None else []
        if self._toasts:
            dues.append(self._toasts[0][1])
        if self._settings_dirty:
            dues.append(self._settings_dirty)
        if self.storage.unsaved_result is not None:
            dues.append(self._retry_writes)
        dues = [max(0.0, d) for d in dues if d is not None]
        return min(dues) if dues else None

    def loop(self, seconds: float | None = None, now: Callable[[], float] = time.perf_counter,
             sleep: Callable[[float], None] = time.sleep,
             input_waiting: Callable[[], bool] | None = None) -> int:
        """Play until the app quits (or for `seconds`): a frame at most FPS times a second while
        anything moves; otherwise the app rests until its next deadline or until input comes,
        looking for input every REST_POLL seconds, and draws nothing meanwhile.

        pygame.event.wait(timeout) would do the waiting, but pygame-ce polls inside it every
        millisecond: that alone costs 1-3% of a core under X11 (benchmarks/bench_idle.py
        --floor), up to the whole budget for a resting app; sleeping REST_POLL between looks
        costs 0.3-0.5%. Time and waiting are injected (tests run the loop on a fake clock)."""
        if input_waiting is None:
            input_waiting = _input_waiting
        start = last = now()
        cap = MAX_DT
        while seconds is None or last - start < seconds:
            began = now()
            dt = min(began - last, cap)
            last = began
            if not self.step(dt):
                break
            due = self.next_frame_due()
            ended = now()
            frame = began + 1.0 / FPS
            if due is not None and ended + due <= frame:
                cap = MAX_DT
                if frame > ended:
                    sleep(frame - ended)       # moving: FPS frames a second
                continue
            # At rest: nothing is drawn until the deadline or input. The next frame's dt is the
            # real time that went by (the table's clock, a bot's delay and a countdown keep real
            # time), but never runs past the deadline by more than a moving frame's would.
            wake = None if due is None else ended + due
            if seconds is not None:
                wake = start + seconds if wake is None else min(wake, start + seconds)
            cap = float("inf") if due is None else wake - began + MAX_DT
            while not input_waiting():
                left = None if wake is None else wake - now()
                if left is not None and left <= 0:
                    break
                sleep(REST_POLL if left is None else min(REST_POLL, left))
        return 0


def _input_waiting() -> bool:
    """Whether an event waits in pygame's queue (pumping the system's events first)."""
    return bool(pygame.event.peek())


def run(argv_options: Any = None) -> int:
    """Open the window and play until it is closed. ``argv_options`` (dict or argparse
    namespace) may hold: fullscreen (bool), windowed (bool), size ((w, h)), home (a base
    directory instead of the platform's, like $CARDHALL_HOME), frames (stop after n frames), language
    (a language code for this run), speech (turn speech on)."""
    home = _opt(argv_options, "home")
    storage = Storage(home, lock=True) if home else Storage(lock=True)
    # The first frame's felt is read from the cache folder, or drawn and kept there for the next
    # start (the game's own window only: tests and the smoke test draw theirs).
    TH.keep_felts_in(storage.cache_dir)
    fullscreen = _opt(argv_options, "fullscreen")
    if _opt(argv_options, "windowed"):
        fullscreen = False
    size = _opt(argv_options, "size")
    app = App(storage=storage, size=tuple(size) if size else None, fullscreen=fullscreen,
              language=_opt(argv_options, "language"))
    if _opt(argv_options, "speech"):
        app.set_speech(True)       # `cardhall --speech`: a player who cannot see Settings starts with it
    frames = _opt(argv_options, "frames")
    run_until_closed(app, storage, int(frames) if frames else None)
    return 0


def run_until_closed(app: App, storage: Storage, frames: int | None = None) -> None:
    """Play `app` until its window is closed (or for `frames` frames, for tests and smoke runs),
    then close the window and the storage."""
    try:
        if frames:
            for _frame in range(frames):
                if not app.step():
                    break
            app.quit()
        else:
            app.loop()
    finally:
        pygame.quit()
        T.forget_fonts()      # they died with pygame: a later window (a test) loads new ones
        storage.close()


def show_record(record: Any, number: int | None = None, home: Any = None, frames: int | None = None) -> int:
    """`cardhall replay RECORD --show`: a window with the replay of one round (the first unless
    `number` says otherwise), closed with Esc or the window's close button."""
    from game.client.scenes.replay import ReplayScene

    storage = Storage(home) if home else Storage()

    class FirstScene(ReplayScene):
        def __init__(self, app: Any):
            super().__init__(app, record, number or 1)

    run_until_closed(App(storage=storage, first_scene=FirstScene), storage, frames)
    return 0
