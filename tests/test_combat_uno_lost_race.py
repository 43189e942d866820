"""Combat UNO: two claims on one card. The one that lands first counts; the other, identical to
the card now covered, goes back to its owner's hand and every seat is shown it (ClaimLost)."""

from __future__ import annotations

import pickle

import pytest

from game.core.actions import Expire, Pass, StartRound
from game.core.cards import Card
from game.core.errors import IllegalAction, ShownRefusal
from game.core.session import Session
from game.variants.combat_uno import (DECK_SPEC, DRAW2, ClaimLost, CombatUno, JumpedIn, LostRace,
                                      NotIdentical, Play)

_COLOUR = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}
_IDS: dict = {}
for _card in DECK_SPEC.build():
    _IDS.setdefault((_card.rank, _card.suit), _card.id)


def c(spec: str) -> Card:
    """'r5' red 5, 'yD' yellow Draw Two."""
    rank = DRAW2 if spec[1:] == "D" else int(spec[1:])
    return Card(_IDS[(rank, _COLOUR[spec[0]])], rank, _COLOUR[spec[0]])


def play(seat: int, spec: str) -> Play:
    card = c(spec)
    return Play(seat, card.rank, card.suit)


def arranged(hands, top, turn=0, **options):
    """Round 1 dealt, then rearranged; a fresh jump-in window on `top` opens at t=0."""
    options.setdefault("reaction_seconds", 3.0)
    game = CombatUno(len(hands), options, seed=3)
    game.apply(StartRound(), 0.0)
    game.hands = [[c(s) for s in hand] for hand in hands]
    game.deck = [c("g1")] * 10
    game.discard = [c(top)]
    game.colour, game.pending, game.direction, game.top_by = c(top).suit, 0, 1, None
    game.turn, game.turn_serial = turn, game.turn_serial + 1
    game.jump, game.uno, game.covered = None, {}, None
    game._open_jump(game._everyone, 0.0, [])
    return game


def refused(game, action, t, error=IllegalAction):
    before = pickle.dumps(game.__dict__)
    with pytest.raises(error) as info:
        game.apply(action, t)
    assert pickle.dumps(game.__dict__) == before
    return info.value


def test_a_jump_in_beaten_by_the_turn_play_is_shown_to_everyone_and_goes_back_to_the_hand():
    game = arranged([["r7", "g1"], ["y1", "y2"], ["r5", "b2"]], "r5")
    game.apply(play(0, "r7"), 0.5)                       # lands first and covers the red 5
    refusal = refused(game, play(2, "r5"), 0.6, LostRace)
    assert isinstance(refusal, NotIdentical) and isinstance(refusal, ShownRefusal)
    assert refusal.events == (ClaimLost(2, c("r5")),)
    assert refusal.events[0].for_seat(1) == ClaimLost(2, c("r5"))   # public
    assert c("r5") in game.hands[2] and len(game.hands[2]) == 2      # no penalty


def test_an_out_of_turn_stack_beaten_by_the_victims_own_stack_loses_the_race():
    game = arranged([["yD", "g1"], ["bD", "y2"], ["y1", "y2"], ["yD", "b2"]], "y3")
    game.apply(play(0, "yD"), 0.2)                       # seat 1 must draw two or stack
    game.apply(play(1, "bD"), 0.4)                       # seat 1 stacks any colour, first
    refusal = refused(game, play(3, "yD"), 0.5, LostRace)
    assert refusal.events == (ClaimLost(3, c("yD")),) and game.pending == 4 and game.turn == 2


def test_an_identical_card_on_the_winner_is_simply_a_jump_in_of_its_own():
    game = arranged([["g1"], ["r5", "y2"], ["y1"], ["r5", "b2"]], "r5")
    game.apply(play(1, "r5"), 0.3)
    events = game.apply(play(3, "r5"), 0.4)
    assert any(isinstance(e, JumpedIn) and e.seat == 3 for e in events)


def test_no_race_was_lost_after_passing_after_the_deadline_or_with_a_different_card():
    game = arranged([["r7", "g1"], ["y1", "y2"], ["r5", "b2"]], "r5")
    game.apply(Pass(2), 0.1)
    game.apply(play(0, "r7"), 0.5)
    error = refused(game, play(2, "r5"), 0.6)
    assert not isinstance(error, LostRace)             # seat 2 had given up its chance
    game = arranged([["r7", "g1"], ["y1", "y2"], ["r5", "b2"]], "r5")
    game.apply(play(0, "r7"), 0.5)
    assert not isinstance(refused(game, play(2, "r5"), 3.0), LostRace)      # the red 5's time was up
    game = arranged([["r7", "g1"], ["y1", "y2"], ["b9", "r5"]], "r5")
    game.apply(play(0, "r7"), 0.5)
    assert not isinstance(refused(game, play(2, "b9"), 0.6), LostRace)      # never a claim on the red 5


def test_the_session_shows_a_lost_claim_to_every_seat():
    game = arranged([["r7", "g1"], ["y1", "y2"], ["r5", "b2"]], "r5")
    seen: list = []
    session = Session(game, {}, listener=seen.extend)
    session.submit(play(0, "r7"), 0.5)
    seen.clear()
    with pytest.raises(LostRace):
        session.submit(play(2, "r5"), 0.6)
    assert seen == [ClaimLost(2, c("r5"))]
    session.submit(Expire(), 3.5)                        # play goes on as if nothing happened
    assert game.jump is None and c("r5") in game.hands[2]
