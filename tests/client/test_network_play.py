"""Network play in the app, two apps in one process over loopback WebSockets (SDL dummy drivers):
one hosts from Main menu → Play on the network → Host a table, the other joins from Join a table
with the address and the code; the host starts, and the people at both screens (bots deciding,
acting through each table's own act) play the match to its end. What was drawn is checked: the
lobbies' code and seats, the joined table never holding a face of the host's hand before the
round's end, the scores at the end on both screens; then a dropped player (the host's banner, the
joined screen's "connection lost", R rejoins with the seat's token and the whole state) and a host
that crashed (Continue hosting rebuilds the table from its autosave, the player rejoins)."""

from __future__ import annotations

import time

import pygame
import pytest

from ai.registry import make_agent
from conftest import Driver
from game import games
from game.client.storage import Storage
from game.core.game import get_variant

pytestmark = pytest.mark.slow   # whole matches over real sockets

SHORT = {"combat-uno": {"length": "rounds", "rounds": 1}, "kombio": {"rounds": 1}}


@pytest.fixture
def two_homes(tmp_path, monkeypatch):
    import game.net.serve as serve

    monkeypatch.setattr(serve, "DEFAULT_PORT", 0)     # (any free port: tests run side by side)
    return tmp_path / "host", tmp_path / "join"


def _app(make_app, home):
    storage = Storage(home)
    storage.settings.guides_offered = games.game_ids()
    storage.settings.animation_speed = "fastest"
    return make_app(storage=storage, size=(1280, 720))


def _host(make_app, home, variant_id: str, seats=("human", "remote")):
    app = _app(make_app, home)
    drive = Driver(app)
    drive.key(pygame.K_n)
    drive.key(pygame.K_h)
    chooser = app.top
    chooser.choose(next(v for v in chooser.variants if v.id == variant_id))
    app.run_frames(1)
    setup = app.top
    while len(setup.seats) > len(seats):
        setup.remove_seat(len(setup.seats) - 1)
    for seat, kind in zip(setup.seats, seats):
        seat["kind"] = kind
    setup.seats[0]["name"] = "Hana"
    setup.rebuild()
    for key, value in SHORT[variant_id].items():
        setup.set_option(key, value)
    drive.click_button("Open the table")
    assert drive.stack[-1] == "HostLobby"
    return app, drive


def _join(make_app, home, port: int, code: str, name: str = "Jo"):
    app = _app(make_app, home)
    drive = Driver(app)
    drive.key(pygame.K_n)
    drive.key(pygame.K_j)
    join = app.top
    join.address, join.code, join.name = f"127.0.0.1:{port}", code.lower(), name
    join.rebuild()
    drive.click_button("Join")
    return app, drive


def _until(apps, done, seconds=30.0, people=()):
    """Step the apps (the people at them playing) until done()."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        for app in apps:
            app.run_frames(1)
        for app, person in people:
            person.play(app)
        time.sleep(0.002)


def _play_to_the_end(people, ht, ct, seconds, each_step) -> None:
    """The people at the host's and the joined screen play until both see the match over and the
    joined screen holds its record; each_step() checks what the screens hold after every step."""
    end = time.monotonic() + seconds
    while not (ht.match.over and ct.match.over and ct.match.client.record is not None):
        assert time.monotonic() < end, f"the match did not end (host at {ht.match.version}, client at {ct.match.version})"
        for app, person in people:
            app.run_frames(1)
            person.play(app)
        each_step()
        time.sleep(0.001)


def between_turns(app, table) -> bool:
    """What a person does between turns: the next round once its results show, Enter on a hold
    meant for this screen ("remember your cards, then press Enter"). True if that was the move."""
    screen, director = table.screen, table.director
    if table.match.round_over():
        if screen.round_result is not None and not director.animating:
            table.next_round()
        return True
    hold = director.hold
    if hold is not None and (hold.seat is None or hold.seat in screen.humans):
        Driver(app).key(pygame.K_RETURN)
        return True
    return False


class Person:
    """A bot in a person's chair, acting through the table when it is ready for input."""

    def __init__(self, variant_id: str, seed: int) -> None:
        self.variant_id, self.seed = variant_id, seed
        self.table = None
        self.agent = None

    def play(self, app) -> None:
        table = app.top
        if not hasattr(table, "net") or table.match.over:
            return
        screen, director = table.screen, table.director
        if table is not self.table:     # (a new table: a rejoin) the bot begins again from its view
            self.table = table
            seat = screen.humans[0]
            self.agent = agent = make_agent(self.variant_id, "easy", self.seed)
            agent.begin(seat, get_variant(self.variant_id), table.match.seats, {})
            # It sees what the table is handed, as the person does (a memory game needs it).
            driver, table_listener = table.match, table.match._listener

            def heard(events, seat=seat):
                agent.observe([e.for_seat(seat) for e in events])
                table_listener(events)
            driver._listener = heard
        if between_turns(app, table):
            return
        if director.animating or not director.ready_for_input():
            return
        seat = screen.humans[0]
        legal = table.match.legal(seat)
        if legal:
            table.spec.act(self.agent.decide(table.match.view(seat), legal, table.match.now).action)


def _open_both(make_app, two_homes, variant_id):
    host, hd = _host(make_app, two_homes[0], variant_id)
    lobby = host.top
    code, port = lobby.hosting.table.code, lobby.hosting.link.port
    client, cd = _join(make_app, two_homes[1], port, code)
    _until([client, host], lambda: lobby.hosting.table.full() and client.top.client.seat is not None)
    host.run_frames(1)
    assert code in hd.texts and "Jo" in hd.texts and "joined" in hd.texts
    client.run_frames(1)
    assert "You sit in seat 2. The host starts the match." in cd.texts and "Jo (you)" in cd.texts
    hd.key(pygame.K_RETURN)        # Start
    _until([host, client], lambda: cd.stack[-1].startswith("Network") and hd.stack[-1].startswith("Network"))
    return host, hd, client, cd


@pytest.mark.parametrize("variant_id", ["combat-uno", "kombio"])
def test_a_host_and_a_joined_player_play_a_whole_match_in_two_apps(make_app, two_homes, variant_id):
    host, hd, client, cd = _open_both(make_app, two_homes, variant_id)
    ht, ct = host.top, client.top
    assert ht.screen.humans == [0] and ct.screen.humans == [1]
    assert ht.screen.names == ct.screen.names == ["Hana", "Jo"]
    people = [(host, Person(variant_id, 1)), (client, Person(variant_id, 2))]
    hidden_checked = 0

    def no_host_face_joined():
        nonlocal hidden_checked
        if variant_id == "combat-uno" and not ct.match.round_over() and not ct.match.over:
            # The joined screen holds no face of the host's hand (it was never sent one).
            assert all(s.card is None for s in ct.zones.hands.get(0, [])), "a face of the host's hand on the joined screen"
            hidden_checked += 1
    _play_to_the_end(people, ht, ct, 240, no_host_face_joined)
    assert hidden_checked > 10 or variant_id != "combat-uno"
    net = ht.hosting.table
    assert net.desyncs == 0 and ct.match.client.desyncs == 0 and net.illegal == 0
    assert ct.match.client.record.actions == ht.match.session.game.history
    for app, drive in ((host, hd), (client, cd)):
        app.run_frames(120)
        drawn = " ".join(drive.texts)
        assert "Hana" in drawn and "Jo" in drawn
        assert "scores" in drawn or "wins" in drawn or "won" in drawn, drawn[:400]
    # Rematch went to Play on the network whoever pressed it: the buttons say what they do.
    for app, drive in ((host, hd), (client, cd)):
        if any(getattr(w, "text", None) == "Match result" for w in app.top.input.form.widgets):
            drive.key(pygame.K_RETURN)
    assert hd.button("Host again") and cd.button("Join again")
    if variant_id == "kombio":
        # The hosted match's autosave goes once the table is left (nothing to continue).
        hd.key(pygame.K_ESCAPE)
        hd.click_button("Close the table")
        assert hd.stack == ["MainMenu"] and not (two_homes[0] / "data" / "hosted-match.json").exists()
        return
    # The joined player goes to Join a table at the host's address; the host to a new table set
    # up as this one (the same seats, rules and dropped-player rule), and its autosave goes.
    cd.key(pygame.K_r)
    assert cd.stack == ["MainMenu", "NetworkMenu", "JoinScene"] and client.top.address == f"127.0.0.1:{port_of(ht)}"
    hd.key(pygame.K_r)
    assert hd.stack == ["MainMenu", "NetworkMenu", "HostSetupScene"]
    setup = host.top
    assert [(s["name"], s["kind"]) for s in setup.seats] == [("Hana", "human"), ("Jo", "remote")]
    assert setup.options["length"] == "rounds" and setup.options["rounds"] == 1
    assert (setup.drop_wait, setup.drop_bot) == (60, "medium")
    assert not (two_homes[0] / "data" / "hosted-match.json").exists()
    hd.click_button("Open the table")
    assert hd.stack[-1] == "HostLobby" and host.top.hosting.table.code != net.code
    host.top.hosting.close()


def port_of(table) -> int:
    return table.hosting.link.port


def test_the_network_table_offers_no_take_back_and_its_menu_has_settings(make_app, two_homes):
    """Seen in a real window: the network table showed the take-back key greyed ("Ctrl+Z take
    back") though a network match never offers it, and its menu had no Settings."""
    host, hd, client, cd = _open_both(make_app, two_homes, "combat-uno")
    for app, drive in ((host, hd), (client, cd)):
        table = app.top
        _until([host, client], lambda: not table.director.animating)
        app.run_frames(1)
        assert table.take_back.hints() == [] and not table.take_back.offered()
        assert "Ctrl+Z" not in drive.texts and "take back" not in drive.texts
        drive.key(pygame.K_ESCAPE)
        assert drive.stack[-1] == "NetPauseMenu"
        drive.click_button("Settings")
        assert drive.stack[-1] == "SettingsScene"
        drive.key(pygame.K_ESCAPE)
        assert drive.stack[-1] == "NetPauseMenu"
        drive.key(pygame.K_ESCAPE)
        assert drive.stack[-1] == "NetworkTable"
    hd.key(pygame.K_ESCAPE)
    hd.click_button("Close the table")


def test_a_dropped_player_is_waited_for_and_rejoins_their_seat_with_the_whole_state(make_app, two_homes):
    host, hd, client, cd = _open_both(make_app, two_homes, "combat-uno")
    people = [(host, Person("combat-uno", 1)), (client, Person("combat-uno", 2))]
    ht, ct = host.top, client.top
    _until([host, client], lambda: ct.match.version >= 6 and not ct.director.animating, people=people)
    ct.match.link.shutdown()        # the joined player's connection drops
    _until([host, client], lambda: ht.hosting.table.paused and ct.match.lost)
    host.run_frames(1)
    assert any(t.startswith("Waiting for Jo: ") and "then a bot (medium) plays their seat" in t for t in hd.texts)
    client.run_frames(1)
    assert "The connection to the host was lost. R: rejoin your seat · Esc: leave" in cd.texts
    assert ht.match.legal(0) == []          # (the match waits: nothing may be played meanwhile)
    Driver(client).key(pygame.K_r)
    _until([client, host], lambda: client.top is not ct and hasattr(client.top, "net") and not ht.hosting.table.paused)
    rejoined = client.top
    assert rejoined.match.client.token == ct.match.client.token
    _until([client, host], lambda: rejoined.match.version == ht.match.version and not rejoined.director.animating)
    assert rejoined.match.last_action is not None       # (rebuilt from the views, as a continued match)
    assert not ht.banner() and not rejoined.banner()
    people[1] = (client, Person("combat-uno", 3))
    _until([host, client], lambda: ht.match.version >= rejoined.match.version + 3 or ht.match.over, 60, people)
    assert ht.hosting.table.desyncs == 0 and rejoined.match.client.desyncs == 0


def test_continue_hosting_after_a_crash_rebuilds_the_table_and_the_player_rejoins(make_app, two_homes):
    host, hd, client, cd = _open_both(make_app, two_homes, "combat-uno")
    ht, ct = host.top, client.top
    people = [(host, Person("combat-uno", 1)), (client, Person("combat-uno", 2))]
    _until([host, client], lambda: ht.match.version >= 5 and not ct.director.animating, people=people)
    version, code = ht.match.version, ht.hosting.table.code
    # The host "crashes": its server goes, nothing is closed or saved on the way out.
    host.services.clear()
    ht.hosting.link.shutdown()
    host.scenes.clear()
    _until([client], lambda: ct.match.lost)
    again = _app(make_app, two_homes[0])
    drive = Driver(again)
    drive.key(pygame.K_n)
    assert "Continue hosting" in drive.texts and f"Combat UNO, table code {code}: the players rejoin." in drive.texts
    drive.key(pygame.K_c)
    table = again.top
    assert drive.stack == ["MainMenu", "NetworkTable"] and table.match.version == version
    again.run_frames(1)
    assert any(t.startswith("Waiting for Jo: ") for t in drive.texts)
    Driver(client).key(pygame.K_r)
    _until([client, again], lambda: client.top is not ct and hasattr(client.top, "net") and not table.hosting.table.paused)
    _until([client, again], lambda: client.top.match.version == table.match.version)
    assert table.match.version >= version and client.top.match.seat == 1


class HotSeat:
    """Two people at the host's screen (bots in their chairs): whoever the curtain asks for comes
    to the screen (Enter) and plays while their hand is open; each remembers what it was shown."""

    def __init__(self, variant_id: str, seed: int) -> None:
        self.variant_id, self.seed = variant_id, seed
        self.table = None
        self.agents: dict = {}
        self.curtains: list[int] = []       # the seat each curtain asked for, in order

    def play(self, app) -> None:
        from game.client.scenes.curtain import Curtain

        if isinstance(app.top, Curtain):
            if not self.curtains or self.curtains[-1] != ("up", app.top.seat):
                self.curtains.append(("up", app.top.seat))
                Driver(app).key(pygame.K_RETURN)
            return
        if self.curtains and self.curtains[-1][0] == "up":
            self.curtains[-1] = ("seen", self.curtains[-1][1])
        table = app.top
        if not hasattr(table, "net") or table.match.over:
            return
        screen, director = table.screen, table.director
        if table is not self.table:
            self.table = table
            match = table.match
            for seat in screen.humans:
                agent = make_agent(self.variant_id, "easy", self.seed + seat)
                agent.begin(seat, get_variant(self.variant_id), match.seats, {})
                self.agents[seat] = agent
            table_listener = match._listener

            def heard(events):
                for seat, agent in self.agents.items():
                    agent.observe([e.for_seat(seat) for e in events])
                table_listener(events)
            match._listener = heard
        if between_turns(app, table):
            return
        seat = screen.viewer
        if seat is None or director.animating or not director.ready_for_input():
            return
        legal = table.match.legal(seat)
        if legal:
            table.spec.act(self.agents[seat].decide(table.match.view(seat), legal, table.match.now).action)


def _private_faces_only_for(frame, viewer_seats):
    """A frame's (viewer, curtain, faces): no face under a curtain, a private face only in the
    hand of the one who looks. Returns how many private faces it checked."""
    viewer, curtain, faces = frame
    assert curtain is None or not faces, "a card face was drawn while the curtain was up"
    n = 0
    for place, card, show_to in faces:
        if show_to is None:
            continue        # public: the pile, a card on its way there, hands laid down at the end
        assert viewer in viewer_seats and show_to == frozenset((viewer,)), f"{card} of {set(show_to)} drawn for {viewer}"
        assert place is None or place.zone == "hand" and place.seat == viewer, f"{card} at {place}"
        n += 1
    return n


def test_two_people_at_the_host_behind_the_curtain_and_a_joined_player_play_a_whole_match(make_app, two_homes):
    """Hot-seat at the host mixed with a remote player: Combat UNO, Hana and Ben at the host's
    screen, Jo joined. The curtain goes up between Hana and Ben as at a local hot-seat table, no
    face of one is drawn while the other looks (nor under the curtain), none of theirs on Jo's
    screen, and both sides end with the same record."""
    host, hd = _host(make_app, two_homes[0], "combat-uno", seats=("human", "human", "remote"))
    lobby = host.top
    code, port = lobby.hosting.table.code, lobby.hosting.link.port
    client, cd = _join(make_app, two_homes[1], port, code)
    _until([client, host], lambda: lobby.hosting.table.full() and client.top.client.seat is not None)
    hd.key(pygame.K_RETURN)        # Start
    _until([host, client], lambda: cd.stack[-1].startswith("Network") and any(s.startswith("Network") for s in hd.stack))
    ht = next(s for s in host.scenes if hasattr(s, "net"))
    ct = client.top
    assert ht.screen.humans == [0, 1] and ht.screen.hotseat and ct.screen.humans == [2]
    ht.draw_log, ct.draw_log = [], []
    people = [(host, HotSeat("combat-uno", 1)), (client, Person("combat-uno", 2))]
    host_faces = joined_faces = 0

    def faces_only_where_seen():
        nonlocal host_faces, joined_faces
        for frame in ht.draw_log:
            host_faces += _private_faces_only_for(frame, (0, 1))
        for frame in ct.draw_log:
            joined_faces += _private_faces_only_for(frame, (2,))
        ht.draw_log.clear(), ct.draw_log.clear()
        if not ct.match.round_over() and not ct.match.over:
            for seat in (0, 1):
                assert all(s.card is None for s in ct.zones.hands.get(seat, [])), "a face of the host's hand on the joined screen"
    _play_to_the_end(people, ht, ct, 300, faces_only_where_seen)
    curtains = people[0][1].curtains
    asked = [seat for _, seat in curtains]
    assert {0, 1} <= set(asked), asked
    assert any(a != b for a, b in zip(asked, asked[1:])), "the curtain never went up between Hana and Ben"
    assert host_faces > 20 and joined_faces > 20, (host_faces, joined_faces)
    net = ht.hosting.table
    assert net.desyncs == 0 and ct.match.client.desyncs == 0 and net.illegal == 0
    assert ct.match.client.record.actions == ht.match.session.game.history


def test_the_main_menus_continue_offers_the_hosted_match_a_crash_left(make_app, two_homes):
    """After a host crash the main menu's Continue (not only Play on the network's) names the
    hosted match and opens it again on its port; the joined player rejoins and play goes on."""
    host, hd, client, cd = _open_both(make_app, two_homes, "combat-uno")
    ht, ct = host.top, client.top
    people = [(host, Person("combat-uno", 1)), (client, Person("combat-uno", 2))]
    _until([host, client], lambda: ht.match.version >= 5 and not ct.director.animating, people=people)
    version, code, port = ht.match.version, ht.hosting.table.code, ht.hosting.link.port
    host.services.clear()
    ht.hosting.link.shutdown()
    host.scenes.clear()
    _until([client], lambda: ct.match.lost)
    again = _app(make_app, two_homes[0])
    drive = Driver(again)
    again.run_frames(1)
    assert "Continue" in drive.texts
    drawn = " ".join(drive.texts)       # (the button's line wraps)
    assert f"Continue Combat UNO on the network · hosting, round 1 · 2 players · table code {code} · just now" in drawn, drawn
    drive.key(pygame.K_c)
    table = again.top
    assert drive.stack == ["MainMenu", "NetworkTable"] and table.match.version == version
    assert table.hosting.link.port == port          # (the players rejoin at the same address)
    Driver(client).key(pygame.K_r)
    _until([client, again], lambda: client.top is not ct and hasattr(client.top, "net") and not table.hosting.table.paused)
    rejoined = client.top
    _until([client, again], lambda: rejoined.match.version == table.match.version and not rejoined.director.animating)
    people = [(again, Person("combat-uno", 1)), (client, Person("combat-uno", 3))]
    _until([again, client], lambda: table.match.version >= version + 3 or table.match.over, 60, people)
    assert table.hosting.table.desyncs == 0 and rejoined.match.client.desyncs == 0
