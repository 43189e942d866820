"""Scenario tests for every Kumbal rule and option, on stacked deals (StartRound(deck=...))."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from game.core.actions import Expire, Pass, StartRound
from game.core.errors import BadOptions, IllegalAction, NotYourTurn, WindowClosed, WrongPhase
from game.core.events import CardMoved, DeckReshuffled, MatchEnded, RoundScored, WindowOpened
from game.core.hands import DirectionChanged, DrawPending, HandRevealed, Skipped, Stacked
from game.variants.kumbal import (DECK_CARDS, SIX_SEAT_CARDS, CallKumbal, CallResult, CannotCall, CannotTake, Cut,
                                  CutWanted, Discard, Discarded, DrawFromDeck, FortyNine, FreeDiscard, Kumbal,
                                  MustPickUp, NoMatch, NotACombination, NotHeld, PickedUp, PickUp, TakeDiscard, classify,
                                  discard_options, discard_problem, forty_nine_rule, hand_points)
from tests.invariants import unchanged


def deal(hands, start, deck=(), **options) -> Kumbal:
    """Round 1 dealt from a stacked deck: `hands` per seat (seat 0 starts), `start` the start card,
    `deck` the next cards drawn, in order."""
    options.setdefault("reaction_seconds", 3.0)
    game = Kumbal(len(hands), options, seed=7)
    size = len(hands[0])
    order = [hands[k][i] for i in range(size) for k in range(len(hands))]
    game.apply(StartRound(deck=tuple(order) + (start,) + tuple(deck)), 0.0)
    return game


def faces(game, seat):
    return sorted(str(c) for c in game.hands[seat])


A = ["Ah", "2c", "3d", "4s", "5h", "6c", "9d"]          # 30 points
B = ["Kh", "Kc", "Qd", "Js", "10h", "10c", "9s"]      # 78 points
C = ["Ks", "Qc", "Qh", "Jd", "Jc", "10d", "8s"]      # 81 points
LOW = ["Ah", "Ac", "2d", "joker", "3s", "As", "Ad"]   # 1+1+2+0+3+1+1 = 9
_BY_FACE = {str(c): c for c in DECK_CARDS}


def set_hand(game, seat, faces_):
    game.hands[seat] = [_BY_FACE[f] for f in faces_]


# -- the deck and the deal ----------------------------------------------------------------------------
def test_one_deck_with_two_jokers_and_a_second_deck_at_six_players():
    assert len(DECK_CARDS) == 54 and Counter(c.rank for c in DECK_CARDS)["joker"] == 2
    assert len(SIX_SEAT_CARDS) == 108 and Counter(c.rank for c in SIX_SEAT_CARDS)["joker"] == 4
    for seats, size in ((2, 54), (5, 54), (6, 108)):
        game = Kumbal(seats, seed=1)
        game.apply(StartRound(), 0.0)
        held = sum(len(h) for h in game.hands)
        assert held == 7 * seats and held + len(game.deck) + len(game.discard) == size


def test_values_joker_0_ace_1_to_king_13():
    game = deal([A, B], "7h")
    assert hand_points(game.hands[0]) == 30 and hand_points(game.hands[1]) == 78
    assert hand_points([c for c in DECK_CARDS if c.rank in ("joker", "K", "Q", "J")]) == 0 + 4 * 36


def test_seven_each_faces_private_start_card_public_seat_left_of_dealer_starts():
    game = Kumbal(3, seed=4)
    events = game.apply(StartRound(), 0.0)
    deals = [e for e in events if isinstance(e, CardMoved) and e.dst.zone == "hand"]
    assert len(deals) == 21 and all(e.shown_to == {e.dst.seat} for e in deals)
    start = [e for e in events if isinstance(e, CardMoved) and e.dst.zone == "discard"]
    assert len(start) == 1 and start[0].shown_to is None
    assert game.turn == 0 and game.step == "discard"
    view = game.observe(1)
    assert view.hand == tuple(game.hands[1]) and view.hand_counts == (7, 7, 7)
    assert all(c is not None and str(c) == "FACE_DOWN" for c in view.zones[0].cards)


# -- discarding ----------------------------------------------------------------------------------------
def test_a_turn_is_discard_then_draw_and_passes_left():
    game = deal([A, B], "7h", ["8c"])
    unchanged(game, DrawFromDeck(0), WrongPhase)
    unchanged(game, Discard(1, ("Kh",)), NotYourTurn)
    game.apply(Discard(0, ("9d",)), 1.0)
    assert game.step == "draw" and "9d" not in faces(game, 0)
    unchanged(game, Discard(0, ("Ah",)), WrongPhase)
    unchanged(game, CallKumbal(0), WrongPhase)
    game.apply(DrawFromDeck(0), 2.0)
    assert "8c" in faces(game, 0) and game.turn == 1 and game.step == "discard"


@pytest.mark.parametrize("cards, kind", [
    (("Kh", "Kc"), "set"), (("10h", "10c"), "set"), (("Kh",), "single"),
])
def test_singles_and_sets(cards, kind):
    game = deal([B, A], "7h")
    events = game.apply(Discard(0, cards), 1.0)
    assert [e.kind for e in events if isinstance(e, Discarded)] == [kind]
    assert [str(c) for c in game.discard[-len(cards):]] == sorted(cards, key=lambda f: "hdcs".index(f[-1]))


def test_runs_with_jokers_standing_in_laid_in_order():
    hand = ["4h", "6h", "joker", "9h", "8h", "Ks", "Qs"]
    game = deal([hand, B], "7c")
    game.apply(Discard(0, ("6h", "joker", "4h")), 1.0)
    assert [str(c) for c in game.discard[-3:]] == ["4h", "joker", "6h"]
    assert classify(("8h", "9h", "joker")) == ("run", "")
    assert run_is_refused(("Ks", "Qs"))          # different values, two cards
    assert run_is_refused(("4h", "6h", "9h"))    # gaps no joker fills
    assert run_is_refused(("4h", "5s", "6h"))    # two suits
    assert run_is_refused(("Qs", "Ks", "Ah"))    # no wrap round
    assert discard_problem(("4h", "5h", "7h")) == "the run has 1 gap that no joker fills"
    assert discard_problem(("Kh", "Kc", "joker")) is None   # a joker stands in for a set member


def run_is_refused(faces_):
    return classify(faces_)[0] is None


def test_illegal_discards_are_refused_with_a_reason_and_change_nothing():
    game = deal([A, B], "7h")
    unchanged(game, Discard(0, ("Ah", "2c")), NotACombination)
    unchanged(game, Discard(0, ("Ah", "2c", "3d")), NotACombination)   # not one suit
    unchanged(game, Discard(0, ("Kh",)), NotHeld)
    unchanged(game, Discard(0, ("Ah", "Ah")), NotHeld)
    unchanged(game, Discard(0, ()), NotACombination)


def test_legal_discards_are_exactly_the_combinations_the_rules_accept():
    rng = random.Random(5)
    for _ in range(300):
        hand = tuple(sorted(str(c) for c in rng.sample(SIX_SEAT_CARDS, 8)))
        every = {tuple(sorted(combo)) for k in range(1, 9) for combo in itertools.combinations(hand, k)
                 if classify(combo)[0]}
        listed = [tuple(sorted(c)) for c in discard_options(hand)]
        assert len(listed) == len(set(listed)) and set(listed) == every


# -- taking from the pile ------------------------------------------------------------------------------
def test_take_the_card_on_top_when_the_turn_began_not_your_own_discard():
    game = deal([A, B], "7h")
    game.apply(Discard(0, ("9d",)), 1.0)
    assert TakeDiscard(0) in game.legal_actions(0)
    game.apply(TakeDiscard(0), 2.0)
    assert "7h" in faces(game, 0) and [str(c) for c in game.discard] == ["9d"]
    assert game.observe(1).takeable is not None and str(game.observe(1).takeable) == "9d"


def test_a_joker_is_never_taken():
    game = deal([A, B], "joker")
    assert game.observe(0).blocked == "joker" and game.observe(0).takeable is None
    game.apply(Discard(0, ("9d",)), 1.0)
    assert TakeDiscard(0) not in game.legal_actions(0)
    unchanged(game, TakeDiscard(0), CannotTake)


def test_a_card_played_as_an_action_is_never_taken_but_a_plain_one_is():
    game = deal([["8h", *A[1:]], B], "5c", ["Qc", "Qh"])
    game.apply(Discard(0, ("8h",)), 1.0)                      # an action: skip
    game.apply(DrawFromDeck(0), 2.0)
    assert game.turn == 0                                        # two players: seat 1 skipped
    assert game.observe(0).blocked == "action card"
    game.apply(Discard(0, ("9d",)), 3.0)
    unchanged(game, TakeDiscard(0), CannotTake)
    off = deal([["8h", *A[1:]], B], "5c", ["Qc"], action_cards=False)
    off.apply(Discard(0, ("8h",)), 1.0)
    off.apply(DrawFromDeck(0), 2.0)
    assert off.turn == 1 and str(off.observe(1).takeable) == "8h"


def test_an_empty_deck_is_refilled_from_the_pile_under_its_top_card():
    game = deal([A, B], "7h")
    game.deck, game.discard = [], [c for c in DECK_CARDS if str(c) in ("Kd", "Qd", "Jd")]
    events = game.apply(Discard(0, ("9d",)), 1.0) + game.apply(DrawFromDeck(0), 2.0)
    assert any(isinstance(e, DeckReshuffled) for e in events)
    assert [str(c) for c in game.discard] == ["9d"] and len(game.deck) == 2


# -- calling Kumbal ---------------------------------------------------------------------------------------
def test_kumbal_needs_7_or_fewer_at_the_start_of_the_turn():
    game = deal([LOW, B], "Kd")
    assert CallKumbal(0) not in game.legal_actions(0)
    unchanged(game, CallKumbal(0), CannotCall)
    game.apply(Discard(0, ("3s",)), 1.0)              # 6 points
    game.apply(DrawFromDeck(0), 2.0)
    game.apply(Discard(1, ("Kh", "Kc")), 3.0)
    game.apply(TakeDiscard(1), 4.0)
    drawn = game.hands[0][-1]
    assert (CallKumbal(0) in game.legal_actions(0)) == (hand_points(game.hands[0]) <= 7), drawn


def low_game(**options):
    """Seat 0 holds 6 points at the start of its turn; seat 1 holds B (78)."""
    game = deal([A, B], "Kd", **options)
    set_hand(game, 0, ["Ah", "2c", "joker", "3d"])
    return game


def test_a_call_with_strictly_the_fewest_scores_0_and_the_others_their_hands():
    game = low_game()
    events = game.apply(CallKumbal(0), 1.0)
    assert [e.points for e in events if isinstance(e, HandRevealed)] == [6, 78]
    assert [e for e in events if isinstance(e, CallResult)][0].made
    assert game.score.rounds[-1] == (0, 78) and game.phase == "round_over"
    assert all(len(z.cards) and str(z.cards[0]) != "FACE_DOWN" for z in game.observe(1).zones[:2])


def test_a_call_tied_or_beaten_costs_the_hand_plus_25():
    game = low_game()
    set_hand(game, 1, ["Ad", "2d", "3c", "joker"])
    assert hand_points(game.hands[1]) == 6
    game.apply(CallKumbal(0), 1.0)
    assert game.score.rounds[-1] == (31, 6)


def test_lower_the_goal_five_cards_and_5_points():
    game = Kumbal(3, {"lower_goal": True}, seed=2)
    game.apply(StartRound(), 0.0)
    assert all(len(h) == 5 for h in game.hands) and game.observe(0).goal == 5
    game.hands[0] = [c for c in DECK_CARDS if str(c) in ("Ah", "2h", "3h")]   # 6 points
    assert CallKumbal(0) not in game.legal_actions(0)
    unchanged(game, CallKumbal(0), CannotCall)
    game.hands[0] = [c for c in DECK_CARDS if str(c) in ("Ah", "2h", "2c")]   # 5 points
    assert CallKumbal(0) in game.legal_actions(0)


# -- action cards ------------------------------------------------------------------------------------
def test_a_7_reverses_play_which_with_two_players_changes_nothing():
    game = deal([["7h", *A[1:]], B, C], "5c", ["Qs"])
    events = game.apply(Discard(0, ("7h",)), 1.0) + game.apply(DrawFromDeck(0), 2.0)
    assert any(isinstance(e, DirectionChanged) for e in events) and game.turn == 2 and game.direction == -1
    # Issue 33: the seed says only "7: reverses play direction"; with two it gave an extra turn.
    two = deal([["7h", *A[1:]], B], "5c", ["Qc"])
    events = two.apply(Discard(0, ("7h",)), 1.0) + two.apply(DrawFromDeck(0), 2.0)
    assert [e.direction for e in events if isinstance(e, DirectionChanged)] == [-1]
    assert not any(isinstance(e, Skipped) for e in events) and two.turn == 1
    assert two.observe(1).blocked == "action card"      # still an action card: it cannot be taken


def test_with_the_house_rule_a_7_with_two_players_is_a_skip():
    two = deal([["7h", *A[1:]], B], "5c", ["Qc"], seven_skips_with_two=True)
    events = two.apply(Discard(0, ("7h",)), 1.0) + two.apply(DrawFromDeck(0), 2.0)
    assert any(isinstance(e, Skipped) for e in events) and two.turn == 0
    three = deal([["7h", *A[1:]], B, C], "5c", ["Qs"], seven_skips_with_two=True)
    three.apply(Discard(0, ("7h",)), 1.0)
    three.apply(DrawFromDeck(0), 2.0)
    assert three.turn == 2 and three.direction == -1     # three or more: a reverse as ever


def test_an_8_skips_the_next_player():
    game = deal([["8h", *A[1:]], B, C], "5c", ["Qs"])
    events = game.apply(Discard(0, ("8h",)), 1.0) + game.apply(DrawFromDeck(0), 2.0)
    assert [e.seat for e in events if isinstance(e, Skipped)] == [1] and game.turn == 2


def test_a_set_of_action_cards_is_plain():
    game = deal([["8h", "8c", *A[2:]], B, C], "5c", ["Qs"])
    game.apply(Discard(0, ("8h", "8c")), 1.0)
    game.apply(DrawFromDeck(0), 2.0)
    assert game.turn == 1


def test_a_2_makes_the_next_pick_up_2_which_is_the_whole_turn():
    game = deal([["2h", *A[1:]], B], "5c", ["Qc", "Jc", "10d"])
    game.apply(Discard(0, ("2h",)), 1.0)
    events = game.apply(DrawFromDeck(0), 2.0)
    assert [(e.seat, e.cards) for e in events if isinstance(e, DrawPending)] == [(1, 2)]
    assert game.legal_actions(1) == [PickUp(1)]
    unchanged(game, Discard(1, ("Kh",)), MustPickUp)
    unchanged(game, CallKumbal(1), CannotCall)
    events = game.apply(PickUp(1), 3.0)
    assert [e.cards for e in events if isinstance(e, PickedUp)] == [2] and len(game.hands[1]) == 9
    assert game.turn == 0 and game.pending == 0


def test_a_pick_up_is_passed_on_with_a_lone_2_or_joker_growing_it():
    game = deal([["2h", *A[1:]], ["joker", *B[1:]], ["2d", *C[1:]]], "5c", ["9c", "Jh", "10s", "9h"])
    game.apply(Discard(0, ("2h",)), 1.0)
    game.apply(DrawFromDeck(0), 2.0)
    assert game.pending == 2 and Discard(1, ("joker",)) in game.legal_actions(1)
    game.apply(Discard(1, ("joker",)), 3.0)
    events = game.apply(DrawFromDeck(1), 4.0)
    assert [(e.seat, e.total) for e in events if isinstance(e, Stacked)] == [(1, 7)]
    assert game.turn == 2 and game.pending == 7
    game.apply(Discard(2, ("2d",)), 5.0)
    game.apply(DrawFromDeck(2), 6.0)
    assert game.turn == 0 and game.pending == 9


def test_without_action_cards_a_joker_makes_nobody_pick_up():
    game = deal([["joker", *A[1:]], B], "5c", ["Qc"], action_cards=False)
    game.apply(Discard(0, ("joker",)), 1.0)
    game.apply(DrawFromDeck(0), 2.0)
    assert game.pending == 0 and game.turn == 1 and game.observe(1).blocked == "joker"


# -- free discards --------------------------------------------------------------------------------------
def test_a_drawn_card_equal_to_the_top_may_be_discarded_free_until_the_next_player_moves():
    game = deal([A, B, C], "7h", ["9c", "Qs"])
    game.apply(Discard(0, ("9d",)), 1.0)
    events = game.apply(DrawFromDeck(0), 2.0)
    assert [e.seats for e in events if isinstance(e, WindowOpened)] == [(0,)]
    assert FreeDiscard(0) in game.legal_actions(0) and game.observe(0).free_open
    assert game.observe(1).free_card is None and set(game.seats_to_act()) == {0, 1}
    game.apply(FreeDiscard(0), 2.5)
    assert [str(c) for c in game.discard[-2:]] == ["9d", "9c"] and "9c" not in faces(game, 0)
    assert str(game.observe(1).takeable) == "9d"     # fixed when the turn began
    unchanged(game, FreeDiscard(0), WindowClosed)


def test_the_free_discard_lasts_until_the_next_player_moves():
    # Issue 33: the seed's free discard lasts "as long as the next person hasn't played their turn
    # yet"; it closed on a 3 s timer. Now no deadline however long the next player thinks.
    game = deal([A, B, C], "7h", ["9c", "Qs"])
    game.apply(Discard(0, ("9d",)), 1.0)
    events = game.apply(DrawFromDeck(0), 2.0)
    assert [e.deadline for e in events if isinstance(e, WindowOpened)] == [None]
    assert game.table_action() is None and game.observe(0).free_deadline is None
    game.apply(FreeDiscard(0), 40.0)
    assert [str(c) for c in game.discard[-2:]] == ["9d", "9c"]
    slow = deal([A, B, C], "7h", ["9c", "Qs"])
    slow.apply(Discard(0, ("9d",)), 1.0)
    slow.apply(DrawFromDeck(0), 2.0)
    slow.apply(Discard(1, ("Kh",)), 30.0)
    assert slow.free is None
    unchanged(slow, FreeDiscard(0), WindowClosed)


def test_the_free_discard_closes_when_the_next_player_moves_or_time_runs_out_with_the_timer():
    game = deal([A, B, C], "7h", ["9c", "Qs"], free_discard_timer=True)
    game.apply(Discard(0, ("9d",)), 1.0)
    game.apply(DrawFromDeck(0), 2.0)
    game.apply(Discard(1, ("Kh",)), 2.5)
    assert game.free is None
    unchanged(game, FreeDiscard(0), WindowClosed)
    timed = deal([A, B, C], "7h", ["9c", "Qs"], free_discard_timer=True)
    timed.apply(Discard(0, ("9d",)), 1.0)
    timed.apply(DrawFromDeck(0), 2.0)
    assert timed.table_action() == (Expire(), 5.0)
    unchanged(timed, Expire(), IllegalAction, 4.0)
    timed.apply(Expire(), 5.0)
    unchanged(timed, FreeDiscard(0), WindowClosed)
    passed = deal([A, B, C], "7h", ["9c", "Qs"])
    passed.apply(Discard(0, ("9d",)), 1.0)
    passed.apply(DrawFromDeck(0), 2.0)
    passed.apply(Pass(0), 2.2)
    assert passed.free is None and passed.seats_to_act() == (1,)


def test_no_free_discard_when_the_option_is_off_or_the_value_differs():
    off = deal([A, B], "7h", ["9c"], free_discards=False)
    off.apply(Discard(0, ("9d",)), 1.0)
    off.apply(DrawFromDeck(0), 2.0)
    assert off.free is None and off.seats_to_act() == (1,)
    other = deal([A, B], "7h", ["8c"])
    other.apply(Discard(0, ("9d",)), 1.0)
    other.apply(DrawFromDeck(0), 2.0)
    assert other.legal_actions(0) == [Pass(0)] and other.observe(0).free_card is None
    unchanged(other, FreeDiscard(0), NoMatch)


def test_the_free_discard_window_opens_on_every_draw_and_tells_the_others_nothing_of_the_card():
    # Issue 33: the window opened only on a match, so every other seat learnt the drawn card's value.
    seen = {}
    for drawn in ("9c", "8c"):
        game = deal([A, B, C], "7h", [drawn, "Qs"])
        game.apply(Discard(0, ("9d",)), 1.0)
        events = game.apply(DrawFromDeck(0), 2.0)
        assert [e.seats for e in events if isinstance(e, WindowOpened)] == [(0,)]
        seen[drawn] = [([e.for_seat(s) for e in events], game.observe(s), game.legal_actions(s), game.seats_to_act())
                       for s in (1, 2)]
        assert (FreeDiscard(0) in game.legal_actions(0)) == (drawn == "9c")
        assert game.observe(0).free_card == (game.hands[0][-1] if drawn == "9c" else None)
    assert seen["9c"] == seen["8c"]


def test_the_prompt_says_only_to_the_player_on_turn_that_they_may_call():
    game = deal([["Ah", "Ac", "2d", "joker", "As", "Ad", "joker"], B], "7h")     # 6 points
    assert game.observe(0).prompt == "seat 0 to discard or call Kumbal"
    assert game.observe(1).prompt == game.observe(-1).prompt == "seat 0 to discard"


# -- cutting the deck -----------------------------------------------------------------------------------
def test_cutting_gathers_the_cards_and_the_seat_right_of_the_dealer_cuts():
    game = low_game(cut_deck=True)
    game.apply(CallKumbal(0), 1.0)
    # The round's cards as they lie, bottom first: hands from the new dealer's left, the pile
    # turned over, the deck on top.
    new_dealer = 0
    expected = game.hands[(new_dealer + 1) % 2] + game.hands[new_dealer] + game.discard[::-1] + game.deck
    events = game.apply(StartRound(), 2.0)
    assert game.phase == "cut" and [(e.seat, e.cards) for e in events if isinstance(e, CutWanted)] == [(1, len(expected))]
    assert game.deck == expected and game.seats_to_act() == (1,)
    legal = game.legal_actions(1)
    assert legal[0] == Cut(1, 4) and legal[-1] == Cut(1, len(expected) - 4)
    unchanged(game, Cut(1, 3))
    unchanged(game, Cut(0, 10), NotYourTurn)
    cut = expected[-10:] + expected[:-10]
    game.apply(Cut(1, 10), 3.0)
    assert game.phase == "play" and game.turn == 1
    dealt = [cut[-1 - i] for i in range(14)]
    assert game.hands[1] == dealt[0::2] and game.hands[0] == dealt[1::2]
    assert game.discard == [cut[-15]]


def test_without_cutting_every_round_is_shuffled():
    game = low_game()
    game.apply(CallKumbal(0), 1.0)
    game.apply(StartRound(), 2.0)
    assert game.phase == "play"


# -- the match and the 49-rule -------------------------------------------------------------------------
def test_the_49_rule():
    assert [forty_nine_rule(t) for t in (49, 99, 149, 50, 98, 0)] == [0, 50, 100, 50, 98, 0]
    game = low_game(forty_nine=True)
    game.score.totals = [10, 21]
    events = game.apply(CallKumbal(0), 1.0)
    assert [(e.seat, e.reached, e.total) for e in events if isinstance(e, FortyNine)] == [(1, 99, 50)]
    assert game.score.totals == [10, 50] and game.observe(0).forty_nine == ((1, 1, 99, 50),)


@pytest.mark.parametrize("target", [100, 200, 500])
def test_the_match_ends_when_a_total_passes_the_target(target):
    game = low_game(target=target)
    game.score.totals = [5, target - 78]          # reaches the target exactly: not past it
    game.apply(CallKumbal(0), 1.0)
    assert not game.over
    game.apply(StartRound(), 2.0)
    assert game.turn == 1
    set_hand(game, 1, ["2h"])           # a failed call: 2 + 25 takes seat 1 past the target
    set_hand(game, 0, ["Ah"])
    events = game.apply(CallKumbal(1), 3.0)
    ended = [e for e in events if isinstance(e, MatchEnded)]
    assert game.over and ended and ended[0].winners == (0,)
    assert any(isinstance(e, RoundScored) for e in events)


def test_bad_options_are_refused():
    with pytest.raises(BadOptions):
        Kumbal(4, {"target": 150})
    with pytest.raises(BadOptions):
        Kumbal(7)
