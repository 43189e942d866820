"""The one memory model (game.core.memory): capacity, decay with events and time, interference when
cards move, confusions with plausible values; perfect recall for the client's memory aid."""

from __future__ import annotations

import random

from game.core.cards import DECK, DISCARD, Card, grid_place
from game.core.events import NOBODY, CardMoved, CardSeen, CardsSwapped, RoundStarted, TurnStarted
from game.core.memory import Recall, TableMemory

VALUES = tuple(range(-1, 15))


def _seen(memory, places, rank=5):
    memory.observe_all([CardSeen(memory.seat, p, Card(10 * p.seat + p.index, rank), frozenset({memory.seat}))
                        for p in places])


def _table(seats=3):
    return [grid_place(s, i) for s in range(seats) for i in range(4)]


def test_perfect_recall_forgets_nothing():
    m = TableMemory(0)
    m.observe(RoundStarted(1, 2, 0))
    _seen(m, _table())
    for _ in range(200):
        m.observe_all([TurnStarted(t) for t in range(3)])
    m.tick(10_000.0)
    assert len(m.known) == 12


def test_capacity_keeps_only_so_many_cards_and_own_cards_hold_on():
    m = TableMemory(0, Recall(capacity=4, own_boost=3.0))
    m.observe(RoundStarted(1, 2, 0))
    _seen(m, [grid_place(0, i) for i in range(4)])
    _seen(m, [grid_place(1, i) for i in range(4)])
    assert len(m.known) == 4
    # Its own four were seen first but count as fresher than a card just seen... up to a point.
    assert sum(p.seat == 0 for p in m.known) >= 2


def _kept_after(recall, events=0, seconds=0.0, seeds=300):
    kept = 0
    for seed in range(seeds):
        m = TableMemory(0, recall, random.Random(seed))
        m.observe(RoundStarted(1, 2, 0))
        _seen(m, [grid_place(1, 0)])
        for _ in range(events):
            m.observe(CardMoved(None, DECK, grid_place(2, 0), NOBODY))
        m.tick(seconds)
        kept += grid_place(1, 0) in m.known
    return kept / seeds


def test_decay_with_events_and_with_time_and_seeing_again_refreshes():
    assert abs(_kept_after(Recall(half_life_events=20), events=20) - 0.5) < 0.1
    assert _kept_after(Recall(half_life_events=20), events=60) < 0.25
    assert abs(_kept_after(Recall(half_life_seconds=30), seconds=30.0) - 0.5) < 0.1
    assert _kept_after(Recall(half_life_seconds=30), seconds=1.0) > 0.9
    # Own cards last longer.
    m = TableMemory(0, Recall(half_life_events=10, own_boost=100.0), random.Random(1))
    _seen(m, [grid_place(0, 0)])
    for _ in range(10):
        m.observe(TurnStarted(1))
    assert grid_place(0, 0) in m.known


def test_a_swap_is_harder_to_follow_than_a_card_moved_in_view():
    recall = Recall(swap_slip=0.3, look_slip=0.05)
    lost_swap = lost_look = 0
    for seed in range(400):
        m = TableMemory(0, recall, random.Random(seed))
        _seen(m, [grid_place(1, 0), grid_place(2, 0)])
        m.observe(CardsSwapped(grid_place(1, 0), grid_place(2, 1), 2))     # someone else's blind swap
        lost_swap += grid_place(2, 1) not in m.known
        m.observe(CardsSwapped(grid_place(2, 0), grid_place(0, 1), 0))     # its own swap
        lost_look += grid_place(0, 1) not in m.known
    assert 0.2 < lost_swap / 400 < 0.4
    assert lost_look / 400 < 0.1


def test_a_give_face_down_may_lose_the_card():
    lost = 0
    for seed in range(200):
        m = TableMemory(0, Recall(swap_slip=0.5), random.Random(seed))
        _seen(m, [grid_place(1, 2)])
        m.observe(CardMoved(None, grid_place(1, 2), grid_place(2, 0), NOBODY, 1))
        lost += grid_place(2, 0) not in m.known
    assert 60 < lost < 140


def test_confusions_are_close_or_recent_values_the_deck_holds():
    m = TableMemory(0, Recall(confusion=1.0), random.Random(3), values=VALUES)
    recent_hits = 0
    for i in range(300):
        m.remember(grid_place(1, i % 4), Card(100 + i, 14 if i % 2 else 3))
        stored = m.known[grid_place(1, i % 4)].rank
        assert stored in VALUES and stored != (14 if i % 2 else 3)
        recent_hits += abs(stored - (14 if i % 2 else 3)) > 2
    assert recent_hits > 0   # some confusions are with a value seen a moment ago, not a near one
    # Without the deck's values there is nothing plausible to confuse with: the card is kept as seen.
    plain = TableMemory(0, Recall(confusion=1.0), random.Random(3))
    plain.remember(grid_place(1, 0), Card(1, 7))
    assert plain.known[grid_place(1, 0)].rank == 7


def test_only_the_latest_discards_are_counted():
    m = TableMemory(0, Recall(pile_span=2))
    for i in range(5):
        m.observe(CardMoved(Card(i, i), grid_place(1, 0), DISCARD, None, 1))
    assert m.located_ids() == {3, 4}
    assert TableMemory(0).located_ids() == set()


def test_the_level_parameters_are_the_knob():
    from ai import make_agent
    from ai.levels import LEVELS
    from game.core.memory import PERFECT
    assert LEVELS["easy"].recall.capacity < LEVELS["medium"].recall.capacity < LEVELS["hard"].recall.capacity
    assert make_agent("kombio", "easy", 1).memory.recall == LEVELS["easy"].recall
    assert make_agent("kombio", "easy", 1, memory="perfect").memory.recall == PERFECT
    mine = Recall(capacity=2)
    bot = make_agent("kombio", "hard", 1, recall=mine)
    bot.begin(0, None, 3, {})
    assert bot.memory.recall == mine
