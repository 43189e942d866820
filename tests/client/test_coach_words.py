"""The coach names every move in the player's words, never by its class name (issue 34).

The coach's advice is said by the table's own words for it (a card, a button, a ring); a move the
table has no words of its own for (a Pass in a reaction window has no button in Kombio or Kabu,
nor in Combat UNO) fell through to ``type(action).__name__``: "Coach: Pass." in every language.
Every move a seat can be offered now has its words, in German and French too."""

from __future__ import annotations

import random

import pytest

from game import games, i18n
from game.client import tables
from game.client.table.coach import ACTION_WORDS, action_words
from game.core.actions import Expire, Pass, StartRound
from game.core.game import get_variant
from game.core.record import GameRecord, SeatInfo
from tests.client.kombio_driver import make_app
from tests.randomplay import random_steps

pytestmark = pytest.mark.client

TABLE_ONLY = {StartRound.__name__, Expire.__name__}     # taken by the table, never offered to a seat
VARIANTS = [e.id for e in tables.playable_variants()]


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def offered(variant: str, seeds: int = 4, steps: int = 400) -> set[str]:
    """The kinds of move random play offers the seats of `variant` (a check on the vocabulary)."""
    kinds = set()
    for seed in range(seeds):
        game = get_variant(variant)(3, {}, seed=seed)
        for _ in random_steps(game, random.Random(seed), steps):
            for seat in game.seats_to_act():
                kinds.update(type(a).__name__ for a in game.legal_actions(seat))
    return kinds


@pytest.mark.parametrize("variant", games.game_ids())
def test_every_move_a_seat_can_be_offered_has_its_words(variant):
    vocabulary = set(get_variant(variant).vocabulary())
    seat_moves = vocabulary - TABLE_ONLY
    assert seat_moves - set(ACTION_WORDS) == set()
    assert offered(variant) <= seat_moves      # (the table's own actions are never a seat's)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_words_are_translated(language, lang):
    english = {name: str(words) for name, words in ACTION_WORDS.items()}
    language(lang)
    for name, words in ACTION_WORDS.items():
        said = str(words)
        assert said and said != english[name] and said != name, (lang, name, said)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_coach_never_says_a_class_name(tmp_path, language, variant):
    """At every table, every kind of move its seats can be offered is said in words: a Pass
    (which Kombio's, Kabu's and Combat UNO's tables have no button for) in particular."""
    app = make_app(tmp_path)
    record = GameRecord(variant, {}, [SeatInfo("You", "human", None), SeatInfo("Ada", "bot", "easy"),
                                      SeatInfo("Bo", "bot", "easy")], 11)
    table = tables.start_match(app, record)
    language("de")
    assert table.coach.describe_move(Pass(0)) != "Pass"
    names = set(get_variant(variant).vocabulary()) - TABLE_ONLY
    samples = {}
    for seed in range(3):
        game = get_variant(variant)(3, {}, seed=seed)
        for _ in random_steps(game, random.Random(seed), 300):
            for seat in game.seats_to_act():
                for a in game.legal_actions(seat):
                    samples.setdefault(type(a).__name__, a)
    for name, action in samples.items():
        assert name in names
        said = action_words(action)
        assert said == str(ACTION_WORDS[name]) and name not in said.split(), (name, said)


def test_the_coach_says_a_pass_in_the_players_words(tmp_path, language):
    """Kombio's reaction window: the hard bot advises letting the card go; the coach says so."""
    app = make_app(tmp_path)
    record = GameRecord("kombio", {}, [SeatInfo("You", "human", None), SeatInfo("Ada", "bot", "easy")], 11)
    table = tables.start_match(app, record)
    assert table.coach.describe_move(Pass(0)) == "let this chance go (pass)"
    language("de")
    assert table.coach.describe_move(Pass(0)) == "diese Gelegenheit auslassen (passen)"
    language("fr")
    assert table.coach.describe_move(Pass(0)) == "laisser passer cette occasion (passer)"
