"""Issue 34: the rules state their notes as data (game.core.events.Note: a key and its values) and
the words are made where they are read (game.client.narration.notes). Every key each engine can
give has its sentence, with German and French entries in the catalogues (no English fallback); a
note reads in German; the English text paths say what the rules once wrote; older records that
hold the English sentences still check."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest

from game import i18n
from game.client.narration.notes import (COMBO_NAMES, NOTE_WORDS, REASONS, combo_name, english_note, note_words,
                                         reason_words)
from game.core.events import Note, RoundScored
from game.core.record import _agrees

ROOT = Path(__file__).resolve().parent.parent
ENGINES = {"kombio": ["game/variants/kombio.py"], "kabu": ["game/variants/kabu.py"],
           "combat-uno": ["game/variants/combat_uno"], "kumbal": ["game/variants/kumbal.py"],
           "sixteen-combos": ["game/variants/sixteen_combos"],
           "the core (a reaction not taken)": ["game/core/game.py", "game/core/grids.py"]}


def note_keys(paths: list[str]) -> set[str]:
    """Every key a Note.of(...) call in the engine's source can give (both arms of an `if`)."""
    keys: set[str] = set()
    files = [f for p in paths for f in ((ROOT / p).rglob("*.py") if (ROOT / p).is_dir() else [ROOT / p])]
    for file in files:
        for node in ast.walk(ast.parse(file.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "of"
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "Note"):
                keys |= {c.value for c in ast.walk(node.args[0]) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return {k for k in keys if not k.startswith("refusal.")}   # a refusal's words: tests/test_refusal_words.py


def catalogue(lang: str) -> dict:
    with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo", "rb") as f:
        return gettext.GNUTranslations(f)._catalog      # type: ignore[attr-defined]


def reason_keys() -> set[str]:
    """The reasons 16 Combos gives for a changed value, a lost pair or an encounter's end."""
    from game.variants.sixteen_combos import COMBO_TABLE

    found: set[str] = set()
    calls = {"_damage": 3, "_remove_pair": 2, "_raise": 5, "_raise_by_counter": 4, "_swap_slots": 3, "_finish": 1}
    for file in (ROOT / "game/variants/sixteen_combos").rglob("*.py"):
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in calls:
                place = calls[node.func.attr]
                if len(node.args) > place and isinstance(node.args[place], ast.Constant):
                    found.add(node.args[place].value)
    return found | set(COMBO_TABLE)


@pytest.mark.parametrize("variant", sorted(ENGINES))
def test_every_note_an_engine_can_give_has_german_and_french_words(variant):
    keys = note_keys(ENGINES[variant])
    assert keys, f"{variant} gives no notes? (the scan found no Note.of)"
    for lang in ("de", "fr"):
        words = catalogue(lang)
        for key in sorted(keys):
            assert key in NOTE_WORDS, f"{variant}: no words for the note {key!r}"
            assert words.get(NOTE_WORDS[key]), f"{lang}: no entry for {NOTE_WORDS[key]!r} ({key})"


def test_every_combo_name_and_reason_of_16_combos_has_german_and_french_words():
    from game.variants.sixteen_combos import COMBO_TABLE

    assert set(COMBO_TABLE) <= set(COMBO_NAMES)
    assert reason_keys() <= set(REASONS) | set(COMBO_NAMES), reason_keys() - set(REASONS) - set(COMBO_NAMES)
    for lang in ("de", "fr"):
        words = catalogue(lang)
        for msgid in [*COMBO_NAMES.values(), *REASONS.values()]:
            assert words.get(msgid), f"{lang}: no entry for {msgid!r}"


def test_a_note_reads_in_german_and_french():
    names = ["Ada", "Bruno", "Cleo"]
    try:
        i18n.set_language("de")
        assert note_words(Note.of("kabu.called", 2), names) == "Cleo hat Kabu gerufen."
        assert note_words(Note.of("kumbal.call-failed", 0, hand=4, other=2, penalty=10), names) == \
            "Ada hat mit 4 Kumbal gerufen, aber eine andere Hand hatte 2: 4 + 10."
        assert note_words(Note.of("sixteen-combos.won", 1, why="last character standing"), names) == \
            "Bruno gewinnt: als letzter Charakter übrig."
        assert note_words(Note.of("combo.extra-action", 0, victim=1), names) == "Ada bekommt eine Extra-Aktion gegen Bruno"
        assert combo_name("Scavenge") == "Plündern" and reason_words("Poison") == "Gift"
        i18n.set_language("fr")
        assert note_words(Note.of("combat-uno.went-out", 1), names) == "Bruno a posé toutes ses cartes."
    finally:
        i18n.set_language("en")


def test_the_english_text_path_says_what_the_rules_once_wrote():
    assert english_note(Note.of("kabu.called", 0)) == "Seat 0 called Kabu."
    assert english_note(Note.of("kabu.halved", 1, total=50, halved=25)) == "Seat 1 hit a total of exactly 50: halved to 25."
    assert english_note(Note.of("kumbal.call-made", 0, hand=4)) == "Seat 0 called Kumbal with 4 and had the fewest: 0 points."
    assert english_note(Note.of("combo.extra-action", 0, victim=2)) == "Seat 0 gets an extra action on Seat 2"
    assert english_note(Note.of("sixteen-combos.won", 1, why="last character standing")) == \
        "Seat 1 wins: last character standing."


def test_an_older_record_holding_the_english_sentence_still_checks():
    new = RoundScored(1, (3, 9), (3, 9), (3, 9), (Note.of("kabu.called", 0),)).to_json()
    old = {**new, "notes": ["Seat 0 called Kabu."]}
    assert _agrees([old], [new])
    assert not _agrees([{**new, "notes": ["Seat 1 called Kabu."]}], [new])     # another seat: a difference
    assert not _agrees([{**new, "scores": [3, 8], "notes": ["Seat 0 called Kabu."]}], [new])


def test_a_note_travels_on_the_wire():
    from game.net.codec import Codec
    from game.variants.kabu import Kabu

    codec = Codec(Kabu)
    ev = RoundScored(2, (3, 9), (3, 9), (3, 9), (Note.of("kabu.halved", 1, total=50, halved=25),))
    assert codec.decode(codec.encode(ev)) == ev


NARRATORS = {"kombio": "game.client.narration.kombio:KombioNarrator", "kabu": "game.client.narration.kabu:KabuNarrator",
             "combat-uno": "game.client.narration.combat_uno:CombatUnoNarrator",
             "kumbal": "game.client.narration.kumbal:KumbalNarrator",
             "sixteen-combos": "game.client.narration.sixteen_combos:SixteenCombosNarrator"}


@pytest.mark.parametrize("variant", sorted(NARRATORS))
def test_what_the_table_waits_for_is_worded_by_the_narrator_in_the_players_language(variant):
    """The round replay's "Then: ..." (issue 34): from every view of a whole recorded match, the
    game's narrator words who is to do what; in the pseudo-locale no word of it is left in plain
    English (the rules' own prompt, English data, is never shown)."""
    import importlib
    import re

    from game.core.record import GameRecord
    from game.core.view import SPECTATOR

    module, name = NARRATORS[variant].split(":")
    names = ["Ada", "Bruno", "Cleo", "Dario", "Eva", "Finn"]
    record = GameRecord.load(sorted((ROOT / "tests" / "records" / "golden").glob(f"{variant}-2p-*.json"))[0])
    narrator = getattr(importlib.import_module(module), name)(names[:len(record.seats)])
    game = record.new_game()
    views = [game.observe(SPECTATOR)]
    for index, (t, action) in enumerate(record.actions):
        if "refused" in record.expect.get(index, {}):
            continue
        game.apply(action, t)
        views.append(game.observe(SPECTATOR))
    try:
        i18n.set_language(i18n.PSEUDO_LANGUAGE)
        said = {narrator.prompt_words(view) for view in views}
    finally:
        i18n.set_language("en")
    assert said and all(said), said
    plain = [s for s in said if re.search(r"[A-Za-z]{2,}", re.sub("|".join(names), "", s))]
    assert not plain, plain
    assert len(said) >= 4, said        # the steps are told apart, not one line for all


def test_every_rule_16_combos_names_as_active_reads_in_german():
    """The title and the opening line name the optional rules and this program's choices that
    differ from their defaults (view.active_rules: the rules' labels); none stays English."""
    from game.client.narration.sixteen_combos import rule_label_words
    from game.variants.sixteen_combos.view import OPTIONAL_RULES, active_rule_labels

    every = {key: True for key, _label in OPTIONAL_RULES}
    labels = set()
    for choices in ({"pass_cost": 0}, {"pass_cost": 2, "counter_with": "target pair", "ask_reactions": "only when it has one"}):
        labels |= set(active_rule_labels({**every, **choices}))
    assert len(labels) == len(OPTIONAL_RULES) + 4, labels
    try:
        i18n.set_language("de")
        for label in labels:
            assert rule_label_words(label) != label, label
        assert rule_label_words("A. Recovery", short=True) == "A"
        assert rule_label_words("A pass costs 2") == "Passen kostet 2"
    finally:
        i18n.set_language("en")
