"""Play: choose a variant, set up the seats and the variant's options, review, start.

Options are rendered generically from the variant's ``option_specs``: a toggle, a choice cycler
or a number stepper, each with its help text. The last setup per variant is remembered in the
settings.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.client import tables
from game.client.narration.wording import YOU, editable_name, shown_name, stored_name
from game.client.save_summary import summary_words
from game.client.scenes.ladder import LEVEL_NAMES, LEVEL_WORDS
from game.client.scene import MenuScene, VariantList
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button, Cycler, Stepper, TextInput, Toggle, Widget
from game.core.errors import CardhallError
from game.core.options import REACTION_SECONDS
from game.i18n import _, _l, ngettext, pgettext

BOT_NAMES = ("Ada", "Bruno", "Chiara", "Dev", "Elif", "Farid", "Greta", "Hiro")
KINDS = ("human", "easy", "medium", "hard")
KIND_LABELS = {"human": _l("Human"), "easy": _l("Bot · easy"), "medium": _l("Bot · medium"), "hard": _l("Bot · hard")}
NAME_MAX = 16
# The reaction window's time limit a setup starts with at a table where it closes when the people
# pass (Kombio, Kabu): one player alone passes with one key and wants the game to move on; players
# sharing the screen first press their claim key, so they keep the longer default.
SOLO_REACTION_SECONDS = 2.0


def format_option(spec, value: Any) -> str:
    if spec.kind == "toggle":
        return _("On") if value else _("Off")
    if spec.kind == "number" and value == 0 and spec.zero_label:
        return _(spec.zero_label)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        # a choice's word ("rounds", "target pair"): packaging/translations.py extracts every
        # OptionSpec's texts, its string choices under this context
        return pgettext("option value", value)
    return str(value)


def option_words(spec) -> tuple[str, str]:
    """An option's label and help in the player's language (the variants' OptionSpecs give the
    English; packaging/translations.py puts them in the catalogue)."""
    return _(spec.label), _(spec.help) if spec.help else ""


def reaction_words(humans: int) -> tuple[str, str]:
    """The reaction option's label and help where the window closes when the people pass."""
    label = _("Close when I pass or after") if humans <= 1 else _("Close when we all pass or after")
    you = _("you pass") if humans <= 1 else _("every player here has passed")
    help = _("After each discard the claim window closes as soon as {who} (Space); bots that are not "
             "claiming pass at the same moment. Otherwise it closes when this time runs out. "
             "No limit: only passing closes it. Starts at {seconds} s for one player, longer in hot seat.").format(
                 who=you, seconds=f"{SOLO_REACTION_SECONDS:g}")
    return label, help


def reaction_value(value: Any) -> str:
    """A reaction window's length as the setup and the settings show it."""
    return _(REACTION_SECONDS.zero_label) if not value else f"{value:g} s"


def option_widget(spec, value: Any, on_change, humans: int | None = None) -> Widget:
    """The generic control for one OptionSpec (`humans`: the people seated, when the table closes
    the reaction window as they pass: that option then says so)."""
    if spec.key == "reaction_seconds" and humans is not None:
        label, help = reaction_words(humans)
        return Stepper(label, value, spec.minimum, spec.maximum, spec.step, on_change, fmt=reaction_value, help=help)
    label, help = option_words(spec)
    if spec.kind == "toggle":
        return Toggle(label, bool(value), on_change, help=help)
    if spec.kind == "choice":
        return Cycler(label, spec.choices, value, on_change, fmt=lambda v, s=spec: format_option(s, v), help=help)
    return Stepper(label, value, spec.minimum, spec.maximum, spec.step, on_change,
                   fmt=lambda v, s=spec: format_option(s, v), help=help)


class VariantChooser(VariantList):
    title = _l("Choose a game")
    empty_text = _l("No games are ready to play in this build yet.")

    def variants_listed(self) -> list:
        return tables.playable_variants()

    def choose(self, entry) -> None:
        from game.client.scenes.guide_offer import offer_once

        variant = entry.engine_class()      # (the game's rules are imported now, not at start-up)
        self.app.push(SetupScene(self.app, variant))
        offer_once(self.app, variant)       # the first time only: a guided first match


class SetupScene(MenuScene):
    """Seats (2..max, Human or Bot easy/medium/hard, editable names) and the variant's options."""

    hints = [("↑↓", _l("Move")), ("←→", _l("Change")), ("Enter", _l("Next")), ("Esc", _l("Back"))]
    kinds = KINDS                 # what a seat may be (the network host's setup adds a remote player)
    kind_labels = KIND_LABELS

    def __init__(self, app, variant):
        self.variant = variant
        self.title = _("{game}: set up the table").format(game=variant.title)
        self.seats, self.options = self._initial(app)
        self.scroll = 0
        self.error = ""
        super().__init__(app)

    # -- state ---------------------------------------------------------------------------------
    def _initial(self, app) -> tuple[list[dict], dict]:
        v = self.variant
        last = app.settings.last_setup.get(v.id) if isinstance(app.settings.last_setup, dict) else None
        seats: list[dict] = []
        if isinstance(last, dict) and isinstance(last.get("seats"), list):
            for s in last["seats"][: v.max_seats]:
                if isinstance(s, dict) and isinstance(s.get("name"), str) and s.get("kind") in self.kinds:
                    seats.append({"name": s["name"][:NAME_MAX], "kind": s["kind"]})
        if len(seats) < v.min_seats:
            count = max(v.min_seats, min(v.max_seats, 4))
            seats = [{"name": app.settings.player_name, "kind": "human"}]
            for i in range(1, count):
                seats.append({"name": BOT_NAMES[i - 1], "kind": "medium"})
        options: dict[str, Any] = {}
        saved_options = last.get("options", {}) if isinstance(last, dict) and isinstance(last.get("options"), dict) else {}
        # The reaction time follows the seating (SOLO_REACTION_SECONDS for one player) until the
        # player sets it here, or chose it for this game before.
        self.reaction_auto = "reaction_seconds" not in saved_options
        for spec in v.option_specs:
            value = spec.default
            if spec.key == "reaction_seconds":
                value = self._reaction_default(app, seats)
            if spec.key in saved_options:
                value = saved_options[spec.key]
            try:
                options[spec.key] = spec.check(value)
            except Exception:
                options[spec.key] = spec.default
        return seats, options

    def _pass_closes(self) -> bool:
        return tables.pass_closes_window(self.variant.id)

    def humans(self, seats: list[dict] | None = None) -> int:
        return sum(1 for s in (self.seats if seats is None else seats) if s["kind"] == "human")

    def _reaction_default(self, app, seats: list[dict]) -> float:
        if self._pass_closes() and app.settings.speech:
            return 0.0      # No limit: a player listening to the table takes the time they need (issue 34)
        if self._pass_closes() and self.humans(seats) == 1:
            return SOLO_REACTION_SECONDS
        return app.settings.reaction_seconds

    def _follow_seating(self) -> None:
        """The seating changed: the reaction option's words (I / we all) and, until the player set
        it, its time follow."""
        if "reaction_seconds" not in self.options or not self._pass_closes():
            return
        if self.reaction_auto:
            self.options["reaction_seconds"] = self._reaction_default(self.app, self.seats)
        for spec, widget in zip(self.variant.option_specs, self.option_widgets):
            if spec.key == "reaction_seconds":
                widget.label, widget.help = reaction_words(self.humans())
                widget.value = self.options["reaction_seconds"]
        self.layout(self.size)

    def seat_infos(self):
        from game.core.record import SeatInfo

        infos = []
        used: set[str] = set()
        hot_seat = sum(1 for s in self.seats if s["kind"] == "human") > 1
        for i, s in enumerate(self.seats):
            player_n = _("Player {n}").format(n=i + 1)
            name = s["name"].strip() or (player_n if s["kind"] == "human" else BOT_NAMES[i % len(BOT_NAMES)])
            if hot_seat and s["kind"] == "human" and name.lower() == YOU.lower():
                name = player_n    # "Pass to You" means nothing when several people share the screen
            base, n = name, 2
            while name.lower() in used:
                name = f"{base} {n}"
                n += 1
            used.add(name.lower())
            if s["kind"] == "human":
                infos.append(SeatInfo(name, "human", None))
            else:
                infos.append(SeatInfo(name, "bot", s["kind"]))
        return infos

    def show_levels(self) -> None:
        from game.client.scenes.ladder import LadderScene

        self.app.push(LadderScene(self.app, self.variant.id))

    def guided(self) -> None:
        """The variant's guided first match again (it never replaces a saved match)."""
        from game.client.scenes.guide_offer import play_guided

        play_guided(self.app, self.variant.id)

    def add_seat(self) -> None:
        if len(self.seats) >= self.variant.max_seats:
            return
        used = {s["name"] for s in self.seats}
        name = next((n for n in BOT_NAMES if n not in used), f"Bot {len(self.seats) + 1}")
        self.seats.append({"name": name, "kind": "medium"})
        self.rebuild()
        self.form.focus_on(self.seat_rows[-1][0])

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= self.variant.min_seats:
            return
        del self.seats[index]
        self.rebuild()
        self._follow_seating()

    def set_name(self, index: int, name: str) -> None:
        self.seats[index]["name"] = stored_name(name)

    def set_kind(self, index: int, kind: str) -> None:
        self.seats[index]["kind"] = kind
        self._follow_seating()

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        if key == "reaction_seconds":
            self.reaction_auto = False
        self._dim_unused_options()

    def _dim_unused_options(self) -> None:
        # An option that does not matter under the others (a target score when playing rounds) stays
        # visible, greyed out, so the player sees what switching would bring back.
        for spec, widget in zip(self.variant.option_specs, self.option_widgets):
            widget.enabled = spec.applies(self.options)

    # -- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        self.seat_rows: list[tuple[TextInput, Cycler, Button | None]] = []
        widgets: list[Widget] = []
        can_remove = len(self.seats) > self.variant.min_seats
        for i, s in enumerate(self.seats):
            name = TextInput("", editable_name(s["name"]), lambda v, i=i: self.set_name(i, v), max_len=NAME_MAX,
                             placeholder=_("Player {n}").format(n=i + 1))
            kind = Cycler("", self.kinds, s["kind"], lambda v, i=i: self.set_kind(i, v),
                          fmt=lambda v: str(self.kind_labels.get(v, v)))
            remove = Button("✕", lambda i=i: self.remove_seat(i), size=TH.BODY) if can_remove else None
            name.speak_as = _("Seat {n}, name").format(n=i + 1)
            kind.speak_as = _("Seat {n}, player").format(n=i + 1)
            if remove is not None:
                remove.speak_as = _("Remove seat {n}").format(n=i + 1)
            self.seat_rows.append((name, kind, remove))
            widgets += [name, kind] + ([remove] if remove else [])
        self.add_button = Button(_("+ Add seat"), self.add_seat)
        self.add_button.enabled = len(self.seats) < self.variant.max_seats
        self.levels_button = Button(_("Bot levels…"), self.show_levels, shortcut=pygame.K_F2)
        widgets += [self.add_button, self.levels_button]
        from game.guides import guide_for

        self.guide_button = Button(_("Guided match"), self.guided, shortcut=pygame.K_F3, hint="F3") \
            if guide_for(self.variant.id) is not None else None
        widgets += [self.guide_button] if self.guide_button else []
        humans = self.humans() if self._pass_closes() else None
        self.option_widgets = [option_widget(spec, self.options[spec.key], lambda v, k=spec.key: self.set_option(k, v),
                                             humans)
                               for spec in self.variant.option_specs]
        self._dim_unused_options()
        widgets += self.option_widgets
        self.back_button = Button(_("Back"), self.back, hint="Esc")
        self.next_button = Button(_("Review"), self.next, primary=True, hint="Enter")
        widgets += [self.back_button, self.next_button]
        self.form.set_widgets(widgets, keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        margin = 48
        gap = 32
        left_w = min(560, (w - 2 * margin - gap) // 2)
        top = 110 if h >= 640 else 90
        self.left = pygame.Rect(margin, top, left_w, h - top - 110)
        self.right = pygame.Rect(self.left.right + gap, top, w - margin - self.left.right - gap, h - top - 110)
        heading = 14 + T.line_height(TH.H2, True)     # the panels' headings (45 px at the normal text size)
        y = self.left.y + heading + 11
        # Six seats in a short window: the rows close up so the seat buttons stay inside the panel.
        pitch = min(TH.ROW_H + 8, (self.left.bottom - y - 52) // max(1, len(self.seat_rows)))
        row_h = min(TH.ROW_H, pitch - 4)
        for i, (name, kind, remove) in enumerate(self.seat_rows):
            x = self.left.x + 60
            # Narrow windows give the level picker room first: a name reads fine cut short.
            room = self.left.right - 16 - 54 - x
            name.rect = pygame.Rect(x, y, max(100, min(200, room - 200)), row_h)
            kind.rect = pygame.Rect(name.rect.right + 10, y, self.left.right - 16 - 54 - name.rect.right - 10, row_h)
            if remove:
                remove.rect = pygame.Rect(self.left.right - 16 - 46, y + 1, 46, row_h - 2)
            y += pitch
        room = self.left.right - 16 - (self.left.x + 60)
        self.add_button.rect = pygame.Rect(self.left.x + 60, y + 6, min(200, (room - 10) // 2), 40)
        self.levels_button.rect = pygame.Rect(self.add_button.rect.right + 10, y + 6,
                                              min(200, self.left.right - 16 - self.add_button.rect.right - 10), 40)
        if self.guide_button is not None:
            # (as wide as its words and key need at the larger text sizes)
            wide = T.text(self.guide_button.text, TH.BODY, (0, 0, 0), True).get_width() + 104
            self.guide_button.rect = pygame.Rect(self.left.x + 60, self.left.bottom + 18,
                                                 min(max(250, wide), self.left.w - 60), 48)
        # options: a scrolling column
        self.options_view = pygame.Rect(self.right.x + 8, self.right.y + heading + 7, self.right.w - 16,
                                        self.right.h - heading - 15)
        self._layout_options()
        bw = 200
        self.next_button.rect = pygame.Rect(w - margin - bw, h - 92, bw, 48)
        self.back_button.rect = pygame.Rect(self.next_button.rect.x - 16 - bw, h - 92, bw, 48)

    def _layout_options(self) -> None:
        view = self.options_view
        heights = [wd.height_for(view.w) for wd in self.option_widgets]
        total = sum(heights) + 6 * len(heights)
        self.max_scroll = max(0, total - view.h)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        y = view.y - self.scroll
        for wd, hh in zip(self.option_widgets, heights):
            wd.rect = pygame.Rect(view.x, y, view.w, hh)
            wd.clip = view
            y += hh + 6

    def _scroll_to(self, widget: Widget) -> None:
        view = self.options_view
        if widget.rect.top < view.top:
            self.scroll -= view.top - widget.rect.top
        elif widget.rect.bottom > view.bottom:
            self.scroll += widget.rect.bottom - view.bottom
        self._layout_options()

    # -- events ----------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * 40
            self._layout_options()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not isinstance(self.form.focused, Button):
                self.next()
                return
        self.form.handle_event(event)
        if event.type == pygame.KEYDOWN:
            f = self.form.focused
            if f in self.option_widgets:
                self._scroll_to(f)
            if event.key == pygame.K_ESCAPE:
                self.back()

    def spoken_screen(self) -> list[str]:
        return [self.title, ngettext("{n} player", "{n} players", len(self.seats)).format(n=len(self.seats))]

    def next(self) -> None:
        self.error = ""
        from game.core.options import resolve_options

        try:
            options = resolve_options(self.variant.option_specs, self.options)
        except Exception as exc:
            self.error = str(exc)
            self.app.announcer.tell(self.error)
            return
        self.app.sound.play("click")
        summary = SummaryScene(self.app, self.variant, self.seat_infos(), options)
        summary.reaction_chosen = not self.reaction_auto
        self.app.push(summary)

    # -- drawing ---------------------------------------------------------------------------------
    def _draw_level_words(self, surface, pal, focused) -> None:
        kind = next((k.value for _, k, _ in self.seat_rows if k is focused), None)
        y = self.add_button.rect.bottom + 12
        lh = T.line_height(TH.SMALL)
        for words in _level_words_for(self.seats, kind):
            for line in T.wrap(words, TH.SMALL, self.left.w - 80):
                if y + lh > self.left.bottom - 6:
                    return
                T.blit_text(surface, line, TH.SMALL, pal.text_dim, (self.left.x + 60, y))
                y += lh
            y += 4

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        pal = self.palette
        self.draw_background(surface)
        self.draw_title(surface, 56)
        for rect, heading in ((self.left, _("Players ({fewest}–{most})").format(fewest=self.variant.min_seats, most=self.variant.max_seats)),
                              (self.right, _("Rules and options"))):
            TH.draw_panel(surface, rect, pal)
            size = T.fitting_size(heading, (TH.H2, TH.BODY), rect.w - 40, True)
            T.blit_text(surface, heading, size, pal.text, (rect.x + 20, rect.y + 14), bold=True)
        focused = self.form.focused
        for i, (name, kind, remove) in enumerate(self.seat_rows):
            badge = pygame.Rect(0, 0, 32, 32)
            badge.center = (self.left.x + 32, name.rect.centery)
            pygame.draw.circle(surface, pal.seat_colour(i), badge.center, 16)
            T.blit_text(surface, str(i + 1), TH.BODY, pal.accent_text, badge.center, "center", bold=True)
            for wd in (name, kind, remove):
                if wd is not None:
                    wd.draw(surface, pal, wd is focused)
        self.add_button.draw(surface, pal, self.add_button is focused)
        self.levels_button.draw(surface, pal, self.levels_button is focused)
        if self.guide_button is not None:
            self.guide_button.draw(surface, pal, self.guide_button is focused)
        self._draw_level_words(surface, pal, focused)
        if not self.variant.option_specs:
            T.blit_text(surface, _("This game has no optional rules."), TH.BODY, pal.text_dim,
                        (self.right.x + 20, self.right.y + 64))
        clip = surface.get_clip()
        surface.set_clip(self.options_view)
        for wd in self.option_widgets:
            if wd.rect.colliderect(self.options_view):
                wd.draw(surface, pal, wd is focused)
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(self.right.right - 8, self.options_view.y, 4, self.options_view.h)
            pygame.draw.rect(surface, pal.button, track, border_radius=2)
            frac = self.options_view.h / (self.options_view.h + self.max_scroll)
            th = max(24, int(track.h * frac))
            ty = track.y + int((track.h - th) * (self.scroll / self.max_scroll))
            pygame.draw.rect(surface, pal.text_dim, (track.x, ty, 4, th), border_radius=2)
        self.back_button.draw(surface, pal, self.back_button is focused)
        self.next_button.draw(surface, pal, self.next_button is focused)
        if self.error:
            T.blit_text(surface, self.error, TH.SMALL, pal.bad, (self.left.x, self.next_button.rect.centery), "midleft")
        from game.client.scene import draw_hints

        draw_hints(surface, pal, self.hints)


def _level_words_for(seats: list[dict], focused_kind: str | None) -> list[str]:
    """The focused level picker's level, else every level seated, in order."""
    if focused_kind in LEVEL_WORDS:
        return [LEVEL_WORDS[focused_kind]]
    seated = {s["kind"] for s in seats}
    return [LEVEL_WORDS[k] for k in KINDS if k in seated and k in LEVEL_WORDS]


class SummaryScene(MenuScene):
    """Who plays and which rules are on, before Start."""

    hints = [("Enter", _l("Start")), ("Esc", _l("Back"))]

    def __init__(self, app, variant, seats, options):
        self.variant = variant
        self.seat_list = seats
        self.options = options
        self.title = _("{game}: ready to start").format(game=variant.title)
        self.reaction_chosen = True     # the setup says whether the player set the reaction time
        super().__init__(app)

    def build(self) -> None:
        self.back_button = Button(_("Back"), self.back, hint="Esc")
        self.start_button = Button(_("Start"), self.start, primary=True, hint="Enter")
        self.replacing = ""            # set when Start was pressed once over an unfinished saved match
        self.form.set_widgets([self.start_button, self.back_button], keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        margin, gap = 48, 32
        left_w = min(480, (w - 2 * margin - gap) // 2)
        self.left = pygame.Rect(margin, 110, left_w, h - 220)
        self.right = pygame.Rect(self.left.right + gap, 110, w - margin - self.left.right - gap, h - 220)
        bw = 200
        sw = 310 if self.replacing else bw      # "Replace it and start" needs the room
        self.start_button.rect = pygame.Rect(w - margin - sw, h - 92, sw, 48)
        self.back_button.rect = pygame.Rect(self.start_button.rect.x - 16 - bw, h - 92, bw, 48)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focused is not self.back_button:
            self.start()
            return
        super().handle_event(event)

    def seat_words(self, si) -> str:
        """ "Bot (medium)" or "Human", as the players' list shows it."""
        level = si.level or "medium"
        return _("Human") if si.kind == "human" else _("Bot ({level})").format(level=LEVEL_NAMES.get(level, level))

    def note(self) -> str:
        humans = sum(1 for si in self.seat_list if si.kind == "human")
        return (_("Hot seat: pass the device when asked; the screen hides the hands in between.")
                if humans > 1 else _("Bots play at human-like speed.") if humans == 1 else _("All bots: you watch."))

    def rule_rows(self) -> list[tuple[str, str, bool]]:
        """The rules in play: (label, value, changed from the default)."""
        rows = []
        for spec in self.variant.option_specs:
            if not spec.applies(self.options):
                continue
            value = self.options.get(spec.key, spec.default)
            changed = value != spec.default
            label, shown = option_words(spec)[0], format_option(spec, value)
            if spec.key == "reaction_seconds" and tables.pass_closes_window(self.variant.id):
                label, shown = reaction_words(sum(1 for si in self.seat_list if si.kind == "human"))[0], reaction_value(value)
                changed = changed and self.reaction_chosen     # the seating's own default is no change
            rows.append((str(label), str(shown), changed))
        return rows

    def warning(self) -> str:
        return _("You have an unfinished {game} match ({summary}). Starting this one replaces it (other games' "
                 "saves stay): press again to start, or Back to keep it.").format(game=self.variant.title,
                                                                                  summary=T.clean(self.replacing, 60))

    def spoken_screen(self) -> list[str]:
        players = "; ".join(f"{shown_name(si)}, {self.seat_words(si)}" for si in self.seat_list)
        rows = self.rule_rows()
        rules = ("; ".join(f"{label}: {shown}" + (", " + _("changed") if changed else "") for label, shown, changed in rows)
                 if rows else _("The standard rules, no options."))
        return [self.title, _("Players") + ": " + players + ". " + self.note(), _("Active rules") + ": " + rules]

    def record(self):
        from game.core.record import GameRecord

        seed = random.SystemRandom().randrange(1, 2 ** 31)
        return GameRecord(self.variant.id, dict(self.options), list(self.seat_list), seed)

    def _unfinished(self) -> str:
        """What this variant's saved unfinished match is, in words, or "" when there is none."""
        saved = self.app.storage.saved_match(self.variant.id)
        if saved is None:
            return ""
        record, meta = saved
        return summary_words(record, meta)

    def start(self) -> None:
        # Each variant keeps one saved match: a new one replaces this variant's, so the first press asks.
        if not self.replacing:
            unfinished = self._unfinished()
            if unfinished:
                self.replacing = unfinished
                self.start_button.text = _("Replace it and start")
                self.layout(self.size)
                self.app.announcer.tell(self.warning())
                return
        s = self.app.settings
        s.last_setup = dict(s.last_setup)
        s.last_setup[self.variant.id] = {
            "seats": [{"name": si.name, "kind": "human" if si.kind == "human" else (si.level or "medium")}
                      for si in self.seat_list],
            # A reaction time the seating chose is not remembered as the player's choice.
            "options": {k: v for k, v in self.options.items() if k != "reaction_seconds" or self.reaction_chosen},
        }
        humans = [si.name for si in self.seat_list if si.kind == "human"]
        if len(humans) == 1:
            s.player_name = humans[0]
        if "reaction_seconds" in self.options and self.reaction_chosen:
            s.reaction_seconds = float(self.options["reaction_seconds"])
        self.app.save_settings()
        try:
            tables.start_match(self.app, self.record())
        except CardhallError as exc:   # e.g. a bot level this variant has no bot for yet
            self.app.toast(_("The match cannot start: {error}.").format(error=exc))
            return
        self.app.sound.play("deal")

    def draw_content(self, surface) -> None:
        pal = self.palette
        if self.replacing:
            warn = self.warning()
            r = self.start_button.rect
            lines = T.wrap(warn, TH.SMALL, max(200, self.back_button.rect.x - self.left.x - 24))
            y = r.centery - len(lines) * T.line_height(TH.SMALL) // 2
            for line in lines:
                T.blit_text(surface, line, TH.SMALL, pal.bad, (self.left.x, y))
                y += T.line_height(TH.SMALL)
        TH.draw_panel(surface, self.left, pal)
        TH.draw_panel(surface, self.right, pal)
        heading = _("Players")
        T.blit_text(surface, heading, T.fitting_size(heading, (TH.H2, TH.BODY), self.left.w - 40, True), pal.text,
                    (self.left.x + 20, self.left.y + 14), bold=True)
        y = self.left.y + 64
        for i, si in enumerate(self.seat_list):
            pygame.draw.circle(surface, pal.seat_colour(i), (self.left.x + 36, y + 14), 14)
            T.blit_text(surface, str(i + 1), TH.SMALL, pal.accent_text, (self.left.x + 36, y + 14), "center", bold=True)
            name = shown_name(si)
            T.blit_text(surface, name, TH.BODY, pal.text, (self.left.x + 64, y + 14), "midleft", bold=True)
            kind = self.seat_words(si)
            # the level in smaller type where a longer language would run it into the name
            room = self.left.right - 20 - (self.left.x + 64) - T.text(name, TH.BODY, pal.text, True).get_width() - 12
            size = next((z for z in (TH.BODY, TH.SMALL) if T.text(kind, z, pal.text_dim).get_width() <= room), TH.TINY)
            T.blit_text(surface, kind, size, pal.text_dim, (self.left.right - 20, y + 14), "midright")
            y += 40
        note = self.note()
        yy = self.left.bottom - 16 - 2 * T.line_height(TH.SMALL)
        for line in T.wrap(note, TH.SMALL, self.left.w - 40):
            T.blit_text(surface, line, TH.SMALL, pal.text_dim, (self.left.x + 20, yy))
            yy += T.line_height(TH.SMALL)
        heading = _("Active rules")
        T.blit_text(surface, heading, T.fitting_size(heading, (TH.H2, TH.BODY), self.right.w - 40, True), pal.text,
                    (self.right.x + 20, self.right.y + 14), bold=True)
        y = self.right.y + 64
        if not self.variant.option_specs:
            T.blit_text(surface, _("The standard rules, no options."), TH.BODY, pal.text_dim, (self.right.x + 20, y))
        rows = self.rule_rows()
        # Every rule in the body type when they fit, else all of them in the small type (Kabu's seven
        # at text size 1.3 in 960x540); only what still does not fit gives way to "… and N more".
        for size, gap in ((TH.BODY, 8), (TH.SMALL, 4)):
            if self._draw_rules(None, rows, size, gap, y) >= len(rows):
                break
        drawn = self._draw_rules(surface, rows, size, gap, y)
        if drawn < len(rows):
            more = len(rows) - drawn
            T.blit_text(surface, ngettext("… and {n} more", "… and {n} more", more).format(n=more), size, pal.text_dim,
                        (self.right.x + 20, self.right.bottom - 14), "bottomleft")

    def _draw_rules(self, surface, rows, size, gap, y) -> int:
        """Draws (or, without a surface, only measures) the rows that fit; returns how many."""
        pal = self.palette
        bottom = self.right.bottom - 14
        for index, (label, shown, changed) in enumerate(rows):
            more_below = index + 1 < len(rows)
            value_w, value_h = T.text(shown, size, pal.text, True).get_size()
            vx = self.right.right - 20 - value_w
            if changed:
                vx -= 10 + T.text(_("changed"), TH.TINY, pal.text_dim).get_width()
            # (a label that would run into its value goes on two lines: "Close when I pass or after 2 s"
            # at the larger text sizes)
            lines = T.wrap(label, size, max(80, vx - 16 - (self.right.x + 20)))
            height = max(len(lines) * T.line_height(size), value_h)
            room = bottom - (T.line_height(size) if more_below else 0)    # the "… and N more" line
            if y + height > room:
                return index
            if surface is not None:
                vr = T.blit_text(surface, shown, size, pal.accent if changed else pal.text,
                                 (self.right.right - 20, y), "topright", bold=True)
                if changed:
                    T.blit_text(surface, _("changed"), TH.TINY, pal.text_dim, (vr.x - 10, vr.centery), "midright")
                for n, line in enumerate(lines):
                    T.blit_text(surface, line, size, pal.text, (self.right.x + 20, y + n * T.line_height(size)))
            y += height + gap
        return len(rows)
