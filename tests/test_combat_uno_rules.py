"""Scenario tests for every Combat UNO rule, on stacked decks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.actions import Expire, Pass, StartRound
from game.core.cards import Card
from game.core.errors import BadOptions, IllegalAction, NotYourTurn, WindowClosed, WrongPhase
from game.core.events import CardMoved, DeckReshuffled, MatchEnded, PenaltyGiven, RoundScored
from game.core.session import Intent, Session
from game.variants.combat_uno import (COLOURS, DECK_SPEC, DRAW2, REVERSE, SKIP, WILD, WILD4, BadColour,
                                      CallUno, CombatUno, DoesNotMatch, Draw, DrawCard, DrawPending,
                                      HandRevealed, JumpedIn, MustDrawOrStack, NotHeld, NotIdentical,
                                      Play, StackingOff, StartDrawing, StillDrawing, UnoCalled,
                                      UnoWindowClosed, UnoWindowOpened, card_points, hand_place)
from tests.invariants import unchanged

_COLOUR = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}
_SYMBOL = {"S": SKIP, "R": REVERSE, "D": DRAW2}


_DECK_IDS = {}
for _card in DECK_SPEC.build():
    _DECK_IDS.setdefault((_card.rank, _card.suit), _card.id)


def c(spec: str) -> Card:
    """'r5' red 5, 'bS' blue Skip, 'gR' green Reverse, 'yD' yellow Draw Two, 'W' Wild, 'W4' Wild Draw Four.
    The card carries the id of a deck card of that face (the engine indexes faces by deck id)."""
    if spec in ("W", "W4"):
        rank, suit = (WILD if spec == "W" else WILD4), None
    else:
        rank, suit = _SYMBOL.get(spec[1:]) or int(spec[1:]), _COLOUR[spec[0]]
    return Card(_DECK_IDS[(rank, suit)], rank, suit)


def play(seat: int, spec: str, choose: str | None = None) -> Play:
    card = c(spec)
    return Play(seat, card.rank, card.suit, choose)


def arranged(hands, top, deck=(), *, turn=0, colour=None, **options):
    """Round 1 dealt, then rearranged: `hands` per seat, `top` on the discard pile (played by
    nobody), `deck` drawn from its end, `turn` to play. A fresh jump-in window opens at t=0."""
    options.setdefault("reaction_seconds", 3.0)
    game = CombatUno(len(hands), options, seed=7)
    game.apply(StartRound(), 0.0)
    game.hands = [[c(s) for s in hand] for hand in hands]
    game.deck = [c(s) for s in deck]
    top_card = c(top)
    game.discard = [top_card]
    game.colour = colour if colour is not None else top_card.suit
    game.pending, game.direction, game.top_by = 0, 1, None
    game.turn, game.turn_serial = turn, game.turn_serial + 1
    game.jump, game.uno = None, {}
    game._open_jump(game._everyone, 0.0, [])
    return game


def faces(game, seat):
    return sorted(str(card) for card in game.hands[seat])


def top(game):
    card = game.discard[-1]
    return card.rank, card.suit


# -- the deck, the deal and the start card ---------------------------------------------------------
def test_deck_is_the_standard_108_cards():
    cards = DECK_SPEC.build()
    assert len(cards) == 108 == len({card.id for card in cards})
    counts = Counter((card.rank, card.suit) for card in cards)
    for colour in COLOURS:
        assert counts[(0, colour)] == 1
        assert all(counts[(n, colour)] == 2 for n in range(1, 10))
        assert counts[(SKIP, colour)] == counts[(REVERSE, colour)] == counts[(DRAW2, colour)] == 2
    assert counts[(WILD, None)] == counts[(WILD4, None)] == 4


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_seven_cards_each_dealt_face_down_to_everyone_else(seats):
    game = CombatUno(seats, seed=3)
    events = game.apply(StartRound(), 0.0)
    assert all(len(hand) == 7 for hand in game.hands)
    assert len(game.deck) + len(game.discard) == 108 - 7 * seats
    deals = [e for e in events if isinstance(e, CardMoved) and e.dst.zone == "hand"]
    assert len(deals) == 7 * seats
    for e in deals:
        assert e.for_seat(e.dst.seat).card is not None
        assert e.for_seat((e.dst.seat + 1) % seats).card is None


def test_seat_counts_and_options_are_checked():
    with pytest.raises(BadOptions):
        CombatUno(1)
    with pytest.raises(BadOptions):
        CombatUno(7)
    with pytest.raises(BadOptions):
        CombatUno(4, {"jump_in": "yes"})
    with pytest.raises(BadOptions):
        CombatUno(4, {"no_such_rule": True})
    assert CombatUno(4).options["target"] == 200


class Rigged(random.Random):
    """Shuffles so that the cards flipped after the deal are `starts`, in that order."""

    def __init__(self, starts, seats):
        super().__init__(5)
        self.starts, self.dealt = list(starts), 7 * seats

    def shuffle(self, x):
        picked = []
        for rank, suit in self.starts:
            card = next(card for card in x if card.rank == rank and card.suit == suit and card not in picked)
            picked.append(card)
        rest = [card for card in x if card not in picked]
        x[:] = rest[:-self.dealt] + picked[::-1] + rest[-self.dealt:]


def started(seats, *starts, **options):
    game = CombatUno(seats, options, seed=1)
    game.rng = Rigged(starts, seats)
    events = game.apply(StartRound(), 0.0)
    return game, events


def test_a_number_start_card_sets_the_colour_and_the_dealers_left_starts():
    game, _ = started(4, (5, "green"))
    assert top(game) == (5, "green") and game.colour == "green"
    assert game.dealer == 3 and game.turn == 0 and game.direction == 1


def test_a_skip_start_card_skips_the_first_player():
    game, _ = started(4, (SKIP, "red"))
    assert game.turn == 1


def test_a_reverse_start_card_lets_the_dealer_start_and_play_goes_the_other_way():
    game, _ = started(4, (REVERSE, "blue"))
    assert game.turn == 3 and game.direction == -1
    game.apply(Draw(3), 0.1)
    assert game.turn == 2


def test_a_draw_two_start_card_makes_the_first_player_draw_two():
    game, events = started(3, (DRAW2, "yellow"))
    assert game.turn == 0 and game.pending == 2
    assert any(isinstance(e, DrawPending) and e.seat == 0 and e.cards == 2 for e in events)


def test_a_wild_start_card_leaves_the_colour_open_for_the_first_player():
    game, _ = started(3, (WILD, None))
    assert game.colour is None
    hand = game.hands[0]
    assert len([a for a in game.legal_actions(0) if isinstance(a, Play)]) >= len({(x.rank, x.suit) for x in hand})


def test_a_wild_draw_four_start_card_is_covered_by_the_next_card():
    game, events = started(3, (WILD4, None), (WILD4, None), (7, "red"))
    assert top(game) == (7, "red")
    assert [card.rank for card in game.discard] == [WILD4, WILD4, 7]
    assert game.pending == 0 and game.turn == 0 and game.colour == "red"


# -- a turn ----------------------------------------------------------------------------------
def test_a_card_must_match_the_colour_or_the_number_or_symbol():
    game = arranged([["r7", "b5", "g2", "W"], ["y1"]], "r5")
    legal = game.legal_actions(0)
    assert play(0, "r7") in legal and play(0, "b5") in legal
    assert all(Play(0, WILD, None, colour) in legal for colour in COLOURS)
    unchanged(game, play(0, "g2"), DoesNotMatch, 0.5)
    unchanged(game, play(0, "y9"), NotHeld, 0.5)
    game.apply(play(0, "b5"), 0.5)
    assert top(game) == (5, "blue") and game.colour == "blue" and game.turn == 1


def test_a_wild_names_its_colour_and_no_other_card_does():
    game = arranged([["W", "b2", "g3"], ["y1", "y2"]], "b5")
    unchanged(game, Play(0, WILD, None, None), BadColour, 0.5)
    unchanged(game, Play(0, WILD, None, "purple"), BadColour, 0.5)
    unchanged(game, Play(0, 2, "blue", "green"), BadColour, 0.5)
    game.apply(Play(0, WILD, None, "green"), 0.5)
    assert game.colour == "green" and game.turn == 1
    assert play(1, "y1") not in game.legal_actions(1)


def test_drawing_takes_one_card_and_ends_the_turn_even_if_it_could_be_played():
    game = arranged([["g2", "g3"], ["y1", "y2"], ["b1"]], "r5", deck=["r9"])
    game.apply(Draw(0), 0.5)
    assert faces(game, 0) == sorted(["2green", "3green", "9red"])
    assert game.turn == 1
    unchanged(game, play(0, "r9"), IllegalAction, 0.6)


def test_only_the_seat_on_turn_plays_a_non_identical_card():
    game = arranged([["g2"], ["r7"], ["b1"]], "r5")
    unchanged(game, play(1, "r7"), NotIdentical, 0.5)
    unchanged(game, Draw(1), NotYourTurn, 0.5)


def test_skip_skips_the_next_player():
    game = arranged([["rS", "r1"], ["y1"], ["b1"]], "r5")
    game.apply(play(0, "rS"), 0.5)
    assert game.turn == 2


def test_reverse_turns_the_direction_with_three_or_more():
    game = arranged([["rR", "r1"], ["y1"], ["b1"], ["g1"]], "r5")
    game.apply(play(0, "rR"), 0.5)
    assert game.direction == -1 and game.turn == 3
    game.apply(Draw(3), 0.6)
    assert game.turn == 2


def test_reverse_with_two_players_acts_as_a_skip():
    game = arranged([["rR", "r1"], ["y1", "y2"]], "r5")
    game.apply(play(0, "rR"), 0.5)
    assert game.turn == 0


def test_draw_two_makes_the_next_player_draw_two_and_lose_their_turn():
    game = arranged([["rD", "r1", "r2"], ["y1", "y2"], ["b1"]], "r5", deck=["g8", "g9"])
    game.apply(play(0, "rD"), 0.5)
    assert game.turn == 1 and game.pending == 2
    assert game.legal_actions(1) == [StartDrawing(1)]
    unchanged(game, Draw(1), MustDrawOrStack, 0.6)
    unchanged(game, play(1, "y1"), MustDrawOrStack, 0.6)
    game.apply(StartDrawing(1), 0.6)
    assert game.owed[1] == 1 and game.legal_actions(1) == [DrawCard(1)]
    game.apply(DrawCard(1), 0.7)
    assert faces(game, 1) == sorted(["1yellow", "2yellow", "8green", "9green"])
    assert game.turn == 2 and game.owed[1] == 0


def test_wild_draw_four_names_a_colour_and_makes_the_next_player_draw_four():
    game = arranged([["W4", "r1"], ["y1", "y2"], ["b1"]], "r5", deck=["g1", "g2", "g3", "g4"])
    game.apply(Play(0, WILD4, None, "blue"), 0.5)
    assert game.colour == "blue" and game.pending == 4 and game.turn == 1
    game.apply(StartDrawing(1), 0.6)
    for k in range(3):
        game.apply(DrawCard(1), 0.7 + k / 10)
    assert len(game.hands[1]) == 6 and game.turn == 2


# -- jump-in -----------------------------------------------------------------------------------
def test_an_identical_card_jumps_in_and_play_continues_from_the_jumper():
    game = arranged([["r5", "g1", "g2"], ["y1"], ["b1"], ["r5", "b7", "b8"]], "r9", turn=0)
    game.apply(play(0, "r5"), 0.2)
    assert game.turn == 1
    events = game.apply(play(3, "r5"), 0.9)
    assert any(isinstance(e, JumpedIn) and e.seat == 3 and not e.stacked for e in events)
    assert game.turn == 0 and top(game) == (5, "red") and game.top_by == 3


def test_jump_in_follows_the_direction_of_play():
    game = arranged([["rR", "g1"], ["y1"], ["rR", "b1"], ["b1"]], "r9")
    game.apply(play(0, "rR"), 0.2)
    assert game.direction == -1 and game.turn == 3
    game.apply(play(2, "rR"), 0.5)     # a second reverse, out of turn: clockwise again, from seat 2
    assert game.direction == 1 and game.turn == 3


def test_a_jump_in_must_be_identical():
    game = arranged([["g1"], ["y1"], ["b5", "r6", "r5"]], "r5")
    unchanged(game, play(2, "b5"), NotIdentical, 0.5)
    unchanged(game, play(2, "r6"), NotIdentical, 0.5)
    assert [a for a in game.legal_actions(2) if isinstance(a, Play)] == [play(2, "r5")]


def test_wild_jumps_in_on_wild_and_names_a_new_colour():
    game = arranged([["W", "g1"], ["y1"], ["W", "b2"]], "y5")
    game.apply(Play(0, WILD, None, "green"), 0.2)
    game.apply(Play(2, WILD, None, "blue"), 0.6)
    assert game.colour == "blue" and game.turn == 0


def test_no_jump_in_on_your_own_card_nor_after_the_window_closes():
    game = arranged([["r5", "r5", "g1"], ["y1"], ["r5", "b2"]], "r9")
    game.apply(play(0, "r5"), 0.2)
    unchanged(game, play(0, "r5"), WindowClosed, 0.5)
    deadline = game.jump.deadline
    unchanged(game, play(2, "r5"), WindowClosed, deadline)
    game.apply(Expire(), deadline)
    assert game.jump is None
    unchanged(game, play(2, "r5"), WindowClosed, deadline + 0.1)


def test_the_jump_in_window_does_not_pause_play_and_closes_when_the_top_card_changes():
    game = arranged([["r5", "g1", "g2"], ["r7", "y1", "y2"], ["g3", "g4"], ["r5", "b2", "b3"]], "r9")
    game.apply(play(0, "r5"), 0.2)
    assert set(game.seats_to_act()) == {1, 2, 3}
    game.apply(play(1, "r7"), 0.4)         # the seat on turn simply plays on
    unchanged(game, play(3, "r5"), NotIdentical, 0.5)


def test_jump_in_can_be_turned_off():
    game = arranged([["r5", "g1"], ["y1"], ["r5", "b2"]], "r9", jump_in=False)
    game.apply(play(0, "r5"), 0.2)
    assert game.jump is None
    unchanged(game, play(2, "r5"), WindowClosed, 0.5)


def test_simultaneous_plays_the_first_to_arrive_wins_and_the_other_goes_back():
    # Seat 1 (on turn) plays a red 7 while seat 3 jumps in with the red 5, both at t=1.0.
    for first in (1, 3):
        game = arranged([["g1", "g2"], ["r7", "y1", "y2"], ["g3", "g4"], ["r5", "b2", "b3"]], "r5", turn=1)
        a, b = play(1, "r7"), play(3, "r5")
        if first == 3:
            a, b = b, a
        game.apply(a, 1.0)
        unchanged(game, b, IllegalAction, 1.0)
        winner = a.seat
        assert game.top_by == winner and len(game.hands[winner]) == 2
        assert len(game.hands[b.seat]) == 3


class Scripted:
    """An agent that plays one given action after a fixed delay whenever it is legal, else passes late."""

    def __init__(self, action, delay):
        self.action, self.delay = action, delay

    def begin(self, seat, game_type, seats, options):
        self.seat = seat

    def observe(self, events):
        pass

    def decide(self, view, legal, now):
        if self.action in legal:
            return Intent(self.action, self.delay)
        return Intent(legal[-1], 100.0)


def test_in_a_session_the_slower_of_two_simultaneous_claims_is_dropped_not_applied():
    game = arranged([["g1", "g2"], ["r5", "y1"], ["g7"], ["r5", "b2"]], "r5", turn=2)
    agents = {1: Scripted(play(1, "r5"), 0.5), 3: Scripted(play(3, "r5"), 0.8)}
    session = Session(game, agents)
    session.advance(0.9)
    jumps = [a for _, a in game.history if isinstance(a, Play)]
    assert jumps == [play(1, "r5")]
    assert session.illegal == 0 and session.dropped >= 1
    assert len(game.hands[3]) == 2


# -- stacking ----------------------------------------------------------------------------------
def test_wild_draw_four_stacks_out_of_turn_and_the_total_passes_on_from_the_stacker():
    game = arranged([["W4", "g1"], ["y1"], ["W4", "b2"], ["b1"]], "r9")
    game.apply(Play(0, WILD4, None, "red"), 0.2)
    assert game.pending == 4 and game.turn == 1
    events = game.apply(Play(2, WILD4, None, "green"), 0.7)
    assert any(isinstance(e, JumpedIn) and e.stacked for e in events)
    assert game.pending == 8 and game.turn == 3 and game.colour == "green"
    assert len(game.hands[1]) == 1          # seat 1 escaped


def test_wild_draw_four_stacks_on_your_own_turn():
    game = arranged([["W4", "g1"], ["W4", "y1"], ["b2"]], "r9")
    game.apply(Play(0, WILD4, None, "red"), 0.2)
    game.apply(Play(1, WILD4, None, "blue"), 0.5)
    assert game.pending == 8 and game.turn == 2


def test_draw_two_stacks_in_any_colour_on_your_own_turn():
    game = arranged([["rD", "g1"], ["bD", "y1"], ["b2"]], "r9")
    game.apply(play(0, "rD"), 0.2)
    assert play(1, "bD") in game.legal_actions(1)
    game.apply(play(1, "bD"), 0.5)
    assert game.pending == 4 and game.turn == 2 and game.colour == "blue"


def test_draw_two_stacks_out_of_turn_only_in_the_exact_same_colour():
    game = arranged([["rD", "g1"], ["y1"], ["bD", "rD", "b2"], ["g3"]], "r9")
    game.apply(play(0, "rD"), 0.2)
    unchanged(game, play(2, "bD"), NotIdentical, 0.5)
    game.apply(play(2, "rD"), 0.6)
    assert game.pending == 4 and game.turn == 3


def test_a_draw_two_does_not_stack_on_a_wild_draw_four_nor_the_other_way_round():
    game = arranged([["W4", "g1"], ["rD", "y1"], ["b2"]], "r9")
    game.apply(Play(0, WILD4, None, "red"), 0.2)
    unchanged(game, play(1, "rD"), MustDrawOrStack, 0.5)
    game = arranged([["rD", "g1"], ["W4", "y1"], ["b2"]], "r9")
    game.apply(play(0, "rD"), 0.2)
    unchanged(game, Play(1, WILD4, None, "red"), MustDrawOrStack, 0.5)


def test_stacking_can_be_turned_off_for_each_kind():
    game = arranged([["rD", "g1", "g2"], ["bD", "y1"], ["rD", "b2"]], "r9", stack_draw_two=False)
    game.apply(play(0, "rD"), 0.2)
    assert game.legal_actions(1) == [StartDrawing(1)]
    unchanged(game, play(1, "bD"), StackingOff, 0.5)
    unchanged(game, play(2, "rD"), StackingOff, 0.5)
    game = arranged([["W4", "g1"], ["W4", "y1"], ["W4", "b2"]], "r9", stack_draw_four=False)
    game.apply(Play(0, WILD4, None, "red"), 0.2)
    unchanged(game, Play(1, WILD4, None, "red"), StackingOff, 0.5)
    unchanged(game, Play(2, WILD4, None, "red"), StackingOff, 0.5)


def test_once_the_victim_touches_the_deck_a_later_stack_no_longer_adds_to_their_draw():
    game = arranged([["rD", "g1"], ["y1"], ["rD", "b2"], ["g3"]], "r9", deck=["g4", "g5", "g6", "g7", "g8"])
    game.apply(play(0, "rD"), 0.2)
    game.apply(StartDrawing(1), 0.4)                   # touched: committed to two cards
    assert game.owed[1] == 1
    events = game.apply(play(2, "rD"), 0.6)            # an identical card: a jump-in of its own
    assert any(isinstance(e, JumpedIn) and not e.stacked for e in events)
    assert game.pending == 2 and game.turn == 3         # only the new card's two, not four
    unchanged(game, play(1, "y1"), StillDrawing, 0.7)
    game.apply(DrawCard(1), 0.8)
    assert len(game.hands[1]) == 3 and game.owed[1] == 0
    assert game.turn == 3                               # finishing does not move the turn


def test_without_the_touched_deck_rule_a_stack_takes_over_the_undrawn_cards():
    game = arranged([["rD", "g1"], ["y1"], ["rD", "b2"], ["g3"]], "r9", deck=["g4", "g5", "g6"],
                    deck_commitment=False)
    game.apply(play(0, "rD"), 0.2)
    game.apply(StartDrawing(1), 0.4)
    events = game.apply(play(2, "rD"), 0.6)
    assert any(isinstance(e, JumpedIn) and e.stacked for e in events)
    assert game.owed[1] == 0 and len(game.hands[1]) == 2
    assert game.pending == 3 and game.turn == 3         # the undrawn card plus the new two


def test_a_penalty_that_arrives_while_you_still_draw_waits_until_you_finish():
    # Seat 1 is committed to draw; play comes round to it with a new Draw Two before it finishes.
    game = arranged([["rD", "g1"], ["y1"], ["rD", "g2"]], "r9", deck=[f"g{n}" for n in range(1, 9)])
    game.apply(play(0, "rD"), 0.2)
    game.apply(StartDrawing(1), 0.3)
    game.apply(play(2, "rD"), 0.4)        # jump-in (seat 1 committed): seat 0 must draw two
    assert game.turn == 0 and game.pending == 2
    game.apply(StartDrawing(0), 0.5)
    game.apply(DrawCard(0), 0.6)
    assert game.turn == 1 and game.owed[1] == 1
    assert game.legal_actions(1) == [DrawCard(1)]
    game.apply(DrawCard(1), 0.7)
    assert game.turn == 1                 # it is now seat 1's own new turn
    assert Draw(1) in game.legal_actions(1)


# -- the UNO call race ----------------------------------------------------------------------------
def test_going_down_to_one_card_opens_an_uno_window_and_calling_first_is_safe():
    game = arranged([["r1", "r2"], ["y1", "y2"], ["b1", "b2"]], "r9")
    events = game.apply(play(0, "r1"), 0.2)
    assert any(isinstance(e, UnoWindowOpened) and e.target == 0 for e in events)
    assert CallUno(1, 0) in game.legal_actions(1) and CallUno(0, 0) in game.legal_actions(0)
    events = game.apply(CallUno(0, 0), 0.5)
    assert any(isinstance(e, UnoCalled) for e in events) and 0 not in game.uno
    unchanged(game, CallUno(1, 0), WindowClosed, 0.6)
    assert len(game.hands[0]) == 1
    assert all(game.observe(s).uno_safe == (0,) for s in (-1, 0, 1, 2))   # the table shows "UNO!"


def test_an_opponent_calling_uno_first_makes_the_player_draw_two():
    game = arranged([["r1", "r2"], ["y1", "y2"], ["b1", "b2"]], "r9", deck=["g3", "g4"])
    game.apply(play(0, "r1"), 0.2)
    events = game.apply(CallUno(2, 0), 0.5)
    assert any(isinstance(e, PenaltyGiven) and e.seat == 0 and e.cards == 2 for e in events)
    assert len(game.hands[0]) == 3
    unchanged(game, CallUno(0, 0), WindowClosed, 0.6)


def test_nobody_calling_uno_before_the_deadline_costs_nothing():
    game = arranged([["r1", "r2"], ["y1", "y2"], ["b1", "b2"]], "r9")
    game.apply(play(0, "r1"), 0.2)
    deadline = game.uno[0].deadline
    assert game.table_action() == (Expire(), deadline)
    unchanged(game, CallUno(1, 0), WindowClosed, deadline)
    events = game.apply(Expire(), deadline)
    assert any(isinstance(e, UnoWindowClosed) and e.target == 0 for e in events)
    assert len(game.hands[0]) == 1


def test_the_uno_window_runs_alongside_play_and_closes_if_the_player_draws():
    game = arranged([["r1", "r2"], ["y1", "y2"]], "r9", deck=["g3", "g4"])
    game.apply(play(0, "r1"), 0.2)
    game.apply(Draw(1), 0.4)
    assert 0 in game.uno and game.turn == 0
    game.apply(Draw(0), 0.5)
    assert 0 not in game.uno
    unchanged(game, CallUno(1, 0), WindowClosed, 0.6)


def test_the_uno_race_can_be_turned_off():
    game = arranged([["r1", "r2"], ["y1", "y2"]], "r9", uno_call=False)
    game.apply(play(0, "r1"), 0.2)
    assert game.uno == {} and not any(isinstance(a, CallUno) for a in game.legal_actions(1))


def test_with_no_deadline_everyone_passing_closes_the_windows():
    game = arranged([["r1", "r2"], ["y1", "y2"], ["b1"]], "r9", reaction_seconds=0.0)
    game.apply(play(0, "r1"), 0.2)
    assert game.table_action() is None
    for seat in (0, 2, 1):
        if Pass(seat) in game.legal_actions(seat):
            game.apply(Pass(seat), 0.5)
    assert game.uno == {}
    assert len(game.hands[0]) == 1


# -- the end of a round, scoring and the end of the match -------------------------------------------
def test_card_points():
    assert [card_points(c(s)) for s in ("r0", "r7", "bS", "gR", "yD", "W", "W4")] == [0, 7, 20, 20, 20, 50, 50]


def test_going_out_ends_the_round_and_each_player_scores_their_own_hand():
    game = arranged([["r1"], ["y7", "bS", "W"], ["W4", "g0"]], "r9")
    events = game.apply(play(0, "r1"), 0.2)
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert scored and scored[0].scores == (0, 77, 50)
    assert game.score.totals == [0, 77, 50] and game.phase == "round_over"
    revealed = {e.seat: e.points for e in events if isinstance(e, HandRevealed)}
    assert revealed == {0: 0, 1: 77, 2: 50}
    assert game.table_action() == (StartRound(), None)
    game.apply(StartRound(), 1.0)
    assert game.round == 2 and game.dealer == 0 and all(len(h) == 7 for h in game.hands)


def test_going_out_with_a_jump_in_ends_the_round_too():
    game = arranged([["r5", "g1"], ["y1"], ["r5"]], "r9")
    game.apply(play(0, "r5"), 0.2)
    game.apply(play(2, "r5"), 0.5)
    assert game.phase == "round_over" and game.score.rounds[-1][2] == 0


def test_the_match_ends_when_the_last_placed_total_reaches_the_target():
    game = arranged([["r1"], ["W", "W", "W"], ["g1"]], "r9", target=150)
    events = game.apply(play(0, "r1"), 0.2)
    assert game.over and game.winners == (0,)
    assert any(isinstance(e, MatchEnded) and e.winners == (0,) for e in events)
    unchanged(game, StartRound(), IllegalAction, 1.0)


def test_below_the_target_the_match_goes_on():
    game = arranged([["r1"], ["W", "W"], ["g1"]], "r9", target=150)
    game.apply(play(0, "r1"), 0.2)
    assert not game.over and game.phase == "round_over"


def test_the_match_can_be_a_set_number_of_rounds_and_ties_share_the_win():
    game = arranged([["r1"], ["g0"], ["g5"]], "r9", length="rounds", rounds=1)
    game.apply(play(0, "r1"), 0.2)
    assert game.over and game.score.totals == [0, 0, 5] and game.winners == (0, 1)
    game = arranged([["r1"], ["g0"], ["g5"]], "r9", length="rounds", rounds=2)
    game.apply(play(0, "r1"), 0.2)
    assert not game.over and game.phase == "round_over"


# -- the deck running out ----------------------------------------------------------------------
def test_an_empty_deck_is_refilled_from_the_discard_pile_except_its_top_card():
    game = arranged([["g1", "g2"], ["y1"]], "r9")
    game.deck = []
    game.discard = [c("b1"), c("b2"), c("b3"), c("r9")]
    events = game.apply(Draw(0), 0.2)
    assert any(isinstance(e, DeckReshuffled) and e.cards == 3 for e in events)
    assert top(game) == (9, "red") and len(game.discard) == 1
    assert len(game.deck) == 2 and len(game.hands[0]) == 3


def test_with_nothing_left_to_draw_the_turn_still_passes():
    game = arranged([["g1", "g2"], ["y1"]], "r9")
    game.deck = []
    game.apply(Draw(0), 0.2)
    assert game.turn == 1 and len(game.hands[0]) == 2


# -- what each seat sees ------------------------------------------------------------------------
def test_a_seat_sees_its_own_hand_the_others_as_counts_and_the_public_state():
    game = arranged([["r1", "r2"], ["y1", "y2", "y3"], ["b1"]], "r9")
    game.apply(play(0, "r1"), 0.2)
    view = game.observe(1)
    assert sorted(str(x) for x in view.hand) == ["1yellow", "2yellow", "3yellow"]
    assert view.hand_counts == (1, 3, 1)
    assert view.top.rank == 1 and view.colour == "red" and view.turn == 1 and view.direction == 1
    assert view.uno_targets == (0,) and view.uno_open == (0,)
    assert view.jump_open is False     # seat 1 is on turn: its identical cards are ordinary plays
    assert game.observe(2).jump_open is True


def test_a_drawn_card_is_seen_only_by_its_drawer():
    game = arranged([["g1", "g2"], ["y1"], ["b1"]], "r9", deck=["W4"])
    events = game.apply(Draw(0), 0.2)
    moved = [e for e in events if isinstance(e, CardMoved)]
    assert moved[0].for_seat(0).card.rank == WILD4
    assert moved[0].for_seat(1).card is None and moved[0].for_seat(2).card is None


def test_the_offer_of_a_window_is_the_same_whatever_a_seat_holds():
    holding = arranged([["r5", "g1", "g2"], ["y1"], ["r5", "b2"], ["g9"]], "r9")
    empty = arranged([["r5", "g1", "g2"], ["y1"], ["g8", "b2"], ["g9"]], "r9")
    for game in (holding, empty):
        game.apply(play(0, "r5"), 0.2)
    assert holding.seats_to_act() == empty.seats_to_act() == (1, 2, 3)
    assert holding.situation_for(2) == empty.situation_for(2)


def test_actions_before_the_deal_or_by_unknown_seats_are_refused():
    game = CombatUno(3, seed=1)
    unchanged(game, Draw(0), WrongPhase)
    game.apply(StartRound(), 0.0)
    unchanged(game, Play(9, 5, "red"), IllegalAction, 0.1)
    unchanged(game, DrawCard(0), WrongPhase, 0.1)
    unchanged(game, StartRound(), WrongPhase, 0.1)
    unchanged(game, Expire(), IllegalAction, 0.1)
    unchanged(game, CallUno(0, 1), WindowClosed, 0.1)
    assert hand_place(1).seat == 1


def test_a_drawn_card_identical_to_the_top_card_jumps_in_at_once_while_the_chance_lasts():
    # As the rules page says: the draw ends the turn, the drawn card goes down out of turn.
    game = arranged([["b1", "g2"], ["y3", "y4"], ["b7", "b8"]], "r5", deck=["g9", "r5"])
    game.apply(Draw(0), 0.5)
    assert game.turn == 1 and play(0, "r5") in game.legal_actions(0)
    game.apply(play(0, "r5"), 0.6)
    assert top(game) == (5, "red") and faces(game, 0) == ["1blue", "2green"] and game.turn == 1
    late = arranged([["b1", "g2"], ["y3", "y4"], ["b7", "b8"]], "r5", deck=["g9", "r5"])
    late.apply(Draw(0), 2.5)
    unchanged(late, play(0, "r5"), WindowClosed, 3.2)   # the chance counted from the r5 landing


def test_going_out_stops_a_penalty_being_drawn_and_the_drawn_cards_count():
    game = arranged([["rD", "g2"], ["y3", "y4"], ["rD"]], "r5", deck=["g9", "g8", "g7", "g6"])
    game.apply(play(0, "rD"), 0.1)
    game.apply(StartDrawing(1), 0.2)                     # seat 1 owes two, has drawn one (g6)
    assert game.owed[1] == 1 and faces(game, 1) == ["3yellow", "4yellow", "6green"]
    game.apply(play(2, "rD"), 0.3)                       # seat 2 goes out
    assert game.phase in ("round_over", "match_over") and game.owed == [0, 0, 0]
    assert faces(game, 1) == ["3yellow", "4yellow", "6green"] and len(game.deck) == 3
    assert game.score.rounds[-1] == (2, 13, 0)


def test_a_seat_that_called_uno_is_safe_until_its_hand_changes():
    game = arranged([["r1", "r2"], ["y1", "y2"], ["b1", "b2"]], "r9", deck=["g5", "g6", "g7", "g8"])
    game.apply(play(0, "r1"), 0.2)
    assert game.observe(1).uno_safe == ()            # not called yet
    game.apply(CallUno(0, 0), 0.5)
    assert game.observe(1).uno_safe == (0,)
    while game.turn != 0:
        seat = game.turn
        game.apply(Draw(seat), game.now + 0.1)
        for s in game.seats_to_act():
            if Pass(s) in game.legal_actions(s):
                game.apply(Pass(s), game.now + 0.01)
    game.apply(Draw(0), game.now + 0.1)               # a second card: no longer on UNO
    assert game.observe(1).uno_safe == ()
