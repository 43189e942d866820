"""Rules pages: a per-variant text from ``game/rules/<variant_id>.md`` shown as simple markdown
(``#`` headings, ``-`` bullets, paragraphs), word-wrapped and scrollable."""

from __future__ import annotations

import re

import pygame

from game.client import tables
from game.client.scene import MenuScene, VariantList, draw_hints
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.resources import rules_path

_INLINE = re.compile(r"(\*\*|__|`)")


def parse_markdown(source: str) -> list[tuple[str, str]]:
    """Blocks of (kind, text): kind is h1, h2, h3, bullet, number, para or rule."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("para", " ".join(para)))
            para.clear()

    for raw in source.splitlines():
        line = _INLINE.sub("", raw.rstrip())
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        m = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        if m:
            flush()
            level = min(3, len(m.group(1)))
            blocks.append((f"h{level}", m.group(2).strip()))
            continue
        if re.match(r"^(-{3,}|\*{3,})$", stripped):
            flush()
            blocks.append(("rule", ""))
            continue
        m = re.match(r"^[-*+]\s+(.*)$", stripped)
        if m:
            flush()
            indent = len(line) - len(line.lstrip())
            blocks.append(("bullet2" if indent >= 2 else "bullet", m.group(1)))
            continue
        m = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        if m:
            flush()
            blocks.append(("number", f"{m.group(1)}.\t{m.group(2)}"))
            continue
        if blocks and blocks[-1][0] in ("bullet", "bullet2", "number") and not para and raw.startswith((" ", "\t")):
            kind, text = blocks[-1]
            blocks[-1] = (kind, f"{text} {stripped}")
            continue
        para.append(stripped)
    flush()
    return blocks


def render_document(blocks: list[tuple[str, str]], width: int, pal: TH.Palette) -> pygame.Surface:
    """The whole page as one surface (rendered once per width)."""
    styles = {"h1": (TH.H1, True, pal.text, 18, 12), "h2": (TH.H2, True, pal.accent, 16, 8),
              "h3": (TH.BODY + 2, True, pal.text, 12, 6)}
    items: list[tuple[int, int, str, int, bool, tuple]] = []   # (x, y, text, size, bold, colour)
    extras: list[tuple[str, int, int]] = []
    y = 0
    body_lh = T.line_height(TH.BODY) + 3
    for kind, text in blocks:
        if kind in styles:
            size, bold, colour, before, after = styles[kind]
            y += before if y else 0
            for line in T.wrap(text, size, width, bold):
                items.append((0, y, line, size, bold, colour))
                y += T.line_height(size, bold)
            if kind == "h1":
                extras.append(("underline", y + 4, 0))
                y += 8
            y += after
        elif kind in ("bullet", "bullet2", "number"):
            indent = 22 if kind != "bullet2" else 46
            marker = "•" if kind != "number" else text.split("\t", 1)[0]
            body = text.split("\t", 1)[1] if kind == "number" else text
            items.append((indent - 18, y, marker, TH.BODY, kind == "number", pal.accent))
            for line in T.wrap(body, TH.BODY, width - indent - 6):
                items.append((indent + 6, y, line, TH.BODY, False, pal.text))
                y += body_lh
            y += 4
        elif kind == "rule":
            extras.append(("rule", y + 8, 0))
            y += 20
        else:
            for line in T.wrap(text, TH.BODY, width):
                items.append((0, y, line, TH.BODY, False, pal.text))
                y += body_lh
            y += 10
    surf = pygame.Surface((max(1, width), max(1, min(30000, y + 10))), pygame.SRCALPHA)
    for x, yy, line, size, bold, colour in items:
        surf.blit(T.font(size, bold).render(line, True, colour), (x, yy))
    for kind, yy, _ in extras:
        pygame.draw.line(surf, pal.panel_border, (0, yy), (width, yy), 2 if kind == "underline" else 1)
    return surf


class RulesChooser(VariantList):
    title = "Rules"
    empty_text = "No games are installed in this build yet."

    def variants_listed(self) -> list:
        return tables.available_variants()

    def choose(self, variant) -> None:
        self.app.push(RulesScene(self.app, variant.id, variant.title))


class RulesScene(MenuScene):
    """One variant's rules page. Wheel, ↑↓, PgUp/PgDn, Home/End scroll; Esc goes back."""

    hints = [("↑↓", "Scroll"), ("PgUp PgDn", "Page"), ("Esc", "Back")]

    def __init__(self, app, variant_id: str, title: str | None = None):
        self.variant_id = variant_id
        self.title = f"{title or variant_id}: rules"
        self.scroll = 0.0
        self.doc: pygame.Surface | None = None
        self.missing = False
        self.blocks = self._load()
        super().__init__(app)

    def _load(self) -> list[tuple[str, str]]:
        path = rules_path(self.variant_id)
        try:
            return parse_markdown(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            self.missing = True
            return [("h2", "No rules page yet"),
                    ("para", f"The rules text for this game could not be found ({path.name}). "
                             "The game itself still plays by its full rules.")]

    def build(self) -> None:
        self.back_button = Button("Back", self.back, hint="Esc")
        self.form.set_widgets([self.back_button], keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        self.page = pygame.Rect(0, 0, min(900, w - 96), h - 96 - 80)
        self.page.midtop = (w // 2, 96)
        self.view = self.page.inflate(-56, -40)
        self.doc = render_document(self.blocks, self.view.w, self.palette)
        if pygame.display.get_surface() is not None:
            self.doc = self.doc.convert_alpha()
        self.back_button.rect = pygame.Rect(24, 24, 150, 40)
        self._clamp()

    @property
    def max_scroll(self) -> int:
        return max(0, (self.doc.get_height() if self.doc else 0) - self.view.h)

    def _clamp(self) -> None:
        self.scroll = max(0.0, min(float(self.max_scroll), self.scroll))

    def scroll_by(self, dy: float) -> None:
        self.scroll += dy
        self._clamp()

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return
        if event.type == pygame.KEYDOWN:
            page = self.view.h - 60
            moves = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_j: 40, pygame.K_k: -40,
                     pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                     pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return
        super().handle_event(event)

    def draw(self, surface) -> None:
        pal = self.palette
        self.draw_background(surface)
        self.draw_title(surface, 44)
        TH.draw_panel(surface, self.page, pal, fill=(4, 22, 15, 225))
        if self.doc is not None:
            area = pygame.Rect(0, int(self.scroll), self.view.w, self.view.h)
            surface.blit(self.doc, self.view.topleft, area)
        if self.max_scroll:
            track = pygame.Rect(self.page.right - 14, self.view.y, 5, self.view.h)
            pygame.draw.rect(surface, pal.button, track, border_radius=2)
            th = max(30, int(track.h * self.view.h / (self.view.h + self.max_scroll)))
            ty = track.y + int((track.h - th) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, pal.text_dim, (track.x, ty, 5, th), border_radius=2)
        self.form.draw(surface, pal)
        draw_hints(surface, pal, self.hints)
