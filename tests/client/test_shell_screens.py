"""Rules, settings, statistics, the privacy curtain: each opened through the app and checked on
what it drew and what it stored."""

from __future__ import annotations

import json

import pygame
import pytest

from game.client.scenes import rules as rules_mod
from game.client.ui import richtext as RT
from game.client.scenes.curtain import Curtain
from game.client.storage import Storage

pytestmark = pytest.mark.client

RULES = """# Shelltest

An opening paragraph that is long enough to be wrapped onto more than one line of the rules page
when the page is drawn at its usual width, so wrapping is exercised.

## Setup
- Deal **four** cards.
- Look at two of them.
  This continues the bullet.

1. First step.
2. Second step.
""" + "\n".join(f"## Section {i}\nMore text for section {i}, which makes the page longer than the screen.\n- a\n- b\n" for i in range(12))


def _plain(block) -> str:
    return "".join(r.text for r in block.runs)


def test_parse_markdown_blocks():
    blocks = RT.parse(RULES)
    assert (blocks[0].kind, _plain(blocks[0])) == ("h1", "Shelltest")
    assert blocks[1].kind == "para" and "wrapped onto more than one line" in _plain(blocks[1])
    assert ("h2", "Setup") in [(b.kind, _plain(b)) for b in blocks]
    deal = next(b for b in blocks if _plain(b) == "Deal four cards.")
    assert deal.kind == "item" and deal.marker == "•"
    assert [(r.text, r.bold) for r in deal.runs] == [("Deal ", False), ("four", True), (" cards.", False)]
    assert "Look at two of them. This continues the bullet." in [_plain(b) for b in blocks]
    first = next(b for b in blocks if _plain(b) == "First step.")
    assert first.marker == "1." and next(b for b in blocks if _plain(b) == "Second step.").marker == "2."


def test_markdown_tables_emphasis_nesting_and_card_pictures():
    blocks = RT.parse("A *soft* word and `code`.\n\n| Card | Value |\n|---|---|\n| {card:Kh} red king | **0** |\n"
                      "| {card:joker} | -1 |\n\n- outer\n  - inner\n\n{card:nonsense} stays text\n")
    para = blocks[0]
    assert [(r.text, r.italic, r.code) for r in para.runs] == [
        ("A ", False, False), ("soft", True, False), (" word and ", False, False), ("code", False, True), (".", False, False)]
    table = blocks[1]
    assert table.kind == "table" and len(table.rows) == 3
    assert [r.text for r in table.rows[0][0]] == ["Card"]
    assert table.rows[1][0][0].card == {"rank": "K", "suit": "hearts"} and table.rows[2][0][0].card["suit"] == "joker"
    assert [(r.text, r.bold) for r in table.rows[1][1]] == [("0", True)]
    outer, inner = blocks[2], blocks[3]
    assert (outer.depth, outer.marker, inner.depth, inner.marker) == (1, "•", 2, "◦")
    assert _plain(blocks[4]) == "{card:nonsense} stays text"
    assert RT.card_face("7") == {"rank": 7, "suit": "kombio"}
    assert RT.card_face("uno-red-draw2") == {"rank": "draw2", "suit": "red"}
    assert RT.card_face("15") is None


def test_a_table_is_drawn_as_a_grid_within_the_page_width():
    pygame.init()
    blocks = RT.parse("| a | b |\n|---|---|\n| " + "long words " * 40 + " | {card:5} |\n")
    from game.client.ui import theme as TH
    surf = RT.render(blocks, 500, TH.STANDARD)
    assert surf.get_width() == 500
    assert surf.get_height() > 3 * 30          # the long cell wrapped onto several lines
    # the header row's band is drawn
    assert surf.get_at((2, 2))[3] > 0


@pytest.fixture
def rules_file(tmp_path, monkeypatch):
    path = tmp_path / "shelltest.md"
    path.write_text(RULES, encoding="utf-8")
    monkeypatch.setattr(rules_mod, "rules_path", lambda vid: path if vid == "shelltest" else tmp_path / "missing.md")
    return path


def test_rules_page_from_the_menu_scrolls_with_keys_and_wheel(drive, rules_file):
    drive.key(pygame.K_r)
    assert drive.stack[-1] == "RulesChooser"
    assert "Shelltest" in drive.texts and "Notable Absence" in drive.texts   # every variant has rules
    drive.click_button("Shelltest")
    page = drive.app.top
    assert drive.stack[-1] == "RulesScene" and not page.missing
    assert page.max_scroll > 0
    top = drive.app.surface.copy()
    drive.key(pygame.K_DOWN)
    assert page.scroll == 40
    drive.wheel(-2)
    assert page.scroll == 160
    drive.key(pygame.K_END)
    assert page.scroll == page.max_scroll
    assert drive.app.surface.get_at(page.view.center) != top.get_at(page.view.center) or \
        pygame.image.tobytes(drive.app.surface, "RGB") != pygame.image.tobytes(top, "RGB")
    drive.key(pygame.K_HOME)
    assert page.scroll == 0
    drive.key(pygame.K_ESCAPE)
    assert drive.stack[-1] == "RulesChooser"


def test_missing_rules_file_shows_a_message(drive, rules_file):
    drive.key(pygame.K_r)
    drive.click_button("Notable Absence")
    page = drive.app.top
    assert page.missing
    assert (page.blocks[0].kind, _plain(page.blocks[0])) == ("h2", "No rules page yet")


def test_settings_change_by_keyboard_and_persist(drive, home):
    drive.key(pygame.K_s)
    scene = drive.app.top
    assert drive.stack[-1] == "SettingsScene"
    labels = [w.label for w in scene.rows]
    # move to "Memory aid" and switch it on with Right
    for _ in range(labels.index("Memory aid")):
        drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RIGHT)
    # Animation speed to "fastest" by cycling left from 1.0 (wraps)
    scene.form.focus_on(scene.rows[labels.index("Animation speed")])
    for _ in range(3):                                   # 0.75, 0.5, then wraps to fastest
        drive.key(pygame.K_LEFT)
    # Volume down twice
    scene.form.focus_on(scene.rows[labels.index("Volume")])
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_ESCAPE)
    assert drive.stack == ["MainMenu"]
    data = json.loads((home / "config" / "settings.json").read_text())
    assert data["memory_aid"] is True
    assert data["animation_speed"] == "fastest"
    assert data["volume"] == pytest.approx(0.5)
    again = Storage(home)
    assert again.settings.memory_aid is True and again.settings.animation_scale() == 0.0
    assert again.messages == []


def test_colour_blind_setting_changes_what_is_drawn(drive):
    drive.key(pygame.K_s)
    scene = drive.app.top
    toggle = next(w for w in scene.rows if w.label == "Colour-blind palette")
    assert drive.app.palette.name == "standard"
    drive.click(toggle.control_rect.center)
    assert drive.app.settings.colour_blind is True
    assert drive.app.palette.name == "colour-blind"


def test_statistics_screen_shows_rows_and_the_last_match_chart(make_app, home, driver_for):
    from game.core.record import GameRecord, SeatInfo

    storage = Storage(home)
    seats = [SeatInfo("Zoe", "human"), SeatInfo("Ada", "bot", "easy")]
    storage.record_finished(GameRecord("shelltest", {}, seats, 1,
                                       result={"rounds": [[3, 10], [4, 12]], "totals": [7, 22], "winners": [0]}))
    drive = driver_for(make_app())
    drive.key(pygame.K_t)
    assert drive.stack[-1] == "StatsScene"
    texts = drive.texts
    assert "Shelltest" in texts and "Last match: Shelltest, totals after each round" in texts
    row = drive.app.top.rows
    assert ("Shelltest", "1", "1", "100%", "7 pts", "7.0 pts") in row
    assert "Totals are your points at the end of a match: fewer is better." in texts
    # the chart has a line in each seat's colour inside the chart panel
    chart = drive.app.top.chart_rect
    pal = drive.app.palette
    area = drive.app.surface.subsurface(chart)
    colours = {tuple(area.get_at((x, y)))[:3] for x in range(0, chart.w, 2) for y in range(0, chart.h, 2)}
    assert pal.seat_colour(0) in colours and pal.seat_colour(1) in colours


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_statistics_a_coached_count_keeps_clear_of_the_won_column(make_app, home, driver_for, size):
    """Seen in a real window: "12 (3 coached)" ran into the Won column's "5"."""
    storage = Storage(home)
    stats = storage.stats.for_variant("shelltest")
    stats.played, stats.won, stats.coached, stats.scores = 12, 5, 3, [40, 80]
    storage.save_stats()
    drive = driver_for(make_app(size=size))
    drive.key(pygame.K_t)
    played, won = drive.rect_of("12 (3 coached)"), drive.rect_of("5")
    assert abs(played.y - won.y) < 4 and played.right + 8 <= won.left, (played, won)
    heads = [drive.rect_of(h) for h in ("Game", "Played", "Won", "Win rate", "Best total", "Average total")]
    assert all(a.right < b.left for a, b in zip(heads, heads[1:]))
    assert heads[-1].right <= drive.app.top.table_rect.right


def test_the_chart_draws_two_seats_with_equal_totals_side_by_side(monkeypatch, home):
    """Ada's and Bruno's 31 drew one line over the other: Ada's line was not there at all."""
    from game.client.scenes import stats as S
    from game.client.storage import LastMatch
    from game.client.ui import theme as TH

    pygame.display.init()
    said = []
    text = S.T.text
    monkeypatch.setattr(S.T, "text", lambda s, *a, **k: (said.append(s), text(s, *a, **k))[1])
    pal = TH.palette_for(Storage(home).settings)
    last = LastMatch("kombio", ["You", "Ada", "Bruno"], [[5, 12, 12], [14, 20, 20], [18, 31, 31]], [0])
    surf = S.render_chart(last, (760, 220), pal)
    ada, bruno = pal.seat_colour(1), pal.seat_colour(2)
    # between rounds 1 and 2, away from the markers, both lines are there
    plot_w = 760 - 56 - 170 - 16
    for x in (56 + plot_w // 2 - 40, 56 + plot_w // 2 + 40):
        column = {tuple(surf.get_at((x, y)))[:3] for y in range(14, 220 - 44)}
        assert ada in column and bruno in column, x
    assert "same totals as Bruno" in said and "same totals as Ada" in said
    assert "Equal totals are drawn side by side." in said


def test_statistics_reset_asks_once_then_erases(home, make_app, driver_for):
    from game.core.record import GameRecord, SeatInfo

    storage = Storage(home)
    storage.record_finished(GameRecord("shelltest", {}, [SeatInfo("Zoe", "human"), SeatInfo("Ada", "bot", "easy")], 1,
                                       result={"rounds": [[3, 10]], "totals": [3, 10], "winners": [0]}))
    drive = driver_for(make_app())
    drive.key(pygame.K_t)
    drive.click_button("Reset statistics…")
    assert Storage(home).stats.variants["shelltest"].played == 1      # one press only asks
    drive.click_button("Press again to erase all")
    assert "Statistics reset." in drive.texts
    again = Storage(home).stats
    assert again.variants == {} and again.last_match is None and again.finished   # counted matches stay counted
    assert "Finish a match to see its scores round by round here." in drive.texts


def test_statistics_screen_without_matches(drive):
    drive.key(pygame.K_t)
    assert "Finish a match to see its scores round by round here." in drive.texts


def test_curtain_hides_everything_below_and_confirms(drive, fake_table):
    drive.key(pygame.K_p)
    drive.click_button("Shelltest")
    drive.click_button("Review")
    drive.key(pygame.K_RETURN)
    table = drive.app.top
    confirmed = []
    drive.app.push(Curtain(drive.app, "Ada", on_confirm=lambda: confirmed.append(True), seat=1))
    before, updates = table.draws, table.updates
    drive.app.run_frames(5)
    assert table.draws == before                                  # the table is not drawn at all
    assert table.updates == updates                               # and its time stands still
    assert "Pass to Ada" in drive.texts
    pixels = pygame.image.tobytes(drive.app.surface, "RGB")
    assert bytes((255, 0, 255)) not in {pixels[i:i + 3] for i in range(0, len(pixels), 3 * 97)}
    drive.key(pygame.K_RETURN)
    assert confirmed == [True]
    assert drive.stack[-1] == "FakeTable"
    assert table.draws == before + 1


def test_curtain_confirm_button_by_mouse(drive):
    got = []
    drive.app.push(Curtain(drive.app, "Bo", on_confirm=lambda: got.append(1)))
    drive.app.run_frames(1)
    drive.click(drive.app.top.ready.rect.center)
    assert got == [1] and drive.stack == ["MainMenu"]


def test_statistics_and_review_keep_their_words_apart_at_the_largest_text_size(make_app, driver_for):
    """At text size 1.3 in 960x540 "Win rate" ran into "Best total", and "Close when I pass or
    after" into its "2 s": the heads take the smaller type, the label goes on two lines."""
    from game.client.ui import text as T

    app = make_app(size=(960, 540))
    drive = driver_for(app)
    try:
        T.set_scale(1.3)
        app.top.resize((960, 540))
        drive.key(pygame.K_t, frames=2)
        heads = [drive.rect_of(h) for h in ("Game", "Played", "Won", "Win rate", "Best total", "Average total")]
        assert not any(a.colliderect(b) for i, a in enumerate(heads) for b in heads[i + 1:])
        assert all(h.right <= 960 for h in heads)
        drive.key(pygame.K_ESCAPE)
        drive.key(pygame.K_p)
        drive.key(pygame.K_2)
        drive.key(pygame.K_RETURN, frames=2)
        assert type(app.top).__name__ == "ReviewScene" or "ready to start" in " ".join(drive.texts)
        drawn = [(t, r) for t, r in T.DRAWN]
        value = next(r for t, r in drawn if t == "2 s")
        words = [r for t, r in drawn if t in ("Close when I pass or after", "Close when I pass or", "after")]
        assert words and not any(r.colliderect(value) for r in words)
        # Kabu's seven rules all show (in the small type): none gives way to "… and N more"
        texts = [t for t, _ in drawn]
        assert "Kabu on the first turn" in texts and not any(t.startswith("…") for t in texts)
    finally:
        T.set_scale(1.0)


def test_the_review_lists_every_rule_without_a_false_ellipsis(drive):
    """16 Combos' review fits its fourteen rules at 1280x720: the last one drawn is not followed by
    "…" (it was drawn after the last row that fit even when no rule was left)."""
    from game.client.scenes.play import SummaryScene
    from game.core.record import SeatInfo
    from game.variants.sixteen_combos import SixteenCombos

    seats = [SeatInfo("You", "human"), SeatInfo("Ada", "bot", "hard")]
    options = {spec.key: spec.default for spec in SixteenCombos.option_specs}
    drive.app.push(SummaryScene(drive.app, SixteenCombos, seats, options))
    drive.app.run_frames(2)
    texts = drive.texts
    assert all(spec.label in texts for spec in SixteenCombos.option_specs), texts
    assert not any(t.startswith("…") for t in texts)
