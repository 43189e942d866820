"""Take-back in the engine: a match rebuilt from its record cut before a player's move is that
match at that moment, to every seat and in what nobody sees (the deck: the same cards come again);
the ledger finds the player's last move, within the round, and refuses one that showed the player
a card they had not seen."""

from __future__ import annotations

import json

import pytest

from ai.registry import make_agent
from game.core.actions import StartRound
from game import games
from game.core.game import get_variant
from game.core.record import GameRecord, SeatInfo
from game.core.session import Session
from game.core.takeback import NOTHING_YET, ROUND_SCORED, SHOWED_A_CARD, TakeBackLedger

VARIANTS = games.game_ids()
PLAYER = 0


def slow_for(variants, *slow: str) -> list:
    """`variants` as parameters, those named marked slow (half a second of CPU or more)."""
    return [pytest.param(v, marks=pytest.mark.slow) if v in slow else v for v in variants]


def played(variant: str, seed: int, seats: int = 3):
    """A whole bot match; seat 0 stands for the player. Returns the record, every step's events,
    every seat's view after every step, and the ledger's answer for seat 0 after every step."""
    game = get_variant(variant)(seats, {}, seed)
    agents = {i: make_agent(variant, "medium", 7 * seed + i) for i in range(seats)}
    steps, views, answers = [], [], []
    ledger = TakeBackLedger(PLAYER)

    def listen(events):
        if len(game.history) > len(steps):
            steps.append(list(events))
            ledger.follow(*game.history[-1], events)
            views.append([game.observe(s) for s in range(seats)])
            answers.append((ledger.last_move(), ledger.reason()))

    Session(game, agents, listener=listen).run_to_end()
    record = GameRecord.of(game, [SeatInfo("P", "human")] + [SeatInfo(f"B{i}", "bot", "medium") for i in range(1, seats)])
    return game, record, steps, views, answers


def rebuilt(record: GameRecord, steps: int):
    """The record cut before step `steps`, through its JSON (as a save holds it), replayed."""
    cut = record.taken_back_to(steps)
    cut = GameRecord.from_json(json.loads(json.dumps(cut.to_json())))
    assert cut.practice and cut.take_backs == record.take_backs + 1 and cut.result is None
    assert len(cut.actions) == steps
    return cut, cut.replay()


@pytest.mark.parametrize("variant", slow_for(VARIANTS, "sixteen-combos"))
def test_a_match_rebuilt_before_a_move_is_that_match_at_that_moment(variant):
    game, record, steps, views, answers = played(variant, seed=3)
    starts = sorted({move.start for move, _ in answers if move is not None})
    assert len(starts) >= 5, "the player hardly moved"
    for start in starts[:: max(1, len(starts) // 12)]:
        cut, again = rebuilt(record, start)
        # Every seat sees what it saw then (the player's own view and every bot's)...
        for seat in range(game.seats):
            assert again.observe(seat) == views[start - 1][seat], (variant, start, seat)
        # ...and what nobody sees is the same too: the deck in the same order, so the rest of the
        # match, played again, produces the very same events (every card drawn is the same card).
        if hasattr(game, "deck"):
            before = get_variant(variant)(game.seats, dict(game.options), game.seed)
            for t, action in record.actions[:start]:
                before.apply(action, t)
            assert list(again.deck) == list(before.deck)
        for index in range(start, len(record.actions)):
            t, action = record.actions[index]
            assert again.apply(action, t) == steps[index], (variant, start, index)
        assert again.over and list(again.winners) == list(game.winners)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_last_move_is_the_players_own_within_the_round(variant):
    game, record, steps, views, answers = played(variant, seed=5)
    actions = record.actions
    round_start = None
    for index, ((t, action), (move, reason)) in enumerate(zip(actions, answers)):
        if isinstance(action, StartRound):
            round_start = index
        scored = any(type(e).__name__ in ("RoundScored", "MatchEnded") for e in steps[index])
        if scored:
            assert move is None and reason == ROUND_SCORED
            round_start = None
            continue
        if move is None:
            assert reason in (NOTHING_YET, ROUND_SCORED)
            assert round_start is None or not any(a.seat == PLAYER for _, a in actions[round_start:index + 1])
            continue
        assert round_start is not None and move.start > round_start
        assert move.steps == index + 1 - move.start
        first_t, first = actions[move.start]
        assert first.seat == PLAYER
        # the move: the player's actions from its start, all at one moment, none of theirs after it
        end = move.start
        while end + 1 <= index and actions[end + 1][1].seat == PLAYER and actions[end + 1][0] == first_t:
            end += 1
        assert all(a.seat != PLAYER for _, a in actions[end + 1:index + 1])
        before_t, before = actions[move.start - 1]
        assert not (before.seat == PLAYER and before_t == first_t)
        assert reason == move.refused


@pytest.mark.slow
def test_a_move_that_showed_a_card_cannot_be_taken_back():
    """A look at an opponent's card (Kombio's 9 and 10) shows a card the player had not seen:
    taken back, the player could look at another one. A draw from the deck shows one too, but the
    deck is rebuilt in the same order: the same card comes again."""
    seen = {"LookOpponent": set(), "DrawFromDeck": set(), "Peek": set()}
    for variant, seed in (("kombio", 1), ("kombio", 2), ("kabu", 1)):
        game, record, steps, views, answers = played(variant, seed)
        for index, ((t, action), (move, reason)) in enumerate(zip(record.actions, answers)):
            name = type(action).__name__
            if action.seat == PLAYER and name in seen and move is not None and move.start == index:
                seen[name].add(reason)
    assert seen["LookOpponent"] == {SHOWED_A_CARD}
    assert seen["Peek"] == {SHOWED_A_CARD}          # Kabu: the cards the player chose to look at
    assert "" in seen["DrawFromDeck"]


@pytest.mark.parametrize("variant", slow_for(VARIANTS, "kabu"))
def test_taking_back_again_and_again_steps_back_move_by_move(variant):
    """Each take-back of a rebuilt match undoes the move before, until the round's first move,
    a move that showed a card, or nothing; the ledger of a rebuilt match answers as the one that
    followed the match live did at that point."""
    game, record, steps, views, answers = played(variant, seed=8)
    # from the middle of the match's longest stretch of allowed moves
    index = max(range(len(answers)), key=lambda i: answers[i][0].start if answers[i][0] and answers[i][0].allowed else -1)
    cut = GameRecord(record.variant, record.options, record.seats, record.seed, record.actions[:index + 1])
    for _ in range(6):
        ledger = TakeBackLedger(PLAYER)
        replay = cut.new_game()
        for t, action in cut.actions:
            ledger.follow(t, action, replay.apply(action, t))
        assert (ledger.last_move(), ledger.reason()) == answers[len(cut.actions) - 1]
        move = ledger.last_move()
        if move is None or not move.allowed:
            break
        cut = cut.taken_back_to(move.start)


def test_a_record_carries_its_take_backs():
    record = GameRecord("kombio", {}, [SeatInfo("P", "human"), SeatInfo("B", "bot", "easy")], 4)
    assert "take_backs" not in record.to_json() and not record.practice
    twice = record.taken_back_to(0).taken_back_to(0)
    data = twice.to_json()
    assert data["take_backs"] == 2 and GameRecord.from_json(data).take_backs == 2
    for bad in (-1, 1.0, True, "2"):
        with pytest.raises(Exception, match="take_backs"):
            GameRecord.from_json({**data, "take_backs": bad})



def test_the_session_names_the_step_its_events_came_from():
    """What the take-back ledger of a table follows: the step a listener's events came from; a
    refused action is no step."""
    from game.core.errors import IllegalAction
    from game.variants.kombio import DrawFromDeck, Kombio

    heard = []
    session = Session(Kombio(2, {}, 1), {}, listener=lambda events: heard.append((session.version, session.last_step)))
    assert session.last_step is None
    session.start_round(0.5)
    session.submit(DrawFromDeck(0), 1.5)
    with pytest.raises(IllegalAction):
        session.submit(DrawFromDeck(1), 2.0)
    assert heard == [(1, (0.5, StartRound())), (2, (1.5, DrawFromDeck(0)))]
    assert session.last_step == (1.5, DrawFromDeck(0))
