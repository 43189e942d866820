"""Issue 34: a refusal the table shows is in the player's language. Each game is played in the
pseudo-locale (every translated string accented) with You against two bots; all along, actions
that were legal once (another seat's, an earlier phase's, a closed window's, a target moved to
another card or seat) are tried again, and every refusal the table shows must be fully translated
(test_languages.untranslated: no run of plain Latin letters but names)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game import i18n
from game.client.narration.refusals import NOT_A_COMBINATION, REFUSAL_WORDS, refusal_words
from game.core.cards import Card
from game.core.events import Note
from game.core.cards import Place
from grid_driver import DT, make_app, start, table_record
from test_languages import untranslated

pytestmark = pytest.mark.client

GAMES = {"kombio": {}, "kabu": {}, "combat-uno": {}, "kumbal": {},
         "sixteen-combos": {}}
NAMES = {"Ada", "Bruno", "KOMBIO", "Kabu"}      # the seats' names and the games' calls are names


@pytest.fixture
def pseudo():
    previous = i18n.language()
    i18n.set_language(i18n.PSEUDO_LANGUAGE)
    yield
    i18n.set_language(previous)


def variants_of(action, seats: int, places: list[Place]) -> list:
    """Actions that differ from a legal one in one field: another seat, another place, another number."""
    out = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if field.name == "seat":
            out += [dataclasses.replace(action, seat=s) for s in range(seats) if s != value]
        elif isinstance(value, Place):
            out += [dataclasses.replace(action, **{field.name: p}) for p in places[:6] if p != value]
        elif isinstance(value, int) and not isinstance(value, bool):
            out += [dataclasses.replace(action, **{field.name: v}) for v in (value + 1, 40)]
    return out


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_every_refusal_a_table_shows_is_translated(tmp_path, pseudo, variant):
    rng = random.Random(7)
    app = make_app(tmp_path)
    table = start(app, table_record(variant, [("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], 3, GAMES[variant]))
    i18n.set_language(i18n.PSEUDO_LANGUAGE)      # (the app set the language of its settings)
    game = table.match.game
    tried: set = set()
    pool: list = []
    shown: dict[str, str] = {}
    for frame in range(1500):
        app.step(DT)
        if game.phase in ("match_over", "over") or getattr(game, "finished", False):
            break
        if frame % 3:
            continue
        legal = {s: game.legal_actions(s) for s in range(game.seats)}
        for actions in legal.values():
            pool += [a for a in actions if a not in pool][:8]
        places = sorted({getattr(a, f.name) for a in pool for f in dataclasses.fields(a)
                         if isinstance(getattr(a, f.name), Place)}, key=repr)
        if True:
            candidates = pool[-40:] + [v for a in rng.sample(pool, min(6, len(pool))) for v in variants_of(a, game.seats, places)]
            for action in candidates:
                if action in legal.get(getattr(action, "seat", -1), ()) or (frame, action) in tried:
                    continue
                tried.add((frame, action))
                table.hud.message = None
                version = game.version
                if table.input.submit(action):
                    continue
                assert game.version == version
                text = table.hud.message[0]
                shown[repr(action)] = text
                assert not untranslated(text, NAMES), f"{variant}: {action} was refused in English: {text!r}"
        if legal[0]:
            table.input.submit(rng.choice(legal[0]))
    assert len(set(shown.values())) >= 2, f"{variant}: too few kinds of refusal tried ({shown})"


SAMPLE = {"call": "KOMBIO", "lo": 3, "hi": 30, "n": 2, "goal": 7, "points": 12, "gaps": 2,
          "card": Card(0, "7", "red"), "top": Card(1, "skip", "blue")}


def test_every_refusal_reads_in_the_pseudo_locale(pseudo):
    """Every refusal the engines can give (tests/test_refusal_words.py holds them to their keys),
    with a seat and values, and each reason a Kumbal discard is refused for."""
    names = ["[Ýöû]", "Ada", "Bruno"]
    for key in REFUSAL_WORDS:
        text = refusal_words(Note.of(key, 1, **SAMPLE), names)
        assert text and not untranslated(text, NAMES), f"{key}: {text!r}"
    for why in [*NOT_A_COMBINATION, "gaps"]:
        text = refusal_words(Note.of("refusal.not-a-combination", why=why, gaps=2), names)
        assert not untranslated(text, NAMES), f"{why}: {text!r}"
