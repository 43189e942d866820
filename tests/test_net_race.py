"""Fair races over a network (game.net.race, docs/network.md): a remote person who reacts 100 ms
sooner than a bot at the host wins the race for a card, one who reacts 100 ms later loses it,
whatever the latency between them (0, 50 and 150 ms, and with jitter)."""

from __future__ import annotations

import json

import pytest

from game.core.actions import Pass
from game.core.session import Intent
from game.net.client import ClientTable
from game.net.host import BOT, REMOTE, HostTable, SeatPlan
from game.net.match import HostMatch
from game.net.race import REACTION_FLOOR
from game.net.simnet import Link, SimNet
from game.variants.kombio import CallKombio, Kombio, Match

pytestmark = pytest.mark.slow   # whole matches (the quick subset is -m 'not slow')

BOT_DELAY = 0.5
CODE = "RACE42"
PREFERRED = ("PlayDrawn", "DrawFromDeck", "SkipAbility")


def turn_action(legal):
    """A plain move (no race, no call): the match goes on to the next discard."""
    for name in PREFERRED:
        for action in legal:
            if type(action).__name__ == name:
                return action
    return next(a for a in legal if not isinstance(a, (CallKombio, Match)))


def race_target(legal):
    matches = [a for a in legal if isinstance(a, Match)]
    return matches[0].place if matches else None


class RacingBot:
    """At the host: plays plain moves at once, and claims the first card of the first window
    BOT_DELAY after it opened."""

    def __init__(self):
        self.raced = False

    def begin(self, seat, game_type, seats, options):
        self.seat = seat

    def observe(self, events):
        pass

    def decide(self, view, legal, now):
        place = race_target(legal)
        if place is not None:
            if self.raced:
                return Intent(Pass(self.seat), 0.3)
            self.raced = True
            return Intent(Match(self.seat, place), BOT_DELAY)
        return Intent(turn_action(legal), 0.3)


def remote_person(reaction):
    """A scripted person at a remote screen: plain moves 0.3 s after the screen shows them; the
    first window's first card claimed `reaction` seconds after the screen showed the window."""
    state = {"raced": False, "done": -1}

    def tick(sim, now):
        client = sim.client
        version = client.version
        if client.view is None or version == state["done"] or not client.legal:
            return
        shown = client.shown_at.get(version)
        if shown is None:
            return
        place = race_target(client.legal)
        if place is not None:
            if state["raced"] or client.closes and len(client.legal) == 1:
                state["done"] = version
                return
            if now >= shown + reaction:
                state["raced"] = True
                state["done"] = version
                client.act(Match(client.seat, place), now, version)
            return
        if now >= shown + 0.3:
            state["done"] = version
            client.act(turn_action(client.legal), now, version)

    return tick


def race(reaction, link, seed=1):
    table = HostTable(Kombio, {"rounds": 1, "reaction_seconds": 3.0},
                      [SeatPlan(REMOTE), SeatPlan(BOT, "Bot", "medium")], code=CODE)
    bot = RacingBot()
    match = HostMatch(table, seed=seed, make_bot=lambda seat, level: bot)
    net = SimNet(match, seed=seed)
    person = net.join(ClientTable(CODE, "Person"), link)
    person.on_tick = remote_person(reaction)
    net.run(until=net.now + 2.0)  # the clocks are measured before the match starts
    match.start(net.now)
    history = match.session.game.history

    def first_match():
        return next((a for _, a in history if isinstance(a, Match)), None)

    net.run(until=net.now + 600, stop=lambda: first_match() is not None)
    winner = first_match()
    assert winner is not None and not net.errors and match.table.illegal == 0
    return winner.seat


LINKS = {
    "0 ms": Link(0.0, 0.0, 0.0),
    "50 ms": Link(0.05, 0.0, 37.5),
    "150 ms": Link(0.15, 0.0, -12.0),
    "100 ms, 30 ms jitter": Link(0.1, 0.03, 5.0),
    "150 ms, 50 ms jitter": Link(0.15, 0.05, 0.0),
}


@pytest.mark.parametrize("latency", list(LINKS))
def test_a_remote_person_100_ms_sooner_than_the_bot_wins_whatever_the_latency(latency):
    for seed in (1, 2, 3):
        assert race(BOT_DELAY - 0.1, LINKS[latency], seed) == 0


@pytest.mark.parametrize("latency", list(LINKS))
def test_a_remote_person_100_ms_later_than_the_bot_loses_whatever_the_latency(latency):
    for seed in (1, 2, 3):
        assert race(BOT_DELAY + 0.1, LINKS[latency], seed) == 1


def test_without_the_horizon_a_remote_person_150_ms_away_would_lose_a_race_it_won(monkeypatch):
    """What the hold is for: settle at once, and the bot's claim is applied before the remote
    claim that was sooner has arrived."""
    monkeypatch.setattr(HostTable, "horizon_applies", lambda self: False)
    monkeypatch.setattr(HostTable, "horizon", lambda self, now: float("inf"))
    assert race(BOT_DELAY - 0.1, LINKS["150 ms"]) == 1


def test_a_claim_never_counts_sooner_than_a_person_can_react():
    # a client that says it reacted at once is counted at the floor: a bot at the floor ties or wins
    assert REACTION_FLOOR == 0.18
    assert race(0.0, LINKS["50 ms"]) == 0      # (0.18 s still beats the bot's 0.5 s)


def test_a_remote_players_own_move_is_applied_the_moment_it_arrives():
    """The hold waits for claims still on their way; a connection delivers in order, so once a
    seat's claim has arrived none sooner of that seat can follow on that version: its own move is
    not held for its own latency and jitter margin."""
    table = HostTable(Kombio, {"rounds": 1}, [SeatPlan(REMOTE), SeatPlan(BOT, "Bot", "medium")], code=CODE)
    match = HostMatch(table, seed=4, make_bot=lambda seat, level: RacingBot())
    net = SimNet(match, seed=4)
    person = net.join(ClientTable(CODE, "Person"), Link(0.1, 0.02, 3.0))
    person.on_tick = remote_person(0.4)
    net.run(until=net.now + 2.0)
    match.start(net.now)
    arrived, waited = {}, []
    receive, settled = table.receive, table.claimed

    def on_receive(conn, text, now, session_now=None):
        if '"type":"act"' in text:
            arrived[json.loads(text)["n"]] = now
        return receive(conn, text, now, session_now)

    def on_claimed(action, tag, events, refusal):
        if refusal is None and not isinstance(action, Match):
            waited.append(net.now - arrived[tag[1]])
        return settled(action, tag, events, refusal)

    table.receive = on_receive
    match.session.on_claim = on_claimed
    net.run(until=net.now + 60)
    assert len(waited) >= 5 and max(waited) < 1e-6
