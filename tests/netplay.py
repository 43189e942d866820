"""Helpers for network play's tests: a hosted match of bots over the simulated network, and what
a seat may see according to the engine."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from ai.registry import make_agent
from game.core.cards import Card
from game.core.game import get_variant
from game.net.client import ClientTable
from game.net.codec import Codec
from game.net.host import BOT, REMOTE, HostTable, SeatPlan
from game.net.match import HostMatch
from game.net.simnet import Link, SimNet

CODE = "TABWE7"
# Options that keep a whole match short (one round, a low target): the soak plays hundreds.
SHORT = {"kombio": {"rounds": 1}, "combat-uno": {"length": "rounds", "rounds": 1}, "kabu": {"target": 20},
         "kumbal": {}, "sixteen-combos": {"round_limit": 5}}


def hosted(variant_id: str, kinds: list[str], *, options: dict | None = None, seed: int = 0,
           links: list[Link] | None = None, level: str = "easy", net_seed: int | None = None,
           **table_options: Any) -> tuple[HostMatch, SimNet, list]:
    """A match with seats of `kinds` ("remote" played by a bot over the network, "bot" at the
    host), every remote seat joined; not started."""
    variant = get_variant(variant_id)
    plan = [SeatPlan(REMOTE) if k == REMOTE else SeatPlan(BOT, f"Bot {i + 1}", level) for i, k in enumerate(kinds)]
    table = HostTable(variant, SHORT[variant.id] if options is None else options, plan, code=CODE, **table_options)
    match = HostMatch(table, seed=seed)
    net = SimNet(match, seed=seed if net_seed is None else net_seed)
    sims = []
    remote = [i for i, k in enumerate(kinds) if k == REMOTE]
    for n, seat in enumerate(remote):
        link = links[n % len(links)] if links else Link()
        agent = make_agent(variant.id, level, 1_000 + seed * 10 + seat)
        sims.append(net.join(ClientTable(CODE, f"Remote {seat + 1}"), link, agent))
    net.run(until=net.now + 0.5)
    return match, net, sims


def cards_in(value: Any, found: set | None = None) -> set[tuple]:
    """Every card face (id, rank, suit) in a decoded value."""
    found = set() if found is None else found
    if isinstance(value, Card):
        found.add((value.id, value.rank, value.suit))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            cards_in(v, found)
    elif isinstance(value, dict):
        for k, v in value.items():
            cards_in(k, found)
            cards_in(v, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            cards_in(getattr(value, f.name), found)
    return found


def decoded_cards(codec: Codec, text: str) -> set[tuple]:
    """The card faces in one message as a client receives it (every value of every field)."""
    message = json.loads(text)
    found: set[tuple] = set()
    for key, value in message.items():
        if key in ("type", "legal", "last_action", "table", "seats"):
            continue
        if message["type"] == "said" and key == "values":    # (a lobby line's names and numbers)
            assert all(type(v) in (int, str) or v is None for v in value.values())
            continue
        if key == "round_events":
            for _, events in value:
                cards_in(codec.decode(events), found)
        elif isinstance(value, (dict, list)):
            cards_in(codec.decode(value), found)
    return found
