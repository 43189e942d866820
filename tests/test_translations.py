"""The languages (issue 34): game.i18n, the catalogues, the settings key and the rules pages per
language. The screens in other languages are tests/client/test_languages.py."""

from __future__ import annotations

import gettext
import json
import sys
from pathlib import Path

import pytest

from game import i18n, resources
from game.client.storage import Settings, Storage

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_catalogues_are_complete_and_the_template_is_up_to_date():
    """What CI checks: the template holds every string the code marks (extracted again to a temp
    file and compared by message id), no shipped language has an untranslated, fuzzy or missing
    entry, and every committed .mo says what its .po says."""
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import translations
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    assert translations.problems() == []


@pytest.mark.slow
def test_the_check_finds_an_untranslated_entry_and_a_stale_template(tmp_path, monkeypatch):
    """The check above can fail: a German entry emptied, and a template missing a string."""
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import translations
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    locale = tmp_path / "locale"
    for lang in (*translations.SHIPPED, i18n.PSEUDO_LANGUAGE):
        for suffix in (".po", ".mo"):
            src = translations.po_path(lang).with_suffix(suffix)
            dst = locale / lang / "LC_MESSAGES" / src.name
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(src.read_bytes())
    template = translations.TEMPLATE.read_text(encoding="utf-8")
    (locale / translations.TEMPLATE.name).write_text(
        template.replace('msgid "Statistics reset."\nmsgstr ""\n', ""), encoding="utf-8")
    de = locale / "de" / "LC_MESSAGES" / "cardhall.po"
    de.write_text(de.read_text(encoding="utf-8").replace('msgstr "Sprache"', 'msgstr ""'), encoding="utf-8")
    monkeypatch.setattr(translations, "LOCALE_DIR", locale)
    monkeypatch.setattr(translations, "TEMPLATE", locale / translations.TEMPLATE.name)
    found = translations.problems()
    assert "cardhall.pot: not in the template (run update): 'Statistics reset.'" in found
    assert "de: untranslated 'Language'" in found
    assert "de: cardhall.mo is behind cardhall.po (run update)" in found


def test_every_shipped_language_and_the_pseudo_locale_ship_compiled():
    """The .mo files are package data (pyproject.toml) and read by the standard library alone."""
    for lang in (*i18n.LANGUAGES, i18n.PSEUDO_LANGUAGE):
        if lang == i18n.SOURCE_LANGUAGE:
            continue
        t = gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), [lang])
        assert t.gettext("Settings") != "Settings"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"game" = ["locale/*/LC_MESSAGES/*.mo"]' in pyproject


def test_switching_the_language_at_run_time_and_lazy_strings():
    title = i18n._l("Settings")
    assert str(title) == "Settings" and f"{title}!" == "Settings!"
    assert i18n.set_language("de") == "de"
    assert i18n._("Settings") == "Einstellungen" and str(title) == "Einstellungen"
    assert i18n.ngettext("{n} player", "{n} players", 1) == "{n} Spieler"
    assert i18n._("a string no catalogue has") == "a string no catalogue has"
    assert i18n.set_language("en") == "en" and str(title) == "Settings"
    assert i18n.set_language("xx") == "en"           # unknown: English
    # what str offers, on the words of now (a guide's text is one: "limit" not in moment.text)
    assert "ett" in title and title[0] == "S" and list(title)[:2] == ["S", "e"] and title.startswith("Set")


def test_the_pseudo_locale_accents_every_letter_and_lengthens_by_about_two_fifths():
    i18n.set_language(i18n.PSEUDO_LANGUAGE)
    for message in ("Settings", "Save and quit to menu", "Fast memory-and-reaction card games"):
        shown = i18n._(message)
        assert shown.startswith("[") and shown.endswith("]")
        assert not any("a" <= ch <= "z" or "A" <= ch <= "Z" for ch in shown), shown
        assert len(shown) >= 1.4 * len(message), shown
    # placeholders stay as they are, so .format still fills them
    assert "{game}" in i18n._("New to {game}?")
    assert "Kombio" in i18n._("New to {game}?").format(game="Kombio")


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LANGUAGE": "it:de", "LANG": "it_IT.UTF-8"}, "de"),   # the first shipped one in the list
    ({"LC_ALL": "German_Germany.1252"}, "de"),             # Windows' names
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LC_ALL": "French_France.1252"}, "fr"),
    ({"LANG": "it_IT.UTF-8"}, "en"),                       # a language not shipped: English
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_default_language_follows_the_system(environ, expected):
    assert i18n.system_language(environ) == expected


def test_settings_keep_the_language_and_old_files_still_load(tmp_path):
    home = tmp_path / "home"
    storage = Storage(home)
    assert storage.settings.language == ""          # no file: the system's language
    storage.settings.language = "de"
    storage.save_settings()
    storage.close()
    assert Storage(home).settings.language == "de"
    # a settings file from before there was a language key loads, with the system's language
    old = Settings().to_json()
    del old["language"]
    settings, bad = Settings.from_json(old)
    assert settings.language == "" and bad == []
    # a language this build does not know falls back and is reported, nothing else changes
    settings, bad = Settings.from_json({**old, "language": "tlh", "bot_speed": "quick"})
    assert settings.language == "" and bad == ["language"] and settings.bot_speed == "quick"
    settings, bad = Settings.from_json({**old, "language": 7})
    assert bad == ["language"]
    assert json.loads(json.dumps(Settings(language="de").to_json()))["language"] == "de"


def test_a_rules_page_in_the_players_language_else_english(tmp_path, monkeypatch):
    rules = tmp_path / "rules"
    (rules / "de").mkdir(parents=True)
    (rules / "kombio.md").write_text("# Kombio", encoding="utf-8")
    (rules / "kabu.md").write_text("# Kabu", encoding="utf-8")
    (rules / "de" / "kombio.md").write_text("# Kombio (Deutsch)", encoding="utf-8")
    monkeypatch.setattr(resources, "_PACKAGE", tmp_path)
    assert resources.rules_path("kombio", "de") == rules / "de" / "kombio.md"
    assert resources.rules_path("kombio", "de_AT") == rules / "de" / "kombio.md"
    assert resources.rules_path("kabu", "de") == rules / "kabu.md"           # no German page yet
    assert resources.rules_path("kombio", "en") == rules / "kombio.md"
    i18n.set_language("de")
    assert resources.rules_path("kombio") == rules / "de" / "kombio.md"     # the language in use
    i18n.set_language("en")
    assert resources.rules_path("kombio") == rules / "kombio.md"


# -- the rules pages in every shipped language ---------------------------------------------------------
def _page_shape(text: str) -> dict:
    """What a translation keeps of its English page: the headings' levels, the list items and table
    rows, and every {card:...} picture the rules scene draws (RT.parse renders these)."""
    import re

    lines = text.splitlines()
    return {
        "headings": [len(line) - len(line.lstrip("#")) for line in lines if line.startswith("#")],
        "items": sum(1 for line in lines if re.match(r"\s*(- |\d+\. )", line)),
        "table rows": [line.count("|") for line in lines if line.startswith("|")],
        "cards": sorted(re.findall(r"\{card:[^}]+\}", text)),
        "code": sorted(re.findall(r"`[^`]+`", text)),
    }


@pytest.mark.parametrize("lang", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
def test_every_rules_page_has_a_whole_translation_in_each_shipped_language(lang):
    from game import games

    for entry in games.entries():
        english = resources.rules_path(entry.id, "en")
        page = resources.rules_path(entry.id, lang)
        assert page == english.parent / lang / english.name, f"no {lang} rules page for {entry.id}"
        text = page.read_text(encoding="utf-8")
        assert _page_shape(text) == _page_shape(english.read_text(encoding="utf-8")), f"{lang}/{english.name}"
        assert text.split("\n", 1)[0] == f"# {entry.title}"          # the game's name is its name
        # a translation, not a copy: none of the English page's long lines is left in it
        left = [line for line in english.read_text(encoding="utf-8").splitlines()
                if len(line) > 40 and line in text.splitlines()]
        assert left == [], f"{lang}/{english.name} keeps English lines: {left[:3]}"


def test_the_chosen_language_reads_its_page_and_a_language_without_one_reads_english():
    german = resources.rules_path("kabu", "de")
    assert german.parent.name == "de" and "## Die Karten" in german.read_text(encoding="utf-8")
    assert resources.rules_path("kabu", "de_CH") == german                  # a regional variant
    assert "## Les cartes" in resources.rules_path("kabu", "fr").read_text(encoding="utf-8")
    english = resources.rules_path("kabu", "en")
    assert english.parent.name == "rules"
    # the pseudo-locale has no pages of its own (nor would a language added without them)
    assert resources.rules_path("kabu", i18n.PSEUDO_LANGUAGE) == english
    assert resources.rules_path("kabu", "it") == english


# -- what the variants, the guides and the command line say ----------------------------------------------
def _catalogue(lang: str) -> gettext.GNUTranslations:
    return gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), [lang])


SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_games_summaries_and_every_option_text_are_translated(lang):
    """Each game's summary (game/games.py), and each option's label, help, zero label and word
    values (the variants' OptionSpecs, which packaging/translations.py extracts): all in the
    catalogue and translated."""
    from game import games

    cat = _catalogue(lang)
    untranslated = []
    for entry in games.entries():
        texts = [str(entry.summary.message if isinstance(entry.summary, i18n.LazyString) else entry.summary)]
        for spec in entry.engine_class().option_specs:
            texts += [t for t in (spec.label, spec.help, spec.zero_label) if t]
            untranslated += [f"{entry.id}: value {c!r}" for c in spec.choices
                             if isinstance(c, str) and not cat._catalog.get(f"option value\x04{c}")]
        # (in the catalogue and translated: "Auto" may well be "Auto")
        untranslated += [f"{entry.id}: {t!r}" for t in texts if not cat._catalog.get(t)]
    assert untranslated == []


def test_the_setup_shows_the_options_in_the_chosen_language():
    from game.client.scenes.play import format_option, option_words
    from game.core.game import get_variant

    specs = {s.key: s for s in get_variant("kombio").option_specs}
    i18n.set_language("de")
    try:
        assert option_words(specs["length"]) == (
            "Spieldauer", "Eine Zahl von Runden spielen oder bis jemand eine Zielpunktzahl erreicht.")
        assert format_option(specs["length"], "rounds") == "Runden"
        assert format_option(specs["addons"], True) == "An"
        i18n.set_language("fr")
        assert option_words(specs["addons"])[0] == "Bonus des quatorze"
        assert format_option(specs["length"], "target") == "score cible"
        assert str(__import__("game.games", fromlist=["find"]).find("kombio").summary).startswith("Quatre cartes")
    finally:
        i18n.set_language("en")
    assert format_option(specs["length"], "rounds") == "rounds"


def test_the_option_extractor_finds_labels_help_zero_labels_and_word_choices():
    import sys as _sys

    pytest.importorskip("babel")
    _sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import translations
    finally:
        _sys.path.remove(str(ROOT / "packaging"))
    source = b'''
A = OptionSpec("a", "Label A", 1, "Help for A.", minimum=0, zero_label="Never")
B = core.OptionSpec(key="b", label="Label B", default="x", help="Help for B.", choices=("x", "y z", 3))
C = OptionSpec(OTHER.key, "Label C", OTHER.default)
D = Other("d", "not an option")
'''
    assert sorted(translations.option_texts(source)) == sorted([
        (2, "Label A", None), (2, "Help for A.", None), (2, "Never", None),
        (3, "Label B", None), (3, "Help for B.", None), (3, "x", "option value"), (3, "y z", "option value"),
        (4, "Label C", None)])


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_guide_reads_in_each_language_and_fits_its_panel(lang):
    """Every moment, title and offer of every guide is translated, and a translation keeps to the
    guide's schema (one or two sentences, at most TEXT_MAX characters), as the English does."""
    from game import guides

    i18n.set_language(lang)
    try:
        for variant in guides.guided_variants():
            guide = guides.guide_for(variant)
            for text in (guide.title, guide.about, *(m.text for m in guide.moments)):
                assert isinstance(text, i18n.LazyString), f"{variant}: {text!r} is not marked"
                shown = str(text)
                assert shown != text.message, f"{variant} ({lang}): untranslated {text.message!r}"
            for m in guide.moments:
                shown = str(m.text)
                assert len(shown) <= guides.TEXT_MAX, f"{variant} {m.key} ({lang}): {len(shown)} characters"
                assert guides._sentences(shown) <= guides.SENTENCES_MAX, f"{variant} {m.key} ({lang}): {shown}"
    finally:
        i18n.set_language("en")


def test_the_command_line_speaks_the_chosen_or_the_systems_language(capsys, monkeypatch):
    from game import cli

    with pytest.raises(SystemExit):
        cli.main(["--language", "de", "--help"])
    out = capsys.readouterr().out
    assert "Aufruf: cardhall" in out and "diese Hilfe zeigen und beenden" in out
    assert "das Spielfenster öffnen (Standard)" in out
    assert cli.main(["--language=fr", "--frames", "3"]) == 2
    assert "--frames ne va qu'avec --smoke-test" in capsys.readouterr().err
    monkeypatch.setenv("LANGUAGE", "de")
    assert cli.main(["simulate", "--games", "0"]) == 2
    assert "--games muss mindestens 1 sein" in capsys.readouterr().err
    monkeypatch.setenv("LANGUAGE", "en")
    assert cli.main(["--language", "xx"]) == 2        # an unknown code: said in English
    assert "--language takes one of en, de, fr, en_XA, not 'xx'" in capsys.readouterr().err
    i18n.set_language("en")


def test_cards_suits_and_colours_are_named_in_the_players_language():
    from game.core.card_words import card_words, colour_words, uno_card_words
    from game.core.cards import Card

    queen, ten, joker = Card(0, "Q", "h"), Card(1, 10, "s"), Card(2, "joker", None)
    skip, wild4, seven = Card(3, "skip", "red"), Card(4, "wild4", None), Card(5, 7, "blue")
    assert [card_words(c) for c in (queen, ten, joker)] == ["queen of hearts", "10 of spades", "joker"]
    assert [uno_card_words(c) for c in (skip, wild4, seven)] == ["red Skip", "Wild Draw Four", "blue 7"]
    i18n.set_language("de")
    try:
        assert [card_words(c) for c in (queen, ten, joker)] == ["Herz-Dame", "Pik-10", "Joker"]
        assert [uno_card_words(c) for c in (skip, wild4, seven)] == ["Rot Aussetzen", "Zieh vier Farbwahl", "Blau 7"]
        assert colour_words("black") == "Schwarz"
        i18n.set_language("fr")
        assert [card_words(c) for c in (queen, ten, joker)] == ["dame de cœur", "10 de pique", "joker"]
        assert [uno_card_words(c) for c in (skip, wild4, seven)] == ["Passe ton tour rouge", "Joker +4", "7 bleu"]
    finally:
        i18n.set_language("en")
