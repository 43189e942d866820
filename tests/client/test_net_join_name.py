"""A player who never chose a name joins a network table under none, never as "You" (issue 34).

The join screen shows the default name in the player's language ("Du"); it used to send the stored
default, the literal "You", which the host's table then showed as that remote seat's name. Now
the hello carries "" and every screen calls the seat "Player n" in its own language (the host
assigns nothing in words: tests/test_net_words.py); a chosen name is sent as typed."""

from __future__ import annotations

import json
import queue

import pytest

from game import i18n

pytestmark = pytest.mark.client


class QuietLink:
    """A ClientLink that connects nowhere: what the lobby sends is kept."""

    def __init__(self) -> None:
        self.inbox: queue.Queue = queue.Queue()
        self.sent: list[str] = []
        self.wake = None

    def send(self, text: str) -> None:
        self.sent.append(text)

    def shutdown(self) -> None:
        pass


@pytest.mark.parametrize("lang,typed,sent", [("de", None, ""), ("en", None, ""), ("fr", "Zoé", "Zoé")])
def test_the_hello_carries_no_name_for_a_player_who_kept_the_default(drive, lang, typed, sent):
    from game.client.scenes.network import ClientLobby, JoinScene

    app = drive.app
    assert app.settings.player_name == "You"
    try:
        app.set_language(lang)
        join = app.push(JoinScene(app, address="127.0.0.1:1", code="ABCDEF"))
        app.run_frames(1)
        if typed is not None:
            join.name = typed
        link = QuietLink()
        join._joined(link)
        lobby = app.top
        assert isinstance(lobby, ClientLobby)
        hello = json.loads(link.sent[0])
        assert hello["type"] == "hello" and hello["name"] == sent
        lobby.back()
    finally:
        i18n.set_language("en")


def test_no_table_at_the_address_is_said_in_the_players_language(drive):
    """It showed the network layer's English ("cannot reach a table at …: Connect call failed")."""
    import time

    from game.client.scenes.network import JoinScene

    app = drive.app
    try:
        app.set_language("de")
        join = app.push(JoinScene(app, address="127.0.0.1:1", code="ABCDEF"))
        app.run_frames(1)
        join.join()
        end = time.monotonic() + 20
        while join._connecting is not None or join.error.startswith("Verbinde"):
            assert time.monotonic() < end, "no answer"
            app.run_frames(1)
            time.sleep(0.01)
        assert join.error == ("Kein Tisch hat unter 127.0.0.1:1 geantwortet: prüfe die Adresse und ob der Tisch "
                              "des Gastgebers offen ist.")
    finally:
        i18n.set_language("en")
