"""The About screen (main menu, A): version, licence, credits, the folders this copy really uses,
and the third-party notices, one component at a time."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game import about
from game.client.scenes import about as about_scene
from game.client.ui import richtext as RT

pytestmark = pytest.mark.client

ROOT = Path(__file__).resolve().parents[2]


def _page_text(blocks: list[RT.Block]) -> str:
    out = []
    for block in blocks:
        out += [run.text for run in block.runs]
        out += [run.text for row in block.rows for cell in row for run in cell]
    return " ".join(out)


def test_about_opens_from_the_menu_and_tells_version_licence_and_the_real_folders(drive):
    menu = drive.app.top
    assert "About" in drive.texts and f"v{about.version()}" in drive.texts
    assert menu.about_button.rect.bottom <= drive.app.surface.get_height()
    drive.key(pygame.K_a)
    assert drive.stack == ["MainMenu", "AboutScene"]
    page = drive.app.top
    text = _page_text(page.blocks)
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert f"Cardhall {version}" in text
    assert "MIT licence" in text
    storage = drive.app.storage
    for path in (storage.settings_path, storage.stats_path, storage.saves_dir):
        assert str(path) in text
    assert "CARDHALL_HOME" in text            # the tests keep their files under it, and the page says so
    assert "pygame-ce (LGPL-2.1-or-later)" in text and "SDL 2 (Zlib)" in text and "more." in text
    assert page.doc is not None and page.max_scroll > 0
    drive.key(pygame.K_END)
    assert page.scroll == page.max_scroll
    drive.key(pygame.K_ESCAPE)
    assert drive.stack == ["MainMenu"]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_about_button_keeps_clear_of_the_key_hints_and_the_menu(drive, size):
    drive.app.set_window_size(size)
    drive.app.run_frames(1)
    menu = drive.app.top
    about_rect = menu.about_button.rect
    assert drive.app.surface.get_rect().contains(about_rect)
    for hint in ("Move", "Select", "Fullscreen", f"v{about.version()}", "Cardhall"):
        assert not about_rect.colliderect(drive.rect_of(hint)), hint
    assert all(not about_rect.colliderect(b.rect) for b in menu.menu_buttons)


@pytest.mark.slow
def test_licences_list_every_notice_and_show_each_in_turn(drive):
    drive.key(pygame.K_a)
    drive.key(pygame.K_l)
    assert drive.stack == ["MainMenu", "AboutScene", "NoticesScene"]
    scene = drive.app.top
    names = [e.name for e in scene.entries]
    assert names[0] == "Overview" and "pygame-ce" in names and "GNU Lesser General Public License 2.1" in names
    overview = _page_text(scene.blocks)
    assert "LGPL-2.1-or-later" in overview and "Zlib" in overview
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    assert scene.entries[scene.chosen].name == "pygame-ce"
    assert "GNU Library General Public License" in _page_text(scene.blocks)
    # the full licence texts keep their lines
    last = len(scene.entries) - 1
    for _ in range(last):
        drive.key(pygame.K_DOWN)
    assert scene.chosen == last and scene.row_rect(last) is not None     # the list followed the choice
    code = [b for b in scene.blocks if b.kind == "code"]
    assert code and code[0].runs[0].text.count("\n") > 100
    assert scene.max_scroll > 0
    # a click on a row chooses it
    scene.list_scroll = 0
    drive.click(scene.row_rect(1).center)
    assert scene.entries[scene.chosen].name == "Python"
    drive.key(pygame.K_ESCAPE)
    assert drive.stack == ["MainMenu", "AboutScene"]


def test_without_the_notices_file_about_says_so_and_offers_no_licences(drive, monkeypatch):
    monkeypatch.setattr(about, "document_text", lambda name: None)
    drive.key(pygame.K_a)
    page = drive.app.top
    assert "missing from this copy" in _page_text(page.blocks)
    assert not page.licences_button.enabled
    drive.key(pygame.K_l)
    assert drive.stack == ["MainMenu", "AboutScene"]


def test_preformatted_text_keeps_its_lines(app):
    blocks = RT.parse("```text\nfirst line\n\nthird line\n```\n")
    one = RT.render(RT.parse("```text\nfirst line\n```\n"), 600, app.palette)
    three = RT.render(blocks, 600, app.palette)
    assert three.get_height() > one.get_height() + 2 * (about_scene.T.line_height(about_scene.TH.SMALL) - 2)


def test_italic_text_renders_again_after_the_font_module_restarts(app):
    """The italic font was cached on its own and outlived pygame's font module: a page with italics
    drawn after a second window started (the full test suite: the licences' file patterns read as
    emphasis, then the bot levels page's italic note) raised "Invalid font"."""
    from game.client.ui import text as T

    page = RT.parse("Plain, then *italic* words.")
    RT.render(page, 400, app.palette)
    pygame.font.quit()
    T.forget_fonts()
    pygame.font.init()
    assert RT.render(page, 400, app.palette).get_height() > 0


def test_the_notices_file_patterns_read_as_code_not_emphasis():
    from game.about import document_text, parse_notices

    _, notices = parse_notices(document_text("NOTICES.md"))
    opus = next(n for n in notices if n.name.startswith("Opus"))
    assert opus.files == ("libopus-*", "libopus.*", "libopusfile*")
    blocks = RT.parse(opus.text)
    assert not [r for b in blocks for r in b.runs if r.italic]
