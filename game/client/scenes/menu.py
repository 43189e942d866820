"""The main menu: Continue (when a saved match can be resumed: each variant keeps its own), Play,
Rules, Statistics, Settings, Quit, and About in the corner beside the version; plus the notices
Storage collected (a file that could not be read...)."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pygame

import game
from game.client.save_summary import summary_words
from game.client.scene import MenuScene, VariantList, draw_hints
from game.client.storage import HOSTED_MATCH_FILE
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.client.window import icon
from game.core.errors import UnknownVariant
from game.i18n import N_, _, _l, ngettext
from game.log import logger

_log = logger(__name__)      # (logging is imported when it logs: game/log.py)
BUTTON_W = 380
HINT_BAR = 52          # the key hints along the bottom edge
TITLE_HEAD = 150       # the title and subtitle above the first button
LOGO_HEAD = TITLE_HEAD + 24 + 150    # with the logo (150 high) and a gap above the title
LOGO_HEAD_MIN = 292    # the tightest fit of the logo: it sits 140 above the first button
ABOUT_W, ABOUT_H = 120, 34   # the About button in the bottom-left corner, the version beside it
NOTICE_GAP = 20        # between a notice and the first button when the title gives way to it
NOTICE_SPACE = 6       # between two notices
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))


class MainMenu(MenuScene):
    hints = [("↑↓", _l("Move")), ("Enter", _l("Select")), ("F11", _l("Fullscreen"))]

    def __init__(self, app):
        self._logo = None
        self._logo_loaded = False
        self._show_logo = True
        self._show_title = True
        super().__init__(app)

    # -- widgets -----------------------------------------------------------------------------
    def saved(self) -> list[SimpleNamespace]:
        """What Continue offers: the saved matches a table can continue, one per variant (id,
        title, summary, record), and a hosted match a crash left (record None)."""
        return continue_entries(self.app)

    def build(self) -> None:
        buttons = []
        saved = self.saved()
        self.continue_button = None
        if saved:
            # One saved match continues at once; several open a list of them, one per game.
            sub = (f"{saved[0].title} · {saved[0].summary}" if len(saved) == 1
                   else ngettext("{n} game: {titles}", "{n} games: {titles}", len(saved)).format(
                       n=len(saved), titles=", ".join(s.title for s in saved)))
            self.continue_button = Button(_("Continue"), self.continue_match, shortcut=pygame.K_c, sub=sub, primary=True)
            buttons.append(self.continue_button)
        elif held_elsewhere(self.storage):
            # A second copy of the game (no home lock) only reads: the saves are the other copy's.
            held = held_elsewhere(self.storage)
            sub = (_("Only the other Cardhall window can continue your saved {game} match.").format(game=held[0])
                   if len(held) == 1 else
                   _("Only the other Cardhall window can continue your saved matches ({games}).").format(
                       games=", ".join(held)))
            self.continue_button = Button(_("Continue"), None, shortcut=pygame.K_c, sub=sub)
            self.continue_button.enabled = False
            buttons.append(self.continue_button)
        buttons += [
            Button(_("Play"), self.play, shortcut=pygame.K_p, primary=not saved),
            Button(_("Rules"), self.rules, shortcut=pygame.K_r),
            Button(_("Statistics"), self.statistics, shortcut=pygame.K_t),
            Button(_("Settings"), self.open_settings, shortcut=pygame.K_s),
            Button(_("Quit"), self.app.quit, shortcut=pygame.K_q),
        ]
        self.menu_buttons = buttons
        # Play on the network shares Play's row (a seventh row does not fit 960x540 with Continue).
        self.network_button = Button(_("Play on the network"), self.play_on_the_network, shortcut=pygame.K_n,
                                     size=TH.SMALL)
        play_at = next(i for i, b in enumerate(buttons) if b.on_click == self.play) + 1
        buttons = buttons[:play_at] + [self.network_button] + buttons[play_at:]
        # About sits in the bottom-left corner, where the version is shown: a seventh button in
        # the stack would not fit a 960x540 window with Continue.
        self.about_button = Button(_("About"), self.about, shortcut=pygame.K_a, size=TH.SMALL)
        self.dismiss_button = Button(_("Dismiss"), self.dismiss, shortcut=pygame.K_d, size=TH.SMALL)
        widgets = list(buttons) + [self.about_button]
        if self.storage.messages:
            widgets.append(self.dismiss_button)
        self.form.set_widgets(widgets, keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        room = h - 16 - HINT_BAR        # between the top margin and the key hints at the bottom
        heights = [b.height_for(BUTTON_W) for b in self.menu_buttons]
        gap = 12 if sum(heights) + 12 * len(heights) + TITLE_HEAD <= room else 6   # a short window packs tighter
        stack = sum(heights) + gap * len(heights)
        head = LOGO_HEAD
        if self.storage.messages or stack + LOGO_HEAD_MIN > room:
            head = TITLE_HEAD           # no room for the logo (or a notice takes its place)
        elif stack + head > room:
            head = room - stack         # the logo moves closer to the title rather than onto the hints
        self._show_logo = head >= LOGO_HEAD_MIN
        top = max(16, (room - head - stack) // 2 + 16) + head
        self._notice_rect = None
        self._show_title = True
        if self.storage.messages:
            nw = min(760, w - 80)
            # As many whole notices as leave the buttons clear of the key hints (three saves set aside
            # at once pushed Quit onto them); Next shows the ones after. The title gives way first.
            self._notices_shown = 1
            while (self._notices_shown < len(self.storage.messages)
                   and 16 + self._notice_height(nw, self._notices_shown + 1) + NOTICE_GAP + stack <= room):
                self._notices_shown += 1
            nh = self._notice_height(nw, self._notices_shown)
            self._show_title = 16 + nh + TITLE_HEAD + stack <= room
            top = max(top, 16 + nh + (TITLE_HEAD if self._show_title else NOTICE_GAP))
            more = len(self.storage.messages) - self._notices_shown
            self.dismiss_button.text = (ngettext("Next ({n} more)", "Next ({n} more)", more).format(n=more) if more
                                        else _("Dismiss"))
        y = top
        for b in self.menu_buttons:
            bh = b.height_for(BUTTON_W)
            b.rect = pygame.Rect((w - BUTTON_W) // 2, y, BUTTON_W, bh)
            y += bh + gap
            if b.on_click == self.play:
                # Play and Play on the network share the row; where a longer language needs more
                # than the column's width for both, the row grows wider, both ways, rather than
                # cutting a label.
                net_w = max(170, self.network_button.width_needed())
                play_w = max(BUTTON_W - net_w - 8, b.width_needed())
                row = play_w + 8 + net_w
                b.rect = pygame.Rect((w - row) // 2, y - bh - gap, play_w, bh)
                self.network_button.rect = pygame.Rect(b.rect.right + 8, b.rect.y, net_w, bh)
        self.about_button.rect = pygame.Rect(12, h - 12 - ABOUT_H, ABOUT_W, ABOUT_H)
        if self.storage.messages:
            self._notice_rect = pygame.Rect((w - nw) // 2, 16, nw, nh)
            bw = max(136, T.text(self.dismiss_button.text, TH.SMALL, (0, 0, 0), True).get_width() + 60)
            self.dismiss_button.rect = pygame.Rect(self._notice_rect.right - 14 - bw, self._notice_rect.y + 8, bw, 32)

    def _notice_height(self, width: int, count: int) -> int:
        lines = self._notice_lines(width - 48, count)
        return 48 + len(lines) * T.line_height(TH.SMALL) + sum(1 for _, first in lines if first) * NOTICE_SPACE + 10

    def _notice_lines(self, width: int, count: int | None = None) -> list[tuple[str, bool]]:
        """Each notice's lines, and whether a line starts a notice after the first."""
        lines = []
        for n, m in enumerate(self.storage.messages[:count]):
            lines += [(line, n > 0 and i == 0) for i, line in enumerate(T.wrap(m, TH.SMALL, width))]
        return lines

    # -- actions -----------------------------------------------------------------------------
    def play(self) -> None:
        from game.client.scenes.play import VariantChooser

        self.app.push(VariantChooser(self.app))

    def play_on_the_network(self) -> None:
        from game.client.scenes.network import NetworkMenu

        self.app.push(NetworkMenu(self.app))

    def rules(self) -> None:
        from game.client.scenes.rules import RulesChooser

        self.app.push(RulesChooser(self.app))

    def statistics(self) -> None:
        from game.client.scenes.stats import StatsScene

        self.app.push(StatsScene(self.app))

    def about(self) -> None:
        from game.client.scenes.about import AboutScene

        self.app.push(AboutScene(self.app))

    def open_settings(self) -> None:
        from game.client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def continue_match(self) -> None:
        saved = self.saved()
        if len(saved) == 1:
            continue_entry(self.app, saved[0])
        elif saved:
            self.app.push(ContinueChooser(self.app))
        self.rebuild()

    def dismiss(self) -> None:
        del self.storage.messages[:getattr(self, "_notices_shown", len(self.storage.messages))]
        self.rebuild()
        for line in self._spoken_notices():       # the next ones, now on the screen
            self.app.announcer.tell(line)

    # -- scene hooks -----------------------------------------------------------------------------
    def resume(self) -> None:
        self.rebuild()

    def spoken_screen(self) -> list[str]:
        return [_("Cardhall, main menu")] + self._spoken_notices()

    def _spoken_notices(self) -> list[str]:
        shown = self.storage.messages[:getattr(self, "_notices_shown", 1)]
        return [_("Notice: {text}").format(text=m) for m in shown]

    def back(self) -> None:
        if self.storage.messages:
            self.dismiss()

    # -- drawing ---------------------------------------------------------------------------------
    def _logo_surface(self):
        if not self._logo_loaded:
            self._logo_loaded = True
            img = icon()
            if img is not None:
                img = pygame.transform.smoothscale(img, (150, 150))
                self._logo = img.convert_alpha() if pygame.display.get_surface() else img
        return self._logo

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.palette
        self.draw_background(surface)
        w, h = surface.get_size()
        first = self.menu_buttons[0].rect.y
        title_y = first - 62
        if self._show_title:
            T.blit_text(surface, "Cardhall", TH.TITLE, pal.text, (w // 2, title_y), "midbottom", bold=True)
            T.blit_text(surface, _("Fast memory-and-reaction card games"), TH.BODY, pal.text_dim, (w // 2, title_y + 8),
                        "midtop")
        logo = self._logo_surface()
        if logo is not None and self._show_logo:
            surface.blit(logo, logo.get_rect(midbottom=(w // 2, title_y - 78)))
        if self._notice_rect is not None:
            r = self._notice_rect
            TH.draw_panel(surface, r, pal, fill=(60, 24, 14, 230))
            pygame.draw.rect(surface, pal.bad, r, 2, border_radius=TH.RADIUS)
            T.blit_text(surface, _("Notice"), TH.BODY, pal.text, (r.x + 24, r.y + 14), bold=True)
            y = r.y + 44
            for line, first in self._notice_lines(r.w - 48, self._notices_shown):
                y += NOTICE_SPACE if first else 0
                T.blit_text(surface, line, TH.SMALL, pal.text, (r.x + 24, y))
                y += T.line_height(TH.SMALL)
        self.form.draw(surface, pal)
        about = self.about_button.rect
        T.blit_text(surface, f"v{game.__version__}", TH.TINY, pal.text_dim, (about.right + 10, about.centery), "midleft")
        draw_hints(surface, pal, self.hints)


def saved_matches(storage) -> list[SimpleNamespace]:
    """Every saved match a table of this build can continue, the one saved last first: id, title,
    summary (with when it was saved), record."""
    found = []
    saved_at = getattr(storage, "saved_at", lambda variant: None)
    saved = sorted(storage.saved_matches(), key=lambda s: -(saved_at(s[0].variant) or 0.0))
    if not saved:
        return found
    # The games' list is imported where there is a save to show (so are the tables and datetime):
    # most first frames of the menu have none (benchmarks/bench_startup.py).
    from game import games

    for record, meta in saved:
        try:
            entry = games.find(record.variant)
        except UnknownVariant:
            continue
        if entry.table is None:
            continue
        title = entry.title
        summary = summary_words(record, meta)
        if getattr(record, "practice", False):
            summary += " · " + _("practice")          # (a move was taken back: it will not be counted)
        when = when_saved(saved_at(record.variant))
        found.append(SimpleNamespace(id=record.variant, title=title, record=record,
                                     summary=f"{summary} · {when}" if when else summary))
    return found


def continue_entries(app) -> list[SimpleNamespace]:
    """saved_matches, and the hosted match a crash (or a quit) left unfinished, by when each was
    saved, the last first: Continue offers it as Play on the network's Continue hosting does."""
    found = saved_matches(app.storage)
    # Most starts have no hosted match: the network scene (and the engines it imports) is not
    # loaded for the menu's first frame unless its file is there.
    if not (Path(app.storage.data_dir) / HOSTED_MATCH_FILE).exists():
        return found
    from game.client.scenes.network import hosted_match_summary

    hosted = hosted_match_summary(app)
    if hosted is None:
        return found
    parts = [_("hosting")]
    if hosted["round"]:
        parts.append(_("round {n}").format(n=hosted["round"]))
    parts.append(ngettext("{n} player", "{n} players", hosted["players"]).format(n=hosted["players"]))
    parts.append(_("table code {code}").format(code=hosted["code"]))
    when = when_saved(hosted["saved_at"])
    entry = SimpleNamespace(id="hosted", title=_("{game} on the network").format(game=hosted["title"]),
                            record=None, summary=", ".join(parts[:2]) + "".join(" · " + p for p in parts[2:])
                            + (f" · {when}" if when else ""))
    saved_at = getattr(app.storage, "saved_at", lambda variant: None)
    at = hosted["saved_at"] or 0.0
    i = next((i for i, s in enumerate(found) if (saved_at(s.record.variant) or 0.0) < at), len(found))
    return found[:i] + [entry] + found[i:]


def continue_entry(app, entry) -> None:
    if entry.record is None:
        from game.client.scenes.network import continue_hosting

        continue_hosting(app)
    else:
        continue_saved(app, entry.record)


def held_elsewhere(storage) -> list[str]:
    """The titles of the saved matches another copy of the game holds (this one only reads)."""
    from game.client.storage import game_title

    held = getattr(storage, "held_by_other_copy", lambda: [])()
    if not held:
        return []
    from game.client import tables

    return [game_title(v) for v in held if tables.table_for(v) is not None]


def when_saved(at: float | None, now: float | None = None) -> str:
    """When a match was saved, as a player says it: "just now", "12 min ago", "today 14:05",
    "yesterday 09:12", "3 Nov" (the local clock)."""
    if at is None:
        return ""
    import datetime

    now = time.time() if now is None else now
    ago = now - at
    if ago < 0:
        return ""                     # a clock set back: no claim rather than a wrong one
    if ago < 60:
        return _("just now")
    if ago < 3600:
        return _("{minutes} min ago").format(minutes=int(ago // 60))
    then, today = time.localtime(at), time.localtime(now)
    clock = f"{then.tm_hour:02d}:{then.tm_min:02d}"
    days = (datetime.date(today.tm_year, today.tm_mon, today.tm_mday)
            - datetime.date(then.tm_year, then.tm_mon, then.tm_mday)).days
    if days == 0:
        return _("today {time}").format(time=clock)
    if days == 1:
        return _("yesterday {time}").format(time=clock)
    month = _(MONTHS[then.tm_mon - 1])
    return f"{then.tm_mday} {month}" + (f" {then.tm_year}" if then.tm_year != today.tm_year else "")


def continue_saved(app, record) -> None:
    """Open the table on a saved match; one it cannot rebuild is set aside with a notice."""
    from game.client import tables

    try:
        tables.start_match(app, record)
    except tables.TableUnavailable as exc:    # this build's table is at fault, not the save: keep it
        app.toast(_("The match cannot be continued: {error}").format(error=exc))
    except Exception as exc:
        _log.exception("the saved match could not be continued")
        app.to_main_menu()
        app.storage.discard_saved_as_broken(record.variant, str(exc)[:120] or type(exc).__name__)
        app.top.rebuild()


class ContinueChooser(VariantList):
    """Continue with several saved matches: one entry per game, with where its match stands."""

    title = _l("Continue a match")
    empty_text = _l("No saved matches.")

    def variants_listed(self) -> list:
        return continue_entries(self.app)

    def choose(self, saved) -> None:
        continue_entry(self.app, saved)
