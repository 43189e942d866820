"""Network play over a simulated network (game.net.simnet): the host and the clients are the real
classes, only the sockets and the clock are simulated. Privacy by byte capture, drops and rejoins,
a host crash and Continue, and a fuzz of untrusted messages (docs/network.md)."""

from __future__ import annotations

import json
import logging
import random

import pytest

from game.core.actions import action_to_json
from game.games import game_ids as variant_ids
from game.core.record import GameRecord
from game.net.client import ClientTable
from game.net.codec import Codec
from game.net.match import HostMatch
from game.net.simnet import Link, SimNet
from tests.netplay import CODE, cards_in, decoded_cards, hosted

pytestmark = pytest.mark.slow   # whole matches (the quick subset is -m 'not slow')

LINKS = [Link(0.03, 0.01, 2.5), Link(0.08, 0.02, -4.0)]


# -- privacy: every byte a client is sent ----------------------------------------------------------
@pytest.mark.parametrize("variant_id", variant_ids())
def test_a_client_is_sent_no_card_face_its_seat_may_not_see(variant_id):
    """Every message sent to each client through a whole match, decoded: each card face in it is
    one the engine had shown that seat by then (in its view, or in an event as redacted for it),
    until the end of the match, when the record shows every card. No seed, no record before then."""
    match, net, sims = hosted(variant_id, ["remote", "bot", "remote"], seed=3, links=LINKS)
    seats = [sim.client.seat for sim in sims]
    assert seats == [0, 2]
    first_seen = {seat: {} for seat in seats}     # face -> the version at which the engine showed it to seat
    first_held = {seat: {} for seat in seats}     # face -> the version at which another seat had it in view

    def saw(events):
        session = match.session
        version = session.version
        views = [cards_in(session.view(s)) for s in range(session.game.seats)]
        for seat in seats:
            seen = first_seen[seat]
            for face in views[seat] | cards_in([e.for_seat(seat) for e in events]):
                seen.setdefault(face, version)
            for other, faces in enumerate(views):
                if other != seat:
                    for face in faces - views[seat]:
                        first_held[seat].setdefault(face, version)

    match.on_step.append(saw)
    match.start(net.now)
    session = match.session
    net.run(until=100_000)
    assert match.over and not net.errors
    codec = Codec(type(session.game))
    for sim in sims:
        seat = sim.client.seat
        faces = 0
        ended = False
        for text, version in zip(sim.received, sim.sent_at):
            kind = json.loads(text)["type"]
            if kind == "end":
                ended = True
                continue
            assert not ended or kind in ("ping", "lobby"), "nothing of the match after its end"
            assert '"seed"' not in text
            shown = decoded_cards(codec, text)
            faces += len(shown)
            leaked = {face for face in shown if first_seen[seat].get(face, 1 << 60) > version}
            assert not leaked, f"seat {seat} was sent at version {version} faces it may not see: {sorted(leaked)[:5]}"
        assert ended and faces > 50
        # (the check has teeth: other seats held faces this seat was shown only later, or never)
        assert any(first_seen[seat].get(face, 1 << 60) > held for face, held in first_held[seat].items())


# -- drops and rejoin ------------------------------------------------------------------------------
def test_a_dropped_player_is_waited_for_and_rejoins_its_seat_with_the_whole_state():
    match, net, sims = hosted("kombio", ["remote", "bot", "remote"], seed=5, links=LINKS, drop_wait=30.0)
    match.start(net.now)
    net.run(until=net.now + 8.0)
    gone, other = sims
    token, seat = gone.client.token, gone.client.seat
    net.drop(gone)
    net.run(until=net.now + 1.0)
    assert match.table.paused and other.client.paused and "Waiting for" in other.client.paused_why
    version = match.session.version
    net.run(until=net.now + 10.0)
    assert match.session.version == version, "the match waits while the player is gone"
    back = net.join(ClientTable(CODE, "whoever", token=token), LINKS[0], gone.bot.agent)
    net.run(until=net.now + 1.0)
    assert back.client.seat == seat and back.client.version == match.session.version
    assert back.client.hash == match.table.digests[seat][match.session.version]
    assert not match.table.paused
    net.run(until=100_000)
    assert match.over and match.table.desyncs == 0 and match.table.illegal == 0 and not net.errors
    assert back.client.record is not None and back.client.record.seats[seat].kind == "human"


def test_a_player_who_does_not_come_back_is_replaced_by_a_bot_and_can_take_the_seat_back():
    match, net, sims = hosted("combat-uno", ["remote", "bot", "remote"], seed=2, links=LINKS, drop_wait=5.0,
                              drop_bot="easy")
    match.start(net.now)
    net.run(until=net.now + 4.0)
    gone = sims[0]
    token, seat = gone.client.token, gone.client.seat
    net.drop(gone)
    net.run(until=net.now + 6.0)
    assert match.table.remote[seat].bot is not None and not match.table.paused
    assert seat in match.session.agents
    version = match.session.version
    net.run(until=net.now + 20.0)
    assert match.over or match.session.version > version, "the bot plays the seat"
    if not match.over:
        back = net.join(ClientTable(CODE, "x", token=token), LINKS[1], gone.bot.agent)
        net.run(until=net.now + 1.0)
        assert seat not in match.session.agents and back.client.seat == seat
    net.run(until=100_000)
    assert match.over and match.table.illegal == 0 and not net.errors


def test_a_wrong_code_or_token_gets_no_seat():
    match, net, sims = hosted("kabu", ["remote", "bot", "remote"], seed=1)
    stranger = net.join(ClientTable("ZZZZZZ", "Mallory"))
    net.run(until=net.now + 1.0)
    assert stranger.client.seat is None and "code" in stranger.client.error and not stranger.connected
    match.start(net.now)
    late = net.join(ClientTable(CODE, "Late"))
    thief = net.join(ClientTable(CODE, "Thief", token="not-a-token"))
    net.run(until=net.now + 1.0)
    assert late.client.seat is None and "started" in late.client.error
    assert thief.client.seat is None and "not at this table" in thief.client.error


# -- the host crashes: Continue -------------------------------------------------------------------
def test_after_a_host_crash_continue_restores_the_table_and_the_players_rejoin(tmp_path):
    save = tmp_path / "hosted.json"
    match, net, sims = hosted("kumbal", ["remote", "bot", "remote"], seed=4, links=LINKS)
    match.autosave = save
    match.start(net.now)
    net.run(until=net.now + 25.0)
    assert not match.over
    history = list(match.session.game.history)
    tokens = [(s.client.token, s.client.seat, s.bot.agent) for s in sims]
    # The host dies: nothing of it survives but its autosave.
    again = HostMatch.resume(save)
    assert again.table.code == CODE and again.resumed.actions == history
    net2 = SimNet(again, seed=9)
    again.start(net2.now)
    assert again.table.paused
    back = [net2.join(ClientTable(CODE, "x", token=token), LINKS[0], agent) for token, _, agent in tokens]
    net2.run(until=net2.now + 1.0)
    assert [b.client.seat for b in back] == [seat for _, seat, _ in tokens]
    assert not again.table.paused
    net2.run(until=100_000)
    assert again.over and again.session.game.history[:len(history)] == history
    assert again.table.desyncs == 0 and again.table.illegal == 0 and not net2.errors
    GameRecord.from_json(json.loads(save.read_text())["record"]).replay()


# -- untrusted input ------------------------------------------------------------------------------
def fuzz_messages(rng: random.Random, legal_json: list, version: int):
    """Malformed, oversized, replayed and out-of-turn messages."""
    act = {"type": "act", "n": 1, "version": version, "action": {"type": "Pass", "seat": 0}, "reaction": 0.3, "at": 1.0}
    choices = [
        lambda: "",
        lambda: "{",
        lambda: "[]",
        lambda: "null",
        lambda: b"\x00\x01binary",
        lambda: json.dumps({"type": "act"}),
        lambda: json.dumps({"type": rng.choice(["x", "__import__", "../etc", "hello" * 9])}),
        lambda: json.dumps({**act, "n": rng.randrange(0, 3)}),                           # replayed
        lambda: json.dumps({**act, "n": 10 ** 6 + rng.randrange(10 ** 6), "version": version + 50}),
        lambda: json.dumps({**act, "n": 10 ** 6 + rng.randrange(10 ** 6),
                            "action": {"type": "Pass", "seat": rng.randrange(-3, 9)}}),   # another seat's
        lambda: json.dumps({**act, "n": 10 ** 6 + rng.randrange(10 ** 6), "action": rng.choice(legal_json or [{}])}),
        lambda: json.dumps({**act, "reaction": -1}),
        lambda: json.dumps({**act, "reaction": 1e308}),
        lambda: json.dumps({**act, "action": {"type": "Pass", "seat": True}}),
        lambda: json.dumps({**act, "action": {"type": "Exchange", "seat": 0, "index": 10 ** 9}}),
        lambda: "{\"type\": \"act\", \"n\": 1e999}",
        lambda: "[" * 10_000 + "]" * 10_000,
        lambda: json.dumps({"type": "bye", "pad": "x" * 20_000}),
        lambda: json.dumps({"type": "pong", "n": rng.randrange(10 ** 6), "t2": 1.0, "t3": 0.5}),
        lambda: json.dumps({"type": "shown", "version": version + 1000, "at": 1.0, "hash": "00"}),
        lambda: json.dumps({"type": "hello", "protocol": 1, "code": CODE, "name": "\u0000\u202e", "token": None}),
        lambda: json.dumps({"type": "next", "round": -5}),
        lambda: json.dumps({"type": "act", "n": 5, "version": 0, "action": {"type": "StartRound", "seat": -1},
                            "reaction": 0.2, "at": 0.0}),
        lambda: "".join(chr(rng.randrange(0, 0x2FFF)) for _ in range(rng.randrange(1, 300))),
    ]
    while True:
        yield rng.choice(choices)()


def test_a_thousand_bad_messages_change_nothing_and_the_others_play_on(caplog):
    """A seat's connection and strangers' connections send 1,500 malformed, oversized, replayed and
    out-of-turn messages during a match: the host raises nothing, refuses each in one log line,
    and the match plays to its end with every other client in step."""
    match, net, sims = hosted("combat-uno", ["remote", "bot", "remote"], seed=6, links=LINKS)
    attacker, honest = sims
    attacker.bot = None        # this seat is played by nothing but the fuzz
    token = attacker.client.token
    match.start(net.now)
    rng = random.Random(11)
    sent = 0
    caplog.set_level(logging.INFO, logger="cardhall.net")
    current = attacker
    stranger = net.join(ClientTable(CODE, "stranger"))
    while sent < 1_500 and not match.over:
        net.run(until=net.now + 0.05)
        if not current.connected:     # closed after too many refusals: it comes back with its token
            current = net.join(ClientTable(CODE, "again", token=token))
            net.run(until=net.now + 0.2)
        if not stranger.connected:
            stranger = net.join(ClientTable(CODE, "stranger"))
        legal = [action_to_json(a) for a in match.session.legal(current.client.seat or 0)]
        messages = fuzz_messages(rng, legal, match.session.version)
        for _ in range(10):
            net.inject(current if rng.random() < 0.8 else stranger, next(messages))
            sent += 1
    refusals = [r for r in caplog.records if "refused" in r.getMessage()]
    assert sent >= 1_000 and match.table.refusals >= 900
    assert all("\n" not in r.getMessage() and r.exc_info is None for r in caplog.records)
    assert len([r for r in refusals if "refused a message" in r.getMessage()]) == match.table.refusals
    # The attacker's seat is the host's to give to a bot once it stops answering; the others play on.
    match.table.drop_wait = 0.0
    net.drop(current)
    net.run(until=100_000)
    assert match.over and not net.errors and match.table.desyncs == 0
    assert honest.client.record is not None and honest.bot.sent > 0


def test_a_flood_is_rate_limited():
    match, net, sims = hosted("kabu", ["remote", "bot"], seed=1)
    sim = sims[0]
    before = match.table.refusals
    for _ in range(500):
        net.inject(sim, json.dumps({"type": "next", "round": 0}))
    assert match.table.refusals - before >= 400


def test_a_move_sent_on_a_situation_the_table_has_left_is_normal_play_logged_at_info(caplog):
    """A player's move that reaches the host after another move changed the table (a race lost, a
    window gone) is refused to that player, logged in one INFO line, and not counted as bad input
    (enough of those used to close the connection); bad input stays a WARNING."""
    match, net, sims = hosted("combat-uno", ["remote", "bot"], seed=4, links=LINKS[:1])
    sim = sims[0]
    seat = sim.client.seat
    match.start(net.now)
    session = match.session
    net.run(stop=lambda: session.legal(seat) and session.version >= 3)
    version, action = session.version, session.legal(seat)[0]
    net.run(stop=lambda: session.version > version and action not in session.legal(seat))
    assert session.version - version < 5
    conn = next(c for c in match.table.conns.values() if c.seat == seat)
    refusals, stale, seen = conn.refusals, match.table.stale, len(sim.client.refusals)
    caplog.set_level(logging.INFO, logger="cardhall.net")
    caplog.clear()
    net.inject(sim, json.dumps({"type": "act", "n": 10 ** 6, "version": version, "action": action_to_json(action),
                                "reaction": 0.3, "at": 1.0}))
    net.run(until=net.now + 1.0)
    lines = [r for r in caplog.records if "came after the table moved on" in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.INFO and "\n" not in lines[0].getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert conn.refusals == refusals and match.table.stale == stale + 1
    assert len(sim.client.refusals) > seen and sim.client.refusals[-1].n == 10 ** 6      # (the player is told)
    net.inject(sim, json.dumps({"type": "act", "n": 10 ** 6 + 1, "version": session.version + 50,
                                "action": action_to_json(action), "reaction": 0.3, "at": 1.0}))
    assert [r.levelno for r in caplog.records if "refused a message" in r.getMessage()] == [logging.WARNING]
