"""Session.claim: an action counted at a time of its own that competes with the bots' pending
intents (network play: a remote player's claim reaches the host after its moment), the horizon
that holds what is due until such a claim could have arrived, and seat_agent (a bot takes a
dropped player's seat and gives it back)."""

from __future__ import annotations

from game.core.actions import StartRound
from game.core.cards import Card, grid_place
from game.core.session import Intent, Session
from game.variants.kombio import DrawFromDeck, Exchange, Kombio, Match


# -- the Session's timed claims --------------------------------------------------------------------
class Matcher:
    def __init__(self, target, delay):
        self.target, self.delay = target, delay

    def begin(self, seat, game_type, seats, options):
        self.seat = seat

    def observe(self, events):
        pass

    def decide(self, view, legal, now):
        wanted = Match(view.seat, self.target)
        return Intent(wanted if wanted in legal else legal[-1], self.delay)


def window_with_a_bot(delay=0.5):
    game = Kombio(3, {"reaction_seconds": 3.0}, seed=1)
    game.apply(StartRound(), 0.0)
    ids = iter(range(50_000, 50_100))
    game.grids = [[Card(next(ids), v) for v in row] for row in ([1, 2, 3, 4], [4, 9, 9, 9], [9, 4, 9, 9])]
    game.deck = [Card(next(ids), 0)]
    session = Session(game, {1: Matcher(grid_place(1, 0), delay)})
    told = []
    session.on_claim = lambda action, tag, events, refusal: told.append((tag, refusal is None))
    session.submit(DrawFromDeck(0), 1.0)
    session.submit(Exchange(0, 3), 1.0)    # a 4 lands on the pile at t=1.0
    return game, session, told


def test_a_claim_timed_before_the_bots_intent_wins_even_when_it_arrives_after():
    game, session, told = window_with_a_bot(0.5)
    session.advance(1.3)                                      # nothing due yet
    session.claim(Match(2, grid_place(1, 0)), 1.4, tag="remote")
    session.advance(2.0)
    assert (1.4, Match(2, grid_place(1, 0))) in game.history
    assert told == [("remote", True)]


def test_a_claim_timed_after_the_bots_intent_loses():
    game, session, told = window_with_a_bot(0.5)
    session.claim(Match(2, grid_place(1, 0)), 1.6, tag="remote")
    session.advance(2.0)
    assert (1.5, Match(1, grid_place(1, 0))) in game.history
    assert Match(2, grid_place(1, 0)) not in [a for _, a in game.history]
    assert told == [("remote", False)] and session.refused_claims == 1


def test_the_horizon_holds_a_bot_back_until_a_remote_claim_could_have_arrived():
    game, session, told = window_with_a_bot(0.5)
    session.advance(2.0, horizon=lambda: 1.45)               # a remote claim could still count at 1.45
    assert all(a != Match(1, grid_place(1, 0)) for _, a in game.history)
    session.claim(Match(2, grid_place(1, 0)), 1.48, tag="late but sooner")
    session.advance(2.0)
    assert (1.48, Match(2, grid_place(1, 0))) in game.history


def test_a_seat_taken_over_by_a_bot_and_given_back():
    game, session, _ = window_with_a_bot(0.5)
    session.seat_agent(2, Matcher(grid_place(1, 0), 0.3))    # seat 2's bot is faster
    session.advance(2.0)
    assert (1.3, Match(2, grid_place(1, 0))) in game.history
    session.seat_agent(2, None)
    assert 2 not in session.agents
