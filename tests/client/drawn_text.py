"""The texts a table drew in its last frame, by the label layer they were drawn on (the table marks
layers with ``label_layer``; ``text.DRAWN`` logs every ``blit_text`` of the frame)."""

from __future__ import annotations

import pygame

from game.client.ui import text as T


def layers(table) -> dict[str, list[tuple[str, pygame.Rect]]]:
    out: dict[str, list] = {}
    marks = list(table.drawn.layers) + [(len(T.DRAWN), "")]
    for (start, name), (end, _) in zip(marks, marks[1:]):
        out.setdefault(name, []).extend(T.DRAWN[start:end])
    return out
