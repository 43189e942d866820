"""The rules kit (game/core: piles, standard_deck, turns, match, windows) on its own, and through a
small game built from it."""

from __future__ import annotations

import random

import pytest

from game.core.actions import StartRound
from game.core.cards import DeckSpec, stacked_deck
from game.core.errors import IllegalAction, InvalidTarget, NotYourTurn, WrongPhase
from game.core.events import DeckReshuffled, MatchEnded, RoundScored, RoundStarted
from game.core.game import Game
from game.core.match import (LastOneStanding, LowestAfterRounds, LowestAtTarget, by_length_option,
                             halve_at)
from game.core.piles import Piles
from game.core.scoring import MatchScore
from game.core.standard_deck import (BLACK, RED, card_name, card_values, colour, is_joker,
                                     standard_deck)
from game.core.turns import TurnOrder
from game.core.view import WindowView
from game.core.windows import WindowSet

NUMBERS = tuple(DeckSpec(tuple((v, None, 1) for v in range(10))).build())   # "0" ... "9"


# -- piles -------------------------------------------------------------------------------------
def test_a_new_deal_is_the_same_shuffle_as_stacked_deck_and_empties_the_discard():
    piles = Piles()
    piles.discard = [NUMBERS[0]]
    piles.new_deal(NUMBERS, random.Random(5))
    assert piles.deck == stacked_deck(NUMBERS, None, random.Random(5)) and piles.discard == []
    piles.new_deal(NUMBERS, random.Random(5), ("7", "3"))
    assert piles.deck[-1].rank == 7 and piles.deck[-2].rank == 3


def test_a_bad_stack_changes_nothing():
    piles = Piles()
    piles.new_deal(NUMBERS, random.Random(1))
    before, rng = list(piles.deck), random.Random(2)
    state = rng.getstate()
    with pytest.raises(InvalidTarget):
        piles.new_deal(NUMBERS, rng, ("11",))
    assert piles.deck == before and rng.getstate() == state


def test_drawing_takes_the_top_and_an_empty_deck_reshuffles_the_discards_under_their_top():
    piles = Piles()
    piles.deck = [NUMBERS[1], NUMBERS[2]]
    piles.discard = [NUMBERS[3], NUMBERS[4], NUMBERS[5]]
    events: list = []
    assert piles.draw(random.Random(0), events) == NUMBERS[2] and events == []
    assert piles.draw(random.Random(0), events) == NUMBERS[1]
    assert piles.top == NUMBERS[5] and piles.can_draw()
    card = piles.draw(random.Random(0), events)
    assert events == [DeckReshuffled(2)]
    assert piles.discard == [NUMBERS[5]] and {card, *piles.deck} == {NUMBERS[3], NUMBERS[4]}
    piles.draw(random.Random(0), events)
    assert not piles.can_draw() and piles.draw(random.Random(0), events) is None
    assert piles.top == NUMBERS[5] and len(events) == 1


def test_the_reshuffle_uses_the_rng_it_is_given_like_a_plain_shuffle():
    piles = Piles()
    piles.discard = list(NUMBERS)
    piles.reshuffle(random.Random(9), [])
    expected = list(NUMBERS[:-1])
    random.Random(9).shuffle(expected)
    assert piles.deck == expected and piles.discard == [NUMBERS[-1]]


# -- the standard deck -----------------------------------------------------------------------------
def test_standard_decks_have_the_right_cards_and_names():
    one = standard_deck().build()
    assert len(one) == 52 and len({str(c) for c in one}) == 52
    assert {"As", "10h", "Qd", "Kc", "2s"} <= {str(c) for c in one}
    assert len(standard_deck(jokers=2).build()) == 54
    kabu = standard_deck(decks=2, jokers=4).build()
    assert len(kabu) == 108 and sum(is_joker(c) for c in kabu) == 4
    assert [c.id for c in kabu] == list(range(108))
    assert sum(str(c) == "Kh" for c in kabu) == 2 and str(kabu[-1]) == "joker"
    with pytest.raises(ValueError):
        standard_deck(decks=0)


def test_colours_names_and_stacking_by_face():
    cards = {str(c): c for c in standard_deck(jokers=1).build()}
    assert colour(cards["Kh"]) == RED and colour(cards["5d"]) == RED
    assert colour(cards["Ks"]) == BLACK and colour(cards["Ac"]) == BLACK and colour(cards["joker"]) is None
    assert card_name(cards["Qs"]) == "queen of spades" and card_name(cards["10d"]) == "10 of diamonds"
    deck = stacked_deck(standard_deck(jokers=1).build(), ("joker", "As"), random.Random(1))
    assert [str(c) for c in deck[-2:]] == ["As", "joker"]


def test_value_functions_kabu_and_kumbal():
    cards = {str(c): c for c in standard_deck(jokers=1).build()}
    kabu = card_values({("K", "red"): 0, ("K", "black"): 24}, joker=-1)
    assert [kabu(cards[f]) for f in ("Kh", "Kd", "Ks", "Kc", "joker")] == [0, 0, 24, 24, -1]
    assert kabu(cards["Qh"]) == 12 and kabu(cards["7c"]) == 7
    kumbal = card_values(joker=0)
    assert [kumbal(cards[f]) for f in ("As", "2h", "10d", "Jc", "Qs", "Kh", "joker")] == [1, 2, 10, 11, 12, 13, 0]
    by_rank = card_values({"A": 11, "joker": 50})
    assert by_rank(cards["Ah"]) == 11 and by_rank(cards["joker"]) == 50


# -- turn order ---------------------------------------------------------------------------------------
def test_next_skip_and_reverse():
    order = TurnOrder(4)
    assert [order.next(s) for s in range(4)] == [1, 2, 3, 0]
    assert order.next(3, 2) == 1                     # a skip
    assert order.reverse() == -1 and order.direction == -1
    assert order.next(0) == 3 and order.next(1, 2) == 3
    assert order.left_of(3) == 0                     # whatever the direction


def test_seats_that_are_out_are_passed_over():
    order = TurnOrder(5)
    assert order.next(1, out=(2,)) == 3              # Kombio: the caller takes no more turns
    assert order.next(1, 2, out=(2, 4)) == 0
    order.reverse()
    assert order.next(0, out=(4, 3)) == 2
    with pytest.raises(ValueError):
        order.next(0, out=range(5))


# -- how a match is won ---------------------------------------------------------------------------------
def scored(rule, *rounds):
    score = MatchScore(len(rounds[0]), adjust=rule.adjust)
    for r in rounds:
        score.add_round(r)
    return score


def test_lowest_after_a_number_of_rounds():
    rule = LowestAfterRounds(2)
    assert not rule.over(scored(rule, (5, 3, 9)))
    score = scored(rule, (5, 3, 9), (1, 4, 0))
    assert rule.over(score) and rule.winners(score) == (0,) and rule.out(score) == ()


def test_target_reached_or_exceeded():
    reached, exceeded = LowestAtTarget(50), LowestAtTarget(50, "exceeded")
    at = scored(reached, (50, 20, 20))
    assert reached.over(at) and not exceeded.over(at)
    past = scored(exceeded, (51, 20, 30))
    assert exceeded.over(past) and exceeded.winners(past) == (1,)
    tie = scored(reached, (60, 20, 20))
    assert reached.winners(tie) == (1, 2)
    with pytest.raises(ValueError):
        LowestAtTarget(50, "passed")


def test_a_halving_hook_rewrites_totals_of_exactly_50_or_100():
    rule = LowestAtTarget(120, "exceeded", adjust=halve_at(50, 100))
    score = scored(rule, (30, 50, 10))
    assert score.totals == [30, 25, 10]
    score.add_round((20, 0, 40))
    assert score.totals == [25, 25, 25]
    score.add_round((75, 30, 75))
    assert score.totals == [50, 55, 50] and not rule.over(score)
    score.add_round((71, 0, 0))
    assert rule.over(score) and rule.winners(score) == (2,)


def test_last_one_standing():
    rule = LastOneStanding(100)
    score = scored(rule, (40, 101, 20))
    assert rule.out(score) == (1,) and not rule.over(score)
    score.add_round((70, 0, 30))
    assert rule.out(score) == (0, 1) and rule.over(score) and rule.winners(score) == (2,)
    reached = LastOneStanding(100, "reached")
    assert reached.out(scored(reached, (100, 99))) == (0,)


def test_last_one_standing_when_the_last_go_out_together_the_lowest_of_them_wins():
    rule = LastOneStanding(100)
    score = scored(rule, (90, 95, 20), (30, 20, 150))
    assert rule.over(score) and rule.out(score) == (0, 1, 2) and rule.winners(score) == (1,)


def test_the_length_options_choose_the_rule():
    by_rounds = by_length_option({"length": "rounds", "rounds": 3, "target": 100})
    assert isinstance(by_rounds, LowestAfterRounds) and by_rounds.rounds == 3
    by_target = by_length_option({"length": "target", "rounds": 3, "target": 100}, ends="exceeded")
    assert isinstance(by_target, LowestAtTarget) and (by_target.target, by_target.ends) == (100, "exceeded")


# -- a game built from the kit ------------------------------------------------------------------------
class Elimination(Game):
    """A tiny variant: each round seat 0, 1, ... in turn is dealt one card and scores it; a total
    of exactly 10 is halved; over 20 you are out."""

    id = "kit-elimination"
    title = "Kit elimination"
    deck_cards = NUMBERS

    def make_match_rule(self):
        return LastOneStanding(20, adjust=halve_at(10))

    def _on_StartRound(self, action, t):
        first, events = self.begin_round(action)
        self.phase = "play"
        scores = tuple(self.piles.deck.pop().rank for _ in range(self.seats))
        self.score_round(scores, scores, (), events)
        return events


def test_a_game_built_from_the_kit_deals_rotates_the_deal_and_ends_by_its_match_rule():
    game = Elimination(3, seed=4)
    assert (game.phase, game.round, game.dealer) == ("ready", 0, 2)
    with pytest.raises(NotYourTurn):
        game.apply(StartRound(0))
    events = game.apply(StartRound(deck=("9", "5", "0")))
    assert events == [RoundStarted(1, 2, 0), RoundScored(1, (9, 5, 0), (9, 5, 0), (9, 5, 0), ())]
    assert game.phase == "round_over" and not game.over
    events = game.apply(StartRound(deck=("1", "5", "9")))
    assert events[0] == RoundStarted(2, 0, 1) and game.score.totals == [5, 5, 9]   # 10s halved
    game.apply(StartRound(deck=("8", "9", "7")))
    assert game.score.totals == [13, 14, 16] and not game.over
    events = game.apply(StartRound(deck=("9", "1", "6")))
    assert game.score.totals == [22, 15, 22]
    assert game.over and game.phase == "match_over" and game.winners == (1,)
    assert events[-1] == MatchEnded((22, 15, 22), (1,))


def test_the_round_start_refuses_before_anything_changes():
    game = Elimination(2, seed=1)
    with pytest.raises(InvalidTarget):
        game.apply(StartRound(deck=("12",)))
    assert game.round == 0 and game.piles.deck == []
    game.phase = "play"
    with pytest.raises(WrongPhase):
        game.apply(StartRound())


# -- windows side by side ---------------------------------------------------------------------------
def test_windows_open_side_by_side_and_expire_by_the_earliest_deadline():
    windows = WindowSet(("jump-in", "uno"))
    assert not windows and windows.next_deadline() is None
    with pytest.raises(IllegalAction):
        windows.check_expire(10.0)
    uno = windows.open("uno", (0, 1, 2), 1.0, 3.0, about=2)
    jump = windows.open("jump-in", (1, 2), 2.0, 3.0)
    assert windows and (uno.serial, jump.serial) == (1, 2)
    assert windows.get("jump-in") is jump and windows["uno"] == {2: uno}
    assert windows.next_deadline() == 4.0
    with pytest.raises(IllegalAction):
        windows.check_expire(3.9)
    windows.check_expire(4.0)
    assert windows.due(4.0) == [("uno", 2)] and windows.due(5.0) == [("jump-in", None), ("uno", 2)]
    # Views list the kinds in the set's order, whatever order they opened in.
    assert windows.views() == (WindowView("jump-in", (1, 2), 2.0, 5.0), WindowView("uno", (0, 1, 2), 1.0, 4.0, 2))


def test_who_windows_are_open_to_and_closing_them():
    windows = WindowSet(("jump-in", "uno"))
    jump = windows.open("jump-in", (1, 2), 0.0, 0.0)
    assert jump.deadline is None and windows.next_deadline() is None
    assert windows.open_to(1) and not windows.open_to(0)
    jump.mark_done(1)
    assert not windows.open_to(1)
    windows.open("uno", (0, 1), 0.0, 2.0, about=0)
    windows.open("uno", (0, 1), 0.5, 2.0, about=1)
    assert windows.open_to(1) and list(windows["uno"]) == [0, 1]
    assert windows.close("uno", 0) is not None and windows.close("uno", 0) is None
    assert [(k, a) for k, a, _ in windows] == [("jump-in", None), ("uno", 1)]
    windows.clear()
    assert not windows and windows.views() == ()


def test_the_example_in_docs_kit_md_runs():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "kit.md").read_text()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(compile(code, "docs/kit.md", "exec"), namespace)
    game = namespace["Sketch"](3, seed=2)
    events = game.apply(StartRound())
    assert events[0] == RoundStarted(1, 2, 0) and game.turn == 0 and len(game.piles.deck) == 108 - 12
    game._next_turn()
    assert game.turn == 1
    end: list = []
    game._end_round(end)
    assert isinstance(end[0], RoundScored) and game.phase in ("round_over", "match_over")
