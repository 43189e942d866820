"""Play on the network: host a table or join one, the lobby, and the table of a network match.

    Main menu → Play on the network → Host a table → a game → its seats and options → the lobby
    (the table code and address, who has joined) → Start → the table
    Main menu → Play on the network → Join a table → a table found on this network, or an address
    typed in, and the code → the lobby → the table (when the host starts)

The host's seats are people at this screen (hot-seat, with its privacy screens, as now), open seats
for players on the network, and bots. The match is the host's (game/net/host.py, match.py); the
tables are the usual ones, on the drivers of game/client/network.py. A network table says who the
match waits for (a dropped player: the host's time, then a bot of the host's level or a pause), and a
joined player whose connection was lost rejoins their seat (R) with its token and is sent the whole
state. The host autosaves every step: after a crash, Continue hosting here rebuilds the table and
its players rejoin.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

import pygame

from game.client import tables
from game.client.narration.wording import YOU, editable_name, shown_name, stored_name
from game.client.network import (HostDriver, NetStore, RemoteDriver, default_seat_name, host_error, lobby_line,
                                 waiting_words)
from game.client.storage import HOSTED_MATCH_FILE
from game.client.scene import WAKE_EVENT, MenuScene, draw_hints
from game.client.scenes.play import KIND_LABELS, LEVEL_NAMES, SetupScene, VariantChooser
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button, Cycler, Stepper, TextInput
from game.core.errors import CardhallError
from game.core.files import UnreadableFile, atomic_write_json, read_json
from game.core.record import GameRecord
from game.i18n import _, _l

log = logging.getLogger("cardhall.net")

HOSTED_FILE = HOSTED_MATCH_FILE        # the hosting machine's autosave (HostMatch), for Continue hosting
HOSTED_PORT_FILE = "hosted-port.json"  # ...and the port it served on: its players rejoin at the same address
JOINED_FILE = "joined-seat.json"      # the last seat this machine joined: address, code, token (for Rejoin)
DROP_WAITS = (15, 300, 15)            # seconds the host may wait for a dropped player: least, most, step
DROP_CHOICES = ("easy", "medium", "hard", "pause")
DROP_LABELS = {"easy": _l("a bot (easy) takes the seat"), "medium": _l("a bot (medium) takes the seat"),
               "hard": _l("a bot (hard) takes the seat"), "pause": _l("the match stays paused")}
NET_KINDS = ("human", "remote", "easy", "medium", "hard")
NET_KIND_LABELS = {**KIND_LABELS, "human": _l("At this screen"), "remote": _l("Player on the network")}
BANNER_H = 44


def _wake() -> None:
    """(from a network thread) a message arrived: wake the resting loop."""
    try:
        pygame.event.post(pygame.event.Event(WAKE_EVENT))
    except pygame.error:
        pass


def _hosted_path(app) -> Path:
    return Path(app.storage.data_dir) / HOSTED_FILE


def _joined_path(app) -> Path:
    return Path(app.storage.data_dir) / JOINED_FILE


def _read_small(path: Path) -> dict | None:
    try:
        data = read_json(path)
    except (UnreadableFile, OSError):
        return None
    return data if isinstance(data, dict) else None


def hosted_match_summary(app) -> dict | None:
    """The hosted match a crash (or a quit) left unfinished, as Continue hosting names it."""
    data = _read_small(_hosted_path(app))
    if data is None or not isinstance(data.get("record"), dict):
        return None
    try:
        record = GameRecord.from_json(data["record"])
        if record.result is not None:      # (a finished match has its result: nothing to continue)
            return None
    except Exception:
        return None
    from game import games

    try:
        title = games.find(record.variant).title
    except Exception:
        return None
    rnd = data.get("round")
    try:
        saved_at = _hosted_path(app).stat().st_mtime
    except OSError:
        saved_at = None
    return {"title": title, "code": str(data.get("code", "")), "players": len(record.seats),
            "round": rnd if type(rnd) is int and rnd > 0 else None, "saved_at": saved_at}


def continue_hosting(app) -> None:
    """Host again the match a crash (or a quit) left: the table on its port, the players rejoin."""
    try:
        hosting = Hosting.resume(app)
    except CardhallError as exc:
        app.toast(str(exc), 6.0)
        return
    hosting.open_table()


# -- the network menu ----------------------------------------------------------------------------------
class NetworkMenu(MenuScene):
    title = _l("Play on the network")

    def build(self) -> None:
        self.subtitle = _("Play with friends on their own computers, on this network.")
        buttons = [Button(_("Host a table"), self.host, shortcut=pygame.K_h, primary=True,
                          sub=_("Choose the game and the seats; friends join with the table code.")),
                   Button(_("Join a table"), self.join, shortcut=pygame.K_j,
                          sub=_("A table on this network, or its address, and its code."))]
        hosted = hosted_match_summary(self.app)
        if hosted is not None:
            buttons.append(Button(_("Continue hosting"), self.continue_hosting, shortcut=pygame.K_c,
                                  sub=_("{game}, table code {code}: the players rejoin.").format(
                                      game=hosted["title"], code=hosted["code"])))
        joined = _read_small(_joined_path(self.app))
        if joined is not None and joined.get("token"):
            buttons.append(Button(_("Rejoin your seat"), self.rejoin, shortcut=pygame.K_r,
                                  sub=_("{game} at {address}").format(game=str(joined.get("game", ""))[:30],
                                                                      address=str(joined.get("address", ""))[:40])))
        self.buttons = buttons
        self.back_button = Button(_("Back"), self.back, hint="Esc")
        self.form.set_widgets(buttons + [self.back_button], keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        bw = min(520, w - 80)
        y = 150
        for b in self.buttons:
            bh = b.height_for(bw)
            b.rect = pygame.Rect((w - bw) // 2, y, bw, bh)
            y += bh + 12
        self.back_button.rect = pygame.Rect((w - 200) // 2, min(h - 110, y + 20), 200, 48)

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_hints(surface, self.palette, self.hints)

    def host(self) -> None:
        self.app.push(HostChooser(self.app))

    def join(self) -> None:
        self.app.push(JoinScene(self.app))

    def rejoin(self) -> None:
        joined = _read_small(_joined_path(self.app)) or {}
        self.app.push(JoinScene(self.app, address=str(joined.get("address", "")), code=str(joined.get("code", "")),
                                token=str(joined.get("token") or "") or None))

    def continue_hosting(self) -> None:
        continue_hosting(self.app)


# -- hosting ---------------------------------------------------------------------------------------------
class Hosting:
    """The hosting machine's side while it hosts: the HostTable and HostMatch, the server, the mDNS
    advert. Served every frame from the app's services (the lobby and the table draw it)."""

    def __init__(self, app, match: Any, port: int | None = None) -> None:
        from game.net.discovery import local_address
        from game.net.serve import DEFAULT_PORT, HostLink

        self.app = app
        self.match = match
        self.table = match.table
        self.lines: list[tuple[str, dict]] = []     # the lobby lines: (key, values), worded when drawn
        self.table.on_status = self._said
        self.table.word_default = default_seat_name
        try:
            self.link = HostLink("0.0.0.0", DEFAULT_PORT if port is None else port)
        except CardhallError:
            self.link = HostLink("0.0.0.0", 0)     # (the usual port is taken: another is as good)
        self.link.wake = _wake
        try:
            atomic_write_json(Path(app.storage.data_dir) / HOSTED_PORT_FILE, {"port": self.link.port})
        except OSError as exc:
            log.warning("hosting: the port could not be noted for Continue: %s", exc)
        self.address = f"{local_address()}:{self.link.port}"
        self.advert = None
        try:
            from game.net.discovery import advertise

            self.advert = advertise(self.table, self.link.port)
        except Exception as exc:   # (mDNS is a convenience: the address can be typed)
            log.info("hosting: no mDNS advert: %s", exc)
        self.driver: HostDriver | None = None
        app.services.append(self.service)

    def _said(self, key: str, values: dict) -> None:
        self.lines.append((key, values))
        del self.lines[:-6]

    @classmethod
    def new(cls, app, variant: type, options: dict, plan: list, drop_wait: float, drop_bot: str | None) -> "Hosting":
        from game.net.host import HostTable
        from game.net.match import HostMatch
        from game.net.race import GUI_POLICY

        from game.net.host import HERE

        # (the joined players' lobby names the host: the first person at this screen)
        host_name = next((p.name for p in plan if p.kind == HERE and p.name), app.settings.player_name)[:16] or YOU
        table = HostTable(variant, options, plan, policy=GUI_POLICY, host_name=host_name,
                          drop_wait=drop_wait, drop_bot=drop_bot, headless=False, word_default=default_seat_name)
        return cls(app, HostMatch(table, autosave=_hosted_path(app)))

    @classmethod
    def resume(cls, app) -> "Hosting":
        from game.net.match import HostMatch
        from game.net.race import GUI_POLICY

        match = HostMatch.resume(_hosted_path(app), policy=GUI_POLICY, headless=False, word_default=default_seat_name)
        noted = _read_small(Path(app.storage.data_dir) / HOSTED_PORT_FILE) or {}
        port = noted.get("port")
        return cls(app, match, port if type(port) is int and 0 < port < 65_536 else None)

    def service(self) -> None:
        if self.driver is not None:
            self.driver.service()
            return
        from game.net.serve import flush, take_arrived

        take_arrived(self.table, self.link)
        self.table.tick(time.monotonic())
        flush(self.table, self.link)

    def open_table(self) -> Any:
        """Start (or continue) the match and show its table."""
        self.driver = HostDriver(self.match, self.link)
        record = GameRecord(self.table.variant.id, dict(self.table.options), list(self.driver.seat_infos),
                            self.match.seed, [])
        return open_net_table(self.app, record, self.driver, self)

    def close(self) -> None:
        if self.service in self.app.services:
            self.app.services.remove(self.service)
        if self.advert is not None:
            self.advert.close()
        self.link.shutdown()
        if self.match.over:
            for name in (HOSTED_FILE, HOSTED_PORT_FILE):
                try:
                    (Path(self.app.storage.data_dir) / name).unlink()
                except OSError:
                    pass


class HostChooser(VariantChooser):
    title = _l("Host a table: choose a game")

    def choose(self, entry) -> None:
        self.app.push(HostSetupScene(self.app, entry.engine_class()))


class HostSetupScene(SetupScene):
    """The setup screen's seats and options, a seat being at this screen, on the network or a bot;
    and what happens when a player's connection drops."""

    kinds = NET_KINDS
    kind_labels = NET_KIND_LABELS

    def __init__(self, app, variant):
        self.drop_wait = 60
        self.drop_bot = "medium"
        super().__init__(app, variant)
        self.title = _("{game}: host a table").format(game=variant.title)

    def _initial(self, app) -> tuple[list[dict], dict]:
        seats, options = super()._initial(app)
        if not any(s["kind"] == "remote" for s in seats):
            # (named until a player joins and names it: a bot's name here would make the bots' "Bruno 2")
            at = 1 if len(seats) > 1 else 0
            seats[at] = {"name": _("Player {n}").format(n=at + 1), "kind": "remote"}
        return seats, options

    def build(self) -> None:
        super().build()
        self.guide_button = None
        wait = Stepper(_("Wait for a dropped player"), self.drop_wait, *DROP_WAITS, on_change=self._set_wait,
                       fmt=lambda v: f"{v:g} s",
                       help=_("How long the table waits for a player whose connection dropped."))
        then = Cycler(_("Then"), DROP_CHOICES, self.drop_bot, self._set_drop, fmt=lambda v: str(DROP_LABELS[v]),
                      help=_("Until the player rejoins their seat."))
        self.option_widgets += [wait, then]
        widgets = [w for w in self.form.widgets if w is not self.back_button and w is not self.next_button
                   and (w in self.option_widgets or any(w in row for row in self.seat_rows)
                        or w in (self.add_button, self.levels_button))]
        self.next_button.text = _("Open the table")
        self.form.set_widgets(widgets + [wait, then, self.back_button, self.next_button], keep_focus=False)

    @classmethod
    def again(cls, app, table: Any) -> "HostSetupScene":
        """A finished table's game, seats, rules and dropped-player rule, to open again (Host again)."""
        from game.net.host import BOT, REMOTE

        scene = cls(app, table.variant)
        scene.seats = [{"name": info.name, "kind": "remote" if p.kind == REMOTE else (p.level or "medium") if p.kind == BOT
                        else "human"} for p, info in zip(table.plan, table.seat_infos())]
        keys = {spec.key for spec in table.variant.option_specs}
        scene.options.update({k: v for k, v in table.options.items() if k in keys})
        scene.reaction_auto = "reaction_seconds" not in keys
        scene.drop_wait = int(table.drop_wait)
        scene.drop_bot = table.drop_bot or "pause"
        scene.rebuild()
        return scene

    def _set_wait(self, value) -> None:
        self.drop_wait = value

    def _set_drop(self, value) -> None:
        self.drop_bot = value

    def plan(self) -> list:
        from game.net.host import BOT, HERE, REMOTE, SeatPlan

        plan = []
        infos = self.seat_infos()
        for s, info in zip(self.seats, infos):
            if s["kind"] == "remote":
                plan.append(SeatPlan(REMOTE))
            elif s["kind"] == "human":
                plan.append(SeatPlan(HERE, info.name))
            else:
                plan.append(SeatPlan(BOT, info.name, s["kind"]))
        return plan

    def next(self) -> None:
        from game.core.options import resolve_options

        self.error = ""
        if not any(s["kind"] == "remote" for s in self.seats):
            self.error = _("Make at least one seat a player on the network.")
            return
        try:
            options = resolve_options(self.variant.option_specs, self.options)
            hosting = Hosting.new(self.app, self.variant, options, self.plan(), float(self.drop_wait),
                                  None if self.drop_bot == "pause" else self.drop_bot)
        except CardhallError as exc:
            self.error = str(exc)
            return
        self.app.sound.play("click")
        self.app.push(HostLobby(self.app, hosting))


class HostLobby(MenuScene):
    """The host's lobby: the table code and address to tell the players, who has joined; Start."""

    runs_clock = False
    hints = [("Enter", _l("Start")), ("Esc", _l("Close the table"))]

    def __init__(self, app, hosting: Hosting):
        self.hosting = hosting
        super().__init__(app)
        self.title = _("{game}: the table is open").format(game=hosting.table.variant.title)

    def build(self) -> None:
        self.start_button = Button(_("Start"), self.start, primary=True, hint="Enter")
        self.back_button = Button(_("Close the table"), self.back, hint="Esc")
        self.form.set_widgets([self.start_button, self.back_button], keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        self.panel = pygame.Rect(48, 100, w - 96, h - 210)
        self.start_button.rect = pygame.Rect(w - 48 - 320, h - 92, 320, 48)
        self.back_button.rect = pygame.Rect(self.start_button.rect.x - 16 - 240, h - 92, 240, 48)

    def update(self, dt: float) -> None:
        full = self.hosting.table.full()
        self.start_button.text = _("Start") if full else _("Start: bots take the open seats")

    def next_frame_due(self) -> float | None:
        return 0.25     # (who joins shows at once: a message wakes the loop; this keeps the seats fresh)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focused is not self.back_button:
            self.start()
            return
        super().handle_event(event)

    def back(self) -> None:
        self.hosting.close()
        super().back()

    def start(self) -> None:
        hosting = self.hosting
        if not hosting.table.full():
            from game.net.host import fill_open_seats

            fill_open_seats(hosting.table, hosting.table.drop_bot or "medium")
        self.app.sound.play("deal")
        hosting.open_table()

    def draw_content(self, surface) -> None:
        pal = self.palette
        TH.draw_panel(surface, self.panel, pal)
        table = self.hosting.table
        x, y = self.panel.x + 24, self.panel.y + 18
        T.blit_text(surface, _("Table code"), TH.BODY, pal.text_dim, (x, y))
        T.blit_text(surface, table.code, TH.H1, pal.accent, (x, y + 28), bold=True)
        ax = self.panel.centerx
        T.blit_text(surface, _("Address"), TH.BODY, pal.text_dim, (ax, y))
        T.blit_text(surface, self.hosting.address, TH.H2, pal.text, (ax, y + 30), bold=True)
        y += 96
        words = _("Players join from Play on the network → Join a table: this table is listed there, "
                  "or they type the address; then the code.")
        for line in T.wrap(words, TH.SMALL, self.panel.w - 48):
            T.blit_text(surface, line, TH.SMALL, pal.text_dim, (x, y))
            y += T.line_height(TH.SMALL)
        y += 12
        T.blit_text(surface, _("Seats"), TH.H2, pal.text, (x, y), bold=True)
        y += T.line_height(TH.H2, True) + 6
        infos = table.seat_infos()
        for i, row in enumerate(table.lobby_rows()):
            pygame.draw.circle(surface, pal.seat_colour(i), (x + 14, y + 14), 14)
            T.blit_text(surface, str(i + 1), TH.SMALL, pal.accent_text, (x + 14, y + 14), "center", bold=True)
            name = row_name(row, i) if row["status"] != "here" else shown_name(infos[i])
            T.blit_text(surface, name, TH.BODY, pal.text, (x + 40, y + 14), "midleft", bold=True)
            T.blit_text(surface, seat_status_words(row), TH.BODY, pal.text_dim, (self.panel.right - 24, y + 14), "midright")
            y += 36
        draw_lines(surface, pal, self.hosting.lines, x, y, self.panel.bottom - 8)

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_hints(surface, self.palette, self.hints)


def row_name(row: dict, seat: int) -> str:
    """A lobby row's name as this screen says it: "Open seat", or the name chosen, or "Player n"
    ("Bot n") for a seat nobody named (the host sends "" for those: game.net.protocol)."""
    if row.get("status") == "open":
        return _("Open seat")
    return str(row.get("name") or "")[:20] or default_seat_name("bot" if row.get("kind") == "bot" else "human", seat)


def draw_lines(surface, pal, lines: list, x: int, y: int, bottom: int) -> None:
    """The last two lobby lines the host said (game.net.host.LINES), in this screen's language."""
    for key, values in lines[-2:]:
        line = lobby_line(key, values)
        if not line:
            continue
        if y + 8 + T.line_height(TH.SMALL) > bottom:
            break
        T.blit_text(surface, line, TH.SMALL, pal.text_dim, (x, y + 8))
        y += T.line_height(TH.SMALL)


def seat_status_words(row: dict) -> str:
    status = row.get("status")
    if status == "here":
        return _("at the host's screen")
    if status == "bot" and row.get("kind") == "bot":
        level = row.get("level") or "medium"
        return _("Bot ({level})").format(level=LEVEL_NAMES.get(level, level))
    return {"open": _("waiting for a player…"), "connected": _("joined"), "dropped": _("connection lost"),
            "bot": _("a bot plays for them")}.get(status, str(status))


# -- joining ---------------------------------------------------------------------------------------------
class JoinScene(MenuScene):
    """The tables found on this network (mDNS), or an address typed in; the table code; a name."""

    title = _l("Join a table")
    hints = [("↑↓", _l("Move")), ("Enter", _l("Join")), ("Esc", _l("Back"))]

    def __init__(self, app, address: str = "", code: str = "", token: str | None = None):
        self.address, self.code, self.token = address, code, token
        self.name = editable_name(app.settings.player_name)    # (as typed; the default in the player's language)
        self.error = ""
        self.found: list = []
        self._connecting: threading.Thread | None = None
        self._connected: Any = None
        self.browser = None
        try:
            from game.net.discovery import Browser

            self.browser = Browser()
        except Exception as exc:
            log.info("join: no mDNS browsing: %s", exc)
        super().__init__(app)

    def build(self) -> None:
        focused = next((name for name in ("address_input", "code_input", "name_input")
                        if getattr(self, name, None) is not None and self.form.focused is getattr(self, name)), None)
        self.table_buttons = [Button(t.label, lambda t=t: self.pick(t), sub=t.address)
                              for t in self.found[:4]]
        self.address_input = TextInput(_("Address"), self.address, self._set_address, max_len=60,
                                       placeholder="192.168.1.20:47615")
        self.code_input = TextInput(_("Table code"), self.code, self._set_code, max_len=12, placeholder="K7QXMP")
        self.name_input = TextInput(_("Your name"), self.name, self._set_name, max_len=16)
        self.join_button = Button(_("Rejoin") if self.token else _("Join"), self.join, primary=True, hint="Enter")
        self.back_button = Button(_("Back"), self.back, hint="Esc")
        self.form.set_widgets(self.table_buttons + [self.address_input, self.code_input, self.name_input,
                                                    self.back_button, self.join_button], keep_focus=False)
        if focused is not None:         # (a table found while the player types: the typing goes on)
            self.form.focus_on(getattr(self, focused))
        elif not self.found or self.address:
            self.form.focus_on(self.code_input if self.address else self.address_input)

    def _set_address(self, v: str) -> None:
        self.address = v

    def _set_code(self, v: str) -> None:
        self.code = v

    def _set_name(self, v: str) -> None:
        self.name = v

    def layout(self, size) -> None:
        w, h = size
        cw = min(640, w - 96)
        x = (w - cw) // 2
        y = 110
        self.found_top = y
        y += T.line_height(TH.BODY) + 6
        for b in self.table_buttons:
            bh = b.height_for(cw)
            b.rect = pygame.Rect(x, y, cw, bh)
            y += bh + 8
        if not self.table_buttons:
            y += T.line_height(TH.SMALL) + 8
        y += 14
        for field in (self.address_input, self.code_input, self.name_input):
            field.rect = pygame.Rect(x, y, cw, TH.ROW_H)      # (its label on its left, the text on its right)
            y += TH.ROW_H + 10
        self.fields_x = x
        self.join_button.rect = pygame.Rect(x + cw - 200, y + 10, 200, 48)
        self.back_button.rect = pygame.Rect(self.join_button.rect.x - 216, y + 10, 200, 48)
        self.error_y = y + 74

    def update(self, dt: float) -> None:
        if self.browser is not None:
            found = self.browser.tables()
            if [t.address for t in found] != [t.address for t in self.found]:
                self.found = found
                self.rebuild()
        if self._connecting is not None and not self._connecting.is_alive():
            self._connecting = None
            link, error = self._connected
            if error is not None:
                # (the detail, an English or the system's text, is for the log)
                log.info("join: %s", error)
                self.error = _("No table answered at {address}: check the address, and that the host's table "
                               "is open.").format(address=self.address.strip())
            else:
                self._joined(link)

    def next_frame_due(self) -> float | None:
        return 0.1 if self._connecting is not None else 1.0

    def pick(self, found) -> None:
        self.address = found.address
        self.rebuild()
        self.form.focus_on(self.code_input)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focused in (self.address_input, self.code_input, self.name_input):
            self.join()
            return
        super().handle_event(event)

    def join(self) -> None:
        from game.net.serve import address_to_uri

        self.error = ""
        if self._connecting is not None:
            return
        try:
            address_to_uri(self.address)
        except CardhallError:
            self.error = _("Type the host's address (HOST or HOST:PORT), or pick a table above.")
            return
        if len(self.code.strip()) < 4:
            self.error = _("Type the table code the host sees.")
            return
        self.error = _("Connecting to {address}…").format(address=self.address.strip())
        address = self.address.strip()

        def connect() -> None:
            from game.net.serve import ClientLink

            try:
                link = ClientLink(address, answer_pings=True)
                self._connected = (link, None)
            except CardhallError as exc:
                self._connected = (None, str(exc))
        self._connecting = threading.Thread(target=connect, name="cardhall-connect", daemon=True)
        self._connecting.start()

    def _joined(self, link) -> None:
        from game.net.client import ClientTable

        # A player who kept the default name joins under none: every screen calls the seat "Player n"
        # in its own language (and this one "You"). Not the system's user name: that is an account
        # name ("root", "jdoe42"), often not what the player goes by, and not for every stranger on
        # the network to read.
        name = stored_name(self.name) or self.app.settings.player_name
        client = ClientTable(self.code, "" if name == YOU else name, self.token)
        self.error = ""
        self.app.push(ClientLobby(self.app, client, link, self.address.strip()))

    def back(self) -> None:
        self.leave_browser()
        super().back()

    def leave_browser(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def shutdown(self) -> None:
        self.leave_browser()

    def draw_content(self, surface) -> None:
        pal = self.palette
        x = self.fields_x
        T.blit_text(surface, _("Tables on this network"), TH.BODY, pal.text, (x, self.found_top), bold=True)
        if not self.table_buttons:
            words = (_("Looking for tables…") if self.browser is not None and self.browser.error is None
                     else _("Tables cannot be looked for here: type the address."))
            T.blit_text(surface, words, TH.SMALL, pal.text_dim, (x, self.found_top + T.line_height(TH.BODY) + 6))
        if self.error:
            for i, line in enumerate(T.wrap(self.error, TH.SMALL, self.join_button.rect.right - x)):
                T.blit_text(surface, line, TH.SMALL, pal.bad, (x, self.error_y + i * T.line_height(TH.SMALL)))

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface)
        self.draw_content(surface)
        for w in self.form.widgets:
            w.draw(surface, self.palette, w is self.form.focused)
        draw_hints(surface, self.palette, self.hints)


class ClientLobby(MenuScene):
    """A joined player's lobby: the host's table and who has joined, until the host starts."""

    runs_clock = False
    hints = [("Esc", _l("Leave the table"))]

    def __init__(self, app, client, link, address: str):
        self.client, self.link, self.address = client, link, address
        self.error = ""
        self.pending: list[tuple[str, str, float]] = []
        super().__init__(app)
        self.title = _("Joining {address}").format(address=address)
        link.wake = _wake
        client.hello()
        self._flush()
        app.services.append(self.service)

    def build(self) -> None:
        self.back_button = Button(_("Leave the table"), self.back, hint="Esc")
        self.form.set_widgets([self.back_button], keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        self.panel = pygame.Rect(48, 100, w - 96, h - 210)
        self.back_button.rect = pygame.Rect(w - 48 - 240, h - 92, 240, 48)

    def _flush(self) -> None:
        for text in self.client.outbox:
            self.link.send(text)
        self.client.outbox.clear()

    def service(self) -> None:
        """Take the lobby's messages; from the first state on, keep the rest for the table."""
        from game.net.protocol import ProtocolError
        from game.net.serve import CLOSE

        client = self.client
        while not self.link.inbox.empty():
            kind, _c, text, arrived = self.link.inbox.get_nowait()
            if client.version >= 0:
                self.pending.append((kind, text, arrived))
                continue
            if kind == CLOSE:
                self.error = host_error(client) or _("The host closed the connection.")
                continue
            try:
                what = client.receive(text, arrived)
            except ProtocolError as exc:
                log.warning("join: refused a message from the host: %s", exc)
                continue
            if what == "welcome":
                self.title = (_("{game} at {host}'s table").format(game=client.table["title"], host=client.host_name)
                              if client.host_name else _("{game} at the host's table").format(game=client.table["title"]))
                self._remember()
            elif what == "error":
                self.error = host_error(client)
        self._flush()

    def _remember(self) -> None:
        """The seat this machine holds, for Rejoin after a crash or a lost connection."""
        client = self.client
        try:
            atomic_write_json(_joined_path(self.app), {"address": self.address, "code": client.code,
                                                       "token": client.token, "game": client.table["title"]})
        except OSError as exc:
            log.warning("join: the seat's token could not be kept: %s", exc)

    def update(self, dt: float) -> None:
        if self.client.version >= 0 and self.client.view is not None:
            self._open_table()

    def _open_table(self) -> None:
        client = self.client
        if self.service in self.app.services:
            self.app.services.remove(self.service)
        driver = RemoteDriver(client, self.link, pending=self.pending)
        record = GameRecord(client.variant.id, dict(client.table.get("options") or {}), list(driver.seat_infos), 0, [])
        open_net_table(self.app, record, driver, None)

    def next_frame_due(self) -> float | None:
        return 0.5

    def back(self) -> None:
        if self.service in self.app.services:
            self.app.services.remove(self.service)
        try:
            self.client.bye()
            self._flush()
        finally:
            self.link.shutdown()
        super().back()

    def draw_content(self, surface) -> None:
        pal = self.palette
        TH.draw_panel(surface, self.panel, pal)
        x, y = self.panel.x + 24, self.panel.y + 18
        client = self.client
        if client.seat is None:
            words = self.error or _("Saying hello to the host…")
            T.blit_text(surface, words, TH.BODY, pal.bad if self.error else pal.text_dim, (x, y))
            return
        T.blit_text(surface, _("You sit in seat {n}. The host starts the match.").format(n=client.seat + 1),
                    TH.BODY, pal.text, (x, y), bold=True)
        y += T.line_height(TH.BODY, True) + 16
        for i, row in enumerate(client.lobby):
            if not isinstance(row, dict):
                continue
            pygame.draw.circle(surface, pal.seat_colour(i), (x + 14, y + 14), 14)
            T.blit_text(surface, str(i + 1), TH.SMALL, pal.accent_text, (x + 14, y + 14), "center", bold=True)
            name = row_name(row, i)
            if i == client.seat:
                name = _("{name} (you)").format(name=name) if row.get("name") else _("You")
            T.blit_text(surface, name, TH.BODY, pal.text, (x + 40, y + 14), "midleft", bold=True)
            T.blit_text(surface, seat_status_words(row), TH.BODY, pal.text_dim, (self.panel.right - 24, y + 14),
                        "midright")
            y += 36
        if self.error:
            T.blit_text(surface, self.error, TH.BODY, pal.bad, (x, y + 12))
            return
        draw_lines(surface, pal, [(k, v) for k, v in client.said if k != "joined" or v.get("seat") != client.seat],
                   x, y, self.panel.bottom - 8)

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_hints(surface, self.palette, self.hints)


# -- the table of a network match -----------------------------------------------------------------
_NET_CLASSES: dict[type, type] = {}


def open_net_table(app, record: GameRecord, driver: Any, hosting: Hosting | None) -> Any:
    """The game's usual table on a network driver (handed over by its store), shown as a network
    table: it says who the match waits for, and leaving closes the connection."""
    from game.client.table.base import TableScene

    factory = tables.table_for(record.variant)
    spec = getattr(factory, "spec", None)
    if spec is None:
        raise tables.TableUnavailable(f"the table for {record.variant!r} is not available")
    net_cls = _NET_CLASSES.get(TableScene)
    if net_cls is None:
        net_cls = _NET_CLASSES[TableScene] = type("NetworkTable", (NetTable, TableScene), {})
    scene = net_cls(app, record, NetStore(app.storage, driver), spec)
    scene.net_begin(driver, hosting)
    app.open_match(scene)
    return scene


class NetTable:
    """What a network table adds to a game's table (mixed in before it)."""

    def net_begin(self, driver: Any, hosting: Hosting | None) -> None:
        self.net = driver
        self.hosting = hosting
        self.net_lines: list[str] = []
        self.net_closed = False
        if isinstance(driver, RemoteDriver):
            driver.link.wake = _wake
            self.app.services.append(self.net_service)

    # -- the network ---------------------------------------------------------------------------
    def net_service(self) -> None:
        driver = self.net
        if isinstance(driver, RemoteDriver) and not driver.lost:
            driver.service()

    def net_notes(self) -> None:
        """What the host said, in the player's words (a toast), and a resync after a desync."""
        driver = self.net
        if not isinstance(driver, RemoteDriver):
            return
        for note in driver.notes:
            if note.startswith("refused:"):
                # (a race lost or a window gone while the move was on its way: the reason is logged)
                log.info("join: the host refused a move: %s", note[8:])
                if not driver.over:     # (a move that crossed the match's last one: the result says it all)
                    self.app.toast(_("Too late: the table moved on before your move reached the host."), 3.0)
            elif note == "lost":
                self.app.sound.play("click")
            elif note == "error" and driver.client.error:
                self.app.toast(_("The host says: {words}").format(words=host_error(driver.client)), 5.0)
        said = driver.client.said
        for key, values in said[max(0, len(said) - (driver.notes.count("said"))):]:
            line = lobby_line(key, values)
            if line and values.get("seat") != driver.seat:
                self.app.toast(line, 4.0)
        driver.notes.clear()
        if driver.resync:
            driver.resync = False
            self.zones.sync_from_views()

    def update(self, dt: float) -> None:
        self.net_notes()
        super().update(dt)

    def banner(self) -> str:
        """What the table waits for, or "" (drawn across the top)."""
        driver = self.net
        if isinstance(driver, RemoteDriver):
            if driver.lost and not driver.over:     # (a finished match: the host closing its table is no loss)
                return _("The connection to the host was lost. R: rejoin your seat · Esc: leave")
            if driver.client.paused:
                return _("{why}: the host waits for them.").format(why=waiting_words(driver.waiting()))
            return ""
        table = self.hosting.table
        waiting = table.waiting_for()
        if not waiting or driver.over:
            return ""
        now = time.monotonic()
        parts = []
        names = [s.name for s in self.net.seat_infos]
        for seat, _name, since in waiting:
            name = names[seat]
            left = max(0, int(table.drop_wait - (now - since))) if since is not None else None
            if table.drop_bot is None or left is None:
                parts.append(_("Waiting for {name}: the match is paused until they rejoin.").format(name=name))
            else:
                parts.append(_("Waiting for {name}: {seconds} s, then a bot ({level}) plays their seat.").format(
                    name=name, seconds=left, level=LEVEL_NAMES.get(table.drop_bot, table.drop_bot)))
        return "  ".join(parts)

    def draw(self, surface) -> None:
        super().draw(surface)
        words = self.banner()
        if words:
            pal = self.palette
            w = surface.get_width()
            rect = pygame.Rect(w // 2 - min(900, w - 40) // 2, 8, min(900, w - 40), BANNER_H)
            TH.draw_panel(surface, rect, pal)
            size = T.fitting_size(words, (TH.BODY, TH.SMALL, TH.TINY), rect.w - 24)
            T.blit_text(surface, words, size, pal.text, rect.center, "center", bold=True)

    def next_frame_due(self) -> float | None:
        due = super().next_frame_due()
        if self.banner():
            due = 1.0 if due is None else min(due, 1.0)      # (the countdown's seconds)
        return due

    def handle_event(self, event) -> None:
        driver = self.net
        if event.type == pygame.KEYDOWN and isinstance(driver, RemoteDriver) and driver.lost and not driver.over:
            if event.key == pygame.K_r:
                self.rejoin()
                return
        super().handle_event(event)

    def rejoin(self) -> None:
        """A lost connection: the seat's token again, and the whole state (a new table from it)."""
        client = self.net.client
        self.leave_network()
        self.app.to_main_menu()
        self.app.push(NetworkMenu(self.app))
        join = JoinScene(self.app, address=self._address(), code=client.code, token=client.token)
        self.app.push(join)
        join.join()

    def _address(self) -> str:
        joined = _read_small(_joined_path(self.app)) or {}
        return str(joined.get("address", ""))

    # -- what a network table does differently ------------------------------------------------------
    def open_pause(self) -> None:
        self.flush_save()
        self.app.push(NetPauseMenu(self.app, self))

    def record_now(self) -> None:
        return None       # (a network match is not saved as this machine's own saved match)

    def rematch_words(self) -> str:
        return _("Host again") if self.hosting is not None else _("Join again")

    def rematch(self) -> None:
        """A network match has no rematch on its table (its players' screens are theirs): the host
        opens a new table set up as this one (the players join it with its new code), a joined
        player goes to Join a table at the host's address."""
        hosting, address = self.hosting, self._address()
        self.leave_network()
        self.app.to_main_menu()
        self.app.push(NetworkMenu(self.app))
        if hosting is not None:
            self.app.push(HostSetupScene.again(self.app, hosting.table))
            self.app.toast(_("The same game, seats and rules on a new table: open it, and the players join "
                             "with its new code."), 6.0)
        else:
            self.app.push(JoinScene(self.app, address=address))
            self.app.toast(_("When the host has opened a new table, join it with its code."), 6.0)

    def open_replay(self) -> None:
        if isinstance(self.net, RemoteDriver) and self.net.client.record is None:
            self.app.toast(_("The round replay shows every card: it opens once the match is over."), 4.0)
            return
        super().open_replay()

    def leave_network(self) -> None:
        if self.net_closed:
            return
        self.net_closed = True
        if self.net_service in self.app.services:
            self.app.services.remove(self.net_service)
        try:
            if isinstance(self.net, RemoteDriver):
                self.net.leave()
                if self.net.client.over:
                    _forget_seat(self.app)
            elif self.hosting is not None:
                self.hosting.close()
        except Exception:
            log.exception("leaving the network table")

    def leave(self) -> None:
        self.leave_network()
        super().leave()

    def shutdown(self) -> None:
        super().shutdown()
        self.leave_network()


def _forget_seat(app) -> None:
    try:
        _joined_path(app).unlink()
    except OSError:
        pass


class NetPauseMenu(MenuScene):
    """Esc at a network table: the match goes on for the others (it is not paused)."""

    opaque = False
    title = _l("Menu")
    hints = [("↑↓", _l("Move")), ("Enter", _l("Select")), ("Esc", _l("Back to the table"))]

    def __init__(self, app, table):
        self.table = table
        super().__init__(app)
        self.opaque = bool(table.screen.hotseat)

    def build(self) -> None:
        hosting = self.table.hosting is not None
        self.subtitle = (_("The match goes on meanwhile: the players on the network are waiting for nobody.")
                         if not hosting else _("The match goes on meanwhile. Leaving closes the table for everybody; "
                                               "Continue hosting opens it again."))
        self.buttons = [Button(_("Back to the table"), self.app.pop, hint="Esc", primary=True),
                        Button(_("Rules"), self.rules, shortcut=pygame.K_r),
                        Button(_("Settings"), self.open_settings, shortcut=pygame.K_s),
                        Button(_("Close the table") if hosting else _("Leave the table"), self.leave_table,
                               shortcut=pygame.K_q)]
        self.form.set_widgets(self.buttons, keep_focus=False)

    def rules(self) -> None:
        from game.client.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.table.spec.variant_id))

    def open_settings(self) -> None:
        from game.client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def layout(self, size) -> None:
        w, h = size
        y = 170
        for b in self.buttons:
            b.rect = pygame.Rect((w - 400) // 2, y, 400, 52)
            y += 64

    def leave_table(self) -> None:
        self.table.leave_network()
        self.app.to_main_menu()

    def draw(self, surface) -> None:
        overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        overlay.fill((0, 0, 0, 255 if self.opaque else 170))
        surface.blit(overlay, (0, 0))
        self.draw_title(surface, 90)
        self.form.draw(surface, self.palette)
        draw_hints(surface, self.palette, self.hints)
