"""The match driver: the client's one holder of the game. Events reach the table redacted for the
people at the screen; a finished match is counted with the game's own winners."""

from __future__ import annotations

from types import SimpleNamespace

from ai.registry import make_agent
from game.client.table.driver import MatchDriver
from game.core.events import CardMoved, CardSeen
from game.core.record import GameRecord, SeatInfo


def play_out(driver: MatchDriver, limit: int = 5000) -> None:
    t = 0.0
    while not driver.over and limit:
        limit -= 1
        if driver.view().phase in ("ready", "round_over"):
            driver.start_round(t)
        t += 0.5
        driver.advance(t)


class Store:
    def __init__(self):
        self.finished, self.saved = [], []

    def record_finished(self, record, lowest_wins=True, coached=False):
        self.finished.append((record, lowest_wins))


def test_a_finished_match_is_counted_with_the_games_winners():
    record = GameRecord("kombio", {"rounds": 2}, [SeatInfo(f"Bot {i}", "bot", "easy") for i in range(3)], 11)
    agents = {i: make_agent("kombio", "easy", i) for i in range(3)}
    driver = MatchDriver(record, agents, humans=[])
    play_out(driver)
    assert driver.over
    store = Store()
    driver.save(store, {})
    (rec, lowest), = store.finished
    view = driver.view()
    assert rec.result["winners"] == list(view.winners) and lowest is True
    # a game whose result crowns the highest total is not counted as "lowest wins"
    driver.view = lambda seat=-1: SimpleNamespace(winners=(0,), totals=(25, 3, 9))
    assert driver.winners_lowest() is False
    driver.view = lambda seat=-1: SimpleNamespace(winners=(1,), totals=(25, 3, 9))
    assert driver.winners_lowest() is True


def test_events_reach_the_screen_redacted_for_its_humans():
    seats = [SeatInfo("You", "human"), SeatInfo("Ada", "bot", "easy"), SeatInfo("Bruno", "bot", "easy")]
    record = GameRecord("kombio", {"rounds": 1}, seats, 5)
    agents = {i: make_agent("kombio", "easy", i) for i in (1, 2)}
    driver = MatchDriver(record, agents, humans=[0])
    got = []
    driver.listen(got.extend)
    driver.start_round(0.0)
    seen = [e for e in got if isinstance(e, CardSeen)]
    assert seen and all((e.card is not None) == (e.seat == 0) for e in seen)
    dealt = [e for e in got if isinstance(e, CardMoved)]
    assert dealt and all(e.card is None or e.shown_to is None or 0 in e.shown_to for e in dealt)
