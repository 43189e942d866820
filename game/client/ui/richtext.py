"""Markdown pages (the rules) drawn with their structure: headings, paragraphs with bold, italic
and code, nested lists, tables and rules; small card pictures inline.

Parsing is markdown-it-py's (CommonMark plus tables); this module only lays the result out.
A card picture is written ``{card:FACE}`` in the text: ``{card:7}`` a numbered Kombio card
(-1..14), ``{card:Kh}``, ``{card:10s}``, ``{card:joker}`` a standard card, ``{card:uno-red-skip}``
an UNO card (colour, then 0-9, skip, reverse, draw2, wild, wild4).

    blocks = parse(source)                    # once per page
    surface = render(blocks, width, palette)  # once per width
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame
from markdown_it import MarkdownIt

from game.client.ui import cards as CARDS
from game.client.ui import text as T
from game.client.ui import theme as TH

CARD_TAG = re.compile(r"\{card:([A-Za-z0-9\-]+)\}")
_SUITS = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}


@dataclass
class Run:
    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False
    card: dict | None = None     # a face for render_card: the run is a picture, not text


@dataclass
class Block:
    kind: str                    # h1 h2 h3 para item rule code (preformatted) table
    runs: list[Run] = field(default_factory=list)
    depth: int = 0               # list nesting (items and the paragraphs inside them)
    marker: str = ""             # "•" or "3." on the first line of an item
    rows: list[list[list[Run]]] = field(default_factory=list)   # a table: header row first


def card_face(spec: str) -> dict | None:
    """The render_card face a ``{card:...}`` tag names, or None if it names none."""
    s = spec.strip()
    if re.fullmatch(r"-?\d{1,2}", s) and -1 <= int(s) <= 14:
        return {"rank": int(s), "suit": "kombio"}
    if s.lower() == "joker":
        return {"rank": "JOKER", "suit": "joker", "colour": "red"}
    m = re.fullmatch(r"(A|[2-9]|10|J|Q|K)([hdcs])", s, re.IGNORECASE)
    if m:
        rank = m.group(1).upper()
        return {"rank": rank, "suit": _SUITS[m.group(2).lower()]}
    m = re.fullmatch(r"uno-(red|yellow|green|blue|wild)-([0-9]|skip|reverse|draw2|wild|wild4)", s.lower())
    if m:
        rank: object = int(m.group(2)) if m.group(2).isdigit() else m.group(2)
        return {"rank": rank, "suit": m.group(1)}
    return None


def _split_cards(text: str, bold: bool, italic: bool) -> list[Run]:
    out: list[Run] = []
    pos = 0
    for m in CARD_TAG.finditer(text):
        face = card_face(m.group(1))
        if face is None:
            continue
        if m.start() > pos:
            out.append(Run(text[pos:m.start()], bold, italic))
        out.append(Run("", card=face))
        pos = m.end()
    if pos < len(text):
        out.append(Run(text[pos:], bold, italic))
    return out


def _inline(token) -> list[Run]:
    runs: list[Run] = []
    bold = italic = 0
    for child in token.children or ():
        kind = child.type
        if kind == "strong_open":
            bold += 1
        elif kind == "strong_close":
            bold -= 1
        elif kind == "em_open":
            italic += 1
        elif kind == "em_close":
            italic -= 1
        elif kind == "code_inline":
            runs.append(Run(child.content, code=True))
        elif kind in ("softbreak", "hardbreak"):
            runs.append(Run(" ", bold > 0, italic > 0))
        elif kind in ("text", "html_inline"):
            runs.extend(_split_cards(child.content, bold > 0, italic > 0))
        elif kind == "image":
            runs.append(Run(child.content or "", bold > 0, italic > 0))
        # link_open/close: the link text is shown as text; pages are offline
    return runs


def parse(source: str) -> list[Block]:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(source)
    blocks: list[Block] = []
    lists: list[list] = []          # a stack of [ordered, next number]
    pending_marker = ""
    table: Block | None = None
    row: list[list[Run]] | None = None
    heading = ""
    for tok in tokens:
        t = tok.type
        if t == "heading_open":
            heading = f"h{min(3, int(tok.tag[1]))}"
        elif t in ("bullet_list_open", "ordered_list_open"):
            start = int(tok.attrs.get("start", 1) or 1) if t == "ordered_list_open" else 0
            lists.append([t == "ordered_list_open", start])
        elif t in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif t == "list_item_open":
            ordered, number = lists[-1]
            pending_marker = f"{number}." if ordered else ("•" if len(lists) == 1 else "◦")
            if ordered:
                lists[-1][1] += 1
        elif t == "hr":
            blocks.append(Block("rule"))
        elif t in ("code_block", "fence"):
            blocks.append(Block("code", [Run(tok.content.rstrip("\n"), code=True)], depth=len(lists)))
        elif t == "table_open":
            table = Block("table")
        elif t == "table_close" and table is not None:
            blocks.append(table)
            table = None
        elif t == "tr_open":
            row = []
        elif t == "tr_close" and table is not None and row is not None:
            table.rows.append(row)
            row = None
        elif t == "inline":
            runs = _inline(tok)
            if row is not None:
                row.append(runs)
            elif heading:
                blocks.append(Block(heading, runs))
                heading = ""
            elif lists:
                blocks.append(Block("item", runs, depth=len(lists), marker=pending_marker))
                pending_marker = ""
            else:
                blocks.append(Block("para", runs))
    return blocks


# -- layout -------------------------------------------------------------------------------
# An italic font is kept with the regular font it was made beside: when text.py forgets its fonts
# (pygame's font module restarted, as a second window does), the italic one is made again too.
_ITALIC: dict[tuple[int, bool, float], tuple[pygame.font.Font, pygame.font.Font]] = {}


_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", "skip": "skip", "reverse": "reverse",
               "draw2": "draw two", "wild": "wild", "wild4": "wild draw four"}


def card_words(face: dict) -> str:
    """A card picture's name for speech (English, as the pages' tags are: the tables name cards
    in the player's language)."""
    rank, suit = face.get("rank"), face.get("suit")
    if suit == "joker":
        return "joker"
    words = _RANK_WORDS.get(rank, str(rank)) if isinstance(rank, str) else str(rank)
    if suit == "kombio":
        return words
    if suit in _SUITS.values():
        return f"{words} of {suit}"
    return words if suit == "wild" and rank in ("wild", "wild4") else f"{suit} {words}"


def plain_lines(blocks: list[Block]) -> list[str]:
    """The page as lines of plain text, one per block (speech reads them): a card picture by its
    name, a table row as "cell, cell"."""
    def words(runs: list[Run]) -> str:
        out, card_before = "", False
        for run in runs:
            if run.card:
                out += (", " if card_before else " ") + card_words(run.card)
                card_before = True
            elif run.text.strip():
                out += run.text
                card_before = False
            else:
                out += run.text
        return " ".join(out.split()).replace("( ", "(").replace(" ,", ",")

    lines = []
    for block in blocks:
        if block.kind == "table":
            lines += [", ".join(words(cell) for cell in row) for row in block.rows]
        elif block.kind != "rule":
            line = words(block.runs)
            numbered = block.marker[:1].isdigit()     # "3." is said; a bullet is not
            lines.append(f"{block.marker} {line}" if numbered else line)
    return [line for line in lines if line]


def _font(run: Run, size: int) -> pygame.font.Font:
    if run.code:
        return T.font(size - 2, False)
    base = T.font(size, run.bold)
    if not run.italic:
        return base
    key = (size, run.bold, T.scale())
    cached = _ITALIC.get(key)
    if cached is not None and cached[0] is base:
        return cached[1]
    try:
        f = pygame.font.Font(str(T.font_path(run.bold)), max(6, round(size * T.scale())))
    except (OSError, FileNotFoundError, pygame.error, AttributeError):
        f = base
    else:
        f.italic = True
    _ITALIC[key] = (base, f)
    return f


@dataclass
class _Piece:
    x: int
    width: int
    run: Run
    text: str


def _card_size(size: int) -> tuple[int, int]:
    h = int(T.line_height(size) * 1.5)
    return int(h * 0.7), h


def layout_runs(runs: list[Run], size: int, width: int) -> list[tuple[list[_Piece], int]]:
    """Lines of placed pieces and each line's height, wrapping at word boundaries."""
    lines: list[tuple[list[_Piece], int]] = []
    line: list[_Piece] = []
    x = 0
    base_h = T.line_height(size)
    height = base_h

    def newline() -> None:
        nonlocal line, x, height
        lines.append((line, height))
        line, x, height = [], 0, base_h

    for run in runs:
        if run.card is not None:
            cw, ch = _card_size(size)
            if x + cw > width and line:
                newline()
            line.append(_Piece(x, cw, run, ""))
            x += cw + 4
            height = max(height, ch + 4)
            continue
        f = _font(run, size)
        for word in re.findall(r"\S+\s*|\s+", T.clean(run.text, T.WRAP_MAX)):
            w = f.size(word)[0]
            bare = f.size(word.rstrip())[0]
            if x + bare > width and line:
                newline()
                if not word.strip():
                    continue
            line.append(_Piece(x, w, run, word))
            x += w
    if line or not lines:
        lines.append((line, height))
    return lines


def _draw_lines(surf: pygame.Surface, lines, x0: int, y: int, size: int, colour, pal: TH.Palette) -> int:
    for pieces, height in lines:
        base_h = T.line_height(size)
        for p in pieces:
            if p.run.card is not None:
                cw, ch = _card_size(size)
                surf.blit(CARDS.render_card(p.run.card, (cw, ch), pal), (x0 + p.x, y + (height - ch) // 2))
                continue
            f = _font(p.run, size)
            col = pal.accent if p.run.code else colour
            text_y = y + (height - base_h) // 2
            if p.run.code:
                pygame.draw.rect(surf, pal.button, (x0 + p.x - 1, text_y, p.width + 2, base_h), border_radius=3)
            surf.blit(f.render(p.text, True, col), (x0 + p.x, text_y + (2 if p.run.code else 0)))
        y += height
    return y


def _table(surf: pygame.Surface | None, block: Block, y: int, width: int, size: int, pal: TH.Palette) -> int:
    """Draw (or with surf None, measure) a table; returns the y after it."""
    cols = max(len(r) for r in block.rows)
    pad = 8
    natural = [0] * cols      # a column's width with no wrapping
    least = [0] * cols        # its longest word (or picture): never narrower than that
    for i, r in enumerate(block.rows):
        for c, cell in enumerate(r):
            if i == 0:      # the header row is drawn bold: measured so (a bold head ran past its column)
                cell = [Run(run.text, True, run.italic, run.code, run.card) for run in cell]
            lines = layout_runs(cell, size, 10_000)
            natural[c] = max(natural[c], max((p[-1].x + p[-1].width if p else 0) for p, _ in lines))
            for run in cell:
                if run.card is not None:
                    least[c] = max(least[c], _card_size(size)[0])
                else:
                    f = _font(Run(run.text, True, run.italic, run.code), size)
                    least[c] = max([least[c]] + [f.size(w)[0] for w in run.text.split()])
    natural = [n + 2 * pad for n in natural]
    least = [min(n, w + 2 * pad) for n, w in zip(natural, least)]
    if sum(natural) <= width:
        widths = natural
    else:
        # Short columns keep their width; what is left goes to the long ones by how much they want.
        spare = max(0, width - sum(least))
        want = [n - w for n, w in zip(natural, least)]
        widths = [w + (int(spare * x / sum(want)) if sum(want) else 0) for w, x in zip(least, want)]
    for i, r in enumerate(block.rows):
        heights = []
        laid = []
        for c in range(cols):
            cell = r[c] if c < len(r) else []
            if i == 0:
                cell = [Run(run.text, True, run.italic, run.code, run.card) for run in cell]
            lines = layout_runs(cell, size, widths[c] - 2 * pad)
            laid.append(lines)
            heights.append(sum(h for _, h in lines))
        row_h = max(heights) + 2 * pad - 4
        if surf is not None:
            x = 0
            if i == 0:
                pygame.draw.rect(surf, pal.button, (0, y, sum(widths), row_h))
            for c in range(cols):
                _draw_lines(surf, laid[c], x + pad, y + pad - 2, size, pal.text, pal)
                x += widths[c]
            pygame.draw.line(surf, pal.panel_border, (0, y + row_h), (sum(widths), y + row_h), 1)
        y += row_h
    return y


def render(blocks: list[Block], width: int, pal: TH.Palette) -> pygame.Surface:
    """The whole page as one surface (measured first, then drawn)."""
    height = _pass(None, blocks, width, pal)
    surf = pygame.Surface((max(1, width), max(1, min(30000, height + 10))), pygame.SRCALPHA)
    _pass(surf, blocks, width, pal)
    return surf


def _pass(surf: pygame.Surface | None, blocks: list[Block], width: int, pal: TH.Palette) -> int:
    styles = {"h1": (TH.H1, pal.text, 18, 12), "h2": (TH.H2, pal.accent, 16, 8), "h3": (TH.BODY + 2, pal.text, 12, 6)}
    y = 0
    body = TH.BODY
    for i, block in enumerate(blocks):
        if block.kind in styles:
            size, colour, before, after = styles[block.kind]
            y += before if y else 0
            runs = [Run(r.text, True, r.italic, r.code, r.card) for r in block.runs]
            lines = layout_runs(runs, size, width)
            y = _draw_lines(surf, lines, 0, y, size, colour, pal) if surf is not None else y + sum(h for _, h in lines)
            if block.kind == "h1":
                if surf is not None:
                    pygame.draw.line(surf, pal.panel_border, (0, y + 4), (width, y + 4), 2)
                y += 8
            y += after
        elif block.kind == "rule":
            if surf is not None:
                pygame.draw.line(surf, pal.panel_border, (0, y + 8), (width, y + 8), 1)
            y += 20
        elif block.kind == "table":
            y = _table(surf, block, y, width, body - 2, pal) + 12
        elif block.kind == "code":
            # Preformatted (a licence's text): every line kept, a long one wrapped, in plain type.
            for source_line in block.runs[0].text.split("\n") if block.runs else ():
                lines = layout_runs([Run(source_line)], TH.SMALL, width - 8)
                y = (_draw_lines(surf, lines, 4, y, TH.SMALL, pal.text, pal)
                     if surf is not None else y + sum(h for _, h in lines))
            y += 12
        else:
            indent = 24 * block.depth
            if block.marker and surf is not None:
                bold = block.marker[0].isdigit()
                surf.blit(T.font(body, bold).render(block.marker, True, pal.accent), (indent - 18, y))
            lines = layout_runs(block.runs, body, width - indent - 6)
            colour = pal.text
            y = (_draw_lines(surf, lines, indent + (6 if block.depth else 0), y, body, colour, pal)
                 if surf is not None else y + sum(h for _, h in lines))
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            y += 4 if block.kind == "item" and nxt is not None and nxt.kind == "item" else 10
    return y
