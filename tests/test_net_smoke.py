"""The smoke test's loopback match (game.net.smoke): a real WebSockets match whose own time waits
for the wire, so a busy machine slows it down but does not fail it, while a hang still fails it.

The busy machine is made on purpose here: the client's network thread is held up for a second (as
a loaded CI machine holds up a thread). On the wall's clock run 25-40 times faster, that second was
25-40 s of the match's time, and the host dropped the seat as silent (SILENCE, 10 s): "the host
closed the connection", as two smoke tests failed in a whole-suite run at load 8-13."""

from __future__ import annotations

import itertools
import time

import pytest

from game.core.errors import CardhallError
from game.net.serve import ClientLink, HostLink
from game.net.smoke import loopback_match

pytestmark = pytest.mark.slow   # real matches over real sockets (the quick subset is -m 'not slow')


def test_the_match_plays_to_its_end_in_step():
    summary = loopback_match()
    assert summary.startswith("a Combat UNO match over loopback WebSockets with one remote seat: ")
    assert " 0 actions" not in summary and " 0 views checked" not in summary


def test_a_network_thread_held_up_for_a_second_holds_the_match_time_and_fails_nothing(monkeypatch):
    sent = ClientLink.send
    count = itertools.count()

    def held_up(self, text):
        if next(count) == 8:     # mid-match: the client's network thread is busy for a second first
            self._soon(lambda: time.sleep(1.0))
        sent(self, text)

    monkeypatch.setattr(ClientLink, "send", held_up)
    summary = loopback_match()
    assert "one remote seat" in summary and next(count) > 9


def test_a_message_that_never_comes_through_is_a_hang_and_fails(monkeypatch):
    sent = HostLink.send
    count = itertools.count()

    def loses_one(self, conn, text):
        if next(count) != 12:
            sent(self, conn, text)

    monkeypatch.setattr(HostLink, "send", loses_one)
    began = time.monotonic()
    with pytest.raises(CardhallError, match=r"nothing came through the loopback connection in 1 s \(0 message\(s\) on "
                                            r"the way to the host, 1 to the client\)"):
        loopback_match(stall=1.0)
    assert time.monotonic() - began < 30


def test_a_match_that_does_not_end_in_its_time_fails():
    with pytest.raises(CardhallError, match=r"the loopback match did not end in 5 s of its time"):
        loopback_match(game_limit=5.0)
