"""The session driver: bots act after their delays on an injected clock, stale reactions are
dropped, windows expire on time, humans' illegal actions change nothing."""

from __future__ import annotations

import itertools
import pickle

import pytest

from game.core.actions import Expire, Pass, StartRound
from game.core.cards import Card, grid_place
from game.core.errors import IllegalAction
from game.core.session import Intent, Session, run_to_end
from game.variants.kombio import DrawFromDeck, Exchange, Kombio, Match

_ids = itertools.count(50_000)


class Scripted:
    """Plays a fixed choice per phase with a fixed delay; records what it was asked."""

    def __init__(self, choose, delay=1.0):
        self.choose, self.delay, self.asked, self.events = choose, delay, [], []

    def begin(self, seat, game_type, seats, options):
        self.seat = seat

    def observe(self, events):
        self.events += events

    def decide(self, view, legal, now):
        self.asked.append((now, view.phase))
        return Intent(self.choose(view, legal), self.delay)


def stacked_game(grids, deck, seconds=3.0):
    game = Kombio(len(grids), {"reaction_seconds": seconds}, seed=1)
    game.apply(StartRound(), 0.0)
    game.grids = [[Card(next(_ids), v) for v in row] for row in grids]
    game.deck = [Card(next(_ids), v) for v in deck]
    return game


def first_match_or_pass(target):
    def choose(view, legal):
        wanted = Match(view.seat, target)
        return wanted if wanted in legal else next(a for a in legal if isinstance(a, Pass))
    return choose


def test_the_fastest_valid_claim_wins_and_the_slower_one_is_dropped():
    game = stacked_game([[1, 2, 3, 4], [4, 9, 9, 9], [9, 4, 9, 9]], deck=[0])
    fast = Scripted(first_match_or_pass(grid_place(1, 0)), delay=0.5)
    slow = Scripted(first_match_or_pass(grid_place(1, 0)), delay=0.9)
    session = Session(game, {1: fast, 2: slow})
    session.submit(DrawFromDeck(0), 1.0)
    session.submit(Exchange(0, 3), 1.0)           # a 4 lands on the pile at t=1.0
    session.advance(1.6)
    assert game.history[-1] == (1.5, Match(1, grid_place(1, 0)))
    assert game.grids[1][0] is None
    # seat 2's claim on the same card was decided in a situation that no longer exists
    assert session.dropped >= 1 and session.illegal == 0
    assert all(a != Match(2, grid_place(1, 0)) for _, a in game.history)


def test_a_window_nobody_claims_expires_exactly_at_its_deadline():
    game = stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0], seconds=2.0)
    session = Session(game, {})
    session.submit(DrawFromDeck(0), 1.0)
    session.submit(Exchange(0, 3), 1.0)
    assert session.next_due() == 3.0
    session.advance(2.99)
    assert game.phase == "reaction"
    session.advance(10.0)
    assert game.history[-1] == (3.0, Expire()) and game.phase == "turn"


def test_bots_are_asked_when_the_situation_arises_and_act_after_their_delay():
    game = stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0, 0, 0])

    def turn_player(view, legal):
        return legal[0]

    bot = Scripted(turn_player, delay=1.25)
    session = Session(game, {0: bot})
    session.advance(1.0)
    assert bot.asked == [(0.0, "turn")] and game.phase == "turn"
    session.advance(1.25)
    assert game.history[-1] == (1.25, DrawFromDeck(0))


def test_a_humans_illegal_action_raises_and_changes_nothing():
    game = stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0])
    session = Session(game, {})
    before = pickle.dumps(game.__dict__)
    with pytest.raises(IllegalAction):
        session.submit(DrawFromDeck(1), 0.5)
    assert pickle.dumps(game.__dict__) == before


def test_bots_receive_only_their_redacted_events():
    game = stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0])
    watcher = Scripted(lambda v, legal: legal[-1])
    session = Session(game, {1: watcher})
    session.submit(DrawFromDeck(0), 0.5)
    drawn = [e for e in watcher.events if type(e).__name__ == "CardMoved"]
    assert drawn and drawn[-1].card is None


def test_an_all_random_session_plays_a_whole_match_on_the_simulated_clock():
    from ai.random_agent import RandomAgent

    game = Kombio(4, {"rounds": 2}, seed=4)
    session = Session(game, {s: RandomAgent(s) for s in range(4)})
    end = run_to_end(session)
    assert game.over and end > 0 and session.illegal == 0
    assert [type(a).__name__ for _, a in game.history].count("StartRound") == 2


def test_an_agent_that_keeps_offering_an_illegal_action_cannot_hold_advance_for_ever():
    game = Kombio(2, {"reaction_seconds": 3.0}, seed=1)
    stubborn = Scripted(lambda view, legal: Exchange(view.seat, 9), delay=0.0)   # never a legal slot
    session = Session(game, {0: stubborn, 1: stubborn})
    session.start_round(0.0)
    assert session.advance(1e300, limit=500) == 0
    assert session.illegal == 500 and not game.over


# -- a bot that could only pass lets the window run out ------------------------------------------
class Recorder:
    """Passes when it may, else takes the first legal action; records every ask as (now, legal)."""

    def __init__(self, delay=0.5):
        self.delay, self.asked = delay, []

    def begin(self, seat, game_type, seats, options):
        self.seat = seat

    def observe(self, events):
        pass

    def decide(self, view, legal, now):
        self.asked.append((now, list(legal)))
        return Intent(next((a for a in legal if isinstance(a, Pass)), legal[0]), self.delay)


def uno_jump_window(seconds=3.0):
    """Combat UNO, three seats, a red 9 just played: seat 2 holds another red 9 (it may jump in),
    seat 1 holds nothing identical (it may only pass); seat 0 is on turn."""
    from tests.test_combat_uno_rules import arranged
    return arranged([["r1", "g2", "g3"], ["b7", "b8"], ["r9", "y3"]], "r9", turn=0, reaction_seconds=seconds)


def test_a_bot_that_could_only_pass_is_not_asked_while_the_window_runs_out():
    game = uno_jump_window()
    bots = {seat: Recorder() for seat in (1, 2)}
    session = Session(game, bots)
    session.advance(0.0)
    assert bots[1].asked == []                       # nothing but Pass: left to let it run out
    assert [legal for _, legal in bots[2].asked] == [game.legal_actions(2)] and len(game.legal_actions(2)) == 2
    assert 1 not in session.pending and 2 in session.pending
    session.advance(3.0)                             # seat 2 passed at 0.5; the window expires at 3.0
    assert (3.0, Expire()) in game.history
    assert all(a.seat != 1 for _, a in game.history)
    assert bots[1].asked == []


def test_a_waiting_bot_is_asked_once_it_has_more_than_pass():
    from tests.test_combat_uno_rules import play
    game = uno_jump_window()
    bots = {1: Recorder()}
    session = Session(game, bots)
    session.advance(0.0)
    assert bots[1].asked == []
    session.submit(play(0, "r1"), 0.1)               # seat 1's turn now: it is asked at once
    session.advance(0.1)
    assert [now for now, _ in bots[1].asked] == [0.1]


def test_without_a_deadline_a_bot_that_could_only_pass_is_asked_and_passes():
    game = uno_jump_window(seconds=0)                # the window waits for every seat
    bots = {seat: Recorder() for seat in (1, 2)}
    session = Session(game, bots)
    session.advance(0.0)
    assert [legal for _, legal in bots[1].asked] == [[Pass(1)]]
    session.advance(0.5)
    assert (0.5, Pass(1)) in game.history and (0.5, Pass(2)) in game.history


def test_hurrying_passes_makes_a_waiting_bot_pass_too():
    game = uno_jump_window()
    bots = {seat: Recorder(delay=2.0) for seat in (1, 2)}
    session = Session(game, bots)
    session.advance(0.0)
    assert session.hurry(Pass, 0.2) == 2             # seat 2's planned pass, and seat 1 waiting
    session.advance(0.2)
    assert {a for t, a in game.history if t == 0.2} >= {Pass(1), Pass(2)}
    assert bots[1].asked == []


def test_a_bot_that_keeps_time_is_told_when_it_is_left_waiting():
    from tests.test_combat_uno_rules import play

    class Noticing(Recorder):
        def __init__(self):
            super().__init__()
            self.noticed = []

        def notice(self, view, legal, now):
            self.noticed.append((now, view.seat, len(view.hand), list(legal)))

    game = uno_jump_window()
    bot = Noticing()
    session = Session(game, {1: bot})
    session.advance(0.0)
    assert bot.asked == [] and bot.noticed == [(0.0, 1, 2, [Pass(1)])]
    session.advance(0.05)                            # nothing changed for it: not told again
    assert len(bot.noticed) == 1
    session.submit(play(0, "r1"), 0.1)               # its turn: asked, not told
    session.advance(0.1)
    assert len(bot.noticed) == 1 and [now for now, _ in bot.asked] == [0.1]


@pytest.mark.parametrize("variant", ["kombio", pytest.param("kabu", marks=pytest.mark.slow)])
def test_a_bots_memory_rebuilt_from_the_record_is_the_memory_it_had_in_play(variant):
    """A continued match (and the round replay) rebuilds its bots by telling them the record's
    steps without asking them anything: each bot's memory must come out as it was in play, step by
    step. It fades with its events and their times (the Session's `clock`), never with when it
    was asked: it used to draw its forgetting at every decision, and diverged within a few steps."""
    from ai import bot_seed, make_agent
    from game.core.game import get_variant

    cls = get_variant(variant)
    kinds = ["easy", "medium", "hard", "easy"]
    for seed in range(3):
        game = cls(4, None, seed)
        bots = {s: make_agent(variant, k, bot_seed(seed, s)) for s, k in enumerate(kinds)}
        in_play: list[dict] = []
        run_to_end(Session(game, bots, listener=lambda events: in_play.append(
            {s: dict(b.memory.known) for s, b in bots.items()})))
        fresh = {s: make_agent(variant, k, bot_seed(seed, s)) for s, k in enumerate(kinds)}
        rebuilt = Session(cls(4, None, seed), fresh)
        for step, (t, action) in enumerate(game.history):
            rebuilt.submit(action, t)
            assert {s: dict(b.memory.known) for s, b in fresh.items()} == in_play[step], (seed, step)
        assert all(fresh[s].memory.rng.getstate() == bots[s].memory.rng.getstate() for s in bots)
