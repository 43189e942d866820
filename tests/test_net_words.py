"""What the host tells its players is data, worded by each screen in its own language (issue 34).

A German host and a French joined player, over the simulated network (game.net.simnet): every
lobby line the host says (game.net.host.LINES) reaches the host's screen and the joined player's
as a key and its values, and each words it in its own language with no English left; so do the
host's errors, who the paused match waits for, and the seats nobody named ("Player n"). A player
who kept the default name joins under none, never as "You". An older client's hello is answered
in the one shape every version reads."""

from __future__ import annotations

import json
import re

import pytest

from game import i18n
from game.client.network import HOST_ERRORS, LOBBY_LINES, default_seat_name, host_error, lobby_line, worded_seats
from game.core.record import SeatInfo
from game.net import protocol
from game.net.client import ClientTable
from game.net.host import BOT, ERRORS, LINES, REMOTE, HostTable, SeatPlan, english_line
from game.net.match import HostMatch
from game.net.simnet import SimNet
from game.variants.kombio import Kombio
from tests.netplay import CODE

# (words English has and neither German nor French: "Bot", "table", "code" and "version" are French too)
ENGLISH_WORDS = re.compile(r"\b(joined|left the|lost the connection|is back|would like|has not come back|until they|"
                           r"Player|Open seat|Waiting|connections|refused|another|only its players|any more|seat|full|"
                           r"is not|This|That|The)\b")


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def _table(plan, **options):
    table = HostTable(Kombio, {"rounds": 1}, plan, code=CODE, **options)
    match = HostMatch(table, seed=4)
    return table, match, SimNet(match, seed=4)


def _no_english(text: str, names=("Jo", "Ann")) -> bool:
    for name in names:
        text = text.replace(name, "")
    return not ENGLISH_WORDS.search(text)


def test_every_lobby_line_reaches_both_screens_as_data_and_each_words_it_in_its_language(language):
    heard: list[tuple[str, dict]] = []
    table, match, net = _table([SeatPlan(REMOTE), SeatPlan(REMOTE), SeatPlan(BOT, "Bruno", "easy")],
                               drop_wait=2.0, drop_bot="easy")
    table.on_status = lambda key, values: heard.append((key, values))
    jo = net.join(ClientTable(CODE, "Jo"))
    leaver = net.join(ClientTable(CODE, "Ann"))
    net.run(until=net.now + 0.5)
    net.drop(leaver)                                          # left (before the start)
    ann = net.join(ClientTable(CODE, ""))                     # joined under no name: "Player 2"
    net.run(until=net.now + 0.5)
    ann.client.outbox.append(protocol.dumps({"type": "rematch"}))
    net._flush_client(ann)                                    # would like a rematch
    net.run(until=net.now + 0.5)
    match.start(net.now)
    net.run(until=net.now + 1.0)
    token = ann.client.token
    net.drop(ann)                                             # lost the connection
    net.run(until=net.now + 3.0)                              # has not come back: a bot plays
    net.join(ClientTable(CODE, "", token=token))              # is back
    net.run(until=net.now + 1.0)

    keys = [k for k, _ in heard]
    assert set(keys) == set(LINES) == set(LOBBY_LINES)
    said_to_jo = [(k, v) for k, v in jo.client.said]
    assert [k for k, _ in said_to_jo] == keys                 # the joined player hears every line too
    sent = [json.loads(t) for t in jo.received]
    assert not any("Waiting for" in t or " joined." in t for t in jo.received), "English on the wire"
    assert all(set(m) == {"type", "key", "values"} for m in sent if m["type"] == "said")

    english = [english_line(k, v) for k, v in heard]
    assert "Player 2 joined." in english and "Jo joined." in english
    language("de")
    german = [lobby_line(k, v) for k, v in heard]
    language("fr")
    french = [lobby_line(k, v) for k, v in said_to_jo]
    for en, de, fr in zip(english, german, french):
        assert de and fr and de != en and fr != en and de != fr, (en, de, fr)
        assert _no_english(de) and _no_english(fr), (de, fr)
    assert "Spieler 2 ist beigetreten." in german and "Joueur 2 a rejoint la table." in french
    assert all("You" not in line and "Du" not in line.split() for line in german + french)


def test_the_hosts_errors_and_who_the_match_waits_for_are_worded_by_the_joined_player(language):
    assert set(ERRORS) == set(HOST_ERRORS)
    table, match, net = _table([SeatPlan(REMOTE), SeatPlan(REMOTE), SeatPlan(BOT, "Bruno", "easy")],
                               drop_wait=60.0)
    stranger = net.join(ClientTable("ZZZZZZ", "Mallory"))
    net.run(until=net.now + 0.5)
    assert stranger.client.error_key == "wrong_code"
    language("fr")
    assert host_error(stranger.client) == "Ce n'est pas le code de cette table."
    for key in ERRORS:
        language("en")
        english = str(HOST_ERRORS[key])
        assert english == ERRORS[key]
        for lang in ("de", "fr"):
            language(lang)
            assert str(HOST_ERRORS[key]) != english and _no_english(str(HOST_ERRORS[key])), (lang, key)
    language("en")
    jo, other = net.join(ClientTable(CODE, "Jo")), net.join(ClientTable(CODE, ""))
    net.run(until=net.now + 0.5)
    match.start(net.now)
    net.run(until=net.now + 1.0)
    net.drop(other)
    net.run(until=net.now + 1.0)
    assert jo.client.paused and jo.client.paused_seats == [other.client.seat]
    assert jo.client.paused_why == "Waiting for Player 2"       # (the headless client's English)
    language("de")
    names = [s.name for s in worded_seats([SeatInfo.from_json(s) for s in jo.client.table["seats"]],
                                          jo.client.lobby, [jo.client.seat])]
    assert names[other.client.seat] == "Spieler 2" and names[jo.client.seat] == "Jo"


def test_a_player_with_no_name_joins_as_player_n_never_as_you(language):
    """The joined player kept the default name: the hello carries none, the host names the seat
    "Player n" in its record, the lobby sends "" and every screen words it; the host's own player
    under the default name is unnamed to the others too."""
    from game.net.host import HERE

    table = HostTable(Kombio, {"rounds": 1}, [SeatPlan(HERE, "You"), SeatPlan(REMOTE)], code=CODE,
                      host_name="You", headless=False)
    match = HostMatch(table, seed=4)
    net = SimNet(match, seed=4)
    joined = net.join(ClientTable(CODE, ""))
    net.run(until=net.now + 0.5)
    assert table.remote[1].name == ""
    assert [r["name"] for r in table.lobby_rows()] == ["", ""]
    assert [s.name for s in table.seat_infos()] == ["You", "Player 2"]      # (the host's record: You is its own)
    welcome = next(json.loads(t) for t in joined.received if json.loads(t)["type"] == "welcome")
    assert welcome["host"] == "" and [s["name"] for s in welcome["table"]["seats"]] == ["Player 1", "Player 2"]
    assert "You" not in " ".join(joined.received)
    language("fr")
    seats = worded_seats([SeatInfo.from_json(s) for s in joined.client.table["seats"]], joined.client.lobby, [1])
    assert [s.name for s in seats] == ["Joueur 1", "You"]       # (You: this screen's id for its own player)
    assert default_seat_name("bot", 2) == "Bot 3" and default_seat_name("open", 0) == "Place libre 1"


def test_an_older_client_is_answered_in_the_shape_every_version_reads():
    table, match, net = _table([SeatPlan(REMOTE), SeatPlan(BOT, "Bruno", "easy")])
    old = ClientTable(CODE, "Old")
    sim = net.join(old)
    sim.client.outbox.clear()
    net.match.table.receive(sim.conn, json.dumps({"type": "hello", "protocol": 1, "code": CODE, "name": "Old",
                                                  "token": None}), net.now)
    out, _ = table.take_outbox()
    errors = [json.loads(t) for c, t in out if c == sim.conn and json.loads(t)["type"] == "error"]
    assert errors and set(errors[-1]) == {"type", "reason"} and "version" in errors[-1]["reason"]
    client = ClientTable(CODE, "New")           # ...and this version reads that shape from an older host
    assert client.receive(json.dumps(errors[-1]), 0.0) == "error" and client.error_key is None
    assert "version" in host_error(client)


def test_a_move_that_crosses_the_last_one_is_a_race_lost_not_a_protocol_error(caplog):
    """Near a match's end the joined screen said "Too late" while the host warned "no match is
    being played": the player's move, decided on the version before the last move ended the match,
    was on its way when it did. That is normal play: the host counts it as stale, logs no
    warning, does not count it towards closing the connection, and refuses it as a lost race."""
    import logging

    from game.core.actions import action_to_json

    from ai.registry import make_agent

    table, match, net = _table([SeatPlan(REMOTE), SeatPlan(BOT, "Bruno", "easy")])
    jo = net.join(ClientTable(CODE, "Jo"), agent=make_agent("kombio", "easy", 3))
    net.run(until=net.now + 0.5)
    match.start(net.now)
    last_legal: dict[int, tuple[int, list]] = {}

    def watch(net):
        if jo.client.legal and not match.over:
            last_legal[0] = (jo.client.version, list(jo.client.legal))
    net.watch = watch
    net.run(until=100_000)
    assert match.over and last_legal
    version, legal = last_legal[0]
    refusals, stale = table.refusals, table.stale
    caplog.set_level(logging.INFO, "cardhall.net")
    jo.client.outbox.append(protocol.dumps({"type": "act", "n": 10_000, "version": version,
                                            "action": action_to_json(legal[0]), "reaction": 0.2, "at": net.now}))
    net._flush_client(jo)
    net.run(until=net.now + 1.0)
    assert table.refusals == refusals and table.stale == stale + 1
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    refused = [json.loads(t) for t in jo.received if json.loads(t)["type"] == "refused"]
    assert refused and refused[-1]["n"] == 10_000 and refused[-1]["error"] == "IllegalAction"


def test_a_host_under_the_default_name_is_not_advertised_as_you():
    from game.net.discovery import advertise

    table = HostTable(Kombio, {}, [SeatPlan(REMOTE), SeatPlan(BOT, "Bruno", "easy")], code=CODE, host_name="You")
    advert = advertise(table, 47655, address="127.0.0.1")
    if advert is None:
        pytest.skip("mDNS is not available on this machine (the address is typed instead)")
    try:
        assert not advert._info.name.startswith("You ") and "47655" in advert._info.name
    finally:
        advert.close()


def test_the_joined_table_refuses_a_move_in_the_players_language(language):
    """A move the joined table cannot send (the connection lost, the match paused, not a choice)
    is refused in the player's words (it said English: "The connection to the host is lost.")."""
    import queue

    from game.client.network import RemoteDriver
    from game.core.actions import Pass
    from game.core.errors import IllegalAction

    class Link:
        inbox: queue.Queue = queue.Queue()
        sent: list = []

        def send(self, text):
            self.sent.append(text)

    table, match, net = _table([SeatPlan(REMOTE), SeatPlan(BOT, "Bruno", "easy")])
    jo = net.join(ClientTable(CODE, "Jo"))
    net.run(until=net.now + 0.5)
    match.start(net.now)
    net.run(until=net.now + 1.0)
    driver = RemoteDriver(jo.client, Link())
    language("de")
    with pytest.raises(IllegalAction, match="^Das geht gerade nicht.$"):
        driver.submit(Pass(jo.client.seat), 0.0)
    jo.client.paused, jo.client.paused_seats = True, [1]
    with pytest.raises(IllegalAction, match="^Warte auf Bruno$"):
        driver.submit(Pass(jo.client.seat), 0.0)
    driver.lost = True
    with pytest.raises(IllegalAction, match="^Die Verbindung zum Gastgeber ist verloren.$"):
        driver.submit(Pass(jo.client.seat), 0.0)


def test_a_host_with_no_name_is_the_hosts_table_not_host():
    """A headless host (or one with no name) told its players its name was "Host", English on
    every joined screen ("Kombio à la table de Host"): it now sends none, and the screen says
    "at the host's table" in its language."""
    table, match, net = _table([SeatPlan(REMOTE), SeatPlan(BOT, "Bruno", "easy")])
    jo = net.join(ClientTable(CODE, "Jo"))
    net.run(until=net.now + 0.5)
    assert jo.client.seat == 0 and jo.client.host_name == ""
