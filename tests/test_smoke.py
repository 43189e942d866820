"""``cardhall --smoke-test``: the headless all-bot run CI uses to prove a build starts and plays.

The machinery is tested in-process against a stand-in table (so these tests say what the smoke
test checks, whatever the real tables do); the last test runs the real command in a fresh process
against the real tables.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import games
from game.client import smoke
from game.client.table.driver import MatchDriver
from game.client.scene import Scene

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.client


class StubTable(Scene):
    """A minimal table: bots play the record's match on its own clock (the frames' time)."""

    def __init__(self, app, record, storage, fail_at=None, idle=False):
        super().__init__(app)
        from ai import make_agent

        self.record = record
        agents = {i: make_agent(record.variant, s.level or "easy", record.seed + i) for i, s in enumerate(record.seats)}
        self.match = MatchDriver(record, agents, humans=[])
        self.fail_at = fail_at
        self.idle = idle
        self.frames = 0
        self.now = 0.0

    def update(self, dt):
        self.frames += 1
        self.now += dt
        if self.fail_at is not None and self.frames >= self.fail_at:
            raise RuntimeError("stub table broke")
        if not self.idle:
            if self.match.view().phase in ("ready", "round_over"):
                self.match.start_round(self.now)
            self.match.advance(self.now)

    def draw(self, surface):
        surface.fill((20, 90, 60))
        for i in range(min(40, self.match.version)):
            pygame.draw.rect(surface, ((i * 37) % 255, (i * 91) % 255, 200), (20 + i * 30, 40, 24, 36))


def tables_only(**factories):
    """Every game's table taken out of the registry (game/games.py) but these stand-ins."""
    for entry in games.entries():
        games.unregister(entry.id)
        games.register(dataclasses.replace(entry, table=factories.get(entry.id)))


@pytest.fixture
def stub_tables():
    """Replace the tables with the stand-in for kombio; returns a dict to tweak it."""
    config: dict = {}

    def factory(app, record, storage):
        return StubTable(app, record, storage, **config)

    with games.kept():
        tables_only(kombio=factory)
        yield config


@pytest.fixture
def user_home(tmp_path, monkeypatch):
    """A CARDHALL_HOME standing for the player's real settings: the smoke test must not touch it."""
    home = tmp_path / "user-home"
    home.mkdir()
    monkeypatch.setenv("CARDHALL_HOME", str(home))
    return home


def test_smoke_plays_every_variant_with_a_table(stub_tables, user_home, capsys):
    assert smoke.smoke_test(frames=400) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1, out
    line = out[0]
    assert line.startswith("cardhall smoke test OK: 1 variant(s): kombio ")
    assert " actions" in line and "frames drawn" in line
    assert list(user_home.iterdir()) == []              # the player's files are never touched
    assert os.environ["CARDHALL_HOME"] == str(user_home)  # and the environment is restored


@pytest.mark.parametrize("variant_id", ["kombio", "combat-uno"])
def test_smoke_record_is_all_bots_and_short(variant_id):
    from game.core.game import get_variant

    record = smoke.smoke_record(get_variant(variant_id))
    assert record.seats and all(s.kind == "bot" and s.level for s in record.seats)
    assert record.options.get("rounds") == 1
    assert record.options.get("length", "rounds") == "rounds"   # one round, not a race to a target
    record.new_game()  # the options are valid


def test_smoke_covers_sixteen_combos_with_a_short_encounter():
    from game.client.tables import playable_variants
    from game.core.game import get_variant

    assert "sixteen-combos" in [v.id for v in playable_variants()]
    record = smoke.smoke_record(get_variant("sixteen-combos"))
    assert len(record.seats) == 4 and all(s.kind == "bot" and s.level for s in record.seats)
    assert record.options == {"round_limit": 5}
    record.new_game()


def test_smoke_record_for_kabu_plays_to_the_lowest_limit():
    from game.core.game import get_variant

    record = smoke.smoke_record(get_variant("kabu"))
    assert record.seats and all(s.kind == "bot" and s.level for s in record.seats)
    assert record.options == {"target": 20}
    record.new_game()


def test_kumbal_smoke_record_is_all_bots_and_the_shortest_match():
    from game.core.game import get_variant

    record = smoke.smoke_record(get_variant("kumbal"))
    assert record.seats and all(s.kind == "bot" and s.level for s in record.seats)
    assert record.new_game().options["target"] == 100     # the shortest match Kumbal has


def test_smoke_fails_when_the_table_raises(stub_tables, user_home, capsys):
    stub_tables["fail_at"] = 50
    assert smoke.smoke_test(frames=400) == 1
    err = capsys.readouterr().err
    assert "stub table broke" in err and "FAILED" in err


def test_smoke_fails_when_the_game_does_not_progress(stub_tables, user_home, capsys):
    stub_tables["idle"] = True
    assert smoke.smoke_test(frames=100) == 1
    assert "no action was applied" in capsys.readouterr().err


def test_smoke_fails_on_a_logged_error(stub_tables, user_home, capsys):
    import logging

    class Noisy(StubTable):
        def update(self, dt):
            if self.frames == 3:
                logging.getLogger("game.client.table").error("something went wrong")
            super().update(dt)

    tables_only(kombio=lambda app, record, storage: Noisy(app, record, storage))
    assert smoke.smoke_test(frames=100) == 1
    assert "something went wrong" in capsys.readouterr().err


def test_smoke_fails_without_any_table(user_home, capsys):
    with games.kept():
        tables_only()
        assert smoke.smoke_test(frames=10) == 1
    assert "no variant has a registered table" in capsys.readouterr().err


def test_smoke_startup_only(stub_tables, user_home, capsys):
    assert smoke.smoke_test(frames=0) == 0
    assert "first frame" in capsys.readouterr().out


@pytest.mark.slow
def test_the_real_command_plays_the_real_tables(tmp_path):
    """`python -m game --smoke-test` in a fresh process, with the real tables."""
    env = dict(os.environ, CARDHALL_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "game", "--smoke-test"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardhall smoke test OK"), proc.stdout
    assert all(f"{game_id} " in lines[0] for game_id in games.game_ids())
    assert not (tmp_path / "home").exists()
