"""The coach: the hard bot following one seat's events as a Session watcher, asked for that seat's
move. It never acts, learns only what the seat has seen, and answers the same in two worlds that
look the same from the seat."""

from __future__ import annotations

import copy
import random

import pytest

from ai import bot_seed, make_agent
from ai.coach import Advice, advise, coach_agent
from game.core.game import get_variant
from game.core.session import Session
from tests.test_ai_fairness import _cards_in, _twin


class Recorder:
    def __init__(self):
        self.events = []
        self.asked = 0

    def begin(self, seat, *args):
        self.seat = seat

    def observe(self, events):
        self.events.extend(events)

    def decide(self, view, legal, now):
        self.asked += 1
        raise AssertionError("a watcher is never asked to act")


def test_a_watcher_follows_its_seats_redacted_events_and_never_acts():
    cls = get_variant("kombio")
    game = cls(3, {"rounds": 1}, 5)
    bots = {s: make_agent("kombio", "random", s) for s in (1, 2)}
    bots[0] = make_agent("kombio", "random", 9)
    watcher = Recorder()
    session = Session(game, bots, watchers={0: watcher})
    seat_zero_bot = Recorder()
    session2 = Session(cls(3, {"rounds": 1}, 5), {**{s: make_agent("kombio", "random", s) for s in (1, 2)},
                                                  0: make_agent("kombio", "random", 9)},
                       watchers={0: seat_zero_bot})
    from game.core.session import run_to_end
    run_to_end(session)
    run_to_end(session2)
    assert watcher.asked == 0 and watcher.events
    # Every face it saw was shown to seat 0 (or public): the same copies seat 0's own bot got.
    for e in watcher.events:
        if e.hides_cards():
            assert e == e.for_seat(0)
    assert watcher.events == seat_zero_bot.events


@pytest.mark.parametrize("variant", ["kombio", "combat-uno"])
@pytest.mark.slow
def test_the_coach_answers_the_same_in_twin_worlds(variant):
    """Seat 0 is a person who follows the coach; at each of its moves the coach is also asked in a
    world where the cards seat 0 never saw are dealt differently: its answer must not change."""
    cls = get_variant(variant)
    options = {"length": "rounds", "rounds": 1} if variant == "combat-uno" else {"rounds": 1}
    checked = 0
    for seed in (1, 2, 3):
        game = cls(3, options, seed)
        coach = coach_agent(variant, bot_seed(seed, 1000))
        assert coach is not None
        agents = {s: make_agent(variant, "medium", bot_seed(seed, s)) for s in (1, 2)}
        follower = SeenBy(coach)
        session = Session(game, agents, watchers={0: follower})
        rng = random.Random(seed)

        def ask(view, legal, game=game, coach=coach, follower=follower, rng=rng):
            nonlocal checked
            mine = advise(copy.deepcopy(coach), view, legal, game.now)
            seen_now = set(follower.seen)
            _cards_in(view, seen_now)
            twin = _twin(game, seen_now, rng)
            if twin is not None:
                assert twin.observe(0) == view and twin.legal_actions(0) == legal
                theirs = advise(copy.deepcopy(coach), twin.observe(0), twin.legal_actions(0), twin.now)
                assert theirs == mine
                checked += 1
            advice = advise(coach, view, legal, game.now)
            assert isinstance(advice, Advice) and advice.action in legal
            return advice.action
        follow_the_coach(session, game, ask)
    assert checked >= 10


def follow_the_coach(session, game, ask, steps=400):
    """Seat 0 plays what ask(view, legal) returns, the other seats as the session schedules them."""
    for _ in range(steps):
        if game.over:
            return
        legal = session.legal(0)
        if legal:
            session.submit(ask(session.view(0), legal), game.now)
            continue
        due = session.next_due()
        if due is None:
            return
        session.advance(due, limit=1)


class SeenBy:
    """Passes a seat's events on to the coach and notes every card id they showed the seat."""

    def __init__(self, inner):
        self.inner = inner
        self.seen: set[int] = set()

    def begin(self, *args):
        self.inner.begin(*args)

    def observe(self, events):
        for e in events:
            _cards_in(e, self.seen)
        self.inner.observe(events)

    def decide(self, view, legal, now):
        raise AssertionError("a watcher is never asked to act")


@pytest.mark.parametrize("variant", ["kombio", "combat-uno", "sixteen-combos"])
def test_the_coachs_reasons_are_keys_with_numbers_not_english_words(variant):
    """The bots gave their reasons as English sentences, and the coach quoted them to every player
    whatever their language: a reason is now a listed key and whole numbers (the client words it)."""
    from ai.reasons import KEYS, Reason

    cls = get_variant(variant)
    game = cls(3, {}, 4)
    coach = coach_agent(variant, bot_seed(4, 1000))
    session = Session(game, {s: make_agent(variant, "medium", bot_seed(4, s)) for s in (1, 2)}, watchers={0: coach})
    keys = set()

    def ask(view, legal):
        advice = advise(coach, view, legal, game.now)
        if advice.reason is not None:
            assert isinstance(advice.reason, Reason) and advice.reason.key in KEYS
            assert all(isinstance(v, int) for _, v in advice.reason.values)
            keys.add(advice.reason.key)
        return advice.action
    follow_the_coach(session, game, ask, steps=300)
    assert len(keys) >= 2 and all(k.startswith(variant.replace("-", "_") + ".") for k in keys)
