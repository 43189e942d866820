"""The loopback soak: 200 whole matches (40 of each game) with remote bot seats over the simulated
network, latencies from 0 to 150 ms with jitter and clocks apart: 0 desyncs (every view a client
was sent, as it decoded it, hashes to the host's observe(seat) at that step, and the host checks
every one it is told of), 0 illegal actions, no bad message either way."""

from __future__ import annotations

import json
import random

import pytest

from game.games import game_ids as variant_ids
from game.net.simnet import Link
from tests.netplay import hosted

pytestmark = pytest.mark.slow   # whole matches (the quick subset is -m 'not slow')

MATCHES = 40
CHUNKS = 4      # ten matches a test, so pytest-xdist can share a game's forty between its workers


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("variant_id", variant_ids())
def test_forty_whole_matches_over_the_network_without_a_desync_or_an_illegal_action(variant_id, chunk):
    per_chunk = MATCHES // CHUNKS
    compared = 0
    for n in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        rng = random.Random(f"{variant_id} {n}")
        seats = rng.choice([["remote", "bot"], ["remote", "remote"], ["remote", "bot", "remote"], ["bot", "remote", "remote"]])
        links = [Link(rng.choice([0.0, 0.02, 0.05, 0.15]), rng.choice([0.0, 0.01, 0.03]), rng.uniform(-500, 500))
                 for _ in seats]
        match, net, sims = hosted(variant_id, seats, seed=n, links=links, level=rng.choice(["easy", "medium", "hard"]))
        match.start(net.now)
        net.run(until=net.now + 50_000)
        net.settle(1.0)                 # (the clients' last "shown" reach the host)
        table, session = match.table, match.session
        where = f"match {n} ({seats})"
        assert match.over and net.finished(), where
        assert not net.errors, (where, net.errors[:3])
        assert table.desyncs == 0 and all(sim.client.desyncs == 0 for sim in sims), where
        assert table.illegal == 0 and session.illegal == 0, where
        views = sum(1 for sim in sims for text in sim.received if json.loads(text)["type"] in ("state", "step"))
        assert table.checked == views, where
        assert all(sim.client.record.actions == session.game.history for sim in sims), where
        compared += table.checked
    assert compared > per_chunk * 20
