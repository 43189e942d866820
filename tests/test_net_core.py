"""Network play's pure parts: the wire codec of views and events, the client message schema, the
clock filter, the race policy's bounds and the Session's timed claims (docs/network.md)."""

from __future__ import annotations

import json
import random

import pytest

from game.core.cards import FACE_DOWN, Card
from game import games
from game.core.game import get_variant
from game.net import protocol
from game.net.clocksync import ClockSync, Estimate
from game.net.codec import Codec, CodecError, digest
from game.net.protocol import ProtocolError
from game.net.race import REACTION_FLOOR, RacePolicy
from game.variants.kombio import Kombio
from tests.randomplay import random_steps


# -- the codec -------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("variant_id", games.game_ids())
def test_every_view_and_redacted_event_crosses_the_wire_unchanged(variant_id):
    variant = get_variant(variant_id)
    codec = Codec(variant)
    game = variant(variant.max_seats, {}, seed=3)
    steps = 0
    for _, _, events in random_steps(game, random.Random(1), 150):
        for seat in range(game.seats):
            view = game.observe(seat)
            wire = json.loads(codec.dumps(view))
            assert codec.decode(wire) == view
            assert digest(wire) == digest(codec.encode(codec.decode(wire)))
            for event in events:
                mine = event.for_seat(seat)
                assert codec.decode(json.loads(codec.dumps(mine))) == mine
        steps += 1
    assert steps > 20


@pytest.mark.parametrize("bad, says", [
    ({"T": "os.system", "f": []}, "not a class"),
    ({"T": "CardMoved", "f": [1]}, "fields"),
    ({"X": 1}, "unknown tag"),
    ({"C": [1, "7"]}, "a card is"),
    ({"C": [True, "7", None]}, "id"),
    ({"F": 1}, "face-down"),
    ({"S": [1, 1]}, "twice"),
    ({"D": [[[1], 2]]}, "dict key"),
    ("x" * 1000, "longer"),
    (10 ** 30, "out of range"),
    ([[[[[[[[[[[[[[1]]]]]]]]]]]]]], "too deep"),
    (list(range(3000)), "entries"),
    ({"a": 1, "b": 2}, "wire format"),
])
def test_the_codec_refuses_what_it_does_not_build(bad, says):
    with pytest.raises(CodecError, match=says):
        Codec(Kombio).decode(bad)


def test_equal_sets_and_dicts_have_one_text():
    codec = Codec(Kombio)
    a = frozenset({Card(3, 7), Card(1, 2), FACE_DOWN})
    b = frozenset([FACE_DOWN, Card(1, 2), Card(3, 7)])
    assert codec.dumps(a) == codec.dumps(b)
    assert codec.dumps({2: "x", 1: "y"}) == codec.dumps({1: "y", 2: "x"})


# -- the client's messages -------------------------------------------------------------------------
def hello(**change):
    message = {"type": "hello", "protocol": protocol.PROTOCOL, "code": "ABC234", "name": "Ann", "token": None}
    message.update(change)
    return json.dumps(message)


def test_a_good_hello_and_act_pass():
    assert protocol.parse_client(hello())["name"] == "Ann"
    act = {"type": "act", "n": 1, "version": 4, "action": {"type": "Pass", "seat": 1}, "reaction": 0.4, "at": 12.5}
    assert protocol.parse_client(json.dumps(act))["reaction"] == 0.4


@pytest.mark.parametrize("text, says", [
    (b"{}", "binary"),
    ("[1]", "object with a type"),
    ("{\"type\": \"hello\"", "not a message"),
    ("{\"type\": \"launch\"}", "unknown message type"),
    (hello(extra=1), "unexpected"),
    (hello(protocol=True), "protocol"),
    (hello(protocol=1.0), "protocol"),
    (hello(code="ABC10O"), "not a table code"),
    (hello(name="x" * 40), "name"),
    (hello(token="../../etc/passwd"), "not a seat token"),
    (json.dumps({"type": "pong", "n": 1, "t2": float("nan"), "t3": 1}).replace("NaN", "NaN"), "not a message"),
    (json.dumps({"type": "shown", "version": 1, "at": 1.0, "hash": "XYZ"}), "not a hash"),
    (json.dumps({"type": "act", "n": -1, "version": 1, "action": {}, "reaction": 0.1, "at": 0}), "n"),
    (json.dumps({"type": "act", "n": 1, "version": 1, "action": [], "reaction": 0.1, "at": 0}), "action"),
    (json.dumps({"type": "rematch", "x": 1}), "unexpected"),
    ("{\"type\": \"bye\", \"pad\": \"" + "a" * 9000 + "\"}", "more than"),
])
def test_a_bad_client_message_is_refused_in_one_line(text, says):
    with pytest.raises(ProtocolError, match=says) as caught:
        protocol.parse_client(text)
    assert "\n" not in str(caught.value)


def test_table_codes_use_only_unmistakable_characters():
    code = protocol.new_code(random.Random(5))
    assert len(code) == protocol.CODE_LENGTH and not set(code) & set("0O1IL")


# -- the clock filter ------------------------------------------------------------------------------
def test_round_trip_and_offset_come_from_four_timestamps():
    sync = ClockSync()
    offset, rng = 7.25, random.Random(2)
    for i in range(16):
        up, down = 0.05 + rng.uniform(0, 0.03), 0.05 + rng.uniform(0, 0.03)
        t1 = i * 1.0
        t2 = t1 + up + offset
        t3 = t2 + 0.004
        t4 = t3 - offset + down
        est = sync.add(t1, t2, t3, t4)
    assert 0.10 <= est.rtt <= 0.16 and abs(est.offset - offset) < 0.03 and est.jitter < 0.05
    assert est.to_host(100.0 + offset) == pytest.approx(100.0, abs=0.03)


def test_a_nonsense_sample_does_not_move_the_offset():
    sync = ClockSync()
    sync.add(0.0, 5.0, 5.001, 0.1)
    before = sync.estimate.offset
    sync.add(1.0, 900.0, 899.0, 1.1)   # answered before it was asked
    assert sync.estimate.offset == before and sync.estimate.rtt >= 0


# -- the race policy -------------------------------------------------------------------------------
EST = Estimate(rtt=0.3, offset=0.0, jitter=0.0, samples=10)   # 150 ms each way


def test_a_claim_counts_at_its_reaction_time_within_what_its_arrival_allows():
    policy = RacePolicy(display_slack=0.0)
    shown = 10.15                      # the client's screen showed it 150 ms after the host's did
    assert policy.reaction(0.4, shown, shown + 0.4 + 0.15, EST) == pytest.approx(0.4)
    # a client that says it reacted sooner than its arrival allows counts as reacting when it must have
    assert policy.reaction(0.2, shown, shown + 0.6 + 0.15, EST) == pytest.approx(0.6 - policy.margin(EST))
    # never later than it arrived, never sooner than a person can react
    assert policy.reaction(5.0, shown, shown + 0.5, EST) == pytest.approx(0.5)
    assert policy.reaction(0.0, shown, shown + 0.16, EST) == REACTION_FLOOR


def test_a_client_cannot_say_its_screen_showed_the_card_late_to_gain_time():
    policy = RacePolicy(display_slack=0.1)
    assert policy.shown(reported=99.0, host_shown=10.0, est=EST) == pytest.approx(10.0 + 0.15 + 0.1)
    assert policy.shown(reported=10.2, host_shown=10.0, est=EST) == 10.2
    assert policy.shown(reported=None, host_shown=10.0, est=EST) == pytest.approx(10.25)


def test_the_horizon_waits_for_a_claim_still_on_its_way():
    policy = RacePolicy(display_slack=0.0)
    t0, shown = 5.0, 10.15
    # at host time 10.5 every claim made before 10.5 - 0.15 - margin has arrived
    assert policy.horizon(t0, shown, 10.5, EST) == pytest.approx(t0 + max(REACTION_FLOOR, 10.35 - policy.margin(EST) - shown))
    assert policy.horizon(t0, shown, 10.2, EST) == t0 + REACTION_FLOOR
