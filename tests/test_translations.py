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
    ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"),   # the first shipped one in the list
    ({"LC_ALL": "German_Germany.1252"}, "de"),             # Windows' names
    ({"LANG": "fr_FR.UTF-8"}, "en"),
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
