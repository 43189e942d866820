"""Issue 34: a refusal a table can meet is worded in the player's language. Each IllegalAction the
engines raise carries its refusal as data (`note`: a key and values, game.core.events.Note) besides
the English message kept for logs and the command line; the client words the key through gettext
(game.client.narration.refusals) with German and French entries."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest

from game import i18n
from game.client.narration.refusals import NOT_A_COMBINATION, REFUSAL_WORDS, refusal_words
from game.client.narration.wording import friendly
from game.core import errors
from game.core.errors import IllegalAction

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [*(ROOT / "game/core").rglob("*.py"), *(ROOT / "game/variants").rglob("*.py")]

# Refusals only the table itself can meet (it alone deals, closes a window on time, stacks a deck
# and keeps the clock): a player's action never raises these, so they keep only the English message.
TABLE_ONLY = {"only the table", "no reaction window is open", "no reaction prompt has run out",
              "a round is still being played", "an encounter is still being played", "time cannot go back",
              "stacked deck", "no card {face!r} left to stack", "has a deadline", "has no deadline",
              "open until t="}


def refusal_classes() -> set[str]:
    """The names of every IllegalAction class in the engines (the core's and each variant's own)."""
    names = {n for n in dir(errors) if isinstance(getattr(errors, n), type) and issubclass(getattr(errors, n), IllegalAction)}
    grew = True
    while grew:
        grew = False
        for file in SOURCES:
            for node in ast.walk(ast.parse(file.read_text())):
                if isinstance(node, ast.ClassDef) and node.name not in names and any(
                        isinstance(b, ast.Name) and b.id in names for b in node.bases):
                    names.add(node.name)
                    grew = True
    return names


def raise_sites() -> list[tuple[str, ast.Call]]:
    classes = refusal_classes()
    sites = []
    for file in SOURCES:
        for node in ast.walk(ast.parse(file.read_text())):
            if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name)
                    and node.exc.func.id in classes):
                sites.append((f"{file.relative_to(ROOT)}:{node.lineno}", node.exc))
    return sites


def catalogue(lang: str) -> dict:
    with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo", "rb") as f:
        return gettext.GNUTranslations(f)._catalog      # type: ignore[attr-defined]


def refusal_keys() -> set[str]:
    """Every refusal key written in the engines' source."""
    return {c.value for file in SOURCES for c in ast.walk(ast.parse(file.read_text()))
            if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value.startswith("refusal.")}


def test_every_refusal_a_table_can_meet_carries_a_note():
    sites = raise_sites()
    assert len(sites) > 60, "the scan found too few raise sites"
    bare = []
    for where, call in sites:
        message = ast.unparse(call.args[0]) if call.args else ""
        if any(k.arg == "note" for k in call.keywords) or any(t in message for t in TABLE_ONLY):
            continue
        bare.append(f"{where}: {message}")
    assert not bare, "refusals with no note (the player would read English):\n" + "\n".join(bare)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_refusal_key_has_german_and_french_words(lang):
    keys = refusal_keys()
    assert len(keys) > 40
    assert keys <= set(REFUSAL_WORDS), keys - set(REFUSAL_WORDS)
    words = catalogue(lang)
    for key in sorted(keys):
        assert words.get(REFUSAL_WORDS[key]), f"{lang}: no entry for {REFUSAL_WORDS[key]!r} ({key})"
    for msgid in NOT_A_COMBINATION.values():
        assert words.get(msgid), f"{lang}: no entry for {msgid!r}"
    for literal in ("It is not your turn.", "Too late: the matching window has closed.",
                    "You already tried to match this card.", "You cannot do that right now."):
        assert words.get(literal), f"{lang}: no entry for friendly()'s {literal!r}"


def test_the_english_message_is_kept_and_the_note_is_worded_in_german():
    from game.variants.kumbal import Kumbal   # noqa: F401  (the class the refusal comes from)
    from game.variants.kumbal import CannotCall

    from game.core.events import Note

    exc = CannotCall("Kumbal needs 7 points or fewer in hand, not 12",
                     note=Note.of("refusal.call-above-limit", goal=7, points=12))
    assert str(exc) == "Kumbal needs 7 points or fewer in hand, not 12"
    previous = i18n.language()
    try:
        i18n.set_language("de")
        assert friendly(exc, ["Du", "Ada"]) == "Für Kumbal brauchst du höchstens 7 Punkte auf der Hand, nicht 12."
        turn = IllegalAction("it is seat 1's turn, not seat 0's", note=Note.of("refusal.not-your-turn", 1))
        assert refusal_words(turn.note, ["Du", "Ada"]) == "Ada ist dran, nicht du."
        # a refusal with no note: friendly()'s own words are translated too
        from game.core.errors import NotYourTurn
        assert friendly(NotYourTurn("seat 0 cannot act now"), ["Du", "Ada"]) == "Du bist nicht dran."
    finally:
        i18n.set_language(previous)


def test_every_reason_kumbal_refuses_a_discard_for_has_a_key():
    """Kumbal's classify() gives its reasons in English; each fixed one maps to a refusal's key
    (the one with a count, the gaps no joker fills, is told apart by its number)."""
    from game.variants import kumbal

    source = (ROOT / "game/variants/kumbal.py").read_text()
    classify = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef) and n.name == "classify")
    reasons = {r.value.elts[1].value for r in ast.walk(classify) if isinstance(r, ast.Return)
               and isinstance(r.value, ast.Tuple) and isinstance(r.value.elts[1], ast.Constant) and r.value.elts[1].value}
    assert len(reasons) >= 4
    assert reasons <= set(kumbal.NOT_A_COMBINATION), reasons - set(kumbal.NOT_A_COMBINATION)
    assert set(kumbal.NOT_A_COMBINATION.values()) <= set(NOT_A_COMBINATION)
    assert kumbal._gaps("the run has 2 gaps that no joker fills") == 2
