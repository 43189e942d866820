"""Scenario tests for every Kombio rule, on stacked decks."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from game.core.actions import Expire, Pass, StartRound
from game.core.cards import FACE_DOWN, Card, grid_place
from game.core.errors import (BadOptions, IllegalAction, InvalidTarget, NotYourTurn, WindowClosed,
                              WrongPhase)
from game.core.events import CardSeen, DeckReshuffled, Note, RoundScored
from game.variants.kombio import (DECK_SPEC, BlindSwap, CallKombio, DecidePenalty, DrawFromDeck,
                                  Exchange, Give, Kombio, KombioCalled, LookAny, LookOpponent, LookOwn,
                                  LookTwo, Match, MatchAttempted, PlayDrawn, SkipAbility, SwapBoth,
                                  SwapLooked, TakeDiscard)
from tests.invariants import unchanged

_ids = itertools.count(10_000)


def card(value: int) -> Card:
    return Card(next(_ids), value)


def stacked(grids, deck=(), discard=(5,), seats=None, **options):
    """A game whose round 1 is dealt, then rearranged: seat 0 to play, `deck` drawn from the end,
    a card already on the discard pile (so it is not the first turn) unless `discard` says otherwise."""
    options.setdefault("reaction_seconds", 3.0)
    game = Kombio(seats or len(grids), options, seed=7)
    game.apply(StartRound(), 0.0)
    game.grids = [[card(v) if v is not None else None for v in row] for row in grids]
    game.deck = [card(v) for v in deck]
    game.discard = [card(v) for v in discard]
    return game


def values(game, seat):
    return [c.rank if c is not None else None for c in game.grids[seat]]


def close_window(game):
    game.apply(Expire(), game.window.deadline)


# -- deck, deal and peek -----------------------------------------------------------------------
def test_deck_is_the_published_70_card_list():
    cards = DECK_SPEC.build()
    assert len(cards) == 70 == len({c.id for c in cards})
    counts = Counter(c.rank for c in cards)
    assert counts[-1] == counts[0] == 3
    assert all(counts[v] == 5 for v in range(1, 13))
    assert counts[13] == counts[14] == 2


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_deal_four_each_and_peek_the_two_near_cards_privately(seats):
    game = Kombio(seats, seed=3)
    events = game.apply(StartRound(), 0.0)
    assert all(len(g) == 4 for g in game.grids)
    assert len(game.deck) == 70 - 4 * seats
    peeks = [e for e in events if isinstance(e, CardSeen)]
    assert {(e.seat, e.place.index) for e in peeks} == {(s, i) for s in range(seats) for i in (2, 3)}
    for e in peeks:
        other = (e.seat + 1) % seats
        assert e.for_seat(e.seat).card is not None
        assert e.for_seat(other).card is None
    assert game.turn == 0 and game.phase == "turn"


def test_seat_counts_outside_two_to_six_are_refused():
    with pytest.raises(BadOptions):
        Kombio(1)
    with pytest.raises(BadOptions):
        Kombio(7)
    with pytest.raises(BadOptions):
        Kombio(3, {"no_such_rule": True})


def test_first_turn_must_draw_from_the_deck():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=())
    unchanged(game, TakeDiscard(0))
    unchanged(game, CallKombio(0))
    unchanged(game, DrawFromDeck(1), NotYourTurn)
    assert game.legal_actions(0) == [DrawFromDeck(0)]


# -- drawing, exchanging, playing ------------------------------------------------------------
def test_drawn_card_is_seen_only_by_its_drawer_and_exchange_discards_the_old_card():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9, 0])
    events = game.apply(DrawFromDeck(0), 0.1)
    assert events[-1].for_seat(0).card.rank == 0 and events[-1].for_seat(1).card is None
    assert game.observe(0).held.rank == 0 and game.observe(1).held is None
    game.apply(Exchange(0, 3), 0.2)
    assert values(game, 0) == [1, 2, 3, 0]
    assert game.discard[-1].rank == 4 and game.phase == "reaction"


def test_a_card_from_the_discard_must_be_exchanged():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[11])
    game.apply(TakeDiscard(0), 0.1)
    assert game.observe(1).held.rank == 11  # it was face up: everybody knows it
    unchanged(game, PlayDrawn(0), WrongPhase)
    game.apply(Exchange(0, 0), 0.2)
    assert values(game, 0)[0] == 11 and game.discard[-1].rank == 1


def test_playing_a_low_card_has_no_ability():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[6])
    game.apply(DrawFromDeck(0), 0.1)
    game.apply(PlayDrawn(0), 0.2)
    assert game.phase == "reaction" and game.discard[-1].rank == 6


def test_a_card_discarded_from_the_hand_has_no_ability():
    game = stacked([[13, 2, 3, 4], [5, 6, 7, 8]], deck=[1])
    game.apply(DrawFromDeck(0), 0.1)
    game.apply(Exchange(0, 0), 0.2)
    assert game.discard[-1].rank == 13 and game.phase == "reaction"


# -- abilities --------------------------------------------------------------------------------
def play(game, t=0.1):
    game.apply(DrawFromDeck(0), t)
    return game.apply(PlayDrawn(0), t)


@pytest.mark.parametrize("rank", [7, 8])
def test_seven_and_eight_look_at_one_of_your_own(rank):
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[rank])
    play(game)
    unchanged(game, LookOpponent(0, grid_place(1, 0)), WrongPhase)
    events = game.apply(LookOwn(0, 1), 0.2)
    seen = [e for e in events if isinstance(e, CardSeen)][0]
    assert seen.for_seat(0).card.rank == 2 and seen.for_seat(1).card is None
    assert game.phase == "reaction"


@pytest.mark.parametrize("rank", [9, 10])
def test_nine_and_ten_look_at_an_opponents_card(rank):
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[rank])
    play(game)
    unchanged(game, LookOpponent(0, grid_place(0, 0)), InvalidTarget)
    events = game.apply(LookOpponent(0, grid_place(1, 2)), 0.2)
    seen = [e for e in events if isinstance(e, CardSeen)][0]
    assert seen.for_seat(0).card.rank == 7


@pytest.mark.parametrize("rank", [11, 12])
def test_eleven_and_twelve_blindly_swap_any_two_cards(rank):
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, 9]], deck=[rank])
    play(game)
    events = game.apply(BlindSwap(0, grid_place(1, 0), grid_place(2, 3)), 0.2)
    assert values(game, 1)[0] == 9 and values(game, 2)[3] == 5
    assert not any(isinstance(e, CardSeen) for e in events)


def test_thirteen_looks_at_any_card_then_may_swap_it_unseen():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[13, 13])
    play(game)
    game.apply(LookAny(0, grid_place(1, 1)), 0.2)
    assert game.observe(0).grids[1][1].rank == 6       # the looked card is visible to the looker
    assert game.observe(1).grids[1][1] is FACE_DOWN    # and to nobody else
    unchanged(game, SwapLooked(0, grid_place(1, 1)), InvalidTarget)
    game.apply(SwapLooked(0, grid_place(0, 0)), 0.3)
    assert values(game, 0)[0] == 6 and values(game, 1)[1] == 1


def test_thirteen_swap_is_optional():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[13])
    play(game)
    game.apply(LookAny(0, grid_place(1, 1)), 0.2)
    game.apply(SkipAbility(0), 0.3)
    assert values(game, 1) == [5, 6, 7, 8] and game.phase == "reaction"


def test_fourteen_looks_at_two_cards_then_may_swap_them():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[14])
    play(game)
    events = game.apply(LookTwo(0, grid_place(0, 0), grid_place(1, 3)), 0.2)
    assert [e.for_seat(0).card.rank for e in events if isinstance(e, CardSeen)] == [1, 8]
    game.apply(SwapBoth(0), 0.3)
    assert values(game, 0)[0] == 8 and values(game, 1)[3] == 1


def test_abilities_are_optional():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[11])
    play(game)
    game.apply(SkipAbility(0), 0.2)
    assert values(game, 0) == [1, 2, 3, 4] and game.phase == "reaction"


# -- matching ---------------------------------------------------------------------------------
def discard_a(game, value_slot=3, t=0.1):
    """Seat 0 draws and exchanges into `value_slot`, so the old card there is the one to match."""
    game.apply(DrawFromDeck(0), t)
    game.apply(Exchange(0, value_slot), t)


def test_matching_your_own_card_discards_it_and_opens_a_fresh_window():
    game = stacked([[1, 2, 3, 4], [5, 4, 7, 8], [4, 9, 9, 9]], deck=[0])
    discard_a(game)
    serial = game.window.serial
    game.apply(Match(1, grid_place(1, 1)), 0.5)
    assert values(game, 1) == [5, None, 7, 8] and game.discard[-1].rank == 4
    assert game.window.serial == serial + 1 and game.window.remaining() == (0, 1, 2)
    game.apply(Match(2, grid_place(2, 0)), 0.6)  # a match of a match is allowed too
    assert values(game, 2)[0] is None


def test_matching_an_opponents_card_then_giving_one_of_yours_unseen():
    game = stacked([[1, 2, 3, 4], [5, 4, 7, 8], [0, 9, 9, 9]], deck=[0])
    discard_a(game)
    game.apply(Match(2, grid_place(1, 1)), 0.5)
    assert game.phase == "give" and game.seats_to_act() == (2,)
    unchanged(game, Pass(0), WrongPhase)
    events = game.apply(Give(2, 0), 0.7)
    assert values(game, 1)[1] == 0 and values(game, 2)[0] is None
    assert events[0].for_seat(1).card is None and events[0].for_seat(2).card is None
    assert game.phase == "reaction"


def test_a_wrong_match_from_your_own_grid_costs_a_face_down_penalty_card():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, 9]], deck=[12, 0])
    discard_a(game)
    events = game.apply(Match(1, grid_place(1, 0)), 0.5)
    assert values(game, 1) == [5, 6, 7, 8, 12]
    attempt = [e for e in events if isinstance(e, MatchAttempted)][0]
    assert attempt.for_seat(2).card.rank == 5 and not attempt.correct   # shown to everybody
    unchanged(game, Match(1, grid_place(1, 1)), WindowClosed, 0.6)      # one attempt per discard
    game.apply(Pass(0), 0.7)
    game.apply(Pass(2), 0.8)
    assert game.phase == "turn" and game.turn == 1


@pytest.mark.parametrize("take_card", [True, False])
def test_a_wrong_match_on_an_opponents_card_lets_that_opponent_choose_the_penalty(take_card):
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, 9]], deck=[12, 0])
    discard_a(game)
    game.apply(Match(2, grid_place(1, 2)), 0.5)
    assert game.phase == "penalty_choice" and game.seats_to_act() == (1,)
    assert game.observe(1).wrong_claimer == 2 == game.observe(-1).wrong_claimer
    unchanged(game, DecidePenalty(2, True), NotYourTurn)
    game.apply(DecidePenalty(1, take_card), 0.6)
    if take_card:
        assert values(game, 1) == [5, 6, None, 8] and values(game, 2) == [9, 9, 9, 9, 7]
    else:
        assert values(game, 1) == [5, 6, 7, 8] and values(game, 2) == [9, 9, 9, 9, 12]
    assert game.phase == "reaction" and 2 not in game.window.remaining()


def test_a_penalty_card_fills_an_empty_slot_first():
    game = stacked([[1, 2, 3, 4], [5, None, 7, 8], [9, 9, 9, 9]], deck=[12, 0])
    discard_a(game)
    game.apply(Match(1, grid_place(1, 0)), 0.5)
    assert values(game, 1) == [5, 12, 7, 8]


def test_the_window_expires_on_time_and_not_before():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0])
    discard_a(game, t=1.0)
    assert game.window.deadline == pytest.approx(4.0)
    assert game.table_action() == (Expire(), 4.0)
    unchanged(game, Expire(), IllegalAction, 3.9)
    unchanged(game, Match(1, grid_place(1, 0)), WindowClosed, 4.0)
    game.apply(Expire(), 4.0)
    assert game.phase == "turn" and game.turn == 1


def test_a_zero_second_window_waits_for_everyone_to_pass():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0], reaction_seconds=0)
    discard_a(game)
    assert game.window.deadline is None and game.table_action() is None
    unchanged(game, Expire(), IllegalAction, 100.0)
    game.apply(Pass(0), 50.0)
    assert game.phase == "reaction"
    game.apply(Pass(1), 60.0)
    assert game.phase == "turn"


# -- KOMBIO -----------------------------------------------------------------------------------
def take_turn(game, seat, t):
    events = game.apply(DrawFromDeck(seat), t)
    events += game.apply(PlayDrawn(seat), t)
    if game.phase == "ability":
        events += game.apply(SkipAbility(seat), t)
    events += game.apply(Expire(), game.window.deadline)
    return events


def test_kombio_gives_every_other_player_exactly_one_more_turn_and_locks_the_caller():
    game = stacked([[0, 0, 1, 1], [5, 6, 7, 8], [9, 9, 9, 9]], deck=[2, 3, 4, 5, 6])
    events = game.apply(CallKombio(0), 0.1)
    assert any(isinstance(e, KombioCalled) and e.seat == 0 for e in events)
    assert game.turn == 1
    take_turn(game, 1, 0.2)
    # the caller's grid can be neither matched nor targeted, and the caller cannot claim
    game.apply(DrawFromDeck(2), game.now)
    game.apply(PlayDrawn(2), game.now)
    assert game.window.offered == (1, 2)
    unchanged(game, Match(1, grid_place(0, 0)), InvalidTarget)
    close_window(game)
    assert game.phase == "round_over"
    scored = game.score.rounds[-1]
    assert scored == (2, 26 + 10, 36 + 10)


def test_with_two_players_the_callers_grid_is_not_locked():
    game = stacked([[0, 0, 1, 1], [5, 6, 7, 8]], deck=[3, 11])
    game.apply(CallKombio(0), 0.1)
    assert game.locked_seats() == ()
    game.apply(DrawFromDeck(1), 0.2)
    game.apply(PlayDrawn(1), 0.2)
    game.apply(BlindSwap(1, grid_place(0, 0), grid_place(1, 0)), 0.3)
    assert values(game, 0)[0] == 5
    assert 0 in game.window.offered


def test_kombio_cannot_be_called_twice():
    game = stacked([[0, 0, 1, 1], [5, 6, 7, 8], [9, 9, 9, 9]], deck=[2, 3, 4])
    game.apply(CallKombio(0), 0.1)
    unchanged(game, CallKombio(1))


def test_emptying_your_grid_is_an_automatic_call_and_the_current_player_still_gets_a_final_turn():
    game = stacked([[1, 2, 3, 4], [None, None, None, 4], [9, 9, 9, 9]], deck=[5, 6, 7, 0])
    discard_a(game)                        # seat 0 discards a 4
    events = game.apply(Match(1, grid_place(1, 3)), 0.5)
    assert any(isinstance(e, KombioCalled) and e.seat == 1 and e.automatic for e in events)
    close_window(game)
    assert game.turn == 2                  # the caller is skipped
    take_turn(game, 2, game.now)
    assert game.turn == 0                  # seat 0 had its turn before the call: it gets one more
    take_turn(game, 0, game.now)
    assert game.phase == "round_over"


# -- scoring ----------------------------------------------------------------------------------
def finish_with_call(grids, caller=0, **options):
    game = stacked(grids, deck=[5] * 10, **options)
    events = game.apply(CallKombio(caller), 0.1)
    while game.phase != "round_over" and not game.over:
        events += take_turn(game, game.turn, game.now)
    game.notes = [n for e in events if isinstance(e, RoundScored) for n in e.notes]
    return game


def test_caller_strictly_lowest_scores_their_hand_and_everyone_else_adds_ten():
    game = finish_with_call([[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]])
    assert game.score.rounds[-1] == (4, 8 + 10, 12 + 10)


def test_a_tie_with_the_caller_costs_the_caller_fifteen():
    game = finish_with_call([[1, 1, 1, 1], [1, 1, 1, 1], [3, 3, 3, 3]])
    assert game.score.rounds[-1] == (4 + 15, 4, 12)


def test_beating_the_caller_costs_the_caller_fifteen():
    game = finish_with_call([[2, 2, 2, 2], [0, 0, 0, 0], [3, 3, 3, 3]])
    assert game.score.rounds[-1] == (8 + 15, 0, 12)


def test_both_fourteens_and_nothing_else_score_minus_fifteen():
    game = finish_with_call([[14, None, 14, None], [5, 5, 5, 5], [3, 3, 3, 3]])
    assert game.score.rounds[-1] == (-15, 30, 22)
    assert Note.of("kombio.two-fourteens", 0, bonus=-15) in game.notes


def test_one_fourteen_in_a_hand_of_exactly_25_scores_minus_ten():
    game = finish_with_call([[14, 11, None, None], [5, 5, 5, 5], [3, 3, 3, 3]])
    assert game.score.rounds[-1] == (-10, 30, 22)
    assert Note.of("kombio.fourteen-at-25", 0, bonus=-10) in game.notes


def test_add_ons_can_be_switched_off():
    game = finish_with_call([[14, None, 14, None], [5, 5, 5, 5], [3, 3, 3, 3]], addons=False)
    assert game.score.rounds[-1][0] == 28 + 15


# -- match length ----------------------------------------------------------------------------
def play_round_by_calls(game):
    game.apply(StartRound(), game.now)
    take_turn(game, game.turn, game.now)   # the first turn only draws; the second player calls
    game.apply(CallKombio(game.turn), game.now)
    while game.phase not in ("round_over", "match_over"):
        take_turn(game, game.turn, game.now)


def test_a_match_lasts_the_chosen_number_of_rounds_and_the_lowest_total_wins():
    game = Kombio(2, {"length": "rounds", "rounds": 3}, seed=5)
    for _ in range(3):
        assert not game.over
        play_round_by_calls(game)
    assert game.over and game.phase == "match_over"
    assert game.winners == game.score.lowest()
    unchanged(game, StartRound(), IllegalAction)


def test_a_match_to_a_target_score_ends_when_a_total_reaches_it():
    game = Kombio(2, {"length": "target", "target": 20}, seed=5)
    rounds = 0
    while not game.over:
        play_round_by_calls(game)
        rounds += 1
        assert rounds < 50
    assert max(game.score.totals) >= 20
    assert all(max(totals) < 20 for totals in _running_totals(game)[:-1])


def _running_totals(game):
    totals, out = [0] * game.seats, []
    for scores in game.score.rounds:
        totals = [a + b for a, b in zip(totals, scores)]
        out.append(totals)
    return out


def test_dealer_rotates_and_the_player_left_of_the_dealer_starts():
    game = Kombio(3, {"rounds": 3}, seed=5)
    while not game.over:
        play_round_by_calls(game)
    replay = Kombio(3, {"rounds": 3}, seed=5)
    firsts = []
    for t, action in game.history:
        for e in replay.apply(action, t):
            if type(e).__name__ == "RoundStarted":
                firsts.append((e.dealer, e.first_seat))
    assert firsts == [(2, 0), (0, 1), (1, 2)]


# -- the empty deck ----------------------------------------------------------------------------
def test_an_empty_deck_is_refilled_from_the_discard_pile_except_its_top_card():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[], discard=[9, 10, 11, 3])
    events = game.apply(DrawFromDeck(0), 0.1)
    assert any(isinstance(e, DeckReshuffled) and e.cards == 3 for e in events)
    assert [c.rank for c in game.discard] == [3]
    assert game.held.rank in (9, 10, 11) and len(game.deck) == 2


def test_penalty_cards_also_refill_from_the_discard_pile():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0], discard=[9, 10])
    discard_a(game)   # deck now empty, discard 9 10 4
    game.apply(Match(1, grid_place(1, 0)), 0.5)
    assert len(values(game, 1)) == 5 and [c.rank for c in game.discard] == [4]


# -- bad input ----------------------------------------------------------------------------------
def test_bad_actions_raise_specific_errors_and_change_nothing():
    game = stacked([[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0, 9])
    unchanged(game, Exchange(0, 0), WrongPhase)
    unchanged(game, Match(1, grid_place(0, 0)), WrongPhase)
    unchanged(game, Expire(), WrongPhase)
    unchanged(game, StartRound(), WrongPhase)
    game.apply(DrawFromDeck(0), 1.0)
    unchanged(game, Exchange(0, 9), InvalidTarget)
    unchanged(game, DrawFromDeck(0), WrongPhase)
    unchanged(game, PlayDrawn(0), IllegalAction, 0.5)   # time cannot go back
    unchanged(game, SwapBoth(0), WrongPhase)
