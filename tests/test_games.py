"""One registry of the games (game/games.py): each entry's parts load and agree with it, names
resolve, duplicates are refused, and nothing is imported before it is asked for."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ai.levels import LEVELS
from game import games
from game.core.errors import UnknownVariant
from game.core.game import Game, get_variant

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("entry", games.entries(), ids=lambda e: e.id)
def test_each_entry_names_parts_that_load_and_agree_with_it(entry):
    from game.guides import guide_for
    from game.resources import rules_path

    engine = entry.engine_class()
    assert issubclass(engine, Game) and get_variant(entry.id) is engine
    # The engine's name and seats are its entry's (written once, in game/games.py).
    assert (engine.id, engine.title, engine.summary, engine.aliases) == (entry.id, entry.title, entry.summary,
                                                                         entry.aliases)
    assert (engine.min_seats, engine.max_seats) == entry.seats
    assert type(entry.bot_class()(LEVELS["hard"], 1)) is entry.bot_class()
    assert callable(entry.table_factory())
    guide = guide_for(entry.id)
    assert guide is not None and guide.variant == entry.id
    assert rules_path(entry.id).is_file() and rules_path(entry.id).name == entry.rules
    assert entry.screenshots, "a game shows itself in docs/screenshots"
    for name in entry.screenshots:
        assert (ROOT / "docs" / "screenshots" / name).is_file(), name
    # docs/playing.md shows each game by the first of its pictures.
    assert f"screenshots/{entry.screenshots[0]}" in (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")


def test_a_game_is_found_by_its_id_or_an_alias_in_any_case():
    assert games.find("UNO") is games.find("combat_uno") is games.find("combat-uno")
    assert games.find("16Combos").id == "sixteen-combos"
    with pytest.raises(UnknownVariant, match="unknown variant 'poker'; choose from combat-uno, kabu, kombio"):
        games.find("poker")
    assert games.game_ids() == [e.id for e in games.GAMES]


def test_a_name_another_game_answers_to_is_refused_and_nothing_is_added():
    with games.kept():
        before = games.entries()
        twin = dataclasses.replace(games.find("kombio"), id="kombio-twin", aliases=("Kombio-Cards",))
        with pytest.raises(ValueError, match="'Kombio-Cards' is registered twice"):
            games.register(twin)
        with pytest.raises(ValueError, match="'uno' is registered twice"):
            games.register(dataclasses.replace(twin, aliases=("uno2",), id="uno"))
        with pytest.raises(ValueError, match="registered twice"):
            games.register(dataclasses.replace(twin, aliases=("same", "SAME")))
        assert games.entries() == before and games.find("kombio-cards").id == "kombio"
        with pytest.raises(UnknownVariant):
            games.find("kombio-twin")


def test_an_entry_refuses_an_engine_of_another_game():
    wrong = dataclasses.replace(games.find("kabu"), engine="game.variants.kombio:Kombio")
    with pytest.raises(TypeError, match="not the engine of 'kabu'"):
        wrong.engine_class()


def test_the_build_is_told_every_module_the_registry_imports_by_name():
    named = games.modules()
    for entry in games.GAMES:
        for ref in (entry.engine, entry.bots, entry.table, entry.guide):
            assert ref.partition(":")[0] in named
    spec = (ROOT / "packaging" / "cardhall.spec").read_text(encoding="utf-8")
    assert re.search(r"^hiddenimports = modules\(\)$", spec, re.M)


_PROBE = """
import json, sys
before = set(sys.modules)
from game import games
from game.client import tables
listed = [(e.id, e.title, str(e.summary), e.seats) for e in tables.playable_variants()]
listing = sorted(m for m in set(sys.modules) - before if m.startswith(("game.variants.", "ai.", "game.client.table.", "game.guides")))
from game.core.game import get_variant
get_variant(sys.argv[1])
from ai.registry import make_agent
make_agent(sys.argv[1], "hard", 1)
playing = sorted(m for m in set(sys.modules) - before if m.startswith(("game.variants.", "ai.")))
print(json.dumps({"listed": listed, "listing": listing, "playing": playing}))
"""


def test_listing_the_games_imports_none_and_playing_one_imports_only_it():
    out = subprocess.run([sys.executable, "-c", _PROBE, "kumbal"], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    found = json.loads(out.stdout)
    assert [row[0] for row in found["listed"]] == games.game_ids()
    assert found["listing"] == []
    engines = [m for m in found["playing"] if m.startswith("game.variants.") or m.startswith("ai.")]
    assert "game.variants.kumbal" in engines and "ai.kumbal" in engines
    for other in games.game_ids():
        module = other.replace("-", "_")
        if module != "kumbal":
            assert f"game.variants.{module}" not in engines and f"ai.{module}" not in engines, engines
