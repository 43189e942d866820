"""The screens outside the tables in another language (issue 34): Settings → Language switches every
open screen at once, and the pseudo-locale (every string accented and about 40% longer) goes through
the menus at 960x540 and 1280x720 with no untranslated word and no label overlapping another,
leaving the window or running out of its button. The tables come in the next step."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.client.scenes.about import AboutScene, NoticesScene, load_notices
from game.client.scenes.confirm import ConfirmDialog
from game.client.scenes.guide_offer import GuideOffer
from game.client.scenes.ladder import LadderScene
from game.client.scenes.menu import MainMenu
from game.client.scenes.pause import PauseMenu
from game.client.scenes.play import SetupScene, SummaryScene, VariantChooser
from game.client.scenes.rules import RulesChooser, RulesScene
from game.client.scenes.settings import SettingsScene
from game.client.scenes.stats import StatsScene
from game.client.ui import text as T
from game.core.game import get_variant

pytestmark = pytest.mark.client

# Words that are the same in every language: the game's and the variants' names, key names,
# the version, numbers and sizes, the player's own name.
_LETTERS = re.compile(r"[A-Za-z]{2,}")
KEYS = {"Esc", "Enter", "F11", "F1", "F2", "F3", "Ctrl+Z", "PgUp PgDn", "Space", "Tab"}


def untranslated(text: str, names: set[str]) -> bool:
    """A drawn text with a run of plain Latin letters that is not a name: a string not wrapped in
    _() (the pseudo-locale accents every letter of what it translates)."""
    if text in KEYS or text.startswith("v0.") or text in names:
        return False
    rest = text
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(name, "")
    return bool(_LETTERS.search(rest))


def top_scene_texts(app) -> list[tuple[str, pygame.Rect]]:
    """What the top scene draws by itself (a dialog over the menu is drawn over the menu's words on
    purpose); in a scrolling panel, only the rows wholly in view (the rest are cut by the panel)."""
    T.DRAWN.clear()
    app.top.draw(app.surface)
    drawn = [(t, r) for t, r in T.DRAWN if t.strip() and r.w]
    for view_name, rows_name in (("view", "rows"), ("options_view", "option_widgets")):
        view, rows = getattr(app.top, view_name, None), getattr(app.top, rows_name, None)
        if not isinstance(view, pygame.Rect) or not rows:
            continue
        cut = [w.rect for w in rows if not view.contains(w.rect)]       # drawn under the panel's clip
        drawn = [(t, r) for t, r in drawn if not any(c.collidepoint(r.center) for c in cut)]
    return drawn


def layout_problems(app, size, drawn) -> list[str]:
    """Labels that overlap, leave the window or run out of their button."""
    screen = pygame.Rect((0, 0), size)
    problems = []
    for text, rect in drawn:
        if screen.clip(rect) != rect:
            problems.append(f"clipped by the window: {text!r} {rect}")
    for i, (a, ra) in enumerate(drawn):
        for b, rb in drawn[i + 1:]:
            if ra.inflate(-2, -2).colliderect(rb.inflate(-2, -2)):
                problems.append(f"overlap: {a!r} {ra} and {b!r} {rb}")
    scene = app.top
    panels = [getattr(scene, n) for n in ("left", "right", "panel", "table_rect", "chart_rect")
              if isinstance(getattr(scene, n, None), pygame.Rect)]
    for text, rect in drawn:          # a word that starts in a panel ends in it
        for box in panels:
            if box.collidepoint(rect.topleft) and not box.contains(rect):
                problems.append(f"out of its panel: {text!r} {rect} in {box}")
    for w in scene.form.widgets:
        box = getattr(w, "rect", None)
        if box is None or not box.w or not scene_shows(scene, w):
            continue
        for text, rect in drawn:
            if box.collidepoint(rect.center) and not box.contains(rect):
                problems.append(f"out of its box: {text!r} {rect} in {box}")
    return problems


def scene_shows(scene, widget) -> bool:
    """Whether a widget is wholly in view (a scrolling panel cuts the rows at its edges)."""
    for view_name, rows_name in (("view", "rows"), ("options_view", "option_widgets")):
        view, rows = getattr(scene, view_name, None), getattr(scene, rows_name, None) or []
        if isinstance(view, pygame.Rect) and widget in rows and not view.contains(widget.rect):
            return False
    return True


def names_of(app) -> set[str]:
    from game import games
    from game.client.scenes.play import BOT_NAMES

    names = {"Cardhall", app.settings.player_name, "DejaVu", "Okabe-Ito", *BOT_NAMES}
    for entry in games.entries():
        names.add(entry.title)
        if entry not in games.GAMES:
            names.add(str(entry.summary))      # a test's stand-in game says what it is in English
    names |= set(i18n.LANGUAGE_NAMES.values())
    found = load_notices()            # the software a build bundles goes by its own name
    names |= {notice.name for notice in (found[1] if found else [])}
    return names


def screens(app):
    """Every screen outside the tables, each pushed over the main menu in turn: the setup and the
    review of every game (their options' labels, help and values are the variants' words)."""
    from game import games

    kombio = get_variant("kombio")
    yield "main menu", None
    yield "choose a game", lambda: VariantChooser(app)
    for entry in games.GAMES:
        variant = get_variant(entry.id)
        yield f"setup {entry.id}", lambda v=variant: SetupScene(app, v)
        yield f"review {entry.id}", lambda v=variant: _review(app, v)
        yield f"guide offer {entry.id}", lambda v=variant: GuideOffer(app, v)
    yield "rules chooser", lambda: RulesChooser(app)
    yield "rules page", lambda: RulesScene(app, "kombio", kombio.title)
    yield "bot levels", lambda: LadderScene(app, "kombio")
    yield "about", lambda: AboutScene(app)
    yield "licences", lambda: NoticesScene(app)
    yield "statistics", lambda: StatsScene(app)
    yield "settings", lambda: SettingsScene(app)
    yield "pause", lambda: PauseMenu(app, variant_id="kombio", title=kombio.title, take_back=lambda: None)
    yield "confirm", lambda: ConfirmDialog(app, i18n._("Settings"), [i18n._("Statistics reset.")],
                                           i18n._("Reset statistics…"), lambda: None)


def _review(app, variant):
    setup = SetupScene(app, variant)
    return SummaryScene(app, variant, setup.seat_infos(), dict(setup.options))


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_pseudo_locale_through_the_menus_finds_no_untranslated_string_nor_overlap(make_app, size):
    app = make_app(size=size, language=i18n.PSEUDO_LANGUAGE)
    names = names_of(app)
    problems = []
    for name, make in screens(app):
        app.to_main_menu()
        if make is not None:
            app.push(make())
        app.run_frames(2)
        drawn = top_scene_texts(app)
        for text, _ in drawn:
            if untranslated(text, names):
                problems.append(f"{name}: untranslated {text!r}")
        problems += [f"{name}: {p}" for p in layout_problems(app, size, drawn)]
    assert problems == [], "\n".join(problems)


def test_the_sweep_sees_an_untranslated_string(make_app):
    """The check above can fail: English is all untranslated to it."""
    app = make_app(size=(960, 540), language="en")
    app.run_frames(2)
    assert any(untranslated(t, names_of(app)) for t, _ in top_scene_texts(app))
    # and an overlap: two words drawn on one spot
    T.blit_text(app.surface, "Play", 20, (255, 255, 255), (100, 100))
    T.blit_text(app.surface, "Quit", 20, (255, 255, 255), (104, 102))
    assert any("overlap: 'Play'" in p for p in layout_problems(app, (960, 540), list(T.DRAWN)))


def test_settings_language_switches_every_open_screen_without_a_restart(make_app, drive):
    app = drive.app
    assert i18n.language() == "en"
    settings = app.push(SettingsScene(app))
    app.run_frames(1)
    assert "Settings" in drive.texts and "Language" in drive.texts
    # Language is the first row: → picks the next language (System, English, Deutsch)
    assert settings.form.focused is settings.rows[0]
    for _ in range(2):
        drive.key(pygame.K_RIGHT)
    assert app.settings.language == "de" and i18n.language() == "de"
    assert "Einstellungen" in drive.texts and "Sprache" in drive.texts and "Settings" not in drive.texts
    assert app.top.form.focused is app.top.rows[0]             # the row stays under the player's hand
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)
    assert {"Spielen", "Regeln", "Statistik", "Einstellungen", "Beenden"} <= set(drive.texts)
    # the choice is saved: a new start comes up in German
    app.storage.close()
    again = make_app()
    again.run_frames(1)
    assert again.settings.language == "de" and "Spielen" in [t for t, _ in T.DRAWN]


def page_words(scene) -> list[str]:
    """The words of a page scene's Markdown (the rules, About, Bot levels): drawn onto the page's own
    surface, so the sweep above does not see them."""
    out = []
    for block in scene.blocks:
        runs = list(block.runs) + [run for row in block.rows for cell in row for run in cell]
        out += [run.text for run in runs if not run.code and run.card is None and run.text.strip()]
    return out


# What the pages name as it is called everywhere: the games, the software, the files and the places.
PAGE_NAMES = {"UNO", "Mattel", "Poikilos", "RC", "MIT", "Python", "SDL", "DejaVu", "kombiocards.com",
              "NOTICES.md", "Copyright (c) 2026 The Cardhall developers"}


def test_the_about_and_bot_levels_pages_are_translated_to_the_last_word(make_app):
    """The page bodies in the pseudo-locale: every word accented but the names, the bot ladder's
    line-ups ("hard vs 3 random", the benchmark's labels) included."""
    app = make_app(size=(1280, 720), language=i18n.PSEUDO_LANGUAGE)
    found = load_notices()
    licences = {notice.licence for notice in (found[1] if found else [])}
    names = {w for name in names_of(app) | licences | PAGE_NAMES for w in re.split(r"[^A-Za-z]+", name) if w}
    left = []
    for scene in (AboutScene(app), LadderScene(app, "kabu")):
        for text in page_words(scene):
            text = re.sub(r"https?://\S+", "", text)
            rest = " ".join(w for w in re.split(r"[^A-Za-z]+", text) if w and w not in names)
            if _LETTERS.search(rest):
                left.append(f"{type(scene).__name__}: {text!r}")
    assert left == [], "\n".join(left)


@pytest.mark.parametrize("language, heading, first", [
    ("de", "Die Karten", "Beende jede Runde"), ("fr", "Les cartes", "Terminez chaque manche"),
    (i18n.PSEUDO_LANGUAGE, "The cards", "Finish each round"),       # no pages of its own: English
])
def test_the_rules_page_is_the_chosen_languages_else_english(make_app, language, heading, first):
    app = make_app(size=(960, 540), language=language)
    scene = RulesScene(app, "kombio", get_variant("kombio").title)
    words = page_words(scene)
    assert heading in words and any(w.startswith(first) for w in words)
    assert not getattr(scene, "missing", False)
    # and the setup names Kombio's options in that language (the pseudo-locale: accented)
    setup = SetupScene(app, get_variant("kombio"))
    labels = [str(w.label) for w in setup.option_widgets]
    expected = {"de": "Vierzehner-Zusätze", "fr": "Bonus des quatorze"}.get(language)
    assert (expected in labels) if expected else all(label.startswith("[") for label in labels)


def test_a_tables_bold_head_stays_inside_its_column(make_app):
    """A table's head is drawn bold but was measured in the regular type: one long word there ran past
    the table's band ("95-%-Intervall" on the Bot levels page in German)."""
    from game.client.ui import richtext as RT
    from game.client.ui import theme as TH

    make_app(size=(960, 540))
    surf = RT.render(RT.parse("| Aufstellung | gewonnene Partien | 95-%-Intervall |\n|---|---|---|\n"
                              "| hard vs 3 random | **100%** | 99% bis 100% |\n"), 900, TH.STANDARD)
    y = 6
    band_end = next(x for x in range(surf.get_width()) if surf.get_at((x, y))[3] == 0)
    ink = [x for x in range(band_end, surf.get_width()) for yy in range(2, 24) if surf.get_at((x, yy))[3] > 0]
    assert ink == [], f"the head's words run {max(ink) - band_end + 1} px past the table"


def test_the_ladder_line_ups_read_in_the_language_and_an_unknown_shape_as_written():
    from game.client.scenes.ladder import line_up_words

    i18n.set_language("de")
    try:
        assert line_up_words("hard vs 3 random") == "schwer gegen 3 × zufällig"
        assert line_up_words("passes every turn vs hard, two characters") == "passt jeden Zug gegen schwer, zwei Charaktere"
        i18n.set_language("fr")
        assert line_up_words("medium vs easy, two characters") == "moyen contre facile, deux personnages"
    finally:
        i18n.set_language("en")
    assert line_up_words("hard vs 3 random, four characters") == "hard vs 3 random, four characters"
    assert line_up_words("a new kind of line") == "a new kind of line"


# Words a table shows in every language: the games' calls and card words, key names.
TABLE_NAMES = {"KOMBIO", "KOMBIO!", "KABU", "KABU!", "UNO", "UNO!", "UNO?", "KUMBAL", "KUMBAL!", "Kumbal", "Kabu",
               "Ada", "Bruno", "Cleo", "Dario", "Eva", "JOKER", "Home", "End", "PgUp", "PgDn", "Ctrl+Z", "Esc", "Enter",
               "Space", "Tab"}


# What the sweep below still finds, by game (found on this branch; each fails strictly, so the test
# says at once when one is fixed: take it out of here then). Fix the table, not this list.
TABLE_GAPS: dict[str, str] = {}


def _table_variants():
    return [pytest.param(v, marks=pytest.mark.xfail(strict=True, reason=TABLE_GAPS[v])) if v in TABLE_GAPS else v
            for v in ("kombio", "kabu", "combat-uno", "kumbal", "sixteen-combos")]


@pytest.mark.slow
@pytest.mark.parametrize("variant_id", _table_variants())
def test_the_pseudo_locale_through_every_table_finds_no_untranslated_string_nor_overlap(tmp_path, monkeypatch, variant_id):
    """Issue 34: each game's table played through its situations (the deal, turns, reaction windows,
    abilities, holds, the round's and the match's results) at 960x540, 1280x720 and 1920x1080 in the
    pseudo-locale: every text drawn is accented (a plain English word is a string not wrapped in _())
    and no label overlaps another or leaves the window (the layout test's own checks)."""
    import test_table_layout as layout
    from game import games

    names = TABLE_NAMES | {entry.title for entry in games.entries()}
    checked = layout.label_problems

    def with_words(table, size):
        problems = checked(table, size)
        for text, _rect in T.DRAWN:
            if text.strip() and untranslated(text, names):
                problems.append(f"untranslated at {size}: {text!r}")
        return problems
    monkeypatch.setattr(layout, "label_problems", with_words)
    made = layout.make_app

    def pseudo_app(path):
        app = made(path)
        i18n.set_language(i18n.PSEUDO_LANGUAGE)      # (as `cardhall --language en_XA` does)
        return app
    monkeypatch.setattr(layout, "make_app", pseudo_app)
    try:
        seen, problems = layout.play_and_check(tmp_path, variant_id, 4, seed=7)
    finally:
        i18n.set_language("en")
    assert len(seen) >= 4 and any(s[2] for s in seen) and any(s[3] for s in seen), seen
    unique = sorted(set(problems))
    assert not unique, f"{len(unique)} problems:\n" + "\n".join(unique[:60])


@pytest.mark.slow
def test_the_pseudo_locale_through_the_16_combos_table_at_1280x720_and_1920x1080_finds_nothing(tmp_path, monkeypatch):
    """16 Combos' rules words (combo names, reasons, the rule set, a combo's detail) are the
    player's language, and the longer words keep to their places above 960x540: a combo's name on
    two lines in its cell, the captions over the combo table and the band, a plate beside the
    defense pair's name (what TABLE_GAPS still holds for 16 Combos is 960x540 alone)."""
    import test_table_layout as layout

    monkeypatch.setattr(layout, "SIZES", ((1280, 720), (1920, 1080)))
    test_the_pseudo_locale_through_every_table_finds_no_untranslated_string_nor_overlap(tmp_path, monkeypatch,
                                                                                      "sixteen-combos")
