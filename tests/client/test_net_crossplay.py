"""Cross-play: the headless commands and the app play one match together over loopback. A
`cardhall join --bot` process takes the open seat of a table the app hosts (its HostDriver), and
the app joins (its RemoteDriver) a table a `cardhall host` process serves; each plays to the end,
and both sides tell the same result."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.net.serve import describe_result
from test_network_play import Person, _host, _join, _until, two_homes  # noqa: F401  (a fixture)

pytestmark = pytest.mark.slow   # whole matches, a second process

ROOT = Path(__file__).resolve().parents[2]


def _cardhall(args: list[str], home: Path, out: Path) -> subprocess.Popen:
    env = dict(os.environ, CARDHALL_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                            stdout=out.open("w"), stderr=subprocess.STDOUT)


def _said(out: Path) -> str:
    return out.read_text(encoding="utf-8", errors="replace")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait(10)


def test_a_headless_bot_joins_a_table_the_app_hosts_and_plays_it_to_the_end(make_app, two_homes, tmp_path):
    host, hd = _host(make_app, two_homes[0], "combat-uno")
    lobby = host.top
    code, port = lobby.hosting.table.code, lobby.hosting.link.port
    out = tmp_path / "join.out"
    proc = _cardhall(["join", f"127.0.0.1:{port}", "--code", code, "--bot", "easy", "--name", "Sub"],
                     tmp_path / "joiner", out)
    try:
        _until([host], lambda: lobby.hosting.table.full(), 30)
        host.run_frames(1)
        assert "Sub" in hd.texts
        hd.key(pygame.K_RETURN)        # Start
        _until([host], lambda: hd.stack[-1].startswith("Network"))
        ht = host.top
        assert ht.screen.names == ["Hana", "Sub"]
        _until([host], lambda: ht.match.over, 240, people=[(host, Person("combat-uno", 1))])
        assert proc.wait(60) == 0, _said(out)
    finally:
        _stop(proc)
    net = ht.hosting.table
    assert net.desyncs == 0 and net.illegal == 0
    record = ht.hosting.match.record()
    said = _said(out)
    assert "Joined Combat UNO as seat 2" in said, said
    assert f"The match is over: {describe_result(None, record.seats, record)}" in said, said


def test_the_app_joins_a_table_a_headless_host_serves_and_plays_it_to_the_end(make_app, two_homes, tmp_path):
    port = _free_port()
    out = tmp_path / "host.out"
    proc = _cardhall(["host", "combat-uno", "--seats", "remote,bot:easy", "--port", str(port), "--address", "127.0.0.1",
                      "--code", "CRSX7W", "--seed", "5", "--no-advertise", "--wait", "60",
                      "--option", "length=rounds", "--option", "rounds=1"], tmp_path / "hoster", out)
    try:
        end = time.monotonic() + 30
        while "table code CRSX7W" not in _said(out):
            assert proc.poll() is None and time.monotonic() < end, _said(out)
            time.sleep(0.05)
        client, cd = _join(make_app, two_homes[1], port, "CRSX7W")
        _until([client], lambda: cd.stack[-1].startswith("Network"), 30)     # (the host starts once the seat is taken)
        ct = client.top
        assert ct.screen.humans == [0] and ct.screen.names[0] == "Jo"
        _until([client], lambda: ct.match.over and ct.match.client.record is not None, 240,
               people=[(client, Person("combat-uno", 2))])
        assert proc.wait(60) == 0, _said(out)
    finally:
        _stop(proc)
    assert ct.match.client.desyncs == 0
    record = ct.match.client.record
    said = _said(out)
    assert "The match has started." in said and f"The match is over: {describe_result(None, record.seats, record)}" in said, said
