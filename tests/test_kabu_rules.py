"""Scenario tests for every Kabu rule (game/rules/kabu.md), on arranged grids and piles."""

from __future__ import annotations

import itertools
import pickle
from collections import Counter

import pytest

from game.core.actions import Expire, Pass, StartRound
from game.core.cards import FACE_DOWN, Card, grid_place
from game.core.errors import IllegalAction, InvalidTarget, NotYourTurn, WindowClosed, WrongPhase
from game.core.events import CardMoved, CardRevealed, CardSeen, CardsSwapped, PenaltyGiven, RoundScored
from game.variants.kabu import (DECK_SPEC, AbilityStarted, BlindSwap, CallKabu, ClaimMissed, Claimed,
                                DrawFromDeck, Exchange, Give, Kabu, KabuCalled, LookOpponent, LookOwn,
                                LookPair, LostCardRace, Match, Peek, PlayDrawn, RaceLost, Refilled,
                                SkipAbility, SwapBoth, TakeDiscard, TotalHalved, calculated_score,
                                card_value)
from tests.invariants import unchanged

_ids = itertools.count(10_000)


def c(face: str) -> Card:
    """A card by its face as str(card) writes it: "5h", "10s", "Kd", "joker"."""
    if face == "joker":
        return Card(next(_ids), "joker", None)
    rank, suit = face[:-1], face[-1]
    return Card(next(_ids), int(rank) if rank.isdigit() else rank, suit)


def stacked(grids, deck=(), discard=("5c",), **options):
    """A game whose round 1 is dealt and peeked, then rearranged: seat 0 to play, `deck` drawn from
    the end, `discard` on the pile (its last card on top)."""
    options.setdefault("reaction_seconds", 3.0)
    game = Kabu(len(grids), options, seed=7)
    game.apply(StartRound(), 0.0)
    for seat in range(game.seats):
        game.apply(Peek(seat, 3), 0.0)
        game.apply(Peek(seat, 4), 0.0)
    assert game.phase == "turn" and game.turn == 0
    game.grids = [[c(f) if f is not None else None for f in row] for row in grids]
    game.deck = [c(f) for f in deck]
    game.discard = [c(f) for f in discard]
    return game


def faces(game, seat):
    return [str(card) if card is not None else None for card in game.grids[seat]]


def discard_from_deck(game, seat=0, t=1.0):
    """Seat draws and discards the drawn card (not using its ability), opening a window on it."""
    game.apply(DrawFromDeck(seat), t)
    game.apply(PlayDrawn(seat), t)
    if game.phase == "ability":
        game.apply(SkipAbility(seat), t)
    assert game.phase == "reaction"


SIX = ["2h", "3h", "4h", "5h", "6h", "Ah"]
SIX_B = ["2c", "3c", "4c", "5c", "6c", "Ac"]


# -- deck, values, deal and peek --------------------------------------------------------------
def test_two_decks_and_four_jokers_make_108_cards():
    cards = DECK_SPEC.build()
    assert len(cards) == 108 == len({c.id for c in cards})
    counts = Counter(str(card) for card in cards)
    assert counts["joker"] == 4 and counts["Kh"] == 2 and counts["As"] == 2


@pytest.mark.parametrize("face,value", [("Ah", 1), ("7c", 7), ("10d", 10), ("Js", 11), ("Qh", 12),
                                        ("Kh", 0), ("Kd", 0), ("Kc", 24), ("Ks", 24), ("joker", -1)])
def test_card_values(face, value):
    assert card_value(c(face)) == value


def test_six_cards_each_and_everyone_chooses_two_to_peek_at():
    game = Kabu(3, seed=1)
    events = game.apply(StartRound(), 0.0)
    assert [len(g) for g in game.grids] == [6, 6, 6] and game.phase == "peek"
    assert set(game.seats_to_act()) == {0, 1, 2}
    assert not any(isinstance(e, CardSeen) for e in events)   # nobody has seen anything yet
    seen = game.apply(Peek(1, 0), 0.1)
    assert seen == [CardSeen(1, grid_place(1, 0), game.grids[1][0], frozenset((1,)))]
    unchanged(game, Peek(1, 0), InvalidTarget)                 # not the same card twice
    game.apply(Peek(1, 5), 0.2)
    unchanged(game, Peek(1, 2), NotYourTurn)                   # two each
    assert game.phase == "peek" and set(game.seats_to_act()) == {0, 2}
    for seat in (0, 2):
        game.apply(Peek(seat, 1), 0.3)
        game.apply(Peek(seat, 2), 0.3)
    assert game.phase == "turn" and game.turn == 0
    assert game.observe(0).grids[1] == (FACE_DOWN,) * 6       # a peek shows the card only once


def test_kabu_may_be_called_instead_of_the_very_first_turn():
    # Issue 33: "Instead of taking a turn, you can call Kabu"; the first-turn refusal was Kombio's.
    game = stacked([SIX, SIX_B], deck=["9c"], discard=())
    unchanged(game, TakeDiscard(0))                             # nothing on the pile to take yet
    assert game.legal_actions(0) == [DrawFromDeck(0), CallKabu(0)]
    assert "or call Kabu" in game.observe(1).prompt
    events = game.apply(CallKabu(0), 1.0)
    assert KabuCalled(0) in events and game.turn == 1 and game.final_turns == {1}


def test_with_the_house_rule_the_first_turn_draws_and_kabu_comes_later():
    game = stacked([SIX, SIX_B], deck=["9c"], discard=(), call_first_turn=False)
    unchanged(game, CallKabu(0))
    unchanged(game, TakeDiscard(0))
    assert game.legal_actions(0) == [DrawFromDeck(0)]
    assert "call" not in game.observe(1).prompt


# -- a turn -------------------------------------------------------------------------------------
def test_a_drawn_card_swapped_in_sends_the_old_card_face_up_to_the_pile():
    game = stacked([SIX, SIX_B], deck=["Kh"])
    game.apply(DrawFromDeck(0), 1.0)
    assert game.observe(0).held is not None and game.observe(1).held is None
    events = game.apply(Exchange(0, 2), 1.5)
    assert faces(game, 0)[2] == "Kh" and str(game.discard[-1]) == "4h"
    assert events[0] == CardMoved(game.discard[-1], grid_place(0, 2), events[0].dst, None, 0) and events[0].dst.zone == "discard"
    assert game.phase == "reaction" and game.window.offered == (0, 1)


def test_the_top_discard_can_be_taken_and_must_be_swapped_in():
    game = stacked([SIX, SIX_B], discard=("9c", "Kd"))
    game.apply(TakeDiscard(0), 1.0)
    assert game.legal_actions(0) == [Exchange(0, i) for i in range(6)]
    game.apply(Exchange(0, 0), 1.5)
    assert faces(game, 0)[0] == "Kd" and [str(x) for x in game.discard] == ["9c", "2h"]


def test_no_stale_discards_the_card_under_a_taken_top_cannot_be_claimed():
    game = stacked([SIX, ["9h", "3c", "4c", "5c", "6c", "Ac"]], discard=("9c", "Kd"))
    game.apply(TakeDiscard(0), 1.0)
    assert game.seats_to_act() == (0,) and game.legal_actions(1) == []
    unchanged(game, Match(1, grid_place(1, 0)), WrongPhase)    # the 9 under the king is "old"
    game.apply(Exchange(0, 5), 1.5)                             # the ace lands: the new moment
    assert Match(1, grid_place(1, 0)) in game.legal_actions(1)


def test_a_drawn_card_without_an_ability_may_be_discarded_and_opens_the_window():
    game = stacked([SIX, SIX_B], deck=["Jc"])
    game.apply(DrawFromDeck(0), 1.0)
    events = game.apply(PlayDrawn(0), 1.2)
    assert not any(isinstance(e, AbilityStarted) for e in events) and game.phase == "reaction"


# -- abilities ------------------------------------------------------------------------------------
@pytest.mark.parametrize("face", ["7h", "8c"])
def test_seven_and_eight_look_at_one_of_your_own(face):
    game = stacked([SIX, SIX_B], deck=[face])
    game.apply(DrawFromDeck(0), 1.0)
    game.apply(PlayDrawn(0), 1.1)
    assert game.phase == "ability" and game.ability == "own"
    assert {type(a) for a in game.legal_actions(0)} == {LookOwn, SkipAbility}
    events = game.apply(LookOwn(0, 0), 1.2)
    assert CardSeen(0, grid_place(0, 0), game.grids[0][0], frozenset((0,))) in events
    assert game.phase == "reaction"


@pytest.mark.parametrize("face", ["9d", "10s"])
def test_nine_and_ten_look_at_an_opponents_card(face):
    game = stacked([SIX, SIX_B], deck=[face])
    game.apply(DrawFromDeck(0), 1.0)
    game.apply(PlayDrawn(0), 1.1)
    assert all(a.place.seat == 1 for a in game.legal_actions(0) if isinstance(a, LookOpponent))
    unchanged(game, LookOpponent(0, grid_place(0, 1)), InvalidTarget)
    game.apply(LookOpponent(0, grid_place(1, 1)), 1.2)
    assert game.phase == "reaction"


def test_a_red_jack_swaps_any_two_cards_blind():
    game = stacked([SIX, SIX_B, ["7d"] * 6], deck=["Jd"])
    game.apply(DrawFromDeck(0), 1.0)
    game.apply(PlayDrawn(0), 1.1)
    events = game.apply(BlindSwap(0, grid_place(1, 0), grid_place(2, 5)), 1.2)
    assert CardsSwapped(grid_place(1, 0), grid_place(2, 5), 0) in events
    assert faces(game, 1)[0] == "7d" and faces(game, 2)[5] == "2c"
    assert not any(isinstance(e, CardSeen) for e in events)


@pytest.mark.parametrize("face", ["Jc", "Js", "Qc", "Qs", "Kh", "joker", "6d"])
def test_black_jacks_and_queens_and_the_rest_have_no_ability(face):
    game = stacked([SIX, SIX_B], deck=[face])
    game.apply(DrawFromDeck(0), 1.0)
    game.apply(PlayDrawn(0), 1.1)
    assert game.phase == "reaction"


@pytest.mark.parametrize("swap", [True, False])
def test_a_red_queen_looks_at_one_of_yours_and_one_of_theirs_then_you_choose(swap):
    game = stacked([SIX, SIX_B], deck=["Qh"])
    game.apply(DrawFromDeck(0), 1.0)
    game.apply(PlayDrawn(0), 1.1)
    pairs = [a for a in game.legal_actions(0) if isinstance(a, LookPair)]
    assert len(pairs) == 36 and all(a.place.seat == 1 for a in pairs)
    game.apply(LookPair(0, 2, grid_place(1, 5)), 1.2)
    view = game.observe(0)
    assert [str(x) for x in view.looked_cards] == ["4h", "Ac"] and game.observe(1).looked_cards == (None, None)
    assert game.legal_actions(0) == [SwapBoth(0), SkipAbility(0)]
    game.apply(SwapBoth(0) if swap else SkipAbility(0), 1.3)
    assert (faces(game, 0)[2], faces(game, 1)[5]) == (("Ac", "4h") if swap else ("4h", "Ac"))
    assert game.phase == "reaction"


def test_abilities_are_optional():
    game = stacked([SIX, SIX_B], deck=["Jh"])
    game.apply(DrawFromDeck(0), 1.0)
    game.apply(PlayDrawn(0), 1.1)
    game.apply(SkipAbility(0), 1.2)
    assert game.phase == "reaction" and faces(game, 0) == SIX


def test_instant_knowledge_the_looked_at_card_stays_in_view_for_the_window_after():
    game = stacked([SIX, ["2c", "3c", "9s", "5c", "6c", "Ac"]], deck=["9h"])
    game.apply(DrawFromDeck(0), 1.0)
    game.apply(PlayDrawn(0), 1.1)
    game.apply(LookOpponent(0, grid_place(1, 2)), 1.2)
    assert game.observe(0).grids[1][2] == game.grids[1][2]     # still face up for the looker
    assert game.observe(1).grids[1][2] is FACE_DOWN            # and only for the looker
    events = game.apply(Match(0, grid_place(1, 2)), 1.3)        # snipe the 9 on the 9 at once
    assert Claimed(0, grid_place(1, 2), game.discard[-1], "snipe", "rank") in events
    assert game.observe(0).looked == ()


# -- instant discards and snipes ---------------------------------------------------------------------
def test_an_instant_discard_of_the_same_rank_lands_and_opens_a_fresh_window():
    game = stacked([SIX, ["2c", "3c", "4c", "9s", "6c", "Ac"]], deck=["9h"])
    discard_from_deck(game)
    serial = game.window.serial
    events = game.apply(Match(1, grid_place(1, 3)), 1.5)
    assert Claimed(1, grid_place(1, 3), game.discard[-1], "discard", "rank") in events
    assert faces(game, 1)[3] is None and str(game.discard[-1]) == "9s"
    assert game.phase == "reaction" and game.window.serial > serial


@pytest.mark.parametrize("top,mine", [("Kh", "Kc"), ("Ks", "Kd"), ("joker", "joker")])
def test_kings_match_kings_of_either_colour_and_jokers_match_jokers(top, mine):
    game = stacked([SIX, ["2c", mine, "4c", "5c", "6c", "Ac"]], deck=[top])
    discard_from_deck(game)
    game.apply(Match(1, grid_place(1, 1)), 1.5)
    assert faces(game, 1)[1] is None


def test_the_calculated_score_adds_a_red_top_and_subtracts_a_black_one():
    assert calculated_score([c("6c"), c("4h")]) == 10
    assert calculated_score([c("5h"), c("3s")]) == 2
    assert calculated_score([c("Kc"), c("Kh")]) == 24          # the bottom card counts at its value
    assert calculated_score([c("Ah"), c("joker")]) is None     # a joker on top: no calculated score
    assert calculated_score([c("joker"), c("2d")]) == 1
    assert calculated_score([c("4h")]) is None


def test_a_card_worth_the_calculated_score_may_be_discarded():
    game = stacked([SIX, ["2c", "3c", "10c", "5c", "6c", "Ac"]], deck=["4h"], discard=("6s",))
    discard_from_deck(game)                                     # 6 + red 4 = 10
    assert game.observe(1).calculated == 10
    events = game.apply(Match(1, grid_place(1, 2)), 1.5)
    assert Claimed(1, grid_place(1, 2), game.discard[-1], "discard", "calculated") in events


def test_the_calculated_score_can_be_switched_off():
    game = stacked([SIX, ["2c", "3c", "10c", "5c", "6c", "Ac"]], deck=["4h"], discard=("6s",), calculation=False)
    discard_from_deck(game)
    assert game.observe(1).calculated is None
    events = game.apply(Match(1, grid_place(1, 2)), 1.5)
    assert any(isinstance(e, ClaimMissed) for e in events)


def test_a_snipe_takes_an_opponents_card_and_gives_one_back_unseen():
    game = stacked([["9c", "3h", "4h", "5h", "6h", "Ah"], SIX_B], deck=["9h"])
    discard_from_deck(game)
    game.apply(Match(1, grid_place(0, 0)), 1.5)
    assert game.phase == "give" and game.seats_to_act() == (1,)
    assert game.legal_actions(1) == [Give(1, i) for i in range(6)]
    unchanged(game, Match(0, grid_place(0, 1)), WrongPhase)
    given = game.grids[1][4]
    events = game.apply(Give(1, 4), 1.6)
    assert CardMoved(None, grid_place(1, 4), grid_place(0, 0), frozenset(), 1) in events
    assert game.grids[0][0] is given and game.grids[1][4] is None
    assert events[0].for_seat(0).card is None and game.phase == "reaction"


def test_sniping_can_be_switched_off():
    game = stacked([["9c", "3h", "4h", "5h", "6h", "Ah"], SIX_B], deck=["9h"], sniping=False)
    discard_from_deck(game)
    assert all(a.place.seat == 1 for a in game.legal_actions(1) if isinstance(a, Match))
    unchanged(game, Match(1, grid_place(0, 0)), InvalidTarget)


def test_a_wrong_claim_shows_the_card_puts_it_back_and_costs_a_penalty_card():
    game = stacked([SIX, SIX_B], deck=["7s", "9h"])
    discard_from_deck(game)
    events = game.apply(Match(1, grid_place(1, 0)), 1.5)
    assert ClaimMissed(1, grid_place(1, 0), game.grids[1][0], "wrong", -1) in events
    assert CardRevealed(grid_place(1, 0), game.grids[1][0]) in events
    assert any(isinstance(e, PenaltyGiven) and e.seat == 1 and e.cards == 1 for e in events)
    assert len(faces(game, 1)) == 7 and faces(game, 1)[6] == "7s"
    assert game.observe(1).grids[1][6] is FACE_DOWN             # the penalty card is face down
    assert Match(1, grid_place(1, 1)) not in game.legal_actions(1)   # no more claims on this top
    unchanged(game, Match(1, grid_place(1, 1)), WindowClosed)


def test_a_wrong_snipe_costs_the_sniper_a_penalty_card():
    game = stacked([SIX, SIX_B], deck=["7s", "9h"])
    discard_from_deck(game)
    events = game.apply(Match(1, grid_place(0, 0)), 1.5)
    assert faces(game, 0) == SIX and len(faces(game, 1)) == 7
    assert any(isinstance(e, PenaltyGiven) and e.seat == 1 for e in events)


def test_you_may_discard_several_cards_one_after_another():
    game = stacked([SIX, ["9c", "9d", "4c", "5c", "6c", "Ac"]], deck=["9h"])
    discard_from_deck(game)
    game.apply(Match(1, grid_place(1, 0)), 1.5)
    game.apply(Match(1, grid_place(1, 1)), 1.6)
    assert faces(game, 1)[:2] == [None, None] and len(game.discard) == 4


def test_whoever_is_left_with_no_cards_draws_one():
    game = stacked([SIX, ["9c", None, None, None, None, None]], deck=["2s", "9h"])
    discard_from_deck(game)
    events = game.apply(Match(1, grid_place(1, 0)), 1.5)
    assert Refilled(1) in events and faces(game, 1)[0] == "2s"
    assert game.observe(1).grids[1][0] is FACE_DOWN


def test_a_sniper_who_gives_away_their_last_card_draws_one():
    game = stacked([["9c", "3h", "4h", "5h", "6h", "Ah"], ["Kd", None, None, None, None, None]], deck=["2s", "9h"])
    discard_from_deck(game)
    game.apply(Match(1, grid_place(0, 0)), 1.5)
    events = game.apply(Give(1, 0), 1.6)
    assert Refilled(1) in events and faces(game, 0)[0] == "Kd" and faces(game, 1)[0] == "2s"


# -- the races ------------------------------------------------------------------------------------------
def test_the_race_for_the_card_the_first_touch_wins_and_the_slower_pays_nothing():
    game = stacked([["9c", "3h", "4h", "5h", "6h", "Ah"], SIX_B, ["7d"] * 6], deck=["9h"])
    discard_from_deck(game)
    game.apply(Match(1, grid_place(0, 0)), 1.5)                 # seat 1 snipes the 9 first
    before = pickle.dumps(game.__dict__)
    with pytest.raises(LostCardRace) as lost:
        game.apply(Match(2, grid_place(0, 0)), 1.51)            # seat 2 was a moment too slow
    assert pickle.dumps(game.__dict__) == before                # no penalty, nothing changes
    assert lost.value.events == (RaceLost(2, grid_place(0, 0), 1),)
    game.apply(Give(1, 0), 1.6)
    # Own-card race: the slot stays empty, the second claim on it is beaten to the card.
    game2 = stacked([SIX, ["9c", "3c", "4c", "5c", "6c", "Ac"], ["7d"] * 6], deck=["9h"])
    discard_from_deck(game2)
    game2.apply(Match(1, grid_place(1, 0)), 1.5)
    with pytest.raises(LostCardRace):
        game2.apply(Match(2, grid_place(1, 0)), 1.52)


def test_the_race_for_the_pile_a_slower_card_that_fits_the_new_top_lands_too():
    game = stacked([SIX, ["9c", "3c", "4c", "5c", "6c", "Ac"], ["9d", "8d", "8d", "8d", "8d", "8d"]],
                   deck=["2s", "9h"])
    discard_from_deck(game)
    game.apply(Match(1, grid_place(1, 0)), 1.5)                 # seat 1's 9 lands first
    events = game.apply(Match(2, grid_place(2, 0)), 1.51)      # seat 2's 9 fits the new 9 as well
    assert Claimed(2, grid_place(2, 0), game.discard[-1], "discard", "rank") in events


def test_the_race_for_the_pile_a_card_that_only_fitted_the_covered_card_missed_the_pile():
    game = stacked([SIX, ["4c", "3c", "4c", "5c", "6c", "Ac"], ["10d", "8d", "8d", "8d", "8d", "8d"]],
                   deck=["2s", "4h"], discard=("6s",))
    discard_from_deck(game)                                     # top 4h on 6s: calculated 10
    game.apply(Match(1, grid_place(1, 0)), 1.5)                 # seat 1's 4c lands first: calculated 4 - 4 = 0
    events = game.apply(Match(2, grid_place(2, 0)), 1.51)      # seat 2's 10 fitted only the covered pile
    assert ClaimMissed(2, grid_place(2, 0), game.grids[2][0], "missed-pile", 1) in events
    assert any(isinstance(e, PenaltyGiven) and e.seat == 2 and e.cards == 1 for e in events)
    assert faces(game, 2)[0] == "10d" and len(faces(game, 2)) == 7


def test_a_follow_up_mistake_costs_its_own_penalty():
    game = stacked([SIX, ["7c", "3c", "4c", "5c", "6c", "Ac"], ["7d", "8d", "8d", "8d", "8d", "8d"]],
                   deck=["2s", "3s", "9h"], discard=("Qc",))
    discard_from_deck(game)
    first = game.apply(Match(1, grid_place(1, 0)), 1.5)         # a 7 on a 9: wrong
    assert ClaimMissed(1, grid_place(1, 0), game.grids[1][0], "wrong", -1) in first
    second = game.apply(Match(2, grid_place(2, 0)), 1.6)        # a 7 on the wrong 7: a follow-up mistake
    assert ClaimMissed(2, grid_place(2, 0), game.grids[2][0], "follow-up", 1) in second
    assert sum(isinstance(e, PenaltyGiven) and e.cards == 1 for e in first + second) == 2


def test_the_window_closes_when_everyone_has_passed_or_erred_or_on_time():
    game = stacked([SIX, SIX_B], deck=["9h"])
    discard_from_deck(game)
    unchanged(game, Expire(), IllegalAction, 2.0)
    game.apply(Pass(0), 1.5)
    game.apply(Pass(1), 1.6)
    assert game.phase == "turn" and game.turn == 1
    game = stacked([SIX, SIX_B], deck=["9h"])
    discard_from_deck(game)
    game.apply(Expire(), 4.0)
    assert game.phase == "turn" and game.turn == 1
    unchanged(game, Match(0, grid_place(0, 0)), WrongPhase)


# -- calling Kabu, scoring, the match -----------------------------------------------------------------
def test_kabu_gives_everyone_else_one_last_turn_and_the_caller_plays_on_out_of_turn():
    # Issue 33: the seed says only that the round ends after everyone else's last turn; the
    # caller's grid stays in play (looks, swaps, snipes) and the caller still claims.
    game = stacked([SIX, SIX_B, ["7d"] * 6], deck=["2s", "Jd", "3s"], reaction_seconds=0.0)
    events = game.apply(CallKabu(0), 1.0)
    assert KabuCalled(0) in events and game.turn == 1 and game.locked_seats() == ()
    assert game.observe(1).locked == ()
    game.apply(DrawFromDeck(1), 1.1)
    game.apply(Exchange(1, 0), 1.2)
    assert game.window.offered == (0, 1, 2)                     # the caller claims like anyone
    assert Match(1, grid_place(0, 0)) in game.legal_actions(1)  # and may be sniped
    for seat in (0, 1, 2):
        game.apply(Pass(seat), 1.3)
    assert game.turn == 2
    game.apply(DrawFromDeck(2), 1.4)
    game.apply(PlayDrawn(2), 1.5)                               # a red jack: the caller's grid too
    assert BlindSwap(2, grid_place(0, 0), grid_place(1, 0)) in game.legal_actions(2)
    game.apply(BlindSwap(2, grid_place(0, 0), grid_place(1, 0)), 1.6)
    for seat in (0, 1):
        game.apply(Pass(seat), 1.7)
    events = game.apply(Pass(2), 1.7)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.hands == (21 - 2 + 3, 21, 42) and game.phase == "round_over"   # the 2h and the 3s swapped


def test_with_the_house_rule_kabu_locks_the_caller():
    game = stacked([SIX, SIX_B, ["7d"] * 6], deck=["2s", "Jd", "3s"], reaction_seconds=0.0, lock_caller=True)
    events = game.apply(CallKabu(0), 1.0)
    assert KabuCalled(0) in events and game.turn == 1 and game.locked_seats() == (0,)
    game.apply(DrawFromDeck(1), 1.1)
    game.apply(Exchange(1, 0), 1.2)
    assert game.window.offered == (1, 2)                        # the caller no longer claims
    game.apply(Pass(1), 1.3)
    game.apply(Pass(2), 1.3)
    assert game.turn == 2
    game.apply(DrawFromDeck(2), 1.4)
    game.apply(PlayDrawn(2), 1.5)                               # a red jack: the caller's grid is out of reach
    assert all(0 not in (a.a.seat, a.b.seat) for a in game.legal_actions(2) if isinstance(a, BlindSwap))
    unchanged(game, BlindSwap(2, grid_place(0, 0), grid_place(1, 0)), InvalidTarget)
    game.apply(SkipAbility(2), 1.6)
    game.apply(Pass(1), 1.7)
    events = game.apply(Pass(2), 1.7)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.hands == (21, 21 - 2 + 3, 42) and scored.scores == scored.hands
    assert game.phase == "round_over"


def test_a_total_of_exactly_fifty_or_a_hundred_is_halved():
    game = stacked([SIX, SIX_B], deck=["2s"], reaction_seconds=0.0)
    game.score.totals = [29, 79]                                # + 21 = 50, + 21 = 100
    game.apply(CallKabu(0), 1.0)
    game.apply(DrawFromDeck(1), 1.1)
    game.apply(PlayDrawn(1), 1.2)
    game.apply(Pass(0), 1.3)                                    # the caller may claim too
    events = game.apply(Pass(1), 1.3)
    assert TotalHalved(0, 50, 25) in events and TotalHalved(1, 100, 50) in events
    assert game.score.totals == [25, 50] and not game.over
    assert game.observe(0).halved == ((1, 0, 50, 25), (1, 1, 100, 50))


def test_the_fifty_hundred_rule_can_be_switched_off():
    game = stacked([SIX, SIX_B], deck=["2s"], reaction_seconds=0.0, halving=False)
    game.score.totals = [29, 0]
    game.apply(CallKabu(0), 1.0)
    game.apply(DrawFromDeck(1), 1.1)
    game.apply(PlayDrawn(1), 1.2)
    game.apply(Pass(0), 1.3)
    game.apply(Pass(1), 1.3)
    assert game.score.totals == [50, 21]


def test_the_match_ends_when_a_total_goes_above_a_hundred_and_the_lowest_wins():
    game = stacked([SIX, ["Kc", "Kc", "4c", "5c", "6c", "Ac"]], deck=["2s"], reaction_seconds=0.0)
    game.score.totals = [60, 40]                                # 40 + 64 = 104 > 100
    game.apply(CallKabu(0), 1.0)
    game.apply(DrawFromDeck(1), 1.1)
    game.apply(PlayDrawn(1), 1.2)
    game.apply(Pass(0), 1.3)
    game.apply(Pass(1), 1.3)
    assert game.over and game.winners == (0,) and game.score.totals == [81, 104]


def test_exactly_a_hundred_is_halved_not_the_end():
    game = stacked([SIX, SIX_B], deck=["2s"], reaction_seconds=0.0)
    game.score.totals = [0, 79]
    game.apply(CallKabu(0), 1.0)
    game.apply(DrawFromDeck(1), 1.1)
    game.apply(PlayDrawn(1), 1.2)
    game.apply(Pass(0), 1.3)
    game.apply(Pass(1), 1.3)
    assert not game.over and game.score.totals == [21, 50]


# -- views and bad input ------------------------------------------------------------------------------
def test_the_view_shows_the_calculated_score_and_only_what_a_seat_may_see():
    game = stacked([SIX, SIX_B], deck=["3s"], discard=("5h",))
    discard_from_deck(game)
    view = game.observe(1)
    assert view.calculated == 2 and str(view.discard_top) == "3s" and str(view.discard_under) == "5h"
    assert all(card is FACE_DOWN for row in view.grids for card in row)


def test_bad_actions_raise_specific_errors_and_change_nothing():
    game = stacked([SIX, SIX_B], deck=["9c", "9h"])
    unchanged(game, Exchange(0, 0), WrongPhase)
    unchanged(game, Match(1, grid_place(0, 0)), WrongPhase)
    unchanged(game, Expire(), WrongPhase)
    unchanged(game, StartRound(), WrongPhase)
    unchanged(game, DrawFromDeck(1), NotYourTurn)
    game.apply(DrawFromDeck(0), 1.0)
    unchanged(game, Exchange(0, 9), InvalidTarget)
    unchanged(game, LookOwn(0, 0), WrongPhase)
    unchanged(game, PlayDrawn(0), IllegalAction, 0.5)           # time cannot go back
    game.apply(PlayDrawn(0), 1.1)
    unchanged(game, LookOwn(0, 0), WrongPhase)                  # a 9 looks at an opponent's card
    unchanged(game, LookOpponent(0, grid_place(1, 9)), InvalidTarget)
